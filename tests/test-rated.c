/* test-rated.c: the drive's rated speed: kept in the history by the drive's identity (set,
 * reopened, forgotten, and a store of the schema before it migrated), carried in the result's
 * JSON and text, a row of the comparison, and set with the real gdiskmark-cli on a real loop
 * device whose next run says its share. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-test-loop.h"

static char *scratch;

static DmkTestResult *
seq_test (const char *name, DmkDirection direction, double mb_per_s)
{
  DmkTestSpec spec;
  DmkTestResult *t;
  DmkPass pass = { .mb_per_s = mb_per_s, .iops = mb_per_s, .bytes = 1000000, .seconds = 1 };
  g_autofree DmkHistogram *hist = g_new0 (DmkHistogram, 1);

  g_assert_true (dmk_test_spec_parse (name, &spec, NULL));
  t = dmk_test_result_new (&spec, direction);
  dmk_histogram_reset (hist);
  dmk_histogram_add (hist, 1000);
  dmk_test_result_add_pass_series (t, &pass, hist, NULL);
  return t;
}

/* A grid on a drive of model: SEQ1M Q8T1 and SEQ1M Q1T1 reads and a write, RND4K Q1T1. */
static DmkResult *
make_result (const char *model, double seq8_read, double seq1_read, double seq8_write)
{
  DmkResult *r = dmk_result_new ();

  r->date = g_strdup ("2026-12-07T18:00:00+00:00");
  r->target.kind = DMK_TARGET_BLOCK_DEVICE;
  r->target.path = g_strdup ("/dev/loop7");
  r->target.model = g_strdup (model);
  r->target.size_bytes = 64 << 20;
  g_ptr_array_add (r->tests, seq_test ("SEQ1M Q8T1", DMK_DIRECTION_READ, seq8_read));
  g_ptr_array_add (r->tests, seq_test ("SEQ1M Q8T1", DMK_DIRECTION_WRITE, seq8_write));
  g_ptr_array_add (r->tests, seq_test ("SEQ1M Q1T1", DMK_DIRECTION_READ, seq1_read));
  g_ptr_array_add (r->tests, seq_test ("RND4K Q1T1", DMK_DIRECTION_READ, 50));
  return r;
}

static char *
store_path (const char *name)
{
  return g_build_filename (scratch, name, NULL);
}

/* ---- the store ---- */

static void
test_store_reopen (void)
{
  g_autofree char *path = store_path ("reopen.sqlite");
  g_autoptr (DmkResult) r = make_result ("Loop device (a.img)", 1600, 1200, 1500);
  g_autoptr (GError) error = NULL;
  DmkRated set = { 3500, 3000 }, got = { 0 };
  DmkDriveId drive;

  dmk_drive_id_from_result (r, FALSE, &drive);
  {
    g_autoptr (DmkHistory) h = dmk_history_open (path, 1000, &error);
    g_assert_no_error (error);
    g_assert_true (dmk_history_get_rating (h, &drive, &got, &error));
    g_assert_false (dmk_rated_known (&got));
    g_assert_true (dmk_history_set_rating (h, &drive, &set, &error));
    g_assert_no_error (error);
  }
  /* A restart: the store file opened again. */
  {
    g_autoptr (DmkHistory) h = dmk_history_open (path, 1000, &error);
    g_assert_no_error (error);
    g_assert_true (dmk_history_get_rating (h, &drive, &got, &error));
    g_assert_cmpfloat (got.read_mb_per_s, ==, 3500);
    g_assert_cmpfloat (got.write_mb_per_s, ==, 3000);
    /* Another drive has none. */
    {
      g_autoptr (DmkResult) other = make_result ("Loop device (b.img)", 1, 1, 1);
      DmkDriveId od;

      dmk_drive_id_from_result (other, FALSE, &od);
      g_assert_true (dmk_history_get_rating (h, &od, &got, &error));
      g_assert_false (dmk_rated_known (&got));
      dmk_drive_id_clear (&od);
    }
    /* Out of range is refused, and the kept one stays. */
    set.read_mb_per_s = 2 * DMK_RATED_MAX_MB_S;
    g_assert_false (dmk_history_set_rating (h, &drive, &set, &error));
    g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_assert_true (dmk_history_get_rating (h, &drive, &got, &error));
    g_assert_cmpfloat (got.read_mb_per_s, ==, 3500);
    /* Forgotten. */
    g_assert_true (dmk_history_set_rating (h, &drive, NULL, &error));
    g_assert_true (dmk_history_get_rating (h, &drive, &got, &error));
    g_assert_false (dmk_rated_known (&got));
  }
  /* The save of a run puts the rating kept for its drive into it and into its entry. */
  {
    DmkRated again = { 2000, 0 };
    g_autoptr (DmkHistory) h = dmk_history_open (path, 1000, &error);
    g_autoptr (GPtrArray) entries = NULL;
    g_autoptr (DmkResult) back = NULL;
    gint64 id = 0;

    g_assert_true (dmk_history_set_rating (h, &drive, &again, &error));
    g_clear_pointer (&h, dmk_history_close);
    g_assert_true (dmk_history_save_run (path, r, FALSE, 1000, &id, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (r->rated.read_mb_per_s, ==, 2000);
    g_assert_cmpfloat (r->rated.write_mb_per_s, ==, 0);
    h = dmk_history_open (path, 1000, &error);
    entries = dmk_history_list (h, NULL, &error);
    g_assert_cmpuint (entries->len, ==, 1);
    back = dmk_history_entry_result (entries->pdata[0], &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (back->rated.read_mb_per_s, ==, 2000);
    /* The drive's number finds the same rating. */
    {
      DmkDriveId by_number;
      DmkRated got2;

      g_assert_true (dmk_history_drive_by_number (
        h, ((DmkHistoryEntry *) entries->pdata[0])->drive_id, &by_number, &error));
      g_assert_true (dmk_history_get_rating (h, &by_number, &got2, &error));
      g_assert_cmpfloat (got2.read_mb_per_s, ==, 2000);
      dmk_drive_id_clear (&by_number);
      g_assert_false (dmk_history_drive_by_number (h, 999, &by_number, &error));
      g_assert_error (error, DMK_ERROR, DMK_ERROR_HISTORY);
    }
  }
  dmk_drive_id_clear (&drive);
}

/* The schema GDiskMark wrote before ratings (user_version 1), as dmk-history.c made it. */
static const char schema_1[] =
  "CREATE TABLE drives (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,"
  " model TEXT NOT NULL, serial TEXT, firmware TEXT, size_bytes INTEGER NOT NULL,"
  " filesystem TEXT);"
  "CREATE TABLE entries (id INTEGER PRIMARY KEY, drive_id INTEGER NOT NULL REFERENCES drives"
  " (id), kind TEXT NOT NULL, target TEXT, device TEXT, settings TEXT, engine TEXT, kernel TEXT,"
  " date TEXT NOT NULL, added TEXT NOT NULL, source TEXT NOT NULL, result_json TEXT NOT NULL);"
  "CREATE INDEX entries_by_drive ON entries (drive_id, date);"
  "PRAGMA user_version = 1;";

static void
test_store_migrate (void)
{
  g_autofree char *path = store_path ("old.sqlite");
  g_autoptr (DmkResult) r = make_result ("Loop device (old.img)", 1600, 1200, 1500);
  g_autofree char *json = dmk_result_to_json (r);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  DmkRated set = { 3500, 3000 }, got;
  DmkDriveId drive;
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  g_autofree char *insert = NULL;
  int version = -1;

  dmk_drive_id_from_result (r, FALSE, &drive);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, schema_1, NULL, NULL, NULL), ==, SQLITE_OK);
  insert = sqlite3_mprintf (
    "INSERT INTO drives VALUES (1, %Q, 'device', %Q, NULL, NULL, %lld, NULL);"
    "INSERT INTO entries VALUES (1, 1, 'grid', '/dev/loop7', '/dev/loop7', '{}', 'libaio', NULL,"
    " '2026-12-07T18:00:00+00:00', '2026-12-07T18:00:01Z', 'run', %Q);",
    drive.key, drive.model, (long long) drive.size_bytes, json);
  g_assert_cmpint (sqlite3_exec (db, insert, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_free (insert);
  sqlite3_close (db);
  insert = NULL;

  h = dmk_history_open (path, 1000, &error);
  g_assert_no_error (error);
  entries = dmk_history_list (h, NULL, &error);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_true (dmk_history_set_rating (h, &drive, &set, &error));
  g_assert_no_error (error);
  g_clear_pointer (&h, dmk_history_close);

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &st, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  version = sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  g_assert_cmpint (version, ==, DMK_HISTORY_SCHEMA_VERSION);

  h = dmk_history_open (path, 1000, &error);
  g_assert_true (dmk_history_get_rating (h, &drive, &got, &error));
  g_assert_cmpfloat (got.read_mb_per_s, ==, 3500);
  g_assert_cmpfloat (got.write_mb_per_s, ==, 3000);
  dmk_drive_id_clear (&drive);
}

/* ---- the result's files ---- */

/* "SEQ1M Q8T1 Read 1600 MB/s is 46 % of the rated 3500 MB/s", computed here from the numbers. */
static char *
expected_sentence (const char *test, const char *direction, double measured, double rated)
{
  return g_strdup_printf ("%s %s %.0f MB/s is %.0f %% of the rated %.0f MB/s", test, direction,
                          measured, measured / rated * 100.0, rated);
}

static void
test_files (void)
{
  g_autoptr (DmkResult) r = make_result ("Loop device (c.img)", 1600, 1700, 1500);
  g_autoptr (DmkResult) back = NULL;
  g_autoptr (DmkResult) old = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL, *text = NULL, *plain = NULL, *plain_text = NULL;
  g_autofree char *read_line = expected_sentence ("SEQ1M Q1T1", "Read", 1700, 3500);
  g_autofree char *write_line = expected_sentence ("SEQ1M Q8T1", "Write", 1500, 3000);
  JsonObject *rated, *read;

  /* Without a rating: no "rated" member and no line. */
  plain = dmk_result_to_json (r);
  plain_text = dmk_result_to_text (r);
  g_assert_null (strstr (plain, "\"rated\""));
  g_assert_null (strstr (plain_text, "Rated:"));

  r->rated.read_mb_per_s = 3500;
  r->rated.write_mb_per_s = 3000;
  json = dmk_result_to_json (r);
  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (back->rated.read_mb_per_s, ==, 3500);
  g_assert_cmpfloat (back->rated.write_mb_per_s, ==, 3000);
  /* The share is the best sequential read's (SEQ1M Q1T1 here), said for other readers. */
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  rated = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                         "rated");
  read = json_object_get_object_member (rated, "read");
  g_assert_cmpstr (json_object_get_string_member (read, "test"), ==, "SEQ1M Q1T1");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (read, "percent"),
                                  1700 / 3500.0 * 100, 1e-9);
  text = dmk_result_to_text (back);
  g_assert_nonnull (strstr (text, read_line));
  g_assert_nonnull (strstr (text, write_line));
  /* A file from before ratings still loads, without one. */
  old = dmk_result_from_json (plain, -1, &error);
  g_assert_no_error (error);
  g_assert_false (dmk_rated_known (&old->rated));
  /* A damaged rating is a clear error. */
  {
    g_autoptr (JsonParser) p2 = json_parser_new ();
    g_autoptr (JsonGenerator) gen = json_generator_new ();
    g_autoptr (DmkResult) none = NULL;
    g_autofree char *bad = NULL;
    JsonObject *ro;

    g_assert_true (json_parser_load_from_data (p2, json, -1, NULL));
    ro = json_object_get_object_member (json_node_get_object (json_parser_get_root (p2)),
                                        "rated");
    json_object_set_string_member (ro, "read_mb_per_s", "3500");
    json_generator_set_root (gen, json_parser_get_root (p2));
    bad = json_generator_to_data (gen, NULL);
    none = dmk_result_from_json (bad, -1, &error);
    g_assert_null (none);
    g_assert_nonnull (strstr (error->message, "rated.read_mb_per_s"));
    g_clear_error (&error);
  }
  /* The tooltip's words: only sequential tests have a share. */
  {
    g_autofree char *share = dmk_rated_share_text (back, back->tests->pdata[0]);
    g_autofree char *want = g_strdup_printf ("%.0f %% of the rated 3500 MB/s",
                                             1600 / 3500.0 * 100);

    g_assert_cmpstr (share, ==, want);
    g_assert_null (dmk_rated_share_text (back, back->tests->pdata[3]));
  }
}

static void
test_parse (void)
{
  g_autoptr (GError) error = NULL;
  DmkRated r;

  g_assert_true (dmk_rated_parse ("3500,3000", &r, &error));
  g_assert_cmpfloat (r.read_mb_per_s, ==, 3500);
  g_assert_cmpfloat (r.write_mb_per_s, ==, 3000);
  g_assert_true (dmk_rated_parse ("550.5,", &r, &error));
  g_assert_cmpfloat (r.read_mb_per_s, ==, 550.5);
  g_assert_cmpfloat (r.write_mb_per_s, ==, 0);
  g_assert_true (dmk_rated_parse (" none ", &r, &error));
  g_assert_false (dmk_rated_known (&r));
  g_assert_false (dmk_rated_parse ("3500", &r, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (dmk_rated_parse ("fast,3000", &r, &error));
  g_assert_nonnull (strstr (error->message, "“fast”"));
  g_clear_error (&error);
  g_assert_false (dmk_rated_parse ("3500,-1", &r, &error));
  g_clear_error (&error);
}

/* ---- the comparison ---- */

static void
test_compare (void)
{
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (DmkComparison) cmp = NULL;
  g_autofree char *text = NULL, *share = NULL;
  DmkResult *a = make_result ("Loop device (d.img)", 1600, 1200, 1500);
  DmkResult *b = make_result ("Loop device (e.img)", 400, 300, 350);
  g_auto (GStrv) lines = NULL;
  gboolean rated_row = FALSE, share_row = FALSE;

  a->rated.read_mb_per_s = 3500;
  g_ptr_array_add (results, a);
  g_ptr_array_add (results, b);
  cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  text = dmk_comparison_to_text (cmp);
  share = g_strdup_printf ("%.0f %% (SEQ1M Q8T1)", 1600 / 3500.0 * 100);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) cells = NULL;

      if (g_str_has_prefix (lines[i], "Rated Read MB/s"))
        {
          rated_row = TRUE;
          g_assert_nonnull (strstr (lines[i], "3500"));
          g_assert_true (g_str_has_suffix (g_strchomp (lines[i]), "—"));
        }
      if (g_str_has_prefix (lines[i], "Read of rated"))
        {
          share_row = TRUE;
          g_assert_nonnull (strstr (lines[i], share));
          g_assert_true (g_str_has_suffix (g_strchomp (lines[i]), "—"));
        }
    }
  g_assert_true (rated_row);
  g_assert_true (share_row);
}

/* ---- gdiskmark-cli on a real loop device ---- */

static int
run_cli (const char *store, const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) l =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *o = NULL, *e = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("GDISKMARK_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (l, "GDISKMARK_HISTORY", store, TRUE);
  p = g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &o, &e, &error));
  g_assert_no_error (error);
  if (g_subprocess_get_exit_status (p) != 0)
    g_test_message ("gdiskmark-cli failed: %s", e);
  if (out != NULL)
    *out = g_steal_pointer (&o);
  if (err != NULL)
    *err = g_steal_pointer (&e);
  return g_subprocess_get_exit_status (p);
}

static void
test_cli (DmkTestLoopFixture *f, gconstpointer data)
{
  g_autofree char *store = store_path ("cli.sqlite");
  const char *run_json[] = { "--size=16MiB", "--passes=1", "--time=1", "--warmup=0",
                             "--interval=0", "--test=SEQ1M Q1T1", "--mode=read", "--quiet",
                             "--json", dmk_test_loop, NULL };
  const char *run_text[] = { "--size=16MiB", "--passes=1", "--time=1", "--warmup=0",
                             "--interval=0", "--test=SEQ1M Q1T1", "--mode=read", "--quiet",
                             dmk_test_loop, NULL };
  const char *rate[] = { "history", "--rate", "3500,3000", dmk_test_loop, NULL };
  const char *bad[] = { "history", "--rate", "3500", dmk_test_loop, NULL };
  const char *nobody[] = { "history", "--rate", "3500,3000", "no such drive", NULL };
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autoptr (DmkResult) first = NULL, second = NULL;
  g_autoptr (GError) error = NULL;
  const DmkTestResult *t;

  if (!f->ready)
    return;
  /* A drive the history has not met cannot be rated by its name. */
  g_assert_cmpint (run_cli (store, nobody, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, "no drive in the history matches"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (store, run_json, &out, NULL), ==, 0);
  first = dmk_result_from_json (out, -1, &error);
  g_assert_no_error (error);
  g_assert_false (dmk_rated_known (&first->rated));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (store, bad, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "READ,WRITE"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (store, rate, &out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Rated 3500 MB/s read, 3000 MB/s write"));
  g_clear_pointer (&out, g_free);

  /* The next run of the drive says its share, in its JSON and its text. */
  g_assert_cmpint (run_cli (store, run_json, &out, NULL), ==, 0);
  second = dmk_result_from_json (out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (second->rated.read_mb_per_s, ==, 3500);
  g_assert_cmpfloat (second->rated.write_mb_per_s, ==, 3000);
  g_assert_nonnull (strstr (out, "\"percent\""));
  t = dmk_rated_best_test (second, DMK_DIRECTION_READ);
  g_assert_nonnull (t);
  g_assert_cmpint (run_cli (store, run_text, &text, NULL), ==, 0);
  g_assert_nonnull (strstr (text, "  Rated: SEQ1M Q1T1 Read "));
  g_assert_nonnull (strstr (text, "% of the rated 3500 MB/s (the best sequential read)"));
  g_assert_nonnull (strstr (text, "  Rated: 3000 MB/s write; no sequential write was measured"));
  /* The history lists the drive with its rating, in text and JSON. */
  {
    const char *list[] = { "history", NULL };
    const char *list_json[] = { "history", "--json", NULL };
    g_autofree char *o1 = NULL, *o2 = NULL;
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *drive;

    g_assert_cmpint (run_cli (store, list, &o1, NULL), ==, 0);
    g_assert_nonnull (strstr (o1, "\n  Rated 3500 MB/s read, 3000 MB/s write\n"));
    g_assert_cmpint (run_cli (store, list_json, &o2, NULL), ==, 0);
    g_assert_true (json_parser_load_from_data (parser, o2, -1, NULL));
    drive = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                    "drives"),
      0);
    g_assert_cmpfloat (json_object_get_double_member (drive, "rated_read_mb_per_s"), ==, 3500);
    g_assert_cmpfloat (json_object_get_double_member (drive, "rated_write_mb_per_s"), ==, 3000);
  }
  g_assert_nonnull (strstr (out, "\"rated\""));
  /* Forgotten: the next run says none. */
  {
    const char *forget[] = { "history", "--rate", "none", dmk_test_loop, NULL };
    g_autofree char *o2 = NULL, *o3 = NULL;

    g_assert_cmpint (run_cli (store, forget, &o2, NULL), ==, 0);
    g_assert_nonnull (strstr (o2, "no rated speed"));
    g_assert_cmpint (run_cli (store, run_text, &o3, NULL), ==, 0);
    g_assert_null (strstr (o3, "Rated:"));
  }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  scratch = g_dir_make_tmp ("dmk-rated-XXXXXX", NULL);
  dmk_test_loop_cleanup_on_signals (NULL);
  g_test_add_func ("/rated/store/reopen", test_store_reopen);
  g_test_add_func ("/rated/store/migrate", test_store_migrate);
  g_test_add_func ("/rated/files", test_files);
  g_test_add_func ("/rated/parse", test_parse);
  g_test_add_func ("/rated/compare", test_compare);
  g_test_add ("/rated/cli/loop", DmkTestLoopFixture, GSIZE_TO_POINTER (64 << 20),
              dmk_test_loop_fixture_sized, test_cli, dmk_test_loop_fixture_teardown);
  status = g_test_run ();
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", scratch);
    (void) system (cmd);
  }
  return status;
}
