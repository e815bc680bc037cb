/* dmk-histogram.c: percentile and mean queries over the log-linear latency histogram. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dmk-histogram.h"

void
dmk_histogram_reset (DmkHistogram *h)
{
  memset (h, 0, sizeof *h);
  h->min_ns = G_MAXUINT64;
}

void
dmk_histogram_merge (DmkHistogram *into, const DmkHistogram *from)
{
  if (from->count == 0)
    return;
  into->count += from->count;
  into->sum_ns += from->sum_ns;
  into->min_ns = MIN (into->min_ns, from->min_ns);
  into->max_ns = MAX (into->max_ns, from->max_ns);
  for (guint i = 0; i < DMK_HIST_BUCKETS; i++)
    into->buckets[i] += from->buckets[i];
}

double
dmk_histogram_mean (const DmkHistogram *h)
{
  return h->count ? (double) h->sum_ns / (double) h->count : 0.0;
}

/* The value range a bucket covers, as [lo, lo + width). */
static void
bucket_range (guint index, double *lo, double *width)
{
  guint row = index / DMK_HIST_SUB, slot = index % DMK_HIST_SUB;
  guint msb;

  if (row == 0)
    {
      *lo = slot;
      *width = 1.0;
      return;
    }
  msb = row + DMK_HIST_SUB_BITS - 1;
  *width = ldexp (1.0, (int) msb - DMK_HIST_SUB_BITS);
  *lo = ldexp (1.0, (int) msb) + slot * *width;
}

double
dmk_histogram_percentile (const DmkHistogram *h, double p)
{
  guint64 rank, seen = 0;

  if (h->count == 0)
    return 0.0;
  /* Nearest-rank definition: the smallest value with at least p% of samples at or below it. */
  rank = (guint64) ceil (p / 100.0 * (double) h->count);
  if (rank < 1)
    rank = 1;
  if (rank > h->count)
    rank = h->count;
  for (guint i = 0; i < DMK_HIST_BUCKETS; i++)
    {
      seen += h->buckets[i];
      if (seen >= rank)
        {
          double lo, width, mid;

          bucket_range (i, &lo, &width);
          if (width <= 1.0)
            return lo;
          mid = lo + (width - 1.0) / 2.0;
          /* The exact extremes are known: never report beyond them. */
          return CLAMP (mid, (double) h->min_ns, (double) h->max_ns);
        }
    }
  return (double) h->max_ns;
}
