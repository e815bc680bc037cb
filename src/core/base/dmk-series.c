/* dmk-series.c: the per-interval record of a pass, and what is read off it. */
#include "config.h"

#include "dmk-series.h"

gint64
dmk_series_interval_ns (guint measure_s)
{
  gint64 ns = (gint64) measure_s * G_GINT64_CONSTANT (10000000); /* a hundredth */

  return MAX (ns, 100 * G_GINT64_CONSTANT (1000000));
}

double
dmk_sample_seconds (const GArray *series, guint index)
{
  const DmkSample *s = &g_array_index (series, DmkSample, index);
  double start = index > 0 ? g_array_index (series, DmkSample, index - 1).end_s : 0.0;

  return s->end_s - start;
}

double
dmk_sample_mb_per_s (const GArray *series, guint index)
{
  double secs = dmk_sample_seconds (series, index);

  return secs > 0 ? (double) g_array_index (series, DmkSample, index).bytes / secs / 1e6 : 0.0;
}

double
dmk_sample_iops (const GArray *series, guint index)
{
  double secs = dmk_sample_seconds (series, index);

  return secs > 0 ? (double) g_array_index (series, DmkSample, index).ios / secs : 0.0;
}

gboolean
dmk_series_summarize (GPtrArray *passes, DmkSeriesSummary *out)
{
  double bytes = 0, seconds = 0;

  *out = (DmkSeriesSummary){ .min = G_MAXDOUBLE };
  for (guint p = 0; passes != NULL && p < passes->len; p++)
    {
      const GArray *series = g_ptr_array_index (passes, p);

      for (guint i = 0; series != NULL && i < series->len; i++)
        {
          double rate = dmk_sample_mb_per_s (series, i);

          out->min = MIN (out->min, rate);
          out->max = MAX (out->max, rate);
          out->last = rate;
          out->n++;
          bytes += (double) g_array_index (series, DmkSample, i).bytes;
          seconds += dmk_sample_seconds (series, i);
        }
    }
  if (out->n == 0)
    {
      out->min = 0;
      return FALSE;
    }
  out->mean = seconds > 0 ? bytes / seconds / 1e6 : 0.0;
  return TRUE;
}

GArray *
dmk_series_copy (const GArray *series)
{
  GArray *copy;

  if (series == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, FALSE, sizeof (DmkSample), series->len);
  g_array_append_vals (copy, series->data, series->len);
  return copy;
}
