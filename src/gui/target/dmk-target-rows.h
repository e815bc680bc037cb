/* dmk-target-rows.h: the rows of the target dropdown, for its button and its list. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-target-item.h"

G_BEGIN_DECLS

/* The button's factory (folders NULL: one line), or the list's (two lines, with "Folders" and
 * "Devices" over the first row of each store; the stores are kept). */
GtkListItemFactory *dmk_target_rows_factory (GListModel *folders, GListModel *devices);

G_END_DECLS
