/* dmk-a11y.h: what a screen reader hears of GTK's and libadwaita's inner parts (GTK 4.8). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* From now on every widget that maps is tidied for a screen reader: GTK 4.8 speaks an unnamed
 * part by its type ("AdwGizmo", "GtkBuiltinIcon", "GtkStackPage"); a dropdown's button said its
 * dropdown's name again and hid a "(None)" label; a view tab's labels said the tab's name again.
 * Once per process; every window and dialog, and the popovers and list rows made later. */
void dmk_a11y_tidy_on_map (void);
/* The same for one dropdown now (its button named "Passes 5" by the dropdown and its choice). */
void dmk_a11y_tidy_drop_down (GtkWidget *dropdown);
/* A menu button is named by label once, on the button that takes the focus (GTK 4.8 gives the
 * same name to the menu button and to the button inside it); its tooltip describes it. Call it
 * after the menu button's icon or label is set. */
void dmk_menu_button_name (GtkMenuButton *button, const char *label);

G_END_DECLS
