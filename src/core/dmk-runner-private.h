/* dmk-runner-private.h: what dmk-runner.c and dmk-runner-worker.c share: one thread's share
 * of a test. */
#pragma once

#include <time.h>

#include "dmk-engine.h"
#include "dmk-histogram.h"
#include "dmk-runner.h"
#include "dmk-scan.h"
#include "dmk-series.h"
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
  guint64 limit_ios; /* submit no more than this many in a pass; 0: until stopped */
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
  guint64 submitted;
  gint finished; /* set by the thread when its pass has ended */
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

/* A run's state in its task, shared by the grid's run (dmk-runner.c) and the scans'
 * (dmk-scan-run.c). */
typedef struct
{
  DmkRunner *runner;
  GMainContext *context;
  char *path;
  DmkSettings settings;
  GArray *jobs;
  char *comment;
  GPtrArray *providers;
  DmkResult *partial; /* set when a run stops or fails after finishing some tests */
  DmkResultKind kind;
  DmkScanOptions scan; /* sustained and surface runs */
  char *temp_sensor;    /* the drive's temperature, read every half second; NULL: none */
  gint64 temp_next;
  DmkTemperature temperature; /* before, peak and after; known once a reading was taken */
  double temp_now_c;          /* the newest reading, for the series' samples */
} RunData;

/* The disk (sda, nvme0n1) under the target: the device itself, or the one holding its
 * filesystem; NULL when there is none (tmpfs). GDISKMARK_SYSFS_ROOT, when set, is the sysfs
 * the run reads instead of /sys (tests). */
char *_dmk_run_target_disk (DmkTarget *target);
const char *_dmk_run_sysfs_root (void);
/* Finds disk's temperature sensor and takes the reading before the run. */
void _dmk_run_start_temperature (RunData *d, const char *disk);
/* Reads the drive's temperature when half a second has passed since the last reading. */
void _dmk_run_sample_temperature (RunData *d, gint64 now);
/* The reading after the run, and before, peak and after into the result. */
void _dmk_run_finish_temperature (RunData *d, DmkResult *result);
/* Stamps a sample with the newest reading, if any. */
void _dmk_run_stamp_temperature (const RunData *d, DmkSample *sample);

void _dmk_run_data_free (RunData *d);
/* Delivers a copy of p (and of test) to the caller's main context. */
void _dmk_run_post (RunData *d, const DmkProgress *p, const DmkTestResult *test);
/* The result that tests are added to: what was asked, what the target is, the known warnings. */
DmkResult *_dmk_run_new_result (RunData *d, DmkTarget *target);
/* io_uring where the kernel allows it, else libaio, said in the result: run before the first
 * test, after the result is made. */
void _dmk_run_resolve_engine (RunData *d, DmkResult *result);
/* A task's RunData, for runs of kind on path. */
RunData *_dmk_run_data_new (DmkRunner *runner, const char *path, const DmkSettings *settings,
                            GArray *jobs, const char *comment, DmkResultKind kind);
