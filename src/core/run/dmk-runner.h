/* dmk-runner.h: every kind of run (the grid, a block-size sweep, a sustained write, rate over
 * position) in a worker thread (GTask), reporting its progress to the caller's main context. */
#pragma once

#include <gio/gio.h>

#include "dmk-places.h"
#include "dmk-result.h"
#include "dmk-scan.h"
#include "dmk-spec.h"
#include "dmk-target.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_PHASE_OPEN,      /* opening the target (may wait for authentication) */
  DMK_PHASE_LAYOUT,    /* writing the test file; fraction is set */
  DMK_PHASE_WARMUP,    /* the discarded first pass of a test */
  DMK_PHASE_MEASURE,   /* a measured pass, or a scan measuring; the live_* fields are set */
  DMK_PHASE_PASS_DONE, /* a pass ended; live_mb_per_s is its result */
  DMK_PHASE_TEST_DONE, /* a test ended; test is its result */
  DMK_PHASE_INTERVAL,  /* resting between tests; interval_remaining_s is set */
} DmkPhase;

typedef struct
{
  DmkPhase phase;
  guint test_index; /* 0-based, over all (test, direction) pairs of the run */
  guint n_tests;
  DmkTestSpec spec;
  DmkDirection direction;
  guint pass; /* 1-based measured pass; 0 during warm-up */
  guint n_passes;
  double fraction; /* the layout's, or a bounded scan's share done (0–1) */
  guint interval_remaining_s;
  double live_mb_per_s;   /* the pass so far (the grid's), or the newest sample (a scan's) */
  double live_iops;       /* DMK_PHASE_MEASURE and PASS_DONE, like live_mb_per_s */
  double live_latency_us; /* mean so far in this pass */
  /* The pass's series so far (DMK_PHASE_MEASURE): how many intervals have ended, and the
   * newest one's end (seconds since the pass began) and rate. */
  guint n_samples;
  double sample_end_s;
  double sample_mb_per_s;
  gboolean sample_has_celsius; /* the drive's newest temperature, where it tells one */
  double sample_celsius;
  /* Scans: the newest sample's place in the span (0–1; surfaces) and the bytes done so far. */
  double position;
  guint64 bytes_done;
  const DmkTestResult *test; /* DMK_PHASE_TEST_DONE only; valid during the call */
} DmkProgress;

typedef void (*DmkProgressFunc) (const DmkProgress *progress, gpointer user_data);

/* One (test, direction) pair, in the order a run takes them: all reads, then writes, then mixes. */
typedef struct
{
  DmkTestSpec spec;
  DmkDirection direction;
  /* A fio job file's own ioengine for this job, where its jobs name different ones; else the
   * run's engine applies (dmk_engine_for_test). */
  gboolean has_engine;
  DmkEngineKind engine;
  /* A write whose first pass makes a new file, as iozone's Writer does: a folder's test file is
   * emptied before it, so that the pass allocates every block (sequential writes only; the run
   * lays no file out when its first job is one). */
  gboolean new_file;
} DmkJob;

/* The engine job runs on in a run whose engine is settings->engine: the job's own where it has
 * one (a fio job's), else libaio for a deep queue of small I/O on a loop device (on_loop)
 * unless the engine was named (dmk_engine_for_test), else the run's. */
DmkEngineKind dmk_runner_job_engine (const DmkSettings *settings, gboolean on_loop,
                                     const DmkJob *job);

#define DMK_TYPE_RUNNER (dmk_runner_get_type ())
G_DECLARE_FINAL_TYPE (DmkRunner, dmk_runner, DMK, RUNNER, GObject)

DmkRunner *dmk_runner_new (void);

/* Called in the thread-default main context of the caller of an _async () below. */
void dmk_runner_set_progress_func (DmkRunner *runner, DmkProgressFunc func, gpointer user_data,
                                   GDestroyNotify destroy);
/* Providers tried, in order, when a block device cannot be opened directly. */
void dmk_runner_set_fd_providers (DmkRunner *runner, const DmkFdProvider *const *providers);
/* The device the user allowed writes to (NULL: none named; the CLI's --allow-write-device is
 * for a path). Set, a run that writes to a block device first compares the open fd's device
 * with it and refuses, before any write, when another device has taken the name. Copied. */
void dmk_runner_set_write_consent (DmkRunner *runner, const DmkDeviceIdentity *identity);

/* ---- the grid ---- */

/* The one place a grid run is planned and its settings checked: the jobs of specs (NULL: the
 * settings' profile) in the settings' mode and mix, or NULL with a DMK_ERROR. */
GArray *dmk_runner_plan (const DmkSettings *settings, GArray *specs, GError **error);

/* Runs jobs (from dmk_runner_plan, or a fio job file's, in their order) on path. */
void dmk_runner_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                           GArray *jobs, const char *comment, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data);
/* The result; or NULL with error (G_IO_ERROR_CANCELLED when stopped), and then in *partial (may
 * be NULL) the tests that finished before, with a warning that the run was interrupted, or NULL
 * when none finished. */
DmkResult *dmk_runner_run_finish (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                                  GError **error);

/* The first n offsets (bytes) thread (0 .. threads-1) of spec issues on a test size of
 * test_size, in order, as a run's worker makes them; g_free() it. */
guint64 *dmk_test_spec_offsets (const DmkTestSpec *spec, guint64 test_size, guint thread,
                                guint n);

/* ---- a block-size sweep: the grid's passes over one test at many block sizes ---- */

/* The sweep's tests, for block sizes from min_block to max_block in powers of two. */
GArray *dmk_sweep_specs (DmkPattern pattern, guint queue_depth, guint threads, guint32 min_block,
                         guint32 max_block, GError **error);
/* A sweep's own settings on top of the user's (data, engine, direct I/O, size, mode): one pass
 * of 2 s per block size, no rest between them, no mixed test. */
void dmk_sweep_settings_apply (DmkSettings *settings);

/* Block sizes the target cannot take are left out with a warning; the result is of kind sweep. */
void dmk_sweep_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                          GArray *specs, const char *comment, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data);
DmkResult *dmk_sweep_run_finish (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                                 GError **error);

/* ---- the scans: a sustained write, and rate over position ---- */

/* How much a sustained write covers. */
typedef enum
{
  DMK_SPAN_SIZE,   /* span_bytes */
  DMK_SPAN_FREE,   /* the folder's free space, less a margin */
  DMK_SPAN_DEVICE, /* the whole device (writes must be allowed) */
} DmkSpanKind;

typedef struct
{
  DmkResultKind kind; /* DMK_KIND_SUSTAINED or DMK_KIND_SURFACE */
  DmkSpanKind span;
  guint64 span_bytes;     /* DMK_SPAN_SIZE; for a surface of a folder, the test file's size */
  DmkTestSpec spec;       /* the I/O: SEQ1M Q8T1 for sustained, SEQ1M Q1T1 for a surface */
  DmkDirection direction; /* surfaces: read, or write with consent */
  guint samples;          /* surfaces: how many */
  guint64 sample_bytes;   /* surfaces: each one's size; 0: 10 MiB, or less to fit the span */
  guint access_reads;     /* surfaces: random reads for access time; 0 for none */
} DmkScanOptions;

void dmk_scan_options_init (DmkScanOptions *options, DmkResultKind kind);

/* The margin a sustained write leaves free on a filesystem of size bytes. */
guint64 dmk_scan_free_margin (guint64 size_bytes);

/* A sustained write (options->kind DMK_KIND_SUSTAINED) through a span of path. Progress:
 * DMK_PHASE_MEASURE with fraction, bytes_done and the newest sample. A stop keeps what was
 * written: finish then fails and gives it in *partial, marked interrupted. */
void dmk_sustained_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                              const DmkScanOptions *options, const char *comment,
                              GCancellable *cancellable, GAsyncReadyCallback callback,
                              gpointer user_data);
DmkResult *dmk_sustained_run_finish (DmkRunner *runner, GAsyncResult *result,
                                     DmkResult **partial, GError **error);

/* Rate over position (options->kind DMK_KIND_SURFACE): samples spread over path, then random
 * reads for the access time. Progress and stops as for a sustained write. */
void dmk_surface_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                            const DmkScanOptions *options, const char *comment,
                            GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data);
DmkResult *dmk_surface_run_finish (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                                   GError **error);

G_END_DECLS
