/* dmk-capacity-chart.h: the capacity check's rate as it goes: MB/s over the share written and
 * read back, one line per phase. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_CAPACITY_CHART (dmk_capacity_chart_get_type ())
G_DECLARE_FINAL_TYPE (DmkCapacityChart, dmk_capacity_chart, DMK, CAPACITY_CHART, GtkWidget)

GtkWidget *dmk_capacity_chart_new (void);
/* Adds a point from a progress report (the first pass's only: later ones are a few stamps). */
void dmk_capacity_chart_add (DmkCapacityChart *self, const DmkCapacityProgress *p);
double dmk_capacity_chart_get_peak (DmkCapacityChart *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* Points so far, of phase; and the highest rate drawn. */
guint dmk_capacity_chart_get_n_points (DmkCapacityChart *self, DmkCapacityPhase phase);
#endif

G_END_DECLS
