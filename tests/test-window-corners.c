/* test-window-corners.c: the window in every corner a careful user reaches (issue 2/6): each
 * item seen going wrong, driven as a user meets it (real pointer clicks and keys under a window
 * manager), with a fresh settings store and a used one: menus, dialogs and the keyboard after
 * them, the Tests dialog and its profile, Open Recent, a row's menu, a tooltip over a list. What
 * the grid looks like is in test-window-corners-grid.c. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "dmk-compare-header.h"
#include "dmk-test-gui.h"
#include "dmk-test-wm.h"
#include "dmk-test-loop.h"

/* ---- what the tests share ---- */

/* The first shown toplevel of type (a file chooser's dialog, the Tests dialog), or NULL. */
static GtkWindow *
toplevel_of_type (GType type)
{
  GListModel *list = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (list, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_mapped (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

static gboolean
file_chooser_shown (gpointer data)
{
  return toplevel_of_type (GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

static gboolean
file_chooser_gone (gpointer data)
{
  return toplevel_of_type (GTK_TYPE_FILE_CHOOSER_DIALOG) == NULL;
}

static gboolean
file_there (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* A fresh store, tiny read runs of profile, and a window on target with a finished run. */
static DmkWindow *
window_with_run (const char *target, const char *profile)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkWindow *win;

  reset_settings ();
  set_tiny (profile);
  g_settings_set_string (s, "mode", "read");
  win = new_window (target);
  g_assert_true (iterate_until (widget_shown, dmk_window_get_all_button (win)));
  click (dmk_window_get_all_button (win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  g_test_message ("status: %s", dmk_window_get_status_text (win));
  g_assert_nonnull (dmk_window_get_shown_result (win));
  return win;
}

/* The first shown button under root labelled label (mnemonic included), or NULL. */
static GtkWidget *
find_button (GtkWidget *root, const char *label)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* ---- 1: the keyboard after a file dialog opened from the menu ---- */

static void
test_keyboard_after_menu_dialog (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *saved = g_build_filename (dir, "menu.txt", NULL);
  DmkWindow *win = window_with_run (dir, "demo");
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *menu;
  GtkFileChooser *chooser;

  /* The dialog starts in the folder last used, as a used settings store has it. */
  g_settings_set_string (settings, "last-folder", dir);
  menu = open_primary_menu (win);

  /* Menu → Save → Save Text…, by pointer, then Save in the dialog. */
  click_menu_item (menu, "Save");
  click_menu_item (menu, "Save Text…");
  g_assert_true (iterate_until (file_chooser_shown, NULL));
  chooser = GTK_FILE_CHOOSER (toplevel_of_type (GTK_TYPE_FILE_CHOOSER_DIALOG));
  gtk_file_chooser_set_current_name (chooser, "menu.txt");
  settle ();
  {
    GtkWidget *save = find_button (GTK_WIDGET (chooser), "_Save");

    g_assert_nonnull (save);
    g_assert_true (iterate_until (widget_shown, save));
    g_assert_true (pointer_click_on (save));
  }
  /* Saved where the last folder setting pointed: the dialog started there. */
  g_assert_true (iterate_until (file_there, saved));
  g_assert_true (iterate_until (file_chooser_gone, NULL));
  settle ();

  /* The window hears its keys again: F10 opens the menu, Escape closes it, Ctrl+T opens the
   * text dialog, and the focus is on a control that shows. */
  g_assert_true (gtk_widget_get_mapped (gtk_root_get_focus (GTK_ROOT (win))));
  g_assert_true (press_key (GTK_WIDGET (win), "F10"));
  g_assert_true (iterate_until (primary_menu_shown, win));
  g_assert_true (press_key (GTK_WIDGET (win), "Escape"));
  g_assert_true (iterate_until (primary_menu_hidden, win));
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+t"));
  g_assert_true (iterate_until (file_chooser_shown, NULL));
  g_assert_true (press_key (GTK_WIDGET (toplevel_of_type (GTK_TYPE_FILE_CHOOSER_DIALOG)),
                            "Escape"));
  g_assert_true (iterate_until (file_chooser_gone, NULL));
  g_unlink (saved);
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- 2 and 11: the Tests dialog and Undo keep what is shown ---- */

static GtkWidget *
find_toast_button (GtkWidget *root)
{
  return find_button (root, "_Undo");
}

static gboolean
undo_shown (gpointer win)
{
  GtkWidget *b = find_toast_button (GTK_WIDGET (win));
  return b != NULL && widget_shown (b);
}

static gboolean
tests_dialog_shown (gpointer data)
{
  return toplevel_of_type (DMK_TYPE_TESTS_DIALOG) != NULL;
}

static gboolean
tests_dialog_gone (gpointer data)
{
  return toplevel_of_type (DMK_TYPE_TESTS_DIALOG) == NULL;
}

static void
test_tests_dialog_keeps_result (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (GVariant) tests_before = NULL, tests_after = NULL;
  DmkWindow *win = window_with_run (dir, "demo");
  DmkResult *result = dmk_window_get_shown_result (win);
  g_autofree char *status = g_strdup (dmk_window_get_status_text (win));
  GtkWindow *dialog;
  AdwComboRow *block;

  tests_before = g_settings_get_value (s, "custom-tests");
  /* Profile → Tests…, by pointer, and one row's block size changed. */
  click_menu_item (open_primary_menu (win), "Profile");
  click_menu_item (gtk_widget_get_last_child (dmk_window_get_menu_button (win)), "Tests…");
  g_assert_true (iterate_until (tests_dialog_shown, NULL));
  dialog = toplevel_of_type (DMK_TYPE_TESTS_DIALOG);
  g_assert_nonnull (dialog);
  block = dmk_tests_dialog_get_combo (DMK_TESTS_DIALOG (dialog), 0, DMK_TESTS_FIELD_BLOCK);
  adw_combo_row_set_selected (block, adw_combo_row_get_selected (block) + 1);
  /* While the dialog is in front, the window still shows what it showed. */
  g_assert_true (dmk_window_get_shown_result (win) == result);
  g_assert_false (undo_shown (win));

  /* Closed with Escape: now the new plan shows, with its Undo where it can be seen. */
  g_assert_true (press_key (GTK_WIDGET (dialog), "Escape"));
  g_assert_true (iterate_until (tests_dialog_gone, NULL));
  g_assert_null (dmk_window_get_shown_result (win));
  g_assert_true (iterate_until (undo_shown, win));
  settle ();
  g_assert_true (pointer_click_on (find_toast_button (GTK_WIDGET (win))));
  settle ();
  /* Undo gives back the result, the tests it was made with, and how its run ended. */
  g_assert_true (dmk_window_get_shown_result (win) == result);
  tests_after = g_settings_get_value (s, "custom-tests");
  g_assert_true (g_variant_equal (tests_before, tests_after));
  g_assert_cmpstr (dmk_window_get_status_text (win), ==, status);

  /* A settings backend that writes to disk may report the Undo's own change again later: what
   * is shown stays. */
  g_signal_emit_by_name (s, "changed", "profile");
  g_signal_emit_by_name (dmk_test_settings (), "changed", "profile");
  settle ();
  g_assert_true (dmk_window_get_shown_result (win) == result);
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- 6: one definition of a filesystem's usage, in the list and the report ---- */

static void
test_usage_agrees (void)
{
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", NULL, NULL };
  g_autofree char *tmpl = NULL, *text = NULL, *percent = NULL;
  DmkUsage usage;
  DmkWindow *win;

  if (!dmk_test_loop_setup (6))
    return;
  mkfs[3] = dmk_test_loop;
  g_assert_cmpint (dmk_test_run_tool (mkfs, NULL), ==, 0);
  tmpl = g_build_filename (g_get_tmp_dir (), "dmk-corners-mnt-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (tmpl));
  dmk_test_mount = g_strdup (tmpl);
  g_assert_cmpint (mount (dmk_test_loop, dmk_test_mount, "ext4", 0, NULL), ==, 0);

  /* A small loop filesystem, used a little. */
  g_assert_true (dmk_usage_read (dmk_test_mount, &usage));
  win = window_with_run (dmk_test_mount, "demo");
  {
    g_autofree char *want = dmk_usage_format (&usage);
    DmkTargetItem *item = gtk_drop_down_get_selected_item (
      GTK_DROP_DOWN (dmk_window_get_target_dropdown (win)));

    g_assert_nonnull (strstr (dmk_target_item_get_subtitle (item), want));
  }
  text = dmk_result_to_text (dmk_window_get_shown_result (win));
  percent = g_strdup_printf ("%u%% (", dmk_usage_percent (&usage));
  g_assert_nonnull (strstr (text, percent));
  g_assert_null (strstr (text, "(0/0GiB)"));
  g_assert_nonnull (strstr (text, "MiB)]"));
  destroy_window (win);
  dmk_test_loop_cleanup ();
}

/* ---- 12: Reset to Profile says which ---- */

static void
test_reset_names_profile (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *profile = NULL;
  GtkWindow *dialog;
  GtkWidget *reset;
  AdwComboRow *block;
  DmkWindow *win;

  reset_settings ();
  g_settings_set_string (s, "profile", "nvme");
  win = new_window (NULL);
  g_action_group_activate_action (G_ACTION_GROUP (win), "edit-tests", NULL);
  dialog = toplevel_of_type (DMK_TYPE_TESTS_DIALOG);
  g_assert_nonnull (dialog);
  block = dmk_tests_dialog_get_combo (DMK_TESTS_DIALOG (dialog), 0, DMK_TESTS_FIELD_BLOCK);
  adw_combo_row_set_selected (block, adw_combo_row_get_selected (block) + 1);
  reset = dmk_tests_dialog_get_reset_button (DMK_TESTS_DIALOG (dialog));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (reset)), ==, "_Reset to NVMe SSD");
  g_assert_true (iterate_until (widget_shown, reset));
  settle ();
  g_assert_true (pointer_click_on (reset));
  settle ();
  profile = g_settings_get_string (s, "profile");
  g_assert_cmpstr (profile, ==, "nvme");
  gtk_window_destroy (dialog);
  g_assert_true (iterate_until (tests_dialog_gone, NULL));

  /* A used store: the custom tests made from Peak reset to Peak, in a dialog opened later. */
  g_settings_set_string (s, "profile", "peak");
  g_action_group_activate_action (G_ACTION_GROUP (win), "edit-tests", NULL);
  dialog = toplevel_of_type (DMK_TYPE_TESTS_DIALOG);
  block = dmk_tests_dialog_get_combo (DMK_TESTS_DIALOG (dialog), 1, DMK_TESTS_FIELD_BLOCK);
  adw_combo_row_set_selected (block, 0);
  gtk_window_destroy (dialog);
  g_assert_true (iterate_until (tests_dialog_gone, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (win), "edit-tests", NULL);
  dialog = toplevel_of_type (DMK_TYPE_TESTS_DIALOG);
  reset = dmk_tests_dialog_get_reset_button (DMK_TESTS_DIALOG (dialog));
  /* The profile the custom tests came from, as the Profile menu names it. */
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (reset)), ==, "_Reset to Peak Performance");
  gtk_window_destroy (dialog);
  destroy_window (win);
}

/* ---- 10: a row's menu leaves its button as it was, and says what it did ---- */

static gboolean
toast_says (gpointer data)
{
  gpointer *pair = data;
  return dmk_test_find_label (GTK_WIDGET (pair[0]), pair[1]) != NULL;
}

static void
test_row_menu_releases_button (void)
{
  g_autofree char *dir = make_target_dir ();
  DmkWindow *win = window_with_run (dir, "demo");
  GtkWidget *button = dmk_window_get_test_button (win, 0);
  GtkWidget *popover, *item;
  gpointer said[] = { win, "fio job copied" };

  g_assert_true (iterate_until (widget_shown, button));
  settle ();
  g_assert_true (pointer_click_button_on (button, 3));
  g_assert_true (iterate_until (has_popover_child, button));
  popover = gtk_widget_get_last_child (button);
  item = menu_item (popover, "Copy as fio Job");
  g_assert_nonnull (item);
  g_assert_true (iterate_until (widget_shown, item));
  settle ();
  g_assert_true (pointer_click_on (item));
  g_assert_true (iterate_until (no_popover_child, button));
  settle ();
  /* Not pressed-looking until the next run, and the copy said so, as Copy Results does. */
  g_assert_false (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_ACTIVE);
  g_assert_true (iterate_until (toast_says, said));
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- Custom: in the Profile menu once custom tests exist ---- */

static void
test_custom_profile_entry (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *profile = NULL;
  DmkWindow *win;
  GtkWindow *dialog;
  GtkWidget *menu;

  reset_settings ();
  win = new_window (NULL);
  g_assert_true (iterate_until (widget_shown, dmk_window_get_all_button (win)));
  /* A fresh store has no custom tests: no Custom entry to choose. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "profile-custom"));
  menu = open_primary_menu (win);
  click_menu_item (menu, "Profile");
  {
    ItemWait w = { menu, "Classic (CrystalDiskMark 3)", NULL };
    g_assert_true (iterate_until (item_shown, &w));
  }
  g_assert_null (menu_item (menu, "Custom"));
  gtk_popover_popdown (GTK_POPOVER (menu));
  g_assert_true (iterate_until (primary_menu_hidden, win));

  /* The Tests dialog makes custom tests; then Default, and back to Custom from the menu. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "edit-tests", NULL);
  g_assert_true (iterate_until (tests_dialog_shown, NULL));
  dialog = toplevel_of_type (DMK_TYPE_TESTS_DIALOG);
  adw_combo_row_set_selected (dmk_tests_dialog_get_combo (DMK_TESTS_DIALOG (dialog), 0,
                                                          DMK_TESTS_FIELD_BLOCK),
                              0);
  gtk_window_destroy (dialog);
  g_assert_true (iterate_until (tests_dialog_gone, NULL));
  g_settings_set_string (s, "profile", "default");
  settle ();
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "profile-custom"));
  menu = open_primary_menu (win);
  click_menu_item (menu, "Profile");
  {
    /* Custom is one of the profiles' radio items, not a check box among them (issue 46,
     * item 12): GtkModelButton's role, as Classic's (GTK_BUTTON_ROLE_RADIO is 2). */
    ItemWait w = { menu, "Custom", NULL };
    int custom_role = -1, classic_role = -1;

    g_assert_true (iterate_until (item_shown, &w));
    g_object_get (w.found, "role", &custom_role, NULL);
    g_object_get (menu_item (menu, "Classic (CrystalDiskMark 3)"), "role", &classic_role, NULL);
    g_assert_cmpint (custom_role, ==, 2);
    g_assert_cmpint (classic_role, ==, custom_role);
  }
  click_menu_item (menu, "Custom");
  g_assert_true (iterate_until (primary_menu_hidden, win));
  profile = g_settings_get_string (s, "profile");
  g_assert_cmpstr (profile, ==, "custom");
  destroy_window (win);
}

/* ---- Open Recent: the results last saved or opened ---- */

static gboolean
opened_status (gpointer win)
{
  return g_str_has_prefix (dmk_window_get_status_text (win), "Opened “recent.json”");
}

static void
test_open_recent (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *path = g_build_filename (dir, "recent.json", NULL);
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_auto (GStrv) recent = NULL;
  DmkWindow *win = window_with_run (dir, "demo");
  GtkWidget *menu;

  /* A fresh store: nothing recent yet, said so. */
  menu = open_primary_menu (win);
  click_menu_item (menu, "Open Recent");
  {
    ItemWait w = { menu, "No Recent Results", NULL };
    g_assert_true (iterate_until (item_shown, &w));
  }
  gtk_popover_popdown (GTK_POPOVER (menu));
  g_assert_true (iterate_until (primary_menu_hidden, win));

  /* Saving makes it recent; the menu names it; a pointer click opens it. */
  g_assert_true (dmk_window_save_results (win, path, NULL));
  recent = g_settings_get_strv (s, "recent-files");
  g_assert_cmpstr (recent[0], ==, path);
  menu = open_primary_menu (win);
  click_menu_item (menu, "Open Recent");
  {
    g_autofree char *label = g_strdup_printf ("recent.json (%s)", dir);

    click_menu_item (menu, label);
  }
  g_assert_true (iterate_until (opened_status, win));
  /* A file gone since is not offered. */
  g_unlink (path);
  menu = open_primary_menu (win);
  click_menu_item (menu, "Open Recent");
  {
    ItemWait w = { menu, "No Recent Results", NULL };
    g_assert_true (iterate_until (item_shown, &w));
  }
  gtk_popover_popdown (GTK_POPOVER (menu));
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- 9: a tooltip over an open list does not swallow the click on its item ---- */

static gboolean
popup_shown (gpointer dropdown)
{
  for (GtkWidget *c = gtk_widget_get_first_child (dropdown); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_POPOVER (c) && gtk_widget_get_mapped (c))
      return TRUE;
  return FALSE;
}

static gboolean
unit_is_gb (gpointer data)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *unit = g_settings_get_string (s, "unit");
  return g_str_equal (unit, "gb-s");
}

static void
test_tooltip_lets_clicks_through (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkWindow *win;
  GtkWidget *unit, *item = NULL;

  reset_settings ();
  win = new_window (NULL);
  unit = dmk_window_get_unit_dropdown (win);
  g_assert_true (iterate_until (widget_shown, unit));
  settle ();
  /* The pointer rests on Unit until its tooltip is up, then opens the list there. */
  g_assert_true (pointer_click_on (unit));
  g_assert_true (iterate_until (popup_shown, unit));
  /* While the list is open the control has no tooltip to lay over it. */
  g_assert_false (gtk_widget_get_has_tooltip (unit));
  for (GtkWidget *c = gtk_widget_get_first_child (unit); c != NULL && item == NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_POPOVER (c))
      item = dmk_test_find_label (c, "GB/s");
  g_assert_nonnull (item);
  g_assert_true (iterate_until (widget_shown, item));
  g_usleep (1200 * 1000); /* a tooltip's delay, had there been one */
  settle ();
  g_assert_true (pointer_click_on (item));
  g_assert_true (iterate_until (unit_is_gb, NULL));
  g_assert_true (gtk_widget_get_has_tooltip (unit));
  destroy_window (win);
}

int
main (int argc, char *argv[])
{
  int status;

  if (!dmk_test_gui_init (&argc, &argv, "window-corners"))
    return g_test_run ();
  dmk_test_loop_cleanup_on_signals (stop_window_manager);
  start_window_manager ();
  g_test_add_func ("/window-corners/1/keyboard-after-menu-dialog",
                   test_keyboard_after_menu_dialog);
  g_test_add_func ("/window-corners/2/tests-dialog-keeps-result", test_tests_dialog_keeps_result);
  g_test_add_func ("/window-corners/6/usage-agrees", test_usage_agrees);
  g_test_add_func ("/window-corners/12/reset-names-profile", test_reset_names_profile);
  g_test_add_func ("/window-corners/10/row-menu-releases-button", test_row_menu_releases_button);
  g_test_add_func ("/window-corners/9/tooltip-lets-clicks-through",
                   test_tooltip_lets_clicks_through);
  g_test_add_func ("/window-corners/custom-profile-entry", test_custom_profile_entry);
  g_test_add_func ("/window-corners/open-recent", test_open_recent);
  status = g_test_run ();
  stop_window_manager ();
  return status;
}
