/* test-history-join.c: the real gdiskmark-cli on a store: an import joins the drive it was
 * measured on and adds all or nothing; a store someone planted a trigger in, or a file that is
 * no store, is refused without a hang. */
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

/* ---- an import joins the drive it was measured on ---- */

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

/* gdiskmark-cli history import with args, into the store at path: whether it succeeded; its
 * stderr into *err. */
static gboolean
run_import (const char *path, const char *const *args, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, "history");
  g_ptr_array_add (argv, "import");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  return run_cli_on (path, (const char *const *) argv->pdata, err) == 0;
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
  dmk_test_history_init (&argc, &argv);
  g_test_add_func ("/history/import/join", test_import_join);
  g_test_add_func ("/history/untrusted/planted", test_planted);
  g_test_add_func ("/history/untrusted/not-a-store-file", test_not_a_store_file);
  g_test_add_func ("/history/import/all-or-nothing", test_import_all_or_nothing);
  return dmk_test_history_run ();
}
