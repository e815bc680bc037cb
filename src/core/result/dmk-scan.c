/* dmk-scan.c: the scans' data in memory, the kinds of result, and what is read from them: the
 * cache cliff of a sustained write, a surface's min/mean/max. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "dmk-error.h"
#include "dmk-scan.h"
#include "dmk-series.h"

DmkSustained *
dmk_sustained_new (void)
{
  DmkSustained *s = g_new0 (DmkSustained, 1);

  s->series = g_array_new (FALSE, TRUE, sizeof (DmkSample));
  return s;
}

void
dmk_sustained_free (DmkSustained *s)
{
  if (s == NULL)
    return;
  g_array_unref (s->series);
  g_free (s);
}

DmkSurface *
dmk_surface_new (void)
{
  DmkSurface *s = g_new0 (DmkSurface, 1);

  s->points = g_array_new (FALSE, TRUE, sizeof (DmkSurfacePoint));
  s->access = g_array_new (FALSE, TRUE, sizeof (DmkAccessPoint));
  return s;
}

DmkSustained *
dmk_sustained_copy (const DmkSustained *s)
{
  DmkSustained *copy;

  if (s == NULL)
    return NULL;
  copy = g_memdup2 (s, sizeof *s);
  copy->series = g_array_copy (s->series);
  return copy;
}

DmkSurface *
dmk_surface_copy (const DmkSurface *s)
{
  DmkSurface *copy;

  if (s == NULL)
    return NULL;
  copy = g_memdup2 (s, sizeof *s);
  copy->points = g_array_copy (s->points);
  copy->access = g_array_copy (s->access);
  return copy;
}

void
dmk_surface_free (DmkSurface *s)
{
  if (s == NULL)
    return;
  g_array_unref (s->points);
  g_array_unref (s->access);
  g_free (s);
}

static const char *const kind_ids[] = { "grid", "sustained", "sweep", "surface" };

const char *
dmk_result_kind_to_string (DmkResultKind kind)
{
  return (guint) kind < G_N_ELEMENTS (kind_ids) ? kind_ids[kind] : "grid";
}

gboolean
dmk_result_kind_from_string (const char *s, DmkResultKind *out)
{
  for (guint i = 0; s != NULL && i < G_N_ELEMENTS (kind_ids); i++)
    if (g_strcmp0 (s, kind_ids[i]) == 0)
      {
        *out = (DmkResultKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dmk_result_kind_label (DmkResultKind kind)
{
  switch (kind)
    {
    case DMK_KIND_SUSTAINED:
      return _("Sustained Write");
    case DMK_KIND_SWEEP:
      return _("Block-Size Sweep");
    case DMK_KIND_SURFACE:
      return _("Rate over Position");
    case DMK_KIND_GRID:
    default:
      return _("Benchmark");
    }
}

/* ---- the cache cliff ---- */

#define CLIFF_FALL 0.7   /* below this share of the high level, the speed has fallen */
#define CLIFF_WINDOW 5   /* the running median's width, in intervals */

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The running median of the intervals' rates: one slow or fast interval is noise, five are a
 * level. */
static double *
smoothed_rates (const GArray *series)
{
  guint n = series->len;
  double *rate = g_new (double, n), *smooth = g_new (double, n);

  for (guint i = 0; i < n; i++)
    rate[i] = dmk_sample_mb_per_s (series, i);
  for (guint i = 0; i < n; i++)
    {
      double w[CLIFF_WINDOW];
      /* Centred on i, shifted inwards at both ends so it always holds five. */
      guint lo = i >= CLIFF_WINDOW / 2 ? i - CLIFF_WINDOW / 2 : 0;
      guint hi = MIN (n, lo + CLIFF_WINDOW), k = 0;

      lo = hi >= CLIFF_WINDOW ? hi - CLIFF_WINDOW : 0;
      for (guint j = lo; j < hi; j++)
        w[k++] = rate[j];
      qsort (w, k, sizeof (double), compare_double);
      smooth[i] = w[k / 2];
    }
  g_free (rate);
  return smooth;
}

/* Bytes and seconds of intervals [from, to). */
static double
span_rate (const GArray *series, guint from, guint to, guint64 *bytes_out)
{
  guint64 bytes = 0;
  double start = from > 0 ? g_array_index (series, DmkSample, from - 1).end_s : 0.0;
  double end = to > 0 ? g_array_index (series, DmkSample, to - 1).end_s : 0.0;

  for (guint i = from; i < to; i++)
    bytes += g_array_index (series, DmkSample, i).bytes;
  if (bytes_out != NULL)
    *bytes_out = bytes;
  return end > start ? (double) bytes / (end - start) / 1e6 : 0.0;
}

/* The first i >= from where `below` holds for `hold` intervals in a row, or n. */
static guint
first_run (const double *smooth, guint from, guint n, double threshold, gboolean below,
           guint hold)
{
  guint run = 0;

  for (guint i = from; i < n; i++)
    {
      gboolean in = below ? smooth[i] < threshold : smooth[i] >= threshold;

      run = in ? run + 1 : 0;
      if (run >= hold)
        return i + 1 - hold;
    }
  return n;
}

gboolean
dmk_cliff_low (const GArray *series, double *low_share, guint64 *ramp_bytes)
{
  g_autofree double *smooth = NULL;
  double high = 0, low;
  guint n, up;

  if (series == NULL || series->len < 2 * CLIFF_WINDOW)
    return FALSE;
  n = series->len;
  smooth = smoothed_rates (series);
  for (guint i = 0; i < n; i++)
    high = MAX (high, smooth[i]);
  if (high <= 0)
    return FALSE;
  up = first_run (smooth, 0, n, high * CLIFF_FALL, FALSE, 1);
  if (up >= n)
    return FALSE;
  low = high;
  for (guint i = up; i < n; i++)
    low = MIN (low, smooth[i]);
  *low_share = low / high;
  span_rate (series, 0, up, ramp_bytes);
  return TRUE;
}

static char *
cliff_low_text (const GArray *series, gboolean translated)
{
  double share = 0;
  guint64 ramp = 0;
  int percent;

  if (!dmk_cliff_low (series, &share, &ramp))
    return NULL;
  /* Down, never up: "above 82 %" must hold for 82.9 %. */
  percent = (int) floor (share * 100 + 1e-9);
  if (ramp == 0)
    return translated
             /* TRANSLATORS: a sustained write without a cache cliff */
             ? g_strdup_printf (_("the speed stayed above %d %% of its peak"), percent)
             : g_strdup_printf ("the speed stayed above %d%% of its peak", percent);
  return translated
           /* TRANSLATORS: "after a slow first 0.12 GiB, the speed stayed above 82 % of its
            * peak" */
           ? g_strdup_printf (_("after a slow first %.2f GiB, the speed stayed above %d %% of "
                                "its peak"),
                              (double) ramp / (1u << 30), percent)
           : g_strdup_printf ("after a slow first %.2f GiB, the speed stayed above %d%% of its "
                              "peak",
                              (double) ramp / (1u << 30), percent);
}

char *
dmk_cliff_low_text (const GArray *series)
{
  return cliff_low_text (series, TRUE);
}

char *
dmk_cliff_low_text_c (const GArray *series)
{
  return cliff_low_text (series, FALSE);
}

DmkCliff
dmk_cliff_detect (const GArray *series)
{
  DmkCliff c = { 0 };
  g_autofree double *smooth = NULL;
  guint n, hold, drop, rise;
  double high, threshold;
  guint64 before_bytes;

  if (series == NULL || series->len < 2 * CLIFF_WINDOW)
    return c;
  n = series->len;
  smooth = smoothed_rates (series);
  /* The high level: the fastest smoothed rate. The median already drops short spikes, and a
   * percentile would miss a cache that fills in the first tenth of the run. */
  high = 0;
  for (guint i = 0; i < n; i++)
    high = MAX (high, smooth[i]);
  threshold = high * CLIFF_FALL;
  hold = MAX (3u, n / 50);

  /* The drop: the first time the speed stays down, after it was up at least once. */
  {
    guint up = first_run (smooth, 0, n, threshold, FALSE, 1);
    if (up >= n)
      return c;
    drop = first_run (smooth, up, n, threshold, TRUE, hold);
  }
  if (drop >= n || drop == 0)
    return c;
  /* The running median lags by up to half its width: step back to the interval that fell
   * first, but no further, so that one slow interval before the drop is not taken for it. */
  for (guint back = 0; back < CLIFF_WINDOW / 2 && drop > 0 &&
                       dmk_sample_mb_per_s (series, drop - 1) < threshold;
       back++)
    drop--;
  if (drop == 0)
    return c;
  rise = first_run (smooth, drop + hold, n, threshold, FALSE, hold);
  for (guint back = 0; back < CLIFF_WINDOW / 2 && rise < n && rise > drop + 1 &&
                       dmk_sample_mb_per_s (series, rise - 1) >= threshold;
       back++)
    rise--;

  c.before_mb_per_s = span_rate (series, 0, drop, &before_bytes);
  /* The speed after is read past the drop's own half window, where a drop found an interval
   * early would still count fast bytes. */
  c.after_mb_per_s = span_rate (series, MIN (drop + CLIFF_WINDOW / 2, rise - 1), rise, NULL);
  if (c.after_mb_per_s >= c.before_mb_per_s * CLIFF_FALL)
    return (DmkCliff){ 0 };
  /* Down, up and down again is a speed that goes to and fro, not a cache that filled: no cliff
   * and recovery story for it (the steady-state verdict says it is not steady). */
  if (rise < n && first_run (smooth, rise + hold, n, threshold, TRUE, hold) < n)
    return (DmkCliff){ 0 };
  c.found = TRUE;
  c.cache_bytes = before_bytes;
  if (rise < n)
    {
      guint64 until = 0;

      span_rate (series, 0, rise, &until);
      c.recovered = TRUE;
      c.recovery_bytes = until;
      c.recovery_mb_per_s = span_rate (series, rise, n, NULL);
    }
  return c;
}

/* ---- surfaces ---- */

gboolean
dmk_surface_summarize (const DmkSurface *s, double *min, double *mean, double *max)
{
  guint64 bytes = 0;
  double seconds = 0;

  *min = *mean = *max = 0;
  if (s == NULL || s->points->len == 0)
    return FALSE;
  *min = G_MAXDOUBLE;
  for (guint i = 0; i < s->points->len; i++)
    {
      const DmkSurfacePoint *p = &g_array_index (s->points, DmkSurfacePoint, i);
      double rate = p->seconds > 0 ? (double) p->bytes / p->seconds / 1e6 : 0;

      *min = MIN (*min, rate);
      *max = MAX (*max, rate);
      bytes += p->bytes;
      seconds += p->seconds;
    }
  *mean = seconds > 0 ? (double) bytes / seconds / 1e6 : 0;
  return TRUE;
}

gboolean
dmk_access_summarize (const DmkSurface *s, double *mean, double *max)
{
  double sum = 0;

  *mean = *max = 0;
  if (s == NULL || s->access->len == 0)
    return FALSE;
  for (guint i = 0; i < s->access->len; i++)
    {
      double l = g_array_index (s->access, DmkAccessPoint, i).latency_us;
      sum += l;
      *max = MAX (*max, l);
    }
  *mean = sum / s->access->len;
  return TRUE;
}
