/* dmk-series-graph.h: a test's MB/s over time, pass after pass: as a sparkline behind a result
 * cell's number, or as a chart with its scale (the cell's tooltip). */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_SERIES_GRAPH (dmk_series_graph_get_type ())
G_DECLARE_FINAL_TYPE (DmkSeriesGraph, dmk_series_graph, DMK, SERIES_GRAPH, GtkWidget)

/* sparkline: no scale or labels, drawn faintly; otherwise a chart with its scale. */
GtkWidget *dmk_series_graph_new (gboolean sparkline);
/* What the curve is of ("SEQ1M Q8T1 Read"): the start of the accessible summary. */
void dmk_series_graph_set_title (DmkSeriesGraph *self, const char *title);
/* The passes' series (GArray of DmkSample each, NULL entries skipped); copied. */
void dmk_series_graph_set_series (DmkSeriesGraph *self, GPtrArray *series);
/* Live: an interval of pass (1-based) that ended end_s into it, at mb_per_s, with the drive at
 * celsius (NaN where it tells none). A chart draws the temperature dashed, on a °C scale at
 * its right. */
void dmk_series_graph_add_sample (DmkSeriesGraph *self, guint pass, double end_s,
                                  double mb_per_s, double celsius);
void dmk_series_graph_clear (DmkSeriesGraph *self);
const char *dmk_series_graph_get_title (DmkSeriesGraph *self);
/* The same curve as from, with its pass boundaries. */
void dmk_series_graph_copy_points (DmkSeriesGraph *self, DmkSeriesGraph *from);
guint dmk_series_graph_get_n_points (DmkSeriesGraph *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* What a screen reader hears: the title, then min, mean, max and the last value in MB/s, and
 * the drive's temperature range where it told one. */
const char *dmk_series_graph_get_summary (DmkSeriesGraph *self);
#endif

G_END_DECLS
