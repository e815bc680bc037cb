/* test-history.c: the history store: its schema and migration, adding, listing and deleting, two
 * writers at once, and every way the store can fail (locked, read-only, damaged, full) without
 * losing the run. The statistics are in test-history-stats.c; imports and planted stores through
 * the CLI in test-history-join.c. */
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

int
main (int argc, char **argv)
{
  dmk_test_history_init (&argc, &argv);
  g_test_add_func ("/history/schema", test_schema);
  g_test_add_func ("/history/add-list-delete", test_add_list_delete);
  g_test_add_func ("/history/concurrent/threads", test_threads);
  g_test_add_func ("/history/concurrent/processes", test_processes);
  g_test_add_func ("/history/fails/locked", test_locked);
  g_test_add_func ("/history/fails/corrupt", test_corrupt);
  g_test_add_func ("/history/fails/read-only", test_read_only);
  g_test_add_func ("/history/fails/full", test_full);
  return dmk_test_history_run ();
}
