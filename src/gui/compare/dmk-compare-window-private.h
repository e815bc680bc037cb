/* dmk-compare-window-private.h: the comparison window's state, shared by the files that make it
 * up: dmk-compare-window.c (the table, columns, actions) and dmk-compare-window-files.c (exports,
 * copy, file choosers); and the hooks tests and tools read it with. */
#pragma once

#include "dmk-compare-window.h"

G_BEGIN_DECLS

typedef struct
{
  DmkResult *result;
  char *source; /* the file it was read from, or NULL for a run */
} DmkCompareColumn;

struct _DmkCompareWindow
{
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkMenuButton *add_button;
  GtkMenuButton *menu_button;
  GtkDropDown *unit_dropdown;
  GtkStack *stack;
  AdwStatusPage *empty_page;
  GtkWidget *table_box;
  GtkGrid *grid;
  GtkLabel *legend_label;

  GSettings *settings;
  DmkUnit unit;
  GPtrArray *columns; /* DmkCompareColumn* */
  guint baseline;
  /* the column the last Remove took out, for its Undo */
  DmkCompareColumn *undo_column;
  guint undo_position;
  gboolean undo_baseline;
  DmkComparison *cmp;   /* what the table shows; rebuilt with it */
  GPtrArray *cells;     /* DmkCompareCell* (owned), row by row, one per column */
  GPtrArray *headers;   /* DmkCompareHeader* (owned), one per column */
  DmkCurrentResultFunc current_func; /* what "Add the Current Run" adds */
  gpointer current_data;
  GDestroyNotify current_destroy;
  GtkWindow *error_dialog; /* weak */
  GtkFileChooserNative *file_chooser;
};

/* dmk-compare-window-files.c: its actions (add-files, copy, export-text, export-csv, save-image)
 * and, on dispose, its file chooser. */
void _dmk_compare_window_files_init (DmkCompareWindow *self);
void _dmk_compare_window_files_dispose (DmkCompareWindow *self);

/* Hooks for tests and the screenshot tool: what the table shows. Rows are the comparison's. */
guint dmk_compare_window_get_n_rows (DmkCompareWindow *self);
/* Files chosen or dropped here, read as the application reads them (app.compare-files: in a
 * worker thread, grids into the table, scans into their charts); by this window itself, in
 * this thread, when it belongs to no application. */
void _dmk_compare_window_read_files (DmkCompareWindow *self, GFile **files, guint n_files);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* "SEQ1M Q8T1 Read": the row's test and direction, as the text export names it. */
char *dmk_compare_window_get_row_name (DmkCompareWindow *self, guint row);
const char *dmk_compare_window_get_cell_text (DmkCompareWindow *self, guint row, guint column);
const char *dmk_compare_window_get_delta_text (DmkCompareWindow *self, guint row, guint column);
gboolean dmk_compare_window_cell_is_best (DmkCompareWindow *self, guint row, guint column);
GtkWidget *dmk_compare_window_get_cell (DmkCompareWindow *self, guint row, guint column);
/* The column header's lines, joined by newlines. */
char *dmk_compare_window_get_header_text (DmkCompareWindow *self, guint column);
GtkWidget *dmk_compare_window_get_header_menu (DmkCompareWindow *self, guint column);
GtkWindow *dmk_compare_window_get_error_dialog (DmkCompareWindow *self);
/* The table with its legend: what Save Image draws. */
GtkWidget *dmk_compare_window_get_table (DmkCompareWindow *self);
/* "table", or "empty" when there are no columns. */
const char *dmk_compare_window_get_page (DmkCompareWindow *self);
#endif

G_END_DECLS
