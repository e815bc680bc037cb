/* dmk-window-testing.h: what tests, tools and benchmarks read off the main window's insides.
 * Only the tests' build of the window has these (dmk-window-testing.c and the DMK_TESTING parts
 * of the window's files); no installed program does. */
#pragma once

#include "dmk-history-dialog.h"
#include "dmk-window-private.h"

G_BEGIN_DECLS

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
GtkWidget *dmk_window_get_comment_entry (DmkWindow *self);
const char *dmk_window_get_last_toast (DmkWindow *self);
const char *dmk_window_get_status_text (DmkWindow *self);
/* The lines naming what the shown result belongs to and its warnings, or NULL when hidden. */
const char *dmk_window_get_facts_text (DmkWindow *self);
/* The tooltip of the line over the grid: what the history's verdict leaves unsaid, or NULL. */
const char *dmk_window_get_facts_tooltip (DmkWindow *self);
/* The last progress phase seen in the current run, or -1 outside a run. */
int dmk_window_get_phase (DmkWindow *self);
DmkResult *dmk_window_get_last_result (DmkWindow *self);
GtkWindow *dmk_window_get_error_dialog (DmkWindow *self);
gboolean dmk_window_get_device_writes_allowed (DmkWindow *self);
AdwMessageDialog *dmk_window_get_allow_dialog (DmkWindow *self);
AdwMessageDialog *dmk_window_get_close_dialog (DmkWindow *self);
void dmk_window_refresh_devices (DmkWindow *self);
DmkTargetChooser *dmk_window_get_target_chooser (DmkWindow *self);
const char *dmk_window_get_subtitle (DmkWindow *self);
GtkProgressBar *dmk_window_get_progress_bar (DmkWindow *self);
/* The Drive History dialog (win.history), or NULL when it is not open. */
struct _DmkHistoryDialog *dmk_window_get_history_dialog (DmkWindow *self);
/* The Rated Speed dialog (win.rated-speed) and its two spin buttons, or NULL when not open. */
AdwMessageDialog *dmk_window_get_rated_dialog (DmkWindow *self, GtkSpinButton **read,
                                               GtkSpinButton **write);
/* Shows a saved result read-only until the next run, read in this thread (a test's way;
 * dmk_window_open_files reads in a worker thread). */
gboolean dmk_window_open_file (DmkWindow *self, GFile *file, GError **error);
/* Files dmk_window_open_files is still reading. */
guint dmk_window_get_n_opening (DmkWindow *self);
/* The opened file's name, or NULL when the grid shows a run. */
const char *dmk_window_get_opened_name (DmkWindow *self);

/* What a drop does: one folder (or block device) becomes the target; files are results to
 * open, one in the window, several side by side. FALSE when the drop is refused. */
gboolean dmk_window_drop_files (DmkWindow *self, GFile **files, guint n_files);

/* The view of a sustained, sweep or surface result. */
DmkScanView *dmk_window_get_scan_view (DmkWindow *self, DmkResultKind kind);

G_END_DECLS
