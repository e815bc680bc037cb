/* test-history.c: the history store: its schema and migration, the statistics (Welch's t-test
 * against values worked out by hand; runs of other settings left out, and why), two writers
 * at once, and every way the store can fail
 * (locked, read-only, damaged, full) without losing the run. */
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

static char *scratch; /* this run's folder; XDG_DATA_HOME and TMPDIR point inside it */

static char *
fresh_dir (const char *name)
{
  char *dir = g_build_filename (scratch, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return dir;
}

/* A grid result on a made-up drive whose SEQ1M Q1T1 read passes are rates. Each is a run of its
 * own, a second after the one made before it: the store keeps a run once (issue 47). */
static DmkResult *
make_result (const char *model, const double *rates, guint n)
{
  static guint made;
  DmkResult *r = dmk_result_new ();
  DmkTestSpec spec = { DMK_PATTERN_SEQUENTIAL, 1 << 20, 1, 1 };
  DmkTestResult *t = dmk_test_result_new (&spec, DMK_DIRECTION_READ);

  r->date = g_strdup_printf ("2026-12-02T%02u:%02u:%02uZ", 10 + made / 3600, made / 60 % 60,
                             made % 60);
  made++;
  r->os = g_strdup ("Debian GNU/Linux 12 (bookworm) [6.1.0-27-amd64] (x86_64)");
  r->target.path = g_strdup ("/dev/wt26-none");
  r->target.kind = DMK_TARGET_BLOCK_DEVICE;
  r->target.device = g_strdup ("/dev/wt26-none");
  r->target.model = g_strdup (model);
  r->target.size_bytes = 64 << 20;
  for (guint i = 0; i < n; i++)
    {
      DmkPass pass = { rates[i], rates[i], (guint64) (rates[i] * 1e6), 1.0 };
      dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
    }
  g_ptr_array_add (r->tests, t);
  return r;
}

static guint
count_entries (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = dmk_history_open (path, 5000, &error);
  g_autoptr (GPtrArray) all = NULL;

  g_assert_no_error (error);
  all = dmk_history_list (h, NULL, &error);
  g_assert_no_error (error);
  return all->len;
}

/* ---- schema ---- */

static int
read_user_version (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  int v = -1;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &st, NULL), ==, SQLITE_OK);
  if (sqlite3_step (st) == SQLITE_ROW)
    v = sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return v;
}

static void
test_schema (void)
{
  g_autofree char *dir = fresh_dir ("schema");
  g_autofree char *path = g_build_filename (dir, "sub", "history.sqlite", NULL);
  g_autoptr (GError) error = NULL;
  DmkHistory *h = dmk_history_open (path, 1000, &error);
  sqlite3 *db = NULL;

  /* The folder is made, the schema is the current one, the journal is WAL. */
  g_assert_no_error (error);
  dmk_history_close (h);
  g_assert_cmpint (read_user_version (path), ==, DMK_HISTORY_SCHEMA_VERSION);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  {
    sqlite3_stmt *st = NULL;
    g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA journal_mode", -1, &st, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (st, 0), ==, "wal");
    sqlite3_finalize (st);
  }
  /* A store from a newer version is refused, not rewritten. */
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  h = dmk_history_open (path, 1000, &error);
  g_assert_null (h);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_HISTORY);
  g_assert_nonnull (strstr (error->message, "newer GDiskMark"));
  g_assert_cmpint (read_user_version (path), ==, 99);
}

static void
test_add_list_delete (void)
{
  g_autofree char *dir = fresh_dir ("crud");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  const double rates[] = { 200.0, 201.0, 199.0 };
  g_autoptr (DmkResult) a = make_result ("Drive A", rates, 3);
  g_autoptr (DmkResult) b = make_result ("Drive B", rates, 3);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = dmk_history_open (path, 1000, &error);
  g_autoptr (GPtrArray) all = NULL, only_b = NULL;
  g_autoptr (DmkResult) back = NULL;
  DmkDriveId da, db;
  gint64 ida, idb;

  dmk_drive_id_from_result (a, FALSE, &da);
  dmk_drive_id_from_result (b, FALSE, &db);
  ida = dmk_history_add (h, a, &da, "run", &error);
  g_assert_no_error (error);
  idb = dmk_history_add (h, b, &db, "run", &error);
  g_assert_no_error (error);
  g_assert_cmpint (dmk_history_add (h, a, &da, "run", &error), >, idb);
  all = dmk_history_list (h, NULL, &error);
  g_assert_cmpuint (all->len, ==, 3);
  /* Drive A's two entries are one drive, listed together. */
  g_assert_cmpint (((DmkHistoryEntry *) all->pdata[0])->drive_id, ==,
                   ((DmkHistoryEntry *) all->pdata[1])->drive_id);
  only_b = dmk_history_list (h, "Drive B", &error);
  g_assert_cmpuint (only_b->len, ==, 1);
  g_assert_cmpint (((DmkHistoryEntry *) only_b->pdata[0])->id, ==, idb);
  g_assert_cmpstr (((DmkHistoryEntry *) only_b->pdata[0])->kernel, ==, "6.1.0-27-amd64");
  /* A drive by its number, and by a path one of its runs was made on. */
  {
    g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT,
                                               ((DmkHistoryEntry *) only_b->pdata[0])->drive_id);
    g_autoptr (GPtrArray) by_number = dmk_history_list (h, number, &error);
    g_autoptr (GPtrArray) by_path = dmk_history_list (h, "/dev/wt26-none", &error);
    g_autoptr (GPtrArray) none = dmk_history_list (h, "no such drive", &error);
    g_assert_cmpuint (by_number->len, ==, 1);
    g_assert_cmpuint (by_path->len, ==, 3);
    g_assert_cmpuint (none->len, ==, 0);
  }
  /* The whole result comes back through the JSON reader. */
  back = dmk_history_entry_result (only_b->pdata[0], &error);
  g_assert_no_error (error);
  g_assert_cmpuint (((DmkTestResult *) back->tests->pdata[0])->passes->len, ==, 3);
  g_assert_true (dmk_history_delete (h, ida, &error));
  g_assert_false (dmk_history_delete (h, ida, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND);
  dmk_drive_id_clear (&da);
  dmk_drive_id_clear (&db);
}

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

/* ---- two writers ---- */

typedef struct
{
  const char *path;
  guint n;
} Writer;

static gpointer
write_many (gpointer data)
{
  const Writer *w = data;
  const double rates[] = { 100, 101 };
  g_autoptr (GError) error = NULL;
  /* Its own connection, as another process would have. */
  g_autoptr (DmkHistory) h = dmk_history_open (w->path, 10000, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < w->n; i++)
    {
      g_autoptr (DmkResult) r = make_result (i % 2 ? "Odd" : "Even", rates, 2);
      DmkDriveId d;
      dmk_drive_id_from_result (r, FALSE, &d);
      g_assert_cmpint (dmk_history_add (h, r, &d, "run", &error), >, 0);
      g_assert_no_error (error);
      dmk_drive_id_clear (&d);
    }
  return NULL;
}

static void
test_threads (void)
{
  g_autofree char *dir = fresh_dir ("threads");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  Writer w = { path, 40 };
  GThread *threads[4];

  /* Four connections create and fill one new store at once: the migration runs once, every
   * entry arrives, and the two drives stay two. */
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("writer", write_many, &w);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_assert_cmpuint (count_entries (path), ==, 160);
}

static void
test_processes (void)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  g_autofree char *dir = fresh_dir ("processes");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  GSubprocess *procs[2];
  const double rates[] = { 300, 301 };

  if (cli == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return;
    }
  g_ptr_array_add (argv, g_strdup (cli));
  g_ptr_array_add (argv, g_strdup ("history"));
  g_ptr_array_add (argv, g_strdup ("import"));
  for (guint i = 0; i < 30; i++)
    {
      g_autoptr (DmkResult) r = make_result ("Imported", rates, 2);
      char *file = g_strdup_printf ("%s/run-%u.json", dir, i);
      g_assert_true (dmk_result_save (r, file, NULL));
      g_ptr_array_add (argv, file);
    }
  g_ptr_array_add (argv, NULL);
  /* Two gdiskmark-cli processes import the same 30 files into one store at the same time. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GSubprocessLauncher) l = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
      g_subprocess_launcher_setenv (l, "GDISKMARK_HISTORY", path, TRUE);
      procs[i] = g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, NULL);
      g_assert_nonnull (procs[i]);
    }
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (g_subprocess_wait_check (procs[i], NULL, NULL));
      g_object_unref (procs[i]);
    }
  /* Each run once: the second process's batch waits for the first's and finds its runs. */
  g_assert_cmpuint (count_entries (path), ==, 30);
}

/* ---- an import joins the drive it was measured on ---- */

/* gdiskmark-cli history import with args, into the store at path: its exit status and stderr. */
static gboolean
run_import (const char *path, const char *const *args, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) l =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("GDISKMARK_CLI"));
  g_ptr_array_add (argv, "history");
  g_ptr_array_add (argv, "import");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (l, "GDISKMARK_HISTORY", path, TRUE);
  g_subprocess_launcher_setenv (l, "LC_ALL", "C.UTF-8", TRUE);
  p = g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, NULL, err, &error));
  g_assert_no_error (error);
  g_test_message ("import %s: %s", args[0], *err);
  return g_subprocess_get_if_exited (p) && g_subprocess_get_exit_status (p) == 0;
}

/* The drive number of the store's newest entry. */
static gint64
newest_drive (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = dmk_history_open (path, 5000, &error);
  g_autoptr (GPtrArray) all = dmk_history_list (h, NULL, &error);
  gint64 drive = 0, id = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < all->len; i++)
    {
      DmkHistoryEntry *e = g_ptr_array_index (all, i);
      if (e->id > id)
        {
          id = e->id;
          drive = e->drive_id;
        }
    }
  return drive;
}

static gint64
add_live (const char *path, const char *model, const char *serial)
{
  const double rates[] = { 500, 502 };
  g_autoptr (DmkResult) r = make_result (model, rates, 2);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = dmk_history_open (path, 5000, &error);
  DmkDriveId d;
  gint64 id;

  /* As a run on this machine: the facts, and the serial sysfs told. */
  dmk_drive_id_from_result (r, FALSE, &d);
  g_free (d.key);
  d.serial = g_strdup (serial);
  d.key = g_strdup_printf ("device/%s/%s", model, serial);
  id = dmk_history_add (h, r, &d, "run", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  dmk_drive_id_clear (&d);
  return newest_drive (path);
}

/* A file tells no serial: imported, it joins the one drive of its model and size that runs on
 * this machine made; beside two such drives (twins) it is kept apart and the message names
 * --drive, which then puts it where the user says; a --drive the store has not is an error that
 * adds nothing. */
static void
test_import_join (void)
{
  g_autofree char *dir = fresh_dir ("import-join");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *file = g_build_filename (dir, "old.json", NULL);
  g_autofree char *twin_file = g_build_filename (dir, "twin.json", NULL);
  const double rates[] = { 480, 481 };
  g_autoptr (DmkResult) old = make_result ("Samsung SSD 980", rates, 2);
  g_autoptr (DmkResult) twin = make_result ("WD Blue SN570", rates, 2);
  gint64 live, other, twin_a, twin_b, apart;
  g_autofree char *number = NULL;
  char *err = NULL;

  if (g_getenv ("GDISKMARK_CLI") == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return;
    }
  g_assert_true (dmk_result_save (old, file, NULL));
  g_assert_true (dmk_result_save (twin, twin_file, NULL));
  live = add_live (path, "Samsung SSD 980", "S64DNF0R123456");
  other = add_live (path, "Samsung SSD 990", "S73VNJ0W654321");
  g_assert_cmpint (live, !=, other);

  g_assert_true (run_import (path, (const char *const[]) { file, NULL }, &err));
  g_assert_cmpint (newest_drive (path), ==, live);
  g_clear_pointer (&err, g_free);

  twin_a = add_live (path, "WD Blue SN570", "22150F800001");
  twin_b = add_live (path, "WD Blue SN570", "22150F800002");
  g_assert_true (run_import (path, (const char *const[]) { twin_file, NULL }, &err));
  apart = newest_drive (path);
  g_assert_cmpint (apart, !=, twin_a);
  g_assert_cmpint (apart, !=, twin_b);
  g_assert_nonnull (strstr (err, "2 drives in the history have its model (WD Blue SN570) and size"));
  g_assert_nonnull (strstr (err, "--drive NUMBER"));
  g_clear_pointer (&err, g_free);

  /* Imported again with --drive, the run kept apart moves there: one entry, not two. */
  number = g_strdup_printf ("%" G_GINT64_FORMAT, twin_b);
  g_assert_true (run_import (path, (const char *const[]) { "--drive", number, twin_file, NULL },
                             &err));
  g_assert_cmpint (newest_drive (path), ==, twin_b);
  g_assert_nonnull (strstr (err, "now on drive"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpuint (count_entries (path), ==, 6);
  g_assert_false (run_import (path, (const char *const[]) { "--drive", "999", file, NULL },
                              &err));
  g_assert_nonnull (strstr (err, "The history has no drive 999"));
  g_assert_nonnull (strstr (err, path));
  g_assert_cmpuint (count_entries (path), ==, 6);
  g_free (err);
}

/* ---- the store fails: the run is kept as a file, and the message says where and what to do ---- */

static void
assert_kept (gboolean saved, const char *kept, const GError *error, const char *why,
             const char *where)
{
  g_autoptr (DmkResult) back = NULL;
  g_autoptr (GError) load_error = NULL;
  g_autofree char *kept_dir = NULL;

  g_assert_false (saved);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_HISTORY);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, why));
  g_assert_nonnull (kept);
  g_assert_nonnull (strstr (error->message, kept));
  g_assert_nonnull (strstr (error->message, "gdiskmark-cli history import"));
  kept_dir = g_path_get_dirname (kept);
  g_assert_cmpstr (kept_dir, ==, where);
  /* The kept file is the whole run. */
  back = dmk_result_load (kept, &load_error);
  g_assert_no_error (load_error);
  g_assert_cmpuint (((DmkTestResult *) back->tests->pdata[0])->passes->len, ==, 2);
}

static gboolean
save (const char *path, char **kept, GError **error)
{
  const double rates[] = { 250, 251 };
  g_autoptr (DmkResult) r = make_result ("Failing", rates, 2);

  return dmk_history_save_run (path, r, FALSE, 200, NULL, kept, error);
}

static void
test_locked (void)
{
  g_autofree char *dir = fresh_dir ("case-lock");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *kept = NULL;
  g_autoptr (GError) error = NULL;
  sqlite3 *holder = NULL;
  gboolean saved;

  g_assert_true (save (path, NULL, NULL));
  /* Another program holds the write lock for longer than the writer waits. */
  g_assert_cmpint (sqlite3_open (path, &holder), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (holder, "BEGIN EXCLUSIVE", NULL, NULL, NULL), ==, SQLITE_OK);
  saved = save (path, &kept, &error);
  sqlite3_exec (holder, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (holder);
  assert_kept (saved, kept, error, "locked", dir);
  g_assert_cmpuint (count_entries (path), ==, 1);
}

static void
test_corrupt (void)
{
  g_autofree char *dir = fresh_dir ("case-bad");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *kept = NULL;
  g_autofree char *garbage = g_malloc (8192);
  g_autofree char *after = NULL;
  g_autoptr (GError) error = NULL;
  gboolean saved;

  memset (garbage, 'x', 8192);
  g_assert_true (g_file_set_contents (path, garbage, 8192, NULL));
  saved = save (path, &kept, &error);
  assert_kept (saved, kept, error, "damaged", dir);
  /* The damaged file is left as it was, for the user to move away or rescue. */
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpmem (after, 8192, garbage, 8192);
}

/* A small tmpfs of its own at dir (as root), so that the test can fill it or make it read-only. */
static gboolean
mount_small (const char *dir, const char *size)
{
  g_autofree char *opts = g_strdup_printf ("size=%s,mode=0700", size);

  if (geteuid () != 0)
    return FALSE;
  if (mount ("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0)
    {
      g_test_message ("mount tmpfs: %s", g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

static void
test_read_only (void)
{
  g_autofree char *dir = fresh_dir ("case-ro");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *data = g_build_filename (scratch, "data", "gdiskmark", NULL);
  g_autofree char *kept = NULL;
  g_autoptr (GError) error = NULL;
  gboolean mounted = mount_small (dir, "4m");
  gboolean saved;

  g_assert_true (save (path, NULL, NULL));
  /* Root may write anywhere a mode forbids: a read-only filesystem stops it too. */
  if (mounted)
    g_assert_cmpint (mount (NULL, dir, NULL, MS_REMOUNT | MS_RDONLY, "size=4m"), ==, 0);
  else
    {
      g_assert_cmpint (g_chmod (path, 0400), ==, 0);
      g_assert_cmpint (g_chmod (dir, 0500), ==, 0);
    }
  saved = save (path, &kept, &error);
  if (mounted)
    g_assert_cmpint (umount2 (dir, MNT_DETACH), ==, 0);
  else
    g_chmod (dir, 0700);
  /* The folder beside the store is read-only too: the run goes to the data folder. */
  assert_kept (saved, kept, error, "cannot be written", data);
}

static void
test_full (void)
{
  g_autofree char *dir = fresh_dir ("case-nospace");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *filler = g_build_filename (dir, "filler", NULL);
  g_autofree char *data = g_build_filename (scratch, "data", "gdiskmark", NULL);
  g_autofree char *kept = NULL;
  g_autoptr (GError) error = NULL;
  const double rates[] = { 250, 251 };
  g_autoptr (DmkResult) r = make_result ("Failing", rates, 2);
  char block[4096] = { 0 };
  gboolean saved;
  int fd;

  if (!mount_small (dir, "512k"))
    {
      g_test_skip ("needs root to mount a small tmpfs to fill");
      return;
    }
  g_assert_true (save (path, NULL, NULL));
  fd = open (filler, O_WRONLY | O_CREAT, 0600);
  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, sizeof block) == sizeof block)
    ;
  close (fd);
  /* A run bigger than any space left (its series would make it so; a comment does here). */
  g_free (r->comment);
  r->comment = g_strnfill (256 * 1024, 'c');
  saved = dmk_history_save_run (path, r, FALSE, 200, NULL, &kept, &error);
  g_assert_cmpint (umount2 (dir, MNT_DETACH), ==, 0);
  assert_kept (saved, kept, error, "full", data);
}

/* gdiskmark-cli with args on the store at path, killed (a failure) if it runs past a minute: a
 * bound on a hang, not a measurement. Its exit status; its stderr into *err. */
static int
run_cli_on (const char *path, const char *const *args, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) l =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, "timeout");
  g_ptr_array_add (argv, "-s");
  g_ptr_array_add (argv, "KILL");
  g_ptr_array_add (argv, "60");
  g_ptr_array_add (argv, (gpointer) g_getenv ("GDISKMARK_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (l, "GDISKMARK_HISTORY", path, TRUE);
  g_subprocess_launcher_setenv (l, "LC_ALL", "C.UTF-8", TRUE);
  p = g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, NULL, err, &error));
  g_assert_no_error (error);
  g_test_message ("%s %s: exit %d: %s", args[0], args[1] ? args[1] : "",
                  g_subprocess_get_exit_status (p), *err);
  return g_subprocess_get_if_exited (p) ? g_subprocess_get_exit_status (p) : -1;
}

static void
sql (const char *path, const char *statement)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, statement, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

/* Issue 44, item 6: a store someone planted a trigger that never ends in (a recursive CTE on
 * every insert), or a view in place of a table, ends every use with an error that says so
 * (it spun at 100 % CPU past SIGTERM before), and is left as it was. */
static void
test_planted (void)
{
  static const char *const plants[] = {
    "CREATE TRIGGER forever AFTER INSERT ON entries BEGIN SELECT count(*) FROM (WITH RECURSIVE "
    "c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c); END;",
    "ALTER TABLE drives RENAME TO real_drives; CREATE VIEW drives AS WITH RECURSIVE c(x) AS "
    "(SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x AS id, '' AS key, '' AS kind, '' AS "
    "model, NULL AS serial, NULL AS firmware, 0 AS size_bytes, NULL AS filesystem FROM c;",
  };
  g_autofree char *dir = fresh_dir ("planted");
  g_autofree char *file = g_build_filename (dir, "run.json", NULL);
  const double rates[] = { 500, 502 };
  g_autoptr (DmkResult) r = make_result ("Planted SSD", rates, 2);

  g_assert_true (dmk_result_save (r, file, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (plants); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/history-%u.sqlite", dir, i);
      g_autofree char *err = NULL, *before = NULL, *after = NULL;
      const char *import[] = { "history", "import", file, NULL };
      const char *list[] = { "history", NULL };
      gsize len;

      g_assert_cmpuint (add_live (path, "Planted SSD", "S1"), >, 0);
      sql (path, plants[i]);
      g_assert_true (g_file_get_contents (path, &before, &len, NULL));
      g_assert_cmpint (run_cli_on (path, import, &err), ==, 1);
      g_assert_nonnull (strstr (err, "triggers or views that GDiskMark never makes"));
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (run_cli_on (path, list, &err), ==, 1);
      g_assert_nonnull (strstr (err, "triggers or views that GDiskMark never makes"));
      g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
      g_assert_cmpmem (after, len, before, len);
    }
}

/* A symbolic link at the store's path is not followed (the store it points to is not touched),
 * nor is anything but a regular file opened as a store. */
static void
test_not_a_store_file (void)
{
  g_autofree char *dir = fresh_dir ("link");
  g_autofree char *real = g_build_filename (dir, "elsewhere.sqlite", NULL);
  g_autofree char *link = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.sqlite", NULL);
  g_autofree char *err = NULL;
  const char *list[] = { "history", NULL };
  g_autoptr (GError) error = NULL;
  DmkHistory *h;

  g_assert_cmpuint (add_live (real, "Linked SSD", "S2"), >, 0);
  g_assert_no_errno (symlink (real, link));
  h = dmk_history_open (link, 1000, &error);
  g_assert_null (h);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_HISTORY);
  g_assert_nonnull (strstr (error->message, "symbolic link"));
  g_assert_cmpint (run_cli_on (link, list, &err), ==, 1);
  g_assert_nonnull (strstr (err, "symbolic link"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpuint (count_entries (real), ==, 1);

  g_assert_no_errno (mkfifo (fifo, 0600));
  g_assert_cmpint (run_cli_on (fifo, list, &err), ==, 1);
  g_assert_nonnull (strstr (err, "not a regular file"));
}

/* Issue 44, item 8: a batch import is all or nothing: one file that cannot be read imports none
 * of the others (importing again then adds each once), and the store is never left with a
 * part of a batch. */
static void
test_import_all_or_nothing (void)
{
  g_autofree char *dir = fresh_dir ("batch");
  g_autofree char *path = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.json", NULL);
  g_autofree char *err = NULL;
  const double rates[] = { 500, 502 };
  g_autoptr (DmkResult) ra = make_result ("Batch SSD", rates, 2);
  g_autoptr (DmkResult) rb = make_result ("Batch SSD", rates, 2);
  const char *with_bad[] = { "history", "import", a, b, bad, NULL };
  const char *good[] = { "history", "import", a, b, NULL };

  g_assert_true (dmk_result_save (ra, a, NULL));
  g_assert_true (dmk_result_save (rb, b, NULL));
  g_assert_true (g_file_set_contents (bad, "{ \"not\": ", -1, NULL));
  g_assert_cmpuint (add_live (path, "Other SSD", "S3"), >, 0);
  g_assert_cmpint (run_cli_on (path, with_bad, &err), ==, 1);
  g_assert_nonnull (strstr (err, "Nothing was imported"));
  g_assert_cmpuint (count_entries (path), ==, 1);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli_on (path, good, &err), ==, 0);
  g_assert_cmpuint (count_entries (path), ==, 3);
}

int
main (int argc, char **argv)
{
  g_autofree char *data = NULL, *tmp = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  scratch = g_dir_make_tmp ("gdiskmark-test-history-XXXXXX", NULL);
  g_assert_nonnull (scratch);
  /* Where a failed store's run goes after the folder beside it: inside this run's folder. */
  data = g_build_filename (scratch, "data", NULL);
  tmp = g_build_filename (scratch, "tmp", NULL);
  g_mkdir_with_parents (tmp, 0700);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("TMPDIR", tmp, TRUE);
  g_test_add_func ("/history/schema", test_schema);
  g_test_add_func ("/history/add-list-delete", test_add_list_delete);
  g_test_add_func ("/history/stats/t-critical", test_t_critical);
  g_test_add_func ("/history/stats/welch", test_welch);
  g_test_add_func ("/history/stats/verdict", test_verdict);
  g_test_add_func ("/history/stats/alike", test_alike);
  g_test_add_func ("/history/stats/row-only", test_row_only);
  g_test_add_func ("/history/stats/unlike", test_unlike);
  g_test_add_func ("/history/stats/unlike-mix", test_unlike_mix);
  g_test_add_func ("/history/concurrent/threads", test_threads);
  g_test_add_func ("/history/concurrent/processes", test_processes);
  g_test_add_func ("/history/import/join", test_import_join);
  g_test_add_func ("/history/fails/locked", test_locked);
  g_test_add_func ("/history/fails/corrupt", test_corrupt);
  g_test_add_func ("/history/fails/read-only", test_read_only);
  g_test_add_func ("/history/fails/full", test_full);
  g_test_add_func ("/history/untrusted/planted", test_planted);
  g_test_add_func ("/history/untrusted/not-a-store-file", test_not_a_store_file);
  g_test_add_func ("/history/import/all-or-nothing", test_import_all_or_nothing);
  status = g_test_run ();
  if (status == 0)
    {
      const char *argv_rm[] = { "rm", "-rf", scratch, NULL };
      g_spawn_sync (NULL, (char **) argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                    NULL, NULL);
    }
  g_free (scratch);
  return status;
}
