/* dmk-history-private.h: the store's connection, shared by its files. */
#pragma once

#include <sqlite3.h>

#include "dmk-history.h"

struct _DmkHistory
{
  sqlite3 *db;
  char *path;
  gboolean busy; /* the last failure was another connection's lock */
};

/* Sets error from the connection's last failure, told as locked, full, read-only or damaged;
 * returns FALSE. */
gboolean _dmk_history_db_error (GError **error, DmkHistory *h, const char *what);
