/* dmk-spread.h: how far a test's passes scatter (min / median / max, relative standard
 * deviation), computed here once for every view and file, and what a change within it means. */
#pragma once

#include <glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* A test whose passes scatter this much (RSD, percent) gets a warning. */
#define DMK_SPREAD_WARN_RSD 5.0
/* "Until stable" adds passes while the RSD is this much or more (the Phoronix Test Suite's). */
#define DMK_SPREAD_STABLE_RSD 2.5
/* ... up to this many times the passes asked. */
#define DMK_SPREAD_MAX_FACTOR 3u

typedef struct
{
  guint n;              /* passes */
  double min, median, max; /* MB/s */
  double rsd_percent;   /* sample standard deviation over the mean, ×100; 0 for one pass */
} DmkSpread;

/* The spread of the test's passes in MB/s; FALSE (out zeroed) when it has none (another tool's
 * result, a file from before passes were kept). */
gboolean dmk_test_result_spread (const DmkTestResult *test, DmkSpread *out);
/* "min 480.12 / median 495.20 / max 500.30 MB/s, RSD 1.2% (5 passes)": C locale, English, for
 * the text report. */
char *dmk_spread_to_report_text (const DmkSpread *spread);
/* Whether warning carries spread's numbers (its scatter, lowest and highest pass, with one
 * decimal, a point or a comma): a scatter warning as any language wrote it. */
gboolean dmk_spread_warning_carries (const char *warning, const DmkSpread *spread);
/* Whether passes should be added to test under "until stable": its RSD is 2.5% or more and
 * fewer than 3× passes_asked ran. */
gboolean dmk_spread_wants_more (const DmkTestResult *test, guint passes_asked);
/* After the passes of "until stable": why they stopped, recorded in test. */
void dmk_spread_settle (DmkTestResult *test, guint passes_asked);
/* "until stable: 4 passes added, RSD below 2.5%": English for the report; NULL when the test
 * ran without it. */
char *dmk_stability_to_report_text (const DmkTestResult *test);
/* The same, translated, for the window. */
char *dmk_stability_describe (const DmkTestResult *test);

/* Makes the median pass the test's score (DMK_SCORE_MEDIAN; the lower of the two middle ones
 * for an even count, a pass that ran rather than an average), with its latency from latencies
 * (one per pass; NULL keeps the latency). DMK_SCORE_BEST leaves the best pass, as
 * dmk_test_result_add_pass_series () keeps it. */
void dmk_test_result_apply_score (DmkTestResult *test, DmkScore score,
                                  const DmkLatency *latencies);
/* "best of 5 passes after a 5 s warm-up", "median of 5 passes (up to 15 until stable), no
 * warm-up": the score's rule under settings, in English (translated FALSE, for the report and
 * the comparison's text) or translated for the window. */
char *dmk_score_rule_text (const DmkSettings *settings, gboolean translated);

/* Whether a change of change_percent between tests a and b is smaller than the two results'
 * spread: its size is below the sum of their RSDs. FALSE when either has fewer than two passes
 * (nothing tells its noise then). */
gboolean dmk_spread_within_noise (const DmkTestResult *a, const DmkTestResult *b,
                                  double change_percent);

G_END_DECLS
