/* dmk-fio-options.c: the subset of fio's options a job file may use, each read and checked;
 * options that change nothing measured (name, thread, group_reporting…) accepted as they are.
 * Anything else is an error that names the file, the line and the option: nothing that changes
 * the numbers is silently ignored. */
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

/* A time in whole seconds: 60, 60s, 1m; fio's default unit for these is the second. */
static gboolean
parse_seconds (Parser *p, const char *key, const char *v, gint64 min, gint64 max, gint64 *out)
{
  char *end = NULL;
  guint64 n, scale = 1;

  if (!g_ascii_isdigit (*v))
    return _dmk_fio_fail (p, _("“%s=%s” is not a time: write it in seconds, like 5 or 5s"), key, v);
  n = g_ascii_strtoull (v, &end, 10);
  if (g_ascii_strcasecmp (end, "m") == 0)
    scale = 60;
  else if (g_ascii_strcasecmp (end, "") != 0 && g_ascii_strcasecmp (end, "s") != 0)
    return _dmk_fio_fail (p, _("“%s=%s” is not a time: write it in seconds, like 5 or 5s"), key, v);
  if (n > G_MAXUINT32 || n * scale < (guint64) min || n * scale > (guint64) max)
    return _dmk_fio_fail (p, _("GDiskMark measures %s from %d to %d seconds, not %s: change it in the "
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
    return _dmk_fio_fail (p, _("“%s=%s” must be 0 or 1"), key, v);
  return TRUE;
}

/* Options that change nothing GDiskMark measures: accepted as they are. fixedbufs and
 * registerfiles are what GDiskMark's io_uring always does; the batch sizes are the engines'. */
static const char *const harmless[] = {
  "name", "description", "thread", "group_reporting", "new_group", "unlink", "norandommap", "allow_mounted_write", "fixedbufs", "registerfiles",
  "iodepth_batch_submit", "iodepth_batch", "iodepth_batch_complete_min",
  "iodepth_batch_complete_max", "iodepth_batch_complete", "invalidate", NULL,
};

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
        if (rws[i].pattern != DMK_PATTERN_SEQUENTIAL || !parse_size (p, key, colon + 1, &s->gap))
          return _dmk_fio_fail (p, _("“%s=%s” is not supported: a gap (“:”) goes only after "
                                     "read, write or rw, in bytes"),
                                key, v);
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

gboolean
_dmk_fio_set_option (Parser *p, Section *s, const char *key, const char *v)
{
  if (g_strv_contains (harmless, key))
    return TRUE;
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
  return _dmk_fio_fail (p, _("fio option “%s” is not supported"), key);
}

