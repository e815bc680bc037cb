/* dmk-fio.c: fio job files out and in.
 *
 * Out: a run's settings and jobs as the job file that makes fio do the same I/O: the same block
 * size, queue depth, threads (fio's numjobs, as threads), pattern, mix, test size, time, warm-up
 * (ramp_time), direct I/O, engine and data. The file's comments are English on purpose: it is a
 * file to share, like the text report.
 *
 * In: the subset of fio's options that describes these tests, and options that change nothing
 * measured (name, thread, group_reporting…), accepted as they are. Anything else is an error
 * that names the file, the line and the option: nothing that changes the numbers is silently
 * ignored. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>

#include "dmk-error.h"
#include "dmk-fio.h"

/* A job file larger than this is not a description of a few tests. */
#define JOB_FILE_MAX (1 << 20)
#define JOB_SECTIONS_MAX 256

/* The name of the file fio makes in a directory; unlink=1 removes it after the run. */
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

static const char *
fio_rw (const DmkJob *job)
{
  gboolean seq = job->spec.pattern == DMK_PATTERN_SEQUENTIAL;

  switch (job->direction)
    {
    case DMK_DIRECTION_READ:
      return seq ? "read" : "randread";
    case DMK_DIRECTION_WRITE:
      return seq ? "write" : "randwrite";
    case DMK_DIRECTION_MIX:
    default:
      return seq ? "rw" : "randrw";
    }
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

static gboolean
is_block_device (const char *path)
{
  struct stat st;

  return path != NULL && stat (path, &st) == 0 && S_ISBLK (st.st_mode);
}

/* The options every job shares, as (name, value) pairs; value NULL for a flag. */
static GPtrArray *
global_options (const DmkSettings *settings, const char *target, gboolean device)
{
  GPtrArray *o = g_ptr_array_new_with_free_func (g_free);

#define ADD(k, v) (g_ptr_array_add (o, g_strdup (k)), g_ptr_array_add (o, (v)))
  ADD ("ioengine", g_strdup (settings->engine == DMK_ENGINE_IO_URING ? "io_uring"
                             : settings->engine == DMK_ENGINE_LIBAIO ? "libaio"
                                                                     : "psync"));
  if (settings->engine == DMK_ENGINE_IO_URING)
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
      ADD ("unlink", g_strdup ("1"));
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
  ADD ("rw", g_strdup (fio_rw (job)));
  if (job->direction == DMK_DIRECTION_MIX)
    ADD ("rwmixread", g_strdup_printf ("%u", settings->mix_read_percent));
  ADD ("bs", fio_size (job->spec.block_size));
  ADD ("iodepth", g_strdup_printf ("%u", job->spec.queue_depth));
  ADD ("numjobs", g_strdup_printf ("%u", threads));
  if (job->spec.pattern == DMK_PATTERN_SEQUENTIAL && threads > 1)
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

char *
dmk_fio_command (const DmkSettings *settings, const DmkJob *job, const char *target)
{
  g_autoptr (GPtrArray) global = global_options (settings, target, is_block_device (target));
  g_autoptr (GPtrArray) own = job_options (settings, job);
  g_autofree char *name = section_name (settings, job);
  GString *s = g_string_new ("fio");

  g_string_append_printf (s, " --name=%s", name);
  append_arguments (s, global);
  append_arguments (s, own);
  return g_string_free (s, FALSE);
}

char *
dmk_fio_job_export (const DmkSettings *settings, GArray *jobs, const char *target,
                    GError **error)
{
  gboolean device = is_block_device (target);
  g_autoptr (GPtrArray) global = NULL;
  g_autofree char *size = dmk_format_size (settings->size_bytes);
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
  global = global_options (settings, target, device);
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
  if (!device)
    g_string_append_printf (s, "; fio makes %s in the directory and removes it after the run "
                               "(unlink=1).\n",
                            FIO_FILE_NAME);
  g_string_append (s, "\n[global]\n");
  append_options (s, global);
  for (guint i = 0; i < jobs->len; i++)
    {
      const DmkJob *job = &g_array_index (jobs, DmkJob, i);
      g_autoptr (GPtrArray) own = job_options (settings, job);
      g_autofree char *name = section_name (settings, job);
      g_autofree char *command = dmk_fio_command (settings, job, target);

      g_string_append_printf (s, "\n; %s\n[%s]\n", command, name);
      /* Each job waits for the one before it, as GDiskMark's tests run one at a time. */
      g_string_append (s, "stonewall\n");
      append_options (s, own);
    }
  return g_string_free (s, FALSE);
}

/* ---- In ---- */

typedef struct
{
  const char *name; /* the file's name, for messages */
  guint line;
  DmkFioJob *job;
  GError **error;
} Parser;

/* What one section (or [global]) says; unset fields are -1 or NULL. */
typedef struct
{
  char *name;
  guint line;
  int pattern;   /* DmkPattern */
  int direction; /* DmkDirection */
  gint64 bs, iodepth, numjobs, rwmixread, size, offset_increment;
  gint64 runtime, ramp, loops, direct, engine, data;
  gboolean time_based;
  char *filename, *directory;
  guint rw_line, size_line, runtime_line, ramp_line, loops_line, mix_line;
  guint direct_line, engine_line, data_line, target_line;
} Section;

static void
section_init (Section *s, const char *name, guint line)
{
  memset (s, 0, sizeof *s);
  s->name = g_strdup (name);
  s->line = line;
  s->pattern = s->direction = -1;
  s->bs = s->iodepth = s->numjobs = s->rwmixread = s->size = s->offset_increment = -1;
  s->runtime = s->ramp = s->loops = s->direct = s->engine = s->data = -1;
}

static void
section_clear (Section *s)
{
  g_free (s->name);
  g_free (s->filename);
  g_free (s->directory);
}

static gboolean
fail (Parser *p, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (Parser *p, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: "job.fio:12: fio option “verify” is not supported …" */
  g_set_error (p->error, DMK_ERROR, DMK_ERROR_PARSE, _("%s:%u: %s"), p->name, p->line, what);
  return FALSE;
}

/* A size: digits with an optional k, m, g or t (powers of 1024, as fio reads them by default;
 * KiB, MiB… the same). */
static gboolean
parse_size (Parser *p, const char *key, const char *v, gint64 *out)
{
  const char *units = "kmgt";
  char *end = NULL;
  guint64 n;
  guint shift = 0;

  if (!g_ascii_isdigit (*v))
    return fail (p, _("“%s=%s” is not a size: write it like 4k, 1m or 1g"), key, v);
  n = g_ascii_strtoull (v, &end, 10);
  if (*end != '\0')
    {
      const char *u = strchr (units, g_ascii_tolower (*end));
      if (u == NULL)
        return fail (p, _("“%s=%s” is not a size: write it like 4k, 1m or 1g"), key, v);
      shift = 10 * (guint) (u - units + 1);
      end++;
      if (g_ascii_strcasecmp (end, "") != 0 && g_ascii_strcasecmp (end, "b") != 0 &&
          g_ascii_strcasecmp (end, "ib") != 0)
        return fail (p, _("“%s=%s” is not a size: write it like 4k, 1m or 1g"), key, v);
    }
  if (n > (guint64) (G_MAXINT64 >> shift))
    return fail (p, _("“%s=%s” is too large"), key, v);
  *out = (gint64) (n << shift);
  return TRUE;
}

/* A count in [min, max]. */
static gboolean
parse_count (Parser *p, const char *key, const char *v, gint64 min, gint64 max, gint64 *out)
{
  char *end = NULL;
  guint64 n;

  if (!g_ascii_isdigit (*v))
    return fail (p, _("“%s=%s” is not a whole number"), key, v);
  n = g_ascii_strtoull (v, &end, 10);
  if (*end != '\0')
    return fail (p, _("“%s=%s” is not a whole number"), key, v);
  if (n < (guint64) min || n > (guint64) max)
    return fail (p, _("%s must be between %d and %d, not %s"), key, (int) min, (int) max, v);
  *out = (gint64) n;
  return TRUE;
}

/* A time in whole seconds: 60, 60s, 1m; fio's default unit for these is the second. */
static gboolean
parse_seconds (Parser *p, const char *key, const char *v, gint64 min, gint64 max, gint64 *out)
{
  char *end = NULL;
  guint64 n, scale = 1;

  if (!g_ascii_isdigit (*v))
    return fail (p, _("“%s=%s” is not a time: write it in seconds, like 5 or 5s"), key, v);
  n = g_ascii_strtoull (v, &end, 10);
  if (g_ascii_strcasecmp (end, "m") == 0)
    scale = 60;
  else if (g_ascii_strcasecmp (end, "") != 0 && g_ascii_strcasecmp (end, "s") != 0)
    return fail (p, _("“%s=%s” is not a time: write it in seconds, like 5 or 5s"), key, v);
  if (n > G_MAXUINT32 || n * scale < (guint64) min || n * scale > (guint64) max)
    return fail (p, _("GDiskMark measures %s from %d to %d seconds, not %s: change it in the "
                      "file"),
                 key, (int) min, (int) max, v);
  *out = (gint64) (n * scale);
  return TRUE;
}

static gboolean
parse_bool (Parser *p, const char *key, const char *v, gint64 *out)
{
  if (v == NULL || strcmp (v, "1") == 0 || g_ascii_strcasecmp (v, "true") == 0)
    *out = 1;
  else if (strcmp (v, "0") == 0 || g_ascii_strcasecmp (v, "false") == 0)
    *out = 0;
  else
    return fail (p, _("“%s=%s” must be 0 or 1"), key, v);
  return TRUE;
}

/* Options that change nothing GDiskMark measures: accepted as they are. fixedbufs and
 * registerfiles are what GDiskMark's io_uring always does; the batch sizes are the engines'. */
static const char *const harmless[] = {
  "name", "description", "thread", "group_reporting", "new_group", "wait_for_previous",
  "unlink", "norandommap", "allow_mounted_write", "fixedbufs", "registerfiles",
  "iodepth_batch_submit", "iodepth_batch", "iodepth_batch_complete_min",
  "iodepth_batch_complete_max", "iodepth_batch_complete", "invalidate", NULL,
};

/* One option of the subset: key=value, or key alone for the flags. */
typedef gboolean (*OptionFunc) (Parser *p, Section *s, const char *key, const char *v);

static gboolean
opt_ignored_flag (Parser *p, Section *s, const char *key, const char *v)
{
  gint64 flag;

  /* stonewall: jobs run one at a time anyway; randrepeat: offsets are drawn afresh in every
   * run. */
  return parse_bool (p, key, v, &flag);
}

static gboolean
opt_time_based (Parser *p, Section *s, const char *key, const char *v)
{
  gint64 flag;

  if (!parse_bool (p, key, v, &flag))
    return FALSE;
  s->time_based = flag != 0;
  return TRUE;
}

static gboolean
opt_rw (Parser *p, Section *s, const char *key, const char *v)
{
  static const struct
  {
    const char *rw;
    DmkPattern pattern;
    DmkDirection dir;
  } rws[] = {
    { "read", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_READ },
    { "write", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_WRITE },
    { "randread", DMK_PATTERN_RANDOM, DMK_DIRECTION_READ },
    { "randwrite", DMK_PATTERN_RANDOM, DMK_DIRECTION_WRITE },
    { "rw", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_MIX },
    { "readwrite", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_MIX },
    { "randrw", DMK_PATTERN_RANDOM, DMK_DIRECTION_MIX },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rws); i++)
    if (strcmp (v, rws[i].rw) == 0)
      {
        s->pattern = rws[i].pattern;
        s->direction = rws[i].dir;
        s->rw_line = p->line;
        return TRUE;
      }
  return fail (p, _("“%s=%s” is not supported: use read, write, randread, randwrite, rw or "
                    "randrw"),
               key, v);
}

static gboolean
opt_bs (Parser *p, Section *s, const char *key, const char *v)
{
  if (!parse_size (p, key, v, &s->bs))
    return FALSE;
  if (s->bs < DMK_SPEC_MIN_BLOCK || s->bs > DMK_SPEC_MAX_BLOCK || s->bs % 512 != 0)
    return fail (p, _("“%s=%s”: the block size must be a multiple of 512 bytes between 512 "
                      "and 64M"),
                 key, v);
  return TRUE;
}

static gboolean
opt_iodepth (Parser *p, Section *s, const char *key, const char *v)
{
  return parse_count (p, key, v, 1, DMK_SPEC_MAX_QD, &s->iodepth);
}

static gboolean
opt_numjobs (Parser *p, Section *s, const char *key, const char *v)
{
  return parse_count (p, key, v, 1, DMK_SPEC_MAX_THREADS, &s->numjobs);
}

static gboolean
opt_rwmix (Parser *p, Section *s, const char *key, const char *v)
{
  if (!parse_count (p, key, v, DMK_MIX_MIN, DMK_MIX_MAX, &s->rwmixread))
    return FALSE;
  if (strcmp (key, "rwmixwrite") == 0)
    s->rwmixread = 100 - s->rwmixread;
  s->mix_line = p->line;
  return TRUE;
}

static gboolean
opt_size (Parser *p, Section *s, const char *key, const char *v)
{
  s->size_line = p->line;
  return parse_size (p, key, v, &s->size);
}

static gboolean
opt_offset_increment (Parser *p, Section *s, const char *key, const char *v)
{
  return parse_size (p, key, v, &s->offset_increment);
}

static gboolean
opt_runtime (Parser *p, Section *s, const char *key, const char *v)
{
  s->runtime_line = p->line;
  return parse_seconds (p, key, v, DMK_MEASURE_MIN, DMK_MEASURE_MAX, &s->runtime);
}

static gboolean
opt_ramp_time (Parser *p, Section *s, const char *key, const char *v)
{
  s->ramp_line = p->line;
  return parse_seconds (p, key, v, 0, DMK_WARMUP_MAX, &s->ramp);
}

static gboolean
opt_loops (Parser *p, Section *s, const char *key, const char *v)
{
  s->loops_line = p->line;
  return parse_count (p, key, v, DMK_PASSES_MIN, DMK_PASSES_MAX, &s->loops);
}

static gboolean
opt_direct (Parser *p, Section *s, const char *key, const char *v)
{
  gint64 flag;

  if (!parse_bool (p, key, v, &flag))
    return FALSE;
  s->direct = strcmp (key, "direct") == 0 ? flag : !flag;
  s->direct_line = p->line;
  return TRUE;
}

static gboolean
opt_ioengine (Parser *p, Section *s, const char *key, const char *v)
{
  if (strcmp (v, "io_uring") == 0)
    s->engine = DMK_ENGINE_IO_URING;
  else if (strcmp (v, "libaio") == 0)
    s->engine = DMK_ENGINE_LIBAIO;
  else if (strcmp (v, "psync") == 0 || strcmp (v, "sync") == 0 || strcmp (v, "pvsync") == 0)
    s->engine = DMK_ENGINE_PSYNC;
  else
    return fail (p, _("“ioengine=%s” is not supported: use io_uring, libaio or psync"), v);
  s->engine_line = p->line;
  return TRUE;
}

static gboolean
opt_buffers (Parser *p, Section *s, const char *key, const char *v)
{
  gint64 flag;

  if (!parse_bool (p, key, v, &flag))
    return FALSE;
  /* Zeros, or data a compressing drive cannot shrink (fio's default). */
  if (flag)
    s->data = strcmp (key, "zero_buffers") == 0 ? DMK_DATA_ZERO : DMK_DATA_RANDOM;
  s->data_line = p->line;
  return TRUE;
}

static gboolean
opt_target (Parser *p, Section *s, const char *key, const char *v)
{
  char **place = strcmp (key, "filename") == 0 ? &s->filename : &s->directory;

  if (*v == '\0' || strchr (v, ':') != NULL)
    return fail (p, _("“%s=%s”: give one file or directory"), key, v);
  g_free (*place);
  *place = g_strdup (v);
  s->target_line = p->line;
  return TRUE;
}

/* The subset GDiskMark reads; flags may stand alone (“direct” is “direct=1”). */
static const struct
{
  const char *key;
  gboolean flag;
  OptionFunc set;
} options[] = {
  { "stonewall", TRUE, opt_ignored_flag },
  { "randrepeat", TRUE, opt_ignored_flag },
  { "time_based", TRUE, opt_time_based },
  { "rw", FALSE, opt_rw },
  { "readwrite", FALSE, opt_rw },
  { "bs", FALSE, opt_bs },
  { "blocksize", FALSE, opt_bs },
  { "iodepth", FALSE, opt_iodepth },
  { "numjobs", FALSE, opt_numjobs },
  { "rwmixread", FALSE, opt_rwmix },
  { "rwmixwrite", FALSE, opt_rwmix },
  { "size", FALSE, opt_size },
  { "offset_increment", FALSE, opt_offset_increment },
  { "runtime", FALSE, opt_runtime },
  { "ramp_time", FALSE, opt_ramp_time },
  { "loops", FALSE, opt_loops },
  { "direct", TRUE, opt_direct },
  { "buffered", TRUE, opt_direct },
  { "ioengine", FALSE, opt_ioengine },
  { "zero_buffers", TRUE, opt_buffers },
  { "scramble_buffers", TRUE, opt_buffers },
  { "refill_buffers", TRUE, opt_buffers },
  { "filename", FALSE, opt_target },
  { "directory", FALSE, opt_target },
};

static gboolean
set_option (Parser *p, Section *s, const char *key, const char *v)
{
  if (g_strv_contains (harmless, key))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      if (strcmp (key, options[i].key) != 0)
        continue;
      if (v == NULL && !options[i].flag)
        return fail (p, _("fio option “%s” needs a value"), key);
      if (v != NULL && strchr (v, '$') != NULL)
        return fail (p, _("“%s=%s”: variables in values are not supported"), key, v);
      return options[i].set (p, s, key, v);
    }
  return fail (p, _("fio option “%s” is not supported"), key);
}

/* The built-in profile whose tests the jobs are, in any order (crystaldiskmark.fio is the
 * classic profile), so that the result and its report name it. */
static void
match_profile (DmkSettings *settings, GArray *jobs)
{
  for (const DmkProfile *pr = dmk_profiles (); pr->id != NULL; pr++)
    {
      g_autoptr (GArray) plan = NULL;
      DmkSettings s = *settings;
      guint matched = 0;

      s.profile = (char *) pr->id;
      plan = dmk_runner_plan (&s, NULL, NULL);
      if (plan == NULL || plan->len != jobs->len)
        continue;
      for (guint i = 0; i < plan->len; i++)
        for (guint j = 0; j < jobs->len; j++)
          {
            const DmkJob *a = &g_array_index (plan, DmkJob, i);
            const DmkJob *b = &g_array_index (jobs, DmkJob, j);
            if (a->direction == b->direction && dmk_test_spec_equal (&a->spec, &b->spec))
              {
                matched++;
                break;
              }
          }
      if (matched == jobs->len)
        {
          g_free (settings->profile);
          settings->profile = g_strdup (pr->id);
          return;
        }
    }
}

/* Takes a value from the job's own section, else from [global]. */
#define PICK(f) (sec->f != -1 ? sec->f : global->f)

static gboolean
same_for_all (Parser *p, gint64 *have, gint64 value, guint line, const char *key)
{
  if (*have != -1 && *have != value)
    {
      p->line = line;
      return fail (p, _("%s differs from an earlier job’s: GDiskMark runs all tests with one %s"),
                   key, key);
    }
  *have = value;
  return TRUE;
}

static gboolean
finish (Parser *p, Section *global, GArray *sections)
{
  DmkFioJob *job = p->job;
  gint64 size = -1, runtime = -1, ramp = -1, loops = -1, direct = -1, engine = -1, data = -1;
  gint64 mix = -1;
  guint size_at = 0;
  gboolean time_based = global->time_based;
  const char *filename = global->filename, *directory = global->directory;

  if (sections->len == 0)
    {
      p->line = global->line;
      return fail (p, _("the file has no job: add a section like [Seq-Read] with rw=read"));
    }
  for (guint i = 0; i < sections->len; i++)
    {
      Section *sec = &g_array_index (sections, Section, i);
      DmkJob j = { 0 };
      gint64 bs = PICK (bs), numjobs = PICK (numjobs), inc = PICK (offset_increment);
      gint64 sz = PICK (size);

      p->line = sec->line;
      if (PICK (direction) == -1)
        return fail (p, _("job “%s” says no rw= (read, write, randread, randwrite, rw or "
                          "randrw)"),
                     sec->name);
      j.direction = (DmkDirection) PICK (direction);
      j.spec.pattern = (DmkPattern) PICK (pattern);
      j.spec.block_size = bs != -1 ? (guint32) bs : 4096; /* fio's default bs */
      j.spec.queue_depth = PICK (iodepth) != -1 ? (guint) PICK (iodepth) : 1;
      j.spec.threads = numjobs != -1 ? (guint) numjobs : 1;
      if (sz != -1)
        {
          /* Sequential threads in slices (offset_increment = size) cover size × numjobs. */
          if (inc != -1 && inc != sz)
            return fail (p, _("job “%s”: offset_increment must equal size (each thread its own "
                              "slice), or be left out"),
                         sec->name);
          if (inc != -1 && j.spec.pattern == DMK_PATTERN_SEQUENTIAL)
            sz *= j.spec.threads;
          size_at = sec->size_line ? sec->size_line : global->size_line;
          if (!same_for_all (p, &size, sz, size_at, "size"))
            return FALSE;
        }
      else if (inc != -1)
        return fail (p, _("job “%s”: offset_increment needs a size"), sec->name);
      if (PICK (runtime) != -1 &&
          !same_for_all (p, &runtime, PICK (runtime),
                         sec->runtime_line ? sec->runtime_line : global->runtime_line, "runtime"))
        return FALSE;
      if (PICK (ramp) != -1 &&
          !same_for_all (p, &ramp, PICK (ramp), sec->ramp_line ? sec->ramp_line : global->ramp_line,
                         "ramp_time"))
        return FALSE;
      if (PICK (loops) != -1 &&
          !same_for_all (p, &loops, PICK (loops),
                         sec->loops_line ? sec->loops_line : global->loops_line, "loops"))
        return FALSE;
      if (PICK (direct) != -1 &&
          !same_for_all (p, &direct, PICK (direct),
                         sec->direct_line ? sec->direct_line : global->direct_line, "direct"))
        return FALSE;
      if (PICK (engine) != -1 &&
          !same_for_all (p, &engine, PICK (engine),
                         sec->engine_line ? sec->engine_line : global->engine_line, "ioengine"))
        return FALSE;
      if (PICK (data) != -1 &&
          !same_for_all (p, &data, PICK (data), sec->data_line ? sec->data_line : global->data_line,
                         "buffer data"))
        return FALSE;
      if (j.direction == DMK_DIRECTION_MIX)
        {
          /* fio's default mix is 50 % reads. */
          gint64 m = PICK (rwmixread) != -1 ? PICK (rwmixread) : 50;
          if (!same_for_all (p, &mix, m, sec->mix_line ? sec->mix_line : global->mix_line,
                             "rwmixread"))
            return FALSE;
        }
      time_based |= sec->time_based;
      {
        /* Every job must test the same target: the first job's decides. */
        const char *f = sec->filename != NULL ? sec->filename : global->filename;
        const char *d = sec->directory != NULL ? sec->directory : global->directory;

        if (i > 0 && (g_strcmp0 (f, filename) != 0 || g_strcmp0 (d, directory) != 0))
          {
            p->line = sec->target_line;
            return fail (p, _("job “%s” names another file: GDiskMark tests one target at a "
                              "time"),
                         sec->name);
          }
        filename = f;
        directory = d;
      }
      g_array_append_val (job->jobs, j);
      g_ptr_array_add (job->names, g_strdup (sec->name));
    }

  if (size != -1)
    {
      if (size % (1 << 20) != 0 || size < (gint64) DMK_SIZE_MIN || size > (gint64) DMK_SIZE_MAX)
        {
          p->line = size_at;
          return fail (p, _("size: GDiskMark tests a whole number of MiB from 16 MiB to 64 GiB"));
        }
      job->settings.size_bytes = (guint64) size;
      job->has_size = TRUE;
    }
  if (time_based)
    {
      if (runtime != -1)
        {
          job->settings.measure_s = (guint) runtime;
          job->has_runtime = TRUE;
        }
    }
  else
    {
      /* fio ends such a job after its size or its runtime, whichever comes first. GDiskMark
       * measures for a time over a test file of that size: its pass time, never longer than
       * the runtime. */
      if (runtime != -1)
        {
          job->runtime_cap = (guint) runtime;
          job->settings.measure_s = MIN (job->settings.measure_s, job->runtime_cap);
        }
      g_ptr_array_add (job->notes,
                       g_strdup (_("fio would end each job after its size; GDiskMark measures "
                                   "each for its pass time over a test file of that size")));
    }
  if (ramp != -1)
    {
      job->settings.warmup_s = (int) ramp;
      job->has_ramp = TRUE;
    }
  else
    {
      /* fio warms up only when ramp_time says so. */
      job->settings.warmup_s = 0;
    }
  /* fio runs a job once unless loops says more. */
  job->settings.passes = loops != -1 ? (guint) loops : 1;
  job->has_loops = loops != -1;
  if (direct != -1)
    {
      job->settings.direct = direct != 0;
      job->has_direct = TRUE;
    }
  else
    {
      /* fio's default is buffered I/O; GDiskMark's is direct. The file decides. */
      job->settings.direct = FALSE;
      job->has_direct = TRUE;
    }
  if (engine != -1)
    {
      job->settings.engine = (DmkEngineKind) engine;
      job->has_engine = TRUE;
    }
  if (data != -1)
    job->settings.data = (DmkData) data;
  job->settings.mix_read_percent = mix != -1 ? (guint) mix : 0;
  g_free (job->settings.profile);
  job->settings.profile = g_strdup (DMK_PROFILE_CUSTOM);
  {
    gboolean reads = FALSE, writes = FALSE;
    for (guint i = 0; i < job->jobs->len; i++)
      {
        DmkDirection d = g_array_index (job->jobs, DmkJob, i).direction;
        reads |= d == DMK_DIRECTION_READ;
        writes |= d != DMK_DIRECTION_READ;
      }
    job->settings.mode = reads && writes ? DMK_MODE_READ_WRITE
                         : writes        ? DMK_MODE_WRITE
                                         : DMK_MODE_READ;
  }
  match_profile (&job->settings, job->jobs);
  if (filename != NULL && g_path_is_absolute (filename))
    job->target = g_strdup (filename);
  else if (filename != NULL && directory != NULL)
    job->target = g_build_filename (directory, filename, NULL);
  else if (directory != NULL)
    job->target = g_strdup (directory);
  else if (filename != NULL)
    job->target = g_strdup (filename);
  if (job->target != NULL && !is_block_device (job->target) &&
      !g_file_test (job->target, G_FILE_TEST_IS_DIR))
    {
      /* fio would write a file of that name; GDiskMark never touches a named file. */
      char *dir = g_path_get_dirname (job->target);
      g_ptr_array_add (job->notes,
                       g_strdup_printf (_("GDiskMark tests in %s with its own hidden file, not "
                                          "with %s"),
                                        dir, job->target));
      g_free (job->target);
      job->target = dir;
    }
  return TRUE;
}

#undef PICK

DmkFioJob *
dmk_fio_job_parse (const char *text, gssize length, const char *name, GError **error)
{
  Parser p = { name != NULL ? name : "job", 0, NULL, error };
  g_autoptr (GArray) sections = g_array_new (FALSE, TRUE, sizeof (Section));
  g_auto (GStrv) lines = NULL;
  Section global, *cur = &global;
  gsize len = length < 0 ? strlen (text) : (gsize) length;
  gboolean ok = TRUE;

  g_array_set_clear_func (sections, (GDestroyNotify) section_clear);
  if (len > JOB_FILE_MAX)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("%s is too large to be a fio job file (more than 1 MiB)"), p.name);
      return NULL;
    }
  if (memchr (text, '\0', len) != NULL || !g_utf8_validate (text, (gssize) len, NULL))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("%s is not a fio job file: it is not text"), p.name);
      return NULL;
    }
  p.job = g_new0 (DmkFioJob, 1);
  dmk_settings_init_default (&p.job->settings);
  p.job->jobs = g_array_new (FALSE, TRUE, sizeof (DmkJob));
  p.job->names = g_ptr_array_new_with_free_func (g_free);
  p.job->notes = g_ptr_array_new_with_free_func (g_free);
  section_init (&global, "global", 1);
  {
    g_autofree char *copy = g_strndup (text, len);
    lines = g_strsplit (copy, "\n", -1);
  }
  for (guint i = 0; ok && lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *eq;

      p.line = i + 1;
      if (*line == '\0' || *line == ';' || *line == '#')
        continue;
      if (*line == '[')
        {
          char *close = strchr (line, ']');
          Section s;

          if (close == NULL || close[1] != '\0' || close == line + 1)
            {
              ok = fail (&p, _("“%s” is not a section header: write it like [Seq-Read]"), line);
              break;
            }
          *close = '\0';
          if (strcmp (line + 1, "global") == 0)
            {
              if (sections->len > 0)
                {
                  ok = fail (&p, _("[global] must come before the first job"));
                  break;
                }
              cur = &global;
              continue;
            }
          if (sections->len >= JOB_SECTIONS_MAX)
            {
              ok = fail (&p, _("more than %u jobs"), JOB_SECTIONS_MAX);
              break;
            }
          section_init (&s, line + 1, p.line);
          g_array_append_val (sections, s);
          cur = &g_array_index (sections, Section, sections->len - 1);
          continue;
        }
      if (g_str_has_prefix (line, "include ") || g_str_has_prefix (line, "include\t"))
        {
          ok = fail (&p, _("fio’s “include” is not supported: put the options in this file"));
          break;
        }
      eq = strchr (line, '=');
      if (eq != NULL)
        {
          *eq = '\0';
          g_strstrip (line);
          ok = set_option (&p, cur, line, g_strstrip (eq + 1));
        }
      else
        ok = set_option (&p, cur, line, NULL);
    }
  if (ok)
    ok = finish (&p, &global, sections);
  section_clear (&global);
  if (!ok)
    {
      dmk_fio_job_free (p.job);
      return NULL;
    }
  return p.job;
}

DmkFioJob *
dmk_fio_job_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *name = g_filename_display_name (path);
  gsize len = 0;
  GError *local = NULL;
  struct stat st;

  if (stat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_size > JOB_FILE_MAX)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("%s is too large to be a fio job file (more than 1 MiB)"), name);
      return NULL;
    }
  if (!g_file_get_contents (path, &text, &len, &local))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND, _("Cannot read the fio job “%s”: %s"),
                   name, local->message);
      g_error_free (local);
      return NULL;
    }
  return dmk_fio_job_parse (text, (gssize) len, name, error);
}

void
dmk_fio_job_free (DmkFioJob *job)
{
  if (job == NULL)
    return;
  dmk_settings_clear (&job->settings);
  g_clear_pointer (&job->jobs, g_array_unref);
  g_clear_pointer (&job->names, g_ptr_array_unref);
  g_clear_pointer (&job->notes, g_ptr_array_unref);
  g_free (job->target);
  g_free (job);
}
