/* dmk-spread.c: the one computation of a test's spread over its passes, and the noise rule the
 * comparison uses. */
#include "config.h"

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
dmk_spread_within_noise (const DmkTestResult *a, const DmkTestResult *b, double change_percent)
{
  DmkSpread sa, sb;

  if (!dmk_test_result_spread (a, &sa) || !dmk_test_result_spread (b, &sb) || sa.n < 2 ||
      sb.n < 2 || !isfinite (change_percent))
    return FALSE;
  return fabs (change_percent) < sa.rsd_percent + sb.rsd_percent;
}
