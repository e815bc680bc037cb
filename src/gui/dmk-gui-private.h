/* dmk-gui-private.h: what tests and tools look at inside the widgets. The application itself never
 * calls these; each widget includes this header for its own prototypes only. */
#pragma once

#include "dmk-compare-window.h"
#include "dmk-result-cell.h"
#include "dmk-scan-chart.h"
#include "dmk-scan-compare.h"
#include "dmk-scan-view.h"
#include "dmk-series-graph.h"
#include "dmk-target-chooser.h"
#include "dmk-tests-dialog.h"

G_BEGIN_DECLS

/* dmk-scan-chart.c */
guint dmk_scan_chart_get_n_points (DmkScanChart *self);
/* What a screen reader hears: what the chart is of, and its numbers. */
const char *dmk_scan_chart_get_summary (DmkScanChart *self);

/* dmk-compare-window.c */
void dmk_compare_window_remove_column (DmkCompareWindow *self, guint column);
guint dmk_compare_window_get_baseline (DmkCompareWindow *self);
guint dmk_compare_window_get_n_columns (DmkCompareWindow *self);
DmkResult *dmk_compare_window_get_result (DmkCompareWindow *self, guint column);
DmkUnit dmk_compare_window_get_unit (DmkCompareWindow *self);

/* dmk-result-cell.c: the label of its big number */
GtkWidget *dmk_result_cell_get_value_label (DmkResultCell *self);

/* dmk-tests-dialog.c */
/* For tests: a row's combo row for field, the rows' names ("SEQ1M Q8T1") and Reset to Profile. */
guint dmk_tests_dialog_get_n_rows (DmkTestsDialog *self);
AdwComboRow *dmk_tests_dialog_get_combo (DmkTestsDialog *self, guint row, DmkTestsField field);
/* A row's stride (its row shown when the type is Strided). */
GtkSpinButton *dmk_tests_dialog_get_stride (DmkTestsDialog *self, guint row);
GtkWidget *dmk_tests_dialog_get_reset_button (DmkTestsDialog *self);

/* dmk-target-chooser.c */
/* Whether the folder chooser is open. */
gboolean dmk_target_chooser_is_choosing (DmkTargetChooser *self);

/* dmk-scan-compare.c */
guint dmk_scan_compare_get_n_results (DmkScanCompare *self);
DmkScanChart *dmk_scan_compare_get_chart (DmkScanCompare *self);

/* dmk-series-graph.c */
/* What a screen reader hears: the title, then min, mean, max and the last value in MB/s, and
 * the drive's temperature range where it told one. */
const char *dmk_series_graph_get_summary (DmkSeriesGraph *self);

/* dmk-result-cell.c */
const char *dmk_result_cell_get_blocked (DmkResultCell *self);
double dmk_result_cell_get_fill (DmkResultCell *self);
const DmkTestSpec *dmk_result_cell_get_spec (DmkResultCell *self);
/* What the cell last told the screen reader (GTK 4.8 has no getter for it). */
const char *dmk_result_cell_get_accessible_label (DmkResultCell *self);
const char *dmk_result_cell_get_accessible_description (DmkResultCell *self);
/* The sparkline behind the number. */
DmkSeriesGraph *dmk_result_cell_get_graph (DmkResultCell *self);

/* dmk-scan-view.c */
/* Property "running": the controller runs this view's kind. */
gboolean dmk_scan_view_get_running (DmkScanView *self);
DmkResult *dmk_scan_view_get_result (DmkScanView *self);
DmkScanChart *dmk_scan_view_get_chart (DmkScanView *self);
/* The access-time chart of a surface view; NULL for the others. */
DmkScanChart *dmk_scan_view_get_access_chart (DmkScanView *self);
const char *dmk_scan_view_get_status (DmkScanView *self);
GtkWidget *dmk_scan_view_get_start_button (DmkScanView *self);

G_END_DECLS
