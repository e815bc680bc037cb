/* dmk-spread.c: the one computation of a test's spread over its passes, and the noise rule the
 * comparison uses. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "dmk-spread.h"

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

gboolean
dmk_test_result_spread (const DmkTestResult *test, DmkSpread *out)
{
  g_autofree double *v = NULL;
  double sum = 0, sq = 0, mean;
  guint n;

  g_return_val_if_fail (test != NULL && out != NULL, FALSE);
  *out = (DmkSpread) { 0 };
  n = test->passes != NULL ? test->passes->len : 0;
  if (n == 0)
    return FALSE;
  v = g_new (double, n);
  for (guint i = 0; i < n; i++)
    {
      v[i] = g_array_index (test->passes, DmkPass, i).mb_per_s;
      sum += v[i];
    }
  qsort (v, n, sizeof *v, compare_doubles);
  mean = sum / n;
  for (guint i = 0; i < n; i++)
    sq += (v[i] - mean) * (v[i] - mean);
  out->n = n;
  out->min = v[0];
  out->max = v[n - 1];
  out->median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
  /* The sample deviation (n − 1), as the Phoronix Test Suite reports it. */
  out->rsd_percent = n > 1 && mean > 0 ? sqrt (sq / (n - 1)) / mean * 100.0 : 0.0;
  return TRUE;
}

static void
append_number (GString *s, double v, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[8];

  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  g_string_append (s, g_ascii_formatd (buf, sizeof buf, fmt, isfinite (v) ? v : 0.0));
}

char *
dmk_spread_to_report_text (const DmkSpread *spread)
{
  GString *s = g_string_new ("min ");

  append_number (s, spread->min, 2);
  g_string_append (s, " / median ");
  append_number (s, spread->median, 2);
  g_string_append (s, " / max ");
  append_number (s, spread->max, 2);
  g_string_append (s, " MB/s, RSD ");
  append_number (s, spread->rsd_percent, 1);
  g_string_append_printf (s, "%% (%u pass%s)", spread->n, spread->n == 1 ? "" : "es");
  return g_string_free (s, FALSE);
}

gboolean
dmk_spread_wants_more (const DmkTestResult *test, guint passes_asked)
{
  DmkSpread s;

  dmk_test_result_spread (test, &s);
  if (s.n < passes_asked)
    return TRUE;
  return s.n < passes_asked * DMK_SPREAD_MAX_FACTOR && s.rsd_percent >= DMK_SPREAD_STABLE_RSD;
}

void
dmk_spread_settle (DmkTestResult *test, guint passes_asked)
{
  DmkSpread s;

  dmk_test_result_spread (test, &s);
  test->passes_asked = passes_asked;
  /* One pass has an RSD of 0 but says nothing of stability: it counts as stable only as the
   * passes asked, which is all "until stable" can do with one. */
  test->stability = s.rsd_percent < DMK_SPREAD_STABLE_RSD ? DMK_STABILITY_STABLE
                                                          : DMK_STABILITY_LIMIT;
}

char *
dmk_stability_to_report_text (const DmkTestResult *test)
{
  guint run = test->passes != NULL ? test->passes->len : 0;
  guint added = run > test->passes_asked ? run - test->passes_asked : 0;

  if (test->stability == DMK_STABILITY_OFF)
    return NULL;
  if (test->stability == DMK_STABILITY_STABLE)
    return g_strdup_printf ("until stable: %u pass%s added, RSD below 2.5%%", added,
                            added == 1 ? "" : "es");
  return g_strdup_printf ("until stable: %u pass%s added, RSD still 2.5%% or more at the limit "
                          "of %u",
                          added, added == 1 ? "" : "es",
                          test->passes_asked * DMK_SPREAD_MAX_FACTOR);
}

char *
dmk_stability_describe (const DmkTestResult *test)
{
  guint run = test->passes != NULL ? test->passes->len : 0;
  guint added = run > test->passes_asked ? run - test->passes_asked : 0;

  if (test->stability == DMK_STABILITY_OFF)
    return NULL;
  if (test->stability == DMK_STABILITY_STABLE)
    /* TRANSLATORS: "Until stable: 5 passes asked, 3 added; the spread fell below 2.5%" */
    return g_strdup_printf (_("Until stable: %u passes asked, %u added; the spread "
                              "fell below 2.5%%"),
                            test->passes_asked, added);
  /* TRANSLATORS: "Until stable: 5 passes asked, 10 added; the spread stayed at 2.5% or more" */
  return g_strdup_printf (_("Until stable: %u passes asked, %u added; the spread "
                            "stayed at 2.5%% or more"),
                          test->passes_asked, added);
}

gboolean
dmk_spread_within_noise (const DmkTestResult *a, const DmkTestResult *b, double change_percent)
{
  DmkSpread sa, sb;

  if (!dmk_test_result_spread (a, &sa) || !dmk_test_result_spread (b, &sb) || sa.n < 2 ||
      sb.n < 2 || !isfinite (change_percent))
    return FALSE;
  return fabs (change_percent) < sa.rsd_percent + sb.rsd_percent;
}

static int
compare_pass_index (const void *a, const void *b, void *passes)
{
  double x = g_array_index ((GArray *) passes, DmkPass, *(const guint *) a).mb_per_s;
  double y = g_array_index ((GArray *) passes, DmkPass, *(const guint *) b).mb_per_s;

  return (x > y) - (x < y);
}

void
dmk_test_result_apply_score (DmkTestResult *test, DmkScore score, const DmkLatency *latencies)
{
  g_autofree guint *order = NULL;
  const DmkPass *p;
  guint n, pick;

  g_return_if_fail (test != NULL);
  n = test->passes != NULL ? test->passes->len : 0;
  if (score != DMK_SCORE_MEDIAN || n == 0)
    return;
  order = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint) n, sizeof *order, compare_pass_index, test->passes);
  pick = order[(n - 1) / 2];
  p = &g_array_index (test->passes, DmkPass, pick);
  test->mb_per_s = p->mb_per_s;
  test->iops = p->iops;
  if (latencies != NULL)
    test->latency_us = latencies[pick];
}

static char *
passes_phrase (const DmkSettings *s, gboolean translated)
{
  guint n = s->passes, most = s->passes * DMK_SPREAD_MAX_FACTOR;

  if (s->reread)
    return translated
             /* TRANSLATORS: inside the score's rule: "best of 2 passes over the same data
              * (re-read), no warm-up": iozone's read and re-read */
             ? g_strdup (_("2 passes over the same data (re-read)"))
             : g_strdup ("2 passes over the same data (re-read)");
  if (s->until_stable)
    return translated
             /* TRANSLATORS: inside the score's rule: "best of 5 to 15 passes (until stable)" */
             ? g_strdup_printf (_("%u to %u passes (until stable)"), n, most)
             : g_strdup_printf ("%u to %u passes (until stable)", n, most);
  if (translated)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pass", "%u passes", n), n);
  return g_strdup_printf (n == 1 ? "%u pass" : "%u passes", n);
}

char *
dmk_score_rule_text (const DmkSettings *s, gboolean translated)
{
  g_autofree char *p = NULL;
  guint w;
  gboolean median;

  g_return_val_if_fail (s != NULL, NULL);
  p = passes_phrase (s, translated);
  /* A re-read has no warm-up: its first pass is iozone's first read. */
  w = s->reread ? 0 : dmk_settings_warmup_s (s);
  median = s->score == DMK_SCORE_MEDIAN;
  if (!translated)
    {
      if (w > 0)
        return g_strdup_printf (median ? "median of %s after a %u s warm-up"
                                       : "best of %s after a %u s warm-up",
                                p, w);
      return g_strdup_printf (median ? "median of %s, no warm-up" : "best of %s, no warm-up", p);
    }
  /* TRANSLATORS: how a test's score is taken: "best of 5 passes after a 5 s warm-up" */
  if (w > 0)
    return median ? g_strdup_printf (_("median of %s after a %u s warm-up"), p, w)
                  : g_strdup_printf (_("best of %s after a %u s warm-up"), p, w);
  /* TRANSLATORS: how a test's score is taken: "best of 5 passes, no warm-up" */
  return median ? g_strdup_printf (_("median of %s, no warm-up"), p)
                : g_strdup_printf (_("best of %s, no warm-up"), p);
}

/* Whether text holds value as any language writes it with one decimal ("13.1" or "13,1"). */
static gboolean
has_number (const char *text, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char *point;

  g_ascii_formatd (buf, sizeof buf, "%.1f", value);
  if (strstr (text, buf) != NULL)
    return TRUE;
  point = strchr (buf, '.');
  if (point != NULL)
    *point = ',';
  return strstr (text, buf) != NULL;
}

gboolean
dmk_spread_warning_carries (const char *warning, const DmkSpread *spread)
{
  g_return_val_if_fail (warning != NULL && spread != NULL, FALSE);
  return has_number (warning, spread->rsd_percent) && has_number (warning, spread->min) &&
         has_number (warning, spread->max);
}
