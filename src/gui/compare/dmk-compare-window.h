/* dmk-compare-window.h: results side by side, one column per result, one row per test. */
#pragma once

#include <adwaita.h>

#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_COMPARE_WINDOW (dmk_compare_window_get_type ())
G_DECLARE_FINAL_TYPE (DmkCompareWindow, dmk_compare_window, DMK, COMPARE_WINDOW,
                      AdwApplicationWindow)

/* application may be NULL (tests). */
DmkCompareWindow *dmk_compare_window_new (GtkApplication *application);
/* The application's one comparison: the open one, else (create) a new one, else NULL. */
DmkCompareWindow *dmk_compare_window_get_for_application (GtkApplication *application,
                                                          gboolean create);

/* What "Add the Current Run" adds: a new reference to a result, or NULL when there is none; and in
 * *source (preset to NULL) a newly allocated path of the file it was read from, left NULL for a
 * run. */
typedef DmkResult *(*DmkCurrentResultFunc) (gpointer user_data, char **source);

/* Set by whoever makes the comparison (the application, a main window, a test); replaces (and
 * destroys) the previous one. Without one, "Add the Current Run" only says there is no run. */
void dmk_compare_window_set_current_func (DmkCompareWindow *self, DmkCurrentResultFunc func,
                                          gpointer user_data, GDestroyNotify destroy);

/* Adds result as the last column. source is the file it was read from, or NULL for a run shown
 * in a main window. FALSE (with a toast) when that result or file is there already. */
gboolean dmk_compare_window_add_result (DmkCompareWindow *self, DmkResult *result,
                                        const char *source);
gboolean dmk_compare_window_add_file (DmkCompareWindow *self, GFile *file, GError **error);
/* Adds each file that loads; the others are named in one error dialog. Returns how many were
 * added. */
guint dmk_compare_window_add_files (DmkCompareWindow *self, GFile **files, guint n_files);
/* The dialog dmk_compare_window_add_files shows when some of n_files could not be read: messages,
 * one a line, from files read elsewhere (the application reads them off the main thread). */
void dmk_compare_window_show_add_errors (DmkCompareWindow *self, guint n_files,
                                         const char *messages);
/* The current run, from the current func; FALSE (with a toast saying why) when there is none. */
gboolean dmk_compare_window_add_current (DmkCompareWindow *self);

/* Moves column to position to (both 0-based); the baseline moves with its column. */
void dmk_compare_window_move_column (DmkCompareWindow *self, guint column, guint to);
void dmk_compare_window_set_baseline (DmkCompareWindow *self, guint column);

/* The comparison as shown: its columns, unit and baseline. Free with dmk_comparison_free. */
DmkComparison *dmk_compare_window_get_comparison (DmkCompareWindow *self);
char *dmk_compare_window_to_text (DmkCompareWindow *self);
char *dmk_compare_window_to_csv (DmkCompareWindow *self);
gboolean dmk_compare_window_export_text (DmkCompareWindow *self, const char *filename,
                                         GError **error);
gboolean dmk_compare_window_export_csv (DmkCompareWindow *self, const char *filename,
                                        GError **error);
/* The CSV's table as a spreadsheet (dmk_comparison_save_sheet ()). */
gboolean dmk_compare_window_export_sheet (DmkCompareWindow *self, DmkSheetFormat format,
                                          const char *filename, GError **error);
/* The comparison card (dmk-card.h) of the columns as shown, nothing private in them: PNG, or
 * SVG for a .svg name. */
gboolean dmk_compare_window_save_image (DmkCompareWindow *self, const char *filename,
                                        GError **error);
/* The same card on the clipboard as image/png. */
gboolean dmk_compare_window_copy_image (DmkCompareWindow *self);
gboolean dmk_compare_window_copy (DmkCompareWindow *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
void dmk_compare_window_remove_column (DmkCompareWindow *self, guint column);
guint dmk_compare_window_get_baseline (DmkCompareWindow *self);
guint dmk_compare_window_get_n_columns (DmkCompareWindow *self);
DmkResult *dmk_compare_window_get_result (DmkCompareWindow *self, guint column);
DmkUnit dmk_compare_window_get_unit (DmkCompareWindow *self);
#endif

G_END_DECLS
