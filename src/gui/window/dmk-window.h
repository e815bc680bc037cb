/* dmk-window.h: the main window: CrystalDiskMark's grid for one result, and running the core. */
#pragma once

#include <adwaita.h>

#include "dmk-core.h"
#include "dmk-result-cell.h"

G_BEGIN_DECLS

#define DMK_TYPE_WINDOW (dmk_window_get_type ())
G_DECLARE_FINAL_TYPE (DmkWindow, dmk_window, DMK, WINDOW, AdwApplicationWindow)

/* application may be NULL (tests): the window then inhibits nothing. */
DmkWindow *dmk_window_new (GtkApplication *application);

/* Makes path the target, adding it to the list when it is not there; remembered in GSettings. */
void dmk_window_set_target_path (DmkWindow *self, const char *path);
/* The same for a path a user gave: one that does not exist or is neither a folder nor a block
 * device is refused, said in a toast and in error, and the target stays as it was. */
gboolean dmk_window_try_target_path (DmkWindow *self, const char *path, GError **error);
const char *dmk_window_get_target_path (DmkWindow *self);
gboolean dmk_window_is_running (DmkWindow *self);
/* The message of the last run's error (not a stop), or NULL; it is also shown in a dialog. */
const char *dmk_window_get_last_error (DmkWindow *self);

/* What the grid shows (the opened result, else the last run's), with the comment field's text;
 * and the file it came from (NULL for a run). */
DmkResult *dmk_window_get_shown_result (DmkWindow *self);
const char *dmk_window_get_shown_source (DmkWindow *self);
/* One file fills the grid; several open side by side in the comparison window. A file is read
 * and parsed in a worker thread (a slow disk, a huge file, a pipe never holds the window up) and
 * shown when it is; its error in a dialog. */
void dmk_window_open_files (DmkWindow *self, GFile **files, guint n_files);
/* Adds the shown result to the comparison and presents it (Ctrl+M). */
void dmk_window_compare (DmkWindow *self);

/* Save, copy and open: what the file choosers, Ctrl+Shift+C and drops end in. */
gboolean dmk_window_save_text (DmkWindow *self, const char *filename, GError **error);
/* The shown result's card (dmk-card.h), nothing private in it: PNG, or SVG for a .svg name. */
gboolean dmk_window_save_image (DmkWindow *self, const char *filename, GError **error);
/* The same card on the clipboard as image/png. */
gboolean dmk_window_copy_image (DmkWindow *self);
/* The Share dialog over the shown result. */
void dmk_window_share (DmkWindow *self);
gboolean dmk_window_save_results (DmkWindow *self, const char *filename, GError **error);
/* The result's table (its CSV's) as a spreadsheet, every number with all its digits. */
gboolean dmk_window_save_sheet (DmkWindow *self, DmkSheetFormat format, const char *filename,
                                GError **error);
gboolean dmk_window_copy (DmkWindow *self);
gboolean dmk_window_copy_fio_job (DmkWindow *self, int row);

G_END_DECLS
