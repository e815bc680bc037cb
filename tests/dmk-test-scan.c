/* dmk-test-scan.c: what the scan tests share: a scan run to its end in the main loop, settings
 * for a short scan, a result through JSON and back, a series' fullest interval, free space. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-loop.h"
#include "dmk-test-scan.h"

static void
fill_free_space (Run *run)
{
  g_autofree char *path = g_build_filename (run->fill_dir, "filler", NULL);
  struct statvfs v;
  guint64 free_now;
  int fd;

  g_assert_cmpint (statvfs (run->fill_dir, &v), ==, 0);
  free_now = (guint64) v.f_bavail * v.f_frsize;
  g_assert_cmpuint (free_now, >, run->fill_leave);
  fd = open (path, O_WRONLY | O_CREAT, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (fallocate (fd, 0, 0, (off_t) (free_now - run->fill_leave)), ==, 0);
  close (fd);
  g_clear_pointer (&run->fill_dir, g_free);
}

static void
on_progress (const DmkProgress *p, gpointer user_data)
{
  Run *run = user_data;

  if (p->phase != DMK_PHASE_MEASURE)
    return;
  run->n_measure++;
  g_assert_cmpfloat (p->fraction, >=, 0);
  g_assert_cmpfloat (p->fraction, <=, 1);
  g_assert_cmpuint (p->bytes_done, >=, run->last_bytes_done);
  run->last_bytes_done = p->bytes_done;
  run->last_position = p->position;
  if (run->fill_dir != NULL)
    fill_free_space (run);
  if (run->cancel_on_measure != NULL)
    g_cancellable_cancel (run->cancel_on_measure);
}

static void
on_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Run *run = user_data;

  run->result = run->finish (DMK_RUNNER (source), res, &run->partial, &run->error);
  g_main_loop_quit (run->loop);
}

void
run_scan (Run *run, const char *path, const DmkSettings *s, const DmkScanOptions *o,
          GArray *sweep_specs)
{
  g_autoptr (DmkRunner) runner = dmk_runner_new ();

  run->loop = g_main_loop_new (NULL, FALSE);
  dmk_runner_set_progress_func (runner, on_progress, run, NULL);
  dmk_test_consent (runner, path, s);
  if (sweep_specs != NULL)
    {
      run->finish = dmk_sweep_run_finish;
      dmk_sweep_run_async (runner, path, s, sweep_specs, "", run->cancel_on_measure, on_done,
                           run);
    }
  else if (o->kind == DMK_KIND_SUSTAINED)
    {
      run->finish = dmk_sustained_run_finish;
      dmk_sustained_run_async (runner, path, s, o, "", run->cancel_on_measure, on_done, run);
    }
  else
    {
      run->finish = dmk_surface_run_finish;
      dmk_surface_run_async (runner, path, s, o, "", run->cancel_on_measure, on_done, run);
    }
  g_main_loop_run (run->loop);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_main_loop_unref (run->loop);
}

void
run_clear (Run *run)
{
  g_clear_pointer (&run->result, dmk_result_unref);
  g_clear_pointer (&run->partial, dmk_result_unref);
  g_clear_error (&run->error);
  g_clear_object (&run->cancel_on_measure);
  g_free (run->fill_dir);
  memset (run, 0, sizeof *run);
}

void
settings_for_scan (DmkSettings *s)
{
  dmk_settings_init_default (s);
  s->passes = 1;
  s->measure_s = 1;
  s->interval_s = 0;
}

DmkResult *
json_round_trip (DmkResult *r)
{
  g_autofree char *json = dmk_result_to_json (r);
  g_autoptr (GError) error = NULL;
  DmkResult *back = dmk_result_from_json (json, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpint (back->kind, ==, r->kind);
  return back;
}

/* The most bytes one interval of the series holds. */
guint64
fullest_interval (const GArray *series)
{
  guint64 most = 0;

  for (guint i = 0; i < series->len; i++)
    most = MAX (most, g_array_index (series, DmkSample, i).bytes);
  return most;
}

guint64
free_bytes (const char *dir)
{
  struct statvfs v;

  g_assert_cmpint (statvfs (dir, &v), ==, 0);
  return (guint64) v.f_bavail * v.f_frsize;
}
