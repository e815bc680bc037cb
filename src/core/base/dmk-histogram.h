/* dmk-histogram.h: a log-linear latency histogram (under 1% relative error) for mean and percentiles. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Values below 2^DMK_HIST_SUB_BITS are exact; above, each power of two is cut into
 * 2^DMK_HIST_SUB_BITS equal buckets, so a bucket's midpoint is within 1/2^(SUB_BITS+1)
 * (0.78%) of any value in it. */
#define DMK_HIST_SUB_BITS 6
#define DMK_HIST_SUB (1u << DMK_HIST_SUB_BITS)
#define DMK_HIST_MAX_BITS 44 /* 2^44 ns is almost five hours: no single I/O takes longer */
#define DMK_HIST_BUCKETS ((DMK_HIST_MAX_BITS - DMK_HIST_SUB_BITS + 1) * DMK_HIST_SUB)

typedef struct
{
  guint64 count;
  guint64 sum_ns;
  guint64 min_ns;
  guint64 max_ns;
  guint64 buckets[DMK_HIST_BUCKETS];
} DmkHistogram;

void dmk_histogram_reset (DmkHistogram *h);
void dmk_histogram_merge (DmkHistogram *into, const DmkHistogram *from);
double dmk_histogram_mean (const DmkHistogram *h);
/* p in [0, 100]; returns nanoseconds; 0 when empty. */
double dmk_histogram_percentile (const DmkHistogram *h, double p);

static inline guint
dmk_histogram_index (guint64 v)
{
  guint msb;

  if (v < DMK_HIST_SUB)
    return (guint) v;
  msb = 63u - (guint) __builtin_clzll (v);
  if (msb > DMK_HIST_MAX_BITS)
    return DMK_HIST_BUCKETS - 1;
  /* Row r = msb - SUB_BITS + 1 holds [2^msb, 2^(msb+1)) in SUB slices. */
  return (msb - DMK_HIST_SUB_BITS + 1) * DMK_HIST_SUB +
         (guint) ((v >> (msb - DMK_HIST_SUB_BITS)) & (DMK_HIST_SUB - 1));
}

static inline void
dmk_histogram_add (DmkHistogram *h, guint64 v)
{
  h->count++;
  h->sum_ns += v;
  if (v < h->min_ns)
    h->min_ns = v;
  if (v > h->max_ns)
    h->max_ns = v;
  h->buckets[dmk_histogram_index (v)]++;
}

G_END_DECLS
