/* dmk-runner-private.h: what dmk-runner.c and dmk-runner-worker.c share: one thread's share
 * of a test. */
#pragma once

#include <time.h>

#include "dmk-engine.h"
#include "dmk-histogram.h"
#include "dmk-runner.h"
#include "dmk-target.h"

static inline gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

typedef struct
{
  /* set up once per test */
  DmkEngine engine;
  DmkIo *ios;
  DmkIo **free_ios;
  DmkIo **batch;
  void *buffers;
  guint64 rng;
  guint64 region_start, region_blocks; /* in blocks of bs */
  guint64 seq_next;                    /* next block, relative to region_start */
  guint32 bs;
  guint depth;
  DmkPattern pattern;
  DmkDirection direction;
  guint mix_read_percent;
  const gint *stop;
  GThread *thread;

  /* per pass */
  guint64 bytes; /* read by the coordinator for live progress */
  guint64 ios_done;
  guint64 pub_ios;     /* ios_done and latency sum, published for live progress */
  guint64 pub_lat_ns;
  gint64 first_submit;
  gint64 last_complete;
  int error; /* errno of a failed I/O, or 0 */
  guint64 error_offset;
  DmkHistogram hist;
} Worker;

/* The thread: submits and reaps until *stop, then drains what is in flight. */
gpointer worker_pass (gpointer data);
gboolean worker_setup (Worker *w, guint index, DmkTarget *target, const DmkJob *job,
                       const DmkSettings *settings, const gint *stop, GError **error);
void worker_clear (Worker *w);
void worker_reset_pass (Worker *w);
