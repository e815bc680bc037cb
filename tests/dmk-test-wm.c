/* dmk-test-wm.c: what the tests that drive the window as a user does share: a real window
 * manager on the display, and menus opened and chosen from with pointer clicks. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <signal.h>

#include "dmk-test-gui.h"
#include "dmk-test-wm.h"

static GPid wm_pid;

/* A window manager owns the screen's WM_S0 selection (ICCCM 2.8) once it manages the screen. */
static gboolean
window_manager_running (gpointer data)
{
  GdkDisplay *display = gdk_display_get_default ();
  Display *x;

  if (!GDK_IS_X11_DISPLAY (display))
    return TRUE;
  x = gdk_x11_display_get_xdisplay (display);
  g_usleep (20 * 1000);
  return XGetSelectionOwner (x, XInternAtom (x, "WM_S0", False)) != None;
}

/* A window manager on the display, as a user's desktop has one: focus, stacking and dialogs
 * behave as they do there (the keyboard bug of item 1 needs one). */
void
start_window_manager (void)
{
  g_autofree char *openbox = g_find_program_in_path ("openbox");
  const char *argv[] = { NULL, "--sm-disable", NULL };

  if (openbox == NULL)
    {
      g_test_message ("openbox is not installed: the tests run without a window manager");
      return;
    }
  argv[0] = openbox;
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL |
                                  G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &wm_pid, NULL));
  /* Not a fixed sleep: a window shown before the manager has taken the screen is caught in its
   * start-up (once it stayed unmapped for two minutes on a loaded machine). */
  g_assert_true (iterate_until (window_manager_running, NULL));
}

void
stop_window_manager (void)
{
  if (wm_pid > 0)
    kill (wm_pid, SIGTERM);
  wm_pid = 0;
}

/* The shown menu item under root that reads label as the user sees it (its "text" is what its
 * label shows: mnemonics taken out, "__" shown as "_"), or NULL. */
GtkWidget *
menu_item (GtkWidget *root, const char *label)
{
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (root), "GtkModelButton") == 0 &&
      gtk_widget_get_mapped (root))
    {
      g_autofree char *text = NULL;

      g_object_get (root, "text", &text, NULL);
      if (g_strcmp0 (text, label) == 0)
        return root;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = menu_item (c, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
item_shown (gpointer data)
{
  ItemWait *w = data;

  w->found = menu_item (w->root, w->label);
  return w->found != NULL && widget_shown (w->found);
}

/* What the menu under root shows, into the test's log: for a failure's message. */
static void
list_items (GtkWidget *root)
{
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (root), "GtkModelButton") == 0 && gtk_widget_get_mapped (root))
    {
      g_autofree char *text = NULL;

      GtkWidget *l = gtk_widget_get_first_child (root);

      while (l != NULL && !GTK_IS_LABEL (l))
        l = gtk_widget_get_next_sibling (l);
      g_object_get (root, "text", &text, NULL);
      g_test_message ("  “%s” shown as “%s” (label “%s”)", text,
                      l ? gtk_label_get_text (GTK_LABEL (l)) : "?",
                      l ? gtk_label_get_label (GTK_LABEL (l)) : "?");
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    list_items (c);
}

/* Clicks, with the pointer, the item of the open menu under root that reads label. */
void
click_menu_item (GtkWidget *root, const char *label)
{
  ItemWait w = { root, label, NULL };

  if (!iterate_until (item_shown, &w))
    {
      g_test_message ("no menu item “%s” is shown; the menu shows:", label);
      list_items (root);
      g_assert_not_reached ();
    }
  settle ();
  g_assert_true (pointer_click_on (w.found));
}

/* The primary menu, opened by a pointer click on its button. */
GtkWidget *
open_primary_menu (DmkWindow *win)
{
  GtkWidget *button = dmk_window_get_menu_button (win);
  GtkPopover *popover;

  g_assert_true (iterate_until (widget_shown, button));
  settle ();
  g_assert_true (pointer_click_on (button));
  g_assert_true (iterate_until (has_popover_child, button));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_nonnull (popover);
  return GTK_WIDGET (popover);
}

gboolean
primary_menu_shown (gpointer win)
{
  GtkPopover *popover = gtk_menu_button_get_popover (
    GTK_MENU_BUTTON (dmk_window_get_menu_button (win)));
  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

gboolean
primary_menu_hidden (gpointer win)
{
  return !primary_menu_shown (win);
}
