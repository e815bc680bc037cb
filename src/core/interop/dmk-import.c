/* dmk-import.c: other tools' saved results as GDiskMark results, for the comparison:
 * CrystalDiskMark's text (versions 3 to 9, every profile, with and without Mix) and KDiskMark's
 * text (whose "MB/s" are fio's KiB/s divided by 1000: converted here to 1,000,000 bytes/s); fio's
 * JSON output is in dmk-import-fio.c. Each keeps its tool's name and version, and a test lines up
 * with GDiskMark's of the same block size, queue depth, threads, pattern and direction.
 *
 * Written from the formats as the tools print them; every number is checked (finite, not
 * negative, in range) and a file that says nothing usable is an error naming it. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-import-private.h"

/* KDiskMark 1.6 and later divide fio's KiB/s by 1000: their "MB/s" are 1,024,000 bytes/s;
 * 1.5 and before divided by 1024, true MiB/s. The first versions printed no version
 * ("KDiskMark: https://…", its README of 2020: 528.053 MB/s at 528.1 IOPS of 1 MiB): MiB/s. */
#define KDISKMARK_MB 1.024
#define KDISKMARK_MIB 1.048576

/* KDiskMark's MB/s in MB/s. Its IOPS × block size tells which rule the line was printed by
 * (2.4 % apart; a tenth of an IOPS is far less above 100 IOPS); else its version does. */
static double
kdiskmark_mb (double printed, double iops, guint32 block_size, double by_version)
{
  double ratio;

  if (iops < 100 || printed <= 0)
    return printed * by_version;
  ratio = iops * block_size / 1e6 / printed;
  return printed * (fabs (ratio - KDISKMARK_MIB) < fabs (ratio - KDISKMARK_MB) ? KDISKMARK_MIB
                                                                               : KDISKMARK_MB);
}

/* The rule a KDiskMark version printed its MB/s by: 1.5 and before, and the first ones, which
 * printed no version, MiB/s. */
static double
kdiskmark_factor (const char *version)
{
  guint64 major = 0, minor = 0;
  char *end = NULL;

  if (version == NULL || *version == '\0')
    return KDISKMARK_MIB;
  if (!g_ascii_isdigit (*version))
    return KDISKMARK_MB;
  major = g_ascii_strtoull (version, &end, 10);
  if (*end == '.')
    minor = g_ascii_strtoull (end + 1, NULL, 10);
  return major < 1 || (major == 1 && minor <= 5) ? KDISKMARK_MIB : KDISKMARK_MB;
}

gboolean
_dmk_import_fail (GError **error, const char *name, const char *what)
{
  /* TRANSLATORS: "“cdm.txt” cannot be compared: it has no test results" */
  g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("“%s” cannot be compared: %s"),
               name != NULL ? name : "?", what);
  return FALSE;
}

/* A number a tool printed: finite, not negative and below anything a drive does. */
gboolean
_dmk_import_number (const char *text, double max, double *out)
{
  char *end = NULL;
  double v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v) || v < 0 || v > max)
    return FALSE;
  *out = v;
  return TRUE;
}

/* The date in ISO 8601 with this machine's offset: the tools write local time without one. */
char *
_dmk_import_local_date (int y, int mo, int d, int h, int mi, int s)
{
  g_autoptr (GTimeZone) tz = g_time_zone_new_local ();
  g_autoptr (GDateTime) dt = g_date_time_new (tz, y, mo, d, h, mi, s);

  return dt != NULL ? g_date_time_format_iso8601 (dt) : NULL;
}

DmkTestResult *
_dmk_import_append_test (DmkResult *r, const DmkTestSpec *spec, DmkDirection dir, double mb,
                         double iops, double lat_us)
{
  DmkTestResult *t = dmk_test_result_new (spec, dir);

  t->mb_per_s = mb;
  t->iops = iops > 0 ? iops : mb * 1e6 / spec->block_size;
  t->latency_us.mean = lat_us;
  g_ptr_array_add (r->tests, t);
  return t;
}

void
_dmk_import_add_test (DmkResult *r, const DmkTestSpec *spec, DmkDirection dir, double mb,
                      double iops, double lat_us)
{
  /* A second line for the same test (a file edited by hand) replaces the first. */
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      if (t->direction == dir && dmk_test_spec_equal (&t->spec, spec))
        {
          g_ptr_array_remove_index (r->tests, i);
          break;
        }
    }
  _dmk_import_append_test (r, spec, dir, mb, iops, lat_us);
}

/* ---- CrystalDiskMark and KDiskMark text ---- */

typedef struct
{
  GRegex *header_cdm, *header_kdm, *section, *line, *old_line, *cdm3_line, *profile, *test, *date,
    *comment, *mix_share;
} TextRegexes;

static void
text_regexes_clear (TextRegexes *re)
{
  g_clear_pointer (&re->header_cdm, g_regex_unref);
  g_clear_pointer (&re->header_kdm, g_regex_unref);
  g_clear_pointer (&re->section, g_regex_unref);
  g_clear_pointer (&re->line, g_regex_unref);
  g_clear_pointer (&re->old_line, g_regex_unref);
  g_clear_pointer (&re->cdm3_line, g_regex_unref);
  g_clear_pointer (&re->profile, g_regex_unref);
  g_clear_pointer (&re->test, g_regex_unref);
  g_clear_pointer (&re->date, g_regex_unref);
  g_clear_pointer (&re->comment, g_regex_unref);
  g_clear_pointer (&re->mix_share, g_regex_unref);
}

static GRegex *
rx (const char *pattern)
{
  GRegex *r = g_regex_new (pattern, G_REGEX_OPTIMIZE, 0, NULL);
  g_assert (r != NULL);
  return r;
}

static void
text_regexes_init (TextRegexes *re)
{
  /* "CrystalDiskMark 8.0.4 x64 (UWP)", "CrystalDiskMark 8.0.1 x64 Shizuku Edition" */
  re->header_cdm = rx ("CrystalDiskMark\\s+(\\d+)\\.(\\d+)\\.(\\d+)(\\S*)(?:\\s+(x64|x86|Arm64|ARM64))?"
                       "(?:\\s+(\\(UWP\\)|[A-Z][a-z]+ Edition))?");
  re->header_kdm = rx ("KDiskMark(?:\\s*\\(([0-9.]+)\\))?:");
  /* Indented as well: a paste from a forum or a mail keeps its indentation. */
  re->section = rx ("^\\s*\\[(Read|Write|Mix)\\]");
  /* CrystalDiskMark 7 to 9 ("SEQ    1MiB", "Sequential 1MiB") and KDiskMark ("Sequential 1 MiB") */
  re->line = rx ("^\\s*(SEQ|RND|Sequential|Random)\\s+(\\d+)\\s*(KiB|MiB)\\s*\\(Q=\\s*(\\d+),\\s*"
                 "T=\\s*(\\d+)\\)\\s*:\\s*([0-9.]+)\\s*MB/s(?:\\s*\\[\\s*([0-9.]+)\\s*IOPS\\])?"
                 "(?:\\s*<\\s*([0-9.]+)\\s*us>)?\\s*$");
  /* CrystalDiskMark 6 and before: "Sequential Read (Q= 32,T= 1) :", "Random Write 4KiB (Q=  8,T=
   * 8) :" */
  re->old_line = rx ("^\\s*(Sequential|Random)\\s+(Read|Write)(?:\\s+(\\d+)\\s*(KiB|MiB))?\\s*"
                     "\\((?:Q=\\s*(\\d+),\\s*)?T=\\s*(\\d+)\\)\\s*:\\s*([0-9.]+)\\s*MB/s"
                     "(?:\\s*\\[\\s*([0-9.]+)\\s*IOPS\\])?\\s*$");
  /* CrystalDiskMark 3 and 4: "Random Read 4KB (QD=32) :   271.859 MB/s [ 66371.9 IOPS]" */
  re->cdm3_line = rx ("^\\s*(Sequential|Random)\\s+(Read|Write)(?:\\s+(\\d+)\\s*KB)?"
                      "(?:\\s*\\(QD=\\s*(\\d+)\\))?\\s*:\\s*([0-9.]+)\\s*MB/s"
                      "(?:\\s*\\[\\s*([0-9.]+)\\s*IOPS\\])?\\s*$");
  re->profile = rx ("^\\s*Profile\\s*:\\s*(.*?)\\s*$");
  re->test = rx ("^\\s*Test\\s*:\\s*(\\d+)\\s*(MiB|GiB|MB|GB)\\b(.*)$");
  re->date = rx ("^\\s*Date\\s*:\\s*(\\d{4})[/-](\\d{1,2})[/-](\\d{1,2})\\s+(\\d{1,2}):(\\d{2}):"
                 "(\\d{2})");
  re->comment = rx ("^\\s*Comment\\s*:\\s*(.*?)\\s*$");
  re->mix_share = rx ("Read\\s+(\\d+)%");
}

static char *
group (GMatchInfo *m, int n)
{
  char *s = g_match_info_fetch (m, n);

  if (s != NULL && *s == '\0')
    g_clear_pointer (&s, g_free);
  return s;
}

static guint
group_uint (GMatchInfo *m, int n, guint fallback)
{
  g_autofree char *s = group (m, n);
  guint64 v;

  if (s == NULL || !g_ascii_string_to_unsigned (s, 10, 0, G_MAXUINT32, &v, NULL))
    return fallback;
  return (guint) v;
}

/* "Peak Performance" → "peak": the profile a column names, when it is one of ours. */
static char *
profile_id (const char *shown)
{
  static const struct { const char *prefix, *id; } known[] = {
    { "Default", "default" }, { "Peak", "peak" }, { "Real", "real" }, { "NVMe", "nvme" },
    { "Demo", "demo" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (g_str_has_prefix (shown, known[i].prefix))
      return g_strdup (known[i].id);
  return g_strdup (DMK_PROFILE_CUSTOM);
}

/* What a result line says, as text. */
typedef struct
{
  char *kind, *unit, *mbs, *iopss, *lats;
  guint size, qd, threads;
  int dir;
} LineFields;

static void
line_fields_clear (LineFields *f)
{
  g_free (f->kind);
  g_free (f->unit);
  g_free (f->mbs);
  g_free (f->iopss);
  g_free (f->lats);
}

/* CrystalDiskMark 7 to 9 and KDiskMark: "SEQ    1MiB (Q=  8, T= 1): …" inside [Read] … */
static gboolean
match_line (TextRegexes *re, const char *line, int section, LineFields *f)
{
  g_autoptr (GMatchInfo) m = NULL;

  if (!g_regex_match (re->line, line, 0, &m))
    return FALSE;
  f->kind = group (m, 1);
  f->unit = group (m, 3);
  f->size = group_uint (m, 2, 0);
  f->qd = group_uint (m, 4, 0);
  f->threads = group_uint (m, 5, 0);
  f->mbs = group (m, 6);
  f->iopss = group (m, 7);
  f->lats = group (m, 8);
  f->dir = section;
  return TRUE;
}

/* CrystalDiskMark 5 and 6: "Sequential Read (Q= 32,T= 1) :", "Random Write 4KiB (Q= 8,T= 8) :" */
static gboolean
match_old_line (TextRegexes *re, const char *line, LineFields *f)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *rw = NULL;

  if (!g_regex_match (re->old_line, line, 0, &m))
    return FALSE;
  f->kind = group (m, 1);
  rw = group (m, 2);
  f->dir = g_strcmp0 (rw, "Read") == 0 ? DMK_DIRECTION_READ : DMK_DIRECTION_WRITE;
  f->unit = group (m, 4);
  f->size = group_uint (m, 3, 0);
  f->qd = group_uint (m, 5, 1);
  f->threads = group_uint (m, 6, 0);
  f->mbs = group (m, 7);
  f->iopss = group (m, 8);
  if (f->unit == NULL)
    {
      /* No block size for sequential tests: 128 KiB at a queue depth ("Sequential Read (Q=
       * 32,T= 1)"), 1 MiB at depth 1 ("(T= 1)"). */
      gboolean q = f->qd > 1;
      f->size = q ? 128 : 1;
      f->unit = g_strdup (q ? "KiB" : "MiB");
    }
  return TRUE;
}

/* CrystalDiskMark 3 and 4: "Sequential Read :" (1 MiB), "Random Read 512KB :", "Random Read 4KB
 * (QD=32) :"; one thread, depth 1 unless it says. */
static gboolean
match_cdm3_line (TextRegexes *re, const char *line, LineFields *f)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autofree char *rw = NULL;

  if (!g_regex_match (re->cdm3_line, line, 0, &m))
    return FALSE;
  f->kind = group (m, 1);
  rw = group (m, 2);
  f->dir = g_strcmp0 (rw, "Read") == 0 ? DMK_DIRECTION_READ : DMK_DIRECTION_WRITE;
  f->size = group_uint (m, 3, 1);
  f->unit = g_strdup (group_uint (m, 3, 0) == 0 ? "MiB" : "KiB");
  f->qd = group_uint (m, 4, 1);
  f->threads = 1;
  f->mbs = group (m, 5);
  f->iopss = group (m, 6);
  return TRUE;
}

/* One result line; FALSE (with *bad set) when it names a test that cannot be. */
static gboolean
parse_line (TextRegexes *re, DmkResult *r, const char *line, int section, double kdm,
            const char **bad)
{
  LineFields f = { 0 };
  DmkTestSpec spec = { 0 };
  double mb = 0, iops = 0, lat = 0;
  gboolean mib, ok;

  if (match_line (re, line, section, &f) && section < 0)
    {
      line_fields_clear (&f);
      return TRUE; /* a test outside [Read], [Write] or [Mix]: nothing says which */
    }
  if (f.kind == NULL && !match_old_line (re, line, &f) && !match_cdm3_line (re, line, &f))
    return TRUE; /* not a result line */
  spec.pattern = f.kind != NULL && f.kind[0] == 'S' ? DMK_PATTERN_SEQUENTIAL : DMK_PATTERN_RANDOM;
  spec.queue_depth = f.qd;
  spec.threads = f.threads;
  mib = g_strcmp0 (f.unit, "MiB") == 0;
  spec.block_size = f.size <= (mib ? 64u : 65536u) ? f.size * (mib ? 1048576u : 1024u) : 0;
  ok = f.size > 0 && dmk_test_spec_validate (&spec, NULL) && _dmk_import_number (f.mbs, 1e7, &mb) &&
       (f.iopss == NULL || _dmk_import_number (f.iopss, 1e9, &iops)) &&
       (f.lats == NULL || _dmk_import_number (f.lats, 1e9, &lat));
  if (ok && kdm > 0)
    mb = kdiskmark_mb (mb, iops, spec.block_size, kdm);
  if (ok)
    _dmk_import_add_test (r, &spec, (DmkDirection) f.dir, mb, iops, lat);
  else
    *bad = line;
  line_fields_clear (&f);
  return ok;
}

typedef struct
{
  TextRegexes re;
  DmkResult *r;
  gboolean kdm, known;
  int section;
  const char *name;
} TextImport;

/* A header line: "CrystalDiskMark 8.0.4 x64 (C) …" or "KDiskMark (3.1.4): …". FALSE with error
 * set for a CrystalDiskMark this version cannot read. */
static gboolean
read_header (TextImport *t, const char *line, GError **error)
{
  g_autoptr (GMatchInfo) m = NULL;
  DmkResult *r = t->r;

  if (g_regex_match (t->re.header_cdm, line, 0, &m))
    {
      guint major = group_uint (m, 1, 0);
      g_autofree char *arch = group (m, 5);
      g_autofree char *minor = group (m, 2), *patch = group (m, 3), *suffix = group (m, 4);
      g_autofree char *edition = group (m, 6);

      if (major < 3 || major > 9)
        {
          g_autofree char *what = g_strdup_printf (
            _("it is CrystalDiskMark %u’s text; versions 3 to 9 can be compared"), major);
          return _dmk_import_fail (error, t->name, what);
        }
      /* CrystalDiskMark 3 and 4 ran one set of tests, the classic profile's. */
      if (major <= 4)
        r->settings.profile = (g_free (r->settings.profile), g_strdup ("classic"));
      g_free (r->tool_name);
      r->tool_name = g_strdup ("CrystalDiskMark");
      g_free (r->tool_version);
      r->tool_version = g_strdup_printf ("%u.%s.%s%s%s%s%s%s", major, minor, patch,
                                         suffix ? suffix : "", arch ? " " : "", arch ? arch : "",
                                         edition ? " " : "", edition ? edition : "");
      t->known = TRUE;
      return TRUE;
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (g_regex_match (t->re.header_kdm, line, 0, &m))
    {
      g_autofree char *version = group (m, 1);

      g_free (r->tool_name);
      r->tool_name = g_strdup ("KDiskMark");
      g_free (r->tool_version);
      r->tool_version = g_strdup (version != NULL ? version : "");
      t->kdm = t->known = TRUE;
    }
  return TRUE;
}

/* "[Read]", "[Write]", "[Mix] Read 70%/Write 30%": the section the next lines are in. */
static gboolean
read_section (TextImport *t, const char *line)
{
  g_autoptr (GMatchInfo) m = NULL;
  g_autoptr (GMatchInfo) share = NULL;
  g_autofree char *s = NULL;
  char c;

  if (!g_regex_match (t->re.section, line, 0, &m))
    return FALSE;
  s = group (m, 1);
  c = s != NULL ? s[0] : 'M';
  t->section = c == 'R' ? DMK_DIRECTION_READ : c == 'W' ? DMK_DIRECTION_WRITE : DMK_DIRECTION_MIX;
  if (t->section == DMK_DIRECTION_MIX)
    {
      t->r->settings.mix_read_percent = DMK_MIX_DEFAULT;
      if (g_regex_match (t->re.mix_share, line, 0, &share))
        t->r->settings.mix_read_percent = CLAMP (group_uint (share, 1, 70), 1, 99);
    }
  return TRUE;
}

/* "Test: 1 GiB (x5) [D: 42% (200/476GiB)]": the size and the drive. */
static void
read_test_line (TextImport *t, GMatchInfo *m)
{
  g_autofree char *unit = group (m, 2), *rest = group (m, 3);
  guint64 n = group_uint (m, 1, 0);
  guint64 bytes = n << (unit != NULL && unit[0] == 'G' ? 30 : 20);
  const char *open = rest != NULL ? strchr (rest, '[') : NULL;
  const char *close = NULL;

  /* The drive is the first bracket that is not the timing ("[Interval: 5 sec]", KDiskMark's
   * "[Measure: 5 sec / Interval: 5 sec]"). */
  while (open != NULL && (g_str_has_prefix (open + 1, "Interval") ||
                          g_str_has_prefix (open + 1, "Measure")))
    open = strchr (open + 1, '[');
  close = open != NULL ? strchr (open, ']') : NULL;
  if (bytes >= DMK_SIZE_MIN && bytes <= DMK_SIZE_MAX)
    t->r->settings.size_bytes = bytes;
  if (open != NULL && close != NULL)
    {
      g_free (t->r->target.path);
      t->r->target.path = g_strndup (open + 1, (gsize) (close - open - 1));
    }
}

/* The number after key in line ("Interval: 5 sec", "Interval=5 sec", "(x3)"), or -1. */
static gint64
number_after (const char *line, const char *key)
{
  const char *p = strstr (line, key);
  guint64 n;

  if (p == NULL)
    return -1;
  for (p += strlen (key); *p == ' ' || *p == ':' || *p == '='; p++)
    ;
  if (!g_ascii_isdigit (*p))
    return -1;
  n = g_ascii_strtoull (p, NULL, 10);
  return n > G_MAXINT32 ? -1 : (gint64) n;
}

/* "  OS : Windows 10 …", "Target: /dev/sda": the text after "key :" at the line's start. */
static char *
field (const char *line, const char *key)
{
  const char *p = line;

  while (g_ascii_isspace (*p))
    p++;
  if (!g_str_has_prefix (p, key))
    return NULL;
  for (p += strlen (key); *p == ' '; p++)
    ;
  return *p == ':' ? g_strstrip (g_strdup (p + 1)) : NULL;
}

/* The run's settings as the text states them: passes "(x3)", "Measure 5 sec", "Interval 5 sec"
 * (on the Test or Time line), "<0Fill>" test data; the OS; KDiskMark's "Target:". */
static void
read_settings (TextImport *t, const char *line)
{
  DmkSettings *s = &t->r->settings;
  gint64 passes = number_after (line, "(x"), measure = number_after (line, "Measure");
  gint64 interval = number_after (line, "Interval");
  g_autofree char *os = field (line, "OS"), *target = field (line, "Target");

  if (passes >= DMK_PASSES_MIN && passes <= DMK_PASSES_MAX && strstr (line, "Test") != NULL)
    s->passes = (guint) passes;
  if (measure >= DMK_MEASURE_MIN && measure <= DMK_MEASURE_MAX)
    s->measure_s = (guint) measure;
  if (interval >= 0 && interval <= DMK_INTERVAL_MAX)
    s->interval_s = (guint) interval;
  if (strstr (line, "<0Fill>") != NULL)
    s->data = DMK_DATA_ZERO;
  if (os != NULL && *os != '\0')
    t->r->os = (g_free (t->r->os), g_steal_pointer (&os));
  if (target != NULL && *target != '\0')
    t->r->target.path = (g_free (t->r->target.path), g_steal_pointer (&target));
}

/* The facts after the results: profile, test size and drive, date, comment. */
static void
read_meta (TextImport *t, const char *line)
{
  g_autoptr (GMatchInfo) m = NULL;
  DmkResult *r = t->r;

  read_settings (t, line);
  if (g_regex_match (t->re.profile, line, 0, &m))
    {
      g_autofree char *p = group (m, 1);
      g_free (r->settings.profile);
      r->settings.profile = profile_id (p != NULL ? p : "");
      return;
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (g_regex_match (t->re.test, line, 0, &m))
    {
      read_test_line (t, m);
      return;
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (g_regex_match (t->re.date, line, 0, &m))
    {
      g_free (r->date);
      r->date = _dmk_import_local_date ((int) group_uint (m, 1, 0), (int) group_uint (m, 2, 0),
                                        (int) group_uint (m, 3, 0), (int) group_uint (m, 4, 0),
                                        (int) group_uint (m, 5, 0), (int) group_uint (m, 6, 0));
      return;
    }
  g_clear_pointer (&m, g_match_info_unref);
  if (g_regex_match (t->re.comment, line, 0, &m))
    {
      g_autofree char *c = group (m, 1);
      g_free (r->comment);
      r->comment = g_strdup (c != NULL ? c : "");
    }
}

static DmkResult *
finish_text (TextImport *t, const char *bad, GError **error)
{
  DmkResult *r = t->r;

  if (bad != NULL)
    {
      g_autofree char *cut = g_utf8_make_valid (bad, MIN ((gssize) strlen (bad), 80));
      g_autofree char *what = g_strdup_printf (_("the line “%s” is not a result it can read"),
                                               g_strstrip (cut));
      _dmk_import_fail (error, t->name, what);
      return NULL;
    }
  if (r->tests->len == 0)
    {
      _dmk_import_fail (error, t->name, _("it has no test results"));
      return NULL;
    }
  if (r->target.path == NULL)
    r->target.path = g_strdup ("");
  if (r->date == NULL)
    r->date = g_strdup ("");
  /* KDiskMark runs fio; CrystalDiskMark has measured with Microsoft's DiskSpd since version 6,
   * and with its own code before. */
  if (t->kdm)
    r->engine = (g_free (r->engine), g_strdup ("fio"));
  else
    r->engine = (g_free (r->engine),
                 g_strdup (g_ascii_strtoull (r->tool_version ? r->tool_version : "", NULL, 10) >= 6
                             ? "DiskSpd"
                             : "CrystalDiskMark"));
  return dmk_result_ref (r);
}

static DmkResult *
import_text (const char *text, const char *name, GError **error)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (DmkResult) r = dmk_result_new ();
  TextImport t = { .r = r, .section = -1, .name = name };
  const char *bad = NULL;
  DmkResult *out = NULL;
  gboolean ok = TRUE;

  text_regexes_init (&t.re);
  r->settings.mix_read_percent = 0;
  g_free (r->settings.profile);
  r->settings.profile = g_strdup (DMK_PROFILE_CUSTOM);
  for (guint i = 0; lines[i] != NULL && ok; i++)
    {
      char *line = lines[i];
      gsize len = strlen (line);

      if (len > 0 && line[len - 1] == '\r')
        line[len - 1] = '\0';
      if (!t.known)
        ok = read_header (&t, line, error);
      else if (!read_section (&t, line))
        {
          ok = parse_line (&t.re, r, line, t.section,
                           t.kdm ? kdiskmark_factor (r->tool_version) : 0, &bad);
          if (ok)
            read_meta (&t, line);
        }
    }
  if (ok || bad != NULL)
    out = finish_text (&t, bad, error);
  text_regexes_clear (&t.re);
  return out;
}

/* ---- Which one ---- */

gboolean
_dmk_import_is_text (const char *data, gsize length)
{
  gsize head = MIN (length, 2048), i = 0;
  g_autofree char *start = NULL;

  /* JSON is never a tool's text, though it may name one: a GDiskMark result saved of an opened
   * CrystalDiskMark text has "CrystalDiskMark" as its tool. */
  if (head >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < head && g_ascii_isspace (data[i]))
    i++;
  if (i < head && (data[i] == '{' || data[i] == '['))
    return FALSE;
  start = g_strndup (data, head);

  return strstr (start, "CrystalDiskMark") != NULL || strstr (start, "KDiskMark") != NULL;
}

/* The UTF-16 data is in, if it is: a byte-order mark (skip 2) or, without one, text whose every
 * other byte is 0 (ASCII in UTF-16: little-endian has them odd, big-endian even). */
static const char *
utf16_encoding (const char *data, gsize length, gsize *skip)
{
  gsize n = MIN (length, 512) & ~(gsize) 1, zero[2] = { 0, 0 };

  *skip = 2;
  if (length >= 2 && (guchar) data[0] == 0xff && (guchar) data[1] == 0xfe)
    return "UTF-16LE";
  if (length >= 2 && (guchar) data[0] == 0xfe && (guchar) data[1] == 0xff)
    return "UTF-16BE";
  *skip = 0;
  if (n < 16)
    return NULL;
  for (gsize i = 0; i < n; i++)
    zero[i % 2] += data[i] == '\0';
  if (zero[1] > n * 2 / 5 && zero[0] == 0)
    return "UTF-16LE";
  if (zero[0] > n * 2 / 5 && zero[1] == 0)
    return "UTF-16BE";
  return NULL;
}

DmkResult *
_dmk_import_text (const char *data, gsize length, const char *name, GError **error)
{
  g_autofree char *utf8 = NULL;
  gsize n = 0, skip = 0;
  const char *utf16 = utf16_encoding (data, length, &skip);

  /* CrystalDiskMark on Windows may save UTF-16 (with a byte-order mark or not, either byte
   * order), or UTF-8 with a mark. */
  if (utf16 != NULL)
    utf8 = g_convert (data + skip, (gssize) ((length - skip) & ~(gsize) 1), "UTF-8", utf16, NULL,
                      &n, NULL);
  else if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    utf8 = g_strndup (data + 3, n = length - 3);
  else
    utf8 = g_strndup (data, n = length);
  /* A NUL inside is binary, whatever the header said. */
  if (utf8 == NULL || strlen (utf8) != n || !g_utf8_validate (utf8, (gssize) n, NULL))
    {
      _dmk_import_fail (error, name, _("it is not text"));
      return NULL;
    }
  return import_text (utf8, name, error);
}

gboolean
_dmk_import_is_utf16_text (const char *data, gsize length)
{
  g_autofree char *utf8 = NULL;
  gsize skip = 0;
  const char *utf16 = utf16_encoding (data, length, &skip);

  if (utf16 == NULL)
    return FALSE;
  utf8 = g_convert (data + skip, (gssize) (MIN (length - skip, 4096) & ~(gsize) 1), "UTF-8",
                    utf16, NULL, NULL, NULL);
  return utf8 != NULL && _dmk_import_is_text (utf8, strlen (utf8));
}

gboolean
_dmk_import_is_headless_text (const char *data, gsize length)
{
  g_autofree char *head = g_strndup (data, MIN (length, 65536));
  g_auto (GStrv) lines = NULL;

  for (const char *p = head; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      {
        if (*p == '{')
          return FALSE; /* JSON */
        break;
      }
  lines = g_strsplit (head, "\n", -1);
  /* "  SEQ    1MiB (Q=  8, T= 1):  3500.1 MB/s …", "Sequential Read (Q= 32,T= 1) :  550 MB/s" */
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "T=") != NULL && strstr (lines[i], "MB/s") != NULL &&
        (strstr (lines[i], "SEQ") != NULL || strstr (lines[i], "RND") != NULL ||
         strstr (lines[i], "Sequential") != NULL || strstr (lines[i], "Random") != NULL))
      return TRUE;
  return FALSE;
}

/* "KDiskMark 3.1.4 (MB/s ×1.024: …)"; without a version, no gap where it would be. */
static const char *
kdiskmark_label (const DmkResult *r, char **owned)
{
  const char *version = r->tool_version != NULL ? r->tool_version : "";

  if (*version == '\0')
    /* TRANSLATORS: a comparison column from an early KDiskMark's text, which printed no version
     * and MiB/s */
    *owned = g_strdup (_("KDiskMark (MB/s ×1.048576: it printed MiB/s)"));
  else if (kdiskmark_factor (version) == KDISKMARK_MIB)
    /* TRANSLATORS: a comparison column from KDiskMark 1.5's text: "KDiskMark 1.5.2 (MB/s
     * ×1.048576: it printed MiB/s)" */
    *owned = g_strdup_printf (_("KDiskMark %s (MB/s ×1.048576: it printed MiB/s)"), version);
  else
    /* TRANSLATORS: a comparison column from KDiskMark's text: "KDiskMark 3.1.4 (MB/s ×1.024:
     * it divides KiB/s by 1000)" */
    *owned = g_strdup_printf (_("KDiskMark %s (MB/s ×1.024: it divides KiB/s by 1000)"), version);
  return *owned;
}

const char *
dmk_result_tool_label (DmkResult *result, char **owned)
{
  *owned = NULL;
  /* Ours without a version: read from its CSV, which tells no drive, date or settings. */
  if (g_strcmp0 (result->tool_name, "gdiskmark") == 0 &&
      (result->tool_version == NULL || *result->tool_version == '\0'))
    return *owned = g_strdup (_("GDiskMark’s CSV (it tells no drive, date or settings)"));
  if (result->tool_name == NULL || g_strcmp0 (result->tool_name, "gdiskmark") == 0)
    return NULL;
  if (g_strcmp0 (result->tool_name, "KDiskMark") == 0)
    return kdiskmark_label (result, owned);
  *owned = g_strdup_printf ("%s %s", result->tool_name,
                            result->tool_version ? result->tool_version : "");
  g_strstrip (*owned);
  return *owned;
}
