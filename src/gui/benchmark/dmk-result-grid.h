/* dmk-result-grid.h: CrystalDiskMark's grid: test buttons, column headings and result cells for
 * one DmkResult (finished, running or opened), or for a plan of tests with empty cells. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"
#include "dmk-result-cell.h"

G_BEGIN_DECLS

#define DMK_TYPE_RESULT_GRID (dmk_result_grid_get_type ())
G_DECLARE_FINAL_TYPE (DmkResultGrid, dmk_result_grid, DMK, RESULT_GRID, GtkWidget)

/* Row for the "All" button: the run button is that or a row's. */
#define DMK_RESULT_GRID_ALL -1
#define DMK_RESULT_GRID_NONE -2

/* The widget beside the "All" button, over the result columns (the window's dropdowns). */
void dmk_result_grid_set_controls (DmkResultGrid *self, GtkWidget *controls);

/* Rows of specs (profile names them), empty cells; a third column when mix_read_percent > 0.
 * Drops the shown result. */
void dmk_result_grid_set_plan (DmkResultGrid *self, const char *profile, GArray *specs,
                               guint mix_read_percent);
/* Shows result in its own layout: its profile's rows and every test it has, its mix. NULL goes
 * back to the last plan with empty cells. */
void dmk_result_grid_set_result (DmkResultGrid *self, DmkResult *result);
/* The shown result's layout, or the plan's, is that of profile, specs and mix. */
gboolean dmk_result_grid_has_layout (DmkResultGrid *self, GArray *specs, guint mix_read_percent);

void dmk_result_grid_set_unit (DmkResultGrid *self, DmkUnit unit);

/* Cells of direction without a value show "—", dimmed, with reason as tooltip (NULL: normal). */
void dmk_result_grid_set_blocked (DmkResultGrid *self, DmkDirection direction,
                                  const char *reason);

/* A run in the grid: empties the cells of jobs, fills them as the run goes. */
void dmk_result_grid_clear_jobs (DmkResultGrid *self, GArray *jobs);
void dmk_result_grid_set_live (DmkResultGrid *self, const DmkTestSpec *spec,
                               DmkDirection direction, double mb_per_s, guint pass,
                               guint n_passes);
/* The running test's newest interval (its sparkline), with the drive's temperature (NaN: none). */
void dmk_result_grid_add_sample (DmkResultGrid *self, const DmkTestSpec *spec,
                                 DmkDirection direction, guint pass, double end_s,
                                 double mb_per_s, double celsius);
void dmk_result_grid_set_test (DmkResultGrid *self, const DmkTestResult *test);
/* Cells still showing a pass in progress go empty (a stopped run). */
void dmk_result_grid_clear_live (DmkResultGrid *self);

/* Which button says Stop: a row, DMK_RESULT_GRID_ALL or DMK_RESULT_GRID_NONE. The button's action
 * turns into win.stop before anything else changes, so it never goes insensitive under the
 * pointer. */
void dmk_result_grid_set_stop_row (DmkResultGrid *self, int row);
int dmk_result_grid_get_stop_row (DmkResultGrid *self);

guint dmk_result_grid_get_n_rows (DmkResultGrid *self);
guint dmk_result_grid_get_n_cells (DmkResultGrid *self);
const DmkTestSpec *dmk_result_grid_get_spec (DmkResultGrid *self, guint row);
/* Row of spec, or -1. */
int dmk_result_grid_find_row (DmkResultGrid *self, const DmkTestSpec *spec);
DmkResultCell *dmk_result_grid_get_cell (DmkResultGrid *self, guint row, DmkDirection direction);
GtkWidget *dmk_result_grid_get_all_button (DmkResultGrid *self);
GtkWidget *dmk_result_grid_get_row_button (DmkResultGrid *self, guint row);

G_END_DECLS
