/* test-compare.c: comparison tables (text and CSV golden files) and hostile result files. */
#include "config.h"

#include <glib/gstdio.h>

#include "dmk-compare.h"
#include "dmk-core.h"

static DmkResult *
make_result (const char *path, const char *model, const char *profile, double scale,
             const char *date)
{
  DmkResult *r = dmk_result_new ();
  g_autoptr (GArray) specs = NULL;

  g_free (r->date);
  r->date = g_strdup (date);
  r->target.path = g_strdup (path);
  r->target.model = g_strdup (model);
  g_free (r->settings.profile);
  r->settings.profile = g_strdup (profile);
  g_assert_true (dmk_profile_lookup (profile, &specs, NULL));
  for (guint d = 0; d < 2; d++)
    for (guint i = 0; i < specs->len; i++)
      {
        DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, i);
        DmkTestResult *t = dmk_test_result_new (spec, d ? DMK_DIRECTION_WRITE : DMK_DIRECTION_READ);
        DmkPass p = { 0 };

        p.iops = scale * 1000.0 * (i + 1) / (d + 1);
        p.seconds = 5.0;
        p.bytes = (guint64) (p.iops * p.seconds) * spec->block_size;
        p.mb_per_s = (double) p.bytes / p.seconds / 1e6;
        dmk_test_result_add_pass_series (t, &p, NULL, NULL);
        t->latency_us.mean = 1e6 / p.iops * spec->queue_depth;
        g_ptr_array_add (r->tests, t);
      }
  return r;
}

static GPtrArray *
three_results (void)
{
  GPtrArray *results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);

  g_ptr_array_add (results, make_result ("/home", "Old HDD", "classic", 1.0,
                                         "2026-11-01T10:00:00Z"));
  g_ptr_array_add (results, make_result ("/mnt/ssd", "New SSD, 1TB", "classic", 4.0,
                                         "2026-11-02T10:00:00Z"));
  g_ptr_array_add (results, make_result ("/mnt/nvme", "NVMe \"Pro\"", "default", 9.0,
                                         "2026-11-03T10:00:00Z"));
  return results;
}

static void
compare_golden (const char *text, const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "golden", name, NULL);
  g_autofree char *expected = NULL;

  if (g_getenv ("GDISKMARK_UPDATE_GOLDEN") != NULL)
    {
      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      return;
    }
  g_assert_true (g_file_get_contents (path, &expected, NULL, NULL));
  g_assert_cmpstr (text, ==, expected);
}

static void
test_table (void)
{
  g_autoptr (GPtrArray) results = three_results ();
  g_autoptr (DmkComparison) cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  g_autofree char *text = dmk_comparison_to_text (cmp);
  g_autofree char *csv = dmk_comparison_to_csv (cmp);
  double pct = 0;

  /* classic ∪ default: SEQ1M Q1T1, RND512K, RND4K Q1T1, RND4K Q32T1, SEQ1M Q8T1; × 2. */
  g_assert_cmpuint (cmp->rows->len, ==, 10);
  /* RND512K is missing from the default profile's result. */
  g_assert_null (dmk_comparison_get (cmp, 1, 2));
  g_assert_nonnull (dmk_comparison_get (cmp, 1, 1));
  g_assert_cmpint (dmk_comparison_best_column (cmp, 0), ==, 2);
  g_assert_cmpint (dmk_comparison_best_column (cmp, 1), ==, 1);
  g_assert_true (dmk_comparison_delta (cmp, 0, 1, &pct));
  g_assert_cmpfloat_with_epsilon (pct, 300.0, 0.01);
  g_assert_false (dmk_comparison_delta (cmp, 1, 2, &pct));
  compare_golden (text, "compare.txt");
  compare_golden (csv, "compare.csv");
}

static void
test_latency_best_is_lowest (void)
{
  g_autoptr (GPtrArray) results = three_results ();
  g_autoptr (DmkComparison) cmp = dmk_comparison_new (results, DMK_UNIT_US, 2);

  g_assert_cmpint (dmk_comparison_best_column (cmp, 0), ==, 2);
  g_assert_cmpuint (cmp->baseline, ==, 2);
}

/* A result with a warning (here tmpfs) is fastest, but the ★ goes to the fastest clean one, and
 * to it only when every result is flagged. */
static void
test_flagged_not_best (void)
{
  g_autoptr (GPtrArray) results = three_results ();
  DmkResult *nvme = g_ptr_array_index (results, 2);

  g_ptr_array_add (nvme->warnings, g_strdup ("“/mnt/nvme” is on tmpfs"));
  {
    g_autoptr (DmkComparison) cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
    for (guint row = 0; row < cmp->rows->len; row++)
      {
        gboolean clean_has = dmk_comparison_get (cmp, row, 0) || dmk_comparison_get (cmp, row, 1);
        int best = dmk_comparison_best_column (cmp, row);

        g_assert_cmpint (best, !=, 2);
        if (clean_has && dmk_comparison_get (cmp, row, 2) != NULL)
          g_assert_cmpint (best, >=, 0);
      }
  }
  for (guint c = 0; c < 2; c++)
    g_ptr_array_add (((DmkResult *) g_ptr_array_index (results, c))->warnings,
                     g_strdup ("buffered"));
  {
    g_autoptr (DmkComparison) cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
    g_assert_cmpint (dmk_comparison_best_column (cmp, 0), ==, 2);
  }
}

static int
row_of (DmkComparison *cmp, const char *test, DmkDirection dir)
{
  DmkTestSpec spec;

  g_assert_true (dmk_test_spec_parse (test, &spec, NULL));
  for (guint r = 0; r < cmp->rows->len; r++)
    {
      DmkCompareRow *row = &g_array_index (cmp->rows, DmkCompareRow, r);
      if (row->direction == dir && dmk_test_spec_equal (&row->spec, &spec))
        return (int) r;
    }
  g_assert_not_reached ();
}

/* Issue 23 item 15: two of our results, each with a warning about one test, and another tool's
 * slower one without warnings. The ★ went to the slowest column in every row, as if each
 * warning concerned the whole result; it concerns only its row. */
static void
test_row_warnings (void)
{
  g_autoptr (GPtrArray) results = three_results ();
  DmkResult *ssd = g_ptr_array_index (results, 1), *nvme = g_ptr_array_index (results, 2);
  g_autoptr (DmkComparison) cmp = NULL;
  g_autofree char *text = NULL;
  int rnd_read, seq_write;

  g_ptr_array_add (nvme->warnings,
                   g_strdup ("RND4K Q1T1 Read: 12388 IOPS one at a time is more than a rotating "
                             "disk can seek (a few hundred), and this disk says it rotates: a "
                             "cache answered, or the disk is not what it says (virtual disks "
                             "often claim to rotate)."));
  g_ptr_array_add (ssd->warnings,
                   g_strdup ("SEQ1M Q1T1 Write: 3200.0 MB/s is more than the USB 3.0 (5 Gb/s) "
                             "link can carry (500 MB/s): a cache answered, not the drive."));
  cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  rnd_read = row_of (cmp, "RND4K Q1T1", DMK_DIRECTION_READ);
  seq_write = row_of (cmp, "SEQ1M Q1T1", DMK_DIRECTION_WRITE);
  for (guint row = 0; row < cmp->rows->len; row++)
    {
      int best = dmk_comparison_best_column (cmp, row);

      g_assert_cmpint (best, !=, 0); /* the slowest: never for a warning elsewhere */
      g_assert_true (dmk_comparison_flagged (cmp, row, 2) == ((int) row == rnd_read));
      g_assert_true (dmk_comparison_flagged (cmp, row, 1) == ((int) row == seq_write));
      if ((int) row == rnd_read)
        g_assert_cmpint (best, ==, 1);
      else if (dmk_comparison_get (cmp, row, 2) != NULL && dmk_comparison_get (cmp, row, 0) != NULL)
        g_assert_cmpint (best, ==, 2);
    }
  /* The text marks the value left out and says why. */
  text = dmk_comparison_to_text (cmp);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "! not ranked: that result has a warning about the test"));
  g_assert_nonnull (strstr (text, "147.46 ! (+1100.0%)"));
  /* The CSV says the same in two columns: the ★'s and the ones left out. */
  {
    g_autofree char *csv = dmk_comparison_to_csv (cmp);
    g_test_message ("%s", csv);
    g_assert_nonnull (strstr (csv, ",best,not ranked (a warning about the test),within noise\r\n"));
    g_assert_nonnull (strstr (csv, "\r\nRND4K Q1T1,read,12.29,49.15,147.46,300.0,1100.0,2,3,\r\n"));
    g_assert_nonnull (strstr (csv, "\r\nSEQ1M Q1T1,write,524.29,2097.15,9437.18,300.0,1700.0,3,2,\r\n"));
  }
}

/* Issue 23 item 6: what a tool did not measure (CrystalDiskMark 6's latency, fio's under
 * gtod_reduce, a test it never ran: 0.000) is "—" and never ranked, not 0 ranked best. */
static void
test_missing_values (void)
{
  g_autoptr (GPtrArray) results = three_results ();
  DmkResult *hdd = g_ptr_array_index (results, 0);
  g_autoptr (DmkComparison) lat = NULL, mb = NULL;
  g_autofree char *text = NULL, *csv = NULL;
  double v, pct;

  for (guint i = 0; i < hdd->tests->len; i++)
    ((DmkTestResult *) g_ptr_array_index (hdd->tests, i))->latency_us.mean = 0;
  ((DmkTestResult *) g_ptr_array_index (hdd->tests, 0))->mb_per_s = 0;
  lat = dmk_comparison_new (results, DMK_UNIT_US, 1);
  for (guint row = 0; row < lat->rows->len; row++)
    {
      g_assert_false (dmk_comparison_value (lat, row, 0, &v));
      g_assert_cmpint (dmk_comparison_best_column (lat, row), !=, 0);
      g_assert_false (dmk_comparison_delta (lat, row, 0, &pct));
    }
  text = dmk_comparison_to_text (lat);
  g_test_message ("%s", text);
  g_assert_null (strstr (text, "0.00 *"));
  g_assert_null (strstr (text, "-100.0%"));
  /* SEQ1M Q1T1 Read at 0.000 MB/s: "—" in the text, empty in the CSV, the ★ elsewhere. */
  mb = dmk_comparison_new (results, DMK_UNIT_MB_S, 1);
  g_assert_false (dmk_comparison_value (mb, 0, 0, &v));
  g_assert_cmpint (dmk_comparison_best_column (mb, 0), ==, 2);
  csv = dmk_comparison_to_csv (mb);
  g_assert_nonnull (strstr (csv, "\r\nSEQ1M Q1T1,read,,4194.30,"));
}

static void
test_single_csv (void)
{
  g_autoptr (DmkResult) r = make_result ("/home", "Old HDD", "classic", 1.0,
                                         "2026-11-01T10:00:00Z");
  g_autofree char *csv = dmk_result_to_csv (r);

  compare_golden (csv, "result.csv");
}

static void
expect_parse_error (const char *json, gssize len, const char *needle)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_from_json (json, len, &error);

  g_assert_null (r);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
  g_test_message ("%s", error->message);
  if (needle != NULL)
    g_assert_nonnull (strstr (error->message, needle));
}

static void
test_hostile (void)
{
  g_autoptr (DmkResult) r = make_result ("/home", "Old HDD", "classic", 1.0,
                                         "2026-11-01T10:00:00Z");
  g_autofree char *json = dmk_result_to_json (r);
  gsize nest = 10 * 1000 * 1000;
  g_autofree char *deep = g_malloc (nest + 1);

  /* Nesting 10 MB deep: json-glib alone would overflow its stack. */
  memset (deep, '[', nest);
  deep[nest] = '\0';
  expect_parse_error (deep, (gssize) nest, "nested");
  memset (deep, '{', 20);
  memcpy (deep + 20, "\"schema\":", 9);
  expect_parse_error (deep, 29 + 10000, "nested");

  expect_parse_error ("", 0, NULL);
  expect_parse_error ("[]", -1, "not a GDiskMark result");
  expect_parse_error ("{\"schema\": 3}", -1, "not a GDiskMark result");
  expect_parse_error ("{\"schema\": \"gdiskmark-result/7\"}", -1, "newer");
  expect_parse_error ("{\"schema\": \"gdiskmark-result/1\"}", -1, "missing key “tool”");
  expect_parse_error ("{\"schema\": \"gdiskmark-result/1\", \"x\": NaN}", -1, NULL);

  {
    struct
    {
      const char *from, *to, *needle;
    } edits[] = {
      { "\"mb_per_s\" : ", "\"mb_per_s\" : 1e999999, \"x\" : ", "mb_per_s" },
      { "\"iops\" : ", "\"iops\" : -1, \"x\" : ", "iops" },
      { "\"bytes\" : ", "\"bytes\" : 99999999999999999999999, \"x\" : ", NULL },
      { "\"threads\" : 1", "\"threads\" : 1.5", "threads" },
      { "\"results\" : [", "\"results\" : [7,", "results[0]" },
      { "\"warnings\" : [", "\"warnings\" : [{}", "warnings[0]" },
      { "\"comment\" : \"\"", "\"comment\" : null", "comment" },
      { "\"date\" : \"2026-11-01T10:00:00Z\"", "\"date\" : \"yesterday\"", "date" },
      { "\"tool\" : {", "\"tool\" : [], \"y\" : {", "tool" },
      { "\"latency_us\" : {", "\"latency_us\" : {\"mean\":\"fast\"},\"z\":{", "mean" },
    };
    for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
      {
        g_autoptr (GString) s = g_string_new (json);
        g_assert_cmpuint (g_string_replace (s, edits[i].from, edits[i].to, 1), ==, 1);
        expect_parse_error (s->str, -1, edits[i].needle);
      }
  }
  /* Every key removed in turn. */
  {
    const char *keys[] = { "\"tool\"", "\"date\"", "\"target\"", "\"settings\"", "\"results\"",
                           "\"warnings\"", "\"comment\"", "\"path\"", "\"passes\"",
                           "\"latency_us\"" };
    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      {
        g_autoptr (GString) s = g_string_new (json);
        g_autofree char *renamed = g_strdup_printf ("\"_%s", keys[i] + 1);
        g_assert_cmpuint (g_string_replace (s, keys[i], renamed, 1), ==, 1);
        expect_parse_error (s->str, -1, "missing key");
      }
  }
  /* Truncated at every 97th byte. */
  for (gsize len = 0; len < strlen (json); len += 97)
    expect_parse_error (json, (gssize) len, NULL);
}

static void
test_save_load_save (void)
{
  g_autoptr (GPtrArray) results = three_results ();
  g_autofree char *dir = g_dir_make_tmp ("dmk-cmp-XXXXXX", NULL);

  for (guint i = 0; i < results->len; i++)
    {
      g_autofree char *a = g_build_filename (dir, "a.json", NULL);
      g_autofree char *b = g_build_filename (dir, "b.json", NULL);
      g_autofree char *ca = NULL, *cb = NULL;
      g_autoptr (DmkResult) loaded = NULL;
      g_autoptr (GError) error = NULL;

      g_assert_true (dmk_result_save (g_ptr_array_index (results, i), a, &error));
      loaded = dmk_result_load (a, &error);
      g_assert_no_error (error);
      g_assert_true (dmk_result_save (loaded, b, &error));
      g_assert_true (g_file_get_contents (a, &ca, NULL, NULL));
      g_assert_true (g_file_get_contents (b, &cb, NULL, NULL));
      /* Byte for byte. */
      g_assert_cmpstr (ca, ==, cb);
      g_unlink (a);
      g_unlink (b);
    }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare/table", test_table);
  g_test_add_func ("/compare/latency", test_latency_best_is_lowest);
  g_test_add_func ("/compare/flagged", test_flagged_not_best);
  g_test_add_func ("/compare/row-warnings", test_row_warnings);
  g_test_add_func ("/compare/missing-values", test_missing_values);
  g_test_add_func ("/compare/single-csv", test_single_csv);
  g_test_add_func ("/compare/hostile", test_hostile);
  g_test_add_func ("/compare/save-load-save", test_save_load_save);
  return g_test_run ();
}
