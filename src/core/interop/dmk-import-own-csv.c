/* dmk-import-own-csv.c: GDiskMark's own CSV of a result (dmk-result-csv.c) read back as a result,
 * for the comparison and the history: every test with every number at the precision it printed.
 * The CSV states no drive, date, engine or settings, and none is made up: the column says it
 * came from such a file (dmk_result_tool_label ()). The other CSVs GDiskMark writes (a
 * comparison, the history, a sweep's, a scan's, iozone's) are refused with what they are. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-import-private.h"

/* What each of GDiskMark's CSVs starts with (dmk-result-csv.c, dmk-compare.c, the history's, the
 * iozone table's): only a result's grid has tests to read back. */
typedef enum
{
  OWN_CSV_GRID,
  OWN_CSV_COMPARISON,
  OWN_CSV_SWEEP,
  OWN_CSV_SCAN,
  OWN_CSV_HISTORY,
  OWN_CSV_IOZONE,
  OWN_CSV_SEMICOLONS,
  OWN_CSV_NONE,
} OwnCsv;

static OwnCsv
own_csv_kind (const char *data, gsize length)
{
  static const struct
  {
    const char *head;
    OwnCsv kind;
  } heads[] = {
    { "test,direction,", OWN_CSV_COMPARISON },
    { "block_size,block_bytes,read_mb_per_s,", OWN_CSV_SWEEP },
    { "end_s,bytes_written,mb_per_s,", OWN_CSV_SCAN },
    { "measure,position_percent,offset_bytes,", OWN_CSV_SCAN },
    { "entry,drive,model,serial,date,", OWN_CSV_HISTORY },
    { "operation,file_bytes,record_bytes,mb_per_s", OWN_CSV_IOZONE },
    { "test;direction;", OWN_CSV_SEMICOLONS },
  };
  g_autofree char *head = g_strndup (data, MIN (length, 256));
  GString *bare = g_string_new (NULL);
  OwnCsv kind = OWN_CSV_NONE;

  /* A spreadsheet that saved it again may have quoted every name. */
  for (const char *p = g_str_has_prefix (head, "\xef\xbb\xbf") ? head + 3 : head; *p; p++)
    if (*p != '"')
      g_string_append_c (bare, *p);
  for (guint i = 0; i < G_N_ELEMENTS (heads) && kind == OWN_CSV_NONE; i++)
    if (g_str_has_prefix (bare->str, heads[i].head))
      kind = heads[i].kind;
  /* A result's tests, whatever columns come to be added: its scores by name, where a
   * comparison's columns are its results. */
  g_strdelimit (bare->str, "\r\n", '\0');
  if (kind == OWN_CSV_COMPARISON && strstr (bare->str, ",mb_per_s,") != NULL &&
      strstr (bare->str, ",iops") != NULL)
    kind = OWN_CSV_GRID;
  g_string_free (bare, TRUE);
  return kind;
}

gboolean
_dmk_import_is_own_csv (const char *data, gsize length)
{
  return own_csv_kind (data, length) != OWN_CSV_NONE;
}

/* One field of RFC 4180 at *p, past which *p moves (and past its comma or its row's end). */
static char *
csv_field (const char **p, gboolean *row_end)
{
  GString *f = g_string_new (NULL);
  const char *s = *p;
  gboolean quoted = *s == '"';

  for (s += quoted; quoted && *s != '\0'; s++)
    {
      if (*s == '"' && s[1] != '"')
        {
          s++;
          break;
        }
      g_string_append_c (f, *s);
      s += *s == '"';
    }
  /* The ' that dmk-csv-writer.c puts before what a spreadsheet would take for a formula. */
  if (quoted && f->len >= 2 && f->str[0] == '\'' && strchr ("=+-@\t\r", f->str[1]) != NULL)
    g_string_erase (f, 0, 1);
  for (; *s != '\0' && *s != ',' && *s != '\n' && *s != '\r'; s++)
    if (!quoted)
      g_string_append_c (f, *s);
  *row_end = *s != ',';
  s += *s == ',' || *s == '\r';
  s += *row_end && *s == '\n';
  *p = s;
  return g_string_free (f, FALSE);
}

/* The next row, NULL at the end; at most 64 fields are kept. */
static GStrv
csv_row (const char **p)
{
  GPtrArray *row;
  gboolean end = FALSE;

  if (**p == '\0')
    return NULL;
  row = g_ptr_array_new ();
  while (!end)
    {
      char *f = csv_field (p, &end);
      if (row->len < 64)
        g_ptr_array_add (row, f);
      else
        g_free (f);
    }
  g_ptr_array_add (row, NULL);
  return (GStrv) g_ptr_array_free (row, FALSE);
}

enum
{
  C_TEST,
  C_DIRECTION,
  C_BLOCK,
  C_DEPTH,
  C_THREADS,
  C_MB,
  C_IOPS,
  C_MEAN,
  C_P50,
  C_P90,
  C_P99,
  C_P99_9,
  C_P99_99,
  C_PASSES,
  C_MAX,
  C_MIX,
  N_C
};

/* The columns read, by name: a sheet may have added, moved or dropped others. mix_read_percent is
 * read where it is there. */
static const char *const csv_names[N_C] = {
  "test",          "direction",  "block_size", "queue_depth", "threads",    "mb_per_s",
  "iops",          "lat_mean_us", "lat_p50_us", "lat_p90_us", "lat_p99_us", "lat_p99_9_us",
  "lat_p99_99_us", "passes",      "max_mb_per_s", "mix_read_percent",
};

typedef struct
{
  int at[N_C];          /* each column's place, -1 where there is none */
  guint min_n, max_n;   /* the fewest and most passes of a test */
  gboolean median;      /* a score below its test's best pass: the median rule */
  gboolean mix;         /* a mixed test */
  gboolean mix_stated;  /* and a mix_read_percent column saying its share */
} OwnCsvRead;

static const char *
cell (char **row, const OwnCsvRead *c, int column)
{
  int at = c->at[column];

  return at >= 0 && (guint) at < g_strv_length (row) ? row[at] : NULL;
}

/* A number of the row, in range; an empty or missing cell is 0 where it may be (optional). */
static gboolean
cell_number (char **row, const OwnCsvRead *c, int column, double max, gboolean optional,
             double *out)
{
  const char *s = cell (row, c, column);

  *out = 0;
  if (optional && (s == NULL || *s == '\0'))
    return TRUE;
  return _dmk_import_number (s, max, out);
}

/* The row's test: its name, checked against its block_size, queue_depth and threads. */
static const char *
csv_spec (char **row, const OwnCsvRead *c, DmkTestSpec *spec, DmkDirection *dir, guint *share)
{
  const guint spec_fields[] = { C_BLOCK, C_DEPTH, C_THREADS };
  double v;

  if (cell (row, c, C_TEST) == NULL || !dmk_test_spec_parse (cell (row, c, C_TEST), spec, NULL))
    return _("its test is not one it can read");
  for (guint i = 0; i < G_N_ELEMENTS (spec_fields); i++)
    {
      guint expect = i == 0 ? spec->block_size : i == 1 ? spec->queue_depth : spec->threads;

      if (c->at[spec_fields[i]] >= 0 &&
          (!cell_number (row, c, (int) spec_fields[i], G_MAXUINT32, FALSE, &v) || v != expect))
        return _("its test’s name and its block_size, queue_depth or threads disagree");
    }
  if (cell (row, c, C_DIRECTION) == NULL ||
      !dmk_direction_share_from_string (cell (row, c, C_DIRECTION), dir, share))
    return _("its direction is not read, write or mix");
  return NULL;
}

/* One row as a test; the reason it cannot be one, or NULL. */
static const char *
csv_test (DmkResult *r, char **row, OwnCsvRead *c)
{
  const int lat[] = { C_MEAN, C_P50, C_P90, C_P99, C_P99_9, C_P99_99 };
  double v[G_N_ELEMENTS (lat)], mb, iops, passes, max, mix;
  DmkTestSpec spec;
  DmkDirection dir;
  DmkTestResult *t;
  guint share = 0; /* "mix R70%" in the direction */
  const char *why = csv_spec (row, c, &spec, &dir, &share);

  if (why != NULL)
    return why;
  if (!cell_number (row, c, C_MB, 1e7, FALSE, &mb) || !cell_number (row, c, C_IOPS, 1e9, FALSE,
                                                                      &iops))
    return _("its mb_per_s or iops is not a number it can read");
  for (guint i = 0; i < G_N_ELEMENTS (lat); i++)
    if (!cell_number (row, c, lat[i], 1e9, TRUE, &v[i]))
      return _("a latency is not a number it can read");
  if (!cell_number (row, c, C_PASSES, 1000, TRUE, &passes) ||
      !cell_number (row, c, C_MAX, 1e7, TRUE, &max) ||
      !cell_number (row, c, C_MIX, DMK_MIX_MAX, TRUE, &mix))
    return _("its passes, max_mb_per_s or mix_read_percent is not a number it can read");
  t = _dmk_import_append_test (r, &spec, dir, mb, iops, v[0]);
  t->iops = iops;
  t->latency_us = (DmkLatency) { v[0], v[1], v[2], v[3], v[4], v[5] };
  if (passes >= 1)
    {
      c->min_n = c->min_n == 0 ? (guint) passes : MIN (c->min_n, (guint) passes);
      c->max_n = MAX (c->max_n, (guint) passes);
    }
  /* Both to three decimals: the best pass's rule has the score at the passes' maximum. */
  c->median |= passes >= 2 && mb < max - 0.0015;
  c->mix |= dir == DMK_DIRECTION_MIX;
  if (dir == DMK_DIRECTION_MIX && (mix >= DMK_MIX_MIN || share > 0))
    {
      r->settings.mix_read_percent = mix >= DMK_MIX_MIN ? (guint) mix : share;
      c->mix_stated = TRUE;
    }
  return NULL;
}

/* Why a CSV of GDiskMark's that is no result's grid cannot be compared, and what to open. */
static const char *
not_a_grid (OwnCsv kind)
{
  switch (kind)
    {
    case OWN_CSV_COMPARISON:
      return _("it is GDiskMark’s CSV of a comparison, whose columns are other results: compare "
               "those results’ own files");
    case OWN_CSV_SWEEP:
      return _("it is GDiskMark’s CSV of a block-size sweep, which does not say the tests’ "
               "pattern, queue depth or threads: open the sweep’s JSON or text");
    case OWN_CSV_SCAN:
      return _("it is GDiskMark’s CSV of a scan (a sustained write or the rate over position), "
               "which does not say what the scan ran: open the JSON saved of it");
    case OWN_CSV_HISTORY:
      return _("it is GDiskMark’s history as CSV, many runs in one table: open each run’s own "
               "file (gdiskmark-cli history show NUMBER -o FILE.json)");
    case OWN_CSV_IOZONE:
      return _("it is GDiskMark’s iozone sweep as CSV, which the comparison does not show: open "
               "it in a spreadsheet");
    case OWN_CSV_SEMICOLONS:
      return _("it is GDiskMark’s CSV saved again by a spreadsheet with “;” between the fields "
               "(and perhaps commas in the numbers): save it with “,” between the fields and "
               "“.” in the numbers, or open the result’s JSON");
    case OWN_CSV_GRID:
    case OWN_CSV_NONE:
    default:
      return _("it is not a result’s CSV");
    }
}

/* The header's columns, by name; FALSE when one the tests need is missing. */
static gboolean
csv_columns (char **header, OwnCsvRead *c)
{
  for (guint k = 0; k < N_C; k++)
    {
      c->at[k] = -1;
      for (guint i = 0; header[i] != NULL && c->at[k] < 0; i++)
        if (strcmp (g_strstrip (header[i]), csv_names[k]) == 0)
          c->at[k] = (int) i;
    }
  return c->at[C_TEST] >= 0 && c->at[C_DIRECTION] >= 0 && c->at[C_MB] >= 0 && c->at[C_IOPS] >= 0;
}

/* What the rows tell of the run: its mode, the passes and the score's rule. The rest (drive, date,
 * engine, test size) is not in the file: the tool's version is left empty to say so. */
static void
csv_settings (DmkResult *r, const OwnCsvRead *c)
{
  DmkSettings *s = &r->settings;
  gboolean read = FALSE, write = FALSE;

  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      read |= t->direction != DMK_DIRECTION_WRITE;
      write |= t->direction != DMK_DIRECTION_READ;
    }
  s->mode = read && write ? DMK_MODE_READ_WRITE : read ? DMK_MODE_READ : DMK_MODE_WRITE;
  g_free (s->profile);
  s->profile = g_strdup (DMK_PROFILE_CUSTOM);
  /* Tests of one run that ran different counts of passes ran until stable, from at least as many
   * as the fewest. */
  if (c->min_n > 0)
    s->passes = CLAMP (c->min_n, DMK_PASSES_MIN, DMK_PASSES_MAX);
  s->until_stable = c->min_n != c->max_n;
  s->score = c->median ? DMK_SCORE_MEDIAN : DMK_SCORE_BEST;
  if (c->mix && s->mix_read_percent == 0)
    s->mix_read_percent = DMK_MIX_DEFAULT;
  for (guint i = 0; i < r->tests->len && !c->mix_stated; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      g_autofree char *test = NULL;

      if (t->direction != DMK_DIRECTION_MIX)
        continue;
      /* About the mixed test alone (dmk_warning_names_test ()): its share is not known. */
      test = dmk_test_spec_to_name (&t->spec);
      /* TRANSLATORS: "SEQ1M Q8T1 Mix: the CSV does not say its share of reads; shown as 70 %,
       * GDiskMark's default"; the test's name and "Mix" stay as they are, before the colon */
      g_ptr_array_add (r->warnings,
                       g_strdup_printf (_("%s %s: the CSV does not say its share of reads; shown "
                                          "as %u %%, GDiskMark’s default"),
                                        test, dmk_direction_report_label (DMK_DIRECTION_MIX),
                                        DMK_MIX_DEFAULT));
    }
  r->tool_name = (g_free (r->tool_name), g_strdup ("gdiskmark"));
  r->tool_version = (g_free (r->tool_version), g_strdup (""));
  r->engine = (g_free (r->engine), g_strdup (""));
  r->settings.engine = DMK_ENGINE_LIBAIO;
  r->date = g_strdup ("");
  r->target.path = g_strdup ("");
}

static DmkResult *
refuse (GError **error, const char *name, const char *what)
{
  _dmk_import_fail (error, name, what);
  return NULL;
}

/* A run's tests are a few dozen; a file of thousands is no run of ours. */
#define MAX_ROWS 4096

DmkResult *
_dmk_import_own_csv (const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autofree char *text = NULL;
  g_auto (GStrv) header = NULL;
  OwnCsvRead c = { .min_n = 0 };
  OwnCsv kind = own_csv_kind (data, length);
  const char *p, *why = NULL;
  guint row_number = 1;

  if (kind != OWN_CSV_GRID)
    return refuse (error, name, not_a_grid (kind));
  text = g_strndup (data, length);
  if (strlen (text) != length || !g_utf8_validate (text, (gssize) length, NULL))
    return refuse (error, name, _("it is not text"));
  p = g_str_has_prefix (text, "\xef\xbb\xbf") ? text + 3 : text;
  header = csv_row (&p);
  if (!csv_columns (header, &c))
    return refuse (error, name, not_a_grid (OWN_CSV_NONE));
  r->settings.mix_read_percent = 0;
  for (GStrv row; why == NULL && (row = csv_row (&p)) != NULL; g_strfreev (row))
    {
      row_number++;
      if (row[0] == NULL || (row[1] == NULL && *row[0] == '\0'))
        continue; /* an empty line, as a sheet may leave at the end */
      why = row_number > MAX_ROWS ? _("it holds more tests than a run has")
                                  : csv_test (r, row, &c);
    }
  if (why != NULL)
    {
      /* TRANSLATORS: "row 3: its direction is not read, write or mix" */
      g_autofree char *what = g_strdup_printf (_("row %u: %s"), row_number, why);
      return refuse (error, name, what);
    }
  if (r->tests->len == 0)
    return refuse (error, name, _("it has no test results"));
  csv_settings (r, &c);
  return g_steal_pointer (&r);
}
