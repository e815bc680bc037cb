/* dmk-scan.h: the results beyond the grid: a sustained write with its cache cliff, and rate over
 * position with access times; their data and what is read from them. */
#pragma once

#include <gio/gio.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* The most points a sustained write keeps: older ones are merged in pairs past it, so a run of
 * any length stays a few hundred kilobytes. */
#define DMK_SUSTAINED_MAX_POINTS 4096
/* A span written in less than DMK_SUSTAINED_MIN_POINTS intervals of 100 ms (2 s) still gets about
 * that many points, at intervals down to 2 ms; longer ones keep 100 ms intervals, many of the
 * block throttle's slices long. */
#define DMK_SUSTAINED_MIN_POINTS 20
/* Limits of a surface scan. */
#define DMK_SURFACE_MAX_SAMPLES 10000u
#define DMK_ACCESS_MAX_READS 100000u

/* What a sustained write found: the amount written at full speed, the speed before and after,
 * and a recovery after the drop, if any. Rates are 10^6 bytes/s, means over bytes and time. */
typedef struct
{
  gboolean found;
  guint64 cache_bytes;   /* written before the drop */
  double before_mb_per_s;
  double after_mb_per_s; /* from the drop to a recovery, or to the end */
  gboolean recovered;
  guint64 recovery_bytes; /* written when the speed came back */
  double recovery_mb_per_s;
} DmkCliff;

struct _DmkSustained
{
  guint64 span_bytes; /* what was asked for */
  DmkTestSpec spec;   /* sequential writes, e.g. SEQ1M Q8T1 */
  GArray *series;     /* DmkSample: intervals of the whole write, from 0 s */
  guint64 bytes;      /* written in all */
  double seconds;
  double mb_per_s;    /* bytes / seconds */
  DmkCliff cliff;
};

/* One sample of rate over position. */
typedef struct
{
  guint64 offset; /* bytes from the start of the span */
  guint64 bytes;
  double seconds;
} DmkSurfacePoint;

/* One random read of the access-time test. */
typedef struct
{
  guint64 offset;
  guint64 distance; /* bytes from the end of the previous read */
  double latency_us;
} DmkAccessPoint;

struct _DmkSurface
{
  guint64 span_bytes;
  guint64 sample_bytes;
  DmkTestSpec spec; /* the I/O inside a sample: SEQ1M Q1T1 like GNOME Disks, or deeper */
  DmkDirection direction;
  GArray *points; /* DmkSurfacePoint, by offset */
  GArray *access; /* DmkAccessPoint; empty when not measured */
  guint32 access_block;
};

DmkSustained *dmk_sustained_new (void);
void dmk_sustained_free (DmkSustained *s);
DmkSurface *dmk_surface_new (void);
void dmk_surface_free (DmkSurface *s);
/* Deep copies (NULL for NULL): their own arrays. */
DmkSustained *dmk_sustained_copy (const DmkSustained *s);
DmkSurface *dmk_surface_copy (const DmkSurface *s);

const char *dmk_result_kind_to_string (DmkResultKind kind);
gboolean dmk_result_kind_from_string (const char *s, DmkResultKind *out);
/* "Sustained Write", "Block-Size Sweep", …, translated. */
const char *dmk_result_kind_label (DmkResultKind kind);

/* Finds the cliff in a sustained write's series (see DmkCliff). The speed counts as fallen when
 * a running median of five intervals stays below 70 % of the run's high level for a few
 * intervals; as recovered when it stays above it again. A speed that falls again after it
 * recovered goes to and fro: no cliff. */
DmkCliff dmk_cliff_detect (const GArray *series);

/* Where a write with no cliff was at its slowest, once it had come up to speed: the lowest
 * running median (of five intervals) from then on, as a share of the peak (0.70–1), and the
 * bytes written before it first came up (0 when it started at speed). FALSE for too short a
 * series. What "no cache cliff" says, true also of a slow start. */
gboolean dmk_cliff_low (const GArray *series, double *low_share, guint64 *ramp_bytes);
/* That sentence, translated: "the speed stayed above 82 % of its peak", or "after a slow first
 * 0.12 GiB, the speed stayed above 82 % of its peak"; NULL when there is no cliff to speak of. */
char *dmk_cliff_low_text (const GArray *series);
/* The same in English, for the C-locale report. */
char *dmk_cliff_low_text_c (const GArray *series);

/* A surface's rates: min and max over samples, mean as total bytes over total time. */
gboolean dmk_surface_summarize (const DmkSurface *s, double *min, double *mean, double *max);
/* Access time: mean and the largest, in microseconds. */
gboolean dmk_access_summarize (const DmkSurface *s, double *mean, double *max);

G_END_DECLS
