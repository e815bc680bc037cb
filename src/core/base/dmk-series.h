/* dmk-series.h: how a pass went over time: its throughput, IOPS and latency per interval. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most intervals one pass keeps, and reads from a file. */
#define DMK_SERIES_MAX_POINTS 100000

/* One interval of a pass. Intervals follow each other without gaps from the pass's first
 * submission (0 s) to its last completion; their bytes add up to the pass's. */
typedef struct
{
  double end_s;      /* when the interval ended, in seconds since the pass began */
  guint64 bytes;     /* bytes completed in it */
  guint64 ios;       /* I/Os completed in it */
  double latency_us; /* their mean latency; 0 when none completed */
  /* The drive's temperature in °C at the interval's end (the newest reading, taken every half
   * second), where the drive tells one without privileges; has_celsius is FALSE elsewhere. */
  gboolean has_celsius;
  double celsius;
} DmkSample;

/* The range a drive temperature is believed in (°C): anything else is a broken sensor. */
#define DMK_CELSIUS_MIN -60.0
#define DMK_CELSIUS_MAX 200.0

/* The sampling interval for passes of measure_s seconds: 100 ms up to 10 s, then a hundredth
 * of the pass, so that a pass has about 100 points whatever its length. */
gint64 dmk_series_interval_ns (guint measure_s);

/* The interval's length and rate (10^6 bytes/s) and IOPS. index 0 starts at 0 s. */
double dmk_sample_seconds (const GArray *series, guint index);
double dmk_sample_mb_per_s (const GArray *series, guint index);
double dmk_sample_iops (const GArray *series, guint index);

typedef struct
{
  double min, mean, max, last; /* MB/s; mean is total bytes / total time */
  guint n;
} DmkSeriesSummary;

/* Over every interval of every series in passes (GArray* of DmkSample each; NULL entries are
 * skipped). FALSE when there is none. */
gboolean dmk_series_summarize (GPtrArray *passes, DmkSeriesSummary *out);

/* A deep copy, or NULL for NULL. */
GArray *dmk_series_copy (const GArray *series);

G_END_DECLS
