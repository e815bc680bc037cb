/* dmk-size-choice.h: a test size dropdown with CrystalDiskMark's sizes, where the sizes that do
 * not fit the target are marked in the list, before a run, with why. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-target-chooser.h"

G_BEGIN_DECLS

/* Fills dropdown with the sizes and follows chooser's room; the selection starts at 1 GiB. */
void dmk_size_choice_setup (GtkDropDown *dropdown, DmkTargetChooser *chooser);
guint64 dmk_size_choice_get_bytes (GtkDropDown *dropdown);
/* Why the chosen size would fail ("64 GiB is more than the 12.3 GiB free: …"), or NULL. */
char *dmk_size_choice_explain (GtkDropDown *dropdown);
/* GSettings mappings between an "…-mib" key and the dropdown's "selected". */
gboolean dmk_size_choice_get_mapping (GValue *value, GVariant *variant, gpointer data);
GVariant *dmk_size_choice_set_mapping (const GValue *value, const GVariantType *type,
                                       gpointer data);

G_END_DECLS
