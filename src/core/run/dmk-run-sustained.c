/* dmk-run-sustained.c: a sustained write as a plan over the one pipeline: one bounded pass
 * through a span, its series kept at any length, the folder's free space watched. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "dmk-error.h"
#include "dmk-run-private.h"

#define FIRST_INTERVAL_NS (100 * G_GINT64_CONSTANT (1000000))
#define FREE_CHECK_NS (G_GINT64_CONSTANT (1000000000))

void
dmk_scan_options_init (DmkScanOptions *o, DmkResultKind kind)
{
  g_return_if_fail (o != NULL);
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

typedef struct
{
  RunData *d;
  int fd;
  guint64 margin;
  gint64 next_free_check;
  char *low_space; /* set when the folder's free space ran low */
} Watch;

/* The span was reserved before the first write: free space that falls now is someone else's
 * writing, and the run makes room rather than fill the filesystem. */
static gboolean
watch_free_space (RunData *d, gint64 t, gpointer data)
{
  Watch *w = data;
  struct statvfs v;

  if (w->margin == 0 || t < w->next_free_check)
    return TRUE;
  w->next_free_check = t + FREE_CHECK_NS;
  if (fstatvfs (w->fd, &v) == 0 && (guint64) v.f_bavail * v.f_frsize < w->margin / 2)
    {
      g_autofree char *left = dmk_format_size ((guint64) v.f_bavail * v.f_frsize);
      w->low_space = g_strdup_printf (_("Stopped early: only %s was left free on “%s” "
                                        "(something else is writing there)."),
                                      left, d->path);
      return FALSE;
    }
  return TRUE;
}

static guint64
device_span (RunData *d, const DmkTargetInfo *info, GError **error)
{
  guint64 span = d->scan.span_bytes;

  if (d->scan.span == DMK_SPAN_FREE)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("“%s” is a device, which has no free space to fill: give a size, or the "
                     "whole device"),
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

/* The span of a sustained write on this target, or 0 with error set. */
static guint64
sustained_span (RunData *d, guint64 *margin, GError **error)
{
  const DmkTargetInfo *info = dmk_target_get_info (d->target);
  guint64 span = d->scan.span_bytes;

  *margin = 0;
  if (info->kind == DMK_TARGET_BLOCK_DEVICE)
    return device_span (d, info, error);
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

/* The span reserved in a folder before the first write, so that the run cannot fill it. */
static gboolean
reserve (RunData *d, guint64 span, GError **error)
{
  int err;
  g_autofree char *size = NULL;

  if (dmk_target_get_info (d->target)->kind != DMK_TARGET_DIRECTORY ||
      fallocate (dmk_target_get_fd (d->target), 0, 0, (off_t) span) == 0 || errno == EOPNOTSUPP)
    return TRUE;
  err = errno;
  size = dmk_format_size (span);
  g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE, _("Could not reserve %s in “%s”: %s"), size,
               d->path, g_strerror (err));
  return FALSE;
}

static void
finish_sustained (DmkSustained *st, GArray *series)
{
  if (series != NULL)
    {
      g_array_unref (st->series);
      st->series = series;
    }
  st->bytes = 0;
  for (guint i = 0; i < st->series->len; i++)
    st->bytes += g_array_index (st->series, DmkSample, i).bytes;
  st->seconds = st->series->len > 0
                  ? g_array_index (st->series, DmkSample, st->series->len - 1).end_s
                  : 0;
  st->mb_per_s = st->seconds > 0 ? (double) st->bytes / st->seconds / 1e6 : 0;
  st->cliff = dmk_cliff_detect (st->series);
}

static gboolean
run_sustained (RunData *d, Watch *watch, GCancellable *cancellable, GError **error)
{
  DmkJob job = { d->scan.spec, DMK_DIRECTION_WRITE };
  g_autofree DmkHistogram *hist = g_new0 (DmkHistogram, 1);
  DmkPassOutcome out = { .hist = hist };
  DmkPassPlan plan = { .sample_every_ns = FIRST_INTERVAL_NS,
                       .max_points = DMK_SUSTAINED_MAX_POINTS,
                       .min_points = DMK_SUSTAINED_MIN_POINTS,
                       .live = TRUE,
                       .tick = watch_free_space,
                       .tick_data = watch };
  DmkProgress prog = { .phase = DMK_PHASE_MEASURE, .n_tests = 1, .pass = 1, .n_passes = 1 };
  guint64 span, unit = (guint64) d->scan.spec.block_size * d->scan.spec.threads;
  DmkWorkers ws = { 0 };
  gboolean ok;

  span = sustained_span (d, &watch->margin, error);
  span -= span % unit;
  if (span == 0 || !reserve (d, span, error))
    return FALSE;
  dmk_target_set_test_size (d->target, span);
  d->result->sustained = dmk_sustained_new ();
  d->result->sustained->span_bytes = span;
  d->result->sustained->spec = d->scan.spec;
  ok = _dmk_workers_setup (d, &ws, &job, error);
  for (guint i = 0; ok && i < ws.n; i++)
    ws.w[i].limit_ios = ws.w[i].region_blocks;
  prog.spec = d->scan.spec;
  prog.direction = DMK_DIRECTION_WRITE;
  watch->fd = dmk_target_get_fd (d->target);
  watch->next_free_check = dmk_now_ns () + FREE_CHECK_NS;
  if (ok)
    ok = _dmk_run_pass (d, &ws, &plan, &prog, &out, cancellable, error);
  _dmk_workers_clear (&ws);
  /* What was written up to a stop or an error is kept: the caller decides what it means. */
  finish_sustained (d->result->sustained, out.series);
  return ok;
}

static void
sustained_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RunData *d = task_data;
  GError *error = NULL;
  Watch watch = { .d = d };
  gboolean kept;

  /* A sustained write writes its own span: there is no test file to lay out. */
  if (!_dmk_run_prologue (d, TRUE, FALSE, cancellable, &error))
    {
      _dmk_run_epilogue (d, task, error, FALSE, NULL);
      return;
    }
  run_sustained (d, &watch, cancellable, &error);
  if (watch.low_space != NULL)
    g_ptr_array_add (d->result->warnings, watch.low_space);
  kept = d->result->sustained != NULL && d->result->sustained->bytes > 0;
  _dmk_run_epilogue (d, task, error, kept,
                     _("Interrupted: the result holds what was measured before the stop."));
}

gboolean
_dmk_scan_check (const DmkSettings *settings, const DmkScanOptions *options, DmkSettings *out,
                 const char *path, GError **error)
{
  dmk_settings_copy (out, settings);
  /* The target is opened with the smallest test file: a sustained write sizes its own span, and
   * a surface of a folder lays out span_bytes. */
  out->size_bytes = DMK_SIZE_MIN;
  if (options->kind == DMK_KIND_SURFACE && options->span_bytes > 0 &&
      g_file_test (path, G_FILE_TEST_IS_DIR))
    out->size_bytes = options->span_bytes;
  out->mode = options->direction == DMK_DIRECTION_READ ? DMK_MODE_READ : DMK_MODE_WRITE;
  out->mix_read_percent = 0;
  return dmk_settings_validate (out, error) && dmk_test_spec_validate (&options->spec, error);
}

void
dmk_sustained_run_async (DmkRunner *runner, const char *path, const DmkSettings *settings,
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
  g_return_if_fail (options->kind == DMK_KIND_SUSTAINED);
  ok = _dmk_scan_check (settings, options, &s, path, &error);
  task = _dmk_run_task_new (runner, dmk_sustained_run_async, path, &s, NULL, comment,
                            DMK_KIND_SUSTAINED, cancellable, callback, user_data);
  dmk_settings_clear (&s);
  ((RunData *) g_task_get_task_data (task))->scan = *options;
  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_run_in_thread (task, sustained_thread);
}

DmkResult *
dmk_sustained_run_finish (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                          GError **error)
{
  return _dmk_run_task_finish (runner, result, dmk_sustained_run_async, partial, error);
}
