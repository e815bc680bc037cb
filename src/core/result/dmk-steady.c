/* dmk-steady.c: SNIA PTS steady state over a sustained write's rounds, from its series (so that
 * files from before it was computed have it too). */
#include "config.h"

#include <math.h>

#include "dmk-series.h"
#include "dmk-steady.h"
#include "dmk-units.h"


guint64
dmk_steady_round_bytes (guint64 span_bytes)
{
  return MAX (span_bytes / 32, (guint64) 64 << 20);
}

/* Bytes written in DMK_STEADY_ROUND_MIN_S at the rate of the write's last five such spans (of
 * all of it when it is shorter): the rounds the verdict looks at then last about that long.
 * The kernel's block throttle lets a capped device's bytes through a slice at a time (100 ms
 * each), and a round, cut on the series' intervals, catches a slice more or less than its share
 * depending on where its edges fall (bench/README.md shows it): at 2 s a slice is 5 % of a
 * round, and the worst that the edges of a window of five can then do to its best-fit line is
 * 8 %, within the rule's 10 %. The whole write's mean would not do: a cache's fast start would
 * make the rounds after it far longer, and a drop in speed would then hide inside one. */
static guint64
time_round_bytes (const GArray *series)
{
  const double want = DMK_STEADY_ROUNDS * DMK_STEADY_ROUND_MIN_S;
  double end, from = 0;
  guint64 bytes = 0;

  if (series->len == 0)
    return 0;
  end = g_array_index (series, DmkSample, series->len - 1).end_s;
  for (guint i = series->len; i > 0; i--)
    {
      bytes += g_array_index (series, DmkSample, i - 1).bytes;
      from = i > 1 ? g_array_index (series, DmkSample, i - 2).end_s : 0;
      if (end - from >= want)
        break;
    }
  return end > from ? (guint64) ceil ((double) bytes / (end - from) * DMK_STEADY_ROUND_MIN_S) : 0;
}

/* Each round's MB/s: the bytes of the intervals that make it up over their time; ends gets the
 * bytes written when each round ended (a round ends on the interval that fills it). */
static GArray *
round_rates (const GArray *series, guint64 round_bytes, guint64 *written, GArray *ends)
{
  GArray *rates = g_array_new (FALSE, FALSE, sizeof (double));
  guint64 bytes = 0;
  double seconds = 0;

  *written = 0;
  for (guint i = 0; i < series->len; i++)
    {
      bytes += g_array_index (series, DmkSample, i).bytes;
      *written += g_array_index (series, DmkSample, i).bytes;
      seconds += dmk_sample_seconds (series, i);
      if (bytes < round_bytes)
        continue;
      if (seconds > 0)
        {
          double r = (double) bytes / seconds / 1e6;
          g_array_append_val (rates, r);
          g_array_append_val (ends, *written);
        }
      bytes = 0;
      seconds = 0;
    }
  return rates;
}

/* The rule over rates[first .. first + 4]; the window's mean in *mean. */
static gboolean
window_holds (const double *rates, double *mean)
{
  double sum = 0, min = rates[0], max = rates[0], sxy = 0, sxx = 0, xbar, slope;

  for (guint k = 0; k < DMK_STEADY_ROUNDS; k++)
    {
      sum += rates[k];
      min = MIN (min, rates[k]);
      max = MAX (max, rates[k]);
    }
  *mean = sum / DMK_STEADY_ROUNDS;
  xbar = (DMK_STEADY_ROUNDS - 1) / 2.0;
  for (guint k = 0; k < DMK_STEADY_ROUNDS; k++)
    {
      sxy += (k - xbar) * (rates[k] - *mean);
      sxx += (k - xbar) * (k - xbar);
    }
  slope = sxy / sxx;
  return *mean > 0 && max - min <= DMK_STEADY_RANGE * *mean &&
         fabs (slope) * (DMK_STEADY_ROUNDS - 1) <= DMK_STEADY_SLOPE * *mean;
}

gboolean
dmk_steady_detect (const GArray *series, guint64 round_bytes, DmkSteady *out)
{
  g_autoptr (GArray) rates = NULL;
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (guint64));
  const double *r;
  double mean = 0;
  guint first;

  g_return_val_if_fail (series != NULL && out != NULL && round_bytes > 0, FALSE);
  *out = (DmkSteady) { .round_bytes = MAX (round_bytes, time_round_bytes (series)) };
  rates = round_rates (series, out->round_bytes, &out->written, ends);
  out->n_rounds = rates->len;
  if (rates->len < DMK_STEADY_ROUNDS)
    return FALSE;
  r = (const double *) rates->data;
  first = rates->len - DMK_STEADY_ROUNDS;
  out->steady = window_holds (r + first, &out->mb_per_s);
  if (!out->steady)
    return TRUE;
  /* Back from the last window while each earlier one holds too: where the steady stretch began. */
  while (first > 0 && window_holds (r + first - 1, &mean))
    first--;
  out->steady_bytes = first > 0 ? g_array_index (ends, guint64, first - 1) : 0;
  out->window_bytes = g_array_index (ends, guint64, first + DMK_STEADY_ROUNDS - 1);
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

/* "steady after" is where the steady stretch begins; SNIA's own procedure, which stops at the
 * first window that holds, run from there would stop at the end of that window, later: both
 * are said, so that neither is taken for the other. */
char *
dmk_steady_to_report_text (const DmkSteady *st)
{
  GString *s = g_string_new (st->steady ? "steady after " : "not steady after ");

  append_number (s, (double) (st->steady ? st->steady_bytes : st->written) / DMK_GIB_D, 2);
  g_string_append (s, " GiB");
  if (st->steady)
    {
      g_string_append (s, " at ");
      append_number (s, st->mb_per_s, 1);
      g_string_append (s, " MB/s, where the steady stretch begins; its first window of 5 rounds "
                          "ends at ");
      append_number (s, (double) st->window_bytes / DMK_GIB_D, 2);
      g_string_append (s, " GiB");
    }
  return g_string_free (s, FALSE);
}
