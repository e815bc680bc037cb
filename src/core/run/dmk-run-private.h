/* dmk-run-private.h: the one pipeline every run goes through, inside run/ only: a run's state,
 * the prologue that prepares it, the workers, the coordinator that runs a pass of any kind, and
 * the epilogue that hands the result back. */
#pragma once

#include <time.h>

#include "dmk-engine.h"
#include "dmk-histogram.h"
#include "dmk-plausible.h"
#include "dmk-runner.h"
#include "dmk-series.h"
#include "dmk-stamp.h"
#include "dmk-target.h"

G_BEGIN_DECLS

/* How often the coordinator looks at the clock and the cancellable: well inside the 100 ms
 * promised for a cancel, and rare enough to cost nothing. */
#define DMK_RUN_TICK_US 20000
/* The shortest interval a bounded pass's series samples at (min_points). */
#define DMK_RUN_MIN_SAMPLE_NS (2 * G_GINT64_CONSTANT (1000000))
/* How often a measuring pass tells its progress. */
#define DMK_RUN_LIVE_EVERY_NS (250 * G_GINT64_CONSTANT (1000000))

static inline gint64
dmk_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/* ---- a run's state in its task ---- */

typedef struct
{
  DmkRunner *runner;
  GMainContext *context;
  char *path;
  DmkSettings settings;
  GArray *jobs; /* DmkJob: the grid's and the sweep's */
  char *comment;
  GPtrArray *providers;
  DmkDeviceIdentity consent; /* the device writes were allowed for, when has_consent */
  gboolean has_consent;
  DmkResultKind kind;
  DmkScanOptions scan; /* the scans' */

  /* made by the prologue */
  DmkTarget *target;
  DmkResult *result;
  char *disk; /* the disk under the target (sda, nvme0n1), or NULL (tmpfs) */
  /* A kernel thread does the disk's I/O (a loop device): see dmk_engine_for_test. */
  gboolean served_by_thread;
  gboolean told_libaio; /* the result says why some tests ran on libaio */
  gboolean uring_ok;    /* io_uring runs here, and without a worker thread (resolve_engine) */
  DmkLink link;

  /* the drive's temperature, read every half second while measuring */
  char *temp_sensor;
  gint64 temp_next;
  DmkTemperature temperature; /* before, peak and after; known once a reading was taken */
  double temp_now_c;          /* the newest reading, for the series' samples */

  /* other programs' I/O on a device target (dmk-run-others.c): its counters at the start, and
   * the bytes the run itself read and wrote since */
  char *counters_file;
  gboolean counters_known;
  guint64 counters_read, counters_written, own_read, own_write;

  DmkResult *partial; /* what a stopped or failed run measured, for its finish */
  guint64 verify_id;  /* --verify: the run's stamp id (0: off); the grid's runs only */
} RunData;

/* A task for a run of kind on path; settings copied, jobs taken (may be NULL). */
GTask *_dmk_run_task_new (DmkRunner *runner, gpointer source_tag, const char *path,
                          const DmkSettings *settings, GArray *jobs, const char *comment,
                          DmkResultKind kind, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data);
/* What every _finish does, for the task of source_tag. */
DmkResult *_dmk_run_task_finish (DmkRunner *runner, GAsyncResult *result, gpointer source_tag,
                                 DmkResult **partial, GError **error);

/* Delivers a copy of p (and of test) to the caller's main context. */
void _dmk_run_post (RunData *d, const DmkProgress *p, const DmkTestResult *test);
/* Sleeps us, a tick at a time; FALSE when cancelled meanwhile. */
gboolean _dmk_run_sleep (GCancellable *cancellable, gint64 us);

/* ---- the prologue and epilogue ---- */

/* Opens the target (write: whether anything will be written), lays a folder's test file out
 * when layout is set, and makes the result with the target's facts, the engine really used,
 * the disk, its link and its first temperature reading. FALSE with error set. */
gboolean _dmk_run_prologue (RunData *d, gboolean write, gboolean layout,
                            GCancellable *cancellable, GError **error);
/* Hands d->result back through task: as the result when error is NULL; else error, with what
 * was measured kept for the partial when kept is set (warning added to it first). */
void _dmk_run_epilogue (RunData *d, GTask *task, GError *error, gboolean kept,
                        const char *warning);

/* Other programs' I/O on a device target (dmk-run-others.c): the device's counters read at the
 * start (under sysfs), the run's own bytes added as it goes, and at the end a warning in
 * d->result when others read or wrote more than the run's noise. */
void _dmk_run_others_start (RunData *d, const char *sysfs);
void _dmk_run_others_add (RunData *d, guint64 read, guint64 written);
void _dmk_run_others_finish (RunData *d);

/* Reads the drive's temperature when half a second has passed since the last reading. */
void _dmk_run_sample_temperature (RunData *d, gint64 now);

/* "I/O error on “…” at offset N: …", one sentence for every I/O that fails. */
/* The engine could not start a pass (its ring or context refused, as when io_uring is switched
 * off by kernel.io_uring_disabled or a seccomp filter after the run began): which engine, which
 * call, the errno and what to do. */
void _dmk_run_set_begin_error (RunData *d, GError **error, const char *engine, int err);
void _dmk_run_set_io_error (RunData *d, GError **error, const char *what, int err,
                            guint64 offset);

/* ---- workers: one thread's share of a test each ---- */

typedef enum
{
  DMK_WORKER_OK,
  DMK_WORKER_BEGIN,    /* the engine's per-thread set-up (io_uring's ring) failed */
  DMK_WORKER_SUBMIT,   /* the kernel refused a submission */
  DMK_WORKER_COMPLETE, /* an I/O completed with an error or short */
} DmkWorkerFailure;

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
  guint64 seq_lane;                    /* a stride's first block of this round */
  guint stride;                        /* DMK_PATTERN_STRIDED: in blocks; else 1 */
  guint64 limit_ios; /* submit no more than this many in a pass; 0: until stopped */
  guint32 bs;
  guint depth;
  DmkPattern pattern;
  DmkDirection direction;
  guint mix_read_percent;
  const gint *stop;
  GThread *thread;

  /* per pass; written by the worker's thread, read by the coordinator where atomic */
  guint64 bytes;   /* atomic: for live progress */
  guint64 bytes_written; /* of bytes, those written (a mix's writes); read after the join */
  guint64 ios_done;
  guint64 pub_ios; /* atomic: ios_done and the latency sum, published for live progress */
  guint64 pub_lat_ns;
  guint64 submitted;
  gint finished;   /* atomic: set when its pass has ended */
  gint64 first_submit;
  gint64 last_complete;
  gint error;      /* atomic: errno of the failure, or 0; failure and offset are set before */
  DmkWorkerFailure failure;
  guint64 error_offset;
  DmkHistogram hist;
  /* --verify: the stamp id (0: off) and what this thread's reads found, over all its passes */
  guint64 verify_id;
  DmkStampTally verify;
  /* --verify's reads are checked while the next I/Os are in flight: a read's buffer waits in
   * unchecked (with its offset) and the slot goes on with a spare; a checked buffer becomes a
   * spare. Each holds up to depth (buffers are 2 × depth then). */
  DmkIo *unchecked;
  guint n_unchecked;
  DmkIo *spares;
  guint n_spares;
  /* --verify's writes: a spare stamped for the next block while the I/Os before it are in
   * flight (prestamp); its buf, buf_index and offset */
  DmkIo ahead;
  gboolean has_ahead;
} Worker;

typedef struct
{
  Worker *w;
  guint n;
  guint set_up; /* how many are set up (and must be cleared) */
  gint stop;
} DmkWorkers;

/* Sets up job's threads on d's target: checks the block size against the target's alignment,
 * then each thread's engine, buffers and region. FALSE with error set; clear them either way. */
gboolean _dmk_workers_setup (RunData *d, DmkWorkers *ws, const DmkJob *job, GError **error);
/* The engine job runs on (dmk_engine_for_test); the first time that is libaio instead of the
 * run's io_uring, the result's warnings say why. */
DmkEngineKind _dmk_job_engine (RunData *d, const DmkJob *job);
void _dmk_workers_clear (DmkWorkers *ws);

/* The thread of a pass: submits and reaps until *stop (or its limit), then drains. */
gpointer _dmk_worker_pass (gpointer data);
void _dmk_worker_reset_pass (Worker *w);

/* ---- the coordinator: one pass of any kind ---- */

typedef struct
{
  gint64 duration_ns;      /* 0: until every worker has submitted its limit_ios and drained */
  gint64 sample_every_ns;  /* how often the series takes a point; 0: no series */
  guint max_points;        /* past it, points merge in pairs and the interval doubles */
  /* A bounded pass (duration_ns 0) also takes a point each 1/min_points of its bytes, looking as
   * often as its rate asks (down to DMK_RUN_MIN_SAMPLE_NS): a fast target's span is a curve, not
   * one dot. 0: points by time only. */
  guint min_points;
  gboolean live;           /* tell DMK_PHASE_MEASURE progress as it goes */
  /* Called every tick; FALSE ends the pass early (not an error). May be NULL. */
  gboolean (*tick) (RunData *d, gint64 now, gpointer data);
  gpointer tick_data;
} DmkPassPlan;

typedef struct
{
  DmkPass pass;         /* bytes, seconds (first submission to last completion), rates */
  DmkHistogram *hist;   /* every I/O's latency; the caller's, reset here */
  GArray *series;       /* DmkSample from the first submission (transfer full); NULL without */
  gint64 first, last;   /* the pass's first submission and last completion, CLOCK_MONOTONIC */
} DmkPassOutcome;

/* Runs one pass of ws: all threads start together, stop together, and share one window from the
 * first submission to the last completion, in-flight I/Os drained and counted. prog carries what
 * the caller tells (phase, test, pass); the coordinator adds the live numbers. FALSE with error
 * on an I/O error or a cancel; out then still holds what was done. */
gboolean _dmk_run_pass (RunData *d, DmkWorkers *ws, const DmkPassPlan *plan, DmkProgress *prog,
                        DmkPassOutcome *out, GCancellable *cancellable, GError **error);

/* ---- verified I/O (dmk-run-verify.c) ---- */

/* Lays the test region out with stamps (every block its offset and d->verify_id), so that every
 * read can be checked; a folder's file is written in full by it. FALSE with error set. */
gboolean _dmk_verify_layout (RunData *d, GCancellable *cancellable, GError **error);
/* The final read-back of every block once, counted into the result's tally and into readback
 * (the blocks, where the tally counts reads: one bad block read five times is five there). */
gboolean _dmk_verify_read_back (RunData *d, DmkStampTally *readback, GCancellable *cancellable,
                                GError **error);
/* Adds the workers' counts to d->result->verify. */
void _dmk_verify_collect (RunData *d, const DmkWorkers *ws);

/* ---- the scans' plans (dmk-run-sustained.c, dmk-run-surface.c) ---- */

/* What every scan checks before its task starts, once: the settings and the I/O; out gets the
 * settings its target is opened with. FALSE with error set (out is set either way). */
gboolean _dmk_scan_check (const DmkSettings *settings, const DmkScanOptions *options,
                          DmkSettings *out, const char *path, GError **error);

G_END_DECLS
