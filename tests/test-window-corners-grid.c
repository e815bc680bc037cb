/* test-window-corners-grid.c: what the grid looks like in the corners a careful user reaches
 * (issue 2/6), under a window manager: the status after a unit switch, the height coming back,
 * bold numbers in Japanese, zoom, and whole words in the comparison's headers. */
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

int
main (int argc, char *argv[])
{
  int status;

  if (!dmk_test_gui_init (&argc, &argv, "window-corners"))
    return g_test_run ();
  dmk_test_loop_cleanup_on_signals (stop_window_manager);
  start_window_manager ();
  g_test_add_func ("/window-corners/5/status-after-unit-switch", test_status_after_unit_switch);
  g_test_add_func ("/window-corners/8/height-comes-back", test_height_comes_back);
  g_test_add_func ("/window-corners/16/bold-numbers-in-japanese", test_bold_numbers_in_japanese);
  g_test_add_func ("/window-corners/zoom", test_zoom);
  g_test_add_func ("/window-corners/14/compare-headers-whole-words",
                   test_compare_headers_whole_words);
  status = g_test_run ();
  stop_window_manager ();
  return status;
}
