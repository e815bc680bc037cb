/* dmk-window.h: the main window: CrystalDiskMark's grid, driving the benchmark core. */
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

G_END_DECLS
