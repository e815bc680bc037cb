/* test-spread.c: a test's spread over its passes (min / median / max, RSD) in the model, the text
 * report, JSON, CSV, the comparison and the warnings; a real run that carries it; the score's
 * rule (best pass, or the median) in the model, a run and the CLI. "Until stable" and steady
 * state are in test-spread-stable.c. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-plausible.h"
#include "dmk-test-loop.h"
#include "dmk-test-spread.h"

static DmkResult *
make_result (const double *rates, guint n)
{
  DmkResult *r = dmk_result_new ();

  g_free (r->date);
  r->date = g_strdup ("2026-12-02T10:00:00Z");
  r->target.path = g_strdup ("/mnt/x");
  r->settings.passes = n;
  g_ptr_array_add (r->tests, make_test ("SEQ1M Q8T1", DMK_DIRECTION_READ, rates, n));
  g_ptr_array_add (r->tests, make_test ("RND4K Q1T1", DMK_DIRECTION_WRITE, rates, n));
  return r;
}

/* The textbook numbers, worked out here from the rates rather than by the code under test. */
static void
expect_spread (const double *rates, guint n, double *min, double *median, double *max,
               double *rsd)
{
  g_autofree double *sorted = g_memdup2 (rates, n * sizeof (double));
  double mean = 0, ss = 0;

  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (sorted[j] < sorted[i])
        {
          double x = sorted[i];
          sorted[i] = sorted[j];
          sorted[j] = x;
        }
  for (guint i = 0; i < n; i++)
    mean += rates[i] / n;
  for (guint i = 0; i < n; i++)
    ss += (rates[i] - mean) * (rates[i] - mean);
  *min = sorted[0];
  *max = sorted[n - 1];
  *median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  *rsd = n > 1 ? sqrt (ss / (n - 1)) / mean * 100 : 0;
}

static void
test_model (void)
{
  const double odd[] = { 412.0, 498.5, 455.25, 301.0, 470.0 };
  const double even[] = { 100.0, 104.0, 98.0, 101.0 };
  const double *sets[] = { odd, even };
  const guint lens[] = { G_N_ELEMENTS (odd), G_N_ELEMENTS (even) };

  for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
    {
      g_autoptr (DmkTestResult) t = make_test ("SEQ1M Q8T1", DMK_DIRECTION_READ, sets[k], lens[k]);
      double min, median, max, rsd;
      DmkSpread s;

      expect_spread (sets[k], lens[k], &min, &median, &max, &rsd);
      g_assert_true (dmk_test_result_spread (t, &s));
      g_assert_cmpuint (s.n, ==, lens[k]);
      g_assert_cmpfloat_with_epsilon (s.min, min, 1e-9);
      g_assert_cmpfloat_with_epsilon (s.median, median, 1e-9);
      g_assert_cmpfloat_with_epsilon (s.max, max, 1e-9);
      g_assert_cmpfloat_with_epsilon (s.rsd_percent, rsd, 1e-9);
      /* The score stays CrystalDiskMark's: the best pass. */
      g_assert_cmpfloat (t->mb_per_s, ==, max);
    }
  /* One pass has no scatter; no pass has no spread at all. */
  {
    g_autoptr (DmkTestResult) one = make_test ("SEQ1M Q8T1", DMK_DIRECTION_READ, odd, 1);
    g_autoptr (DmkTestResult) none = make_test ("SEQ1M Q8T1", DMK_DIRECTION_READ, odd, 0);
    DmkSpread s;

    g_assert_true (dmk_test_result_spread (one, &s));
    g_assert_cmpfloat (s.rsd_percent, ==, 0);
    g_assert_cmpfloat (s.min, ==, s.max);
    g_assert_false (dmk_test_result_spread (none, &s));
    g_assert_cmpuint (s.n, ==, 0);
  }
}

/* Every line CrystalDiskMark writes stays as it was: the report less its spread lines is the
 * report of the same result with no passes kept. */
static void
test_text (void)
{
  const double rates[] = { 480.0, 500.0, 490.0 };
  g_autoptr (DmkResult) r = make_result (rates, 3);
  g_autoptr (DmkResult) bare = make_result (rates, 3);
  g_autofree char *text = dmk_result_to_text (r), *bare_text = NULL;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GString) kept = g_string_new (NULL);
  guint n_spread = 0;

  for (guint i = 0; i < bare->tests->len; i++)
    g_array_set_size (((DmkTestResult *) g_ptr_array_index (bare->tests, i))->passes, 0);
  bare_text = dmk_result_to_text (bare);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "  Spread "))
        {
          n_spread++;
          continue;
        }
      g_string_append (kept, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (kept, '\n');
    }
  g_assert_cmpstr (kept->str, ==, bare_text);
  g_assert_cmpuint (n_spread, ==, 2);
  g_assert_nonnull (strstr (text, "  Spread SEQ1M Q8T1: min 480.00 / median 490.00 / max 500.00 "
                                  "MB/s, RSD 2.0% (3 passes)\n"));
  /* Under its own section: the write test's line follows [Write]. */
  g_assert_true (strstr (text, "  Spread RND4K Q1T1") > strstr (text, "[Write]"));
}

static void
test_json (void)
{
  const double rates[] = { 300.0, 330.0, 360.0, 345.0 };
  g_autoptr (DmkResult) r = make_result (rates, 4);
  g_autofree char *json = dmk_result_to_json (r);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) back = NULL, old = NULL;
  g_autofree char *old_json = NULL;
  JsonObject *root, *first, *spread;
  DmkSpread want, got;

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  first = json_array_get_object_element (json_object_get_array_member (root, "results"), 0);
  spread = json_object_get_object_member (first, "spread");
  g_assert_nonnull (spread);
  g_assert_true (dmk_test_result_spread (g_ptr_array_index (r->tests, 0), &want));
  g_assert_cmpint (json_object_get_int_member (spread, "passes"), ==, 4);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (spread, "min_mb_per_s"), 300, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (spread, "median_mb_per_s"),
                                  337.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (spread, "max_mb_per_s"), 360, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (spread, "rsd_percent"),
                                  want.rsd_percent, 1e-6);
  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (dmk_test_result_spread (g_ptr_array_index (back->tests, 0), &got));
  g_assert_cmpfloat_with_epsilon (got.rsd_percent, want.rsd_percent, 1e-6);

  /* A file from before the spread was written loads, and has it from its passes. */
  for (guint i = 0; i < 2; i++)
    json_object_remove_member (
      json_array_get_object_element (json_object_get_array_member (root, "results"), i),
      "spread");
  {
    g_autoptr (JsonGenerator) gen = json_generator_new ();
    json_generator_set_root (gen, json_parser_get_root (parser));
    old_json = json_generator_to_data (gen, NULL);
  }
  g_assert_null (strstr (old_json, "rsd_percent"));
  old = dmk_result_from_json (old_json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (dmk_test_result_spread (g_ptr_array_index (old->tests, 1), &got));
  g_assert_cmpfloat_with_epsilon (got.median, 337.5, 1e-9);
}

static void
test_csv (void)
{
  const double rates[] = { 95.0, 105.0 };
  g_autoptr (DmkResult) r = make_result (rates, 2);
  g_autofree char *csv = dmk_result_to_csv (r);
  g_auto (GStrv) rows = g_strsplit (csv, "\r\n", -1);
  g_auto (GStrv) head = g_strsplit (rows[0], ",", -1);
  g_auto (GStrv) cells = g_strsplit (rows[1], ",", -1);
  DmkSpread s;
  guint rsd_col = 0;

  g_assert_true (dmk_test_result_spread (g_ptr_array_index (r->tests, 0), &s));
  for (guint i = 0; head[i] != NULL; i++)
    if (strcmp (head[i], "rsd_percent") == 0)
      rsd_col = i;
  /* The new columns come after the old ones, which keep their places. */
  g_assert_cmpstr (head[12], ==, "lat_p99_99_us");
  g_assert_cmpstr (head[13], ==, "passes");
  g_assert_cmpuint (rsd_col, ==, 17);
  g_assert_cmpuint (g_strv_length (cells), ==, g_strv_length (head));
  g_assert_cmpstr (cells[13], ==, "2");
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[14], NULL), 95.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[15], NULL), 100.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[rsd_col], NULL), s.rsd_percent, 0.005);
}

/* A change smaller than the two results' spread is marked; a larger one, or one between results
 * of one pass each (nothing tells their noise), is not. */
static void
test_compare_noise (void)
{
  const double a[] = { 490.0, 510.0, 500.0 }, near[] = { 495.0, 515.0, 505.0 };
  const double far[] = { 600.0, 612.0, 606.0 };
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (DmkComparison) cmp = NULL, single = NULL;
  g_autofree char *text = NULL, *csv = NULL;
  double pct;

  g_ptr_array_add (results, make_result (a, 3));
  g_ptr_array_add (results, make_result (near, 3));
  g_ptr_array_add (results, make_result (far, 3));
  cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  g_assert_true (dmk_comparison_delta (cmp, 0, 1, &pct));
  g_assert_cmpfloat (fabs (pct), <, 2.0);
  g_assert_true (dmk_comparison_within_noise (cmp, 0, 1));
  g_assert_false (dmk_comparison_within_noise (cmp, 0, 2));
  g_assert_false (dmk_comparison_within_noise (cmp, 0, 0));
  text = dmk_comparison_to_text (cmp);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "~ within noise"));
  g_assert_nonnull (strstr (text, "(+1.0% ~)"));
  g_assert_nonnull (strstr (text, "(+20.0%)"));
  csv = dmk_comparison_to_csv (cmp);
  g_assert_nonnull (strstr (csv, ",within noise\r\n"));
  g_assert_nonnull (strstr (csv, ",3,,2\r\n"));

  g_ptr_array_set_size (results, 0);
  g_ptr_array_add (results, make_result (a, 1));
  g_ptr_array_add (results, make_result (near, 1));
  single = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  g_assert_false (dmk_comparison_within_noise (single, 0, 1));
}

/* RSD of 5% or more gets a warning naming the test and the scatter; a steady test none. */
static void
test_warning (void)
{
  const double wide[] = { 400.0, 500.0, 450.0 }, tight[] = { 499.0, 500.0, 501.0 };
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autoptr (DmkTestResult) w = make_test ("RND4K Q32T1", DMK_DIRECTION_READ, wide, 3);
  g_autoptr (DmkTestResult) t = make_test ("SEQ1M Q8T1", DMK_DIRECTION_WRITE, tight, 3);
  const char *warning;

  dmk_plausibility_check_test (r, t, NULL);
  g_assert_cmpuint (r->warnings->len, ==, 0);
  dmk_plausibility_check_test (r, w, NULL);
  g_assert_cmpuint (r->warnings->len, ==, 1);
  warning = g_ptr_array_index (r->warnings, 0);
  g_test_message ("%s", warning);
  g_assert_true (g_str_has_prefix (warning, "RND4K Q32T1 Read: "));
  g_assert_nonnull (strstr (warning, "scatter by 11.1%"));
  g_assert_nonnull (strstr (warning, "400.0 to 500.0 MB/s"));
}

static void
capture (GObject *source, GAsyncResult *res, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (res);
}

/* A real run of three passes on a temporary folder: the file carries the spread of what ran. */
static void
test_run (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-spread-XXXXXX", NULL);
  g_autoptr (DmkRunner) runner = dmk_runner_new ();
  g_autoptr (GArray) specs = g_array_new (FALSE, FALSE, sizeof (DmkTestSpec));
  g_autoptr (GArray) jobs = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) result = NULL, back = NULL;
  g_autoptr (GAsyncResult) res = NULL;
  g_autofree char *json = NULL, *text = NULL;
  DmkTestSpec spec;
  DmkSettings s;

  dmk_settings_init_default (&s);
  s.size_bytes = DMK_SIZE_MIN;
  s.passes = 3;
  s.measure_s = 1;
  s.warmup_s = 0;
  s.interval_s = 0;
  s.mode = DMK_MODE_READ;
  g_assert_true (dmk_test_spec_parse ("SEQ1M Q1T1", &spec, NULL));
  g_array_append_val (specs, spec);
  jobs = dmk_runner_plan (&s, specs, &error);
  g_assert_no_error (error);
  dmk_runner_run_async (runner, dir, &s, jobs, "", NULL, capture, &res);
  while (res == NULL)
    g_main_context_iteration (NULL, TRUE);
  result = dmk_runner_run_finish (runner, res, NULL, &error);
  g_assert_no_error (error);
  json = dmk_result_to_json (result);
  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  {
    DmkTestResult *t = g_ptr_array_index (back->tests, 0);
    DmkSpread sp;

    g_assert_true (dmk_test_result_spread (t, &sp));
    g_assert_cmpuint (sp.n, ==, 3);
    g_assert_cmpfloat (sp.min, <=, sp.median);
    g_assert_cmpfloat (sp.median, <=, sp.max);
    g_assert_cmpfloat (sp.max, ==, t->mb_per_s);
    g_assert_cmpfloat (sp.min, >, 0);
  }
  text = dmk_result_to_text (back);
  g_assert_nonnull (strstr (text, "  Spread SEQ1M Q1T1: min "));
  g_rmdir (dir);
  dmk_settings_clear (&s);
}

/* ---- the score's rule ---- */

static void
test_score_rule (void)
{
  DmkSettings s;
  struct
  {
    int warmup;
    guint passes;
    gboolean until_stable;
    DmkScore score;
    const char *want;
  } cases[] = {
    { DMK_WARMUP_AS_MEASURE, 5, FALSE, DMK_SCORE_BEST, "best of 5 passes after a 5 s warm-up" },
    { 2, 5, FALSE, DMK_SCORE_MEDIAN, "median of 5 passes after a 2 s warm-up" },
    { 0, 1, FALSE, DMK_SCORE_BEST, "best of 1 pass, no warm-up" },
    { 0, 3, TRUE, DMK_SCORE_MEDIAN, "median of 3 to 9 passes (until stable), no warm-up" },
  };

  dmk_settings_init_default (&s);
  /* CrystalDiskMark's rule is the default. */
  g_assert_cmpint (s.score, ==, DMK_SCORE_BEST);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *english = NULL, *shown = NULL;

      s.warmup_s = cases[i].warmup;
      s.passes = cases[i].passes;
      s.until_stable = cases[i].until_stable;
      s.score = cases[i].score;
      english = dmk_score_rule_text (&s, FALSE);
      g_assert_cmpstr (english, ==, cases[i].want);
      /* No translation is loaded here: the window's words are the same. */
      shown = dmk_score_rule_text (&s, TRUE);
      g_assert_cmpstr (shown, ==, cases[i].want);
    }
  dmk_settings_clear (&s);
}

/* The median rule scores a pass that ran (the lower middle one for an even count), with that
 * pass's latency; the best rule leaves the best pass. */
static void
test_score_median (void)
{
  const double rates[] = { 300.0, 500.0, 400.0, 450.0 };
  DmkLatency lat[G_N_ELEMENTS (rates)] = { { 0 } };
  g_autoptr (DmkTestResult) t = make_test ("SEQ1M Q1T1", DMK_DIRECTION_READ, rates, 4);
  g_autoptr (DmkTestResult) odd = make_test ("SEQ1M Q1T1", DMK_DIRECTION_READ, rates, 3);

  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    lat[i].mean = 1000.0 + i;
  dmk_test_result_apply_score (t, DMK_SCORE_BEST, lat);
  g_assert_cmpfloat (t->mb_per_s, ==, 500.0);
  dmk_test_result_apply_score (t, DMK_SCORE_MEDIAN, lat);
  g_assert_cmpfloat (t->mb_per_s, ==, 400.0);
  g_assert_cmpfloat (t->iops, ==, g_array_index (t->passes, DmkPass, 2).iops);
  g_assert_cmpfloat (t->latency_us.mean, ==, 1002.0);
  dmk_test_result_apply_score (odd, DMK_SCORE_MEDIAN, NULL);
  g_assert_cmpfloat (odd->mb_per_s, ==, 400.0);
}

/* A real run with the median rule: its score is its median pass, and the file and the report
 * say so; a file without the key is CrystalDiskMark's best. */
static void
test_score_run (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-score-XXXXXX", NULL);
  g_autoptr (GArray) specs = g_array_new (FALSE, FALSE, sizeof (DmkTestSpec));
  g_autoptr (DmkResult) r = NULL, back = NULL, old = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = NULL, *text = NULL, *old_json = NULL;
  DmkTestResult *t;
  DmkTestSpec spec;
  DmkSettings s;
  DmkSpread sp;

  dmk_settings_init_default (&s);
  s.mode = DMK_MODE_READ;
  s.size_bytes = DMK_SIZE_MIN;
  s.passes = 3;
  s.measure_s = 1;
  s.warmup_s = 0;
  s.interval_s = 0;
  s.score = DMK_SCORE_MEDIAN;
  g_assert_true (dmk_test_spec_parse ("RND4K Q1T1", &spec, NULL));
  g_array_append_val (specs, spec);
  r = dmk_test_run_to_end (dir, &s, specs, NULL, NULL);
  t = g_ptr_array_index (r->tests, 0);
  g_assert_true (dmk_test_result_spread (t, &sp));
  g_test_message ("median rule: score %.2f MB/s of min %.2f median %.2f max %.2f", t->mb_per_s,
                  sp.min, sp.median, sp.max);
  g_assert_cmpfloat (t->mb_per_s, ==, sp.median);
  g_assert_cmpfloat (t->latency_us.mean, >, 0);
  json = dmk_result_to_json (r);
  g_assert_nonnull (strstr (json, "\"score\" : \"median\""));
  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->settings.score, ==, DMK_SCORE_MEDIAN);
  text = dmk_result_to_text (back);
  g_assert_nonnull (strstr (text, "\n  Score: median of 3 passes, no warm-up\n"));
  /* The same file as one from before the choice: without the key. */
  {
    g_autoptr (JsonParser) parser = json_parser_new ();
    g_autoptr (JsonGenerator) gen = json_generator_new ();
    JsonObject *root;

    g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
    root = json_node_get_object (json_parser_get_root (parser));
    json_object_remove_member (json_object_get_object_member (root, "settings"), "score");
    json_generator_set_root (gen, json_parser_get_root (parser));
    old_json = json_generator_to_data (gen, NULL);
  }
  g_assert_null (strstr (old_json, "\"score\""));
  old = dmk_result_from_json (old_json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (old->settings.score, ==, DMK_SCORE_BEST);
  g_rmdir (dir);
  dmk_settings_clear (&s);
}

/* --score reaches the file; a rule it does not know is a usage error. */
static void
test_score_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-score-cli-XXXXXX", NULL);
  g_autofree char *out = NULL;
  const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "--score=median", "-T", "SEQ1M Q1T1",
                         "--passes=1", "--time=1", "--warmup=0", "--interval=0", "--size=16M",
                         "--mode=read", "--quiet", dir, NULL };
  const char *bad[] = { g_getenv ("GDISKMARK_CLI"), "--score=mean", dir, NULL };

  g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  g_assert_nonnull (strstr (out, "\n  Score: median of 1 pass, no warm-up\n"));
  g_assert_cmpint (dmk_test_run_tool (bad, NULL), ==, 2);
  g_rmdir (dir);
}

/* The Flash profile from the CLI: its 1 s passes in the report, and --interval still wins over
 * its 30 s rest (which would make this test two minutes long). */
static void
test_flash_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-flash-cli-XXXXXX", NULL);
  g_autofree char *out = NULL;
  const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "--profile=flash", "--passes=1",
                         "--warmup=0", "--interval=0", "--size=16M", "--mode=read", "--quiet",
                         dir, NULL };

  g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "\nProfile: Flash Memory (CrystalDiskMark 9)\n"));
  g_assert_nonnull (strstr (out, "\n   Time: Measure 1 sec / Interval 0 sec\n"));
  g_assert_nonnull (strstr (out, "  SEQ    1MiB (Q=  8, T= 1): "));
  g_assert_nonnull (strstr (out, "  RND    4KiB (Q=  1, T= 1): "));
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/spread/model", test_model);
  g_test_add_func ("/spread/text", test_text);
  g_test_add_func ("/spread/json", test_json);
  g_test_add_func ("/spread/csv", test_csv);
  g_test_add_func ("/spread/compare-noise", test_compare_noise);
  g_test_add_func ("/spread/warning", test_warning);
  g_test_add_func ("/spread/run", test_run);
  g_test_add_func ("/spread/score/rule", test_score_rule);
  g_test_add_func ("/spread/score/median", test_score_median);
  g_test_add_func ("/spread/score/run", test_score_run);
  g_test_add_func ("/spread/score/cli", test_score_cli);
  g_test_add_func ("/spread/flash-cli", test_flash_cli);
  return g_test_run ();
}
