/* dmk-compare-window-private.h: the comparison window's state, shared by the files that make it
 * up: dmk-compare-window.c (the table, columns, actions) and dmk-compare-window-files.c (exports,
 * copy, file choosers). */
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
  GtkWidget *table_box;
  GtkGrid *grid;
  GtkLabel *legend_label;

  GSettings *settings;
  DmkUnit unit;
  GPtrArray *columns; /* DmkCompareColumn* */
  guint baseline;
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

G_END_DECLS
