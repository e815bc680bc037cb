/* dmk-history-export-menu.h: the history dialog's Export menu: the chosen drive's runs as a
 * spreadsheet (.ods or .xlsx), the table of gdiskmark-cli history --csv. */
#pragma once

#include <adwaita.h>

#include "dmk-core.h"

G_BEGIN_DECLS

/* The entries to export (DmkHistoryEntry*, owned by the window), as a new array. */
typedef GPtrArray *(*DmkHistoryEntriesFunc) (GtkWindow *window);

/* Packs an Export menu button at the end of header, for window, whose entries func gives. */
void dmk_history_export_menu_add (GtkWindow *window, AdwHeaderBar *header,
                                  DmkHistoryEntriesFunc entries);
/* What the menu's file chooser ends in: window's entries as a spreadsheet at path. */
gboolean dmk_history_export_menu_save (GtkWindow *window, DmkSheetFormat format, const char *path,
                                       GError **error);

G_END_DECLS
