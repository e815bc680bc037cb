/* dmk-test-wm.h: a real window manager (openbox) on the test's display, and menus driven with
 * real pointer clicks (xdotool), as a user meets them. */
#pragma once

#include "dmk-test-gui.h"

/* Starts openbox and waits until it manages the screen; a message, and no manager, when it is
 * not installed. */
void start_window_manager (void);
void stop_window_manager (void);
/* The shown menu item under root that reads label as the user sees it, or NULL. */
GtkWidget *menu_item (GtkWidget *root, const char *label);
/* For iterate_until: whether root's menu shows label (found then holds it). */
typedef struct
{
  GtkWidget *root;
  const char *label;
  GtkWidget *found;
} ItemWait;
gboolean item_shown (gpointer data);
/* Whether win's primary menu is shown, or hidden (for iterate_until). */
gboolean primary_menu_shown (gpointer win);
gboolean primary_menu_hidden (gpointer win);
/* The primary menu, opened by a pointer click on its button: its popover. */
GtkWidget *open_primary_menu (DmkWindow *win);
/* Clicks, with the pointer, the item of the open menu under root that reads label. */
void click_menu_item (GtkWidget *root, const char *label);
