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
/* Whether a change of change_percent between tests a and b is smaller than the two results'
 * spread: its size is below the sum of their RSDs. FALSE when either has fewer than two passes
 * (nothing tells its noise then). */
gboolean dmk_spread_within_noise (const DmkTestResult *a, const DmkTestResult *b,
                                  double change_percent);

G_END_DECLS
