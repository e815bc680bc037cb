/* dmk-scan-chart.h: a scan's chart: MB/s against the amount written (sustained), against block
 * size (sweep, log axis) or against position (surface), or access time against seek distance;
 * drawn live, in the theme's colours, saved as PNG or SVG, with a summary for screen readers. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_CHART_SUSTAINED, /* x: GiB written */
  DMK_CHART_SWEEP,     /* x: block size, log2 */
  DMK_CHART_SURFACE,   /* x: position, 0–100 % */
  DMK_CHART_ACCESS,    /* x: seek distance in GiB; y: ms; points, not lines */
} DmkChartKind;

#define DMK_TYPE_SCAN_CHART (dmk_scan_chart_get_type ())
G_DECLARE_FINAL_TYPE (DmkScanChart, dmk_scan_chart, DMK, SCAN_CHART, GtkWidget)

GtkWidget *dmk_scan_chart_new (DmkChartKind kind);

/* Empties the chart. */
void dmk_scan_chart_clear (DmkScanChart *self);
/* Adds the curves of a result of the chart's kind (a sweep gives one for reads and one for
 * writes). name, when not NULL, labels them in a legend: several results overlay, one colour
 * each. */
void dmk_scan_chart_add_result (DmkScanChart *self, DmkResult *result, const char *name);
/* Live drawing: a point of curve (0 reads or the only curve, 1 writes), created as needed. */
void dmk_scan_chart_add_point (DmkScanChart *self, guint curve, double x, double y);
/* The drive's temperature at x on curve (sustained writes), drawn dashed in the curve's colour
 * on a °C scale at the right. */
void dmk_scan_chart_add_temperature (DmkScanChart *self, guint curve, double x, double celsius);


/* Draws the chart in w × h with fg for text and lines (the export uses black on white). */
void dmk_scan_chart_draw (DmkScanChart *self, cairo_t *cr, double w, double h,
                          const GdkRGBA *fg);
/* Saves the chart, 1000 × 560 on white: SVG when the name ends in .svg, else PNG. */
gboolean dmk_scan_chart_save (DmkScanChart *self, const char *filename, GError **error);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
guint dmk_scan_chart_get_n_points (DmkScanChart *self);
/* What a screen reader hears: what the chart is of, and its numbers. */
const char *dmk_scan_chart_get_summary (DmkScanChart *self);
#endif

G_END_DECLS
