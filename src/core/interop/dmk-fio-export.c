/* dmk-fio-export.c: a run's settings and jobs as the fio job file that makes fio do the same
 * I/O: the same block size, queue depth, threads (fio's numjobs, as threads), pattern, mix, test
 * size, time, warm-up (ramp_time), direct I/O, engine and data. The file's comments are English
 * on purpose: it is a file to share, like the text report. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>

#include "dmk-error.h"
#include "dmk-fio-private.h"
#include "dmk-sysinfo.h"

/* The name of the file fio makes in a directory: the first job lays it out, every later job
 * reuses it, and the last job's unlink=1 removes it. unlink=1 in [global] would remove it after
 * the first job, and every later read job would fail with ENOENT. */
#define FIO_FILE_NAME "gdiskmark-fio.tmp"

/* "1g", "512k", "4k", or bytes: fio reads k, m and g as powers of 1024 (its default kb_base). */
static char *
fio_size (guint64 bytes)
{
  const char *suffix = "kmgt";

  if (bytes == 0 || bytes % 1024 != 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
  for (int i = 3; i >= 0; i--)
    {
      guint64 unit = (guint64) 1 << (10 * (i + 1));
      if (bytes % unit == 0)
        return g_strdup_printf ("%" G_GUINT64_FORMAT "%c", bytes / unit, suffix[i]);
    }
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

/* fio's rw=: a stride is a sequential job with a gap after each I/O (rw=read:GAP, the gap in
 * bytes: the stride-1 records skipped); fio has no backward order, so a backward test is
 * exported forward and the job says so in a comment. */
static char *
fio_rw (const DmkJob *job)
{
  gboolean seq = job->spec.pattern != DMK_PATTERN_RANDOM;
  const char *rw;

  switch (job->direction)
    {
    case DMK_DIRECTION_READ:
      rw = seq ? "read" : "randread";
      break;
    case DMK_DIRECTION_WRITE:
      rw = seq ? "write" : "randwrite";
      break;
    case DMK_DIRECTION_MIX:
    default:
      rw = seq ? "rw" : "randrw";
      break;
    }
  if (job->spec.pattern == DMK_PATTERN_STRIDED)
    {
      g_autofree char *gap = fio_size ((guint64) (job->spec.stride - 1) * job->spec.block_size);
      return g_strdup_printf ("%s:%s", rw, gap);
    }
  return g_strdup (rw);
}

static char *
section_name (const DmkSettings *settings, const DmkJob *job)
{
  g_autofree char *test = dmk_test_spec_to_name (&job->spec);

  g_strdelimit (test, " ", '-');
  if (job->direction == DMK_DIRECTION_MIX)
    return g_strdup_printf ("%s-Mix%u", test, settings->mix_read_percent);
  return g_strdup_printf ("%s-%s", test, job->direction == DMK_DIRECTION_READ ? "Read" : "Write");
}

gboolean
_dmk_fio_is_block_device (const char *path)
{
  struct stat st;

  return path != NULL && stat (path, &st) == 0 && S_ISBLK (st.st_mode);
}

/* The engine GDiskMark's run on target would use: libaio instead of io_uring where the target
 * cannot take io_uring's I/O without a worker thread, as the run decides it (the run's
 * prologue); fio's io_uring there is as slow as ours would be. */
static DmkEngineKind
engine_for (const DmkSettings *settings, const char *target)
{
  if (settings->engine == DMK_ENGINE_IO_URING && !settings->poll &&
      !dmk_path_can_nowait (target))
    return DMK_ENGINE_LIBAIO;
  return settings->engine;
}

/* fio's name for an engine. */
static const char *
engine_name (DmkEngineKind engine)
{
  return engine == DMK_ENGINE_IO_URING ? "io_uring" : engine == DMK_ENGINE_LIBAIO ? "libaio"
                                                                                 : "psync";
}

/* The engine job runs on, as the run decides it: a fio job's own, or the file's engine, or
 * libaio for a deep queue of small I/O on a loop device (dmk_engine_for_test). */
static DmkEngineKind
job_engine (const DmkSettings *settings, DmkEngineKind engine, gboolean on_loop, const DmkJob *job)
{
  DmkSettings as_run = *settings;

  as_run.engine = engine;
  return dmk_runner_job_engine (&as_run, on_loop, job);
}

/* The options every job shares, as (name, value) pairs; value NULL for a flag. */
static GPtrArray *
global_options (const DmkSettings *settings, const char *target, gboolean device,
                DmkEngineKind engine)
{
  GPtrArray *o = g_ptr_array_new_with_free_func (g_free);

#define ADD(k, v) (g_ptr_array_add (o, g_strdup (k)), g_ptr_array_add (o, (v)))
  ADD ("ioengine", g_strdup (engine_name (engine)));
  if (engine == DMK_ENGINE_IO_URING)
    {
      /* GDiskMark's io_uring registers its buffers and its file, as these make fio do. */
      ADD ("fixedbufs", g_strdup ("1"));
      ADD ("registerfiles", g_strdup ("1"));
    }
  ADD ("direct", g_strdup (settings->direct ? "1" : "0"));
  ADD ("thread", NULL);
  ADD ("group_reporting", NULL);
  ADD ("time_based", NULL);
  ADD ("runtime", g_strdup_printf ("%u", settings->measure_s));
  ADD ("ramp_time", g_strdup_printf ("%u", dmk_settings_warmup_s (settings)));
  /* Random offsets drawn afresh each time, as GDiskMark's are, not a shuffled map. */
  ADD ("norandommap", NULL);
  ADD ("randrepeat", g_strdup ("0"));
  if (settings->data == DMK_DATA_ZERO)
    ADD ("zero_buffers", NULL);
  else
    ADD ("scramble_buffers", g_strdup ("1"));
  if (device)
    ADD ("filename", g_strdup (target));
  else
    {
      ADD ("directory", g_strdup (target));
      ADD ("filename", g_strdup (FIO_FILE_NAME));
    }
#undef ADD
  return o;
}

/* The options of one job: its I/O and its share of the test size. */
static GPtrArray *
job_options (const DmkSettings *settings, const DmkJob *job)
{
  GPtrArray *o = g_ptr_array_new_with_free_func (g_free);
  guint threads = job->spec.threads;

#define ADD(k, v) (g_ptr_array_add (o, g_strdup (k)), g_ptr_array_add (o, (v)))
  ADD ("rw", fio_rw (job));
  if (job->direction == DMK_DIRECTION_MIX)
    ADD ("rwmixread", g_strdup_printf ("%u", settings->mix_read_percent));
  ADD ("bs", fio_size (job->spec.block_size));
  ADD ("iodepth", g_strdup_printf ("%u", job->spec.queue_depth));
  ADD ("numjobs", g_strdup_printf ("%u", threads));
  if (job->spec.pattern != DMK_PATTERN_RANDOM && threads > 1)
    {
      /* Each thread streams through its own slice of the test size, as GDiskMark's do. */
      guint64 slice = settings->size_bytes / threads / job->spec.block_size * job->spec.block_size;
      ADD ("size", fio_size (slice));
      ADD ("offset_increment", fio_size (slice));
    }
  else
    ADD ("size", fio_size (settings->size_bytes));
#undef ADD
  return o;
}

static void
append_options (GString *s, GPtrArray *o)
{
  for (guint i = 0; i < o->len; i += 2)
    {
      const char *v = o->pdata[i + 1];
      if (v == NULL)
        g_string_append_printf (s, "%s\n", (const char *) o->pdata[i]);
      else
        g_string_append_printf (s, "%s=%s\n", (const char *) o->pdata[i], v);
    }
}

static void
append_arguments (GString *s, GPtrArray *o)
{
  for (guint i = 0; i < o->len; i += 2)
    {
      const char *v = o->pdata[i + 1];
      g_autofree char *quoted = v != NULL ? g_shell_quote (v) : NULL;

      g_string_append_printf (s, " --%s", (const char *) o->pdata[i]);
      if (v != NULL)
        g_string_append_printf (s, "=%s", strpbrk (v, " '\"$`\\!*?;&|<>()[]{}~#") != NULL
                                             ? quoted : v);
    }
}

/* One job as a command line of its own, with the shared options already decided. */
static char *
command_with (GPtrArray *global, const DmkSettings *settings, const DmkJob *job, gboolean device,
              const char *target, DmkEngineKind file_engine, DmkEngineKind own_engine)
{
  g_autoptr (GPtrArray) own = job_options (settings, job);
  g_autofree char *name = section_name (settings, job);
  g_autoptr (GPtrArray) global_own = NULL;
  GString *s = g_string_new ("fio");

  /* A job on another engine than the file's has its own, without io_uring's options. */
  if (own_engine != file_engine)
    global = global_own = global_options (settings, target, device, own_engine);
  g_string_append_printf (s, " --name=%s", name);
  append_arguments (s, global);
  append_arguments (s, own);
  /* One job on its own: its file goes when it ends. */
  if (!device)
    g_string_append (s, " --unlink=1");
  return g_string_free (s, FALSE);
}

char *
dmk_fio_command (const DmkSettings *settings, const DmkJob *job, const char *target)
{
  gboolean device = _dmk_fio_is_block_device (target);
  DmkEngineKind engine = engine_for (settings, target);
  g_autoptr (GPtrArray) global = global_options (settings, target, device, engine);

  return command_with (global, settings, job, device, target, engine,
                       job_engine (settings, engine, dmk_path_on_loop_device (target), job));
}

/* fio has no backward order and no one-record rewrite: such a job runs forward, and says so. */
static void
append_order_note (GString *s, const DmkJob *job)
{
  if (job->spec.pattern == DMK_PATTERN_BACKWARD)
    g_string_append (s, "; GDiskMark runs this test backwards (offsets descending); fio "
                        "cannot,\n; so this job runs forward and its number is a forward "
                        "one.\n");
  if (job->spec.pattern == DMK_PATTERN_RECORD)
    g_string_append (s, "; GDiskMark writes one record again and again (iozone's record "
                        "rewrite); fio\n; cannot, so this job runs forward and its number "
                        "is a forward one.\n");
}

char *
dmk_fio_job_export (const DmkSettings *settings, GArray *jobs, const char *target,
                    GError **error)
{
  gboolean device = _dmk_fio_is_block_device (target);
  g_autoptr (GPtrArray) global = NULL;
  g_autofree char *size = dmk_format_size (settings->size_bytes);
  DmkEngineKind engine;
  gboolean on_loop;
  GString *s;

  g_return_val_if_fail (jobs != NULL && target != NULL, NULL);
  if (device && !settings->allow_write_device)
    for (guint i = 0; i < jobs->len; i++)
      if (g_array_index (jobs, DmkJob, i).direction != DMK_DIRECTION_READ)
        {
          g_set_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED,
                       _("The fio job would write to “%s” and destroy its data: allow writes "
                         "to the device first, or export read tests only"),
                       target);
          return NULL;
        }
  /* Decided once: the check opens the target (an O_TMPFILE in a folder). */
  engine = engine_for (settings, target);
  on_loop = dmk_path_on_loop_device (target);
  global = global_options (settings, target, device, engine);
  s = g_string_new (NULL);
  g_string_append_printf (s, "; GDiskMark %s: %s, %s, test size %s, on %s\n", PACKAGE_VERSION,
                          dmk_profile_report_name (settings->profile),
                          dmk_mode_to_string (settings->mode), size, target);
  g_string_append (s, "; Run it with: fio --output-format=json THIS-FILE\n");
  if (settings->passes > 1)
    g_string_append_printf (s, "; fio measures each job once, for runtime after ramp_time; "
                               "GDiskMark takes the best of %u passes.\n",
                            settings->passes);
  else
    g_string_append (s, "; fio and GDiskMark measure each job once, for runtime after "
                        "ramp_time.\n");
  g_string_append (s, "; fio's bw_bytes and iops are what GDiskMark reports as MB/s "
                      "(1,000,000 bytes/s) and IOPS.\n");
  if (engine != settings->engine)
    g_string_append (s, "; io_uring cannot start I/O on this target without waiting (every "
                        "I/O would go to a\n; kernel worker thread, many times slower): "
                        "libaio, as GDiskMark's run uses here.\n");
  if (!device)
    g_string_append_printf (s, "; fio lays out %s (%s) in the directory once and every job "
                               "reuses it;\n; the last job removes it (unlink=1). The directory "
                               "needs %s free.\n",
                            FIO_FILE_NAME, size, size);
  g_string_append (s, "\n[global]\n");
  append_options (s, global);
  for (guint i = 0; i < jobs->len; i++)
    {
      const DmkJob *job = &g_array_index (jobs, DmkJob, i);
      g_autoptr (GPtrArray) own = job_options (settings, job);
      g_autofree char *name = section_name (settings, job);
      DmkEngineKind own_engine = job_engine (settings, engine, on_loop, job);
      g_autofree char *command =
        command_with (global, settings, job, device, target, engine, own_engine);

      g_string_append_printf (s, "\n; %s\n", command);
      append_order_note (s, job);
      if (own_engine != engine && !job->has_engine)
        g_string_append (s, "; On a loop device GDiskMark runs a deep queue of small I/O on "
                            "libaio, faster\n; there than io_uring: so does this job.\n");
      g_string_append_printf (s, "[%s]\n", name);
      /* Each job waits for the one before it, as GDiskMark's tests run one at a time. */
      g_string_append (s, "stonewall\n");
      if (own_engine != engine)
        g_string_append_printf (s, "ioengine=%s\n", engine_name (own_engine));
      append_options (s, own);
      if (!device && i + 1 == jobs->len)
        g_string_append (s, "unlink=1\n");
    }
  return g_string_free (s, FALSE);
}
