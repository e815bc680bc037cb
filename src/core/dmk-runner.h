/* dmk-runner.h: runs a profile on a target in a worker thread (GTask), reporting to the caller. */
#pragma once

#include <gio/gio.h>

#include "dmk-result.h"
#include "dmk-spec.h"
#include "dmk-target.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_PHASE_OPEN,      /* opening the target (may wait for authentication) */
  DMK_PHASE_LAYOUT,    /* writing the test file; fraction is set */
  DMK_PHASE_WARMUP,    /* the discarded first pass of a test */
  DMK_PHASE_MEASURE,   /* a measured pass; live_mb_per_s is set */
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
  double fraction;
  guint interval_remaining_s;
  double live_mb_per_s;
  double live_iops;       /* DMK_PHASE_MEASURE and PASS_DONE, like live_mb_per_s */
  double live_latency_us; /* mean so far in this pass */
  /* The pass's series so far (DMK_PHASE_MEASURE): how many intervals have ended, and the
   * newest one's end (seconds since the pass began) and rate. */
  guint n_samples;
  double sample_end_s;
  double sample_mb_per_s;
  gboolean sample_has_celsius; /* the drive's newest temperature, where it tells one */
  double sample_celsius;
  /* Scans: the newest sample's place in the span (0–1; surfaces) or the bytes written so far
   * (sustained writes). */
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
} DmkJob;

#define DMK_TYPE_RUNNER (dmk_runner_get_type ())
G_DECLARE_FINAL_TYPE (DmkRunner, dmk_runner, DMK, RUNNER, GObject)

DmkRunner *dmk_runner_new (void);

/* Called in the thread-default main context of the caller of dmk_runner_run_async(). */
void dmk_runner_set_progress_func (DmkRunner *runner, DmkProgressFunc func, gpointer user_data,
                                   GDestroyNotify destroy);
/* Providers tried, in order, when a block device cannot be opened directly. */
void dmk_runner_set_fd_providers (DmkRunner *runner, const DmkFdProvider *const *providers);

/* The jobs a run makes of specs (NULL: the settings' profile) and the settings' mode and mix. */
GArray *dmk_runner_plan (const DmkSettings *settings, GArray *specs, GError **error);

void dmk_runner_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                           GArray *specs, const char *comment, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data);
/* The same with the jobs given, in their order (a fio job file's). */
void dmk_runner_run_jobs_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                                GArray *jobs, const char *comment, GCancellable *cancellable,
                                GAsyncReadyCallback callback, gpointer user_data);
DmkResult *dmk_runner_run_finish (DmkRunner *runner, GAsyncResult *result, GError **error);
/* After a run_finish that failed (stopped or an error): the tests that finished before, with a
 * warning that the run was interrupted; NULL when none finished. */
DmkResult *dmk_runner_run_get_partial (DmkRunner *runner, GAsyncResult *result);

G_END_DECLS
