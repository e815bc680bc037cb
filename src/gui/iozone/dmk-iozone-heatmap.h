/* dmk-iozone-heatmap.h: one operation of an iozone sweep as a heat map: file sizes down, record
 * sizes across, each cell coloured by its MB/s on a scale from 0 to the highest (the legend
 * under it), with its value in it; and the same as text for a screen reader. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_IOZONE_HEATMAP (dmk_iozone_heatmap_get_type ())
G_DECLARE_FINAL_TYPE (DmkIozoneHeatmap, dmk_iozone_heatmap, DMK, IOZONE_HEATMAP, GtkWidget)

GtkWidget *dmk_iozone_heatmap_new (void);
/* The operation's name as a user reads it: "Write", "Re-read", "Stride Read" … (translated). */
const char *dmk_iozone_op_title (DmkIozoneOp op);

/* Shows op of table, copied (NULL: nothing); call again as cells are filled. */
void dmk_iozone_heatmap_update (DmkIozoneHeatmap *self, const DmkIozoneTable *table,
                                DmkIozoneOp op);

char *dmk_iozone_heatmap_get_cell_text (DmkIozoneHeatmap *self, guint file, guint record);
double dmk_iozone_heatmap_get_scale_top (DmkIozoneHeatmap *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
DmkIozoneOp dmk_iozone_heatmap_get_op (DmkIozoneHeatmap *self);
/* For the tests: the shape shown, a cell's value (NAN when empty) and text ("" when empty, "—"
 * where the record is larger than the file), the scale's top, and what a screen reader hears. */
guint dmk_iozone_heatmap_get_n_files (DmkIozoneHeatmap *self);
guint dmk_iozone_heatmap_get_n_records (DmkIozoneHeatmap *self);
double dmk_iozone_heatmap_get_value (DmkIozoneHeatmap *self, guint file, guint record);
const char *dmk_iozone_heatmap_get_description (DmkIozoneHeatmap *self);
#endif

G_END_DECLS
