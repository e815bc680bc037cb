/* dmk-history-list.c: reading the history back: its entries by drive, one entry's result, and
 * deleting one; the same in a thread for a window. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-history-private.h"
#include "dmk-rated.h"

void
dmk_history_entry_free (DmkHistoryEntry *e)
{
  if (e == NULL)
    return;
  dmk_drive_id_clear (&e->drive);
  g_free (e->kind);
  g_free (e->target);
  g_free (e->device);
  g_free (e->engine);
  g_free (e->kernel);
  g_free (e->date);
  g_free (e->settings);
  g_free (e->source);
  g_free (e->json);
  g_free (e);
}

DmkResult *
dmk_history_entry_result (const DmkHistoryEntry *entry, GError **error)
{
  g_return_val_if_fail (entry != NULL, NULL);
  return dmk_result_from_json (entry->json, -1, error);
}

/* Whether a and b (of dates less than a second apart) are one run: the same tool, kind,
 * target and every test's score. GDiskMark's own text prints each score to three decimals and
 * its date to the second, so a run read back from its text is the run its JSON holds; two runs
 * that agree on every score to 0.01 % in the same second on the same target are not met. */
static gboolean
same_run (const DmkResult *a, const DmkResult *b)
{
  if (a->kind != b->kind || g_strcmp0 (a->tool_name, b->tool_name) != 0 ||
      g_strcmp0 (a->target.path, b->target.path) != 0 || a->tests->len != b->tests->len)
    return FALSE;
  for (guint i = 0; i < a->tests->len; i++)
    {
      const DmkTestResult *x = g_ptr_array_index (a->tests, i);
      const DmkTestResult *y = g_ptr_array_index (b->tests, i);
      double scale = MAX (fabs (x->mb_per_s), fabs (y->mb_per_s));

      if (x->direction != y->direction || !dmk_test_spec_equal (&x->spec, &y->spec) ||
          g_strcmp0 (x->name, y->name) != 0 ||
          fabs (x->mb_per_s - y->mb_per_s) > MAX (0.0006, 1e-4 * scale))
        return FALSE;
    }
  return TRUE;
}

gint64
dmk_history_find_same (DmkHistory *history, const DmkResult *result, GError **error)
{
  sqlite3_stmt *st = NULL;
  gint64 found = 0;
  int rc = SQLITE_DONE;

  g_return_val_if_fail (history != NULL && result != NULL, -1);
  if (result->date == NULL || *result->date == '\0')
    return 0;
  /* The same date, or one less than a second from it (a text prints the second, a JSON the
   * microsecond; SQLite reads both, with their offsets). */
  if (sqlite3_prepare_v2 (history->db,
                          "SELECT id, result_json FROM entries WHERE date = ?1 OR "
                          "abs (julianday (date) - julianday (?1)) * 86400.0 < 0.99",
                          -1, &st, NULL) != SQLITE_OK)
    {
      _dmk_history_db_error (error, history, _("reading"));
      return -1;
    }
  sqlite3_bind_text (st, 1, result->date, -1, SQLITE_TRANSIENT);
  _dmk_history_start (history);
  while (found == 0 && (rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      const char *json = (const char *) sqlite3_column_text (st, 1);
      g_autoptr (DmkResult) stored = json != NULL ? dmk_result_from_json (json, -1, NULL) : NULL;

      if (stored != NULL && same_run (stored, result))
        found = sqlite3_column_int64 (st, 0);
    }
  if (found == 0 && rc != SQLITE_DONE)
    {
      sqlite3_finalize (st);
      _dmk_history_db_error (error, history, _("reading"));
      return -1;
    }
  sqlite3_finalize (st);
  return found;
}

static char *
column_text (sqlite3_stmt *st, int i)
{
  const unsigned char *t = sqlite3_column_text (st, i);

  return t != NULL ? g_strdup ((const char *) t) : NULL;
}

static DmkHistoryEntry *
entry_from_row (sqlite3_stmt *st)
{
  DmkHistoryEntry *e = g_new0 (DmkHistoryEntry, 1);

  e->id = sqlite3_column_int64 (st, 0);
  e->drive_id = sqlite3_column_int64 (st, 1);
  e->kind = column_text (st, 2);
  e->target = column_text (st, 3);
  e->device = column_text (st, 4);
  e->settings = column_text (st, 5);
  e->engine = column_text (st, 6);
  e->kernel = column_text (st, 7);
  e->date = column_text (st, 8);
  e->source = column_text (st, 9);
  e->json = column_text (st, 10);
  e->drive.key = column_text (st, 11);
  e->drive.kind = column_text (st, 12);
  e->drive.model = column_text (st, 13);
  e->drive.serial = column_text (st, 14);
  e->drive.firmware = column_text (st, 15);
  e->drive.size_bytes = (guint64) sqlite3_column_int64 (st, 16);
  e->drive.filesystem = column_text (st, 17);
  /* The drive's rating as kept now (none where it has none, or one out of range). */
  e->rated.read_mb_per_s = sqlite3_column_double (st, 18);
  e->rated.write_mb_per_s = sqlite3_column_double (st, 19);
  if (!(e->rated.read_mb_per_s > 0 && e->rated.read_mb_per_s <= DMK_RATED_MAX_MB_S))
    e->rated.read_mb_per_s = 0;
  if (!(e->rated.write_mb_per_s > 0 && e->rated.write_mb_per_s <= DMK_RATED_MAX_MB_S))
    e->rated.write_mb_per_s = 0;
  return e;
}

/* A drive named by its number, an entry's path, or part of its model or serial. */
#define LIST_SQL                                                                                   \
  "SELECT e.id, e.drive_id, e.kind, e.target, e.device, e.settings, e.engine, e.kernel, e.date, " \
  "e.source, e.result_json, d.key, d.kind, d.model, d.serial, d.firmware, d.size_bytes, "         \
  "d.filesystem, r.read_mb_per_s, r.write_mb_per_s FROM entries e JOIN drives d ON "             \
  "d.id = e.drive_id LEFT JOIN ratings r ON r.key = d.key "
/* A number is a drive's number only: "1" would match many a model. */
#define DRIVE_FILTER                                                                               \
  "WHERE ?1 IS NULL OR (?2 >= 0 AND d.id = ?2) OR (?2 < 0 AND (instr (d.model, ?1) > 0 OR "       \
  "instr (d.serial, ?1) > 0 OR "                                                                   \
  "d.id IN (SELECT drive_id FROM entries WHERE target = ?1 OR device = ?1))) "

GPtrArray *
dmk_history_list (DmkHistory *history, const char *drive, GError **error)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_history_entry_free);
  sqlite3_stmt *st = NULL;
  char *end = NULL;
  gint64 number = -1;
  int rc;

  g_return_val_if_fail (history != NULL, NULL);
  if (drive != NULL && drive[0] != '\0')
    {
      number = g_ascii_strtoll (drive, &end, 10);
      if (*end != '\0')
        number = -1;
    }
  if (sqlite3_prepare_v2 (history->db, LIST_SQL DRIVE_FILTER "ORDER BY e.drive_id, e.date, e.id",
                          -1, &st, NULL) != SQLITE_OK)
    {
      _dmk_history_db_error (error, history, _("reading"));
      return NULL;
    }
  if (drive != NULL)
    sqlite3_bind_text (st, 1, drive, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (st, 2, number);
  _dmk_history_start (history);
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    g_ptr_array_add (out, entry_from_row (st));
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE)
    {
      _dmk_history_db_error (error, history, _("reading"));
      return NULL;
    }
  return g_steal_pointer (&out);
}

/* The entry id, and its drive when it was that drive's last: FALSE with error set. */
static gboolean
delete_entry (DmkHistory *history, gint64 id, GError **error)
{
  sqlite3_stmt *st = NULL;
  int rc;

  if (sqlite3_prepare_v2 (history->db, "DELETE FROM entries WHERE id = ?", -1, &st, NULL) !=
      SQLITE_OK)
    return _dmk_history_db_error (error, history, _("deleting"));
  sqlite3_bind_int64 (st, 1, id);
  rc = sqlite3_step (st);
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE)
    return _dmk_history_db_error (error, history, _("deleting"));
  if (sqlite3_changes (history->db) == 0)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);

      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND,
                   _("The history has no entry %s (see gdiskmark-cli history)"), number);
      return FALSE;
    }
  /* A drive without entries is forgotten with its last one. */
  if (sqlite3_exec (history->db,
                    "DELETE FROM drives WHERE id NOT IN (SELECT DISTINCT drive_id FROM entries)",
                    NULL, NULL, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, history, _("deleting"));
  return TRUE;
}

gboolean
dmk_history_delete (DmkHistory *history, gint64 id, GError **error)
{
  g_return_val_if_fail (history != NULL, FALSE);
  /* Both statements or neither: never an entry gone and its drive left half-forgotten. */
  if (!dmk_history_begin (history, error))
    return FALSE;
  if (!delete_entry (history, id, error))
    {
      dmk_history_rollback (history);
      return FALSE;
    }
  return dmk_history_commit (history, error);
}

/* ---- in a thread ---- */

typedef struct
{
  char *path;
  gint64 delete_id;
  GError *delete_error;
} ListWork;

static void
list_work_free (ListWork *w)
{
  g_free (w->path);
  g_clear_error (&w->delete_error);
  g_free (w);
}

static void
list_in_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ListWork *w = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = dmk_history_open (w->path, DMK_HISTORY_BUSY_MS, &error);
  GPtrArray *entries;

  if (h == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (w->delete_id > 0)
    dmk_history_delete (h, w->delete_id, &w->delete_error);
  entries = dmk_history_list (h, NULL, &error);
  if (entries == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, entries, (GDestroyNotify) g_ptr_array_unref);
}

void
dmk_history_list_async (const char *path, gint64 delete_id, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ListWork *w = g_new0 (ListWork, 1);

  g_task_set_source_tag (task, dmk_history_list_async);
  w->path = path != NULL ? g_strdup (path) : dmk_history_default_path ();
  w->delete_id = delete_id;
  g_task_set_task_data (task, w, (GDestroyNotify) list_work_free);
  g_task_run_in_thread (task, list_in_thread);
}

GPtrArray *
dmk_history_list_finish (GAsyncResult *result, GError **delete_error, GError **error)
{
  ListWork *w;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  w = g_task_get_task_data (G_TASK (result));
  if (delete_error != NULL && w->delete_error != NULL)
    *delete_error = g_error_copy (w->delete_error);
  return g_task_propagate_pointer (G_TASK (result), error);
}
