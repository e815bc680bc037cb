/* test-window-controls.c: the window's controls under Xvfb: settings survive a new window, the
 * target list's "Choose Folder…" item, and every win.* action the menu names. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-application.h"
#include "dmk-core.h"
#include "dmk-fio.h"
#include "dmk-target-item.h"
#include "dmk-test-gui.h"
#include "dmk-test-loop.h"
#include "dmk-settings-map.h"
#include "dmk-window-private.h"

/* ---- settings ---- */

static guint
selected (GtkWidget *dropdown)
{
  return gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
}

static void
test_settings_survive (void)
{
  g_autofree char *dir = make_target_dir ();
  GActionGroup *ag;
  DmkWindow *win;
  int w = 0, h = 0;

  reset_settings ();
  win = new_window (dir);
  ag = G_ACTION_GROUP (win);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dmk_window_get_passes_dropdown (win)), 2);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dmk_window_get_size_dropdown (win)), 3);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dmk_window_get_unit_dropdown (win)), DMK_UNIT_IOPS);
  g_action_group_activate_action (ag, "profile", g_variant_new_string ("nvme"));
  g_action_group_activate_action (ag, "mode", g_variant_new_string ("write"));
  g_action_group_activate_action (ag, "mix", NULL);
  g_action_group_activate_action (ag, "mix-ratio", g_variant_new_int32 (30));
  g_action_group_activate_action (ag, "data", g_variant_new_string ("zero"));
  g_action_group_activate_action (ag, "engine", g_variant_new_string ("psync"));
  g_action_group_activate_action (ag, "direct", NULL);
  g_action_group_activate_action (ag, "until-stable", NULL);
  g_action_group_activate_action (ag, "reread", NULL);
  g_action_group_activate_action (ag, "score", g_variant_new_string ("median"));
  g_action_group_activate_action (ag, "measure-time", g_variant_new_int32 (10));
  g_action_group_activate_action (ag, "interval", g_variant_new_int32 (30));
  gtk_window_set_default_size (GTK_WINDOW (win), 700, 520);
  gtk_window_close (GTK_WINDOW (win)); /* saves the size, then goes */
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);

  win = new_window (NULL);
  ag = G_ACTION_GROUP (win);
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, dir);
  g_assert_cmpuint (selected (dmk_window_get_passes_dropdown (win)), ==, 2);
  g_assert_cmpuint (selected (dmk_window_get_size_dropdown (win)), ==, 3);
  g_assert_cmpuint (selected (dmk_window_get_unit_dropdown (win)), ==, DMK_UNIT_IOPS);
#define ASSERT_STATE(name, fmt, want)                                                              \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_autoptr (GVariant) st = g_action_group_get_action_state (ag, name);                          \
    g_autoptr (GVariant) expected = g_variant_new (fmt, want);                                     \
    g_assert_true (g_variant_equal (st, expected));                                                \
  }                                                                                                \
  G_STMT_END
  ASSERT_STATE ("profile", "s", "nvme");
  ASSERT_STATE ("mode", "s", "write");
  ASSERT_STATE ("mix", "b", TRUE);
  ASSERT_STATE ("mix-ratio", "i", 30);
  ASSERT_STATE ("data", "s", "zero");
  ASSERT_STATE ("engine", "s", "psync");
  ASSERT_STATE ("direct", "b", FALSE);
  ASSERT_STATE ("until-stable", "b", TRUE);
  ASSERT_STATE ("reread", "b", TRUE);
  ASSERT_STATE ("score", "s", "median");
  ASSERT_STATE ("measure-time", "i", 10);
  ASSERT_STATE ("interval", "i", 30);
#undef ASSERT_STATE
  /* What the window runs with follows the menu's toggle. */
  {
    g_autoptr (GSettings) gs = g_settings_new (APP_ID);
    DmkSettings run_settings;

    dmk_settings_map_read (gs, &run_settings);
    g_assert_true (run_settings.until_stable);
    g_assert_true (run_settings.reread);
    g_assert_cmpint (run_settings.score, ==, DMK_SCORE_MEDIAN);
    dmk_settings_clear (&run_settings);
  }
  /* The engine left at its default may differ per test (a loop device's deep queues of small
   * I/O run on libaio); chosen through its action, even io_uring itself, it is every test's. */
  {
    g_autoptr (GSettings) gs = g_settings_new (APP_ID);
    DmkSettings left, chosen;

    g_settings_reset (gs, "engine");
    dmk_settings_map_read (gs, &left);
    g_assert_cmpint (left.engine, ==, DMK_ENGINE_IO_URING);
    g_assert_false (left.engine_asked);
    g_action_group_activate_action (ag, "engine", g_variant_new_string ("io_uring"));
    dmk_settings_map_read (gs, &chosen);
    g_assert_cmpint (chosen.engine, ==, DMK_ENGINE_IO_URING);
    g_assert_true (chosen.engine_asked);
    g_settings_reset (gs, "engine");
    dmk_settings_clear (&left);
    dmk_settings_clear (&chosen);
  }
  /* The Flash profile runs with its own timing, whatever the menu's measure time says. */
  {
    g_autoptr (GSettings) gs = g_settings_new (APP_ID);
    DmkSettings flash;

    g_settings_set_string (gs, "profile", "flash");
    dmk_settings_map_read (gs, &flash);
    g_assert_cmpuint (flash.measure_s, ==, 1);
    g_assert_cmpuint (flash.interval_s, ==, 30);
    dmk_settings_clear (&flash);
    g_settings_set_string (gs, "profile", "nvme");
  }
  /* The line over the grid says how the scores will be taken (issue 25); a re-read takes two
   * passes whatever the others say, so it goes first. */
  g_action_group_activate_action (ag, "reread", NULL);
  {
    g_autoptr (GVariant) st = g_action_group_get_action_state (ag, "reread");
    g_assert_false (g_variant_get_boolean (st));
  }
  settle ();
  g_test_message ("facts: %s", gtk_label_get_text (win->facts_label));
  {
    g_autofree char *want =
      g_strdup_printf (" · median of %u to %u passes (until stable) after a 10 s warm-up",
                       selected (dmk_window_get_passes_dropdown (win)) + 1,
                       3 * (selected (dmk_window_get_passes_dropdown (win)) + 1));
    g_assert_nonnull (strstr (gtk_label_get_text (win->facts_label), want));
  }
  /* nvme: 4 tests, with the mix column: 12 cells. */
  g_assert_cmpuint (dmk_window_get_n_cells (win), ==, 12);
  gtk_window_get_default_size (GTK_WINDOW (win), &w, &h);
  g_assert_cmpint (w, ==, 700);
  g_assert_cmpint (h, ==, 520);
  destroy_window (win);
  g_rmdir (dir);
}

/* "Choose Folder…" is an action at the end of the list: picking it keeps the current target. */
static void
test_choose_folder_item (void)
{
  g_autofree char *dir = make_target_dir ();
  GtkDropDown *targets;
  GListModel *model;
  guint n;
  DmkWindow *win;

  reset_settings ();
  win = new_window (dir);
  targets = GTK_DROP_DOWN (dmk_window_get_target_dropdown (win));
  model = gtk_drop_down_get_model (targets);
  n = g_list_model_get_n_items (model);
  g_assert_cmpuint (n, >=, 2);
  {
    g_autoptr (GObject) last = g_list_model_get_item (model, n - 1);
    g_autofree char *title = NULL;
    g_object_get (last, "title", &title, NULL);
    g_assert_cmpstr (title, ==, "Choose Folder…");
  }
  gtk_drop_down_set_selected (targets, n - 1);
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, dir);
  g_assert_cmpuint (gtk_drop_down_get_selected (targets), <, n - 1);
  destroy_window (win);
  g_rmdir (dir);
}

/* Every win.* action the menu names exists on the window, with a matching target type. */
static guint
check_menu_actions (GMenuModel *model, GActionGroup *group)
{
  guint n_checked = 0;

  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr (GMenuLinkIter) links = NULL;
      const char *link;
      GMenuModel *child;

      /* win.show-help-overlay is GtkApplicationWindow's, there only with an application. */
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
          g_str_has_prefix (action, "win.") && !g_str_equal (action, "win.show-help-overlay"))
        {
          g_autoptr (GVariant) target =
            g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
          const GVariantType *ptype = NULL;

          if (!g_action_group_has_action (group, action + 4))
            g_error ("the menu names %s, which the window does not have", action);
          ptype = g_action_group_get_action_parameter_type (group, action + 4);
          if (target != NULL)
            g_assert_true (ptype != NULL && g_variant_is_of_type (target, ptype));
          n_checked++;
        }
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_get_next (links, &link, &child))
        {
          n_checked += check_menu_actions (child, group);
          g_object_unref (child);
        }
    }
  return n_checked;
}

static void
test_menu (void)
{
  GtkMenuButton *button;
  GMenuModel *model;
  DmkWindow *win;

  reset_settings ();
  win = new_window (NULL);
  button = GTK_MENU_BUTTON (dmk_window_get_menu_button (win));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (button)));
  /* Built on first use, as F10 or a click would. */
  gtk_menu_button_popup (button);
  model = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (model);
  /* The profiles, Preferences, the drive's tools, open, save, copy, compare, help: the settings
   * live in the Preferences window now (issue 46), each with its own action still. */
  g_assert_cmpuint (check_menu_actions (model, G_ACTION_GROUP (win)), >=, 20);
  gtk_menu_button_popdown (button);
  destroy_window (win);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "window"))
    return g_test_run ();

  g_test_add_func ("/window/settings", test_settings_survive);
  g_test_add_func ("/window/choose-folder", test_choose_folder_item);
  g_test_add_func ("/window/menu", test_menu);
  return g_test_run ();
}
