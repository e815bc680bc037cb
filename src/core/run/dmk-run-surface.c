/* dmk-run-surface.c: rate over position as a plan over the one pipeline: bounded passes of one
 * reader over samples spread evenly through the span, then random reads for the access time. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-random.h"
#include "dmk-run-private.h"

#define DEFAULT_SAMPLE ((guint64) 10 << 20)

static gboolean
measure_access (RunData *d, DmkSurface *surface, GCancellable *cancellable, GError **error)
{
  guint32 bs = MAX (DMK_ALIGN_FLOOR, dmk_target_get_offset_align (d->target));
  guint64 blocks = surface->span_bytes / bs, rng = dmk_rng_seed (), prev_end = 0;
  int fd = dmk_target_get_fd (d->target);
  void *buf = NULL;
  gboolean ok = TRUE;

  surface->access_block = bs;
  if (blocks == 0 ||
      posix_memalign (&buf, MAX (DMK_ALIGN_FLOOR, dmk_target_get_mem_align (d->target)), bs) != 0)
    return TRUE;
  for (guint i = 0; ok && i < d->scan.access_reads; i++)
    {
      DmkAccessPoint p;
      gint64 t0;
      int err;

      if ((i & 15) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      p.offset = dmk_rng_below (&rng, blocks) * bs;
      t0 = dmk_now_ns ();
      err = dmk_file_transfer (fd, buf, bs, p.offset, FALSE);
      p.latency_us = (double) (dmk_now_ns () - t0) / 1e3;
      _dmk_run_others_add (d, err == 0 ? bs : 0, 0);
      if (err != 0)
        {
          _dmk_run_set_io_error (d, error, _("a read"), err, p.offset);
          ok = FALSE;
          break;
        }
      p.distance = p.offset > prev_end ? p.offset - prev_end : prev_end - p.offset;
      prev_end = p.offset + bs;
      g_array_append_val (surface->access, p);
    }
  free (buf);
  return ok;
}

/* The surface's span and sample size on this target, or FALSE with error set. */
static gboolean
surface_size (RunData *d, guint64 *span_out, guint64 *sample_out, GError **error)
{
  const DmkTargetInfo *info = dmk_target_get_info (d->target);
  guint32 bs = d->scan.spec.block_size;
  guint64 span = info->kind == DMK_TARGET_BLOCK_DEVICE ? info->size_bytes
                                                         : dmk_target_get_test_size (d->target);
  guint64 sample = d->scan.sample_bytes;

  span -= span % bs;
  /* Unless asked for, 10 MiB a sample, or less where they would overlap, but one block at least
   * (many samples over a small span then overlap: rate over position all the same). */
  if (sample == 0)
    {
      sample = MIN (DEFAULT_SAMPLE, span / MAX (d->scan.samples, 1u));
      sample = MAX (sample - sample % bs, (guint64) bs);
    }
  sample -= sample % bs;
  if (sample == 0 || sample > span)
    {
      g_autofree char *want = dmk_format_size (sample == 0 ? bs : sample);
      g_autofree char *have = dmk_format_size (span);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Samples of %s do not fit in the %s of “%s”"), want, have, d->path);
      return FALSE;
    }
  *span_out = span;
  *sample_out = sample;
  return TRUE;
}

static void
post_point (RunData *d, const DmkSurface *surface, const DmkSurfacePoint *p, guint i)
{
  DmkProgress prog = { .phase = DMK_PHASE_MEASURE, .n_tests = 1, .pass = 1, .n_passes = 1 };
  guint n = d->scan.samples;

  prog.spec = surface->spec;
  prog.direction = surface->direction;
  prog.fraction = (double) (i + 1) / (n + (d->scan.access_reads > 0 ? 1 : 0));
  prog.n_samples = i + 1;
  prog.position = (double) p->offset / (double) surface->span_bytes;
  prog.sample_mb_per_s = p->seconds > 0 ? (double) p->bytes / p->seconds / 1e6 : 0;
  prog.live_mb_per_s = prog.sample_mb_per_s;
  prog.bytes_done = p->offset + p->bytes;
  _dmk_run_post (d, &prog, NULL);
}

/* Each sample is one bounded pass of the one reader over its region. */
static gboolean
run_samples (RunData *d, DmkWorkers *ws, DmkSurface *surface, GCancellable *cancellable,
             GError **error)
{
  g_autofree DmkHistogram *hist = g_new0 (DmkHistogram, 1);
  DmkPassPlan plan = { 0 };
  DmkProgress prog = { .phase = DMK_PHASE_MEASURE, .n_tests = 1, .pass = 1, .n_passes = 1 };
  guint32 bs = surface->spec.block_size;
  guint64 room = (surface->span_bytes - surface->sample_bytes) / bs;
  guint n = d->scan.samples;
  Worker *w = &ws->w[0];

  for (guint i = 0; i < n; i++)
    {
      /* Evenly from the first byte to the last sample's place at the end of the span. */
      guint64 block = n > 1 ? (guint64) ((double) room * i / (n - 1) + 0.5) : 0;
      DmkSurfacePoint p = { .offset = MIN (block, room) * bs };
      DmkPassOutcome out = { .hist = hist };

      w->region_start = p.offset / bs;
      w->region_blocks = surface->sample_bytes / bs;
      w->seq_next = 0;
      w->limit_ios = w->region_blocks;
      if (!_dmk_run_pass (d, ws, &plan, &prog, &out, cancellable, error))
        return FALSE;
      p.bytes = out.pass.bytes;
      p.seconds = out.pass.seconds;
      g_array_append_val (surface->points, p);
      post_point (d, surface, &p, i);
    }
  return TRUE;
}

static gboolean
run_surface (RunData *d, GCancellable *cancellable, GError **error)
{
  DmkJob job = { d->scan.spec, d->scan.direction };
  DmkWorkers ws = { 0 };
  DmkSurface *surface;
  guint64 span, sample;
  gboolean ok;

  /* One reader walks the span, as GNOME Disks' does. */
  job.spec.threads = 1;
  if (!surface_size (d, &span, &sample, error))
    return FALSE;
  dmk_target_set_test_size (d->target, span);
  surface = d->result->surface = dmk_surface_new ();
  surface->span_bytes = span;
  surface->sample_bytes = sample;
  surface->spec = job.spec;
  surface->direction = d->scan.direction;
  ok = _dmk_workers_setup (d, &ws, &job, error) &&
       run_samples (d, &ws, surface, cancellable, error);
  _dmk_workers_clear (&ws);
  if (ok && d->scan.access_reads > 0)
    ok = measure_access (d, surface, cancellable, error);
  return ok;
}

static void
surface_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RunData *d = task_data;
  GError *error = NULL;
  gboolean kept;

  /* A surface of a folder reads a laid-out file; a device is read as it is. */
  if (!_dmk_run_prologue (d, d->scan.direction != DMK_DIRECTION_READ, TRUE, cancellable, &error))
    {
      _dmk_run_epilogue (d, task, error, FALSE, NULL);
      return;
    }
  run_surface (d, cancellable, &error);
  kept = d->result->surface != NULL && d->result->surface->points->len > 0;
  _dmk_run_epilogue (d, task, error, kept,
                     _("Interrupted: the result holds what was measured before the stop."));
}

void
dmk_surface_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
                       const DmkScanOptions *options, const char *comment,
                       GCancellable *cancellable, GAsyncReadyCallback callback,
                       gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  GError *error = NULL;
  DmkSettings s;
  gboolean ok;

  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_return_if_fail (path != NULL && settings != NULL && options != NULL);
  g_return_if_fail (options->kind == DMK_KIND_SURFACE);
  ok = _dmk_scan_check (settings, options, &s, path, &error);
  if (ok && (options->samples < 1 || options->samples > DMK_SURFACE_MAX_SAMPLES ||
             options->access_reads > DMK_ACCESS_MAX_READS || options->direction == DMK_DIRECTION_MIX))
    {
      g_set_error (&error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("A surface scan takes 1 to %u samples and up to %u access-time reads"),
                   DMK_SURFACE_MAX_SAMPLES, DMK_ACCESS_MAX_READS);
      ok = FALSE;
    }
  task = _dmk_run_task_new (runner, dmk_surface_run_async, path, &s, NULL, comment,
                            DMK_KIND_SURFACE, cancellable, callback, user_data);
  dmk_settings_clear (&s);
  ((RunData *) g_task_get_task_data (task))->scan = *options;
  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_run_in_thread (task, surface_thread);
}

DmkResult *
dmk_surface_run_finish (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                        GError **error)
{
  return _dmk_run_task_finish (runner, result, dmk_surface_run_async, partial, error);
}
