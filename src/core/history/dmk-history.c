/* dmk-history.c: the SQLite store of every finished run: opening and migrating its schema,
 * adding, listing and deleting entries. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-history-private.h"
#include "dmk-scan.h"

/* Each step takes the store from version i to i + 1, inside one transaction. */
static const char *const migrations[] = {
  /* 0 → 1 */
  "CREATE TABLE drives ("
  "  id INTEGER PRIMARY KEY,"
  "  key TEXT NOT NULL UNIQUE,"
  "  kind TEXT NOT NULL,"
  "  model TEXT NOT NULL,"
  "  serial TEXT,"
  "  firmware TEXT,"
  "  size_bytes INTEGER NOT NULL,"
  "  filesystem TEXT);"
  "CREATE TABLE entries ("
  "  id INTEGER PRIMARY KEY,"
  "  drive_id INTEGER NOT NULL REFERENCES drives (id),"
  "  kind TEXT NOT NULL,"
  "  target TEXT,"
  "  device TEXT,"
  "  settings TEXT,"
  "  engine TEXT,"
  "  kernel TEXT,"
  "  date TEXT NOT NULL,"
  "  added TEXT NOT NULL,"
  "  source TEXT NOT NULL,"
  "  result_json TEXT NOT NULL);"
  "CREATE INDEX entries_by_drive ON entries (drive_id, date);",
  /* 1 → 2: the drive's rated speed, as the user gave it (MB/s, 10^6 bytes/s; 0: none), by the
   * drive's identity: it stays when the drive's last run is deleted, and may be given before
   * its first run. */
  "CREATE TABLE ratings ("
  "  key TEXT PRIMARY KEY,"
  "  read_mb_per_s REAL NOT NULL CHECK (read_mb_per_s >= 0),"
  "  write_mb_per_s REAL NOT NULL CHECK (write_mb_per_s >= 0),"
  "  changed TEXT NOT NULL);",
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == DMK_HISTORY_SCHEMA_VERSION);

char *
dmk_history_default_path (void)
{
  const char *env = g_getenv ("GDISKMARK_HISTORY");

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);
  return g_build_filename (g_get_user_data_dir (), "gdiskmark", "history.sqlite", NULL);
}

const char *
dmk_history_get_path (DmkHistory *history)
{
  return history->path;
}

gboolean
_dmk_history_db_error (GError **error, DmkHistory *h, const char *what)
{
  int code = sqlite3_extended_errcode (h->db) & 0xff;
  int sys = sqlite3_system_errno (h->db);
  const char *why = sqlite3_errmsg (h->db);

  h->busy = code == SQLITE_BUSY || code == SQLITE_LOCKED;
  if (code == SQLITE_INTERRUPT && h->timed_out)
    {
      g_autofree char *limit = g_strdup_printf ("%d", DMK_HISTORY_STEP_LIMIT_MS / 1000);
      /* TRANSLATORS: "The history /…/history.sqlite took longer than 10 s (listing the runs)…" */
      g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                   _("The history %s took longer than %s s (%s) and was stopped: it holds more "
                     "than GDiskMark put there (a trigger or view that never ends, or a huge "
                     "table); move the file away to start a new history"),
                   h->path, limit, what);
      return FALSE;
    }
  if ((sqlite3_extended_errcode (h->db) & 0xffff) == SQLITE_CANTOPEN_SYMLINK)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                   _("The history %s is a symbolic link, which is not followed: give the file "
                     "itself (GDISKMARK_HISTORY), or move the link away"),
                   h->path);
      return FALSE;
    }
  /* An I/O error says more by its errno: a full disk often fails a write of the WAL's index
   * before SQLite's own SQLITE_FULL. */
  if (code == SQLITE_IOERR || code == SQLITE_CANTOPEN)
    code = sys == ENOSPC || sys == EDQUOT ? SQLITE_FULL
           : sys == EROFS || sys == EACCES || sys == EPERM ? SQLITE_READONLY
                                                           : code;

  /* TRANSLATORS: "The history in /home/u/.local/share/gdiskmark/history.sqlite could not be
   * written: database is locked" */
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                 _("The history in %s is locked by another program (%s): %s"), h->path, what, why);
  else if (code == SQLITE_FULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                 _("The disk holding the history %s is full (%s): %s"), h->path, what, why);
  else if (code == SQLITE_READONLY || code == SQLITE_CANTOPEN || code == SQLITE_PERM)
    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                 _("The history %s cannot be written (%s): %s"), h->path, what, why);
  else if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                 _("The history %s is damaged (%s): %s"), h->path, what, why);
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY, _("The history %s failed (%s): %s"),
                 h->path, what, why);
  return FALSE;
}

static gboolean
exec (DmkHistory *h, const char *sql, const char *what, GError **error)
{
  if (sqlite3_exec (h->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, h, what);
  return TRUE;
}

static int
user_version (DmkHistory *h)
{
  sqlite3_stmt *st = NULL;
  int v = -1;

  if (sqlite3_prepare_v2 (h->db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
      sqlite3_step (st) == SQLITE_ROW)
    v = sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  return v;
}

/* GDiskMark's schema has tables and indexes only: a trigger or a view was put there by someone
 * else, and could make every statement run forever. Such a store is refused (they never run:
 * see defend ()). */
static gboolean
only_ours (DmkHistory *h, GError **error)
{
  sqlite3_stmt *st = NULL;
  int rc, n = -1;

  if (sqlite3_prepare_v2 (h->db,
                          "SELECT count(*) FROM sqlite_schema WHERE type IN ('trigger', 'view')",
                          -1, &st, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, h, _("reading its schema"));
  rc = sqlite3_step (st);
  if (rc == SQLITE_ROW)
    n = sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  if (rc != SQLITE_ROW)
    return _dmk_history_db_error (error, h, _("reading its schema"));
  if (n == 0)
    return TRUE;
  g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
               _("The history %s holds triggers or views that GDiskMark never makes: another "
                 "program changed it. Nothing was read or written; move the file away to start "
                 "a new history"),
               h->path);
  return FALSE;
}

/* Brings the schema up to DMK_HISTORY_SCHEMA_VERSION. A store already there is only read (no
 * write lock: another process writing to it does not hold this open up). Otherwise the version
 * is read again inside an immediate transaction, so two processes opening a new store at once
 * migrate it once. */
static gboolean
migrate (DmkHistory *h, GError **error)
{
  int v = user_version (h);

  if (v == DMK_HISTORY_SCHEMA_VERSION)
    return only_ours (h, error);
  if (!exec (h, "BEGIN IMMEDIATE", _("opening"), error))
    return FALSE;
  v = user_version (h);
  if (v < 0)
    {
      _dmk_history_db_error (error, h, _("reading its version"));
      sqlite3_exec (h->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  if (v > DMK_HISTORY_SCHEMA_VERSION)
    {
      sqlite3_exec (h->db, "ROLLBACK", NULL, NULL, NULL);
      g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                   _("The history %s was made by a newer GDiskMark (schema %d): use that version, "
                     "or move the file away to start a new history"),
                   h->path, v);
      return FALSE;
    }
  if (!only_ours (h, error))
    {
      sqlite3_exec (h->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  for (; v < DMK_HISTORY_SCHEMA_VERSION; v++)
    {
      g_autofree char *bump = g_strdup_printf ("PRAGMA user_version = %d", v + 1);
      if (!exec (h, migrations[v], _("updating its schema"), error) ||
          !exec (h, bump, _("updating its schema"), error))
        {
          sqlite3_exec (h->db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
    }
  return exec (h, "COMMIT", _("opening"), error);
}

void
_dmk_history_start (DmkHistory *h)
{
  h->timed_out = FALSE;
  h->deadline = g_get_monotonic_time () +
                (gint64) (DMK_HISTORY_STEP_LIMIT_MS + MAX (h->busy_ms, 0)) * 1000;
}

/* SQLite asks every 64 steps of a statement: past the operation's time (the step limit, after
 * the longest wait for another process's lock), it ends. */
static int
past_deadline (void *data)
{
  DmkHistory *h = data;

  if (g_get_monotonic_time () < h->deadline)
    return 0;
  h->timed_out = TRUE;
  return 1;
}

/* What a file that is not ours could run when read: nothing. Triggers and views are not in
 * GDiskMark's schema, so a store that has them was changed by someone else. */
static void
defend (DmkHistory *h)
{
  sqlite3_db_config (h->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_db_config (h->db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
  sqlite3_db_config (h->db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, NULL);
  sqlite3_db_config (h->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  sqlite3_db_config (h->db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, NULL);
  sqlite3_progress_handler (h->db, 64, past_deadline, h);
}

/* Only a regular file (or nothing yet) is opened as the store: a FIFO would hang the open, a
 * device would be written. */
static gboolean
check_store_file (const char *path, GError **error)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0 || S_ISREG (st.st_mode) || S_ISLNK (st.st_mode))
    return TRUE; /* nothing yet; a link is refused by the open itself, with its own words */
  g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
               _("The history %s is not a regular file: move it away, or give another file "
                 "(GDISKMARK_HISTORY)"),
               path);
  return FALSE;
}

static gboolean
make_folder (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_mkdir_with_parents (dir, 0700) == 0)
    return TRUE;
  g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
               _("The folder %s for the history cannot be made: %s"), dir, g_strerror (errno));
  return FALSE;
}

/* WAL lets a window read the history while a CLI run writes; the journal mode is the file's, so
 * it is asked for on every open (a no-op once set). Two processes making a new store at once can
 * get SQLITE_BUSY here without SQLite's busy handler being asked (switching the journal mode,
 * and upgrading a read lock, are refused at once rather than risk a deadlock): so the steps are
 * tried again until the busy time has passed, as a lock held elsewhere is waited for. */
static gboolean
prepare_store (DmkHistory *h, int busy_ms, GError **error)
{
  gint64 end = g_get_monotonic_time () + (gint64) MAX (busy_ms, 0) * 1000;

  for (;;)
    {
      g_autoptr (GError) local = NULL;

      h->busy = FALSE;
      if (exec (h, "PRAGMA journal_mode = WAL", _("opening"), &local) &&
          exec (h, "PRAGMA foreign_keys = ON", _("opening"), &local) && migrate (h, &local))
        return TRUE;
      if (!h->busy || g_get_monotonic_time () >= end)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      g_usleep (10 * 1000);
    }
}

DmkHistory *
dmk_history_open (const char *path, int busy_ms, GError **error)
{
  g_autoptr (DmkHistory) h = g_new0 (DmkHistory, 1);
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX |
              SQLITE_OPEN_NOFOLLOW;

  g_return_val_if_fail (path != NULL, NULL);
  h->path = g_strdup (path);
  if (!make_folder (path, error) || !check_store_file (path, error))
    return NULL;
  if (sqlite3_open_v2 (path, &h->db, flags, NULL) != SQLITE_OK)
    {
      sqlite3_extended_result_codes (h->db, 1);
      _dmk_history_db_error (error, h, _("opening"));
      return NULL;
    }
  sqlite3_extended_result_codes (h->db, 1);
  h->busy_ms = busy_ms;
  defend (h);
  _dmk_history_start (h);
  sqlite3_busy_timeout (h->db, busy_ms);
  if (!prepare_store (h, busy_ms, error))
    return NULL;
  return g_steal_pointer (&h);
}

void
dmk_history_close (DmkHistory *history)
{
  if (history == NULL)
    return;
  sqlite3_close (history->db);
  g_free (history->path);
  g_free (history);
}

/* ---- adding ---- */

static void
bind_text (sqlite3_stmt *st, int i, const char *text)
{
  if (text != NULL)
    sqlite3_bind_text (st, i, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (st, i);
}

/* The drive's row, added when it is new. */
static gint64
drive_row (DmkHistory *h, const DmkDriveId *d, GError **error)
{
  sqlite3_stmt *st = NULL;
  gint64 id = 0;

  if (sqlite3_prepare_v2 (h->db,
                          "INSERT INTO drives (key, kind, model, serial, firmware, size_bytes, "
                          "filesystem) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
                          -1, &st, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, h, _("adding the drive"));
  bind_text (st, 1, d->key);
  bind_text (st, 2, d->kind);
  bind_text (st, 3, d->model);
  bind_text (st, 4, d->serial);
  bind_text (st, 5, d->firmware);
  sqlite3_bind_int64 (st, 6, (sqlite3_int64) d->size_bytes);
  bind_text (st, 7, d->filesystem);
  if (sqlite3_step (st) != SQLITE_DONE)
    {
      sqlite3_finalize (st);
      return _dmk_history_db_error (error, h, _("adding the drive"));
    }
  sqlite3_finalize (st);
  if (sqlite3_prepare_v2 (h->db, "SELECT id FROM drives WHERE key = ?", -1, &st, NULL) !=
      SQLITE_OK)
    return _dmk_history_db_error (error, h, _("adding the drive"));
  bind_text (st, 1, d->key);
  if (sqlite3_step (st) == SQLITE_ROW)
    id = sqlite3_column_int64 (st, 0);
  else
    _dmk_history_db_error (error, h, _("adding the drive"));
  sqlite3_finalize (st);
  return id;
}

/* The result's "settings" object, as the JSON writer wrote it. */
static char *
settings_json (const char *json)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root, *settings;

  if (!json_parser_load_from_data (parser, json, -1, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  settings = json_object_get_member (json_node_get_object (root), "settings");
  return settings != NULL ? json_to_string (settings, FALSE) : NULL;
}

/* "6.1.0-13-amd64" from the result's "… [6.1.0-13-amd64] (x86_64)". */
static char *
kernel_of (const DmkResult *r)
{
  const char *open = r->os != NULL ? strrchr (r->os, '[') : NULL;
  const char *close = open != NULL ? strchr (open, ']') : NULL;

  if (close == NULL)
    return NULL;
  return g_strndup (open + 1, close - open - 1);
}

static gint64
insert_entry (DmkHistory *h, DmkResult *r, gint64 drive, const char *source, const char *json,
              GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *added = g_date_time_format_iso8601 (now);
  g_autofree char *settings = settings_json (json);
  g_autofree char *kernel = kernel_of (r);
  sqlite3_stmt *st = NULL;

  if (sqlite3_prepare_v2 (h->db,
                          "INSERT INTO entries (drive_id, kind, target, device, settings, engine, "
                          "kernel, date, added, source, result_json) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          -1, &st, NULL) != SQLITE_OK)
    return _dmk_history_db_error (error, h, _("adding the run"));
  sqlite3_bind_int64 (st, 1, drive);
  bind_text (st, 2, dmk_result_kind_to_string (r->kind));
  bind_text (st, 3, r->target.path);
  bind_text (st, 4, r->target.device);
  bind_text (st, 5, settings);
  bind_text (st, 6, r->engine);
  bind_text (st, 7, kernel);
  bind_text (st, 8, r->date != NULL ? r->date : added);
  bind_text (st, 9, added);
  bind_text (st, 10, source);
  bind_text (st, 11, json);
  if (sqlite3_step (st) != SQLITE_DONE)
    {
      sqlite3_finalize (st);
      return _dmk_history_db_error (error, h, _("adding the run"));
    }
  sqlite3_finalize (st);
  return sqlite3_last_insert_rowid (h->db);
}

/* Whether the store has a drive numbered id (an error that says so when not). */
static gboolean
drive_exists (DmkHistory *h, gint64 id, GError **error)
{
  sqlite3_stmt *st = NULL;
  gboolean found;

  if (sqlite3_prepare_v2 (h->db, "SELECT id FROM drives WHERE id = ?", -1, &st, NULL) !=
      SQLITE_OK)
    return _dmk_history_db_error (error, h, _("adding the run"));
  sqlite3_bind_int64 (st, 1, id);
  found = sqlite3_step (st) == SQLITE_ROW;
  sqlite3_finalize (st);
  if (!found)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);

      g_set_error (error, DMK_ERROR, DMK_ERROR_HISTORY,
                   /* TRANSLATORS: %s is a drive's number, %s the history file */
                   _("The history has no drive %s (%s): see the drives and their numbers with "
                     "“gdiskmark-cli history”"),
                   number, h->path);
    }
  return found;
}

static gint64
add_entry (DmkHistory *history, DmkResult *result, const DmkDriveId *drive, gint64 drive_number,
           const char *source, GError **error)
{
  g_autofree char *json = NULL;
  gint64 drive_id, id = 0;

  gboolean own = sqlite3_get_autocommit (history->db); /* else the caller's batch */

  json = dmk_result_to_json (result);
  _dmk_history_start (history);
  /* One immediate transaction: a writer that waits, waits for the lock at its start (where
   * the busy timeout applies), never half-way through. */
  if (own && !exec (history, "BEGIN IMMEDIATE", _("adding the run"), error))
    return 0;
  if (drive_number > 0)
    drive_id = drive_exists (history, drive_number, error) ? drive_number : 0;
  else
    drive_id = drive_row (history, drive, error);
  if (drive_id > 0)
    id = insert_entry (history, result, drive_id, source, json, error);
  if (own && id > 0 && !exec (history, "COMMIT", _("adding the run"), error))
    id = 0;
  if (own && id <= 0)
    sqlite3_exec (history->db, "ROLLBACK", NULL, NULL, NULL);
  return id > 0 ? id : 0;
}

gboolean
dmk_history_move_entry (DmkHistory *history, gint64 id, gint64 drive_number, GError **error)
{
  gboolean own, ok;
  sqlite3_stmt *st = NULL;

  g_return_val_if_fail (history != NULL && id > 0 && drive_number > 0, FALSE);
  own = sqlite3_get_autocommit (history->db); /* else the caller's batch */
  _dmk_history_start (history);
  if (own && !exec (history, "BEGIN IMMEDIATE", _("moving the run"), error))
    return FALSE;
  ok = drive_exists (history, drive_number, error);
  if (ok && sqlite3_prepare_v2 (history->db, "UPDATE entries SET drive_id = ? WHERE id = ?", -1,
                                &st, NULL) != SQLITE_OK)
    ok = _dmk_history_db_error (error, history, _("moving the run"));
  if (ok)
    {
      sqlite3_bind_int64 (st, 1, drive_number);
      sqlite3_bind_int64 (st, 2, id);
      ok = sqlite3_step (st) == SQLITE_DONE ||
           _dmk_history_db_error (error, history, _("moving the run"));
      sqlite3_finalize (st);
    }
  /* The drive it leaves is forgotten when that was its last entry, as after a delete. */
  if (ok && sqlite3_exec (history->db,
                          "DELETE FROM drives WHERE id NOT IN (SELECT DISTINCT drive_id FROM "
                          "entries)",
                          NULL, NULL, NULL) != SQLITE_OK)
    ok = _dmk_history_db_error (error, history, _("moving the run"));
  if (own && ok && !exec (history, "COMMIT", _("moving the run"), error))
    ok = FALSE;
  if (own && !ok)
    sqlite3_exec (history->db, "ROLLBACK", NULL, NULL, NULL);
  return ok;
}

gboolean
dmk_history_begin (DmkHistory *history, GError **error)
{
  g_return_val_if_fail (history != NULL, FALSE);
  _dmk_history_start (history);
  return exec (history, "BEGIN IMMEDIATE", _("adding the runs"), error);
}

gboolean
dmk_history_commit (DmkHistory *history, GError **error)
{
  g_return_val_if_fail (history != NULL, FALSE);
  _dmk_history_start (history);
  if (exec (history, "COMMIT", _("adding the runs"), error))
    return TRUE;
  dmk_history_rollback (history);
  return FALSE;
}

void
dmk_history_rollback (DmkHistory *history)
{
  g_return_if_fail (history != NULL);
  if (!sqlite3_get_autocommit (history->db))
    sqlite3_exec (history->db, "ROLLBACK", NULL, NULL, NULL);
}

gint64
dmk_history_add (DmkHistory *history, DmkResult *result, const DmkDriveId *drive,
                 const char *source, GError **error)
{
  g_return_val_if_fail (history != NULL && result != NULL && drive != NULL, 0);
  return add_entry (history, result, drive, 0, source, error);
}

gint64
dmk_history_add_to_drive (DmkHistory *history, DmkResult *result, gint64 drive_number,
                          const char *source, GError **error)
{
  g_return_val_if_fail (history != NULL && result != NULL && drive_number > 0, 0);
  return add_entry (history, result, NULL, drive_number, source, error);
}

gint64
dmk_history_find_alike (DmkHistory *history, const DmkDriveId *drive, guint *n_alike,
                        GError **error)
{
  sqlite3_stmt *st = NULL;
  gint64 with_serial = 0, without = 0;
  guint n_serial = 0, n_without = 0;
  int rc;

  g_return_val_if_fail (history != NULL && drive != NULL, -1);
  if (n_alike != NULL)
    *n_alike = 0;
  if (sqlite3_prepare_v2 (history->db,
                          "SELECT id, serial FROM drives WHERE kind = ?1 AND model = ?2 AND "
                          "abs (size_bytes - ?3) <= ?5 AND filesystem IS ?4 ORDER BY id",
                          -1, &st, NULL) != SQLITE_OK)
    {
      _dmk_history_db_error (error, history, _("reading the drives"));
      return -1;
    }
  bind_text (st, 1, drive->kind);
  bind_text (st, 2, drive->model);
  sqlite3_bind_int64 (st, 3, (sqlite3_int64) drive->size_bytes);
  bind_text (st, 4, drive->filesystem);
  sqlite3_bind_int64 (st, 5, (sqlite3_int64) drive->size_slack);
  _dmk_history_start (history);
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      if (sqlite3_column_type (st, 1) != SQLITE_NULL)
        {
          with_serial = sqlite3_column_int64 (st, 0);
          n_serial++;
        }
      else
        {
          without = sqlite3_column_int64 (st, 0);
          n_without++;
        }
    }
  if (rc != SQLITE_DONE)
    {
      /* A busy or failing store is not "no such drive". */
      _dmk_history_db_error (error, history, _("reading the drives"));
      sqlite3_finalize (st);
      return -1;
    }
  sqlite3_finalize (st);
  if (n_alike != NULL)
    *n_alike = n_serial + n_without;
  /* A drive measured here (it has a serial) is the one a file of the same model and size was
   * measured on, when there is one such drive; two alike drives (twins) cannot be told apart. */
  if (n_serial == 1)
    return with_serial;
  if (n_serial == 0 && n_without == 1)
    return without;
  return 0;
}
