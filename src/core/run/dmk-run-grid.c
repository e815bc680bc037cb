/* dmk-run-grid.c: the grid (CrystalDiskMark's) and the block-size sweep as plans over the one
 * pipeline: tests in order, each a warm-up and N timed passes, the best kept, rests between. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dmk-error.h"
#include "dmk-run-private.h"
#include "dmk-spread.h"

GArray *
dmk_runner_plan (const DmkSettings *settings, GArray *specs, GError **error)
{
  g_autoptr (GArray) owned = NULL;
  g_autoptr (GArray) jobs = NULL;
  DmkDirection dirs[3];
  guint n_dirs = 0;

  g_return_val_if_fail (settings != NULL, NULL);
  if (!dmk_settings_validate (settings, error))
    return NULL;
  if (specs == NULL)
    {
      if (!dmk_profile_lookup (settings->profile, &owned, error))
        return NULL;
      specs = owned;
    }
  if (specs->len == 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT, _("There is no test to run"));
      return NULL;
    }
  if (settings->mode != DMK_MODE_WRITE)
    dirs[n_dirs++] = DMK_DIRECTION_READ;
  if (settings->mode != DMK_MODE_READ)
    dirs[n_dirs++] = DMK_DIRECTION_WRITE;
  /* A mixed test writes: read-only mode never runs it. */
  if (settings->mix_read_percent > 0 && settings->mode != DMK_MODE_READ)
    dirs[n_dirs++] = DMK_DIRECTION_MIX;

  jobs = g_array_new (FALSE, TRUE, sizeof (DmkJob));
  for (guint d = 0; d < n_dirs; d++)
    for (guint i = 0; i < specs->len; i++)
      {
        DmkJob job = { g_array_index (specs, DmkTestSpec, i), dirs[d] };

        if (!dmk_test_spec_validate (&job.spec, error))
          return NULL;
        g_array_append_val (jobs, job);
      }
  return g_steal_pointer (&jobs);
}

/* ---- one test ---- */

static void
post_pass_done (RunData *d, DmkProgress *prog, const DmkPassOutcome *out)
{
  prog->phase = DMK_PHASE_PASS_DONE;
  prog->live_mb_per_s = out->pass.mb_per_s;
  prog->live_iops = out->pass.iops;
  prog->live_latency_us = dmk_histogram_mean (out->hist) / 1000.0;
  _dmk_run_post (d, prog, NULL);
}

/* Whether pass p is to run: the warm-up and the passes set, then under "until stable" more while
 * they scatter by 2.5% or more, up to 3× (the Phoronix Test Suite's rule). */
static gboolean
wants_pass (RunData *d, const DmkTestResult *test, guint p)
{
  if (p <= d->settings.passes)
    return TRUE;
  return d->settings.until_stable && dmk_spread_wants_more (test, d->settings.passes);
}

/* --reread: the next pass goes over the whole region once, from the pattern's start, so that the
 * second pass reads (or writes) the very data of the first, as iozone's re-read does. */
static void
bound_to_region (DmkWorkers *ws)
{
  for (guint i = 0; i < ws->n; i++)
    {
      Worker *w = &ws->w[i];

      /* Random threads share the whole region: together they do its size once. */
      w->limit_ios = w->pattern == DMK_PATTERN_RANDOM ? MAX (w->region_blocks / ws->n, 1)
                                                      : w->region_blocks;
      w->seq_next = w->seq_lane = 0;
    }
}

/* A test's warm-up (pass 0, left out when it is set to none) and measured passes; with --reread
 * no warm-up and two passes, each one sweep of the region. */
static gboolean
run_passes (RunData *d, DmkWorkers *ws, DmkTestResult *test, DmkProgress *prog,
            GCancellable *cancellable, GError **error)
{
  g_autofree DmkHistogram *hist = g_new0 (DmkHistogram, 1);
  g_autoptr (GArray) latencies = g_array_new (FALSE, TRUE, sizeof (DmkLatency));
  gboolean reread = d->settings.reread;
  guint warmup = reread ? 0 : dmk_settings_warmup_s (&d->settings);

  for (guint p = warmup > 0 ? 0 : 1; reread ? p <= 2 : wants_pass (d, test, p); p++)
    {
      DmkPassPlan plan = { 0 };
      DmkPassOutcome out = { .hist = hist };

      plan.duration_ns = (gint64) (p > 0 ? d->settings.measure_s : warmup) * G_GINT64_CONSTANT (1000000000);
      if (reread)
        {
          plan.duration_ns = 0;
          bound_to_region (ws);
        }
      /* Only measured passes keep a series and tell their speed; a warm-up is not tallied. */
      plan.sample_every_ns = p > 0 ? dmk_series_interval_ns (d->settings.measure_s) : 0;
      plan.max_points = DMK_SERIES_MAX_POINTS;
      plan.live = p > 0;
      prog->phase = p == 0 ? DMK_PHASE_WARMUP : DMK_PHASE_MEASURE;
      prog->pass = p;
      prog->n_passes = MAX (prog->n_passes, p);
      prog->live_mb_per_s = prog->live_iops = prog->live_latency_us = 0;
      _dmk_run_post (d, prog, NULL);
      if (!_dmk_run_pass (d, ws, &plan, prog, &out, cancellable, error))
        {
          g_clear_pointer (&out.series, g_array_unref);
          return FALSE;
        }
      if (p == 0)
        continue;
      dmk_test_result_add_pass_series (test, &out.pass, hist, out.series);
      g_array_set_size (latencies, latencies->len + 1);
      dmk_latency_from_histogram (hist, &g_array_index (latencies, DmkLatency,
                                                        latencies->len - 1));
      post_pass_done (d, prog, &out);
    }
  if (d->settings.until_stable && !reread)
    dmk_spread_settle (test, d->settings.passes);
  dmk_test_result_apply_score (test, d->settings.score, (const DmkLatency *) latencies->data);
  return TRUE;
}

static DmkTestResult *
run_test (RunData *d, guint index, GCancellable *cancellable, GError **error)
{
  const DmkJob *job = &g_array_index (d->jobs, DmkJob, index);
  DmkWorkers ws = { 0 };
  DmkTestResult *test = NULL;
  DmkProgress prog = { 0 };
  gboolean ok;

  prog.test_index = index;
  prog.n_tests = d->jobs->len;
  prog.spec = job->spec;
  prog.direction = job->direction;
  prog.n_passes = d->settings.reread ? 2 : d->settings.passes;
  ok = _dmk_workers_setup (d, &ws, job, error);
  if (ok && job->new_file)
    ok = dmk_target_empty (d->target, error);
  if (ok)
    {
      DmkEngineKind engine = _dmk_job_engine (d, job);

      test = dmk_test_result_new (&job->spec, job->direction);
      /* A job's own engine is named even where it is the run's: iozone's pread is told apart
       * from its read so. */
      if (engine != d->settings.engine || job->has_engine)
        test->engine = g_strdup (dmk_engine_kind_to_string (engine));
      ok = run_passes (d, &ws, test, &prog, cancellable, error);
    }
  _dmk_verify_collect (d, &ws);
  _dmk_workers_clear (&ws);
  if (!ok)
    {
      dmk_test_result_free (test);
      return NULL;
    }
  prog.phase = DMK_PHASE_TEST_DONE;
  _dmk_run_post (d, &prog, test);
  return test;
}

/* The rest before test i, counted down once a second; a cancel cuts it short. */
static void
wait_interval (RunData *d, guint i, GCancellable *cancellable)
{
  for (guint left = d->settings.interval_s; left > 0; left--)
    {
      DmkProgress prog = { .phase = DMK_PHASE_INTERVAL,
                           .test_index = i,
                           .n_tests = d->jobs->len,
                           .interval_remaining_s = left };

      prog.spec = g_array_index (d->jobs, DmkJob, i).spec;
      prog.direction = g_array_index (d->jobs, DmkJob, i).direction;
      _dmk_run_post (d, &prog, NULL);
      if (!_dmk_run_sleep (cancellable, G_USEC_PER_SEC))
        break;
    }
}

/* A sweep runs the block sizes the target takes: on a folder with 4 KiB direct-I/O alignment,
 * 512 B to 2 KiB cannot run, nor blocks larger than the test size; the result says so rather
 * than failing. */
static void
skip_unfit (RunData *d)
{
  guint32 align = dmk_target_get_offset_align (d->target);
  guint64 size = dmk_target_get_test_size (d->target);
  guint small = 0, large = 0;

  for (guint i = d->jobs->len; i-- > 0;)
    {
      const DmkTestSpec *spec = &g_array_index (d->jobs, DmkJob, i).spec;
      gboolean unaligned = spec->block_size % align != 0;
      gboolean too_large = (guint64) spec->block_size * spec->threads > size;

      small += unaligned;
      large += too_large && !unaligned;
      if (unaligned || too_large)
        g_array_remove_index (d->jobs, i);
    }
  if (small > 0)
    g_ptr_array_add (d->result->warnings,
                     g_strdup_printf (_("Block sizes below %u bytes were left out: direct I/O on "
                                        "“%s” needs multiples of %u bytes."),
                                      align, d->path, align));
  if (large > 0)
    {
      g_autofree char *s = dmk_format_size (size);
      g_ptr_array_add (d->result->warnings,
                       g_strdup_printf (_("Block sizes larger than the test size (%s) were left "
                                          "out."),
                                        s));
    }
}

/* The final read-back of --verify, and the warning a mismatch gets wherever the result goes. */
static void
verify_end (RunData *d, GCancellable *cancellable, GError **error)
{
  DmkStampTally *v = &d->result->verify, back = { 0 };
  g_autofree char *bad = NULL, *blocks = NULL, *first = NULL, *reads = NULL;
  char *warning;

  if (!_dmk_verify_read_back (d, &back, cancellable, error) || v->bad == 0)
    return;
  /* The numbers apart: a msgid cannot hold G_GUINT64_FORMAT. The blocks are the read-back's,
   * which reads each once; the tests' reads may meet one bad block many times. */
  bad = g_strdup_printf ("%" G_GUINT64_FORMAT, back.bad);
  blocks = g_strdup_printf ("%" G_GUINT64_FORMAT, back.checked);
  first = g_strdup_printf ("%" G_GUINT64_FORMAT, back.has_bad ? back.first_bad : v->first_bad);
  reads = g_strdup_printf ("%" G_GUINT64_FORMAT, v->bad);
  if (back.bad > 0)
    /* TRANSLATORS: "Verify failed: 1 of the 4096 blocks did not hold … at offset 5242880; reads
     * found a bad block 7 times in all: …" */
    warning = g_strdup_printf (_("Verify failed: %s of the %s blocks did not hold what was "
                                 "written when read back at the end (the first at offset %s); "
                                 "reads found a bad block %s times in all: this drive loses or "
                                 "corrupts data."),
                               bad, blocks, first, reads);
  else
    warning = g_strdup_printf (_("Verify failed: reads found a block that did not hold what was "
                                 "written %s times (the first at offset %s), though every block "
                                 "read back right at the end: this drive’s reads are not to be "
                                 "trusted."),
                               reads, first);
  /* First of the warnings: lost data matters more than any number. */
  g_ptr_array_insert (d->result->warnings, 0, warning);
}

static void
grid_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RunData *d = task_data;
  GError *error = NULL;
  gboolean write = FALSE;
  guint i;

  for (i = 0; i < d->jobs->len; i++)
    write |= g_array_index (d->jobs, DmkJob, i).direction != DMK_DIRECTION_READ;
  /* --verify stamps the region first, so that even the first read pass can be checked. */
  if (d->kind == DMK_KIND_GRID && d->settings.verify)
    d->verify_id = dmk_stamp_new_run_id ();
  /* A first job that writes a new file writes every block itself: no layout before it. */
  if (!_dmk_run_prologue (d, write || d->verify_id != 0,
                          d->verify_id == 0 &&
                            !(d->jobs->len > 0 && g_array_index (d->jobs, DmkJob, 0).new_file),
                          cancellable, &error) ||
      (d->verify_id != 0 && !_dmk_verify_layout (d, cancellable, &error)))
    {
      _dmk_run_epilogue (d, task, error, FALSE, NULL);
      return;
    }
  if (d->kind == DMK_KIND_SWEEP)
    skip_unfit (d);
  for (i = 0; i < d->jobs->len && error == NULL; i++)
    {
      DmkTestResult *test;

      if (i > 0 && d->settings.interval_s > 0)
        wait_interval (d, i, cancellable);
      test = g_cancellable_set_error_if_cancelled (cancellable, &error)
               ? NULL
               : run_test (d, i, cancellable, &error);
      if (test == NULL)
        break;
      g_ptr_array_add (d->result->tests, test);
      dmk_plausibility_check_test (d->result, test, &d->link);
    }
  if (error == NULL && d->verify_id != 0)
    verify_end (d, cancellable, &error);
  if (error != NULL)
    {
      g_autofree char *warning = g_strdup_printf (_("Interrupted: only %u of %u tests ran."), i,
                                                  d->jobs->len);
      _dmk_run_epilogue (d, task, error, d->result->tests->len > 0, warning);
      return;
    }
  _dmk_run_epilogue (d, task, NULL, FALSE, NULL);
}

void
dmk_runner_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                      GArray *jobs, const char *comment, GCancellable *cancellable,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  GArray *copy;

  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_return_if_fail (path != NULL && settings != NULL && jobs != NULL && jobs->len > 0);
  copy = g_array_sized_new (FALSE, TRUE, sizeof (DmkJob), jobs->len);
  g_array_append_vals (copy, jobs->data, jobs->len);
  task = _dmk_run_task_new (runner, dmk_runner_run_async, path, settings, copy, comment,
                            DMK_KIND_GRID, cancellable, callback, user_data);
  g_task_run_in_thread (task, grid_thread);
}

DmkResult *
dmk_runner_run_finish (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                       GError **error)
{
  return _dmk_run_task_finish (runner, result, dmk_runner_run_async, partial, error);
}

/* ---- the sweep ---- */

GArray *
dmk_sweep_specs (DmkPattern pattern, guint queue_depth, guint threads, guint32 min_block,
                 guint32 max_block, GError **error)
{
  g_autoptr (GArray) specs = NULL;

  if (min_block < DMK_SPEC_MIN_BLOCK || max_block > DMK_SPEC_MAX_BLOCK || min_block > max_block ||
      (min_block & (min_block - 1)) != 0 || (max_block & (max_block - 1)) != 0)
    {
      g_autofree char *lo = dmk_format_block_size (DMK_SPEC_MIN_BLOCK);
      g_autofree char *hi = dmk_format_block_size (DMK_SPEC_MAX_BLOCK);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("The sweep’s block sizes must be powers of two from %s to %s, the smallest "
                     "first"),
                   lo, hi);
      return NULL;
    }
  specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  for (guint64 bs = min_block; bs <= max_block; bs *= 2)
    {
      DmkTestSpec spec = { pattern, (guint32) bs, queue_depth, threads };

      if (!dmk_test_spec_validate (&spec, error))
        return NULL;
      g_array_append_val (specs, spec);
    }
  return g_steal_pointer (&specs);
}

void
dmk_sweep_settings_apply (DmkSettings *settings)
{
  g_return_if_fail (settings != NULL);
  settings->passes = 1;
  settings->until_stable = FALSE;
  settings->measure_s = 2;
  settings->interval_s = 0;
  settings->mix_read_percent = 0;
  g_free (settings->profile);
  settings->profile = g_strdup (DMK_PROFILE_CUSTOM);
}

void
dmk_sweep_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                     GArray *specs, const char *comment, GCancellable *cancellable,
                     GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  GError *error = NULL;
  GArray *jobs;

  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_return_if_fail (path != NULL && settings != NULL && specs != NULL);
  jobs = dmk_runner_plan (settings, specs, &error);
  task = _dmk_run_task_new (runner, dmk_sweep_run_async, path, settings, jobs, comment,
                            DMK_KIND_SWEEP, cancellable, callback, user_data);
  if (jobs == NULL)
    g_task_return_error (task, error);
  else
    g_task_run_in_thread (task, grid_thread);
}

DmkResult *
dmk_sweep_run_finish (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                      GError **error)
{
  return _dmk_run_task_finish (runner, result, dmk_sweep_run_async, partial, error);
}
