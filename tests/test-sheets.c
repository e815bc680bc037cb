/* test-sheets.c: a result, a comparison and the history as .ods and .xlsx, opened by the real
 * LibreOffice (soffice --headless --convert-to csv) in the C locale and in German, every number
 * equal to the JSON's; and a mixed test's read share in every name of it (issue 47, items 5
 * and 9). The runs are real runs of the CLI, one with --mix 30 and one with --mix 70. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-test-cli.h"

static char *dir;   /* the runs' folder, their files and the history */
static char *store; /* the history of these tests alone */

static const char *const *
env (void)
{
  static const char *e[3];

  e[0] = "GDISKMARK_HISTORY";
  e[1] = store;
  e[2] = NULL;
  return e;
}

static char *
path_in (const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static char *
cli_ok (const char *const *args)
{
  CliRun r = { 0 };
  char *out;

  run_cli (&r, args, env ());
  if (r.status != 0)
    g_printerr ("%s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  out = g_steal_pointer (&r.out);
  cli_run_clear (&r);
  return out;
}

/* Two real runs, once: a 30 % mix written as JSON, a 70 % mix written straight as .ods (the
 * default run's spreadsheet); the 70 % run's JSON and the 30 % run's .xlsx from the history. */
static void
make_runs (void)
{
  static gboolean done = FALSE;
  g_autofree char *json30 = NULL, *ods70 = NULL, *json70 = NULL, *xlsx30 = NULL;

  if (done)
    return;
  done = TRUE;
  json30 = path_in ("mix30.json");
  ods70 = path_in ("mix70.ods");
  json70 = path_in ("mix70.json");
  xlsx30 = path_in ("mix30.xlsx");
  for (guint i = 0; i < 2; i++)
    {
      const char *args[] = { "-q", "-T", "RND4K Q1T1", "--mix", i == 0 ? "30" : "70", "-n", "2",
                             "-s", "16MiB", "-t", "1", "-w", "0", "-i", "0", "-o",
                             i == 0 ? json30 : ods70, dir, NULL };
      g_free (cli_ok (args));
    }
  {
    const char *show70[] = { "history", "show", "2", "-o", json70, NULL };
    const char *show30[] = { "history", "show", "1", "-o", xlsx30, NULL };
    g_free (cli_ok (show70));
    g_free (cli_ok (show30));
  }
}

/* ---- a CSV as LibreOffice writes it ---- */

static GPtrArray *
parse_csv (const char *text, char sep)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  const char *p = text;

  while (*p != '\0')
    {
      g_autoptr (GPtrArray) row = g_ptr_array_new ();
      gboolean end = FALSE;

      while (!end)
        {
          GString *f = g_string_new (NULL);
          if (*p == '"')
            for (p++; *p != '\0'; p++)
              {
                if (*p == '"' && p[1] == '"')
                  g_string_append_c (f, *p++);
                else if (*p == '"')
                  {
                    p++;
                    break;
                  }
                else
                  g_string_append_c (f, *p);
              }
          while (*p != '\0' && *p != sep && *p != '\n' && *p != '\r')
            g_string_append_c (f, *p++);
          g_ptr_array_add (row, g_string_free (f, FALSE));
          if (*p == sep)
            p++;
          else
            {
              while (*p == '\r' || *p == '\n')
                p++;
              end = TRUE;
            }
        }
      g_ptr_array_add (row, NULL);
      g_ptr_array_add (rows, g_ptr_array_steal (row, NULL));
    }
  return rows;
}

typedef struct
{
  gboolean german;
  GPtrArray *rows; /* GStrv each; the first the header */
} Table;

static int
column (const Table *t, const char *name)
{
  char **head = g_ptr_array_index (t->rows, 0);

  for (guint i = 0; head[i] != NULL; i++)
    if (strcmp (head[i], name) == 0)
      return (int) i;
  g_error ("no column %s", name);
  return -1;
}

/* A cell that LibreOffice showed as a number: in German with a decimal comma (never a point,
 * which only a text cell keeps), in the C locale with a point. */
static double
number (const Table *t, char **row, int col)
{
  g_autofree char *s = g_strdup (row[col]);
  char *end;
  double v;

  g_assert_cmpstr (s, !=, "");
  g_assert_null (strchr (s, t->german ? '.' : ','));
  if (t->german)
    g_strdelimit (s, ",", '.');
  v = g_ascii_strtod (s, &end);
  g_assert_cmpstr (end, ==, "");
  return v;
}

/* LibreOffice shows 15 significant digits: equal to that, where a rounding to 2 or 3 decimals
 * (or a text cell) is far off. Returns whether the cell had decimals (a comma in German). */
static gboolean
assert_same (const Table *t, char **row, int col, double expected)
{
  double v = number (t, row, col);

  g_assert_cmpfloat_with_epsilon (v, expected, fabs (expected) * 1e-14 + 1e-300);
  return strchr (row[col], t->german ? ',' : '.') != NULL;
}

/* Opens each file in LibreOffice, with a profile of its own in locale ("de-DE" or "en-US"), and
 * reads back each one's first sheet as CSV. */
static Table *
soffice_tables (const char *const *files, guint n, gboolean german)
{
  g_autofree char *profile = g_build_filename (dir, german ? "lo-de" : "lo-c", NULL);
  g_autofree char *user = g_build_filename (profile, "user", NULL);
  g_autofree char *xcu = g_build_filename (user, "registrymodifications.xcu", NULL);
  g_autofree char *outdir = g_build_filename (dir, german ? "csv-de" : "csv-c", NULL);
  g_autofree char *url = g_strconcat ("-env:UserInstallation=file://", profile, NULL);
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<oor:items "
    "xmlns:oor=\"http://openoffice.org/2001/registry\" "
    "xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" "
    "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
    "<item oor:path=\"/org.openoffice.Setup/L10N\"><prop oor:name=\"ooSetupSystemLocale\" "
    "oor:op=\"fuse\"><value>%s</value></prop></item>\n</oor:items>\n",
    german ? "de-DE" : "en-US");
  /* Separator ";" in German (its comma is the decimal one), "," else; UTF-8; values as shown. */
  const char *filter = german ? "csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,true"
                              : "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true";
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv) envp = g_environ_setenv (g_get_environ (), "LC_ALL",
                                          german ? "de_DE.UTF-8" : "C.UTF-8", TRUE);
  g_autofree char *out = NULL, *err = NULL;
  Table *tables = g_new0 (Table, n);
  int status = -1;

  g_assert_cmpint (g_mkdir_with_parents (user, 0700), ==, 0);
  g_assert_true (g_file_set_contents (xcu, xml, -1, NULL));
  g_ptr_array_add (argv, (gpointer) "soffice");
  g_ptr_array_add (argv, url);
  g_ptr_array_add (argv, (gpointer) "--headless");
  g_ptr_array_add (argv, (gpointer) "--convert-to");
  g_ptr_array_add (argv, (gpointer) filter);
  g_ptr_array_add (argv, (gpointer) "--outdir");
  g_ptr_array_add (argv, outdir);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (argv, (gpointer) files[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_SEARCH_PATH, NULL,
                               NULL, &out, &err, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *base = g_path_get_basename (files[i]);
      g_autofree char *csv = NULL, *text = NULL;

      *strrchr (base, '.') = '\0';
      csv = g_strdup_printf ("%s/%s.csv", outdir, base);
      if (!g_file_get_contents (csv, &text, NULL, NULL))
        g_error ("LibreOffice wrote no %s: %s%s", csv, out, err);
      tables[i].german = german;
      tables[i].rows = parse_csv (text, german ? ';' : ',');
      g_assert_cmpuint (tables[i].rows->len, >=, 2);
      g_unlink (csv);
    }
  return tables;
}

static void
tables_free (Table *t, guint n)
{
  for (guint i = 0; i < n; i++)
    g_ptr_array_unref (t[i].rows);
  g_free (t);
}

/* The row of test and direction ("mix R70%"), in the table's named columns. */
static char **
find_row (const Table *t, const char *test_col, const char *test, const char *direction,
          const char *entry)
{
  int tc = column (t, test_col), dc = column (t, "direction");
  int ec = entry != NULL ? column (t, "entry") : -1;

  for (guint r = 1; r < t->rows->len; r++)
    {
      char **row = g_ptr_array_index (t->rows, r);
      if (g_strv_length (row) > (guint) MAX (tc, MAX (dc, ec)) && strcmp (row[tc], test) == 0 &&
          strcmp (row[dc], direction) == 0 && (ec < 0 || strcmp (row[ec], entry) == 0))
        return row;
    }
  g_error ("no row %s %s", test, direction);
  return NULL;
}

static DmkResult *
load (const char *name)
{
  g_autofree char *path = path_in (name);
  g_autoptr (GError) error = NULL;
  DmkResult *r = dmk_result_load (path, &error);

  g_assert_no_error (error);
  return r;
}

static char *
direction_of (const DmkResult *r, const DmkTestResult *t)
{
  return dmk_direction_share_string (t->direction, dmk_settings_mix_share (&r->settings,
                                                                            t->direction));
}

/* Each test of r in a result's sheet: every number the JSON has for it. */
static guint
check_result_sheet (const Table *t, const DmkResult *r)
{
  guint decimals = 0;

  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *x = g_ptr_array_index (r->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&x->spec);
      g_autofree char *direction = direction_of (r, x);
      char **row = find_row (t, "test", name, direction, NULL);
      const double want[] = { x->mb_per_s, x->iops, x->latency_us.mean, x->latency_us.p50,
                              x->latency_us.p99 };
      const char *cols[] = { "mb_per_s", "iops", "lat_mean_us", "lat_p50_us", "lat_p99_us" };

      for (guint k = 0; k < G_N_ELEMENTS (cols); k++)
        decimals += assert_same (t, row, column (t, cols[k]), want[k]);
      g_assert_cmpfloat (number (t, row, column (t, "block_size")), ==, x->spec.block_size);
    }
  return decimals;
}

static void
check_sheets (gboolean german)
{
  g_autoptr (DmkResult) r30 = NULL, r70 = NULL;
  g_autofree char *xlsx30 = NULL, *ods70 = NULL, *cmp_ods = NULL, *cmp_xlsx = NULL,
                  *hist_ods = NULL, *hist_xlsx = NULL, *json30 = NULL, *json70 = NULL;
  guint decimals = 0;
  Table *t;

  if (g_find_program_in_path ("soffice") == NULL)
    {
      g_test_skip ("LibreOffice (soffice) is not installed: the libreoffice-calc-nogui package");
      return;
    }
  make_runs ();
  r30 = load ("mix30.json");
  r70 = load ("mix70.json");
  xlsx30 = path_in ("mix30.xlsx");
  ods70 = path_in ("mix70.ods");
  json30 = path_in ("mix30.json");
  json70 = path_in ("mix70.json");
  /* Each of its own name: LibreOffice names the CSV after the file without its extension. */
  cmp_ods = path_in ("cmp-o.ods");
  cmp_xlsx = path_in ("cmp-x.xlsx");
  hist_ods = path_in ("hist-o.ods");
  hist_xlsx = path_in ("hist-x.xlsx");
  {
    const char *c1[] = { "compare", json30, json70, "-o", cmp_ods, NULL };
    const char *c2[] = { "compare", json30, json70, "--format=xlsx", "-o", cmp_xlsx, NULL };
    const char *h1[] = { "history", "-o", hist_ods, NULL };
    const char *h2[] = { "history", "--format", "xlsx", "-o", hist_xlsx, NULL };
    g_free (cli_ok (c1));
    g_free (cli_ok (c2));
    g_free (cli_ok (h1));
    g_free (cli_ok (h2));
  }
  {
    const char *files[] = { xlsx30, ods70, cmp_ods, cmp_xlsx, hist_ods, hist_xlsx };
    t = soffice_tables (files, G_N_ELEMENTS (files), german);
  }
  /* The results: mix30.xlsx (from the history) and mix70.ods (the run's own -o). */
  decimals += check_result_sheet (&t[0], r30);
  decimals += check_result_sheet (&t[1], r70);
  /* The comparisons: both columns' values in MB/s and the change, every row. */
  for (guint f = 2; f <= 3; f++)
    {
      g_autoptr (GPtrArray) pair = g_ptr_array_new ();
      g_autoptr (DmkComparison) cmp = NULL;

      g_ptr_array_add (pair, r30);
      g_ptr_array_add (pair, r70);
      cmp = dmk_comparison_new (pair, DMK_UNIT_MB_S, 0);
      /* After the tests, a row per fact of the runs' links and conditions that either knows
       * (this machine's: how many varies), each of them named and kinded. */
      g_assert_cmpuint (t[f].rows->len, >=, cmp->rows->len + 1);
      for (guint r = cmp->rows->len + 1; r < t[f].rows->len; r++)
        {
          char **row = g_ptr_array_index (t[f].rows, r);
          g_assert_true (g_strcmp0 (row[1], "chain") == 0 || g_strcmp0 (row[1], "condition") == 0);
          g_assert_cmpstr (row[0], !=, "");
        }
      for (guint r = 0; r < cmp->rows->len; r++)
        {
          char **row = g_ptr_array_index (t[f].rows, r + 1);
          double v, pct;
          for (guint c = 0; c < 2; c++)
            if (dmk_comparison_value (cmp, r, c, &v))
              decimals += assert_same (&t[f], row, 2 + (int) c, v);
            else
              g_assert_cmpstr (row[2 + c], ==, "");
          if (dmk_comparison_delta (cmp, r, 1, &pct))
            decimals += assert_same (&t[f], row, 4, pct);
        }
    }
  /* The history: each entry's every test, score and IOPS. */
  for (guint f = 4; f <= 5; f++)
    for (guint e = 0; e < 2; e++)
      {
        const DmkResult *r = e == 0 ? r30 : r70;
        for (guint i = 0; i < r->tests->len; i++)
          {
            const DmkTestResult *x = g_ptr_array_index (r->tests, i);
            g_autofree char *name = dmk_test_spec_to_name (&x->spec);
            g_autofree char *direction = direction_of (r, x);
            char **row = find_row (&t[f], "test", name, direction, e == 0 ? "1" : "2");
            decimals += assert_same (&t[f], row, column (&t[f], "mb_per_s"), x->mb_per_s);
            decimals += assert_same (&t[f], row, column (&t[f], "iops"), x->iops);
          }
      }
  /* The locale was the one asked for: numbers with decimals showed its decimal separator. */
  g_assert_cmpuint (decimals, >, 20);
  tables_free (t, 6);
}

static void
test_sheets_c (void)
{
  check_sheets (FALSE);
}

static void
test_sheets_german (void)
{
  check_sheets (TRUE);
}

/* ---- the read share in every name of a mix ---- */

static void
test_mix_names (void)
{
  g_autofree char *json30 = NULL, *json70 = NULL, *csv30 = NULL, *csv70 = NULL;

  make_runs ();
  json30 = path_in ("mix30.json");
  json70 = path_in ("mix70.json");
  csv30 = path_in ("mix30.csv");
  csv70 = path_in ("mix70.csv");
  {
    /* The results' CSV and text, as the history shows each. */
    const char *c30[] = { "history", "show", "1", "-f", "csv", NULL };
    const char *c70[] = { "history", "show", "2", "-o", csv70, NULL };
    const char *t70[] = { "history", "show", "2", NULL };
    g_autofree char *a = cli_ok (c30), *b = NULL, *text = cli_ok (t70);

    g_free (cli_ok (c70));
    g_assert_true (g_file_get_contents (csv70, &b, NULL, NULL));
    g_assert_nonnull (strstr (a, "\r\nRND4K Q1T1,mix R30%,4096,"));
    g_assert_null (strstr (a, "mix R70%"));
    g_assert_nonnull (strstr (b, "\r\nRND4K Q1T1,mix R70%,4096,"));
    g_assert_null (strstr (b, "mix R30%"));
    g_assert_nonnull (strstr (text, "\n[Mix] Read 70%/Write 30%\n"));
    g_assert_nonnull (strstr (text, "  Spread RND4K Q1T1 Mix R70%: min "));
    g_assert_true (g_file_set_contents (csv30, a, -1, NULL));
  }
  {
    /* The history: each entry's mix, and the newest's statistics, by their share. */
    const char *text_args[] = { "history", NULL };
    const char *csv_args[] = { "history", "--csv", NULL };
    g_autofree char *text = cli_ok (text_args), *csv = cli_ok (csv_args);

    g_assert_nonnull (strstr (text, "RND4K Q1T1 M R30% "));
    g_assert_nonnull (strstr (text, "RND4K Q1T1 M R70% "));
    g_assert_nonnull (strstr (text, "\n  RND4K Q1T1 Mix R70%: "));
    g_assert_null (strstr (text, "Mix:"));
    g_assert_nonnull (strstr (csv, ",RND4K Q1T1,mix R30%,"));
    g_assert_nonnull (strstr (csv, ",RND4K Q1T1,mix R70%,"));
    g_assert_null (strstr (csv, ",mix,"));
  }
  {
    /* The results' own CSV read back keeps the share: two rows in the comparison. */
    const char *args[] = { "compare", csv30, csv70, NULL };
    g_autofree char *text = cli_ok (args);

    g_assert_nonnull (strstr (text, "\nRND4K Q1T1 Mix R30%"));
    g_assert_nonnull (strstr (text, "\nRND4K Q1T1 Mix R70%"));
  }
}

/* A spreadsheet is a file of its own: never standard output. */
static void
test_sheet_needs_output (void)
{
  const char *run[] = { "--format=xlsx", "-q", "-T", "RND4K Q1T1", dir, NULL };
  const char *cmp[] = { "compare", "--format=ods", "x.json", NULL };
  const char *hist[] = { "history", "--format=ods", NULL };

  expect_failure (run, 2, "--output");
  expect_failure (cmp, 2, "--output");
  expect_failure (hist, 2, "--output");
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  if (cli_path == NULL)
    g_error ("GDISKMARK_CLI is not set: run the tests with meson test");
  dir = g_dir_make_tmp ("gdiskmark-sheets-XXXXXX", NULL);
  store = g_build_filename (dir, "history.sqlite", NULL);
  g_test_add_func ("/sheets/needs-output", test_sheet_needs_output);
  g_test_add_func ("/sheets/mix-names", test_mix_names);
  g_test_add_func ("/sheets/libreoffice-c", test_sheets_c);
  g_test_add_func ("/sheets/libreoffice-german", test_sheets_german);
  status = g_test_run ();
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
    (void) !system (cmd);
  }
  g_free (store);
  g_free (dir);
  return status;
}
