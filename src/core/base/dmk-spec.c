/* dmk-spec.c: parsing, naming and validation of test specs, profiles and settings. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-spec.h"

G_DEFINE_QUARK (dmk-error-quark, dmk_error)

char *
dmk_format_block_size (guint32 block_size)
{
  if (block_size >= (1u << 20) && block_size % (1u << 20) == 0)
    return g_strdup_printf ("%uM", block_size >> 20);
  if (block_size >= 1024 && block_size % 1024 == 0)
    return g_strdup_printf ("%uK", block_size >> 10);
  return g_strdup_printf ("%u", block_size);
}

static const char *const pattern_prefixes[] = {
  [DMK_PATTERN_SEQUENTIAL] = "SEQ",
  [DMK_PATTERN_RANDOM] = "RND",
  [DMK_PATTERN_BACKWARD] = "BWD",
  [DMK_PATTERN_STRIDED] = "STR",
  [DMK_PATTERN_RECORD] = "REC",
};

const char *
dmk_pattern_prefix (DmkPattern pattern)
{
  g_return_val_if_fail ((guint) pattern < G_N_ELEMENTS (pattern_prefixes), "SEQ");
  return pattern_prefixes[pattern];
}

char *
dmk_test_spec_to_name (const DmkTestSpec *spec)
{
  g_autofree char *bs = NULL;

  g_return_val_if_fail (spec != NULL, NULL);
  bs = dmk_format_block_size (spec->block_size);
  if (spec->pattern == DMK_PATTERN_STRIDED)
    return g_strdup_printf ("STR%s Q%uT%u S%u", bs, spec->queue_depth, spec->threads,
                            spec->stride);
  return g_strdup_printf ("%s%s Q%uT%u", dmk_pattern_prefix (spec->pattern), bs,
                          spec->queue_depth, spec->threads);
}

gboolean
dmk_test_spec_equal (const DmkTestSpec *a, const DmkTestSpec *b)
{
  return a->pattern == b->pattern && a->block_size == b->block_size &&
         a->queue_depth == b->queue_depth && a->threads == b->threads &&
         (a->pattern != DMK_PATTERN_STRIDED || a->stride == b->stride);
}

gboolean
dmk_test_spec_validate (const DmkTestSpec *spec, GError **error)
{
  g_autofree char *name = dmk_test_spec_to_name (spec);

  if (spec->block_size < DMK_SPEC_MIN_BLOCK || spec->block_size > DMK_SPEC_MAX_BLOCK ||
      spec->block_size % 512 != 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: the block size must be a multiple of 512 bytes between 512 and "
                     "64M"),
                   name);
      return FALSE;
    }
  if (spec->queue_depth < 1 || spec->queue_depth > DMK_SPEC_MAX_QD)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: the queue depth must be between 1 and %u"), name, DMK_SPEC_MAX_QD);
      return FALSE;
    }
  if (spec->threads < 1 || spec->threads > DMK_SPEC_MAX_THREADS)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: the thread count must be between 1 and %u"), name,
                   DMK_SPEC_MAX_THREADS);
      return FALSE;
    }
  if (spec->pattern == DMK_PATTERN_STRIDED &&
      (spec->stride < 2 || spec->stride > DMK_SPEC_MAX_STRIDE))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test “%s”: the stride must be between 2 and %u records"), name,
                   DMK_SPEC_MAX_STRIDE);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_uint (const char **p, guint64 *out)
{
  char *end = NULL;

  if (!g_ascii_isdigit (**p))
    return FALSE;
  *out = g_ascii_strtoull (*p, &end, 10);
  if (end == *p || *out > G_MAXUINT32)
    return FALSE;
  *p = end;
  return TRUE;
}

/* A strided test's " S17" (it must have one; the others none), and the spaces after. */
static gboolean
parse_stride (const char **p, DmkTestSpec *spec)
{
  guint64 stride = 0;

  if (spec->pattern == DMK_PATTERN_STRIDED)
    {
      if (**p != ' ' && **p != '-' && **p != '_')
        return FALSE;
      while (**p == ' ' || **p == '-' || **p == '_')
        (*p)++;
      if (g_ascii_toupper (**p) != 'S')
        return FALSE;
      (*p)++;
      if (!parse_uint (p, &stride))
        return FALSE;
      spec->stride = (guint) stride;
    }
  while (g_ascii_isspace (**p))
    (*p)++;
  return TRUE;
}

/* Accepts "SEQ1M Q8T1", "RND4K Q32T16", "seq128k q32t1", "RND4KiB Q1T1" and "RND4K-Q1T1". */
gboolean
dmk_test_spec_parse (const char *text, DmkTestSpec *out, GError **error)
{
  const char *p = text;
  DmkTestSpec spec = { 0 };
  guint64 n = 0, qd = 0, threads = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  while (g_ascii_isspace (*p))
    p++;
  for (spec.pattern = 0; spec.pattern < G_N_ELEMENTS (pattern_prefixes); spec.pattern++)
    if (g_ascii_strncasecmp (p, pattern_prefixes[spec.pattern], 3) == 0)
      break;
  if (spec.pattern >= G_N_ELEMENTS (pattern_prefixes))
    goto bad;
  p += 3;
  if (!parse_uint (&p, &n))
    goto bad;
  switch (g_ascii_toupper (*p))
    {
    case 'K':
      n <<= 10;
      p++;
      break;
    case 'M':
      n <<= 20;
      p++;
      break;
    default:
      break;
    }
  if (g_ascii_strncasecmp (p, "iB", 2) == 0)
    p += 2;
  if (*p != ' ' && *p != '-' && *p != '_')
    goto bad;
  while (*p == ' ' || *p == '-' || *p == '_')
    p++;
  if (g_ascii_toupper (*p) != 'Q')
    goto bad;
  p++;
  if (!parse_uint (&p, &qd))
    goto bad;
  if (g_ascii_toupper (*p) != 'T')
    goto bad;
  p++;
  if (!parse_uint (&p, &threads))
    goto bad;
  if (!parse_stride (&p, &spec))
    goto bad;
  if (*p != '\0' || n > G_MAXUINT32)
    goto bad;

  spec.block_size = (guint32) n;
  spec.queue_depth = (guint) qd;
  spec.threads = (guint) threads;
  if (!dmk_test_spec_validate (&spec, error))
    return FALSE;
  *out = spec;
  return TRUE;

bad:
  g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
               _("“%s” is not a test: write it like “SEQ1M Q8T1”, “RND4K Q32T16”, "
                 "“BWD1M Q1T1”, “STR4K Q1T1 S17” or “REC4K Q1T1” (SEQ, RND, BWD for backward, "
                 "STR for strided or REC for one record again and again, block size with K or M, queue depth Q, threads T, a stride's S in "
                 "records)"),
               text);
  return FALSE;
}

/* The one list of built-in profiles: the CLI's --help, the settings schema's choices (checked by
 * test-spec), the window's menus and the report all read it. Names are English here and in the
 * text report, which must read the same everywhere, and translated in the UI. */
static const DmkProfile profiles[] = {
  { "classic",
    { "SEQ1M Q1T1", "RND512K Q1T1", "RND4K Q1T1", "RND4K Q32T1", NULL },
    N_("Classic (CrystalDiskMark 3)"),
    N_("Classic") },
  { "default",
    { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1", NULL },
    N_("Default"),
    N_("Default") },
  { "nvme",
    { "SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1", NULL },
    N_("NVMe SSD"),
    N_("NVMe SSD") },
  { "peak",
    { "SEQ1M Q8T1", "RND4K Q32T16", NULL },
    N_("Peak Performance"),
    N_("Peak Performance") },
  { "real", { "SEQ1M Q1T1", "RND4K Q1T1", NULL }, N_("Real World Performance"), N_("Real World") },
  { "demo", { "SEQ1M Q8T1", NULL }, N_("Demo"), N_("Demo") },
  /* CrystalDiskMark 9's: the default tests, measured 1 s each, with 30 s between them so that
   * a stick's or a card's controller cools and flushes. */
  { "flash",
    { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1", NULL },
    N_("Flash Memory (CrystalDiskMark 9)"),
    N_("Flash Memory"),
    1,
    30 },
  { NULL },
};

/* TRANSLATORS: tests a user picked one by one, not a profile's */
static const DmkProfile custom_profile = { DMK_PROFILE_CUSTOM, { NULL }, N_("Custom"),
                                           N_("Custom") };

const DmkProfile *
dmk_profiles (void)
{
  return profiles;
}

const DmkProfile *
dmk_profile_find (const char *id)
{
  for (guint i = 0; id != NULL && profiles[i].id != NULL; i++)
    if (strcmp (profiles[i].id, id) == 0)
      return &profiles[i];
  return NULL;
}

const char *const *
dmk_profile_names (void)
{
  static const char *names[G_N_ELEMENTS (profiles)];
  static gsize done = 0;

  /* Built from the table once, so a profile added there is listed everywhere. */
  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
        names[i] = profiles[i].id;
      g_once_init_leave (&done, 1);
    }
  return names;
}

char *
dmk_profile_list (void)
{
  return g_strjoinv (", ", (char **) dmk_profile_names ());
}

gboolean
dmk_profile_lookup (const char *name, GArray **specs_out, GError **error)
{
  const DmkProfile *profile;
  GArray *specs;

  g_return_val_if_fail (name != NULL, FALSE);

  profile = dmk_profile_find (name);
  if (profile == NULL)
    {
      g_autofree char *list = dmk_profile_list ();
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Unknown profile “%s”: choose one of %s"), name, list);
      return FALSE;
    }
  specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  for (guint j = 0; profile->tests[j] != NULL; j++)
    {
      DmkTestSpec spec;
      gboolean ok = dmk_test_spec_parse (profile->tests[j], &spec, NULL);
      g_assert (ok);
      g_array_append_val (specs, spec);
    }
  if (specs_out != NULL)
    *specs_out = specs;
  else
    g_array_unref (specs);
  return TRUE;
}

static const DmkProfile *
profile_or_custom (const char *id)
{
  return g_strcmp0 (id, DMK_PROFILE_CUSTOM) == 0 ? &custom_profile : dmk_profile_find (id);
}

const char *
dmk_profile_report_name (const char *id)
{
  const DmkProfile *p = profile_or_custom (id);

  /* A profile from a newer version is shown by its id rather than lost. */
  return p != NULL ? p->name : id != NULL ? id : custom_profile.name;
}

const char *
dmk_profile_display_name (const char *id)
{
  const DmkProfile *p = profile_or_custom (id);

  return p != NULL ? _(p->name) : id != NULL ? id : _(custom_profile.name);
}

const char *
dmk_profile_short_name (const char *id)
{
  const DmkProfile *p = profile_or_custom (id);

  return p != NULL ? _(p->short_name) : id != NULL ? id : _(custom_profile.short_name);
}

void
dmk_settings_init_default (DmkSettings *settings)
{
  memset (settings, 0, sizeof *settings);
  settings->profile = g_strdup ("classic");
  settings->mode = DMK_MODE_READ_WRITE;
  settings->passes = 5;
  settings->size_bytes = (guint64) 1 << 30;
  settings->measure_s = 5;
  settings->warmup_s = DMK_WARMUP_AS_MEASURE;
  settings->interval_s = 5;
  settings->data = DMK_DATA_RANDOM;
  settings->engine = DMK_ENGINE_IO_URING; /* libaio where the kernel refuses it */
  settings->direct = TRUE;
  settings->mix_read_percent = 0;
  settings->allow_write_device = FALSE;
  settings->until_stable = FALSE;
  settings->score = DMK_SCORE_BEST;
}

void
dmk_settings_apply_profile_timing (DmkSettings *settings)
{
  const DmkProfile *p;

  g_return_if_fail (settings != NULL);
  p = dmk_profile_find (settings->profile);
  if (p == NULL)
    return;
  if (p->measure_s > 0)
    settings->measure_s = p->measure_s;
  if (p->interval_s > 0)
    settings->interval_s = p->interval_s;
}

guint
dmk_settings_warmup_s (const DmkSettings *settings)
{
  return settings->warmup_s == DMK_WARMUP_AS_MEASURE ? settings->measure_s
                                                     : (guint) settings->warmup_s;
}

void
dmk_settings_clear (DmkSettings *settings)
{
  g_clear_pointer (&settings->profile, g_free);
}

void
dmk_settings_copy (DmkSettings *dest, const DmkSettings *src)
{
  *dest = *src;
  dest->profile = g_strdup (src->profile);
}

gboolean
dmk_settings_validate (const DmkSettings *settings, GError **error)
{
  g_return_val_if_fail (settings != NULL, FALSE);

  if (settings->passes < DMK_PASSES_MIN || settings->passes > DMK_PASSES_MAX)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Passes must be between %u and %u, not %u"), DMK_PASSES_MIN, DMK_PASSES_MAX,
                   settings->passes);
      return FALSE;
    }
  if (settings->size_bytes < DMK_SIZE_MIN || settings->size_bytes > DMK_SIZE_MAX)
    {
      g_autofree char *s = dmk_format_size (settings->size_bytes);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test size must be between 16 MiB and 64 GiB, not %s"), s);
      return FALSE;
    }
  if (settings->size_bytes % (1u << 20) != 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Test size must be a whole number of MiB"));
      return FALSE;
    }
  if (settings->measure_s < DMK_MEASURE_MIN || settings->measure_s > DMK_MEASURE_MAX)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Measure time must be between %u and %u seconds, not %u"), DMK_MEASURE_MIN,
                   DMK_MEASURE_MAX, settings->measure_s);
      return FALSE;
    }
  if (settings->warmup_s != DMK_WARMUP_AS_MEASURE &&
      (settings->warmup_s < 0 || settings->warmup_s > DMK_WARMUP_MAX))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Warm-up time must be between 0 and %d seconds, not %d"), DMK_WARMUP_MAX,
                   settings->warmup_s);
      return FALSE;
    }
  if (settings->interval_s > DMK_INTERVAL_MAX)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("Interval must be between 0 and %u seconds, not %u"), DMK_INTERVAL_MAX,
                   settings->interval_s);
      return FALSE;
    }
  if (settings->mix_read_percent != 0 &&
      (settings->mix_read_percent < DMK_MIX_MIN || settings->mix_read_percent > DMK_MIX_MAX))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("The mix read percentage must be between %u and %u, not %u"), DMK_MIX_MIN,
                   DMK_MIX_MAX, settings->mix_read_percent);
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  int value;
  const char *name;
} EnumName;

static const EnumName mode_names[] = {
  { DMK_MODE_READ_WRITE, "read-write" }, { DMK_MODE_READ, "read" }, { DMK_MODE_WRITE, "write" }
};
static const EnumName data_names[] = { { DMK_DATA_RANDOM, "random" }, { DMK_DATA_ZERO, "zero" } };
static const EnumName engine_names[] = { { DMK_ENGINE_LIBAIO, "libaio" },
                                         { DMK_ENGINE_PSYNC, "psync" },
                                         { DMK_ENGINE_IO_URING, "io_uring" } };
static const EnumName score_names[] = { { DMK_SCORE_BEST, "best" }, { DMK_SCORE_MEDIAN, "median" } };
static const EnumName direction_names[] = { { DMK_DIRECTION_READ, "read" },
                                            { DMK_DIRECTION_WRITE, "write" },
                                            { DMK_DIRECTION_MIX, "mix" } };
/* How a direction reads for people, by DmkDirection: N_() marked English, translated on use. */
static const struct
{
  const char *label; /* a heading: "[Read]", "SEQ1M Q1T1 Read" */
  const char *lower; /* inside a sentence: "…, 1 thread, read" */
} direction_words[] = {
  [DMK_DIRECTION_READ] = { N_("Read"), N_("read") },
  [DMK_DIRECTION_WRITE] = { N_("Write"), N_("write") },
  [DMK_DIRECTION_MIX] = { N_("Mix"), N_("mixed") },
};
static const EnumName pattern_names[] = { { DMK_PATTERN_SEQUENTIAL, "sequential" },
                                          { DMK_PATTERN_RANDOM, "random" },
                                          { DMK_PATTERN_BACKWARD, "backward" },
                                          { DMK_PATTERN_STRIDED, "strided" },
                                          { DMK_PATTERN_RECORD, "record" } };

static const char *
enum_to_string (const EnumName *names, gsize n, int value)
{
  for (gsize i = 0; i < n; i++)
    if (names[i].value == value)
      return names[i].name;
  g_return_val_if_reached ("unknown");
}

static gboolean
enum_from_string (const EnumName *names, gsize n, const char *s, int *out)
{
  for (gsize i = 0; s != NULL && i < n; i++)
    if (strcmp (names[i].name, s) == 0)
      {
        *out = names[i].value;
        return TRUE;
      }
  return FALSE;
}

#define ENUM_STRINGS(type, prefix, table)                                                          \
  const char *prefix##_to_string (type v)                                                          \
  {                                                                                                \
    return enum_to_string (table, G_N_ELEMENTS (table), (int) v);                                  \
  }                                                                                                \
  gboolean prefix##_from_string (const char *s, type *out)                                         \
  {                                                                                                \
    int v;                                                                                         \
    if (!enum_from_string (table, G_N_ELEMENTS (table), s, &v))                                    \
      return FALSE;                                                                                \
    *out = (type) v;                                                                               \
    return TRUE;                                                                                   \
  }

ENUM_STRINGS (DmkMode, dmk_mode, mode_names)
ENUM_STRINGS (DmkData, dmk_data, data_names)
ENUM_STRINGS (DmkEngineKind, dmk_engine_kind, engine_names)
ENUM_STRINGS (DmkDirection, dmk_direction, direction_names)
ENUM_STRINGS (DmkPattern, dmk_pattern, pattern_names)
ENUM_STRINGS (DmkScore, dmk_score, score_names)

static DmkDirection
direction_checked (DmkDirection dir)
{
  g_return_val_if_fail ((guint) dir < G_N_ELEMENTS (direction_words), DMK_DIRECTION_READ);
  return dir;
}

const char *
dmk_direction_label (DmkDirection dir)
{
  return _(direction_words[direction_checked (dir)].label);
}

const char *
dmk_direction_report_label (DmkDirection dir)
{
  return direction_words[direction_checked (dir)].label;
}

const char *
dmk_direction_lower_label (DmkDirection dir)
{
  return _(direction_words[direction_checked (dir)].lower);
}

guint
dmk_settings_mix_share (const DmkSettings *settings, DmkDirection dir)
{
  g_return_val_if_fail (settings != NULL, 0);
  if (dir != DMK_DIRECTION_MIX)
    return 0;
  return settings->mix_read_percent > 0 ? settings->mix_read_percent : DMK_MIX_DEFAULT;
}

char *
dmk_direction_share_label (DmkDirection dir, guint share)
{
  if (dir == DMK_DIRECTION_MIX && share > 0)
    return g_strdup_printf ("%s R%u%%", dmk_direction_report_label (dir), share);
  return g_strdup (dmk_direction_report_label (dir));
}

const char *
dmk_direction_share_ui_label (DmkDirection dir, guint share)
{
  g_autofree char *label = NULL;

  if (dir != DMK_DIRECTION_MIX || share == 0)
    return dmk_direction_label (dir);
  /* Interned: at most one string per share (1 to 99), kept for the program's life. */
  label = g_strdup_printf ("%s R%u%%", dmk_direction_label (dir), share);
  return g_intern_string (label);
}

char *
dmk_direction_share_string (DmkDirection dir, guint share)
{
  if (dir == DMK_DIRECTION_MIX && share > 0)
    return g_strdup_printf ("%s R%u%%", dmk_direction_to_string (dir), share);
  return g_strdup (dmk_direction_to_string (dir));
}

/* "mix R70%" as dmk_direction_share_string () writes it, or a bare direction (share 0). */
gboolean
dmk_direction_share_from_string (const char *s, DmkDirection *dir, guint *share)
{
  g_autofree char *word = NULL;
  const char *space;
  guint64 v;
  char *end;

  if (s == NULL)
    return FALSE;
  space = strchr (s, ' ');
  if (space == NULL)
    {
      *share = 0;
      return dmk_direction_from_string (s, dir);
    }
  word = g_strndup (s, (gsize) (space - s));
  if (!dmk_direction_from_string (word, dir) || *dir != DMK_DIRECTION_MIX || space[1] != 'R' ||
      !g_ascii_isdigit (space[2]))
    return FALSE;
  v = g_ascii_strtoull (space + 2, &end, 10);
  if (strcmp (end, "%") != 0 || v < DMK_MIX_MIN || v > DMK_MIX_MAX)
    return FALSE;
  *share = (guint) v;
  return TRUE;
}

char *
dmk_test_full_name (const DmkTestSpec *spec, DmkDirection dir, guint share)
{
  g_autofree char *name = dmk_test_spec_to_name (spec);
  g_autofree char *direction = dmk_direction_share_label (dir, share);

  return g_strdup_printf ("%s %s", name, direction);
}

/* "64MiB", "1GiB", "512M", "1g", "16777216" (bytes). Binary units: CrystalDiskMark's sizes are. */
gboolean
dmk_parse_size (const char *text, guint64 *out, GError **error)
{
  const char *p = text;
  char *end = NULL;
  guint64 n, mult = 1;

  g_return_val_if_fail (text != NULL, FALSE);
  while (g_ascii_isspace (*p))
    p++;
  if (!g_ascii_isdigit (*p))
    goto bad;
  n = g_ascii_strtoull (p, &end, 10);
  p = end;
  while (*p == ' ')
    p++;
  switch (g_ascii_toupper (*p))
    {
    case '\0':
      break;
    case 'K':
      mult = (guint64) 1 << 10;
      p++;
      break;
    case 'M':
      mult = (guint64) 1 << 20;
      p++;
      break;
    case 'G':
      mult = (guint64) 1 << 30;
      p++;
      break;
    case 'T':
      mult = (guint64) 1 << 40;
      p++;
      break;
    default:
      goto bad;
    }
  if (mult > 1 && g_ascii_strcasecmp (p, "iB") != 0 && g_ascii_strcasecmp (p, "B") != 0 &&
      *p != '\0')
    goto bad;
  if (mult == 1 && *p != '\0')
    goto bad;
  if (n > G_MAXUINT64 / mult)
    goto bad;
  *out = n * mult;
  return TRUE;

bad:
  g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
               _("“%s” is not a size: write it like 64MiB, 1GiB or 512M"), text);
  return FALSE;
}

char *
dmk_format_size (guint64 bytes)
{
  static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  guint u = 0;
  double v = (double) bytes;

  if (bytes < 1024)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " B", bytes);
  while (v >= 1024.0 && u < G_N_ELEMENTS (units) - 1)
    {
      v /= 1024.0;
      u++;
    }
  if (v == (double) (guint64) v)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " %s", (guint64) v, units[u]);
  {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    return g_strdup_printf ("%s %s", g_ascii_formatd (buf, sizeof buf, "%.1f", v), units[u]);
  }
}
