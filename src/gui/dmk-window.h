/* dmk-window.h: the main window: CrystalDiskMark's grid, driving the benchmark core. */
#pragma once

#include <adwaita.h>

#include "dmk-compare-window.h"
#include "dmk-core.h"
#include "dmk-result-cell.h"

G_BEGIN_DECLS

#define DMK_TYPE_WINDOW (dmk_window_get_type ())
G_DECLARE_FINAL_TYPE (DmkWindow, dmk_window, DMK, WINDOW, AdwApplicationWindow)

/* application may be NULL (tests): the window then inhibits nothing. */
DmkWindow *dmk_window_new (GtkApplication *application);

/* Makes path the target, adding it to the list when it is not there; remembered in GSettings. */
void dmk_window_set_target_path (DmkWindow *self, const char *path);
const char *dmk_window_get_target_path (DmkWindow *self);

/* Hooks for tests, tools and benchmarks; the window itself does not need them. */
gboolean dmk_window_is_running (DmkWindow *self);
guint dmk_window_get_n_rows (DmkWindow *self);
guint dmk_window_get_n_cells (DmkWindow *self);
/* The cell of row (0-based) and direction, or NULL when that column is not shown. */
DmkResultCell *dmk_window_get_cell (DmkWindow *self, guint row, DmkDirection direction);
const char *dmk_window_get_cell_text (DmkWindow *self, guint row, DmkDirection direction);
GtkWidget *dmk_window_get_all_button (DmkWindow *self);
GtkWidget *dmk_window_get_test_button (DmkWindow *self, guint row);
GtkWidget *dmk_window_get_target_dropdown (DmkWindow *self);
GtkWidget *dmk_window_get_unit_dropdown (DmkWindow *self);
GtkWidget *dmk_window_get_passes_dropdown (DmkWindow *self);
GtkWidget *dmk_window_get_size_dropdown (DmkWindow *self);
GtkWidget *dmk_window_get_menu_button (DmkWindow *self);
const char *dmk_window_get_status_text (DmkWindow *self);
/* The last progress phase seen in the current run, or -1 outside a run. */
int dmk_window_get_phase (DmkWindow *self);
DmkResult *dmk_window_get_last_result (DmkWindow *self);
/* The message of the last run's error, or NULL; it is also shown in a dialog. */
const char *dmk_window_get_last_error (DmkWindow *self);
GtkWindow *dmk_window_get_error_dialog (DmkWindow *self);
GSettings *dmk_window_get_settings (DmkWindow *self);
/* Block devices: whether write tests were confirmed for the current one, the confirmation dialog
 * while it is open, and a new scan (the window emits "devices-changed" when it is done). */
gboolean dmk_window_get_device_writes_allowed (DmkWindow *self);
AdwMessageDialog *dmk_window_get_allow_dialog (DmkWindow *self);
void dmk_window_refresh_devices (DmkWindow *self);

/* Save, copy and open: what the file choosers, Ctrl+Shift+C and drops end in. Saving and
 * copying use the opened result when one is shown, else the last run's. */
gboolean dmk_window_save_text (DmkWindow *self, const char *filename, GError **error);
gboolean dmk_window_save_image (DmkWindow *self, const char *filename, GError **error);
gboolean dmk_window_save_results (DmkWindow *self, const char *filename, GError **error);
gboolean dmk_window_copy (DmkWindow *self);
/* Shows a saved result read-only until the next run. */
gboolean dmk_window_open_file (DmkWindow *self, GFile *file, GError **error);
/* One file fills the grid; several open side by side in the comparison window. Errors in one
 * dialog. */
void dmk_window_open_files (DmkWindow *self, GFile **files, guint n_files);
/* What Copy and Save use: the opened result, else the last run's; and the file it came from
 * (NULL for a run). */
DmkResult *dmk_window_get_shown_result (DmkWindow *self);
const char *dmk_window_get_shown_source (DmkWindow *self);
/* The comparison window (created when create is TRUE and there is none). */
DmkCompareWindow *dmk_window_get_compare_window (DmkWindow *self, gboolean create);
/* Adds the shown result to the comparison and presents it (Ctrl+M). */
void dmk_window_compare (DmkWindow *self);
/* The opened file's name, or NULL when the grid shows a run. */
const char *dmk_window_get_opened_name (DmkWindow *self);
const char *dmk_window_get_subtitle (DmkWindow *self);

G_END_DECLS
