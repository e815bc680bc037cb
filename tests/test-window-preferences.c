/* test-window-preferences.c: settings live in a Preferences window (issue 46, item 9), driven
 * as a user does under a window manager: the main menu's Preferences by a pointer click, three
 * checks by three clicks (the menu took twelve), the style by its list, the Flash profile's own
 * interval said where the interval is set, Escape to close; the main menu one level deep; every test
 * beyond the grid in one place, the Drive submenu. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-test-wm.h"

static GtkWidget *
find_window_of_type (GType type)
{
  g_autoptr (GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_mapped (l->data))
      return l->data;
  return NULL;
}

static gboolean
preferences_shown (gpointer data)
{
  GtkWidget **found = data;

  *found = find_window_of_type (ADW_TYPE_PREFERENCES_WINDOW);
  return *found != NULL;
}

static gboolean
preferences_gone (gpointer data)
{
  return find_window_of_type (ADW_TYPE_PREFERENCES_WINDOW) == NULL;
}

/* The row under root titled title (its mnemonic's underscore left out). */
static GtkWidget *
row_titled (GtkWidget *root, const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (root))
    {
      g_autofree char *shown = g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)));
      char *u;

      while ((u = strchr (shown, '_')) != NULL)
        memmove (u, u + 1, strlen (u));
      if (g_strcmp0 (shown, title) == 0)
        return root;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = row_titled (c, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* How deep the menu model goes: 1 for items only, 2 with submenus of items. */
static guint
menu_depth (GMenuModel *model)
{
  guint depth = 1;

  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr (GMenuModel) submenu = g_menu_model_get_item_link (model, i, G_MENU_LINK_SUBMENU);

      if (section != NULL)
        depth = MAX (depth, menu_depth (section));
      if (submenu != NULL)
        depth = MAX (depth, 1 + menu_depth (submenu));
    }
  return depth;
}

static void
collect_rows (GtkWidget *w, GPtrArray *rows)
{
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (w), "GtkListItemWidget") == 0 && gtk_widget_get_mapped (w))
    g_ptr_array_add (rows, w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_rows (c, rows);
}

static gboolean
has_label (GtkWidget *w, const char *text)
{
  if (GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (has_label (c, text))
      return TRUE;
  return FALSE;
}

typedef struct
{
  GtkWidget *row;
  const char *text;
  GtkWidget *found;
} Choice;

/* The open list of a combo row shows a row reading text (found then holds it). */
static gboolean
choice_shown (gpointer data)
{
  Choice *c = data;
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();

  collect_rows (c->row, rows);
  for (guint i = 0; i < rows->len; i++)
    if (has_label (rows->pdata[i], c->text) &&
        gtk_widget_get_ancestor (rows->pdata[i], GTK_TYPE_POPOVER) != NULL)
      {
        c->found = rows->pdata[i];
        return TRUE;
      }
  return FALSE;
}

/* The shown view tab under root that reads text. */
static GtkWidget *
tab_reading (GtkWidget *root, const char *text)
{
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (root), "AdwViewSwitcherButton") == 0 &&
      gtk_widget_get_mapped (root) && has_label (root, text))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = tab_reading (c, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
row_mapped (gpointer row)
{
  return gtk_widget_get_mapped (row);
}

static gboolean
setting_is_true (gpointer key)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);

  return g_settings_get_boolean (s, key);
}

static gboolean
zoom_is_150 (gpointer data)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);

  return g_settings_get_int (s, "zoom") == 150;
}

static gboolean
dark (gpointer data)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

static void
test_preferences (void)
{
  static const char *const checks[][2] = { { "Verify Data", "verify" },
                                           { "Add Passes Until Stable", "until-stable" },
                                           { "Re-read and Re-write (iozone)", "reread" } };
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *dir = make_target_dir ();
  GtkWidget *menu, *prefs = NULL, *row;
  DmkWindow *win;
  Choice style = { NULL, "Dark", NULL };

  reset_settings ();
  win = new_app_window (test_application (), dir);
  /* The main menu (made as it first opens): one level of submenus, and Preferences where
   * Settings was. */
  menu = open_primary_menu (win);
  g_assert_nonnull (gtk_menu_button_get_menu_model (
    GTK_MENU_BUTTON (dmk_window_get_menu_button (win))));
  g_assert_cmpuint (menu_depth (gtk_menu_button_get_menu_model (
                      GTK_MENU_BUTTON (dmk_window_get_menu_button (win)))),
                    <=, 2);
  g_assert_null (menu_item (menu, "Settings"));
  click_menu_item (menu, "Preferences");
  g_assert_true (iterate_until (preferences_shown, &prefs));
  g_assert_true (adw_preferences_window_get_search_enabled (ADW_PREFERENCES_WINDOW (prefs)));
  settle ();

  /* Three checks, three clicks; the window's own actions follow. */
  for (guint i = 0; i < G_N_ELEMENTS (checks); i++)
    {
      g_autoptr (GVariant) state = NULL;

      g_assert_false (g_settings_get_boolean (s, checks[i][1]));
      row = row_titled (prefs, checks[i][0]);
      g_assert_nonnull (row);
      /* Brought into view as Tab would, then clicked. */
      gtk_widget_grab_focus (row);
      settle ();
      g_assert_true (pointer_click_on (row));
      g_assert_true (iterate_until (setting_is_true, (gpointer) checks[i][1]));
      state = g_action_group_get_action_state (G_ACTION_GROUP (win), checks[i][1]);
      g_assert_true (g_variant_get_boolean (state));
    }

  /* General → Style → Dark: the tab, the row, its list, by pointer. */
  g_assert_nonnull (tab_reading (prefs, "General"));
  g_assert_true (pointer_click_on (tab_reading (prefs, "General")));
  style.row = row_titled (prefs, "Style");
  g_assert_nonnull (style.row);
  g_assert_true (iterate_until (row_mapped, style.row));
  gtk_widget_grab_focus (style.row);
  settle ();
  g_assert_true (pointer_click_on (style.row));
  g_assert_true (iterate_until (choice_shown, &style));
  settle ();
  g_assert_true (pointer_click_on (style.found));
  g_assert_true (iterate_until (dark, NULL));
  {
    g_autofree char *scheme = g_settings_get_string (s, "color-scheme");

    g_assert_cmpstr (scheme, ==, "dark");
  }

  /* Zoom → 150 %, by its list; the window's grid follows. */
  {
    Choice zoom = { row_titled (prefs, "Zoom"), "150 %", NULL };

    g_assert_nonnull (zoom.row);
    settle ();
    gtk_widget_grab_focus (zoom.row);
    settle ();
    g_assert_true (pointer_click_on (zoom.row));
    g_assert_true (iterate_until (choice_shown, &zoom));
    settle ();
    g_assert_true (pointer_click_on (zoom.found));
    g_assert_true (iterate_until (zoom_is_150, NULL));
  }

  /* The Flash profile rests 30 s whatever the interval: the Interval row says so. */
  row = row_titled (prefs, "Interval");
  g_assert_true (gtk_widget_get_sensitive (row));
  g_settings_set_string (s, "profile", "flash");
  g_test_message ("interval: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "30 s"));
  g_assert_false (gtk_widget_get_sensitive (row));

  /* Escape closes it. */
  settle ();
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (prefs));

    g_test_message ("focus before Escape: %s", focus ? G_OBJECT_TYPE_NAME (focus) : "none");
  }
  g_assert_true (press_key (prefs, "Escape"));
  g_assert_true (iterate_until (preferences_gone, NULL));
  g_settings_set_string (s, "color-scheme", "system");
  destroy_window (win);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static gboolean
view_is (gpointer data)
{
  void **wv = data;

  return g_strcmp0 (adw_view_stack_get_visible_child_name (((DmkWindow *) wv[0])->view_stack),
                    wv[1]) == 0;
}

static gboolean
popover_closed (gpointer popover)
{
  return !gtk_widget_get_mapped (popover);
}

/* One home for every test beyond the grid (item 9): the main menu's Drive submenu lists the three
 * views and the two tests with dialogs of their own; a pointer click on a view's row shows it, and
 * its radio row follows a view chosen in the switcher. */
static void
test_one_home (void)
{
  static const char *const views[][2] = { { "Sustained Write", "sustained" },
                                          { "Block-Size Sweep", "sweep" },
                                          { "Surface Scan", "surface" },
                                          { "Benchmark", "benchmark" } };
  static const char *const dialogs[][2] = { { "Check Capacity…", "check-capacity" },
                                            { "iozone Sweep…", "iozone-sweep" } };
  g_autofree char *dir = make_target_dir ();
  DmkWindow *win;

  reset_settings ();
  win = new_app_window (test_application (), dir);
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      void *wv[] = { win, (void *) views[i][1] };
      g_autoptr (GVariant) state = NULL;
      GtkWidget *menu = open_primary_menu (win);

      click_menu_item (menu, "Drive");
      for (guint j = 0; j < G_N_ELEMENTS (dialogs); j++)
        {
          ItemWait w = { menu, dialogs[j][0], NULL };

          g_assert_true (iterate_until (item_shown, &w));
          g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win),
                                                            dialogs[j][1]));
        }
      click_menu_item (menu, views[i][0]);
      g_assert_true (iterate_until (view_is, wv));
      g_assert_true (iterate_until (popover_closed, menu));
      state = g_action_group_get_action_state (G_ACTION_GROUP (win), "view");
      g_assert_cmpstr (g_variant_get_string (state, NULL), ==, views[i][1]);
    }
  /* Chosen in the switcher under the views, the menu's radio row follows. */
  adw_view_stack_set_visible_child_name (win->view_stack, "sweep");
  {
    g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (win), "view");

    g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "sweep");
  }
  destroy_window (win);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  int status;

  if (!dmk_test_gui_init (&argc, &argv, "window-preferences"))
    return g_test_run ();
  start_window_manager ();
  g_test_add_func ("/window-preferences/menu-to-window", test_preferences);
  g_test_add_func ("/window-preferences/one-home", test_one_home);
  status = g_test_run ();
  stop_window_manager ();
  return status;
}
