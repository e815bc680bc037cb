/* dmk-result-cell.h: one result of the grid: a big number over a meter bar, in a chosen unit. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"
#include "dmk-series-graph.h"

G_BEGIN_DECLS

/* DmkUnit and its names, labels, formatting and meter fill are the core's (dmk-units.h); this is
 * the one GTK-specific part: fills dropdown with the unit labels and binds it to settings' "unit"
 * key, both ways. */
void dmk_unit_dropdown_setup (GtkDropDown *dropdown, GSettings *settings);

#define DMK_TYPE_RESULT_CELL (dmk_result_cell_get_type ())
G_DECLARE_FINAL_TYPE (DmkResultCell, dmk_result_cell, DMK, RESULT_CELL, GtkWidget)

GtkWidget *dmk_result_cell_new (const DmkTestSpec *spec, DmkDirection direction, DmkUnit unit);
void dmk_result_cell_set_unit (DmkResultCell *self, DmkUnit unit);
void dmk_result_cell_clear (DmkResultCell *self);
/* A measurement in progress (shown dimmed): pass is 0 during warm-up. */
void dmk_result_cell_set_live (DmkResultCell *self, double mb_per_s, guint pass, guint n_passes);
void dmk_result_cell_set_result (DmkResultCell *self, const DmkTestResult *test);
/* The shown result's warnings about this test, one a line (NULL: none): a mark in the cell's
 * corner, first in its tooltip and its spoken description. A new measurement drops them. */
void dmk_result_cell_set_warning (DmkResultCell *self, const char *warning);
const char *dmk_result_cell_get_warning (DmkResultCell *self);
/* The test's share of the drive's rated speed ("46 % of the rated 3500 MB/s"; NULL: none), said
 * in the tooltip beside the number. */
void dmk_result_cell_set_rated (DmkResultCell *self, const char *share);
const char *dmk_result_cell_get_rated (DmkResultCell *self);
/* Live: an interval of the running pass (dmk_series_graph_add_sample). */
void dmk_result_cell_add_sample (DmkResultCell *self, guint pass, double end_s, double mb_per_s,
                                 double celsius);
const DmkTestResult *dmk_result_cell_get_result (DmkResultCell *self);
gboolean dmk_result_cell_is_live (DmkResultCell *self);
/* A test that will not run on this target: shows "—", dimmed and insensitive, with reason as its
 * tooltip; NULL makes it an ordinary empty cell again. Clears any result. */
void dmk_result_cell_set_blocked (DmkResultCell *self, const char *reason);
const char *dmk_result_cell_get_text (DmkResultCell *self);

/* dmk_describe_test(), how a screen reader names a cell, is the core's (dmk-describe.h). */

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* dmk-result-cell.c: the label of its big number */
GtkWidget *dmk_result_cell_get_value_label (DmkResultCell *self);
const char *dmk_result_cell_get_blocked (DmkResultCell *self);
double dmk_result_cell_get_fill (DmkResultCell *self);
const DmkTestSpec *dmk_result_cell_get_spec (DmkResultCell *self);
/* What the cell last told the screen reader (GTK 4.8 has no getter for it). */
const char *dmk_result_cell_get_accessible_label (DmkResultCell *self);
const char *dmk_result_cell_get_accessible_description (DmkResultCell *self);
/* The sparkline behind the number. */
DmkSeriesGraph *dmk_result_cell_get_graph (DmkResultCell *self);
#endif

G_END_DECLS
