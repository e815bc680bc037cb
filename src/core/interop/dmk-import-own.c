/* dmk-import-own.c: GDiskMark's own text report (dmk-report.c) read back as a result, for the
 * comparison and the history: every number it prints, at the precision it prints it, and every
 * fact it states. The report is English and the C locale in every language the program speaks,
 * so one reader serves them all. What it leaves out is not made up: it has no passes (but a
 * re-read's two), no series and no latency percentiles; its spread lines say why a test ran the
 * passes it ran, and their numbers have no place in a result without the passes. Its CSV is
 * dmk-import-own-csv.c's. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-import-private.h"
#include "dmk-units.h"


enum
{
  RX_HEADER,
  RX_SECTION,
  RX_SCAN,
  RX_TEST,
  RX_REREAD,
  RX_SPREAD,
  RX_SIZE,
  RX_USAGE,
  RX_BYTES,
  RX_SCORE,
  RX_TIME,
  RX_DATE,
  RX_TEMP,
  RX_VERIFIED,
  RX_FAILED,
  N_RX
};

/* The lines as dmk-report.c prints them; indented as well, as a paste from a mail keeps them. */
static const char *const patterns[N_RX] = {
  [RX_HEADER] = "^\\s*GDiskMark\\s+(\\S+)\\s+\\(C\\)",
  [RX_SECTION] = "^\\s*\\[(Read|Write|Mix)\\](?:\\s+Read\\s+(\\d+)%/Write\\s+\\d+%)?\\s*$",
  [RX_SCAN] = "^\\s*\\[(Sustained Write|Rate over Position)\\]",
  /* "  SEQ    1MiB (Q=  8, T= 1):  1062.197 MB/s [  1013.0 IOPS] <  7897.33 us>", "(…, S=17)" */
  [RX_TEST] = "^\\s*(SEQ|RND|BWD|STR|REC)\\s*(\\d+)(MiB|KiB|B)\\s+\\(Q=\\s*(\\d+),\\s*T=\\s*(\\d+)"
              "(?:,\\s*S=\\s*(\\d+))?\\):\\s*(\\S+)\\s+MB/s\\s+\\[\\s*(\\S+)\\s+IOPS\\]\\s+"
              "<\\s*(\\S+)\\s+us>\\s*$",
  /* "      read   : 10180.257 MB/s, re-read : 10388.646 MB/s" */
  [RX_REREAD] = "^\\s*(?:read|write|mix)\\s*:\\s*(\\S+)\\s+MB/s,\\s*"
                "re-(?:read|write|mix)\\s*:\\s*(\\S+)\\s+MB/s\\s*$",
  /* "  Spread SEQ1M Q8T1: min … (6 passes); until stable: 4 passes added, RSD still …", a mix's
   * "Spread RND4K Q1T1 Mix R70%: …" */
  [RX_SPREAD] = "^\\s*Spread\\s+(\\S+\\s+\\S+(?:\\s+S\\d+)?)(?:\\s+Mix\\s+R\\d+%)?:\\s+min\\s.*"
                "\\((\\d+)\\s+pass(?:es)?\\)(?:;\\s+until stable:\\s+(\\d+)\\s+pass(?:es)?\\s+"
                "added,\\s+RSD\\s+(below|still))?",
  /* "16 MiB (x2) [/tmp: ext4, Virtio block device, 20% (19/252GiB)]" */
  [RX_SIZE] = "^(\\d+(?:\\.\\d+)?)\\s+(B|KiB|MiB|GiB|TiB)(?:\\s+\\(x(\\d+)\\))?\\s+\\[(.*)\\]\\s*$",
  [RX_USAGE] = "^(\\d+)%\\s+\\((\\d+)/(\\d+)(MiB|GiB)\\)$",
  [RX_BYTES] = "^(\\d+(?:\\.\\d+)?)\\s+(B|KiB|MiB|GiB|TiB|PiB)$",
  /* "median of 2 to 6 passes (until stable), no warm-up", "best of 5 passes after a 5 s warm-up" */
  [RX_SCORE] = "^(best|median) of (\\d+)(?: to \\d+)? pass(?:es)?( \\(until stable\\)| over the "
               "same data \\(re-read\\))?(?:, no warm-up| after a (\\d+) s warm-up)\\s*$",
  [RX_TIME] = "^Measure (\\d+) sec / Interval (\\d+) sec\\s*$",
  [RX_DATE] = "^(\\d{4})/(\\d{2})/(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})\\s*$",
  [RX_TEMP] = "^(-?\\d+) °C before, (-?\\d+) °C peak, (-?\\d+) °C after\\s*$",
  [RX_VERIFIED] = "^(\\d+) blocks of 4 KiB read back as written, 0 mismatches\\s*$",
  [RX_FAILED] = "^FAILED: (\\d+) of (\\d+) blocks of 4 KiB did not read back as written \\(the "
                "first at offset (\\d+)\\)\\s*$",
};

typedef struct
{
  GRegex *rx[N_RX];
  DmkResult *r;
  int section;          /* the DmkDirection of the lines under way; -1 before the first */
  DmkTestResult *last;  /* the last test line's, for the re-read line under it */
  char *bad;            /* a line that names a test that cannot be */
  char *scan;           /* the scan the text is of: refused */
  gboolean header;      /* the "GDiskMark 0.1.0 (C) …" line was read */
  GPtrArray *engines;   /* the Mode line's "libaio for RND4K Q32T1" */
} OwnText;

static guint64
match_u64 (GMatchInfo *m, int n, guint64 fallback)
{
  g_autofree char *s = g_match_info_fetch (m, n);
  guint64 v;

  if (s == NULL || !g_ascii_string_to_unsigned (s, 10, 0, G_MAXUINT32, &v, NULL))
    return fallback;
  return v;
}

static gboolean
match_number (GMatchInfo *m, int n, double max, double *out)
{
  g_autofree char *s = g_match_info_fetch (m, n);

  return _dmk_import_number (s, max, out);
}

/* "1.5" "GiB" in bytes; FALSE for what is no size. */
static gboolean
bytes_of (GMatchInfo *m, int number, int unit, guint64 *out)
{
  static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  g_autofree char *u = g_match_info_fetch (m, unit);
  double v;

  if (!match_number (m, number, 1e6, &v))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++, v *= 1024)
    if (g_strcmp0 (u, units[i]) == 0)
      {
        *out = (guint64) llround (v);
        return TRUE;
      }
  return FALSE;
}

/* "57.3 GiB" in bytes. */
static gboolean
size_text (OwnText *t, const char *text, guint64 *out)
{
  g_autoptr (GMatchInfo) m = NULL;

  return g_regex_match (t->rx[RX_BYTES], text, 0, &m) && bytes_of (m, 1, 2, out);
}

/* "SEQ    1MiB (Q=  8, T= 1):  1062.197 MB/s [  1013.0 IOPS] <  7897.33 us>" in a section. */
static gboolean
read_test (OwnText *t, const char *line)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *prefix = NULL, *unit = NULL;
  DmkTestSpec spec = { 0 };
  guint64 size;
  guint shift;
  double mb = 0, iops = 0, lat = 0;
  gboolean ok;

  if (!g_regex_match (t->rx[RX_TEST], line, 0, &m))
    return FALSE;
  prefix = g_match_info_fetch (m, 1);
  unit = g_match_info_fetch (m, 3);
  for (guint p = DMK_PATTERN_SEQUENTIAL; p <= DMK_PATTERN_RECORD; p++)
    if (strcmp (prefix, dmk_pattern_prefix ((DmkPattern) p)) == 0)
      spec.pattern = (DmkPattern) p;
  shift = unit[0] == 'M' ? 20 : unit[0] == 'K' ? 10 : 0;
  size = match_u64 (m, 2, 0);
  spec.block_size = size <= (DMK_SPEC_MAX_BLOCK >> shift) ? (guint32) (size << shift) : 0;
  spec.queue_depth = (guint) match_u64 (m, 4, 0);
  spec.threads = (guint) match_u64 (m, 5, 0);
  spec.stride = spec.pattern == DMK_PATTERN_STRIDED ? (guint) match_u64 (m, 6, 0) : 0;
  ok = t->section >= 0 && dmk_test_spec_validate (&spec, NULL) &&
       match_number (m, 7, 1e7, &mb) && match_number (m, 8, 1e9, &iops) &&
       match_number (m, 9, 1e9, &lat);
  if (!ok)
    {
      t->bad = t->bad != NULL ? t->bad : g_strdup (line);
      return TRUE;
    }
  /* Every line kept, in its order: a result opened from fio may hold one test twice. */
  t->last = _dmk_import_append_test (t->r, &spec, (DmkDirection) t->section, mb, iops, lat);
  t->last->iops = iops; /* as printed, also where it is 0.0 */
  return TRUE;
}

/* --reread's two passes under their test: the first over the data and the second over the same. */
static gboolean
read_reread (OwnText *t, const char *line)
{
  g_autoptr (GMatchInfo) m = NULL;
  DmkPass pass[2] = { { 0 }, { 0 } };

  if (!g_regex_match (t->rx[RX_REREAD], line, 0, &m))
    return FALSE;
  if (t->last == NULL || t->last->passes->len > 0 ||
      !match_number (m, 1, 1e7, &pass[0].mb_per_s) || !match_number (m, 2, 1e7, &pass[1].mb_per_s))
    return TRUE;
  for (guint i = 0; i < 2; i++)
    {
      /* bytes and seconds are not printed: 0, as they are unknown. */
      pass[i].iops = pass[i].mb_per_s * 1e6 / t->last->spec.block_size;
      g_array_append_val (t->last->passes, pass[i]);
      g_ptr_array_add (t->last->series, NULL);
    }
  return TRUE;
}

/* "Spread SEQ1M Q8T1: … (6 passes); until stable: 4 passes added, RSD still …": why the test ran
 * the passes it ran. The spread's own numbers have no place in a result without its passes. */
static gboolean
read_spread (OwnText *t, const char *line)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *name = NULL, *why = NULL;
  DmkTestSpec spec;
  guint64 n, added;

  if (!g_regex_match (t->rx[RX_SPREAD], line, 0, &m))
    return FALSE;
  name = g_match_info_fetch (m, 1);
  why = g_match_info_fetch (m, 4);
  n = match_u64 (m, 2, 0);
  added = match_u64 (m, 3, 0);
  if (why == NULL || *why == '\0' || !dmk_test_spec_parse (name, &spec, NULL) || added >= n ||
      n - added > DMK_PASSES_MAX)
    return TRUE;
  for (guint i = t->r->tests->len; i-- > 0;)
    {
      DmkTestResult *x = g_ptr_array_index (t->r->tests, i);

      if ((int) x->direction != t->section || !dmk_test_spec_equal (&x->spec, &spec))
        continue;
      x->stability = why[0] == 'b' ? DMK_STABILITY_STABLE : DMK_STABILITY_LIMIT;
      x->passes_asked = (guint) (n - added);
      break;
    }
  return TRUE;
}

/* "[Read]", "[Mix] Read 30%/Write 70%"; a scan's "[Sustained Write]" is refused at the end. */
static gboolean
read_section (OwnText *t, const char *line)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *which = NULL;

  if (g_regex_match (t->rx[RX_SCAN], line, 0, &m))
    {
      t->scan = t->scan != NULL ? t->scan : g_match_info_fetch (m, 1);
      return TRUE;
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (!g_regex_match (t->rx[RX_SECTION], line, 0, &m))
    return FALSE;
  which = g_match_info_fetch (m, 1);
  t->section = which[0] == 'R' ? DMK_DIRECTION_READ
               : which[0] == 'W' ? DMK_DIRECTION_WRITE
                                 : DMK_DIRECTION_MIX;
  if (t->section == DMK_DIRECTION_MIX)
    t->r->settings.mix_read_percent =
      (guint) CLAMP (match_u64 (m, 2, DMK_MIX_DEFAULT), DMK_MIX_MIN, DMK_MIX_MAX);
  t->last = NULL;
  return TRUE;
}

/* "/tmp: ext4, Virtio block device, 20% (19/252GiB)" or "/dev/sdb: SanDisk Ultra, 57.3 GiB": the
 * target's path, filesystem, model and size, as dmk-report.c's target_facts () joins them. */
static void
read_target (OwnText *t, const char *inside)
{
  DmkTargetInfo *target = &t->r->target;
  const char *colon = g_strrstr (inside, ": ");
  g_auto (GStrv) facts = NULL;
  g_autoptr (GMatchInfo) m = NULL;
  guint n, first = 0;

  target->path = (g_free (target->path),
                  colon != NULL ? g_strndup (inside, (gsize) (colon - inside)) : g_strdup (inside));
  facts = colon != NULL ? g_strsplit (colon + 2, ", ", 16) : g_new0 (char *, 1);
  n = g_strv_length (facts);
  target->kind = g_str_has_prefix (target->path, "/dev/") ? DMK_TARGET_BLOCK_DEVICE
                                                           : DMK_TARGET_DIRECTORY;
  if (n > 0 && g_regex_match (t->rx[RX_USAGE], facts[n - 1], 0, &m))
    {
      g_autofree char *unit = g_match_info_fetch (m, 4);
      guint shift = unit[0] == 'M' ? 20 : 30;

      guint64 percent = MIN (match_u64 (m, 1, 0), 100), used = match_u64 (m, 2, 0) << shift;

      /* A folder: "20% (19/252GiB)", its filesystem's use, rounded as printed. The percentage is
       * df's, of what is used and free to users (without the blocks kept for root): the free
       * space is what gives it again (dmk_usage_percent ()); under half a unit used is a byte. */
      target->kind = DMK_TARGET_DIRECTORY;
      target->size_bytes = match_u64 (m, 3, 0) << shift;
      target->used_bytes = MIN (used > 0 || percent == 0 ? used : 1, target->size_bytes);
      target->free_bytes =
        percent == 0 ? target->size_bytes - target->used_bytes
                     : MIN ((target->used_bytes * (100 - percent) + percent - 1) / percent,
                            target->size_bytes);
      n--;
    }
  else if (n > 0 && size_text (t, facts[n - 1], &target->size_bytes))
    {
      target->kind = DMK_TARGET_BLOCK_DEVICE; /* a device: its size */
      n--;
    }
  /* A filesystem's name is one lowercase word ("ext4", "fuseblk"); a model is anything else. */
  if (n > 0 && g_regex_match_simple ("^[a-z0-9][a-z0-9_.+-]*$", facts[0], 0, 0))
    target->filesystem = (g_free (target->filesystem), g_strdup (facts[first++]));
  if (first < n)
    {
      g_free (facts[n]);
      facts[n] = NULL;
      target->model = (g_free (target->model), g_strjoinv (", ", facts + first));
    }
}

/* "16 MiB (x2) [/tmp: …]": the test size, the passes and the target. */
static void
read_test_facts (OwnText *t, const char *value)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *inside = NULL;
  DmkSettings *s = &t->r->settings;
  guint64 size, passes;

  if (!g_regex_match (t->rx[RX_SIZE], value, 0, &m))
    return;
  /* Sizes that are no whole GiB print to a tenth ("1.5 GiB"): the nearest MiB. */
  if (bytes_of (m, 1, 2, &size))
    {
      size = (size + DMK_MIB / 2) / DMK_MIB * DMK_MIB;
      if (size >= DMK_SIZE_MIN && size <= DMK_SIZE_MAX)
        s->size_bytes = size;
    }
  passes = match_u64 (m, 3, 0);
  if (passes >= DMK_PASSES_MIN && passes <= DMK_PASSES_MAX)
    s->passes = (guint) passes;
  inside = g_match_info_fetch (m, 4);
  read_target (t, inside);
}

/* "Read & Write, random data, io_uring, libaio for RND4K Q32T1 polled, direct I/O, re-read: …" */
static void
read_mode (OwnText *t, const char *value)
{
  g_auto (GStrv) parts = g_strsplit (value, ", ", 64);
  DmkSettings *s = &t->r->settings;
  guint n = g_strv_length (parts), i;

  if (n < 4)
    return;
  if (strcmp (parts[0], "Read") == 0)
    s->mode = DMK_MODE_READ;
  else if (strcmp (parts[0], "Write") == 0)
    s->mode = DMK_MODE_WRITE;
  else if (strcmp (parts[0], "Read & Write") == 0)
    s->mode = DMK_MODE_READ_WRITE;
  if (g_str_has_suffix (parts[1], " data"))
    {
      parts[1][strlen (parts[1]) - 5] = '\0';
      dmk_data_from_string (parts[1], &s->data);
    }
  for (i = 2; i < n && strcmp (parts[i], "direct I/O") != 0 && strcmp (parts[i], "buffered I/O")
                         != 0; i++)
    {
      if (g_str_has_suffix (parts[i], " polled"))
        {
          s->poll = TRUE;
          parts[i][strlen (parts[i]) - 7] = '\0';
        }
      if (i == 2)
        t->r->engine = (g_free (t->r->engine), g_strdup (parts[i]));
      else
        g_ptr_array_add (t->engines, g_strdup (parts[i]));
    }
  if (i < n)
    s->direct = strcmp (parts[i], "direct I/O") == 0;
  s->reread = strstr (value, ", re-read: ") != NULL;
}

/* "median of 2 to 6 passes (until stable), no warm-up": the score's rule. */
static void
read_score (OwnText *t, const char *value)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *rule = NULL, *how = NULL;
  DmkSettings *s = &t->r->settings;
  guint64 passes;

  if (!g_regex_match (t->rx[RX_SCORE], value, 0, &m))
    return;
  rule = g_match_info_fetch (m, 1);
  how = g_match_info_fetch (m, 3);
  s->score = rule[0] == 'm' ? DMK_SCORE_MEDIAN : DMK_SCORE_BEST;
  passes = match_u64 (m, 2, 0);
  if (passes >= DMK_PASSES_MIN && passes <= DMK_PASSES_MAX)
    s->passes = (guint) passes;
  s->until_stable = how != NULL && strstr (how, "until stable") != NULL;
  s->reread |= how != NULL && strstr (how, "re-read") != NULL;
  s->warmup_s = (int) MIN (match_u64 (m, 4, 0), DMK_WARMUP_MAX);
}

static void
read_when (OwnText *t, const char *value)
{
  g_autoptr (GMatchInfo) m = NULL;

  if (!g_regex_match (t->rx[RX_DATE], value, 0, &m))
    return;
  /* Printed in the offset the run had, without it: this machine's, as for the other tools. */
  g_free (t->r->date);
  t->r->date = _dmk_import_local_date ((int) match_u64 (m, 1, 0), (int) match_u64 (m, 2, 0),
                                       (int) match_u64 (m, 3, 0), (int) match_u64 (m, 4, 0),
                                       (int) match_u64 (m, 5, 0), (int) match_u64 (m, 6, 0));
}

static void
read_temperature (OwnText *t, const char *value)
{
  g_autoptr (GMatchInfo) m = NULL;
  DmkTemperature *c = &t->r->temperature;
  double v[3];

  if (!g_regex_match (t->rx[RX_TEMP], value, 0, &m))
    return;
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *s = g_match_info_fetch (m, (int) i + 1);
      v[i] = g_ascii_strtod (s, NULL);
    }
  *c = (DmkTemperature) { TRUE, v[0], v[1], v[2] };
}

static void
read_verify (OwnText *t, const char *value)
{
  g_autoptr (GMatchInfo) m = NULL;
  DmkStampTally *v = &t->r->verify;

  if (g_regex_match (t->rx[RX_VERIFIED], value, 0, &m))
    {
      t->r->settings.verify = TRUE;
      v->checked = match_u64 (m, 1, 0);
      return;
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (!g_regex_match (t->rx[RX_FAILED], value, 0, &m))
    return;
  t->r->settings.verify = TRUE;
  v->bad = match_u64 (m, 1, 0);
  v->checked = match_u64 (m, 2, 0);
  v->has_bad = TRUE;
  v->first_bad = match_u64 (m, 3, 0);
}

/* "Profile: Default", "Profile: Block-size sweep": the profile's id by its English name. */
static void
read_profile (OwnText *t, const char *value)
{
  DmkResult *r = t->r;
  char *id = NULL;

  if (strcmp (value, "Block-size sweep") == 0)
    {
      r->kind = DMK_KIND_SWEEP;
      id = g_strdup (DMK_PROFILE_CUSTOM);
    }
  for (const DmkProfile *p = dmk_profiles (); id == NULL && p->id != NULL; p++)
    if (strcmp (value, p->name) == 0)
      id = g_strdup (p->id);
  if (id == NULL && strcmp (value, dmk_profile_report_name (DMK_PROFILE_CUSTOM)) == 0)
    id = g_strdup (DMK_PROFILE_CUSTOM);
  /* A newer version's profile is printed by its id. */
  g_free (r->settings.profile);
  r->settings.profile = id != NULL ? id : g_strdup (value);
}

/* The text after "key:" at the line's start (after its alignment), or NULL. */
static const char *
own_field (const char *line, const char *key)
{
  gsize n = strlen (key);

  while (*line == ' ')
    line++;
  if (strncmp (line, key, n) != 0 || line[n] != ':')
    return NULL;
  line += n + 1;
  return *line == ' ' ? line + 1 : line;
}

/* The facts after the tests, a line "Key: value" each. */
static void
read_fact (OwnText *t, const char *line)
{
  DmkResult *r = t->r;
  const char *v;

  if ((v = own_field (line, "Profile")) != NULL)
    read_profile (t, v);
  else if ((v = own_field (line, "Test")) != NULL)
    read_test_facts (t, v);
  else if ((v = own_field (line, "Mode")) != NULL)
    read_mode (t, v);
  else if ((v = own_field (line, "Score")) != NULL)
    read_score (t, v);
  else if ((v = own_field (line, "Source")) != NULL && *v != '\0')
    {
      /* Another tool's result shown by GDiskMark: "CrystalDiskMark 8.0.4 x64". */
      const char *space = strchr (v, ' ');

      g_free (r->tool_name);
      g_free (r->tool_version);
      r->tool_name = space != NULL ? g_strndup (v, space - v) : g_strdup (v);
      r->tool_version = g_strdup (space != NULL ? space + 1 : "");
    }
  else if ((v = own_field (line, "Date")) != NULL)
    read_when (t, v);
  else if ((v = own_field (line, "OS")) != NULL)
    r->os = (g_free (r->os), g_strdup (v));
  else if ((v = own_field (line, "Temp")) != NULL)
    read_temperature (t, v);
  else if ((v = own_field (line, "Verify")) != NULL)
    read_verify (t, v);
  else if ((v = own_field (line, "Comment")) != NULL)
    r->comment = (g_free (r->comment), g_strdup (v));
  else if ((v = own_field (line, "Warning")) != NULL)
    g_ptr_array_add (r->warnings, g_strdup (v));
  else if ((v = own_field (line, "Time")) != NULL)
    {
      g_autoptr (GMatchInfo) m = NULL;

      if (!g_regex_match (t->rx[RX_TIME], v, 0, &m))
        return;
      r->settings.measure_s = (guint) CLAMP (match_u64 (m, 1, 5), DMK_MEASURE_MIN, DMK_MEASURE_MAX);
      r->settings.interval_s = (guint) MIN (match_u64 (m, 2, 5), DMK_INTERVAL_MAX);
    }
}

static void
own_line (OwnText *t, const char *line)
{
  g_autoptr (GMatchInfo) m = NULL;

  if (!t->header)
    {
      if (g_regex_match (t->rx[RX_HEADER], line, 0, &m))
        {
          t->header = TRUE;
          t->r->tool_version = (g_free (t->r->tool_version), g_match_info_fetch (m, 1));
        }
      return;
    }
  if (!read_section (t, line) && !read_test (t, line) && !read_reread (t, line) &&
      !read_spread (t, line))
    read_fact (t, line);
}

/* "libaio for RND4K Q32T1" of the Mode line: the tests that ran on another engine than the run. */
static void
apply_engines (OwnText *t)
{
  DmkEngineKind kind;

  for (guint i = 0; i < t->engines->len; i++)
    {
      g_auto (GStrv) part = g_strsplit (g_ptr_array_index (t->engines, i), " for ", 2);
      DmkTestSpec spec;

      if (g_strv_length (part) != 2 || !dmk_engine_kind_from_string (part[0], &kind) ||
          !dmk_test_spec_parse (part[1], &spec, NULL))
        continue;
      for (guint k = 0; k < t->r->tests->len; k++)
        {
          DmkTestResult *x = g_ptr_array_index (t->r->tests, k);
          if (dmk_test_spec_equal (&x->spec, &spec))
            x->engine = (g_free (x->engine), g_strdup (part[0]));
        }
    }
  if (!dmk_engine_kind_from_string (t->r->engine, &t->r->settings.engine))
    t->r->settings.engine = DMK_ENGINE_LIBAIO;
}

static DmkResult *
own_text_finish (OwnText *t, const char *name, GError **error)
{
  DmkResult *r = t->r;
  g_autofree char *what = NULL;

  if (t->scan != NULL)
    /* TRANSLATORS: %s is the scan's heading in the report: "Sustained Write" */
    what = g_strdup_printf (_("it is GDiskMark’s text of a scan (%s), which keeps a summary, not "
                              "the series a scan is shown by: open the JSON saved of it"),
                            t->scan);
  else if (t->bad != NULL)
    {
      /* A test line is some 80 characters: a longer one is cut, whatever it holds. */
      g_autofree char *cut = g_utf8_make_valid (t->bad, MIN ((gssize) strlen (t->bad), 80));
      what = g_strdup_printf (_("the line “%s” is not a result it can read"), g_strstrip (cut));
    }
  else if (r->tests->len == 0)
    what = g_strdup (_("it has no test results"));
  if (what != NULL)
    {
      _dmk_import_fail (error, name, what);
      return NULL;
    }
  apply_engines (t);
  /* Ours, unless a Source line named the tool that measured it. */
  if (!dmk_result_is_foreign (r))
    r->tool_name = (g_free (r->tool_name), g_strdup ("gdiskmark"));
  if (r->target.path == NULL)
    r->target.path = g_strdup ("");
  /* Its sizes are as the report rounded them ("20% (19/252GiB)"), not the filesystem's. */
  r->target.facts_source = (g_free (r->target.facts_source), g_strdup ("report"));
  if (r->date == NULL)
    r->date = g_strdup ("");
  return dmk_result_ref (r);
}

DmkResult *
_dmk_import_own_text (const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  OwnText t = { .r = r, .section = -1 };
  DmkResult *out;

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    data += 3, length -= 3;
  text = g_strndup (data, length);
  if (strlen (text) != length || !g_utf8_validate (text, (gssize) length, NULL))
    {
      _dmk_import_fail (error, name, _("it is not text"));
      return NULL;
    }
  for (guint i = 0; i < N_RX; i++)
    {
      t.rx[i] = g_regex_new (patterns[i], G_REGEX_OPTIMIZE, 0, NULL);
      g_assert (t.rx[i] != NULL);
    }
  t.engines = g_ptr_array_new_with_free_func (g_free);
  r->settings.mix_read_percent = 0;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strchomp (lines[i]); /* "\r" of a text saved on Windows, and trailing blanks */
      own_line (&t, lines[i]);
    }
  out = own_text_finish (&t, name, error);
  for (guint i = 0; i < N_RX; i++)
    g_regex_unref (t.rx[i]);
  g_ptr_array_unref (t.engines);
  g_free (t.bad);
  g_free (t.scan);
  return out;
}

gboolean
_dmk_import_is_own_text (const char *data, gsize length)
{
  g_autofree char *head = g_strndup (data, MIN (length, 1024));
  g_auto (GStrv) lines = g_strsplit (g_str_has_prefix (head, "\xef\xbb\xbf") ? head + 3 : head,
                                     "\n", 6);

  /* The report's first lines: a rule of dashes, then "GDiskMark 0.1.0 (C) 2026 …" (a paste may
   * have lost the rule or indented both). */
  for (guint i = 0; lines[i] != NULL && i < 5; i++)
    {
      const char *p = lines[i];

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0' || *p == '-')
        continue;
      return g_str_has_prefix (p, "GDiskMark ") && g_ascii_isdigit (p[10]);
    }
  return FALSE;
}

