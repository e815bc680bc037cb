/* dmk-history-private.h: the store's connection, shared by its files. */
#pragma once

#include <sqlite3.h>

#include "dmk-history.h"

struct _DmkHistory
{
  sqlite3 *db;
  char *path;
  gboolean busy; /* the last failure was another connection's lock */
  int busy_ms;     /* how long a statement waits for another process's lock */
  gint64 deadline; /* monotonic µs: the operation under way is ended after it */
  gboolean timed_out; /* the last failure was that deadline */
};

/* Starts the time an operation of the store may take (DMK_HISTORY_STEP_LIMIT_MS): a statement
 * still running after it (a planted recursive trigger or view, a huge table) is ended with an
 * error that says so. Every public entry point calls it. */
void _dmk_history_start (DmkHistory *h);

/* Sets error from the connection's last failure, told as locked, full, read-only or damaged;
 * returns FALSE. */
gboolean _dmk_history_db_error (GError **error, DmkHistory *h, const char *what);
