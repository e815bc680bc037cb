/* dmk-compare-header.h: a comparison column's header: what was measured, where, when and how, with
 * the column's menu. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_COMPARE_HEADER (dmk_compare_header_get_type ())
G_DECLARE_FINAL_TYPE (DmkCompareHeader, dmk_compare_header, DMK, COMPARE_HEADER, GtkBox)

void dmk_compare_header_set_result (DmkCompareHeader *self, DmkResult *result);
void dmk_compare_header_set_source (DmkCompareHeader *self, const char *source);
/* Whether the header carries the "Baseline" badge. */
gboolean dmk_compare_header_get_baseline (DmkCompareHeader *self);
void dmk_compare_header_set_baseline (DmkCompareHeader *self, gboolean baseline);
/* The column's menu, shown by the header's menu button. */
GMenuModel *dmk_compare_header_get_menu_model (DmkCompareHeader *self);
void dmk_compare_header_set_menu_model (DmkCompareHeader *self, GMenuModel *menu_model);

/* The first line: the drive's model, else the target. */
const char *dmk_compare_header_get_title (DmkCompareHeader *self);
GtkWidget *dmk_compare_header_get_menu_button (DmkCompareHeader *self);
/* Every line shown, in order, joined by newlines. */
char *dmk_compare_header_get_text (DmkCompareHeader *self);

G_END_DECLS
