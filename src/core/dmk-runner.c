/* dmk-runner.c: the measuring loop: threads, shared pass windows, warm-up, best-of-N, cancelling. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "dmk-engine.h"
#include "dmk-error.h"
#include "dmk-histogram.h"
#include "dmk-plausible.h"
#include "dmk-random.h"
#include "dmk-runner.h"
#include "dmk-series.h"
#include "dmk-runner-private.h"
#include "dmk-sysinfo.h"

/* How often the coordinator looks at the clock and the cancellable: well inside the 100 ms
 * promised for a cancel, and rare enough to cost nothing. */
#define TICK_US 20000
#define LIVE_EVERY_NS (250 * G_GINT64_CONSTANT (1000000))

struct _DmkRunner
{
  GObject parent_instance;

  DmkProgressFunc progress_func;
  gpointer progress_data;
  GDestroyNotify progress_destroy;
  GPtrArray *providers; /* DmkFdProvider*, not owned */
};

G_DEFINE_FINAL_TYPE (DmkRunner, dmk_runner, G_TYPE_OBJECT)


static void
dmk_runner_finalize (GObject *object)
{
  DmkRunner *self = DMK_RUNNER (object);

  if (self->progress_destroy != NULL)
    self->progress_destroy (self->progress_data);
  g_clear_pointer (&self->providers, g_ptr_array_unref);
  G_OBJECT_CLASS (dmk_runner_parent_class)->finalize (object);
}

static void
dmk_runner_class_init (DmkRunnerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dmk_runner_finalize;
}

static void
dmk_runner_init (DmkRunner *self)
{
  self->providers = g_ptr_array_new ();
}

DmkRunner *
dmk_runner_new (void)
{
  return g_object_new (DMK_TYPE_RUNNER, NULL);
}

void
dmk_runner_set_progress_func (DmkRunner *runner, DmkProgressFunc func, gpointer user_data,
                              GDestroyNotify destroy)
{
  g_return_if_fail (DMK_IS_RUNNER (runner));
  if (runner->progress_destroy != NULL)
    runner->progress_destroy (runner->progress_data);
  runner->progress_func = func;
  runner->progress_data = user_data;
  runner->progress_destroy = destroy;
}

void
dmk_runner_set_fd_providers (DmkRunner *runner, const DmkFdProvider *const *providers)
{
  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_ptr_array_set_size (runner->providers, 0);
  for (guint i = 0; providers != NULL && providers[i] != NULL; i++)
    g_ptr_array_add (runner->providers, (gpointer) providers[i]);
}

GArray *
dmk_runner_plan (const DmkSettings *settings, GArray *specs, GError **error)
{
  g_autoptr (GArray) owned = NULL;
  GArray *jobs;
  DmkDirection dirs[3];
  guint n_dirs = 0;

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
          {
            g_array_unref (jobs);
            return NULL;
          }
        g_array_append_val (jobs, job);
      }
  return jobs;
}

/* ---- progress, delivered in the caller's main context ---- */

typedef struct
{
  DmkRunner *runner;
  DmkProgress progress;
  DmkTestResult *test;
} ProgressMsg;

static void
progress_msg_free (gpointer data)
{
  ProgressMsg *m = data;

  g_object_unref (m->runner);
  dmk_test_result_free (m->test);
  g_free (m);
}

static gboolean
progress_dispatch (gpointer data)
{
  ProgressMsg *m = data;

  m->progress.test = m->test;
  if (m->runner->progress_func != NULL)
    m->runner->progress_func (&m->progress, m->runner->progress_data);
  return G_SOURCE_REMOVE;
}

void
_dmk_run_data_free (RunData *d)
{
  g_object_unref (d->runner);
  g_main_context_unref (d->context);
  g_free (d->path);
  dmk_settings_clear (&d->settings);
  g_array_unref (d->jobs);
  g_free (d->comment);
  g_ptr_array_unref (d->providers);
  g_clear_pointer (&d->partial, dmk_result_unref);
  g_free (d->temp_sensor);
  g_free (d);
}

void
_dmk_run_post (RunData *d, const DmkProgress *p, const DmkTestResult *test)
{
  ProgressMsg *m = g_new0 (ProgressMsg, 1);

  m->runner = g_object_ref (d->runner);
  m->progress = *p;
  m->progress.test = NULL;
  if (test != NULL)
    m->test = dmk_test_result_copy (test);
  g_main_context_invoke_full (d->context, G_PRIORITY_DEFAULT, progress_dispatch, m,
                              progress_msg_free);
}

static gboolean
sleep_cancellable (GCancellable *cancellable, gint64 us)
{
  gint64 end = g_get_monotonic_time () + us;

  while (!g_cancellable_is_cancelled (cancellable))
    {
      gint64 left = end - g_get_monotonic_time ();
      if (left <= 0)
        return TRUE;
      g_usleep (MIN (left, TICK_US));
    }
  return FALSE;
}

/* What all workers had completed at one moment of a pass. */
typedef struct
{
  gint64 t;
  guint64 bytes, ios, lat_ns;
  gboolean has_celsius; /* the drive's newest temperature then */
  double celsius;
} Tally;

static Tally
tally (Worker *workers, guint n, gint64 t)
{
  Tally s = { .t = t };

  for (guint i = 0; i < n; i++)
    {
      s.bytes += __atomic_load_n (&workers[i].bytes, __ATOMIC_RELAXED);
      s.ios += __atomic_load_n (&workers[i].pub_ios, __ATOMIC_RELAXED);
      s.lat_ns += __atomic_load_n (&workers[i].pub_lat_ns, __ATOMIC_RELAXED);
    }
  return s;
}

/* The pass's series from the tallies taken while it ran: intervals from the first submission
 * to the last completion, without gaps, the last one ending with the pass's totals, so that
 * their bytes add up to the pass's exactly. */
static G_GNUC_NO_INLINE GArray *
make_series (const GArray *tallies, gint64 first, gint64 last, Tally total)
{
  GArray *series = g_array_new (FALSE, TRUE, sizeof (DmkSample));
  Tally prev = { .t = first };

  for (guint i = 0; i <= tallies->len; i++)
    {
      Tally cur = i < tallies->len ? g_array_index (tallies, Tally, i) : total;
      DmkSample s;

      if (i == tallies->len)
        cur.t = last;
      else if (cur.t <= first || cur.t >= last)
        continue;
      s.end_s = (double) (cur.t - first) / 1e9;
      s.bytes = cur.bytes - prev.bytes;
      s.ios = cur.ios - prev.ios;
      s.latency_us = s.ios > 0 ? (double) (cur.lat_ns - prev.lat_ns) / (double) s.ios / 1000.0 : 0;
      s.has_celsius = cur.has_celsius;
      s.celsius = cur.celsius;
      if (cur.t > prev.t)
        g_array_append_val (series, s);
      prev = cur;
    }
  return series;
}

/* One point of a pass's series, taken by the coordinator every dmk_series_interval_ns (). Kept
 * out of line so that bench/scan-cost can count what it costs. */
static G_GNUC_NO_INLINE void
take_sample (const RunData *d, Worker *workers, guint n, gint64 t, gint64 start, GArray *tallies,
             DmkProgress *prog)
{
  Tally now = tally (workers, n, t);
  /* A copy: appending may move the array. */
  Tally prev = tallies->len > 0 ? g_array_index (tallies, Tally, tallies->len - 1)
                                : (Tally){ .t = start };

  now.has_celsius = d->temperature.known;
  now.celsius = d->temp_now_c;
  if (tallies->len < DMK_SERIES_MAX_POINTS)
    g_array_append_val (tallies, now);
  prog->n_samples++;
  prog->sample_end_s = (double) (t - start) / 1e9;
  prog->sample_mb_per_s = (double) (now.bytes - prev.bytes) * 1000.0 / (double) (t - prev.t);
  prog->sample_has_celsius = now.has_celsius;
  prog->sample_celsius = now.celsius;
}

/* Runs one pass: all threads start together, stop together, and share one window from the
 * first submission to the last completion, in-flight I/Os drained and counted. Its series is
 * tallied every dmk_series_interval_ns () as it goes. */
static gboolean
run_pass (RunData *d, Worker *workers, guint n, guint seconds, gint *stop, DmkProgress *prog,
          DmkPass *pass, DmkHistogram *hist, GArray **series, GCancellable *cancellable,
          GError **error)
{
  gint64 start, deadline, next_live, next_sample, first = G_MAXINT64, last = 0;
  gint64 every = dmk_series_interval_ns (d->settings.measure_s);
  g_autoptr (GArray) tallies = g_array_new (FALSE, TRUE, sizeof (Tally));
  Tally total = { 0 };
  guint64 bytes = 0, ios = 0;

  __atomic_store_n (stop, 0, __ATOMIC_RELAXED);
  for (guint i = 0; i < n; i++)
    worker_reset_pass (&workers[i]);
  start = now_ns ();
  deadline = start + (gint64) seconds * G_GINT64_CONSTANT (1000000000);
  next_live = start + LIVE_EVERY_NS;
  next_sample = start + every;
  prog->n_samples = 0;
  for (guint i = 0; i < n; i++)
    workers[i].thread = g_thread_new ("dmk-io", worker_pass, &workers[i]);

  while (TRUE)
    {
      gint64 t = now_ns ();
      gboolean failed = FALSE;

      for (guint i = 0; i < n; i++)
        failed |= __atomic_load_n (&workers[i].error, __ATOMIC_RELAXED) != 0;
      if (t >= deadline || failed || g_cancellable_is_cancelled (cancellable))
        break;
      _dmk_run_sample_temperature (d, t);
      /* Only measured passes keep a series; a warm-up is not tallied. */
      if (series != NULL && t >= next_sample)
        {
          take_sample (d, workers, n, t, start, tallies, prog);
          next_sample = t + every;
          next_live = t; /* the new point is shown at once */
        }
      if (t >= next_live && prog->phase == DMK_PHASE_MEASURE)
        {
          Tally so_far = tally (workers, n, t);

          prog->live_mb_per_s = (double) so_far.bytes * 1000.0 / (double) (t - start);
          prog->live_iops = (double) so_far.ios * 1e9 / (double) (t - start);
          prog->live_latency_us =
            so_far.ios > 0 ? (double) so_far.lat_ns / (double) so_far.ios / 1000.0 : 0.0;
          _dmk_run_post (d, prog, NULL);
          next_live = t + LIVE_EVERY_NS;
        }
      g_usleep ((gulong) MIN (TICK_US, MAX ((deadline - t) / 1000, 1)));
    }
  __atomic_store_n (stop, 1, __ATOMIC_RELAXED);
  for (guint i = 0; i < n; i++)
    {
      g_thread_join (workers[i].thread);
      workers[i].thread = NULL;
    }

  dmk_histogram_reset (hist);
  for (guint i = 0; i < n; i++)
    {
      Worker *w = &workers[i];
      if (w->error != 0)
        {
          /* The offset is formatted apart: a msgid cannot hold G_GUINT64_FORMAT. */
          g_autofree char *offset = g_strdup_printf ("%" G_GUINT64_FORMAT, w->error_offset);
          g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("I/O error on “%s” at offset %s: %s"),
                       d->path, offset, g_strerror (w->error));
          return FALSE;
        }
      bytes += w->bytes;
      ios += w->ios_done;
      total.bytes += w->bytes;
      total.ios += w->hist.count;
      total.lat_ns += w->hist.sum_ns;
      if (w->first_submit != 0)
        first = MIN (first, w->first_submit);
      last = MAX (last, w->last_complete);
      dmk_histogram_merge (hist, &w->hist);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  pass->bytes = bytes;
  pass->seconds = last > first ? (double) (last - first) / 1e9 : 0.0;
  pass->mb_per_s = pass->seconds > 0 ? (double) bytes / pass->seconds / 1e6 : 0.0;
  pass->iops = pass->seconds > 0 ? (double) ios / pass->seconds : 0.0;
  total.has_celsius = d->temperature.known;
  total.celsius = d->temp_now_c;
  if (series != NULL)
    *series = first < last ? make_series (tallies, first, last, total)
                           : g_array_new (FALSE, TRUE, sizeof (DmkSample));
  return TRUE;
}

static DmkTestResult *
run_test (RunData *d, DmkTarget *target, guint index, GCancellable *cancellable, GError **error)
{
  const DmkJob *job = &g_array_index (d->jobs, DmkJob, index);
  guint n = job->spec.threads;
  g_autofree Worker *workers = g_new0 (Worker, n);
  g_autofree DmkHistogram *hist = g_new0 (DmkHistogram, 1);
  DmkTestResult *test = NULL;
  DmkProgress prog = { 0 };
  gint stop = 0;
  guint set_up = 0;
  gboolean ok = TRUE;

  prog.test_index = index;
  prog.n_tests = d->jobs->len;
  prog.spec = job->spec;
  prog.direction = job->direction;
  prog.n_passes = d->settings.passes;

  if (job->spec.block_size % dmk_target_get_offset_align (target) != 0)
    {
      g_autofree char *name = dmk_test_spec_to_name (&job->spec);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: direct I/O on “%s” needs blocks that are a multiple of %u "
                     "bytes"),
                   name, d->path, dmk_target_get_offset_align (target));
      return NULL;
    }
  for (; set_up < n && ok; set_up++)
    ok = worker_setup (&workers[set_up], set_up, target, job, &d->settings, &stop, error);

  if (ok)
    test = dmk_test_result_new (&job->spec, job->direction);
  /* Pass 0 is the warm-up, left out when it is set to none. */
  for (guint p = dmk_settings_warmup_s (&d->settings) > 0 ? 0 : 1; ok && p <= d->settings.passes;
       p++)
    {
      DmkPass pass = { 0 };
      GArray *series = NULL;

      prog.phase = p == 0 ? DMK_PHASE_WARMUP : DMK_PHASE_MEASURE;
      prog.pass = p;
      prog.live_mb_per_s = 0;
      prog.live_iops = 0;
      prog.live_latency_us = 0;
      _dmk_run_post (d, &prog, NULL);
      ok = run_pass (d, workers, n,
                     p > 0 ? d->settings.measure_s : dmk_settings_warmup_s (&d->settings), &stop, &prog, &pass, hist, p > 0 ? &series : NULL, cancellable, error);
      if (ok && p > 0)
        {
          dmk_test_result_add_pass_series (test, &pass, hist, series);
          prog.phase = DMK_PHASE_PASS_DONE;
          prog.live_mb_per_s = pass.mb_per_s;
          prog.live_iops = pass.iops;
          prog.live_latency_us = dmk_histogram_mean (hist) / 1000.0;
          _dmk_run_post (d, &prog, NULL);
        }
    }
  for (guint i = 0; i < set_up; i++)
    worker_clear (&workers[i]);
  if (!ok)
    {
      dmk_test_result_free (test);
      return NULL;
    }
  prog.phase = DMK_PHASE_TEST_DONE;
  _dmk_run_post (d, &prog, test);
  return test;
}

static void
layout_progress (double fraction, gpointer user_data)
{
  RunData *d = user_data;
  DmkProgress prog = { .phase = DMK_PHASE_LAYOUT, .fraction = fraction };

  prog.n_tests = d->jobs->len;
  _dmk_run_post (d, &prog, NULL);
}

/* What a stopped or failed run finished stays a result of its own, marked so that nobody takes
 * it for a whole run. */
static void
keep_partial (RunData *d, DmkResult *result, guint done)
{
  if (result->tests->len == 0)
    return;
  g_ptr_array_add (result->warnings,
                   g_strdup_printf (_("Interrupted: only %u of %u tests ran."), done,
                                    d->jobs->len));
  result->kind = d->kind;
  d->partial = dmk_result_ref (result);
}

/* The result the tests are added to: what was asked, what the target is, and the warnings
 * known before the first I/O. */
DmkResult *
_dmk_run_new_result (RunData *d, DmkTarget *target)
{
  DmkResult *result = dmk_result_new ();
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  GPtrArray *w;

  result->date = g_date_time_format_iso8601 (now);
  g_free (result->engine);
  result->engine = g_strdup (dmk_engine_kind_to_string (d->settings.engine));
  dmk_target_info_clear (&result->target);
  dmk_target_info_copy (&result->target, dmk_target_get_info (target));
  dmk_settings_clear (&result->settings);
  dmk_settings_copy (&result->settings, &d->settings);
  result->os = dmk_sysinfo_os_description ();
  g_free (result->comment);
  result->comment = g_strdup (d->comment ? d->comment : "");
  w = dmk_target_get_warnings (target);
  for (guint i = 0; i < w->len; i++)
    g_ptr_array_add (result->warnings, g_strdup (g_ptr_array_index (w, i)));
  if (d->settings.data == DMK_DATA_ZERO)
    g_ptr_array_add (result->warnings,
                     g_strdup (_("The test data was all zeros: drives and filesystems that "
                                 "compress or deduplicate handle zeros far faster than real "
                                 "data.")));
  if (d->settings.engine == DMK_ENGINE_PSYNC)
    for (guint i = 0; i < d->jobs->len; i++)
      if (g_array_index (d->jobs, DmkJob, i).spec.queue_depth > 1)
        {
          g_ptr_array_add (result->warnings,
                           g_strdup (_("The psync engine does one I/O at a time: tests with a "
                                       "queue depth above 1 ran at depth 1 per thread.")));
          break;
        }
  return result;
}

void
_dmk_run_resolve_engine (RunData *d, DmkResult *result)
{
  g_autofree char *warning = NULL;

  d->settings.engine = dmk_engine_resolve (d->settings.engine, &warning);
  result->settings.engine = d->settings.engine;
  g_free (result->engine);
  result->engine = g_strdup (dmk_engine_kind_to_string (d->settings.engine));
  if (warning != NULL)
    g_ptr_array_add (result->warnings, g_steal_pointer (&warning));
}

/* A sweep starts at the smallest block the target takes: on a folder with 4 KiB direct-I/O
 * alignment, 512 B to 2 KiB cannot run, and the result says so rather than failing. */
static void
skip_unaligned (RunData *d, DmkTarget *target, DmkResult *result)
{
  guint32 align = dmk_target_get_offset_align (target);
  guint skipped = 0;

  for (guint i = d->jobs->len; i-- > 0;)
    if (g_array_index (d->jobs, DmkJob, i).spec.block_size % align != 0)
      {
        g_array_remove_index (d->jobs, i);
        skipped++;
      }
  if (skipped > 0)
    g_ptr_array_add (result->warnings,
                     g_strdup_printf (_("Block sizes below %u bytes were left out: direct I/O on "
                                        "“%s” needs multiples of %u bytes."),
                                      align, d->path, align));
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
      if (!sleep_cancellable (cancellable, G_USEC_PER_SEC))
        break;
    }
}

const char *
_dmk_run_sysfs_root (void)
{
  const char *root = g_getenv ("GDISKMARK_SYSFS_ROOT");

  return root != NULL && *root != '\0' ? root : "/sys";
}

char *
_dmk_run_target_disk (DmkTarget *target)
{
  struct stat st;
  DmkBlockFacts facts = { 0 };
  char *disk;

  if (fstat (dmk_target_get_fd (target), &st) != 0 ||
      !dmk_block_facts_for_dev (S_ISBLK (st.st_mode) ? st.st_rdev : st.st_dev, &facts))
    return NULL;
  disk = g_steal_pointer (&facts.disk);
  dmk_block_facts_clear (&facts);
  return disk;
}

/* Polled I/O needs io_uring and a device with poll queues (queue/io_poll = 1: NVMe with
 * nvme.poll_queues set, null_blk); anywhere else the run says why, before any I/O. */
static gboolean
poll_available (RunData *d, const char *disk, GError **error)
{
  g_autofree char *file = NULL, *value = NULL;

  if (d->settings.engine != DMK_ENGINE_IO_URING)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Polled I/O needs the io_uring engine, and this run uses %s: leave out "
                     "--poll"),
                   dmk_engine_kind_to_string (d->settings.engine));
      return FALSE;
    }
  if (disk == NULL)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Polled I/O is not available on “%s”: it is not on a block device that "
                     "could poll; leave out --poll"),
                   d->path);
      return FALSE;
    }
  file = g_strdup_printf ("%s/block/%s/queue/io_poll", _dmk_run_sysfs_root (), disk);
  if (!g_file_get_contents (file, &value, NULL, NULL) || strcmp (g_strstrip (value), "1") != 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Polled I/O is not available on %s: its queue has no poll queues (%s is "
                     "%s). NVMe drives get them from the nvme.poll_queues module parameter; "
                     "leave out --poll."),
                   disk, file, value != NULL ? value : "missing");
      return FALSE;
    }
  return TRUE;
}

/* The link the target's drive hangs on, for the plausibility checks, and the warnings known
 * for the run as a whole (a buffered test smaller than memory, device-mapper underneath). */
static void
find_link (const char *disk, DmkResult *result, DmkLink *link)
{
  if (disk != NULL)
    dmk_link_find (_dmk_run_sysfs_root (), disk, link);
  dmk_plausibility_check_run (result, disk, dmk_sysinfo_ram_bytes ());
}

static void
take_temperature (RunData *d, double c)
{
  if (!d->temperature.known)
    d->temperature.before_c = d->temperature.peak_c = c;
  d->temperature.known = TRUE;
  d->temperature.peak_c = MAX (d->temperature.peak_c, c);
  d->temp_now_c = c;
}

void
_dmk_run_start_temperature (RunData *d, const char *disk)
{
  double c;

  g_clear_pointer (&d->temp_sensor, g_free);
  if (disk == NULL)
    return;
  d->temp_sensor = dmk_temperature_sensor (_dmk_run_sysfs_root (), disk);
  if (dmk_temperature_read (d->temp_sensor, &c))
    take_temperature (d, c);
  d->temp_next = now_ns () + G_GINT64_CONSTANT (500000000);
}

void
_dmk_run_sample_temperature (RunData *d, gint64 now)
{
  double c;

  if (d->temp_sensor == NULL || now < d->temp_next)
    return;
  d->temp_next = now + G_GINT64_CONSTANT (500000000);
  if (dmk_temperature_read (d->temp_sensor, &c))
    take_temperature (d, c);
}

void
_dmk_run_stamp_temperature (const RunData *d, DmkSample *sample)
{
  sample->has_celsius = d->temperature.known;
  sample->celsius = d->temperature.known ? d->temp_now_c : 0;
}

void
_dmk_run_finish_temperature (RunData *d, DmkResult *result)
{
  double c;

  if (!d->temperature.known)
    return;
  d->temperature.after_c = dmk_temperature_read (d->temp_sensor, &c) ? c : d->temp_now_c;
  d->temperature.peak_c = MAX (d->temperature.peak_c, d->temperature.after_c);
  result->temperature = d->temperature;
}

static void
run_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RunData *d = task_data;
  g_autoptr (DmkTarget) target = NULL;
  g_autoptr (DmkResult) result = NULL;
  GError *error = NULL;
  gboolean write = FALSE;
  DmkProgress prog = { .phase = DMK_PHASE_OPEN };
  DmkLink link = { 0 };
  g_autofree char *disk = NULL;

  for (guint i = 0; i < d->jobs->len; i++)
    write |= g_array_index (d->jobs, DmkJob, i).direction != DMK_DIRECTION_READ;

  prog.n_tests = d->jobs->len;
  _dmk_run_post (d, &prog, NULL);
  g_ptr_array_add (d->providers, NULL);
  target = dmk_target_open (d->path, &d->settings, write,
                            (const DmkFdProvider *const *) d->providers->pdata, cancellable,
                            &error);
  if (target == NULL || !dmk_target_prepare (target, layout_progress, d, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  result = _dmk_run_new_result (d, target);
  _dmk_run_resolve_engine (d, result);
  if (d->kind == DMK_KIND_SWEEP)
    skip_unaligned (d, target, result);
  disk = _dmk_run_target_disk (target);
  if (d->settings.poll && !poll_available (d, disk, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  find_link (disk, result, &link);
  _dmk_run_start_temperature (d, disk);
  for (guint i = 0; i < d->jobs->len; i++)
    {
      DmkTestResult *test;

      if (i > 0 && d->settings.interval_s > 0)
        wait_interval (d, i, cancellable);
      test = g_cancellable_set_error_if_cancelled (cancellable, &error)
               ? NULL
               : run_test (d, target, i, cancellable, &error);
      if (test == NULL)
        {
          _dmk_run_finish_temperature (d, result);
          keep_partial (d, result, i);
          dmk_link_clear (&link);
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (result->tests, test);
      dmk_plausibility_check_test (result, test, &link);
    }
  dmk_link_clear (&link);
  _dmk_run_finish_temperature (d, result);
  result->kind = d->kind;
  g_task_return_pointer (task, g_steal_pointer (&result), (GDestroyNotify) dmk_result_unref);
}

RunData *
_dmk_run_data_new (DmkRunner *runner, const char *path, const DmkSettings *settings,
                   GArray *jobs, const char *comment, DmkResultKind kind)
{
  RunData *d = g_new0 (RunData, 1);

  d->runner = g_object_ref (runner);
  d->context = g_main_context_ref_thread_default ();
  d->path = g_strdup (path);
  dmk_settings_copy (&d->settings, settings);
  if (d->settings.mode == DMK_MODE_READ)
    d->settings.mix_read_percent = 0; /* the result must not claim a mix that never ran */
  d->jobs = jobs != NULL ? jobs : g_array_new (FALSE, TRUE, sizeof (DmkJob));
  d->comment = g_strdup (comment);
  d->providers = g_ptr_array_copy (runner->providers, NULL, NULL);
  d->kind = kind;
  return d;
}

static void
start_run (DmkRunner *runner, const char *path, const DmkSettings *settings, GArray *specs,
           const char *comment, DmkResultKind kind, GCancellable *cancellable,
           GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  GError *error = NULL;
  GArray *jobs;

  task = g_task_new (runner, cancellable, callback, user_data);
  g_task_set_source_tag (task, dmk_runner_run_async);
  g_task_set_name (task, "dmk-runner");
  jobs = dmk_runner_plan (settings, specs, &error);
  if (jobs == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, _dmk_run_data_new (runner, path, settings, jobs, comment, kind),
                        (GDestroyNotify) _dmk_run_data_free);
  g_task_run_in_thread (task, run_thread);
}

void
dmk_runner_run_jobs_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                           GArray *jobs, const char *comment, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  GArray *copy;

  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_return_if_fail (path != NULL && settings != NULL && jobs != NULL);
  task = g_task_new (runner, cancellable, callback, user_data);
  g_task_set_source_tag (task, dmk_runner_run_async);
  g_task_set_name (task, "dmk-runner");
  for (guint i = 0; i < jobs->len; i++)
    {
      GError *error = NULL;
      if (!dmk_test_spec_validate (&g_array_index (jobs, DmkJob, i).spec, &error))
        {
          g_task_return_error (task, error);
          return;
        }
    }
  copy = g_array_sized_new (FALSE, TRUE, sizeof (DmkJob), jobs->len);
  g_array_append_vals (copy, jobs->data, jobs->len);
  g_task_set_task_data (task,
                        _dmk_run_data_new (runner, path, settings, copy, comment, DMK_KIND_GRID),
                        (GDestroyNotify) _dmk_run_data_free);
  g_task_run_in_thread (task, run_thread);
}

void
dmk_runner_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                      GArray *specs, const char *comment, GCancellable *cancellable,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_return_if_fail (path != NULL);
  g_return_if_fail (settings != NULL);
  start_run (runner, path, settings, specs, comment, DMK_KIND_GRID, cancellable, callback,
             user_data);
}

void
dmk_sweep_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                     GArray *specs, const char *comment, GCancellable *cancellable,
                     GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_return_if_fail (path != NULL);
  g_return_if_fail (settings != NULL);
  g_return_if_fail (specs != NULL);
  start_run (runner, path, settings, specs, comment, DMK_KIND_SWEEP, cancellable, callback,
             user_data);
}

DmkResult *
dmk_runner_run_finish (DmkRunner *runner, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, runner), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

DmkResult *
dmk_runner_run_get_partial (DmkRunner *runner, GAsyncResult *result)
{
  RunData *d;

  g_return_val_if_fail (g_task_is_valid (result, runner), NULL);
  d = g_task_get_task_data (G_TASK (result));
  return d != NULL && d->partial != NULL ? dmk_result_ref (d->partial) : NULL;
}
