/* test-iozone-format.c: the iozone sweep's table as files others read: iozone -a -R's own output
 * (--format=iozone) read back by a strict parser written from iozone's source and by the awk of
 * iozone's gengnuplot.sh, each number the JSON's; the .xlsx workbook read with python3-openpyxl
 * and the .ods with python3-odf, every number the CSV's. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-test-loop.h"

static void
settings_for_cap (DmkSettings *s)
{
  dmk_settings_init_default (s);
  s->size_bytes = 256 << 20;
  s->passes = 1;
  s->measure_s = 6;
  s->warmup_s = 1;
  s->interval_s = 0;
  s->mode = DMK_MODE_READ;
  s->engine = DMK_ENGINE_LIBAIO;
}

/* ---- a strict reader of iozone -R's output ----
 * Written from iozone's source (iozone.c, dump_excel () and dump_report (), 3.414; the same in
 * 3.506/3.508): after the line "Excel output is below:", each report is an empty line, its
 * heading in double quotes (one of the ones below, exactly), a line of record sizes in KB each
 * in double quotes, and a row per file size: the size in KB in double quotes, then whole KB/s,
 * one per record size from the smallest, as many as the file size ran. Anything else fails. */
static const char *const iozone_headings[] = {
  "Writer report", "Re-writer report", "Reader report", "Re-Reader report", "Random read report",
  "Random write report", "Backward read report", "Record rewrite report", "Stride read report",
  "Fwrite report", "Re-Fwrite report", "Fread report", "Re-Fread report", "Pwrite report",
  "Re-Pwrite report", "Pread report", "Re-Pread report", "Pwritev report", "Re-Pwritev report",
  "Preadv report", "Re-Preadv report", NULL,
};

/* "\"123\"" → 123; FALSE unless it is exactly a quoted run of digits. */
static gboolean
quoted_number (const char *word, guint64 *v)
{
  gsize n = strlen (word);
  char *end = NULL;

  if (n < 3 || word[0] != '"' || word[n - 1] != '"' || !g_ascii_isdigit (word[1]))
    return FALSE;
  *v = g_ascii_strtoull (word + 1, &end, 10);
  return end == word + n - 1;
}

static gboolean
plain_number (const char *word, guint64 *v)
{
  char *end = NULL;

  if (!g_ascii_isdigit (word[0]))
    return FALSE;
  *v = g_ascii_strtoull (word, &end, 10);
  return *end == '\0';
}

static GStrv
words_of (const char *line)
{
  g_auto (GStrv) all = g_strsplit_set (line, " \t", -1);
  GPtrArray *w = g_ptr_array_new ();

  for (guint i = 0; all[i] != NULL; i++)
    if (all[i][0] != '\0')
      g_ptr_array_add (w, g_strdup (all[i]));
  g_ptr_array_add (w, NULL);
  return (GStrv) g_ptr_array_free (w, FALSE);
}

/* Every cell as "HEADING|file KB|record KB" → KB/s; NULL (with why) where iozone's layout is not
 * met. */
static GHashTable *
parse_iozone_r (const char *text, char **why)
{
  g_autoptr (GHashTable) cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint i = 0;

  while (lines[i] != NULL && strcmp (lines[i], "Excel output is below:") != 0)
    i++;
  if (lines[i] == NULL)
    return *why = g_strdup ("no \"Excel output is below:\" line"), NULL;
  for (i++; lines[i] != NULL && lines[i][0] == '\0' && lines[i + 1] != NULL;)
    {
      g_autofree char *heading = NULL;
      g_auto (GStrv) head = NULL;
      g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (guint64));
      gsize n = strlen (lines[i + 1]);

      if (n < 3 || lines[i + 1][0] != '"' || lines[i + 1][n - 1] != '"')
        return *why = g_strdup_printf ("line %u: not a quoted heading", i + 2), NULL;
      heading = g_strndup (lines[i + 1] + 1, n - 2);
      if (!g_strv_contains (iozone_headings, heading))
        return *why = g_strdup_printf ("line %u: “%s” is no heading of iozone's", i + 2, heading),
               NULL;
      if (lines[i + 2] == NULL || lines[i + 2][0] != ' ')
        return *why = g_strdup_printf ("line %u: no record sizes", i + 3), NULL;
      head = words_of (lines[i + 2]);
      for (guint k = 0; head[k] != NULL; k++)
        {
          guint64 v;
          if (!quoted_number (head[k], &v))
            return *why = g_strdup_printf ("line %u: “%s” is no quoted size", i + 3, head[k]),
                   NULL;
          g_array_append_val (records, v);
        }
      for (i += 3; lines[i] != NULL && lines[i][0] == '"'; i++)
        {
          g_auto (GStrv) row = words_of (lines[i]);
          guint64 file, v;

          if (!quoted_number (row[0], &file))
            return *why = g_strdup_printf ("line %u: no quoted file size", i + 1), NULL;
          for (guint k = 1; row[k] != NULL; k++)
            {
              if (k > records->len || !plain_number (row[k], &v))
                return *why = g_strdup_printf ("line %u: “%s” is no KB/s of a record size", i + 1,
                                               row[k]),
                       NULL;
              g_hash_table_insert (cells,
                                   g_strdup_printf ("%s|%" G_GUINT64_FORMAT "|%" G_GUINT64_FORMAT,
                                                    heading, file,
                                                    g_array_index (records, guint64, k - 1)),
                                   GSIZE_TO_POINTER ((gsize) v + 1));
            }
        }
    }
  if (lines[i] != NULL && !(lines[i][0] == '\0' && lines[i + 1] == NULL))
    return *why = g_strdup_printf ("line %u: “%s” after the reports", i + 1, lines[i]), NULL;
  if (g_hash_table_size (cells) == 0)
    return *why = g_strdup ("no report"), NULL;
  return g_steal_pointer (&cells);
}

/* The test's own names of iozone's headings and gengnuplot.sh's columns for our operations. */
static const struct
{
  const char *op, *heading;
  /* gengnuplot.sh: write $3, rewrite $4, … strideread $11 (its columns end at freread, $15; the
   * -E columns after them, pwrite $16 to repread $19, are read by the same awk) */
  guint awk_column;
} names[] = {
  { "write", "Writer report", 3 },
  { "rewrite", "Re-writer report", 4 },
  { "read", "Reader report", 5 },
  { "reread", "Re-Reader report", 6 },
  { "random-read", "Random read report", 7 },
  { "random-write", "Random write report", 8 },
  { "backward", "Backward read report", 9 },
  { "stride", "Stride read report", 11 },
  { "record-rewrite", "Record rewrite report", 10 },
  { "pwrite", "Pwrite report", 16 },
  { "repwrite", "Re-Pwrite report", 17 },
  { "pread", "Pread report", 18 },
  { "repread", "Re-Pread report", 19 },
};

/* Its index in names; G_MAXUINT for the random mix, which iozone -a has not. */
static guint
name_index (const char *op)
{
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (names[i].op, op) == 0)
      return i;
  g_assert_cmpstr (op, ==, "random-mix");
  return G_MAXUINT;
}

static double
kb_per_s (double mb_per_s)
{
  return mb_per_s * 1e6 / 1024.0;
}

/* The awk programs of iozone's gengnuplot.sh (iozone3 src/current/gengnuplot.sh, Yves Rougy,
 * 2001, GPL-2.0-or-later; unchanged through 3.506): one per test, "$1 ~ /^[0-9]+/ { print $1 " "
 * $2 " " $N }" over iozone -a's output. Run on file for column N: "KB reclen value" lines. */
static char *
gengnuplot_awk (const char *file, guint column)
{
  g_autofree char *program =
    g_strdup_printf ("$1 ~ /^[0-9]+/ { print  $1 \" \" $2 \" \" $%u  }", column);
  const char *argv[] = { "awk", program, file, NULL };
  char *out = NULL;

  g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  return out;
}

static void
on_sweep_done (GObject *source, GAsyncResult *res, gpointer loop)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (dmk_iozone_sweep_run_finish (DMK_IOZONE_SWEEP (source), res, &error));
  g_assert_no_error (error);
  g_main_loop_quit (loop);
}

/* A sweep over a real folder: two file sizes, records of which the largest fits only the larger
 * file (iozone's ragged rows), every operation; a copy of its table. */
static DmkIozoneTable *
sweep_table (const char *dir)
{
  const guint64 files[] = { 16 << 20, 32 << 20 };
  const guint32 records[] = { 4 << 20, 16 << 20, 32 << 20 };
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (DmkIozoneSweep) sweep = NULL;
  DmkIozoneTable *t, *copy;
  DmkSettings s;

  sweep = dmk_iozone_sweep_new (dmk_iozone_table_new (DMK_IOZONE_ALL_OPS, files, 2, records, 3));
  dmk_settings_init_default (&s);
  s.engine = DMK_ENGINE_PSYNC;
  dmk_iozone_sweep_run_async (sweep, dir, &s, NULL, NULL, on_sweep_done, loop);
  g_main_loop_run (loop);
  dmk_settings_clear (&s);
  t = dmk_iozone_sweep_get_table (sweep);
  copy = dmk_iozone_table_new (t->mask, t->files, t->n_files, t->records, t->n_records);
  memcpy (copy->mb_per_s, t->mb_per_s,
          sizeof (double) * DMK_IOZONE_N_OPS * t->n_files * t->n_records);
  return copy;
}

/* --format=iozone from a real sweep: the strict reader finds every JSON cell under its
 * operation's heading at its sizes in KB, in whole KB/s, and nothing else; gengnuplot.sh's awk
 * reads each operation's column as the same numbers.
 * GDiskMark's own text says it is not iozone's and the strict reader finds no report in it. */
static void
test_iozone_r (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-iozone-r-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "iozone.out", NULL);
  g_autofree char *why = NULL, *text = NULL, *json = NULL, *r = NULL;
  g_autoptr (DmkIozoneTable) table = NULL;
  g_autoptr (GHashTable) cells = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *ops;
  guint n_json = 0;

  table = sweep_table (dir);
  r = dmk_iozone_table_to_iozone (table);
  json = dmk_iozone_table_to_json (table);
  text = dmk_iozone_table_to_text (table);
  g_test_message ("%s", r);
  cells = parse_iozone_r (r, &why);
  g_assert_cmpstr (why, ==, NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  ops = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                      "operations");
  g_assert_cmpuint (json_array_get_length (ops), ==, G_N_ELEMENTS (names) + 1);
  g_assert_true (g_file_set_contents (file, r, -1, NULL));
  for (guint o = 0; o < json_array_get_length (ops); o++)
    {
      JsonObject *op = json_array_get_object_element (ops, o);
      JsonArray *list = json_object_get_array_member (op, "cells");
      guint k = name_index (json_object_get_string_member (op, "name"));
      g_autofree char *awk = NULL;
      g_auto (GStrv) awk_lines = NULL;

      /* The random mix: measured, and said not to be in iozone's report. */
      if (k == G_MAXUINT)
        {
          g_assert_cmpuint (json_array_get_length (list), ==, 5);
          g_assert_nonnull (strstr (r, "random mix is not in this report"));
          continue;
        }
      awk = gengnuplot_awk (file, names[k].awk_column);
      awk_lines = g_strsplit (awk, "\n", -1);

      /* 2 file sizes: 2 and 3 records fit them. */
      g_assert_cmpuint (json_array_get_length (list), ==, 5);
      g_assert_cmpuint (g_strv_length (awk_lines), ==, 5 + 1);
      for (guint c = 0; c < json_array_get_length (list); c++)
        {
          JsonObject *cell = json_array_get_object_element (list, c);
          gint64 file_kb = json_object_get_int_member (cell, "file_bytes") / 1024;
          gint64 rec_kb = json_object_get_int_member (cell, "record_bytes") / 1024;
          double want = kb_per_s (json_object_get_double_member (cell, "mb_per_s"));
          g_autofree char *key = g_strdup_printf ("%s|%" G_GINT64_FORMAT "|%" G_GINT64_FORMAT,
                                                  names[k].heading, file_kb, rec_kb);
          gpointer got = g_hash_table_lookup (cells, key);
          g_autofree char *prefix = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " ",
                                                     file_kb, rec_kb);
          gboolean found = FALSE;

          g_assert_cmpfloat (want, >, 0);
          g_assert_nonnull (got);
          g_assert_cmpfloat (fabs ((double) (GPOINTER_TO_SIZE (got) - 1) - want), <=, 1.0);
          for (guint l = 0; awk_lines[l] != NULL; l++)
            if (g_str_has_prefix (awk_lines[l], prefix))
              {
                g_assert_cmpfloat (fabs (g_ascii_strtod (awk_lines[l] + strlen (prefix), NULL) -
                                         want),
                                   <=, 1.0);
                found = TRUE;
              }
          g_assert_true (found);
          n_json++;
        }
    }
  /* Nothing in the report that the JSON does not have. */
  g_assert_cmpuint (g_hash_table_size (cells), ==, n_json);
  g_clear_pointer (&why, g_free);
  g_assert_null (parse_iozone_r (text, &why));
  g_test_message ("GDiskMark's text: %s", why);
  g_assert_nonnull (strstr (text, "not iozone’s output"));
  g_unlink (file);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The command writes each: --format=iozone as the strict reader reads it, with the operations
 * asked for; --format=json, -j and an unknown format's refusal naming iozone. */
static void
test_cli_formats (void)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-cli-r-XXXXXX", NULL);
  g_autofree char *r = NULL, *json = NULL, *why = NULL, *err = NULL;
  g_autoptr (GHashTable) cells = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();

  {
    const char *argv[] = { cli, "iozone", "--max-file=16MiB", "--min-record=4M",
                           "--max-record=8M", "--ops=write,rewrite,reread", "--engine=psync",
                           "--quiet", "--format=iozone", dir, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &r), ==, 0);
  }
  cells = parse_iozone_r (r, &why);
  g_assert_cmpstr (why, ==, NULL);
  g_assert_cmpuint (g_hash_table_size (cells), ==, 6);
  g_assert_nonnull (g_hash_table_lookup (cells, "Re-writer report|16384|8192"));
  g_assert_null (strstr (r, "\"Reader report\""));
  g_assert_nonnull (g_hash_table_lookup (cells, "Re-Reader report|16384|4096"));
  {
    /* gengnuplot.sh's read ($5), not run: 0 in its place (iozone leaves it blank). */
    g_autofree char *file = g_build_filename (dir, "r.out", NULL);
    g_autofree char *awk = NULL;
    g_auto (GStrv) l = NULL;

    g_assert_true (g_file_set_contents (file, r, -1, NULL));
    awk = gengnuplot_awk (file, 5);
    l = g_strsplit (awk, "\n", -1);
    g_assert_cmpuint (g_strv_length (l), ==, 2 + 1);
    for (guint i = 0; l[i] != NULL && l[i][0] != '\0'; i++)
      g_assert_true (g_str_has_suffix (l[i], " 0"));
    g_unlink (file);
  }
  {
    const char *argv[] = { cli, "iozone", "--max-file=16MiB", "--min-record=8M",
                           "--max-record=8M", "--ops=read", "--engine=psync", "--quiet", "-j",
                           dir, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &json), ==, 0);
  }
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  {
    const char *argv[] = { cli, "iozone", "--format=iozone-r", dir, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 2);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The check a reader makes of the workbook: every CSV line's number is in the sheet of its
 * operation, at its file size's row and its record size's column; and each sheet has a chart. */
static const char xlsx_check[] =
  "import csv, sys, openpyxl\n"
  "wb = openpyxl.load_workbook(sys.argv[1])\n"
  "n = 0\n"
  "for row in csv.DictReader(open(sys.argv[2])):\n"
  "    ws = wb[row['operation']]\n"
  "    cols = [c.value for c in ws[2]][1:]\n"
  "    rows = [r[0].value for r in ws.iter_rows(min_row=3)]\n"
  "    c = cols.index(int(row['record_bytes']) // 1024)\n"
  "    r = rows.index(int(row['file_bytes']) // 1024)\n"
  "    got = ws.cell(row=3 + r, column=2 + c).value\n"
  "    assert abs(got - float(row['mb_per_s'])) < 0.0006, (row, got)\n"
  "    n += 1\n"
  "assert all(len(ws._charts) == 1 for ws in wb), 'a sheet without its chart'\n"
  "print(n, 'cells,', len(wb.sheetnames), 'sheets:', ' '.join(wb.sheetnames))\n";

/* One table, filled from a real run, out as CSV and as a workbook: a reader finds the CSV's
 * numbers in the workbook, each in its place. */
static void
test_xlsx (void)
{
  const guint32 records[] = { 256 << 10, 512 << 10, 1 << 20 };
  const guint64 files[] = { 16 << 20 };
  const char *probe[] = { "/usr/bin/python3", "-c", "import openpyxl", NULL };
  g_autoptr (DmkIozoneTable) table = NULL;
  g_autoptr (GArray) jobs = NULL, specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL, *xlsx = NULL, *csv_path = NULL, *csv = NULL, *out = NULL;
  guint mask = 0;
  DmkSettings s;
  DmkResult *r;

  g_assert_true (dmk_iozone_ops_parse ("read,reread,backward,stride", &mask, NULL));
  table = dmk_iozone_table_new (mask, files, 1, records, G_N_ELEMENTS (records));
  dir = g_dir_make_tmp ("gdiskmark-wt26i-XXXXXX", NULL);
  xlsx = g_build_filename (dir, "sweep.xlsx", NULL);
#if !HAVE_XLSXWRITER
  g_assert_false (dmk_iozone_table_save_xlsx (table, xlsx, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
  g_rmdir (dir);
  g_test_skip ("built without libxlsxwriter (libxlsxwriter-dev)");
  return;
#endif
  if (dmk_test_run_tool (probe, NULL) != 0)
    {
      g_rmdir (dir);
      g_test_skip ("python3-openpyxl is not installed");
      return;
    }
  if (!dmk_test_loop_setup_sized (64 << 20))
    {
      g_rmdir (dir);
      return;
    }
  jobs = dmk_iozone_jobs (mask, records, G_N_ELEMENTS (records));
  for (guint i = 0; i < jobs->len; i++)
    g_array_append_val (specs, g_array_index (jobs, DmkJob, i).spec);
  settings_for_cap (&s);
  s.size_bytes = files[0];
  s.reread = TRUE;
  r = dmk_test_run_to_end (dmk_test_loop, &s, specs, NULL, NULL);
  dmk_iozone_table_fill (table, 0, r);
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    for (guint i = 0; i < G_N_ELEMENTS (records) && (mask & (1u << op)) != 0; i++)
      g_assert_cmpfloat (*dmk_iozone_table_cell (table, op, 0, i), >, 0);
  csv = dmk_iozone_table_to_csv (table);
  csv_path = g_build_filename (dir, "sweep.csv", NULL);
  g_assert_true (g_file_set_contents (csv_path, csv, -1, NULL));
  g_assert_true (dmk_iozone_table_save_xlsx (table, xlsx, &error));
  g_assert_no_error (error);
  {
    const char *argv[] = { "/usr/bin/python3", "-c", xlsx_check, xlsx, csv_path, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "12 cells, 4 sheets: read reread backward stride"));
  g_unlink (xlsx);
  g_unlink (csv_path);
  g_rmdir (dir);
  dmk_result_unref (r);
  dmk_settings_clear (&s);
  dmk_test_loop_cleanup ();
}

/* The check a reader makes of the .ods: a ZIP whose first member is "mimetype", stored, saying
 * the ODF spreadsheet type; every member's CRC right; every CSV line's number in the table of
 * its operation, at its file size's row and its record size's column, as a float cell; and a
 * real ODF reader (odfpy) reads the same tables. */
static const char ods_check[] =
  "import csv, sys, zipfile, xml.etree.ElementTree as ET\n"
  "z = zipfile.ZipFile(sys.argv[1])\n"
  "first = z.infolist()[0]\n"
  "assert first.filename == 'mimetype' and first.compress_type == zipfile.ZIP_STORED, first\n"
  "assert z.read('mimetype') == b'application/vnd.oasis.opendocument.spreadsheet'\n"
  "assert z.testzip() is None, 'a member with a bad CRC'\n"
  "ET.fromstring(z.read('META-INF/manifest.xml'))\n"
  "ns = {'t': 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',\n"
  "      'o': 'urn:oasis:names:tc:opendocument:xmlns:office:1.0'}\n"
  "T = '{%s}' % ns['t']; O = '{%s}' % ns['o']\n"
  "root = ET.fromstring(z.read('content.xml'))\n"
  "tables = {t.get(T + 'name'): [[c.get(O + 'value') for c in r.findall('t:table-cell', ns)]\n"
  "          for r in t.findall('t:table-row', ns)] for t in root.iter(T + 'table')}\n"
  "n = 0\n"
  "for row in csv.DictReader(open(sys.argv[2])):\n"
  "    rows = tables[row['operation']]\n"
  "    cols = [float(v) for v in rows[1][1:]]\n"
  "    c = cols.index(int(row['record_bytes']) / 1024)\n"
  "    r = [float(x[0]) for x in rows[2:]].index(int(row['file_bytes']) // 1024)\n"
  "    got = float(rows[2 + r][1 + c])\n"
  "    assert abs(got - float(row['mb_per_s'])) < 0.0006, (row, got)\n"
  "    n += 1\n"
  "from odf.opendocument import load\n"
  "from odf.table import Table, TableRow, TableCell\n"
  "doc = load(sys.argv[1])\n"
  "read = {t.getAttribute('name'): [[c.getAttribute('value') for c in r.getElementsByType(TableCell)]\n"
  "        for r in t.getElementsByType(TableRow)] for t in doc.spreadsheet.getElementsByType(Table)}\n"
  "assert read == tables, 'odfpy reads other tables than the XML holds'\n"
  "print(n, 'cells,', len(tables), 'tables:', ' '.join(tables))\n";

/* A table from a real sweep of two file sizes (the smaller one leaves its larger record empty),
 * out as CSV and as .ods: a reader finds the CSV's numbers in the spreadsheet, each in its
 * place, and a failed write leaves no file. */
static void
test_ods (void)
{
  const guint32 records[] = { 8 << 20, 32 << 20 };
  const guint64 files[] = { 16 << 20, 32 << 20 };
  g_autoptr (DmkIozoneTable) table = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL, *ods = NULL, *csv_path = NULL, *csv = NULL, *out = NULL;
  g_autofree char *missing = NULL;
  const char *probe[] = { "/usr/bin/python3", "-c", "import odf.opendocument", NULL };
  guint mask = 0;
  DmkSettings s;

  if (dmk_test_run_tool (probe, NULL) != 0)
    {
      g_test_skip ("python3-odf is not installed");
      return;
    }
  g_assert_true (dmk_iozone_ops_parse ("write,read,stride", &mask, NULL));
  table = dmk_iozone_table_new (mask, files, G_N_ELEMENTS (files), records, G_N_ELEMENTS (records));
  if (!dmk_test_loop_setup_sized (64 << 20))
    return;
  dir = g_dir_make_tmp ("gdiskmark-ods-XXXXXX", NULL);
  settings_for_cap (&s);
  s.reread = TRUE;
  s.mode = DMK_MODE_READ_WRITE;
  s.allow_write_device = TRUE; /* the test's own image */
  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      guint n = f == 0 ? 1 : 2;
      g_autoptr (GArray) jobs = dmk_iozone_jobs (mask, records, n);
      g_autoptr (GArray) specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      DmkResult *r;

      for (guint i = 0; i < jobs->len; i++)
        g_array_append_val (specs, g_array_index (jobs, DmkJob, i).spec);
      s.size_bytes = files[f];
      r = dmk_test_run_to_end (dmk_test_loop, &s, specs, NULL, NULL);
      dmk_iozone_table_fill (table, f, r);
      dmk_result_unref (r);
    }
  dmk_test_loop_cleanup ();
  g_assert_true (isnan (*dmk_iozone_table_cell (table, DMK_IOZONE_READ, 0, 1)));
  csv = dmk_iozone_table_to_csv (table);
  csv_path = g_build_filename (dir, "sweep.csv", NULL);
  g_assert_true (g_file_set_contents (csv_path, csv, -1, NULL));
  ods = g_build_filename (dir, "sweep.ods", NULL);
  g_assert_true (dmk_iozone_table_save_ods (table, ods, &error));
  g_assert_no_error (error);
  {
    const char *argv[] = { "/usr/bin/python3", "-c", ods_check, ods, csv_path, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  }
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "9 cells, 3 tables: write read stride"));
  /* Into a folder that is not there: an error naming the file, and nothing written. */
  missing = g_build_filename (dir, "gone", "sweep.ods", NULL);
  g_assert_false (dmk_iozone_table_save_ods (table, missing, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_IO);
  g_assert_nonnull (strstr (error->message, missing));
  g_unlink (ods);
  g_unlink (csv_path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  dmk_settings_clear (&s);
}

/* ---- gdiskmark-cli iozone --format=ods / -o FILE.ods ---- */

static void
test_cli_ods (void)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-cli-ods-XXXXXX", NULL);
  g_autofree char *by_name = g_build_filename (dir, "sweep.ODS", NULL);
  g_autofree char *by_format = g_build_filename (dir, "sweep.out", NULL);
  g_autofree char *out = NULL;
  g_autofree char *opt1 = g_strconcat ("--output=", by_name, NULL);
  g_autofree char *opt2 = g_strconcat ("--output=", by_format, NULL);
  const char *probe[] = { "/usr/bin/python3", "-c", "import odf.opendocument", NULL };

  {
    const char *argv[] = { cli, "iozone", "--max-file=16MiB", "--min-record=1M",
                           "--max-record=4M", "--ops=write,read", "--engine=psync", "--quiet",
                           opt1, dir, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 0);
  }
  {
    const char *argv[] = { cli, "iozone", "--max-file=16MiB", "--min-record=1M",
                           "--max-record=1M", "--ops=read", "--engine=psync", "--quiet",
                           "--format=ods", opt2, dir, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 0);
  }
  {
    /* Without a file to write the spreadsheet to: a usage error. */
    const char *argv[] = { cli, "iozone", "--format=ods", "--quiet", dir, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 2);
  }
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *contents = NULL;
      gsize len = 0;

      g_assert_true (g_file_get_contents (i == 0 ? by_name : by_format, &contents, &len, &error));
      g_assert_no_error (error);
      /* An ODF package: its stored "mimetype" member first (name at 30, contents at 38). */
      g_assert_cmpuint (len, >, 100);
      g_assert_cmpmem (contents, 2, "PK", 2);
      g_assert_cmpmem (contents + 30, 8, "mimetype", 8);
      g_assert_cmpmem (contents + 38, 46, "application/vnd.oasis.opendocument.spreadsheet", 46);
    }
  if (dmk_test_run_tool (probe, NULL) == 0)
    {
      /* A real ODF reader finds one table per operation asked for. */
      const char *names[] = { "/usr/bin/python3", "-c",
                              "import sys\nfrom odf.opendocument import load\n"
                              "from odf.table import Table\n"
                              "d = load(sys.argv[1])\n"
                              "print(' '.join(t.getAttribute('name') for t in "
                              "d.spreadsheet.getElementsByType(Table)))\n",
                              by_name, NULL };
      g_assert_cmpint (dmk_test_run_tool (names, &out), ==, 0);
      g_assert_cmpstr (out, ==, "write read\n");
    }
  g_unlink (by_name);
  g_unlink (by_format);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/iozone-format/iozone-r", test_iozone_r);
  g_test_add_func ("/iozone-format/cli", test_cli_formats);
  g_test_add_func ("/iozone-format/xlsx", test_xlsx);
  g_test_add_func ("/iozone-format/ods", test_ods);
  g_test_add_func ("/iozone-format/cli-ods", test_cli_ods);
  return g_test_run ();
}
