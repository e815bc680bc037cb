/* test-history-stats.c: the history's statistics: Welch's t-test against values worked out by
 * hand, the verdict, which runs are alike, and runs of other settings left out, and why. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-history.h"

/* ---- statistics ---- */

static void
test_t_critical (void)
{
  /* Student's t, two-sided 95 %, from printed tables. */
  const struct { double df, t; } table[] = {
    { 1, 12.706 }, { 2, 4.303 }, { 4, 2.776 }, { 8, 2.306 }, { 10, 2.228 },
    { 30, 2.042 }, { 120, 1.980 }, { 1e6, 1.960 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    g_assert_cmpfloat_with_epsilon (dmk_t_critical_95 (table[i].df), table[i].t, 0.0015);
}

static void
test_welch (void)
{
  /* A = 1..5, B = 6..10: means 3 and 8, variances 2.5 each, so t = -5 / sqrt (0.5 + 0.5) = -5
   * and df = (0.5 + 0.5)² / (0.5² / 4 + 0.5² / 4) = 8; |t| > t(8) = 2.306: different. */
  const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
  /* C = 10, 12, 14 and D = 11, 13, 15: means 12 and 13, variances 4, so t = -1 / sqrt (8 / 3)
   * = -0.6124 and df = (8/3)² / ((4/3)² / 2 · 2) = 4; |t| < t(4) = 2.776: the same. */
  const double c[] = { 10, 12, 14 }, d[] = { 11, 13, 15 };
  /* E = 1, 2, 3 and F = 2, 4, 6, 8: means 2 and 5, variances 1 and 20/3: se² = 1/3 + 5/3 = 2,
   * t = -3 / sqrt 2 = -2.1213, df = 4 / ((1/3)² / 2 + (5/3)² / 3) = 4 / (1/18 + 25/27) = 4.075;
   * t(4.075) ≈ 2.76 > 2.12: the same, though a pooled t-test (df 5) would come closer. */
  const double e[] = { 1, 2, 3 }, f[] = { 2, 4, 6, 8 };
  double t, df;
  gboolean sig;

  g_assert_true (dmk_welch_test (a, 5, b, 5, &t, &df, NULL, &sig));
  g_assert_cmpfloat_with_epsilon (t, -5.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (df, 8.0, 1e-9);
  g_assert_true (sig);
  g_assert_true (dmk_welch_test (c, 3, d, 3, &t, &df, NULL, &sig));
  g_assert_cmpfloat_with_epsilon (t, -0.612372, 1e-6);
  g_assert_cmpfloat_with_epsilon (df, 4.0, 1e-9);
  g_assert_false (sig);
  g_assert_true (dmk_welch_test (e, 3, f, 4, &t, &df, NULL, &sig));
  g_assert_cmpfloat_with_epsilon (t, -2.121320, 1e-6);
  g_assert_cmpfloat_with_epsilon (df, 4.0 / (1.0 / 18 + 25.0 / 27), 1e-9);
  g_assert_false (sig);
  /* One pass cannot say how noisy it is. */
  g_assert_false (dmk_welch_test (a, 1, b, 5, &t, &df, NULL, &sig));
}

static void
test_verdict (void)
{
  const double r200a[] = { 199.8, 200.4, 200.1 }, r200b[] = { 200.3, 199.7, 200.0 };
  const double r200c[] = { 199.9, 200.2, 200.5 }, r150[] = { 149.8, 150.3, 150.1 };
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (GArray) stats = NULL;
  const DmkHistoryStat *s;
  g_autofree char *text = NULL;

  g_ptr_array_add (results, make_result ("X", r200a, 3));
  g_ptr_array_add (results, make_result ("X", r200b, 3));
  g_ptr_array_add (results, make_result ("X", r200c, 3));
  stats = dmk_history_stats (results);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  g_assert_cmpuint (s->n_entries, ==, 3);
  /* One base: the newest (200.5) against the two earlier scores, 200.4 and 200.3. */
  g_assert_cmpuint (s->n_earlier, ==, 2);
  g_assert_cmpfloat_with_epsilon (s->median, 200.35, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->min, 200.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->max, 200.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->delta_percent, 100 * (200.5 - 200.35) / 200.35, 1e-9);
  g_assert_cmpuint (s->newest_passes->len, ==, 3);
  g_assert_cmpuint (s->earlier_passes->len, ==, 6);
  g_assert_cmpfloat (s->p_value, >=, 0.05);
  g_assert_cmpint (s->noise, ==, DMK_NOISE_WITHIN);
  text = dmk_history_stat_verdict (s);
  g_assert_nonnull (strstr (text, "within noise"));
  g_clear_pointer (&stats, g_array_unref);
  g_clear_pointer (&text, g_free);

  /* 150 against a median of 200.4: -25.1 %, beyond noise. */
  g_ptr_array_add (results, make_result ("X", r150, 3));
  stats = dmk_history_stats (results);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  g_assert_cmpint (s->noise, ==, DMK_NOISE_BEYOND);
  g_assert_cmpfloat_with_epsilon (s->delta_percent, 100 * (150.3 - 200.4) / 200.4, 1e-9);
  g_assert_cmpfloat (s->p_value, <, 0.05);
  text = dmk_history_stat_verdict (s);
  g_assert_cmpstr (text, ==, "-25.0 % against the earlier runs’ median (beyond noise: p < 0.001, "
                             "Welch’s t-test on 3 and 9 passes)");
}

/* Only runs measured alike are pooled: a run through the page cache, at another size or with
 * another engine says nothing about this drive's normal at the newest run's settings. */
static void
test_alike (void)
{
  const double r200a[] = { 199.8, 200.4, 200.1 }, r200b[] = { 200.3, 199.7, 200.0 };
  const double cached[] = { 3100.0, 2950.0, 3050.0 }, r201[] = { 200.2, 199.9, 200.6 };
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (GArray) stats = NULL;
  const DmkHistoryStat *s;
  DmkResult *r;

  g_ptr_array_add (results, make_result ("X", r200a, 3));
  r = make_result ("X", cached, 3);
  r->settings.direct = !r->settings.direct; /* the other cache use */
  g_ptr_array_add (results, r);
  r = make_result ("X", cached, 3);
  r->settings.size_bytes = 16u << 20; /* another test size */
  g_ptr_array_add (results, r);
  r = make_result ("X", cached, 3);
  g_free (r->engine);
  r->engine = g_strdup ("psync"); /* another engine */
  g_ptr_array_add (results, r);
  r = make_result ("X", cached, 3);
  /* The same run's engine, but this test on another (a loop device's deep queue on libaio) */
  ((DmkTestResult *) g_ptr_array_index (r->tests, 0))->engine = g_strdup ("psync");
  g_ptr_array_add (results, r);
  g_ptr_array_add (results, make_result ("X", r200b, 3));
  g_ptr_array_add (results, make_result ("X", r201, 3));
  stats = dmk_history_stats (results);
  g_assert_cmpuint (stats->len, ==, 1);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  /* The three alike runs only: with the cached ones pooled the median would be far above. The
   * newest against the two earlier ones (200.4 and 200.3). */
  g_assert_cmpuint (s->n_entries, ==, 3);
  g_assert_cmpuint (s->n_earlier, ==, 2);
  g_assert_cmpfloat_with_epsilon (s->median, 200.35, 1e-9);
  g_assert_cmpfloat (s->max, <, 201);
  g_assert_cmpint (s->noise, ==, DMK_NOISE_WITHIN);
  g_clear_pointer (&stats, g_array_unref);

  /* The newest through the cache: judged only against the other run through the cache. */
  r = make_result ("X", cached, 3);
  r->settings.direct = !r->settings.direct;
  g_ptr_array_add (results, r);
  stats = dmk_history_stats (results);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  g_assert_cmpuint (s->n_entries, ==, 2);
  g_assert_cmpfloat (s->min, >, 2900);
  g_assert_cmpint (s->noise, ==, DMK_NOISE_WITHIN);
}

/* A row run again (CrystalDiskMark's way) measures one test: the history judges that test only.
 * The test the newest run left out keeps its median, but no verdict is made of an older score. */
static void
test_row_only (void)
{
  const double fast[] = { 300, 301, 299 }, slow[] = { 100, 101, 99 };
  const DmkTestSpec rnd = { DMK_PATTERN_RANDOM, 4096, 1, 1 };
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (GArray) stats = NULL;
  guint seen = 0;

  /* Two whole runs: SEQ1M at 100 and RND4K; then SEQ1M again alone, at 300: beyond noise. */
  for (guint i = 0; i < 3; i++)
    {
      DmkResult *r = make_result ("X", i == 2 ? fast : slow, 3);

      if (i < 2)
        {
          DmkTestResult *t = dmk_test_result_new (&rnd, DMK_DIRECTION_READ);
          DmkPass pass = { 50, 50, 50000000, 1.0 };

          for (guint p = 0; p < 3; p++)
            dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
          g_ptr_array_add (r->tests, t);
        }
      g_ptr_array_add (results, r);
    }
  stats = dmk_history_stats (results);
  g_assert_cmpuint (stats->len, ==, 2);
  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *s = &g_array_index (stats, DmkHistoryStat, i);
      g_autofree char *verdict = dmk_history_stat_verdict (s);

      g_test_message ("%s: %s", s->spec.pattern == DMK_PATTERN_RANDOM ? "RND4K" : "SEQ1M",
                      verdict);
      if (s->spec.pattern == DMK_PATTERN_RANDOM)
        {
          g_assert_false (s->in_newest);
          g_assert_cmpuint (s->n_entries, ==, 2);
          g_assert_cmpint (s->noise, ==, DMK_NOISE_UNKNOWN);
          g_assert_cmpfloat (s->delta_percent, ==, 0);
          g_assert_cmpstr (verdict, ==, "not measured by the newest run");
        }
      else
        {
          g_assert_true (s->in_newest);
          g_assert_cmpuint (s->n_entries, ==, 3);
          g_assert_cmpint (s->noise, ==, DMK_NOISE_BEYOND);
        }
      seen |= 1u << (s->spec.pattern == DMK_PATTERN_RANDOM);
    }
  g_assert_cmpuint (seen, ==, 3);
}

/* Runs whose score rule, until-stable or verification differ from the newest's are not pooled
 * with it: no verdict across them, and the stats and the summary say why; runs of the newest's
 * settings still are. The case: a median-scored, until-stable, verified run set against
 * a best-of-3 unverified one. */
static void
test_unlike (void)
{
  const double best[] = { 400.0, 399.5, 401.0 }, slow[] = { 5.0, 4.4, 4.6, 4.5, 4.4, 4.5 };
  const double slow2[] = { 4.6, 4.5, 4.4, 4.7, 4.5, 4.5 };
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (GArray) stats = NULL;
  g_autofree char *verdict = NULL, *why = NULL;
  const DmkHistoryStat *s;
  guint counts[DMK_HISTORY_N_UNLIKE];
  DmkResult *r;

  g_ptr_array_add (results, make_result ("X", best, 3));
  r = make_result ("X", slow, 6);
  r->settings.score = DMK_SCORE_MEDIAN;
  r->settings.until_stable = TRUE;
  r->settings.verify = TRUE;
  g_ptr_array_add (results, r);
  g_assert_cmpint (dmk_history_results_unlike (results->pdata[0], r), ==, DMK_HISTORY_OTHER_SCORE);
  stats = dmk_history_stats (results);
  g_assert_cmpuint (stats->len, ==, 1);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  /* The newest alone: no median, no change, no test. */
  g_assert_cmpuint (s->n_entries, ==, 1);
  g_assert_cmpuint (s->n_earlier, ==, 0);
  g_assert_cmpint (s->noise, ==, DMK_NOISE_UNKNOWN);
  g_assert_true (isnan (s->p_value));
  g_assert_cmpfloat (s->delta_percent, ==, 0);
  g_assert_cmpuint (s->n_left_out, ==, 1);
  g_assert_cmpuint (s->left_out[DMK_HISTORY_OTHER_SCORE], ==, 1);
  g_assert_cmpuint (g_array_index (s->left_out_entries, DmkHistoryLeftOut, 0).index, ==, 0);
  verdict = dmk_history_stat_verdict (s);
  g_assert_null (strstr (verdict, "noise"));
  g_assert_nonnull (strstr (verdict, "with these settings"));
  g_assert_cmpuint (dmk_history_left_out (results, counts), ==, 1);
  g_assert_cmpuint (counts[DMK_HISTORY_OTHER_SCORE], ==, 1);
  why = dmk_history_left_out_text (results);
  g_assert_cmpstr (why, ==, "1 earlier run used another score rule (the best pass): not compared");
  g_clear_pointer (&stats, g_array_unref);
  g_clear_pointer (&why, g_free);

  /* A run of the same rule, until-stable and verification is judged against the one before it
   * (within noise), the best-of-3 run still left out. */
  r = make_result ("X", slow2, 6);
  r->settings.score = DMK_SCORE_MEDIAN;
  r->settings.until_stable = TRUE;
  r->settings.verify = TRUE;
  g_ptr_array_add (results, r);
  stats = dmk_history_stats (results);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  g_assert_cmpuint (s->n_entries, ==, 2);
  g_assert_cmpfloat_with_epsilon (s->median, 5.0, 1e-9);
  g_assert_cmpuint (s->earlier_passes->len, ==, 6);
  g_assert_cmpint (s->noise, ==, DMK_NOISE_WITHIN);
  g_assert_cmpuint (s->left_out[DMK_HISTORY_OTHER_SCORE], ==, 1);
  g_clear_pointer (&stats, g_array_unref);

  /* Each setting alone: the newest unverified, then not until stable. */
  r = make_result ("X", slow2, 6);
  r->settings.score = DMK_SCORE_MEDIAN;
  r->settings.until_stable = TRUE;
  g_ptr_array_add (results, r);
  stats = dmk_history_stats (results);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  g_assert_cmpuint (s->n_entries, ==, 1);
  g_assert_cmpuint (s->left_out[DMK_HISTORY_OTHER_VERIFY], ==, 2);
  g_assert_cmpuint (s->left_out[DMK_HISTORY_OTHER_SCORE], ==, 1);
  why = dmk_history_left_out_text (results);
  g_assert_cmpstr (why, ==, "1 earlier run used another score rule (the best pass): not compared; "
                            "2 earlier runs were verified: not compared");
  g_clear_pointer (&stats, g_array_unref);
  g_clear_pointer (&why, g_free);
  r = make_result ("X", slow2, 6);
  r->settings.score = DMK_SCORE_MEDIAN;
  g_ptr_array_add (results, r);
  stats = dmk_history_stats (results);
  s = &g_array_index (stats, DmkHistoryStat, 0);
  g_assert_cmpuint (s->n_entries, ==, 1);
  g_assert_cmpuint (s->left_out[DMK_HISTORY_OTHER_UNTIL_STABLE], ==, 3);
  why = dmk_history_left_out_text (results);
  g_assert_nonnull (strstr (why, "3 earlier runs added passes until stable: not compared"));
}

/* The mixed test's read share sets apart the Mix tests only: a run of another share still
 * counts for its reads. */
static void
test_unlike_mix (void)
{
  const double a[] = { 100, 101, 99 }, b[] = { 100.5, 100, 99.5 };
  const DmkTestSpec seq = { DMK_PATTERN_SEQUENTIAL, 1 << 20, 1, 1 };
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (GArray) stats = NULL;
  guint counts[DMK_HISTORY_N_UNLIKE];

  for (guint i = 0; i < 2; i++)
    {
      DmkResult *r = make_result ("X", i ? b : a, 3);
      DmkTestResult *t = dmk_test_result_new (&seq, DMK_DIRECTION_MIX);
      DmkPass pass = { 80, 80, 80000000, 1.0 };

      for (guint p = 0; p < 3; p++)
        dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
      g_ptr_array_add (r->tests, t);
      r->settings.mix_read_percent = i ? 30 : 70;
      g_ptr_array_add (results, r);
    }
  stats = dmk_history_stats (results);
  g_assert_cmpuint (stats->len, ==, 2);
  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *s = &g_array_index (stats, DmkHistoryStat, i);
      gboolean mix = s->direction == DMK_DIRECTION_MIX;

      g_assert_cmpuint (s->n_entries, ==, mix ? 1 : 2);
      g_assert_cmpuint (s->left_out[DMK_HISTORY_OTHER_MIX], ==, mix ? 1 : 0);
    }
  /* The run itself was pooled (its read), so it is not a run left out. */
  g_assert_cmpuint (dmk_history_left_out (results, counts), ==, 0);
}

int
main (int argc, char **argv)
{
  dmk_test_history_init (&argc, &argv);
  g_test_add_func ("/history/stats/t-critical", test_t_critical);
  g_test_add_func ("/history/stats/welch", test_welch);
  g_test_add_func ("/history/stats/verdict", test_verdict);
  g_test_add_func ("/history/stats/alike", test_alike);
  g_test_add_func ("/history/stats/row-only", test_row_only);
  g_test_add_func ("/history/stats/unlike", test_unlike);
  g_test_add_func ("/history/stats/unlike-mix", test_unlike_mix);
  return dmk_test_history_run ();
}
