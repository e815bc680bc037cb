/* dmk-run-prologue.c: what every run does before its first I/O and after its last: open and lay
 * out the target, make the result, resolve the engine, find the disk, its link and its
 * temperature; then stamp the temperature and hand the result, or what was kept, back. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>

#include "dmk-build-tree.h"
#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-run-private.h"
#include "dmk-sysinfo.h"

static void
layout_progress (double fraction, gpointer user_data)
{
  RunData *d = user_data;
  DmkProgress prog = { .phase = DMK_PHASE_LAYOUT, .fraction = fraction };

  prog.n_tests = d->jobs != NULL ? d->jobs->len : 1;
  _dmk_run_post (d, &prog, NULL);
}

/* The result the tests are added to: what was asked, what the target is, and the warnings
 * known before the first I/O. */
static DmkResult *
new_result (RunData *d)
{
  DmkResult *result = dmk_result_new ();
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  GPtrArray *w = dmk_target_get_warnings (d->target);

  result->kind = d->kind;
  result->date = g_date_time_format_iso8601 (now);
  dmk_target_info_clear (&result->target);
  dmk_target_info_copy (&result->target, dmk_target_get_info (d->target));
  dmk_settings_clear (&result->settings);
  dmk_settings_copy (&result->settings, &d->settings);
  result->os = dmk_sysinfo_os_description ();
  g_free (result->comment);
  result->comment = g_strdup (d->comment ? d->comment : "");
  for (guint i = 0; i < w->len; i++)
    g_ptr_array_add (result->warnings, g_strdup (g_ptr_array_index (w, i)));
  if (d->settings.data == DMK_DATA_ZERO)
    g_ptr_array_add (result->warnings,
                     g_strdup (_("The test data was all zeros: drives and filesystems that "
                                 "compress or deduplicate handle zeros far faster than real "
                                 "data.")));
  return result;
}

/* io_uring where the kernel allows it and the target can take its I/O without a worker thread,
 * else libaio, said in the result; psync's depth said. */
static void
resolve_engine (RunData *d)
{
  g_autofree char *warning = NULL;
  DmkResult *result = d->result;
  gboolean uring_asked = d->settings.engine == DMK_ENGINE_IO_URING;

  for (guint i = 0; d->jobs != NULL && i < d->jobs->len; i++)
    {
      const DmkJob *job = &g_array_index (d->jobs, DmkJob, i);

      uring_asked |= job->has_engine && job->engine == DMK_ENGINE_IO_URING;
    }
  /* A fio job's own io_uring (DmkJob.engine) is held to the same two checks. */
  d->uring_ok = uring_asked && dmk_engine_io_uring_usable (NULL) &&
                (d->settings.poll ||
                 dmk_fd_can_nowait (dmk_target_get_fd (d->target),
                                    MAX (dmk_target_get_offset_align (d->target),
                                         dmk_target_get_mem_align (d->target))));
  d->settings.engine = dmk_engine_resolve (d->settings.engine, &warning);
  /* Polled I/O keeps io_uring: only io_uring polls, and poll_available() says the rest. */
  if (d->settings.engine == DMK_ENGINE_IO_URING && !d->uring_ok)
    {
      d->settings.engine = DMK_ENGINE_LIBAIO;
      /* TRANSLATORS: io_uring's worker threads (io-wq); "many times slower" at queue depth 1 */
      warning = g_strdup (_("On this target io_uring hands every I/O to a kernel thread, many "
                            "times slower: this run used libaio."));
    }
  result->settings.engine = d->settings.engine;
  g_free (result->engine);
  result->engine = g_strdup (dmk_engine_kind_to_string (d->settings.engine));
  if (warning != NULL)
    g_ptr_array_add (result->warnings, g_steal_pointer (&warning));
  if (d->settings.engine != DMK_ENGINE_PSYNC)
    return;
  for (guint i = 0; d->jobs != NULL && i < d->jobs->len; i++)
    if (g_array_index (d->jobs, DmkJob, i).spec.queue_depth > 1)
      {
        g_ptr_array_add (result->warnings,
                         g_strdup (_("The psync engine does one I/O at a time: tests with a "
                                     "queue depth above 1 ran at depth 1 per thread.")));
        return;
      }
}

static const char *
sysfs_root (void)
{
  const char *root = dmk_test_hook ("GDISKMARK_SYSFS_ROOT");

  return root != NULL ? root : "/sys";
}

/* The disk (sda, nvme0n1) under the target: the device itself, or the one holding its
 * filesystem; NULL when there is none (tmpfs). GDISKMARK_SYSFS_ROOT, when set, is the sysfs the
 * run reads instead of /sys (tests). */
static char *
target_disk (DmkTarget *target)
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
poll_available (RunData *d, GError **error)
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
  if (d->disk == NULL)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Polled I/O is not available on “%s”: it is not on a block device that "
                     "could poll; leave out --poll"),
                   d->path);
      return FALSE;
    }
  file = g_strdup_printf ("%s/block/%s/queue/io_poll", sysfs_root (), d->disk);
  value = dmk_read_value (file);
  if (value == NULL || strcmp (value, "1") != 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                   _("Polled I/O is not available on %s: its queue has no poll queues (%s is "
                     "%s). NVMe drives get them from the nvme.poll_queues module parameter; "
                     "leave out --poll."),
                   d->disk, file, value != NULL ? value : "missing");
      return FALSE;
    }
  return TRUE;
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

static void
start_temperature (RunData *d)
{
  double c;

  if (d->disk == NULL)
    return;
  d->temp_sensor = dmk_temperature_sensor (sysfs_root (), d->disk);
  if (dmk_temperature_read (d->temp_sensor, &c))
    take_temperature (d, c);
  if (d->temperature.known && dmk_temperature_warning (d->temp_sensor, &c))
    d->temperature.warning_c = c;
  d->temp_next = dmk_now_ns () + G_GINT64_CONSTANT (500000000);
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

static void
finish_temperature (RunData *d)
{
  double c;

  if (!d->temperature.known || d->result == NULL)
    return;
  d->temperature.after_c = dmk_temperature_read (d->temp_sensor, &c) ? c : d->temp_now_c;
  d->temperature.peak_c = MAX (d->temperature.peak_c, d->temperature.after_c);
  d->result->temperature = d->temperature;
}

gboolean
_dmk_run_prologue (RunData *d, gboolean write, gboolean layout, GCancellable *cancellable,
                   GError **error)
{
  DmkProgress prog = { .phase = DMK_PHASE_OPEN };

  prog.n_tests = d->jobs != NULL ? d->jobs->len : 1;
  _dmk_run_post (d, &prog, NULL);
  d->target = dmk_target_open (d->path, &d->settings, write, d->has_consent ? &d->consent : NULL,
                               (const DmkFdProvider *const *) d->providers->pdata, cancellable,
                               error);
  if (d->target == NULL)
    return FALSE;
  if (layout && !dmk_target_prepare (d->target, layout_progress, d, cancellable, error))
    return FALSE;
  d->result = new_result (d);
  resolve_engine (d);
  d->disk = target_disk (d->target);
  d->served_by_thread = d->disk != NULL && g_str_has_prefix (d->disk, "loop");
  if (d->settings.poll && !poll_available (d, error))
    return FALSE;
  /* The link the target's drive hangs on, for the plausibility checks, and the warnings known
   * for the run as a whole (a buffered test smaller than memory, device-mapper underneath). */
  if (d->disk != NULL)
    {
      dmk_link_find (sysfs_root (), d->disk, &d->link);
      d->result->chain = dmk_chain_find (sysfs_root (), d->disk);
    }
  /* The machine's state as the run begins: power, profiles, the filesystem's fill level. */
  dmk_conditions_read (sysfs_root (), d->path, &d->result->conditions);
  dmk_plausibility_check_run (d->result, d->disk, dmk_sysinfo_ram_bytes ());
  start_temperature (d);
  _dmk_run_others_start (d, sysfs_root ());
  return TRUE;
}

void
_dmk_run_epilogue (RunData *d, GTask *task, GError *error, gboolean kept, const char *warning)
{
  finish_temperature (d);
  _dmk_run_others_finish (d);
  if (error == NULL)
    {
      g_task_return_pointer (task, g_steal_pointer (&d->result),
                             (GDestroyNotify) dmk_result_unref);
      return;
    }
  if (kept && d->result != NULL)
    {
      /* What a stopped or failed run measured stays a result of its own, marked so that
       * nobody takes it for a whole run. */
      g_ptr_array_add (d->result->warnings, g_strdup (warning));
      d->partial = g_steal_pointer (&d->result);
    }
  g_task_return_error (task, error);
}

void
_dmk_run_set_io_error (RunData *d, GError **error, const char *what, int err, guint64 offset)
{
  /* The offset is formatted apart: a msgid cannot hold G_GUINT64_FORMAT. */
  g_autofree char *at = g_strdup_printf ("%" G_GUINT64_FORMAT, offset);

  /* TRANSLATORS: "I/O error on “/mnt” at offset 4096 (a read): Input/output error" */
  g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("I/O error on “%s” at offset %s (%s): %s"),
               d->path, at, what, g_strerror (err));
}

void
_dmk_run_set_begin_error (RunData *d, GError **error, const char *engine, int err)
{
  if (g_strcmp0 (engine, "io_uring") == 0)
    /* TRANSLATORS: "… on “/mnt”: io_uring_setup() failed: Operation not permitted. …" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                 _("Could not start a pass on “%s”: io_uring_setup() failed: %s. The kernel "
                   "refused io_uring after the run began (kernel.io_uring_disabled, or a "
                   "seccomp filter); run again, or choose the libaio engine."),
                 d->path, g_strerror (err));
  else
    /* TRANSLATORS: "… on “/mnt”: the libaio engine could not start: Resource temporarily …" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_ENGINE,
                 _("Could not start a pass on “%s”: the %s engine could not start: %s"), d->path,
                 engine, g_strerror (err));
}
