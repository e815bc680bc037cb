/* test-window-corners.c: the window in every corner a careful user reaches (issue 2/6): each
 * item seen going wrong, driven as a user meets it (real pointer clicks and keys under a window
 * manager), with a fresh settings store and a used one. */
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

static gboolean
primary_menu_shown (gpointer win)
{
  GtkPopover *popover = gtk_menu_button_get_popover (
    GTK_MENU_BUTTON (dmk_window_get_menu_button (win)));
  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

static gboolean
primary_menu_hidden (gpointer win)
{
  return !primary_menu_shown (win);
}

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

/* With DMK_SHOTS_DIR set, the window as it is now goes to DIR/name.png, drawn by GTK itself:
 * the screenshots the README and the issue look at. */
static void
shot (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("DMK_SHOTS_DIR");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GtkSnapshot) snapshot = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  if (dir == NULL || w <= 0 || h <= 0)
    return;
  settle ();
  /* A window that must grow for its content is drawn once the X server has made it so. */
  for (int i = 0; i < 40; i++)
    {
      int min = 0;

      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, w, &min, NULL, NULL, NULL);
      if (gtk_widget_get_height (widget) >= min - 12)
        break;
      g_usleep (50 * 1000);
      settle ();
    }
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  file = g_strdup_printf ("%s/%s.png", dir, name);
  g_assert_true (gdk_texture_save_to_png (texture, file));
  g_test_message ("screenshot %s", file);
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

/* ---- 5: the status line says how the run ended, whatever happens after ---- */

static gboolean
second_test_running (gpointer win)
{
  const char *text = gtk_progress_bar_get_text (dmk_window_get_progress_bar (win));
  return !dmk_window_is_running (win) || (text != NULL && g_str_has_prefix (text, "Test 2 of"));
}

static void
switch_unit_by_pointer (DmkWindow *win, const char *unit)
{
  GtkWidget *dropdown = dmk_window_get_unit_dropdown (win);
  GtkWidget *popover;

  g_assert_true (iterate_until (widget_shown, dropdown));
  settle ();
  g_assert_true (pointer_click_on (dropdown));
  settle ();
  popover = gtk_widget_get_last_child (dropdown);
  g_assert_true (GTK_IS_POPOVER (popover));
  g_assert_true (iterate_until (widget_shown, popover));
  {
    /* The list's row that reads unit. */
    GtkWidget *row = dmk_test_find_label (popover, unit);
    g_assert_nonnull (row);
    g_assert_true (iterate_until (widget_shown, row));
    g_assert_true (pointer_click_on (row));
  }
  g_assert_true (iterate_until (primary_menu_hidden, win));
  settle ();
}

static void
test_status_after_unit_switch (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *status = NULL;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  g_settings_set_int (s, "measure-time", 3);
  win = new_window (dir);
  /* Stopped before any test finished. */
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (measuring, win));
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_status_text (win), ==, "Stopped before any test finished");
  switch_unit_by_pointer (win, "IOPS");
  g_assert_cmpstr (dmk_window_get_status_text (win), ==, "Stopped before any test finished");

  /* Stopped after one test: kept, and still said so after another unit. */
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (second_test_running, win));
  g_assert_true (dmk_window_is_running (win));
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  status = g_strdup (dmk_window_get_status_text (win));
  g_assert_true (g_str_has_prefix (status, "Stopped after 1 test:"));
  switch_unit_by_pointer (win, "MB/s");
  g_assert_cmpstr (dmk_window_get_status_text (win), ==, status);
  shot (GTK_WIDGET (win), "stopped-after-unit-switch");

  /* One row again: the status counts what that run did. */
  click (dmk_window_get_test_button (win, 1));
  g_assert_true (iterate_until (not_running, win));
  g_assert_true (g_str_has_prefix (dmk_window_get_status_text (win), "Done: 1 test in "));
  switch_unit_by_pointer (win, "GB/s");
  g_assert_true (g_str_has_prefix (dmk_window_get_status_text (win), "Done: 1 test in "));
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

/* ---- 8: the window's height follows what it shows ---- */

static int
row_height (DmkWindow *win)
{
  return gtk_widget_get_height (dmk_window_get_test_button (win, 0));
}

static void
test_height_comes_back (void)
{
  /* RAM: no warning about the disk joins the facts at the end of the run. */
  g_autofree char *dir = g_dir_make_tmp ("dmk-fit-XXXXXX", NULL);
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  int h0, row0, facts0, grid0, h_run, row_run, h_done, h_warned;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  g_settings_set_int (s, "measure-time", 2);
  win = new_window (dir);
  g_assert_true (iterate_until (widget_shown, dmk_window_get_all_button (win)));
  settle ();
  h0 = gtk_widget_get_height (GTK_WIDGET (win));
  row0 = row_height (win);
  facts0 = gtk_widget_get_height (win->facts_box);
  grid0 = gtk_widget_get_height (GTK_WIDGET (win->grid));

  /* A run: the rows keep their height and place (the progress bar was in the layout all along). */
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (measuring, win));
  settle ();
  h_run = gtk_widget_get_height (GTK_WIDGET (win));
  row_run = row_height (win);
  g_assert_cmpint (h_run, ==, h0);
  g_assert_cmpint (row_run, ==, row0);
  g_assert_true (iterate_until (not_running, win));
  settle ();
  g_test_message ("height %d → %d (running) → %d (done); row %d → %d → %d", h0, h_run,
                  gtk_widget_get_height (GTK_WIDGET (win)), row0, row_run, row_height (win));
  /* The run's end brings the result's facts and warnings: the rows give up at most the room
   * those lines take, and the window grows by no more than the rest (none when the rows had
   * room to give). */
  {
    int grown = gtk_widget_get_height (win->facts_box) - facts0;
    int shrunk = grid0 - gtk_widget_get_height (GTK_WIDGET (win->grid));

    g_test_message ("the facts grew by %d px, the grid gave %d px", grown, shrunk);
    g_assert_cmpint (shrunk, <=, grown);
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (win)) - h0, <=, grown - shrunk);
  }
  h_done = gtk_widget_get_height (GTK_WIDGET (win));

  /* Long warnings are one line with Details (issue 46): the window does not grow for them
   * beyond that line; once they go, it is as it was. */
  {
    DmkResult *r = dmk_result_ref (dmk_window_get_shown_result (win));
    guint n_warnings = r->warnings->len;
    g_autofree char *path = g_build_filename (dir, "warned.json", NULL);
    g_autoptr (GFile) file = g_file_new_for_path (path);

    for (guint i = 0; i < 4; i++)
      g_ptr_array_add (r->warnings,
                       g_strdup_printf ("Warning %u: a long line that says what changed the "
                                        "meaning of these numbers, long enough to wrap over "
                                        "two lines of this window at its width",
                                        i));
    g_assert_true (dmk_result_save (r, path, NULL));
    /* The run's own result stays as it was: the warnings are the saved file's. */
    g_ptr_array_set_size (r->warnings, n_warnings);
    dmk_result_unref (r);
    open_files_and_wait (win, &file, 1);
    settle ();
    shot (GTK_WIDGET (win), "long-warnings");
    h_warned = gtk_widget_get_height (GTK_WIDGET (win));
    if (g_getenv ("DMK_SHOTS_DIR") != NULL)
      {
        g_autofree char *png = g_build_filename (g_getenv ("DMK_SHOTS_DIR"),
                                                 "saved-long-warnings.png", NULL);
        g_assert_true (dmk_window_save_image (win, png, NULL));
      }
    g_test_message ("with one short warning %d px, with five long ones %d px", h_done, h_warned);
    g_assert_cmpint (h_warned, <=, h_done + 40);
    /* Whole, not cut: every warning is in the window (under Details). */
    g_assert_nonnull (strstr (dmk_window_get_facts_text (win), "Warning 3: a long line"));
    g_assert_nonnull (strstr (dmk_window_get_facts_text (win), "at its width"));
    g_action_group_activate_action (G_ACTION_GROUP (win), "close-result", NULL);
    settle ();
    settle ();
    /* Back to the run's result: shorter again, as tall as the user's height or what the
     * content needs, whichever is more. */
    {
      int min = 0, now = gtk_widget_get_height (GTK_WIDGET (win));
      /* Measured as the window measures it: its content at the content's width (the toast
       * overlay around it counts wrapped lines short), with the window's frame around it. */
      GtkWidget *content = adw_toast_overlay_get_child (win->toast_overlay);

      gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (content),
                          &min, NULL, NULL, NULL);
      min += now - gtk_widget_get_height (content);
      g_test_message ("with the long warnings %d px, back %d px (content needs %d px)",
                      h_warned, now, min);
      g_assert_cmpint (now, <=, MAX (h0, min));
    }
    g_unlink (path);
  }
  destroy_window (win);
  g_rmdir (dir);
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

/* ---- 16: the big numbers in bold whatever the language ---- */

/* The weight of the face the label really draws its digits with when the desktop's language
 * is language (a Japanese desktop's fonts have no bold face for Latin digits). */
static int
digits_weight (GtkWidget *label, const char *language)
{
  PangoContext *context = gtk_widget_get_pango_context (label);
  PangoLayout *layout;
  PangoLayoutIter *iter;
  PangoLayoutRun *run;
  g_autoptr (PangoFontDescription) desc = NULL;
  int weight;

  gtk_label_set_text (GTK_LABEL (label), "1234.56");
  pango_context_set_language (context, pango_language_from_string (language));
  layout = gtk_label_get_layout (GTK_LABEL (label));
  pango_layout_context_changed (layout);
  iter = pango_layout_get_iter (layout);
  run = pango_layout_iter_get_run_readonly (iter);
  g_assert_nonnull (run);
  desc = pango_font_describe (run->item->analysis.font);
  weight = pango_font_description_get_weight (desc);
  g_test_message ("%s: digits in %s", language, pango_font_description_get_family (desc));
  pango_layout_iter_free (iter);
  return weight;
}

static void
test_bold_numbers_in_japanese (void)
{
  /* The application, so that its style sheet (the numbers' weight) is loaded. */
  g_autoptr (DmkApplication) app = test_application ();
  DmkWindow *win;
  GtkWidget *value;

  reset_settings ();
  win = dmk_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (win));
  g_assert_true (iterate_until (widget_shown, dmk_window_get_all_button (win)));
  value = dmk_result_cell_get_value_label (dmk_window_get_cell (win, 0, DMK_DIRECTION_READ));
  g_assert_nonnull (value);
  /* The face really drawn, not the one asked for: Japanese fonts without a bold face are
   * drawn thin. */
  g_assert_cmpint (digits_weight (value, "en"), >=, PANGO_WEIGHT_SEMIBOLD);
  g_assert_cmpint (digits_weight (value, "ja"), >=, PANGO_WEIGHT_SEMIBOLD);
  g_assert_cmpint (digits_weight (value, "zh-cn"), >=, PANGO_WEIGHT_SEMIBOLD);
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

/* ---- zoom: keys, the menu, the setting, the numbers ---- */

static int
value_height (DmkWindow *win)
{
  GtkWidget *value = dmk_result_cell_get_value_label (dmk_window_get_cell (win, 0,
                                                                           DMK_DIRECTION_READ));
  int natural = 0;

  gtk_widget_measure (value, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  return natural;
}

static gboolean
zoom_is (gpointer data)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  return g_settings_get_int (s, "zoom") == GPOINTER_TO_INT (data);
}

static void
test_zoom (void)
{
  g_autoptr (DmkApplication) app = test_application ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkWindow *win;
  int h100, h125;

  reset_settings ();
  win = dmk_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (win));
  g_assert_true (iterate_until (widget_shown, dmk_window_get_all_button (win)));
  settle ();
  h100 = value_height (win);

  /* Ctrl+plus, as typed: one step up, kept, and the numbers are bigger. */
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+plus"));
  g_assert_true (iterate_until (zoom_is, GINT_TO_POINTER (125)));
  settle ();
  h125 = value_height (win);
  g_test_message ("the numbers' height: %d px at 100 %%, %d px at 125 %%", h100, h125);
  g_assert_cmpint (h125, >, h100);
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+minus"));
  g_assert_true (iterate_until (zoom_is, GINT_TO_POINTER (100)));
  /* Ctrl+minus at 100 % stays there; Ctrl+0 resets from anywhere. */
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+minus"));
  settle ();
  g_assert_cmpint (g_settings_get_int (s, "zoom"), ==, 100);
  g_settings_set_int (s, "zoom", 300);
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+plus"));
  settle ();
  g_assert_cmpint (g_settings_get_int (s, "zoom"), ==, 300);
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+0"));
  g_assert_true (iterate_until (zoom_is, GINT_TO_POINTER (100)));

  /* 150 % by the keys (Preferences → Zoom, by pointer, is window-preferences'). */
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+plus"));
  g_assert_true (iterate_until (zoom_is, GINT_TO_POINTER (125)));
  g_assert_true (press_key (GTK_WIDGET (win), "ctrl+plus"));
  g_assert_true (iterate_until (zoom_is, GINT_TO_POINTER (150)));
  shot (GTK_WIDGET (win), "zoom-150");
  /* A used store: a new window starts at the kept zoom. */
  destroy_window (win);
  win = dmk_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (win));
  g_assert_true (iterate_until (widget_shown, dmk_window_get_all_button (win)));
  settle ();
  g_assert_cmpint (value_height (win), >, h125);
  g_settings_set_int (s, "zoom", 100);
  destroy_window (win);
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

/* ---- 14: whole words in the comparison's headers ---- */

static void
test_compare_headers_whole_words (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "imports", "cdm8-nvme.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) cdm = dmk_result_load (path, &error);
  DmkCompareWindow *cmp;
  GtkWidget *title;
  PangoLayout *layout;
  const char *text;

  g_assert_no_error (error);
  cmp = dmk_compare_window_new (NULL);
  gtk_window_present (GTK_WINDOW (cmp));
  g_assert_true (dmk_compare_window_add_result (cmp, cdm, path));
  g_assert_true (iterate_until (widget_shown, cmp));
  settle ();
  {
    DmkCompareHeader *header = DMK_COMPARE_HEADER (
      gtk_widget_get_ancestor (dmk_compare_window_get_header_menu (cmp, 0),
                               DMK_TYPE_COMPARE_HEADER));
    title = dmk_test_find_label (GTK_WIDGET (header), dmk_compare_header_get_title (header));
  }
  g_assert_nonnull (title);
  layout = gtk_label_get_layout (GTK_LABEL (title));
  text = pango_layout_get_text (layout);
  g_test_message ("title “%s” in %d lines", text, pango_layout_get_line_count (layout));
  g_assert_nonnull (strstr (text, "CrystalDiskMark"));
  /* Every line starts at a word's start: no word is broken over two lines. */
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;

      g_assert_true (line->start_index == 0 || text[line->start_index - 1] == ' ');
    }
  gtk_window_destroy (GTK_WINDOW (cmp));
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
  g_test_add_func ("/window-corners/5/status-after-unit-switch", test_status_after_unit_switch);
  g_test_add_func ("/window-corners/6/usage-agrees", test_usage_agrees);
  g_test_add_func ("/window-corners/8/height-comes-back", test_height_comes_back);
  g_test_add_func ("/window-corners/12/reset-names-profile", test_reset_names_profile);
  g_test_add_func ("/window-corners/16/bold-numbers-in-japanese", test_bold_numbers_in_japanese);
  g_test_add_func ("/window-corners/10/row-menu-releases-button", test_row_menu_releases_button);
  g_test_add_func ("/window-corners/zoom", test_zoom);
  g_test_add_func ("/window-corners/9/tooltip-lets-clicks-through",
                   test_tooltip_lets_clicks_through);
  g_test_add_func ("/window-corners/14/compare-headers-whole-words",
                   test_compare_headers_whole_words);
  g_test_add_func ("/window-corners/custom-profile-entry", test_custom_profile_entry);
  g_test_add_func ("/window-corners/open-recent", test_open_recent);
  status = g_test_run ();
  stop_window_manager ();
  return status;
}
