/* dmk-scan-run.c: running the scans: a sustained write through a span, and rate over position
 * with access times, in a worker thread like the grid's run. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-random.h"
#include "dmk-runner-private.h"
#include "dmk-scan.h"
#include "dmk-series.h"

#define TICK_US 20000
#define LIVE_EVERY_NS (250 * G_GINT64_CONSTANT (1000000))
#define FIRST_INTERVAL_NS (100 * G_GINT64_CONSTANT (1000000))
#define FREE_CHECK_NS (G_GINT64_CONSTANT (1000000000))

void
dmk_scan_options_init (DmkScanOptions *o, DmkResultKind kind)
{
  memset (o, 0, sizeof *o);
  o->kind = kind;
  o->span = DMK_SPAN_SIZE;
  o->spec.pattern = DMK_PATTERN_SEQUENTIAL;
  o->spec.block_size = 1 << 20;
  o->spec.threads = 1;
  if (kind == DMK_KIND_SUSTAINED)
    {
      o->span_bytes = (guint64) 8 << 30;
      o->spec.queue_depth = 8;
      o->direction = DMK_DIRECTION_WRITE;
    }
  else
    {
      o->span_bytes = (guint64) 1 << 30;
      o->spec.queue_depth = 1;
      o->direction = DMK_DIRECTION_READ;
      o->samples = 100;
      o->sample_bytes = (guint64) 10 << 20;
      o->access_reads = 1000;
    }
}

guint64
dmk_scan_free_margin (guint64 size_bytes)
{
  /* Two percent, and never less than 64 MiB: a filesystem is never filled to its last
   * percent, whatever its size. */
  return MAX (size_bytes / 50, (guint64) 64 << 20);
}

/* ---- the part every scan shares: one bounded pass of the workers over their regions ---- */

typedef gboolean (*TickFunc) (gint64 now, gpointer data);

/* Starts the workers, calls tick every TICK_US until they have all finished their limit (or
 * tick returns FALSE, or a cancel), then stops and drains them. FALSE with error on an I/O
 * error or a cancel. */
static gboolean
run_bounded (RunData *d, Worker *workers, guint n, gint *stop, TickFunc tick, gpointer data,
             GCancellable *cancellable, GError **error)
{
  __atomic_store_n (stop, 0, __ATOMIC_RELAXED);
  for (guint i = 0; i < n; i++)
    {
      worker_reset_pass (&workers[i]);
      workers[i].thread = g_thread_new ("dmk-io", worker_pass, &workers[i]);
    }
  while (TRUE)
    {
      guint done = 0;
      gboolean failed = FALSE;

      for (guint i = 0; i < n; i++)
        {
          done += __atomic_load_n (&workers[i].finished, __ATOMIC_ACQUIRE) != 0;
          failed |= __atomic_load_n (&workers[i].error, __ATOMIC_RELAXED) != 0;
        }
      if (done == n || failed || g_cancellable_is_cancelled (cancellable))
        break;
      if (tick != NULL && !tick (now_ns (), data))
        break;
      g_usleep (TICK_US);
    }
  __atomic_store_n (stop, 1, __ATOMIC_RELAXED);
  for (guint i = 0; i < n; i++)
    {
      g_thread_join (workers[i].thread);
      workers[i].thread = NULL;
    }
  for (guint i = 0; i < n; i++)
    if (workers[i].error != 0)
      {
        g_autofree char *offset = g_strdup_printf ("%" G_GUINT64_FORMAT, workers[i].error_offset);
        g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("I/O error on “%s” at offset %s: %s"),
                     d->path, offset, g_strerror (workers[i].error));
        return FALSE;
      }
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static gboolean
setup_workers (RunData *d, DmkTarget *target, Worker *workers, guint n, gint *stop, guint *set_up,
               GError **error)
{
  DmkJob job = { d->scan.spec, d->scan.direction };

  if (job.spec.block_size % dmk_target_get_offset_align (target) != 0)
    {
      g_autofree char *name = dmk_test_spec_to_name (&job.spec);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: direct I/O on “%s” needs blocks that are a multiple of %u "
                     "bytes"),
                   name, d->path, dmk_target_get_offset_align (target));
      return FALSE;
    }
  for (*set_up = 0; *set_up < n; (*set_up)++)
    if (!worker_setup (&workers[*set_up], *set_up, target, &job, &d->settings, stop, error))
      {
        (*set_up)++; /* a half set-up worker is cleared too */
        return FALSE;
      }
  return TRUE;
}

/* ---- sustained write ---- */

typedef struct
{
  RunData *d;
  Worker *workers;
  guint n;
  int fd;
  guint64 span, margin;
  gboolean directory;
  gint64 start, every, next_sample, next_live, next_free_check;
  guint64 prev_bytes, prev_ios, prev_lat;
  gint64 prev_t;
  GArray *series;
  char *low_space; /* set when the folder's free space ran low */
} Sustained;

static void
merge_pairs (GArray *series)
{
  guint out = 0;

  for (guint i = 0; i < series->len; i += 2, out++)
    {
      DmkSample a = g_array_index (series, DmkSample, i);

      if (i + 1 < series->len)
        {
          const DmkSample *b = &g_array_index (series, DmkSample, i + 1);
          double lat = a.ios + b->ios > 0 ? (a.latency_us * (double) a.ios +
                                             b->latency_us * (double) b->ios) /
                                              (double) (a.ios + b->ios)
                                          : 0;
          a.end_s = b->end_s;
          a.bytes += b->bytes;
          a.ios += b->ios;
          a.latency_us = lat;
          if (b->has_celsius)
            {
              a.has_celsius = TRUE;
              a.celsius = b->celsius; /* the reading at the merged interval's end */
            }
        }
      g_array_index (series, DmkSample, out) = a;
    }
  g_array_set_size (series, out);
}

static void
sustained_sample (Sustained *s, gint64 t, gboolean last)
{
  guint64 bytes = 0, ios = 0, lat = 0;
  DmkSample sample;

  for (guint i = 0; i < s->n; i++)
    {
      bytes += __atomic_load_n (&s->workers[i].bytes, __ATOMIC_RELAXED);
      ios += __atomic_load_n (&s->workers[i].pub_ios, __ATOMIC_RELAXED);
      lat += __atomic_load_n (&s->workers[i].pub_lat_ns, __ATOMIC_RELAXED);
    }
  if (t <= s->prev_t)
    {
      /* Nothing of the pass is left out: a last moment that ends no later than the previous
       * sample adds its bytes to it. */
      if (last && s->series->len > 0)
        {
          DmkSample *p = &g_array_index (s->series, DmkSample, s->series->len - 1);
          p->bytes += bytes - s->prev_bytes;
          p->ios += ios - s->prev_ios;
        }
      return;
    }
  sample.end_s = (double) (t - s->start) / 1e9;
  sample.bytes = bytes - s->prev_bytes;
  sample.ios = ios - s->prev_ios;
  sample.latency_us = sample.ios > 0 ? (double) (lat - s->prev_lat) / (double) sample.ios / 1e3 : 0;
  _dmk_run_stamp_temperature (s->d, &sample);
  g_array_append_val (s->series, sample);
  if (s->series->len >= DMK_SUSTAINED_MAX_POINTS)
    {
      merge_pairs (s->series);
      s->every *= 2;
    }
  s->prev_bytes = bytes;
  s->prev_ios = ios;
  s->prev_lat = lat;
  s->prev_t = t;
}

static gboolean
sustained_tick (gint64 t, gpointer data)
{
  Sustained *s = data;

  _dmk_run_sample_temperature (s->d, t);
  if (t >= s->next_sample)
    {
      sustained_sample (s, t, FALSE);
      s->next_sample = t + s->every;
      s->next_live = t;
    }
  if (t >= s->next_live && s->series->len > 0)
    {
      DmkProgress prog = { .phase = DMK_PHASE_MEASURE, .n_tests = 1, .pass = 1, .n_passes = 1 };

      prog.spec = s->d->scan.spec;
      prog.direction = DMK_DIRECTION_WRITE;
      prog.bytes_done = s->prev_bytes;
      prog.fraction = (double) s->prev_bytes / (double) s->span;
      prog.n_samples = s->series->len;
      prog.sample_end_s = (double) (s->prev_t - s->start) / 1e9;
      prog.sample_mb_per_s = dmk_sample_mb_per_s (s->series, s->series->len - 1);
      prog.sample_has_celsius =
        g_array_index (s->series, DmkSample, s->series->len - 1).has_celsius;
      prog.sample_celsius = g_array_index (s->series, DmkSample, s->series->len - 1).celsius;
      prog.live_mb_per_s = prog.sample_mb_per_s;
      prog.position = prog.fraction;
      _dmk_run_post (s->d, &prog, NULL);
      s->next_live = t + LIVE_EVERY_NS;
    }
  if (s->directory && t >= s->next_free_check)
    {
      struct statvfs v;

      s->next_free_check = t + FREE_CHECK_NS;
      /* The span was reserved before the first write: free space that falls now is someone
       * else's writing, and the run makes room rather than fill the filesystem. */
      if (fstatvfs (s->fd, &v) == 0 && (guint64) v.f_bavail * v.f_frsize < s->margin / 2)
        {
          g_autofree char *left = dmk_format_size ((guint64) v.f_bavail * v.f_frsize);
          s->low_space = g_strdup_printf (_("Stopped early: only %s was left free on “%s” "
                                            "(something else is writing there)."),
                                          left, s->d->path);
          return FALSE;
        }
    }
  return TRUE;
}

/* The span of a sustained write on this target, or 0 with error set. */
static guint64
sustained_span (RunData *d, DmkTarget *target, guint64 *margin, GError **error)
{
  const DmkTargetInfo *info = dmk_target_get_info (target);
  guint64 span = d->scan.span_bytes;

  *margin = 0;
  if (info->kind == DMK_TARGET_BLOCK_DEVICE)
    {
      if (d->scan.span == DMK_SPAN_FREE)
        {
          g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                       _("“%s” is a device, which has no free space to fill: give a size, or "
                         "the whole device"),
                       d->path);
          return 0;
        }
      if (d->scan.span == DMK_SPAN_DEVICE)
        span = info->size_bytes;
      if (span > info->size_bytes)
        {
          g_autofree char *want = dmk_format_size (span);
          g_autofree char *have = dmk_format_size (info->size_bytes);
          g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                       _("%s is more than “%s” holds (%s)"), want, d->path, have);
          return 0;
        }
      return span;
    }
  *margin = dmk_scan_free_margin (info->size_bytes);
  if (d->scan.span == DMK_SPAN_DEVICE)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("“%s” is a folder: give a size, or all of its free space"), d->path);
      return 0;
    }
  if (d->scan.span == DMK_SPAN_FREE)
    span = info->free_bytes > *margin ? info->free_bytes - *margin : 0;
  if (span == 0 || span + *margin > info->free_bytes)
    {
      g_autofree char *want = dmk_format_size (span);
      g_autofree char *keep = dmk_format_size (*margin);
      g_autofree char *have = dmk_format_size (info->free_bytes);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE,
                   _("Not enough free space in “%s”: writing %s and keeping %s free needs more "
                     "than the %s that is free. Choose a smaller size."),
                   d->path, want, keep, have);
      return 0;
    }
  return span;
}

static gboolean
run_sustained (RunData *d, DmkTarget *target, DmkResult *result, GCancellable *cancellable,
               GError **error)
{
  guint n = d->scan.spec.threads, set_up = 0;
  g_autofree Worker *workers = g_new0 (Worker, n);
  guint64 unit = (guint64) d->scan.spec.block_size * n, margin;
  guint64 span = sustained_span (d, target, &margin, error);
  Sustained s = { 0 };
  gint stop = 0;
  gboolean ok;
  gint64 last = 0;

  span -= span % unit;
  if (span == 0)
    return FALSE;
  dmk_target_set_test_size (target, span);
  if (dmk_target_get_info (target)->kind == DMK_TARGET_DIRECTORY &&
      fallocate (dmk_target_get_fd (target), 0, 0, (off_t) span) != 0 && errno != EOPNOTSUPP)
    {
      int err = errno;
      g_autofree char *size = dmk_format_size (span);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE, _("Could not reserve %s in “%s”: %s"),
                   size, d->path, g_strerror (err));
      return FALSE;
    }
  ok = setup_workers (d, target, workers, n, &stop, &set_up, error);
  for (guint i = 0; ok && i < n; i++)
    workers[i].limit_ios = workers[i].region_blocks;

  result->sustained = dmk_sustained_new ();
  result->sustained->span_bytes = span;
  result->sustained->spec = d->scan.spec;
  s.d = d;
  s.workers = workers;
  s.n = n;
  s.fd = dmk_target_get_fd (target);
  s.span = span;
  s.margin = margin;
  s.directory = dmk_target_get_info (target)->kind == DMK_TARGET_DIRECTORY;
  s.series = result->sustained->series;
  s.every = FIRST_INTERVAL_NS;
  s.start = s.prev_t = now_ns ();
  s.next_sample = s.start + s.every;
  s.next_live = s.start + LIVE_EVERY_NS;
  s.next_free_check = s.start + FREE_CHECK_NS;
  if (ok)
    ok = run_bounded (d, workers, n, &stop, sustained_tick, &s, cancellable, error);
  for (guint i = 0; i < n; i++)
    last = MAX (last, workers[i].last_complete);
  /* What was written up to a stop or an error is kept: the caller decides what it means. */
  sustained_sample (&s, MAX (last, s.prev_t), TRUE);
  for (guint i = 0; i < set_up; i++)
    worker_clear (&workers[i]);
  for (guint i = 0; i < s.series->len; i++)
    result->sustained->bytes += g_array_index (s.series, DmkSample, i).bytes;
  result->sustained->seconds = s.series->len > 0
                                 ? g_array_index (s.series, DmkSample, s.series->len - 1).end_s
                                 : 0;
  result->sustained->mb_per_s = result->sustained->seconds > 0
                                  ? (double) result->sustained->bytes /
                                      result->sustained->seconds / 1e6
                                  : 0;
  result->sustained->cliff = dmk_cliff_detect (s.series);
  if (s.low_space != NULL)
    g_ptr_array_add (result->warnings, s.low_space);
  return ok;
}

/* ---- rate over position ---- */

static gboolean
measure_access (RunData *d, DmkTarget *target, DmkSurface *surface, GCancellable *cancellable,
                GError **error)
{
  guint32 bs = MAX (4096u, dmk_target_get_offset_align (target));
  guint64 blocks = surface->span_bytes / bs, rng = dmk_rng_seed (), prev_end = 0;
  int fd = dmk_target_get_fd (target);
  void *buf = NULL;

  surface->access_block = bs;
  if (blocks == 0 || posix_memalign (&buf, MAX (4096u, dmk_target_get_mem_align (target)), bs))
    return TRUE;
  for (guint i = 0; i < d->scan.access_reads; i++)
    {
      DmkAccessPoint p;
      gint64 t0;
      ssize_t r;

      if ((i & 15) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          free (buf);
          return FALSE;
        }
      p.offset = dmk_rng_below (&rng, blocks) * bs;
      t0 = now_ns ();
      do
        r = pread (fd, buf, bs, (off_t) p.offset);
      while (r < 0 && errno == EINTR);
      p.latency_us = (double) (now_ns () - t0) / 1e3;
      if (r != (ssize_t) bs)
        {
          g_autofree char *offset = g_strdup_printf ("%" G_GUINT64_FORMAT, p.offset);
          g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("I/O error on “%s” at offset %s: %s"),
                       d->path, offset, g_strerror (r < 0 ? errno : EIO));
          free (buf);
          return FALSE;
        }
      p.distance = p.offset > prev_end ? p.offset - prev_end : prev_end - p.offset;
      prev_end = p.offset + bs;
      g_array_append_val (surface->access, p);
    }
  free (buf);
  return TRUE;
}

static gboolean
run_surface (RunData *d, DmkTarget *target, DmkResult *result, GCancellable *cancellable,
             GError **error)
{
  const DmkTargetInfo *info = dmk_target_get_info (target);
  guint32 bs = d->scan.spec.block_size;
  guint64 span = info->kind == DMK_TARGET_BLOCK_DEVICE ? info->size_bytes
                                                         : dmk_target_get_test_size (target);
  guint64 sample = d->scan.sample_bytes - d->scan.sample_bytes % bs;
  guint n = d->scan.samples, set_up = 0;
  DmkSurface *surface;
  Worker worker;
  gint stop = 0;
  gboolean ok;

  span -= span % bs;
  if (sample == 0 || sample > span)
    {
      g_autofree char *want = dmk_format_size (d->scan.sample_bytes);
      g_autofree char *have = dmk_format_size (span);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Samples of %s do not fit in the %s of “%s”"), want, have, d->path);
      return FALSE;
    }
  dmk_target_set_test_size (target, span);
  surface = result->surface = dmk_surface_new ();
  surface->span_bytes = span;
  surface->sample_bytes = sample;
  surface->spec = d->scan.spec;
  surface->spec.threads = 1;
  surface->direction = d->scan.direction;
  ok = setup_workers (d, target, &worker, 1, &stop, &set_up, error);
  for (guint i = 0; ok && i < n; i++)
    {
      /* Evenly from the first byte to the last sample's place at the end of the span. */
      guint64 room = (span - sample) / bs;
      guint64 block = n > 1 ? (guint64) ((double) room * i / (n - 1) + 0.5) : 0;
      DmkSurfacePoint p = { .offset = MIN (block, room) * bs };
      DmkProgress prog = { .phase = DMK_PHASE_MEASURE, .n_tests = 1, .pass = 1, .n_passes = 1 };

      worker.region_start = p.offset / bs;
      worker.region_blocks = sample / bs;
      worker.seq_next = 0;
      worker.limit_ios = worker.region_blocks;
      ok = run_bounded (d, &worker, 1, &stop, NULL, NULL, cancellable, error);
      if (!ok)
        break;
      _dmk_run_sample_temperature (d, now_ns ());
      p.bytes = worker.bytes;
      p.seconds = (double) (worker.last_complete - worker.first_submit) / 1e9;
      g_array_append_val (surface->points, p);
      prog.spec = surface->spec;
      prog.direction = surface->direction;
      prog.fraction = (double) (i + 1) / (n + (d->scan.access_reads > 0 ? 1 : 0));
      prog.n_samples = i + 1;
      prog.position = span > 0 ? (double) p.offset / (double) span : 0;
      prog.sample_mb_per_s = p.seconds > 0 ? (double) p.bytes / p.seconds / 1e6 : 0;
      prog.live_mb_per_s = prog.sample_mb_per_s;
      prog.bytes_done = p.offset + p.bytes;
      _dmk_run_post (d, &prog, NULL);
    }
  if (set_up > 0)
    worker_clear (&worker);
  if (ok && d->scan.access_reads > 0)
    ok = measure_access (d, target, surface, cancellable, error);
  return ok;
}

/* ---- the task ---- */

static void
scan_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RunData *d = task_data;
  g_autoptr (DmkTarget) target = NULL;
  g_autoptr (DmkResult) result = NULL;
  DmkProgress prog = { .phase = DMK_PHASE_OPEN, .n_tests = 1 };
  gboolean write = d->scan.direction != DMK_DIRECTION_READ;
  g_autofree char *disk = NULL;
  GError *error = NULL;
  gboolean ok;

  _dmk_run_post (d, &prog, NULL);
  g_ptr_array_add (d->providers, NULL);
  target = dmk_target_open (d->path, &d->settings, write,
                            (const DmkFdProvider *const *) d->providers->pdata, cancellable,
                            &error);
  /* A surface of a folder reads a laid-out file; a sustained write writes its own. */
  if (target != NULL && d->kind == DMK_KIND_SURFACE &&
      !dmk_target_prepare (target, NULL, NULL, cancellable, &error))
    g_clear_pointer (&target, dmk_target_free);
  if (target == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  result = _dmk_run_new_result (d, target);
  result->kind = d->kind;
  _dmk_run_resolve_engine (d, result);
  disk = _dmk_run_target_disk (target);
  _dmk_run_start_temperature (d, disk);
  if (d->kind == DMK_KIND_SUSTAINED)
    ok = run_sustained (d, target, result, cancellable, &error);
  else
    ok = run_surface (d, target, result, cancellable, &error);
  _dmk_run_finish_temperature (d, result);
  if (!ok)
    {
      gboolean kept = d->kind == DMK_KIND_SUSTAINED
                        ? result->sustained != NULL && result->sustained->bytes > 0
                        : result->surface != NULL && result->surface->points->len > 0;
      if (kept)
        {
          g_ptr_array_add (result->warnings,
                           g_strdup (_("Interrupted: the result holds what was measured before "
                                       "the stop.")));
          d->partial = dmk_result_ref (result);
        }
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&result), (GDestroyNotify) dmk_result_unref);
}

void
dmk_scan_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                    const DmkScanOptions *options, const char *comment,
                    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  DmkSettings s;
  RunData *d;
  GError *error = NULL;

  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_return_if_fail (path != NULL && settings != NULL && options != NULL);
  g_return_if_fail (options->kind == DMK_KIND_SUSTAINED || options->kind == DMK_KIND_SURFACE);

  task = g_task_new (runner, cancellable, callback, user_data);
  g_task_set_source_tag (task, dmk_runner_run_async);
  g_task_set_name (task, "dmk-scan");
  dmk_settings_copy (&s, settings);
  /* The target is opened with the smallest test file: a sustained write sizes its own span, and
   * a surface of a folder lays out span_bytes. */
  s.size_bytes = DMK_SIZE_MIN;
  if (options->kind == DMK_KIND_SURFACE && options->span_bytes > 0 &&
      g_file_test (path, G_FILE_TEST_IS_DIR))
    s.size_bytes = options->span_bytes;
  s.mode = options->direction == DMK_DIRECTION_READ ? DMK_MODE_READ : DMK_MODE_WRITE;
  if (!dmk_test_spec_validate (&options->spec, &error) ||
      (options->kind == DMK_KIND_SURFACE &&
       (options->samples < 1 || options->samples > DMK_SURFACE_MAX_SAMPLES ||
        options->access_reads > DMK_ACCESS_MAX_READS)))
    {
      if (error == NULL)
        g_set_error (&error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                     _("A surface scan takes 1 to %u samples and up to %u access-time reads"),
                     DMK_SURFACE_MAX_SAMPLES, DMK_ACCESS_MAX_READS);
      dmk_settings_clear (&s);
      g_task_return_error (task, error);
      return;
    }
  d = _dmk_run_data_new (runner, path, &s, NULL, comment, options->kind);
  dmk_settings_clear (&s);
  d->scan = *options;
  if (options->kind == DMK_KIND_SURFACE)
    d->scan.spec.threads = 1; /* one reader walks the span, as GNOME Disks' does */
  g_task_set_task_data (task, d, (GDestroyNotify) _dmk_run_data_free);
  g_task_run_in_thread (task, scan_thread);
}
