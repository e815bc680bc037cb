/* dmk-scan-compare.h: several scans of one kind overlaid in one chart, one colour and a legend
 * entry per drive: the comparison for sustained writes, sweeps and surfaces. */
#pragma once

#include <adwaita.h>

#include "dmk-core.h"
#include "dmk-scan-chart.h"

G_BEGIN_DECLS

#define DMK_TYPE_SCAN_COMPARE (dmk_scan_compare_get_type ())
G_DECLARE_FINAL_TYPE (DmkScanCompare, dmk_scan_compare, DMK, SCAN_COMPARE, AdwWindow)

/* A window for results of kind (not a grid). */
DmkScanCompare *dmk_scan_compare_new (GtkApplication *app, DmkResultKind kind);
DmkResultKind dmk_scan_compare_get_kind (DmkScanCompare *self);
/* Adds result, named after its comment, else its target and date. FALSE when it is of another
 * kind or already there (source names the file; may be NULL). */
gboolean dmk_scan_compare_add (DmkScanCompare *self, DmkResult *result, const char *source);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
guint dmk_scan_compare_get_n_results (DmkScanCompare *self);
DmkScanChart *dmk_scan_compare_get_chart (DmkScanCompare *self);
#endif

G_END_DECLS
