/* dmk-fio-options.c: the subset of fio's options a job file may use, each read and checked;
 * options that change nothing measured (name, thread, group_reporting…) accepted as they are, and
 * those that change only fio's own reports, logs, clocks or random numbers accepted with a note.
 * Anything else is an error that names the file, the line, the option and why: nothing that
 * changes the I/O is silently ignored. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-fio-private.h"

void
_dmk_fio_section_init (Section *s, const char *name, guint line)
{
  memset (s, 0, sizeof *s);
  s->name = g_strdup (name);
  s->line = line;
  s->pattern = s->direction = -1;
  s->gap = -1;
  s->bs = s->iodepth = s->numjobs = s->rwmixread = s->size = s->offset_increment = -1;
  s->runtime = s->ramp = s->loops = s->direct = s->engine = s->data = s->stonewall = -1;
}

void
_dmk_fio_section_clear (Section *s)
{
  g_free (s->name);
  g_free (s->filename);
  g_free (s->directory);
}

gboolean
_dmk_fio_fail (Parser *p, const char *format, ...)
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
 * KiB, MiB… the same), and an optional B as fio allows ("4096B", "4kB"). */
static gboolean
parse_size (Parser *p, const char *key, const char *v, gint64 *out)
{
  const char *units = "kmgt";
  char *end = NULL;
  guint64 n;
  guint shift = 0;

  if (!g_ascii_isdigit (*v))
    return _dmk_fio_fail (p, _("“%s=%s” is not a size: write it like 4k, 1m or 1g"), key, v);
  n = g_ascii_strtoull (v, &end, 10);
  if (g_ascii_strcasecmp (end, "b") == 0)
    end++;
  if (*end != '\0')
    {
      const char *u = strchr (units, g_ascii_tolower (*end));
      if (u == NULL)
        return _dmk_fio_fail (p, _("“%s=%s” is not a size: write it like 4k, 1m or 1g"), key, v);
      shift = 10 * (guint) (u - units + 1);
      end++;
      if (g_ascii_strcasecmp (end, "") != 0 && g_ascii_strcasecmp (end, "b") != 0 &&
          g_ascii_strcasecmp (end, "ib") != 0)
        return _dmk_fio_fail (p, _("“%s=%s” is not a size: write it like 4k, 1m or 1g"), key, v);
    }
  if (n > (guint64) (G_MAXINT64 >> shift))
    return _dmk_fio_fail (p, _("“%s=%s” is too large"), key, v);
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
    return _dmk_fio_fail (p, _("“%s=%s” is not a whole number"), key, v);
  n = g_ascii_strtoull (v, &end, 10);
  if (*end != '\0')
    return _dmk_fio_fail (p, _("“%s=%s” is not a whole number"), key, v);
  if (n < (guint64) min || n > (guint64) max)
    return _dmk_fio_fail (p, _("%s must be between %d and %d, not %s"), key, (int) min, (int) max, v);
  *out = (gint64) n;
  return TRUE;
}

/* A time in whole seconds, as fio writes it: 60, 60s, 1m, 2h or 1d (its default unit is the
 * second; its ms and us are finer than GDiskMark measures). Any length: the callers decide what
 * a pass can take. */
static gboolean
parse_seconds (Parser *p, const char *key, const char *v, gint64 *out)
{
  static const struct
  {
    const char *unit;
    guint64 scale;
  } units[] = { { "", 1 }, { "s", 1 }, { "m", 60 }, { "h", 3600 }, { "d", 86400 } };
  char *end = NULL;
  guint64 n;

  if (!g_ascii_isdigit (*v))
    return _dmk_fio_fail (p, _("“%s=%s” is not a time: write it in seconds, like 5 or 5s"), key, v);
  n = g_ascii_strtoull (v, &end, 10);
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_ascii_strcasecmp (end, units[i].unit) == 0)
      {
        if (n > G_MAXINT32 / units[i].scale)
          return _dmk_fio_fail (p, _("“%s=%s” is too large"), key, v);
        *out = (gint64) (n * units[i].scale);
        return TRUE;
      }
  return _dmk_fio_fail (p, _("“%s=%s” is not a time: write it in seconds, like 5 or 5s"), key, v);
}

static gboolean
parse_bool (Parser *p, const char *key, const char *v, gint64 *out)
{
  if (v == NULL || strcmp (v, "1") == 0 || g_ascii_strcasecmp (v, "true") == 0)
    *out = 1;
  else if (strcmp (v, "0") == 0 || g_ascii_strcasecmp (v, "false") == 0)
    *out = 0;
  else
    return _dmk_fio_fail (p, _("“%s=%s” must be 0 or 1"), key, v);
  return TRUE;
}

/* Options that say what GDiskMark does anyway: accepted as they are. fixedbufs and
 * registerfiles are what GDiskMark's io_uring always does; the batch sizes are the engines'. */
static const char *const harmless[] = {
  "name", "description", "thread", "group_reporting", "new_group", "unlink", "norandommap",
  "allow_mounted_write", "fixedbufs", "registerfiles", "iodepth_batch_submit", "iodepth_batch",
  "iodepth_batch_complete_min", "iodepth_batch_complete_max", "iodepth_batch_complete",
  "invalidate", NULL,
};

/* Options that change only what fio reports or logs, how it reads its clock, which random
 * numbers it draws (the offsets' order, not their spread or size), when a job starts or how fio
 * lays out its own file: never the I/O that is measured. GDiskMark keeps its own latency
 * histogram, draws its own offsets and lays out its own file, so it runs the job without them
 * and names them in a note. Their values do not matter. */
static const char *const ignored[] = {
  /* reports */
  "clat_percentiles", "lat_percentiles", "slat_percentiles", "percentile_list",
  "significant_figures", "unified_rw_reporting", "block_error_percentiles", "disk_util",
  "stats", "unit_base", "per_job_logs",
  /* logs */
  "write_bw_log", "write_lat_log", "write_iops_log", "write_hist_log", "write_iolog",
  "bwavgtime", "iopsavgtime", "log_avg_msec", "log_hist_msec", "log_hist_coarseness",
  "log_max_value", "log_offset", "log_prio", "log_compression", "log_compression_cpus",
  "log_store_compressed", "log_unix_epoch", "log_alternate_epoch",
  "log_alternate_epoch_clock_id", "log_entries",
  /* clocks: fewer time stamps change fio's latency numbers, not its I/O */
  "gtod_reduce", "disable_lat", "disable_clat", "disable_slat", "disable_bw_measurement",
  "disable_bw", "gtod_cpu", "clocksource",
  /* random numbers */
  "random_generator", "randseed", "allrandrepeat",
  /* the start, and fio's own file before the job */
  "startdelay", "create_serialize", "create_on_open", "create_fsync", "allow_file_create",
  "fallocate", NULL,
};

/* Why an option that changes the I/O is refused: each refusal says which of these it is. */
typedef enum
{
  WHY_BLOCKS,
  WHY_OFFSETS,
  WHY_AMOUNT,
  WHY_HELD_BACK,
  WHY_SYNC,
  WHY_VERIFY,
  WHY_DATA,
  WHY_STEADY,
  WHY_PLACE,
  WHY_COMMAND,
  WHY_JOBS,
  WHY_UNITS,
  WHY_CACHE,
  N_WHY
} Why;

static const char *const why_text[N_WHY] = {
  [WHY_BLOCKS] = N_("it changes the block size from one I/O to the next, or where blocks are "
                    "aligned; GDiskMark tests one block size per test"),
  [WHY_OFFSETS] = N_("it changes which part of the target fio covers, or how its offsets are "
                     "spread"),
  [WHY_AMOUNT] = N_("it changes how much fio does or over how many files; GDiskMark measures for "
                    "a time over one test file"),
  [WHY_HELD_BACK] = N_("it holds fio’s I/O back (to a rate, a latency or idle time); GDiskMark "
                       "measures as fast as the drive goes"),
  [WHY_SYNC] = N_("it adds flushes or synchronous writes that the drive must do"),
  [WHY_VERIFY] = N_("it reads back and checks what was written; GDiskMark’s --verify does that "
                    "its own way"),
  [WHY_DATA] = N_("it changes the data written; GDiskMark writes random data or zeros "
                  "(zero_buffers)"),
  [WHY_STEADY] = N_("it ends a job when its numbers settle; GDiskMark’s until-stable passes do "
                    "that its own way"),
  [WHY_PLACE] = N_("it changes where or how urgently fio’s threads and I/O run (CPUs, priority, "
                   "cgroup, I/O scheduler), which GDiskMark leaves to the system"),
  [WHY_COMMAND] = N_("it runs a program or replays recorded I/O"),
  [WHY_JOBS] = N_("it ties jobs to each other; GDiskMark runs one test after another"),
  [WHY_UNITS] = N_("it changes what k, m and g mean in the file’s sizes"),
  [WHY_CACHE] = N_("it reads the file into the page cache first, so reads would measure memory"),
};

/* fio's options that change the I/O, each with its reason. */
static const struct
{
  const char *key;
  Why why;
} refused[] = {
  { "bssplit", WHY_BLOCKS }, { "bs_unaligned", WHY_BLOCKS }, { "blocksize_unaligned", WHY_BLOCKS },
  { "ba", WHY_BLOCKS }, { "blockalign", WHY_BLOCKS },
  { "offset", WHY_OFFSETS }, { "fileoffset", WHY_OFFSETS }, { "offset_align", WHY_OFFSETS },
  { "percentage_random", WHY_OFFSETS }, { "rw_sequencer", WHY_OFFSETS },
  { "zonemode", WHY_OFFSETS }, { "zonesize", WHY_OFFSETS }, { "zonerange", WHY_OFFSETS },
  { "zoneskip", WHY_OFFSETS }, { "file_append", WHY_OFFSETS },
  { "io_size", WHY_AMOUNT }, { "io_limit", WHY_AMOUNT }, { "number_ios", WHY_AMOUNT },
  { "fill_device", WHY_AMOUNT }, { "fill_fs", WHY_AMOUNT }, { "filesize", WHY_AMOUNT },
  { "nrfiles", WHY_AMOUNT }, { "nr_files", WHY_AMOUNT }, { "openfiles", WHY_AMOUNT },
  { "file_service_type", WHY_AMOUNT }, { "opendir", WHY_AMOUNT },
  { "filename_format", WHY_AMOUNT }, { "unlink_each_loop", WHY_AMOUNT },
  { "rate_process", WHY_HELD_BACK }, { "rate_cycle", WHY_HELD_BACK },
  { "ratecycle", WHY_HELD_BACK }, { "thinktime_spin", WHY_HELD_BACK },
  { "thinktime_blocks", WHY_HELD_BACK }, { "thinktime_blocks_type", WHY_HELD_BACK },
  { "thinktime_iotime", WHY_HELD_BACK }, { "latency_target", WHY_HELD_BACK },
  { "latency_window", WHY_HELD_BACK }, { "latency_percentile", WHY_HELD_BACK },
  { "latency_run", WHY_HELD_BACK }, { "max_latency", WHY_HELD_BACK },
  { "flow", WHY_HELD_BACK }, { "flow_id", WHY_HELD_BACK }, { "flow_sleep", WHY_HELD_BACK },
  { "iodepth_low", WHY_HELD_BACK },
  { "write_barrier", WHY_SYNC }, { "sync_file_range", WHY_SYNC },
  { "do_verify", WHY_VERIFY }, { "verify_only", WHY_VERIFY },
  { "verify_interval", WHY_VERIFY }, { "verify_offset", WHY_VERIFY },
  { "verify_pattern", WHY_VERIFY }, { "verify_fatal", WHY_VERIFY },
  { "verify_backlog", WHY_VERIFY }, { "verify_async", WHY_VERIFY },
  { "experimental_verify", WHY_VERIFY }, { "trim_percentage", WHY_VERIFY },
  { "buffer_pattern", WHY_DATA }, { "buffer_compress_percentage", WHY_DATA },
  { "buffer_compress_chunk", WHY_DATA }, { "dedupe_percentage", WHY_DATA },
  { "dedupe_mode", WHY_DATA }, { "dedupe_working_set_percentage", WHY_DATA },
  { "dedupe_global", WHY_DATA },
  { "steadystate", WHY_STEADY }, { "ss", WHY_STEADY }, { "steadystate_duration", WHY_STEADY },
  { "ss_dur", WHY_STEADY }, { "steadystate_ramp_time", WHY_STEADY }, { "ss_ramp", WHY_STEADY },
  { "steadystate_check_interval", WHY_STEADY },
  { "nice", WHY_PLACE }, { "prio", WHY_PLACE }, { "prioclass", WHY_PLACE },
  { "cpumask", WHY_PLACE }, { "cpus_allowed", WHY_PLACE }, { "cpus_allowed_policy", WHY_PLACE },
  { "numa_cpu_nodes", WHY_PLACE }, { "numa_mem_policy", WHY_PLACE }, { "cgroup", WHY_PLACE },
  { "cgroup_weight", WHY_PLACE }, { "ioscheduler", WHY_PLACE }, { "uid", WHY_PLACE },
  { "gid", WHY_PLACE },
  { "exec_prerun", WHY_COMMAND }, { "exec_postrun", WHY_COMMAND }, { "read_iolog", WHY_COMMAND },
  { "merge_blktrace_file", WHY_COMMAND },
  { "wait_for", WHY_JOBS }, { "exitall", WHY_JOBS }, { "exitall_on_error", WHY_JOBS },
  { "exit_what", WHY_JOBS },
};

/* Options that change the I/O except at fio's default, which GDiskMark does too: written out
 * (sync=0, kb_base=1024, random_distribution=random) they are accepted as they are. */
static const struct
{
  const char *key;
  const char *defaults[3];
  Why why;
} at_default[] = {
  { "random_distribution", { "random" }, WHY_OFFSETS },
  { "offset", { "0" }, WHY_OFFSETS },
  { "nrfiles", { "1" }, WHY_AMOUNT },
  { "fill_device", { "0" }, WHY_AMOUNT },
  { "sync", { "0", "none" }, WHY_SYNC },
  { "fsync", { "0" }, WHY_SYNC },
  { "fdatasync", { "0" }, WHY_SYNC },
  { "end_fsync", { "0" }, WHY_SYNC },
  { "fsync_on_close", { "0" }, WHY_SYNC },
  { "atomic", { "0" }, WHY_SYNC },
  { "verify", { "0", "none" }, WHY_VERIFY },
  { "kb_base", { "1024" }, WHY_UNITS },
  { "pre_read", { "0" }, WHY_CACHE },
};

static gboolean
refuse (Parser *p, const char *key, const char *v, Why why)
{
  if (v == NULL)
    /* TRANSLATORS: "fio option “verify” is not supported: it reads back and checks …" */
    return _dmk_fio_fail (p, _("fio option “%s” is not supported: %s"), key, _(why_text[why]));
  /* TRANSLATORS: "“rate_iops=500” is not supported: it holds fio’s I/O back …" */
  return _dmk_fio_fail (p, _("“%s=%s” is not supported: %s"), key, v, _(why_text[why]));
}

/* One option of the subset: key=value, or key alone for the flags. */
typedef gboolean (*OptionFunc) (Parser *p, Section *s, const char *key, const char *v);

static gboolean
opt_ignored_flag (Parser *p, Section *s, const char *key, const char *v)
{
  gint64 flag;

  /* randrepeat: offsets are drawn afresh in every run. */
  return parse_bool (p, key, v, &flag);
}

/* A job with stonewall waits for the ones before it; without, fio runs it beside them. */
static gboolean
opt_stonewall (Parser *p, Section *s, const char *key, const char *v)
{
  return parse_bool (p, key, v, &s->stonewall);
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

  const char *colon = strchr (v, ':');
  g_autofree char *base = g_strndup (v, colon != NULL ? (gsize) (colon - v) : strlen (v));

  for (guint i = 0; i < G_N_ELEMENTS (rws); i++)
    if (strcmp (base, rws[i].rw) == 0)
      {
        s->pattern = rws[i].pattern;
        s->direction = rws[i].dir;
        s->rw_line = p->line;
        s->gap = -1;
        /* rw=read:GAP, a gap in bytes after each I/O: GDiskMark's strided test. */
        if (colon == NULL)
          return TRUE;
        /* fio's negative gap (rw=read:-8k) goes back; GDiskMark's gaps go forward. */
        if (rws[i].pattern != DMK_PATTERN_SEQUENTIAL || colon[1] == '-')
          return _dmk_fio_fail (p, _("“%s=%s” is not supported: a gap (“:”) goes only after "
                                     "read, write or rw, forward, in bytes"),
                                key, v);
        if (!parse_size (p, key, colon + 1, &s->gap))
          return FALSE;
        if (s->gap > 0)
          s->pattern = DMK_PATTERN_STRIDED;
        return TRUE;
      }
  return _dmk_fio_fail (p, _("“%s=%s” is not supported: use read, write, randread, randwrite, rw or "
                    "randrw"),
               key, v);
}

static gboolean
opt_bs (Parser *p, Section *s, const char *key, const char *v)
{
  if (!parse_size (p, key, v, &s->bs))
    return FALSE;
  if (s->bs < DMK_SPEC_MIN_BLOCK || s->bs > DMK_SPEC_MAX_BLOCK || s->bs % 512 != 0)
    return _dmk_fio_fail (p, _("“%s=%s”: the block size must be a multiple of 512 bytes between 512 "
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

/* runtime (or its alias timeout) as written: a pass is at most DMK_MEASURE_MAX, and the job's
 * timing says what a longer one becomes. runtime=0 is fio's "no limit", as if it were not set. */
static gboolean
opt_runtime (Parser *p, Section *s, const char *key, const char *v)
{
  gint64 t;

  if (!parse_seconds (p, key, v, &t))
    return FALSE;
  s->runtime = t > 0 ? t : -1;
  s->runtime_line = p->line;
  return TRUE;
}

static gboolean
opt_ramp_time (Parser *p, Section *s, const char *key, const char *v)
{
  s->ramp_line = p->line;
  return parse_seconds (p, key, v, &s->ramp);
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
    return _dmk_fio_fail (p, _("“ioengine=%s” is not supported: use io_uring, libaio or psync"), v);
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
    return _dmk_fio_fail (p, _("“%s=%s”: give one file or directory"), key, v);
  g_free (*place);
  *place = g_strdup (v);
  s->target_line = p->line;
  return TRUE;
}

/* bsrange=4k-4k is one block size, as bs=4k; a range is refused. */
static gboolean
opt_bsrange (Parser *p, Section *s, const char *key, const char *v)
{
  const char *dash = strchr (v, '-');
  g_autofree char *low = g_strndup (v, dash != NULL ? (gsize) (dash - v) : strlen (v));
  gint64 a, b;

  if (dash == NULL || strchr (v, ',') != NULL)
    return refuse (p, key, v, WHY_BLOCKS);
  if (!parse_size (p, key, low, &a) || !parse_size (p, key, dash + 1, &b))
    return FALSE;
  if (a != b)
    return refuse (p, key, v, WHY_BLOCKS);
  return opt_bs (p, s, key, low);
}

/* A limit of 0 (rate=0, rate_iops=0,0, thinktime=0) is fio's default, no limit: what GDiskMark
 * does. Any other holds the I/O back. */
static gboolean
opt_no_limit (Parser *p, Section *s, const char *key, const char *v)
{
  if (strspn (v, "0,") == strlen (v) && g_ascii_isdigit (*v))
    return TRUE;
  return refuse (p, key, v, WHY_HELD_BACK);
}

/* The subset GDiskMark reads; flags may stand alone (“direct” is “direct=1”). */
static const struct
{
  const char *key;
  gboolean flag;
  OptionFunc set;
} options[] = {
  { "stonewall", TRUE, opt_stonewall },
  { "wait_for_previous", TRUE, opt_stonewall },
  { "randrepeat", TRUE, opt_ignored_flag },
  { "time_based", TRUE, opt_time_based },
  { "rw", FALSE, opt_rw },
  { "readwrite", FALSE, opt_rw },
  { "bs", FALSE, opt_bs },
  { "blocksize", FALSE, opt_bs },
  { "bsrange", FALSE, opt_bsrange },
  { "blocksize_range", FALSE, opt_bsrange },
  { "rate", FALSE, opt_no_limit },
  { "rate_iops", FALSE, opt_no_limit },
  { "rate_min", FALSE, opt_no_limit },
  { "ratemin", FALSE, opt_no_limit },
  { "rate_iops_min", FALSE, opt_no_limit },
  { "thinktime", FALSE, opt_no_limit },
  { "iodepth", FALSE, opt_iodepth },
  { "numjobs", FALSE, opt_numjobs },
  { "rwmixread", FALSE, opt_rwmix },
  { "rwmixwrite", FALSE, opt_rwmix },
  { "size", FALSE, opt_size },
  { "offset_increment", FALSE, opt_offset_increment },
  { "runtime", FALSE, opt_runtime },
  { "timeout", FALSE, opt_runtime },
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

gboolean
_dmk_fio_set_option (Parser *p, Section *s, const char *key, const char *v)
{
  if (g_strv_contains (harmless, key))
    return TRUE;
  if (g_strv_contains (ignored, key))
    {
      if (!g_ptr_array_find_with_equal_func (p->ignored, key, g_str_equal, NULL))
        g_ptr_array_add (p->ignored, g_strdup (key));
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      if (strcmp (key, options[i].key) != 0)
        continue;
      if (v == NULL && !options[i].flag)
        return _dmk_fio_fail (p, _("fio option “%s” needs a value"), key);
      if (v != NULL && strchr (v, '$') != NULL)
        return _dmk_fio_fail (p, _("“%s=%s”: variables in values are not supported"), key, v);
      return options[i].set (p, s, key, v);
    }
  for (guint i = 0; i < G_N_ELEMENTS (at_default); i++)
    if (strcmp (key, at_default[i].key) == 0)
      return (v != NULL && g_strv_contains (at_default[i].defaults, v)) ||
             refuse (p, key, v, at_default[i].why);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    if (strcmp (key, refused[i].key) == 0)
      return refuse (p, key, NULL, refused[i].why);
  return _dmk_fio_fail (p,
                        _("fio option “%s” is not supported: GDiskMark runs the options that "
                          "describe its tests and leaves out only those that change no I/O"),
                        key);
}

