/* dmk-scan-chart-private.h: what the scan chart's two files share (its data and its drawing). */
#pragma once

#include "dmk-scan-chart.h"

G_BEGIN_DECLS

typedef struct
{
  double x, y;
} Pt;

typedef struct
{
  char *name;
  GArray *pts;   /* Pt */
  GArray *temps; /* Pt: the drive's temperature in °C at x (sustained writes) */
} Curve;

typedef struct
{
  double x;
  char *label;
} Mark;

struct _DmkScanChart
{
  GtkWidget parent_instance;

  DmkChartKind kind;
  GPtrArray *curves; /* Curve* */
  GArray *marks;     /* Mark: the cache cliff, a recovery */
  GString *notes;    /* what the results say beyond the points, for the summary */
  char *summary;
};

/* Each curve's colour, in order: reads, writes, more drives. */
#define DMK_CHART_PALETTE_N 6
extern const double dmk_chart_palette[DMK_CHART_PALETTE_N][3];
/* A single drive's temperature is drawn in red, as in a cell's chart; with several drives,
 * each one's in its curve's colour. */
extern const double dmk_chart_temp_red[3];

/* dmk-scan-chart-draw.c */
/* The lowest, highest and last temperature of curve c; FALSE when it has none. */
gboolean _dmk_scan_chart_curve_temperatures (const Curve *c, double *lo, double *hi,
                                             double *last);
void _dmk_scan_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot);

G_END_DECLS
