/* dmk-zoom.h: CrystalDiskMark's View → Zoom: the grid's numbers, buttons and cells at 100–300 %,
 * kept in GSettings ("zoom"), for every window and the images they save. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The steps Zoom In and Zoom Out go through, in percent. */
#define DMK_ZOOM_MIN 100
#define DMK_ZOOM_MAX 300

/* The "zoom" setting on widget's display from now on (once per display). */
void dmk_zoom_follow (GtkWidget *widget);
/* The next step up (direction 1) or down (-1) from percent, within the range. */
int dmk_zoom_step (int percent, int direction);

G_END_DECLS
