/* test-import.c: other tools' results in the comparison. One file per CrystalDiskMark version
 * (6 to 9; Default, NVMe, Peak and Real profiles; with and without Mix), KDiskMark's text and
 * fio's JSON (made by the fio here) load as results that line up with GDiskMark's tests; the
 * numbers are checked against the files themselves; GDiskMark's own text and CSV read back to its
 * JSON's numbers; hostile files of each kind are refused by name. fio's outputs one by one are
 * test-import-fio.c's. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "dmk-core.h"
#include "dmk-compare.h"
#include "dmk-import.h"

static char *
sample (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "imports", name, NULL);
}

static DmkResult *
load (const char *name)
{
  g_autofree char *path = sample (name);
  g_autoptr (GError) error = NULL;
  DmkResult *r = dmk_result_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static DmkTestResult *
find (DmkResult *r, const char *test, DmkDirection dir)
{
  DmkTestSpec spec;

  g_assert_true (dmk_test_spec_parse (test, &spec, NULL));
  return dmk_result_find (r, &spec, dir);
}

/* The value a line of the file says, found by its own text: "  SEQ    1MiB (Q=  8, T= 1):". */
static double
file_value (const char *name, const char *line_start, const char *section)
{
  g_autofree char *path = sample (name);
  g_autofree char *text = NULL;
  const char *from, *at;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  from = section != NULL ? strstr (text, section) : text;
  g_assert_nonnull (from);
  at = strstr (from, line_start);
  g_assert_nonnull (at);
  return g_ascii_strtod (strchr (at + strlen (line_start) - 1, ':') + 1, NULL);
}

typedef struct
{
  const char *file, *tool, *version, *profile;
  guint n_tests, mix;
  const char *test, *line, *section; /* a test and its line, to check the value */
} Sample;

static const Sample samples[] = {
  /* Issue 23 item 14: CrystalDiskMark 3 (the classic eight) and 5 were refused. */
  { "cdm3.0.1.txt", "CrystalDiskMark", "3.0.1 x64", "classic", 8, 0, "SEQ1M Q1T1",
    "Sequential Read :", NULL },
  { "cdm3.0.1.txt", "CrystalDiskMark", "3.0.1 x64", "classic", 8, 0, "RND4K Q32T1",
    "Random Read 4KB (QD=32) :", NULL },
  { "cdm3.0.1.txt", "CrystalDiskMark", "3.0.1 x64", "classic", 8, 0, "RND512K Q1T1",
    "Random Read 512KB :", NULL },
  { "cdm5.2.0.txt", "CrystalDiskMark", "5.2.0 x64", "custom", 8, 0, "SEQ128K Q32T1",
    "Sequential Read (Q= 32,T= 1) :", NULL },
  { "cdm5.2.0.txt", "CrystalDiskMark", "5.2.0 x64", "custom", 8, 0, "SEQ1M Q1T1",
    "Sequential Read (T= 1) :", NULL },
  { "cdm6.txt", "CrystalDiskMark", "6.0.2 x64", "custom", 8, 0, "SEQ128K Q32T1",
    "Sequential Read (Q= 32,T= 1) :", NULL },
  { "cdm7-default.txt", "CrystalDiskMark", "7.0.0 x64", "default", 8, 0, "RND4K Q32T16",
    "Random 4KiB (Q= 32, T=16):", "[Read]" },
  { "cdm8-default-mix.txt", "CrystalDiskMark", "8.0.4 x64", "default", 12, 70, "SEQ1M Q8T1",
    "SEQ    1MiB (Q=  8, T= 1):", "[Read]" },
  { "cdm8-nvme.txt", "CrystalDiskMark", "8.0.4 x64", "default", 8, 0, "SEQ128K Q32T1",
    "SEQ  128KiB (Q= 32, T= 1):", "[Read]" },
  { "cdm8-peak.txt", "CrystalDiskMark", "8.0.4 x64", "peak", 4, 0, "RND4K Q32T16",
    "RND    4KiB (Q= 32, T=16):", "[Read]" },
  { "cdm9-real.txt", "CrystalDiskMark", "9.0.0 x64", "real", 6, 70, "RND4K Q1T1",
    "RND    4KiB (Q=  1, T= 1):", "[Read]" },
};

static void
test_crystaldiskmark (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      const Sample *s = &samples[i];
      g_autoptr (DmkResult) r = load (s->file);
      DmkTestResult *t = find (r, s->test, DMK_DIRECTION_READ);
      g_autofree char *owned = NULL;

      g_test_message ("%s: %s %s, %u tests", s->file, r->tool_name, r->tool_version,
                      r->tests->len);
      g_assert_cmpstr (r->tool_name, ==, s->tool);
      g_assert_cmpstr (r->tool_version, ==, s->version);
      g_assert_cmpstr (r->settings.profile, ==, s->profile);
      g_assert_cmpuint (r->tests->len, ==, s->n_tests);
      g_assert_cmpuint (r->settings.mix_read_percent, ==, s->mix);
      g_assert_nonnull (t);
      g_assert_cmpfloat_with_epsilon (t->mb_per_s, file_value (s->file, s->line, s->section),
                                      1e-9);
      g_assert_nonnull (strstr (dmk_result_tool_label (r, &owned), s->version));
      /* DiskSpd from CrystalDiskMark 6 on; 3 to 5 measured with their own code (issue 47). */
      g_assert_cmpstr (r->engine, ==,
                       g_ascii_strtoull (s->version, NULL, 10) >= 6 ? "DiskSpd" : "CrystalDiskMark");
      /* Every test has a value and IOPS that go with it. */
      for (guint j = 0; j < r->tests->len; j++)
        {
          DmkTestResult *x = g_ptr_array_index (r->tests, j);
          g_assert_cmpfloat (x->mb_per_s, >, 0);
          g_assert_cmpfloat (x->iops, >, 0);
        }
      if (s->mix > 0)
        g_assert_nonnull (find (r, s->test, DMK_DIRECTION_MIX));
    }
  /* The details: the drive and the date, the comment. */
  {
    g_autoptr (DmkResult) r = load ("cdm8-default-mix.txt");
    g_autoptr (GDateTime) dt = g_date_time_new_from_iso8601 (r->date, NULL);

    g_assert_cmpstr (r->target.path, ==, "C: 60% (143/238GiB)");
    g_assert_cmpstr (r->comment, ==, "Samsung 860 EVO 250GB");
    g_assert_cmpuint (r->settings.size_bytes, ==, (guint64) 1 << 30);
    g_assert_nonnull (dt);
    g_assert_cmpint (g_date_time_get_year (dt), ==, 2021);
    g_assert_cmpint (g_date_time_get_hour (dt), ==, 12);
  }
}

static DmkResult *load_bytes (const char *bytes, gsize len, GError **error);

/* Issue 23 item 11: what the texts say about the run: passes "(x5)" (every import said 5
 * whatever the text), measure time and interval, the OS, "<0Fill>" and the edition. */
static void
test_text_metadata (void)
{
  g_autoptr (DmkResult) cdm8 = load ("cdm8-default-mix.txt");
  g_autoptr (DmkResult) cdm6 = load ("cdm6.txt");
  g_autoptr (DmkResult) cdm3 = load ("cdm3.0.1.txt");
  g_autoptr (DmkResult) kdm = load ("kdiskmark-3.0.0.txt");
  g_autofree char *path = sample ("cdm8-peak.txt");
  g_autofree char *text = NULL, *edited = NULL;
  g_autoptr (GRegex) x5 = g_regex_new ("\\(x5\\)", 0, 0, NULL);
  g_autoptr (GRegex) head = g_regex_new ("8\\.0\\.4 x64", 0, 0, NULL);
  g_autoptr (GRegex) timing = g_regex_new ("Measure 5 sec / Interval 5 sec", 0, 0, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (cdm8->settings.passes, ==, 5);
  g_assert_cmpuint (cdm8->settings.measure_s, ==, 5);
  g_assert_cmpuint (cdm8->settings.interval_s, ==, 5);
  g_assert_cmpstr (cdm8->os, ==, "Windows 10 Professional [10.0 Build 19042] (x64)");
  g_assert_cmpint (cdm8->settings.data, ==, DMK_DATA_RANDOM);
  g_assert_cmpuint (cdm6->settings.interval_s, ==, 5); /* "[Interval=5 sec]" */
  g_assert_cmpstr (cdm3->os, ==, "Windows 7 Ultimate Edition SP1 [6.1 Build 7601] (x64)");
  g_assert_cmpuint (kdm->settings.measure_s, ==, 5); /* "[Measure: 5 sec / Interval: 5 sec]" */
  g_assert_cmpstr (kdm->os, ==, "debian 11 [Linux 5.10.0-15-amd64]");
  /* Two passes of zeros, measured 3 s apart by 10 s, by the UWP edition. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  edited = g_regex_replace_literal (x5, text, -1, 0, "(x2) <0Fill>", 0, NULL);
  g_free (text);
  text = g_regex_replace_literal (head, edited, -1, 0, "8.0.4 x64 (UWP)", 0, NULL);
  g_free (edited);
  edited = g_regex_replace_literal (timing, text, -1, 0, "Measure 3 sec / Interval 10 sec", 0,
                                    NULL);
  {
    g_autoptr (DmkResult) r = load_bytes (edited, strlen (edited), &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r->settings.passes, ==, 2);
    g_assert_cmpint (r->settings.data, ==, DMK_DATA_ZERO);
    g_assert_cmpuint (r->settings.measure_s, ==, 3);
    g_assert_cmpuint (r->settings.interval_s, ==, 10);
    g_assert_cmpstr (r->tool_version, ==, "8.0.4 x64 (UWP)");
  }
}

/* KDiskMark's "MB/s" are KiB/s ÷ 1000: converted, they agree with its own IOPS × block size. */
static void
test_kdiskmark (void)
{
  g_autoptr (DmkResult) r = load ("kdiskmark-3.0.0.txt");
  g_autofree char *owned = NULL;

  g_assert_cmpstr (r->tool_name, ==, "KDiskMark");
  g_assert_cmpstr (r->tool_version, ==, "3.0.0");
  g_assert_cmpuint (r->tests->len, ==, 8);
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      double from_iops = t->iops * t->spec.block_size / 1e6;

      g_assert_cmpfloat (fabs (t->mb_per_s - from_iops), <, 0.002 * from_iops);
    }
  g_assert_cmpfloat_with_epsilon (
    find (r, "SEQ1M Q8T1", DMK_DIRECTION_READ)->mb_per_s,
    file_value ("kdiskmark-3.0.0.txt", "Sequential   1 MiB (Q=  8, T= 1):", "[Read]") * 1.024,
    1e-9);
  g_assert_nonnull (strstr (dmk_result_tool_label (r, &owned), "1.024"));
}

/* Issue 23 item 10: KDiskMark 1.5 and before printed true MiB/s (KiB/s ÷ 1024); the ×1.024 of
 * later versions made them 2.3 % low. The public 1.6.0 report (KiB/s ÷ 1000) and a text printed
 * by 1.5's rule (its numbers made here from the 1.6.0 report's IOPS: no public 1.5 text was
 * found) both come out at their IOPS × block size. */
static void
test_kdiskmark_versions (void)
{
  static const char old[] =
    "                     KDiskMark (1.5.2): https://github.com/JonMagon/KDiskMark\n"
    "[Read]\n"
    "Sequential 1 MiB (Q= 8, T= 1):   529.800 MB/s [    529.8 IOPS] < 14415.61 us>\n"
    "    Random 4 KiB (Q=32, T=16):   265.191 MB/s [  67889.0 IOPS] <  1955.57 us>\n"
    "    Random 4 KiB (Q= 1, T= 1):    42.239 MB/s\n"
    "\n"
    "[Write]\n"
    "    Random 4 KiB (Q= 1, T= 1):    40.000 MB/s [     50.0 IOPS]\n";
  g_autoptr (DmkResult) r = load ("kdiskmark-1.6.0.txt");
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "kdiskmark-1.5.txt", NULL);
  g_autofree char *owned = NULL;
  g_autoptr (DmkResult) r15 = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_cmpstr (r->tool_version, ==, "1.6.0");
  g_assert_cmpuint (r->tests->len, ==, 8);
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      double from_iops = t->iops * t->spec.block_size / 1e6;
      g_assert_cmpfloat (fabs (t->mb_per_s - from_iops), <, 0.001 * from_iops);
    }
  g_assert_cmpfloat_with_epsilon (find (r, "SEQ1M Q8T1", DMK_DIRECTION_READ)->mb_per_s,
                                  542.516 * 1.024, 1e-9);
  g_assert_nonnull (strstr (dmk_result_tool_label (r, &owned), "×1.024"));
  g_clear_pointer (&owned, g_free);

  g_assert_true (g_file_set_contents (file, old, -1, NULL));
  r15 = dmk_result_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r15->tests->len, ==, 4);
  /* 529.8 IOPS of 1 MiB: 555.536 MB/s, not 529.8 × 1.024 = 542.5. */
  g_assert_cmpfloat_with_epsilon (find (r15, "SEQ1M Q8T1", DMK_DIRECTION_READ)->mb_per_s,
                                  529.8 * 1.048576, 1e-9);
  g_assert_cmpfloat_with_epsilon (find (r15, "RND4K Q32T16", DMK_DIRECTION_READ)->mb_per_s,
                                  265.191 * 1.048576, 1e-9);
  /* No IOPS, or too few to tell: the version's rule. */
  g_assert_cmpfloat_with_epsilon (find (r15, "RND4K Q1T1", DMK_DIRECTION_READ)->mb_per_s,
                                  42.239 * 1.048576, 1e-9);
  g_assert_cmpfloat_with_epsilon (find (r15, "RND4K Q1T1", DMK_DIRECTION_WRITE)->mb_per_s,
                                  40.0 * 1.048576, 1e-9);
  g_assert_nonnull (strstr (dmk_result_tool_label (r15, &owned), "×1.048576: it printed MiB/s"));
  g_clear_pointer (&owned, g_free);
  /* Issue 47 item 11: the first versions printed no version, and MiB/s (README, 2020: 528.053
   * MB/s at 528.1 IOPS of 1 MiB). The column said "KDiskMark  (MB/s ×1.024" of ×1.048576. */
  {
    g_autoptr (DmkResult) old0 = load ("kdiskmark-unversioned.txt");
    g_autofree char *path = sample ("kdiskmark-unversioned.txt"), *text = NULL, *cut = NULL;
    g_autoptr (GRegex) iops = g_regex_new ("\\s*\\[\\s*528\\.1 IOPS\\].*", 0, 0, NULL);
    double printed = file_value ("kdiskmark-unversioned.txt", "Sequential 1 MiB (Q= 8, T= 1):",
                                 "[Read]");

    g_assert_cmpstr (dmk_result_tool_label (old0, &owned), ==,
                     "KDiskMark (MB/s ×1.048576: it printed MiB/s)");
    g_assert_cmpuint (old0->tests->len, ==, 8);
    g_assert_cmpfloat_with_epsilon (find (old0, "SEQ1M Q8T1", DMK_DIRECTION_READ)->mb_per_s,
                                    printed * 1.048576, 1e-9);
    /* A line without its IOPS goes by the version's rule: the same. */
    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    cut = g_regex_replace_literal (iops, text, -1, 0, "", 0, NULL);
    g_assert_true (g_file_set_contents (file, cut, -1, NULL));
    g_clear_pointer (&r15, dmk_result_unref);
    r15 = dmk_result_load (file, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat_with_epsilon (find (r15, "SEQ1M Q8T1", DMK_DIRECTION_READ)->mb_per_s,
                                    printed * 1.048576, 1e-9);
  }
  g_unlink (file);
  g_rmdir (dir);
}

/* Side by side: tests of the same name share a row, each tool its column, named. */
static void
test_comparison (void)
{
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (DmkComparison) cmp = NULL;
  g_autofree char *text = NULL;
  guint lined_up = 0;

  g_ptr_array_add (results, load ("cdm8-default-mix.txt"));
  g_ptr_array_add (results, load ("kdiskmark-3.0.0.txt"));
  g_ptr_array_add (results, load ("fio-3.33.json"));
  cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  for (guint row = 0; row < cmp->rows->len; row++)
    if (dmk_comparison_get (cmp, row, 0) != NULL && dmk_comparison_get (cmp, row, 1) != NULL)
      lined_up++;
  /* The eight tests both ran. */
  g_assert_cmpuint (lined_up, ==, 8);
  text = dmk_comparison_to_text (cmp);
  g_assert_nonnull (strstr (text, "[1] CrystalDiskMark 8.0.4 x64: C: 60% (143/238GiB)"));
  g_assert_nonnull (strstr (text, "[2] KDiskMark 3.0.0 (MB/s ×1.024"));
  g_assert_nonnull (strstr (text, "[3] fio 3.33: "));
  g_assert_nonnull (strstr (text, "SEQ1M Q8T1 Read"));

  /* And through the CLI, as a user runs it. */
  if (g_getenv ("GDISKMARK_CLI") != NULL)
    {
      g_autofree char *a = sample ("cdm8-nvme.txt"), *b = sample ("fio-3.33.json");
      const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "compare", a, b, NULL };
      g_autofree char *out = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                   NULL, &out, NULL, &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (out, "CrystalDiskMark 8.0.4 x64"));
      g_assert_nonnull (strstr (out, "fio 3.33"));
    }
}

/* CrystalDiskMark on Windows may save UTF-16 with a byte-order mark. */
static void
test_utf16 (void)
{
  g_autofree char *path = sample ("cdm8-peak.txt");
  g_autofree char *text = NULL, *utf16 = NULL, *file = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-XXXXXX", NULL);
  gsize len = 0, n16 = 0;
  g_autoptr (DmkResult) r = NULL;
  g_autoptr (GError) error = NULL;
  GString *bytes = g_string_new_len ("\xff\xfe", 2);

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  utf16 = g_convert (text, (gssize) len, "UTF-16LE", "UTF-8", NULL, &n16, NULL);
  g_string_append_len (bytes, utf16, (gssize) n16);
  file = g_build_filename (dir, "cdm-utf16.txt", NULL);
  g_assert_true (g_file_set_contents (file, bytes->str, (gssize) bytes->len, NULL));
  g_string_free (bytes, TRUE);
  r = dmk_result_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->tests->len, ==, 4);
  g_unlink (file);
  g_rmdir (dir);
}

static DmkResult *
load_bytes (const char *bytes, gsize len, GError **error)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "pasted.txt", NULL);
  DmkResult *r;

  g_assert_true (g_file_set_contents (file, bytes, (gssize) len, NULL));
  r = dmk_result_load (file, error);
  g_unlink (file);
  g_rmdir (dir);
  return r;
}

/* Issue 23 item 12: errors that say what the file looks like. A CrystalDiskMark paste without
 * its first line got a JSON error; an indented KDiskMark paste "has no test results"; UTF-16BE
 * and UTF-16LE without a byte-order mark were "not text". */
static void
test_what_it_looks_like (void)
{
  g_autofree char *path = sample ("cdm8-peak.txt");
  g_autofree char *kpath = sample ("kdiskmark-3.0.0.txt");
  g_autofree char *text = NULL, *ktext = NULL, *indented = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) bol = g_regex_new ("^", G_REGEX_MULTILINE, 0, NULL);
  const char *cut;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  cut = strstr (text, "[Read]");
  g_assert_null (load_bytes (cut, strlen (cut), &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“pasted.txt” cannot be compared: it looks like a "
                                            "CrystalDiskMark or KDiskMark result without its "
                                            "first line"));
  g_clear_error (&error);

  g_assert_true (g_file_get_contents (kpath, &ktext, NULL, NULL));
  indented = g_regex_replace_literal (bol, ktext, -1, 0, "    ", 0, NULL);
  {
    g_autoptr (DmkResult) r = load_bytes (indented, strlen (indented), &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r->tests->len, ==, 8);
  }
  for (guint k = 0; k < 3; k++)
    {
      /* UTF-16BE with its mark, UTF-16LE and UTF-16BE without one. */
      const char *enc = k == 1 ? "UTF-16LE" : "UTF-16BE";
      gsize n16 = 0;
      g_autofree char *utf16 = g_convert (text, (gssize) len, enc, "UTF-8", NULL, &n16, NULL);
      GString *bytes = g_string_new (NULL);
      g_autoptr (DmkResult) r = NULL;

      if (k == 0)
        g_string_append_len (bytes, "\xfe\xff", 2);
      g_string_append_len (bytes, utf16, (gssize) n16);
      r = load_bytes (bytes->str, bytes->len, &error);
      g_string_free (bytes, TRUE);
      g_assert_no_error (error);
      g_assert_cmpuint (r->tests->len, ==, 4);
      g_assert_cmpstr (r->tool_version, ==, "8.0.4 x64");
    }
}

/* ---- GDiskMark's own text and CSV (issue 47, item 8) ---- */

/* a and b as the report and the CSV print them (MB/s to 3 decimals, IOPS to 1, µs to 2). */
static void
assert_printed (double a, double b, DmkUnit unit)
{
  g_autofree char *x = dmk_format_report_value (a, unit), *y = dmk_format_report_value (b, unit);

  g_assert_cmpstr (x, ==, y);
}

/* Every test of json in back, in order, with every number the file printed. */
static void
assert_same_tests (DmkResult *json, DmkResult *back, gboolean csv)
{
  g_assert_cmpuint (back->tests->len, ==, json->tests->len);
  for (guint i = 0; i < json->tests->len; i++)
    {
      DmkTestResult *a = json->tests->pdata[i], *b = back->tests->pdata[i];
      const double *la = (const double *) &a->latency_us, *lb = (const double *) &b->latency_us;

      g_assert_true (dmk_test_spec_equal (&a->spec, &b->spec));
      g_assert_cmpint (a->direction, ==, b->direction);
      assert_printed (a->mb_per_s, b->mb_per_s, DMK_UNIT_MB_S);
      assert_printed (a->iops, b->iops, DMK_UNIT_IOPS);
      /* The text has the mean; the CSV every percentile too. */
      for (guint k = 0; k < (csv ? 6u : 1u); k++)
        assert_printed (la[k], lb[k], DMK_UNIT_US);
      if (csv)
        continue;
      g_assert_cmpstr (a->engine, ==, b->engine);
      g_assert_cmpint (a->stability, ==, b->stability);
      g_assert_cmpuint (a->passes_asked, ==, b->passes_asked);
      /* A re-read's two passes are in the text, and nothing else's. */
      g_assert_cmpuint (b->passes->len, ==, json->settings.reread ? a->passes->len : 0);
      for (guint k = 0; k < b->passes->len; k++)
        assert_printed (g_array_index (a->passes, DmkPass, k).mb_per_s,
                        g_array_index (b->passes, DmkPass, k).mb_per_s, DMK_UNIT_MB_S);
    }
}

/* What the text states of the run, as the JSON has it. */
static void
assert_same_facts (DmkResult *a, DmkResult *b)
{
  const DmkSettings *x = &a->settings, *y = &b->settings;
  g_autoptr (GDateTime) da = g_date_time_new_from_iso8601 (a->date, NULL);
  g_autoptr (GDateTime) db = g_date_time_new_from_iso8601 (b->date, NULL);
  g_autofree char *wa = g_date_time_format (da, "%F %T"), *wb = g_date_time_format (db, "%F %T");
  const char *const strings[][2] = {
    { a->tool_name, b->tool_name }, { a->tool_version, b->tool_version }, { a->engine, b->engine },
    { x->profile, y->profile },     { a->target.path, b->target.path },   { a->os, b->os },
    { a->target.filesystem, b->target.filesystem }, { a->target.model, b->target.model },
    { a->comment, b->comment },
  };
  const guint64 counts[][2] = {
    { x->passes, y->passes },     { x->size_bytes, y->size_bytes }, { x->measure_s, y->measure_s },
    { x->interval_s, y->interval_s }, { dmk_settings_warmup_s (x), dmk_settings_warmup_s (y) },
    { x->mix_read_percent, y->mix_read_percent }, { a->verify.checked, b->verify.checked },
  };

  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    g_assert_cmpstr (strings[i][1], ==, strings[i][0]);
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    g_assert_cmpuint (counts[i][1], ==, counts[i][0]);
  g_assert_true (y->engine == x->engine && y->mode == x->mode && b->target.kind == a->target.kind);
  g_assert_true (y->data == x->data && !y->direct == !x->direct && !y->poll == !x->poll);
  g_assert_true (!y->verify == !x->verify && !y->until_stable == !x->until_stable);
  g_assert_true (y->score == x->score && !y->reread == !x->reread);
  /* Printed to the GiB (a folder's usage, "20% (19/252GiB)") or as dmk_format_size () does. */
  g_assert_cmpfloat (fabs ((double) b->target.size_bytes - (double) a->target.size_bytes), <=,
                     a->target.size_bytes / 20.0);
  g_assert_cmpstr (wb, ==, wa); /* the time the run had where it ran, as printed */
  g_assert_cmpuint (b->warnings->len, ==, a->warnings->len);
  for (guint i = 0; i < a->warnings->len; i++)
    g_assert_cmpstr (b->warnings->pdata[i], ==, a->warnings->pdata[i]);
}

/* printed (a text or a CSV of today's writer) read back prints the same again, but what a result
 * read from it cannot have: the spread lines (the text has no passes) and the CSV's columns. */
static void
assert_reprinted (const char *printed, gboolean csv)
{
  g_autoptr (GRegex) spread = g_regex_new (csv ? ",[^,]*,[^,]*,[^,]*,[^,]*,[^,]*\\r$"
                                               : "^  Spread .*\\n",
                                           G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = load_bytes (printed, strlen (printed), &error);
  g_autofree char *again = NULL, *a = NULL, *b = NULL;

  g_assert_no_error (error);
  again = csv ? dmk_result_to_csv (r) : dmk_result_to_text (r);
  a = g_regex_replace_literal (spread, printed, -1, 0, "", 0, NULL);
  b = g_regex_replace_literal (spread, again, -1, 0, "", 0, NULL);
  g_assert_cmpstr (b, ==, a);
}

/* A real run each (tests/imports/SOURCES), saved as JSON, text and CSV by gdiskmark-cli history
 * show: the text and the CSV read back to the JSON's numbers. And what today's writers make of
 * the JSON reads back to what they print again, line by line. */
static void
test_own_text_csv (void)
{
  static const char *const runs[] = { "gdiskmark-0.1.0-folder", "gdiskmark-0.1.0-loop-reread" };

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *jname = g_strconcat (runs[i], ".json", NULL);
      g_autofree char *tname = g_strconcat (runs[i], ".txt", NULL), *cname = NULL;
      g_autoptr (DmkResult) json = load (jname), text = load (tname),
                            csv = load (cname = g_strconcat (runs[i], ".csv", NULL));
      g_autofree char *t1 = dmk_result_to_text (json), *c1 = dmk_result_to_csv (json);
      g_autofree char *label = NULL;

      g_test_message ("%s: %u tests", runs[i], json->tests->len);
      assert_same_tests (json, text, FALSE);
      assert_same_facts (json, text);
      assert_same_tests (json, csv, TRUE);
      /* The CSV tells the score's rule and the passes by its numbers, and nothing else. */
      g_assert_cmpint (csv->settings.score, ==, json->settings.score);
      g_assert_true (!csv->settings.until_stable == !json->settings.until_stable);
      g_assert_cmpuint (csv->settings.passes, ==, json->settings.passes);
      g_assert_nonnull (strstr (dmk_result_tool_label (csv, &label), "CSV"));
      for (guint k = 0; k < csv->warnings->len; k++)
        g_assert_true (dmk_warning_names_test (csv->warnings->pdata[k], &(DmkTestSpec) { 0 },
                                               &(DmkDirection) { 0 }));
      assert_reprinted (t1, FALSE);
      assert_reprinted (c1, TRUE);
    }
}

/* Saved again by a spreadsheet: names quoted, LF line ends, a BOM. */
static void
test_own_csv_resaved (void)
{
  g_autofree char *path = sample ("gdiskmark-0.1.0-folder.csv"), *text = NULL, *resaved = NULL;
  g_autoptr (GRegex) row = g_regex_new ("^([A-Z]{3}[0-9]+[KM]? Q[0-9]+T[0-9]+)(,.*)\\r$",
                                        G_REGEX_MULTILINE, 0, NULL);
  g_autoptr (DmkResult) json = load ("gdiskmark-0.1.0-folder.json"), r = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  resaved = g_regex_replace (row, text, -1, 0, "\"\\1\"\\2", 0, NULL);
  g_free (text);
  text = g_strconcat ("\xef\xbb\xbf", resaved, NULL);
  r = load_bytes (text, strlen (text), &error);
  g_assert_no_error (error);
  assert_same_tests (json, r, TRUE);
}

/* Through the CLI, as issue 47 met it: compare the text and the CSV with the JSON, and import
 * the text into a history of its own. */
static void
test_own_cli (void)
{
  g_autofree char *txt = sample ("gdiskmark-0.1.0-folder.txt");
  g_autofree char *json = sample ("gdiskmark-0.1.0-folder.json");
  g_autofree char *csv = sample ("gdiskmark-0.1.0-folder.csv");
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-XXXXXX", NULL);
  g_autofree char *store = g_build_filename (dir, "history.sqlite", NULL);
  g_auto (GStrv) env = g_environ_setenv (g_environ_setenv (g_get_environ (), "GDISKMARK_HISTORY",
                                                             store, TRUE),
                                          "LC_ALL", "C.UTF-8", TRUE);
  const char *cli = g_getenv ("GDISKMARK_CLI");
  const char *compare[] = { cli, "compare", txt, json, csv, NULL };
  const char *import[] = { cli, "history", "import", txt, csv, NULL };
  const char *const *argv[] = { compare, import };
  const char *says[] = { "[3] GDiskMark’s CSV", "Imported 2 runs" };

  if (cli == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (argv); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv[i], env, 0, NULL, NULL, &out, &err,
                                   &status, NULL));
      g_test_message ("%s%s", out, err);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (out, says[i]));
    }
  g_unlink (store);
  g_rmdir (dir);
}

typedef struct
{
  const char *text;
  const char *says;
} Hostile;

static void
test_hostile (void)
{
  static const Hostile bad[] = {
    /* CrystalDiskMark's text */
    { "CrystalDiskMark 2.2.0 (C) 2007-2008 hiyohiyo\n[Read]\n", "versions 3 to 9" },
    { "CrystalDiskMark 5.2.1 x64 (C) 2007-2017 hiyohiyo\n[Read]\n", "no test results" },
    { "CrystalDiskMark 8.0.4 x64\n\n", "no test results" },
    { "CrystalDiskMark 8.0.4 x64\n[Read]\n  SEQ    1MiB (Q=  8, T= 1):   99999999999 MB/s\n",
      "is not a result it can read" },
    { "CrystalDiskMark 8.0.4 x64\n[Read]\n  SEQ    1MiB (Q=99999, T= 1):   5 MB/s\n",
      "is not a result it can read" },
    { "CrystalDiskMark 8.0.4 x64\n[Read]\n  RND    0KiB (Q=  1, T= 1):   5 MB/s\n",
      "is not a result it can read" },
    { "CrystalDiskMark 8.0.4 x64\n[Read]\n  SEQ 999999MiB (Q=  1, T= 1):   5 MB/s\n",
      "is not a result it can read" },
    { "CrystalDiskMark 8.0.4 x64\n[Read]\n  SEQ    1MiB (Q=  1, T= 1):   1.2.3 MB/s\n",
      "is not a result it can read" },
    { "CrystalDiskMark 8.0.4 x64\n[Read]\n  SEQ    1MiB (Q=  1, T= 1):   nan MB/s\n",
      "no test results" },
    { "CrystalDiskMark 8.0.4 x64\n  SEQ    1MiB (Q=  1, T= 1):   5 MB/s\n", "no test results" },
    /* KDiskMark's */
    { "KDiskMark (3.0.0): x\n[Write]\nSequential 1 MiB (Q=  1, T= 0):   5 MB/s\n",
      "is not a result it can read" },
    { "KDiskMark: x\n", "no test results" },
    /* GDiskMark's own text */
    { "GDiskMark 0.1.0 (C) 2026\n[Read]\n  SEQ  999MiB (Q=  8, T= 1):  5.000 MB/s [  1.0 IOPS] <"
      "  1.00 us>\n", "is not a result it can read" },
    { "GDiskMark 0.1.0 (C) 2026\n\n", "no test results" },
    { "GDiskMark 0.1.0 (C) 2026\n\n[Sustained Write] SEQ1M Q1T1 through 1 GiB\n",
      "text of a scan (Sustained Write)" },
    /* its CSVs */
    { "test,direction,block_size,queue_depth,threads,mb_per_s,iops\r\n"
      "SEQ1M Q8T1,read,4096,8,1,5,5\r\n", "row 2: its test’s name and its block_size" },
    { "test,direction,block_size,queue_depth,threads,mb_per_s,iops\r\n"
      "SEQ1M Q8T1,sideways,1048576,8,1,5,5\r\n", "row 2: its direction is not" },
    { "test,direction,block_size,queue_depth,threads,mb_per_s,iops\r\n"
      "SEQ1M Q8T1,read,1048576,8,1,lots,5\r\n", "row 2: its mb_per_s or iops" },
    { "test,direction,\"/home (x) [MB/s]\"\r\nSEQ1M Q1T1,read,5\r\n", "CSV of a comparison" },
    { "\"test\";\"direction\";\"block_size\"\r\n", "with “;” between the fields" },
    { "entry,drive,model,serial,date,kind\r\n", "history as CSV" },
    { "block_size,block_bytes,read_mb_per_s,read_iops\r\n", "CSV of a block-size sweep" },
    { "operation,file_bytes,record_bytes,mb_per_s\r\n", "iozone sweep as CSV" },
    /* fio's JSON */
    { "{\"fio version\": \"fio-3.33\"}", "no “jobs”" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": {}}", "no “jobs”" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": []}", "no test results" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"read\", \"bs\": "
      "\"4k-64k\"}, \"read\": {\"bw_bytes\": 1, \"iops\": 1}}]}",
      "job 1: “bs=4k-64k” is not a block size it can read" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"read\", "
      "\"iodepth\": \"0\"}, \"read\": {\"bw_bytes\": 1}}]}",
      "job 1: “iodepth=0” is not a count it can read" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"read\", \"bs\": "
      "\"1000\"}, \"read\": {\"bw_bytes\": 1}}]}",
      "job 1 is not a test GDiskMark can show" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"read\"}, "
      "\"read\": {\"bw_bytes\": -5, \"iops\": 1}}]}",
      "job 1 has no numbers it can read" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"randrw\"}, "
      "\"read\": {\"bw_bytes\": 5, \"iops\": 1}}]}",
      "job 1 has no numbers it can read" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"read\"}, "
      "\"read\": {\"bw_bytes\": \"lots\"}}]}",
      "job 1 has no numbers it can read" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"trim\"}}]}",
      "no test results" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"job options\": {\"rw\": \"read\"}, "
      "\"read\": {\"bw_bytes\": 1e400}}]}",
      "" },
  };
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "bad-result", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkResult) r = NULL;

      g_assert_true (g_file_set_contents (file, bad[i].text, -1, NULL));
      r = dmk_result_load (file, &error);
      g_test_message ("%s → %s", bad[i].text, error != NULL ? error->message : "(loaded)");
      g_assert_null (r);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "bad-result"));
      g_assert_nonnull (strstr (error->message, bad[i].says));
    }
  /* A header and then binary: refused, not read. */
  {
    static const char junk[] = "CrystalDiskMark 8.0.4 x64\n\0\x01\x02\xff\xfe";
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkResult) r = NULL;

    g_assert_true (g_file_set_contents (file, junk, sizeof junk, NULL));
    r = dmk_result_load (file, &error);
    g_assert_null (r);
    g_assert_nonnull (strstr (error->message, "not text"));
  }
  /* Thousands of result lines: read in one pass, no more than one row each. */
  {
    GString *big = g_string_new ("CrystalDiskMark 8.0.4 x64\n[Read]\n");
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkResult) r = NULL;

    for (guint i = 0; i < 5000; i++)
      g_string_append (big, "  RND    4KiB (Q=  1, T= 1):    41.036 MB/s [  10018.6 IOPS]\n");
    g_assert_true (g_file_set_contents (file, big->str, (gssize) big->len, NULL));
    g_string_free (big, TRUE);
    r = dmk_result_load (file, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r->tests->len, ==, 1);
  }
  g_unlink (file);
  g_rmdir (dir);
}

/* Every other tool's file there is (and our own text and CSV, which tell no date), opened and
 * saved as a GDiskMark result (the window's Save), opens again as the same result: its tests, numbers, tool and comment. A saved CrystalDiskMark
 * result names CrystalDiskMark as its tool, and was once taken for its text and refused. */
static void
test_saved_imports_open_again (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "imports", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("dmk-import-saved-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (tmp, "saved.json", NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkResult) r = NULL, again = NULL;

      if (!g_str_has_suffix (name, ".txt") && !g_str_has_suffix (name, ".json") &&
          !g_str_has_suffix (name, ".csv"))
        continue;
      r = dmk_result_load (path, &error);
      if (r == NULL)
        {
          /* Files kept to be refused (a headless text, say) are the other tests' business. */
          g_test_message ("%s: not a result (%s)", name, error->message);
          continue;
        }
      g_free (r->comment);
      r->comment = g_strdup ("saved again");
      g_assert_true (dmk_result_save (r, saved, &error));
      g_assert_no_error (error);
      again = dmk_result_load (saved, &error);
      g_test_message ("%s: %u tests, tool %s", name, r->tests->len, r->tool_name);
      g_assert_no_error (error);
      g_assert_cmpuint (again->tests->len, ==, r->tests->len);
      g_assert_cmpstr (again->tool_name, ==, r->tool_name);
      g_assert_cmpstr (again->comment, ==, "saved again");
      for (guint i = 0; i < r->tests->len; i++)
        g_assert_cmpfloat (((DmkTestResult *) again->tests->pdata[i])->mb_per_s, ==,
                           ((DmkTestResult *) r->tests->pdata[i])->mb_per_s);
      n++;
    }
  g_assert_cmpuint (n, >=, 15);
  g_unlink (saved);
  g_rmdir (tmp);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/import/crystaldiskmark", test_crystaldiskmark);
  g_test_add_func ("/import/kdiskmark", test_kdiskmark);
  g_test_add_func ("/import/text-metadata", test_text_metadata);
  g_test_add_func ("/import/kdiskmark-versions", test_kdiskmark_versions);
  g_test_add_func ("/import/comparison", test_comparison);
  g_test_add_func ("/import/utf16", test_utf16);
  g_test_add_func ("/import/what-it-looks-like", test_what_it_looks_like);
  g_test_add_func ("/import/own-text-csv", test_own_text_csv);
  g_test_add_func ("/import/own-csv-resaved", test_own_csv_resaved);
  g_test_add_func ("/import/own-cli", test_own_cli);
  g_test_add_func ("/import/hostile", test_hostile);
  g_test_add_func ("/import/saved-imports-open-again", test_saved_imports_open_again);
  return g_test_run ();
}
