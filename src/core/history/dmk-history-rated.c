/* dmk-history-rated.c: the drive's rated speed kept in the history by its identity, set, read
 * and put into the results of that drive. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-history-private.h"
#include "dmk-rated.h"

static char *
key_of_number (DmkHistory *h, gint64 number, GError **error)
{
  sqlite3_stmt *st = NULL;
  char *key = NULL;
  int rc;

  if (sqlite3_prepare_v2 (h->db, "SELECT key FROM drives WHERE id = ?", -1, &st, NULL) !=
      SQLITE_OK)
    {
      _dmk_history_db_error (error, h, _("reading the drives"));
      return NULL;
    }
  sqlite3_bind_int64 (st, 1, number);
  rc = sqlite3_step (st);
  if (rc == SQLITE_ROW)
    key = g_strdup ((const char *) sqlite3_column_text (st, 0));
  else if (rc != SQLITE_DONE)
    _dmk_history_db_error (error, h, _("reading the drives"));
  sqlite3_finalize (st);
  return key;
}

/* Whether the store has a drive of key (or a rating of it). */
static gboolean
key_known (DmkHistory *h, const char *key)
{
  sqlite3_stmt *st = NULL;
  gboolean found = FALSE;

  if (sqlite3_prepare_v2 (h->db,
                          "SELECT 1 FROM drives WHERE key = ?1 UNION ALL "
                          "SELECT 1 FROM ratings WHERE key = ?1",
                          -1, &st, NULL) == SQLITE_OK)
    {
      sqlite3_bind_text (st, 1, key, -1, SQLITE_TRANSIENT);
      found = sqlite3_step (st) == SQLITE_ROW;
    }
  sqlite3_finalize (st);
  return found;
}

char *
dmk_history_rating_key (DmkHistory *history, const DmkDriveId *drive, GError **error)
{
  g_autofree char *alike_key = NULL;
  gint64 alike;

  g_return_val_if_fail (history != NULL && drive != NULL && drive->key != NULL, NULL);
  if (drive->serial != NULL || key_known (history, drive->key))
    return g_strdup (drive->key);
  /* A file's drive has no serial: the drive of the store it was measured on, when it is one. */
  alike = dmk_history_find_alike (history, drive, NULL, error);
  if (alike < 0)
    return NULL;
  if (alike > 0)
    {
      g_autoptr (GError) local = NULL;

      alike_key = key_of_number (history, alike, &local);
      if (local != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
    }
  return g_strdup (alike_key != NULL ? alike_key : drive->key);
}

gboolean
dmk_history_get_rating (DmkHistory *history, const DmkDriveId *drive, DmkRated *rated,
                        GError **error)
{
  g_autofree char *key = NULL;
  sqlite3_stmt *st = NULL;
  int rc;

  g_return_val_if_fail (history != NULL && drive != NULL && rated != NULL, FALSE);
  memset (rated, 0, sizeof *rated);
  _dmk_history_start (history);
  key = dmk_history_rating_key (history, drive, error);
  if (key == NULL)
    return FALSE;
  if (sqlite3_prepare_v2 (history->db,
                          "SELECT read_mb_per_s, write_mb_per_s FROM ratings WHERE key = ?", -1,
                          &st, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, history, _("reading the rated speed"));
  sqlite3_bind_text (st, 1, key, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (st);
  if (rc == SQLITE_ROW)
    {
      /* A value another program put there out of range is no rating. */
      double read = sqlite3_column_double (st, 0), write = sqlite3_column_double (st, 1);

      rated->read_mb_per_s = read > 0 && read <= DMK_RATED_MAX_MB_S ? read : 0;
      rated->write_mb_per_s = write > 0 && write <= DMK_RATED_MAX_MB_S ? write : 0;
    }
  sqlite3_finalize (st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return _dmk_history_db_error (error, history, _("reading the rated speed"));
  return TRUE;
}

static gboolean
exec_checked (DmkHistory *h, const char *sql, GError **error)
{
  if (sqlite3_exec (h->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, h, _("keeping the rated speed"));
  return TRUE;
}

static gboolean
write_rating (DmkHistory *h, const char *key, const DmkRated *rated, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *changed = g_date_time_format_iso8601 (now);
  gboolean forget = !dmk_rated_known (rated);
  sqlite3_stmt *st = NULL;
  int rc;

  if (sqlite3_prepare_v2 (h->db,
                          forget ? "DELETE FROM ratings WHERE key = ?1"
                                 : "INSERT INTO ratings (key, read_mb_per_s, write_mb_per_s, "
                                   "changed) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (key) DO UPDATE "
                                   "SET read_mb_per_s = ?2, write_mb_per_s = ?3, changed = ?4",
                          -1, &st, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, h, _("keeping the rated speed"));
  sqlite3_bind_text (st, 1, key, -1, SQLITE_TRANSIENT);
  if (!forget)
    {
      sqlite3_bind_double (st, 2, MAX (rated->read_mb_per_s, 0));
      sqlite3_bind_double (st, 3, MAX (rated->write_mb_per_s, 0));
      sqlite3_bind_text (st, 4, changed, -1, SQLITE_TRANSIENT);
    }
  rc = sqlite3_step (st);
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE)
    return _dmk_history_db_error (error, h, _("keeping the rated speed"));
  return TRUE;
}

gboolean
dmk_history_set_rating (DmkHistory *history, const DmkDriveId *drive, const DmkRated *rated,
                        GError **error)
{
  g_autofree char *key = NULL;
  gboolean own, ok;

  g_return_val_if_fail (history != NULL && drive != NULL, FALSE);
  if (rated != NULL && (!(rated->read_mb_per_s <= DMK_RATED_MAX_MB_S) ||
                        !(rated->write_mb_per_s <= DMK_RATED_MAX_MB_S)))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("A rated speed is at most 1000000 MB/s"));
      return FALSE;
    }
  own = sqlite3_get_autocommit (history->db); /* else the caller's batch */
  _dmk_history_start (history);
  if (own && !exec_checked (history, "BEGIN IMMEDIATE", error))
    return FALSE;
  key = dmk_history_rating_key (history, drive, error);
  ok = key != NULL && write_rating (history, key, rated, error);
  if (own && ok)
    ok = exec_checked (history, "COMMIT", error);
  if (own && !ok)
    sqlite3_exec (history->db, "ROLLBACK", NULL, NULL, NULL);
  return ok;
}

gboolean
dmk_history_drive_by_number (DmkHistory *history, gint64 drive_number, DmkDriveId *drive,
                             GError **error)
{
  sqlite3_stmt *st = NULL;
  int rc;

  g_return_val_if_fail (history != NULL && drive != NULL, FALSE);
  memset (drive, 0, sizeof *drive);
  _dmk_history_start (history);
  if (sqlite3_prepare_v2 (history->db,
                          "SELECT key, kind, model, serial, firmware, size_bytes, filesystem "
                          "FROM drives WHERE id = ?",
                          -1, &st, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, history, _("reading the drives"));
  sqlite3_bind_int64 (st, 1, drive_number);
  rc = sqlite3_step (st);
  if (rc == SQLITE_ROW)
    {
      drive->key = g_strdup ((const char *) sqlite3_column_text (st, 0));
      drive->kind = g_strdup ((const char *) sqlite3_column_text (st, 1));
      drive->model = g_strdup ((const char *) sqlite3_column_text (st, 2));
      drive->serial = g_strdup ((const char *) sqlite3_column_text (st, 3));
      drive->firmware = g_strdup ((const char *) sqlite3_column_text (st, 4));
      drive->size_bytes = (guint64) sqlite3_column_int64 (st, 5);
      drive->filesystem = g_strdup ((const char *) sqlite3_column_text (st, 6));
    }
  sqlite3_finalize (st);
  if (rc == SQLITE_ROW)
    return TRUE;
  if (rc != SQLITE_DONE)
    return _dmk_history_db_error (error, history, _("reading the drives"));
  {
    g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, drive_number);

    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                 /* TRANSLATORS: %s is a drive's number, %s the history file */
                 _("The history has no drive %s (%s): see the drives and their numbers with "
                   "“gdiskmark-cli history”"),
                 number, history->path);
  }
  return FALSE;
}

gboolean
dmk_history_rate_result (const char *path, DmkResult *result, gboolean live, const DmkRated *set,
                         int busy_ms, GError **error)
{
  g_autofree char *store = path != NULL ? g_strdup (path) : dmk_history_default_path ();
  g_autoptr (DmkHistory) h = NULL;
  DmkDriveId drive;
  DmkRated rated = { 0 };
  gboolean ok;

  g_return_val_if_fail (result != NULL, FALSE);
  h = dmk_history_open (store, busy_ms, error);
  if (h == NULL)
    return FALSE;
  dmk_drive_id_from_result (result, live, &drive);
  ok = (set == NULL || dmk_history_set_rating (h, &drive, set, error)) &&
       dmk_history_get_rating (h, &drive, &rated, error);
  dmk_drive_id_clear (&drive);
  if (ok)
    result->rated = rated;
  return ok;
}
