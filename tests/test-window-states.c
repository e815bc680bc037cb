/* test-window-states.c: the window shows one result with its own facts: what a user saw go wrong
 * (issue 1/6), each driven the way a user meets it, real pointer clicks included: the start,
 * Stop by pointer, exports, facts, a run's read mode, results never lost, progress, a size too
 * large. The comparison, the path and About are in test-window-states-views.c, the targets in
 * test-window-states-target.c. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-test-gui.h"

/* A fresh settings store with tiny classic read runs, and a window on target. */
static DmkWindow *
classic_read_window (const char *target)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  return new_window (target);
}

static DmkResult *
run_all (DmkWindow *win)
{
  click (dmk_window_get_all_button (win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  g_assert_nonnull (dmk_window_get_shown_result (win));
  return dmk_window_get_shown_result (win);
}

/* ---- no dialog at start ---- */

static void
check_start_with (const char *last_target)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkTargetChooser *chooser;
  DmkTargetItem *item;
  DmkWindow *win;

  reset_settings ();
  g_settings_set_string (s, "last-target", last_target);
  win = new_window (NULL);
  /* Let the folder and device scans land: they move items under the dropdown. */
  chooser = dmk_window_get_target_chooser (win);
  g_assert_true (iterate_until (chooser_settled, chooser));
  g_assert_false (dmk_target_chooser_is_choosing (chooser));
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, last_target);
  item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dmk_window_get_target_dropdown (win)));
  g_assert_nonnull (item);
  g_assert_cmpint (dmk_target_item_get_kind (item), !=, DMK_TARGET_ITEM_CHOOSER);
  g_assert_cmpstr (dmk_target_item_get_path (item), ==, last_target);
  /* Keyboard focus starts on All. */
  g_assert_true (gtk_widget_has_focus (dmk_window_get_all_button (win)));
  destroy_window (win);
}

static void
test_no_dialog_at_start (void)
{
  g_autofree char *dir = make_target_dir ();

  /* A fresh store (the home folder), a chosen folder, and a tmpfs. */
  check_start_with (g_get_home_dir ());
  check_start_with (dir);
  if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
    check_start_with ("/dev/shm");
  g_rmdir (dir);
}

/* ---- a real pointer on Stop ---- */

static gboolean
clicked_in_place (void)
{
  const char *args[] = { "click", "1", NULL };
  return xdotool (args);
}

static void
drain_events (void)
{
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
check_pointer_stop (gboolean row)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  GtkWidget *button;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("default");
  g_settings_set_int (s, "measure-time", 20); /* minutes of work unless Stop works */
  win = new_window (dir);
  g_assert_true (iterate_until ((Cond) gtk_widget_get_mapped, win));
  button = row ? dmk_window_get_test_button (win, 0) : dmk_window_get_all_button (win);
  drain_events ();
  if (!GDK_IS_X11_SURFACE (gtk_native_get_surface (GTK_NATIVE (win))) ||
      !pointer_click_on (button))
    {
      g_test_skip ("needs X11 and xdotool");
      destroy_window (win);
      g_rmdir (dir);
      return;
    }
  g_assert_true (iterate_until (measuring, win));
  /* The same button now says Stop; the pointer has not moved since the first click. */
  g_assert_true (g_str_has_prefix (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)),
                                   "win.stop"));
  g_assert_true (gtk_widget_get_sensitive (button));
  /* GTK still sees the pointer on it (it would drop the click otherwise). */
  g_assert_true (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_PRELIGHT);
  g_assert_true (clicked_in_place ());
  g_assert_true (iterate_until (not_running, win));
  g_assert_true (g_str_has_prefix (dmk_window_get_status_text (win), "Stopped"));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  /* And once more without moving: the button runs again. */
  g_assert_false (g_str_has_prefix (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)),
                                    "win.stop"));
  g_assert_true (clicked_in_place ());
  g_assert_true (iterate_until ((Cond) dmk_window_is_running, win));
  g_assert_true (clicked_in_place ());
  g_assert_true (iterate_until (not_running, win));
  destroy_window (win);
  g_rmdir (dir);
}

static void
test_pointer_stop_all (void)
{
  check_pointer_stop (FALSE);
}

static void
test_pointer_stop_row (void)
{
  check_pointer_stop (TRUE);
}

/* ---- the comment and the facts in every export ---- */

static char *
read_clipboard_text (GtkWidget *widget)
{
  GdkContentProvider *provider = gdk_clipboard_get_content (gtk_widget_get_clipboard (widget));
  GValue value = G_VALUE_INIT;
  char *text;

  g_assert_nonnull (provider);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (provider, &value, NULL));
  text = g_value_dup_string (&value);
  g_value_unset (&value);
  return text;
}

static void
test_comment_in_exports (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *txt = g_build_filename (dir, "r.txt", NULL);
  g_autofree char *json = g_build_filename (dir, "r.json", NULL);
  g_autofree char *text = NULL, *clip = NULL;
  g_autoptr (DmkResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  GtkEditable *entry;
  DmkWindow *win;

  win = classic_read_window (dir);
  entry = GTK_EDITABLE (dmk_window_get_comment_entry (win));
  gtk_editable_set_text (entry, "typed before");
  run_all (win);
  /* Typed after the run, as people do: every export carries it. */
  gtk_editable_set_text (entry, "Samsung 980, after the run");

  g_assert_true (dmk_window_copy (win));
  clip = read_clipboard_text (GTK_WIDGET (win));
  g_assert_nonnull (strstr (clip, "Comment: Samsung 980, after the run\n"));
  g_assert_true (dmk_window_save_text (win, txt, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (txt, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Comment: Samsung 980, after the run\n"));
  g_assert_true (dmk_window_save_results (win, json, &error));
  g_assert_no_error (error);
  loaded = dmk_result_load (json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->comment, ==, "Samsung 980, after the run");
  g_assert_cmpstr (loaded->target.path, ==, dir);
  g_unlink (txt);
  g_unlink (json);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- another target keeps the numbers with their own facts; an opened file shows its own ---- */

static void
test_target_switch_and_opened_facts (void)
{
  g_autofree char *a = make_target_dir ();
  g_autofree char *b = make_target_dir ();
  g_autofree char *txt = g_build_filename (b, "a.txt", NULL);
  g_autofree char *json = g_build_filename (b, "a.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *cell = NULL;
  DmkWindow *win;

  win = classic_read_window (a);
  run_all (win);
  cell = g_strdup (dmk_window_get_cell_text (win, 0, DMK_DIRECTION_READ));
  g_assert_true (dmk_window_save_results (win, json, &error));
  g_assert_no_error (error);

  /* The target changes: the numbers stay, named as A's, never as B's. */
  dmk_window_set_target_path (win, b);
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, b);
  g_assert_cmpstr (dmk_window_get_cell_text (win, 0, DMK_DIRECTION_READ), ==, cell);
  g_assert_true (g_str_has_prefix (dmk_window_get_facts_text (win), "Results of "));
  g_assert_nonnull (strstr (dmk_window_get_facts_text (win), a));
  g_assert_null (strstr (dmk_window_get_facts_text (win), b));
  g_assert_true (g_str_has_prefix (dmk_window_get_status_text (win), "Done: 4 tests"));
  g_assert_true (dmk_window_save_text (win, txt, &error));
  g_assert_true (g_file_get_contents (txt, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, a));
  g_assert_null (strstr (text, b));
  g_unlink (txt);

  /* An opened file shows its facts, not the controls': other size, passes, profile, target. */
  g_settings_set_int (s, "size-mib", 64);
  g_settings_set_int (s, "passes", 3);
  g_settings_set_string (s, "profile", "nvme");
  file = g_file_new_for_path (json);
  g_assert_true (dmk_window_open_file (win, file, &error));
  g_assert_no_error (error);
  {
    const char *facts = dmk_window_get_facts_text (win);
    g_autofree char *size = dmk_format_size (16 << 20);
    g_autofree char *passes = g_strdup_printf (" 1 × %s", size);

    g_assert_true (g_str_has_prefix (facts, "Viewing saved result “a.json”: "));
    g_assert_nonnull (strstr (facts, a));
    g_assert_nonnull (strstr (facts, "Classic"));
    g_assert_nonnull (strstr (facts, passes));
    g_assert_null (strstr (facts, b));
  }
  g_assert_cmpuint (dmk_window_get_n_rows (win), ==, 4); /* classic's, not nvme's */
  g_assert_true (g_str_has_prefix (dmk_window_get_subtitle (win), "Classic"));
  /* The way back: to the last run. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "close-result"));
  g_action_group_activate_action (G_ACTION_GROUP (win), "close-result", NULL);
  g_assert_null (dmk_window_get_opened_name (win));
  g_assert_true (g_str_has_prefix (dmk_window_get_facts_text (win), "Results of "));
  g_unlink (json);
  destroy_window (win);
  g_rmdir (a);
  g_rmdir (b);
}

/* ---- read mode never writes ---- */

static void
test_read_mode_mix (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkResult *result;
  DmkWindow *win;

  win = classic_read_window (dir);
  g_settings_set_boolean (s, "mix", TRUE);
  /* Before the run: the mix column is there, a dash that says it writes. */
  g_assert_nonnull (dmk_window_get_cell (win, 0, DMK_DIRECTION_MIX));
  for (guint r = 0; r < dmk_window_get_n_rows (win); r++)
    {
      DmkResultCell *m = dmk_window_get_cell (win, r, DMK_DIRECTION_MIX);
      g_assert_cmpstr (dmk_result_cell_get_text (m), ==, "—");
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (m)), "writes"));
    }
  result = run_all (win);
  g_assert_cmpuint (result->tests->len, ==, 4);
  for (guint i = 0; i < result->tests->len; i++)
    g_assert_cmpint (((DmkTestResult *) result->tests->pdata[i])->direction, ==,
                     DMK_DIRECTION_READ);
  g_assert_cmpuint (result->settings.mix_read_percent, ==, 0);
  g_assert_null (strstr (dmk_window_get_subtitle (win), "Mix"));
  /* The result has no mix; in a folder its unrun write cells look as on a device: a dash that
   * says why. */
  g_assert_null (dmk_window_get_cell (win, 0, DMK_DIRECTION_MIX));
  for (guint r = 0; r < dmk_window_get_n_rows (win); r++)
    {
      DmkResultCell *w = dmk_window_get_cell (win, r, DMK_DIRECTION_WRITE);

      g_assert_cmpstr (dmk_result_cell_get_text (w), ==, "—");
      g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (w)));
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (w)), "Read Only"));
    }
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- results are never lost without a word ---- */

static void
test_profile_change_undo (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *cell = NULL, *profile = NULL;
  DmkResult *result;
  DmkWindow *win;

  win = classic_read_window (dir);
  result = run_all (win);
  cell = g_strdup (dmk_window_get_cell_text (win, 0, DMK_DIRECTION_READ));

  /* A new profile: the grid is the new plan's, and the status says so, not "Done". */
  g_settings_set_string (s, "profile", "nvme");
  g_assert_null (dmk_window_get_shown_result (win));
  g_assert_cmpstr (dmk_window_get_status_text (win), ==, "Ready");
  g_assert_null (dmk_window_get_facts_text (win));
  g_assert_cmpstr (dmk_window_get_cell_text (win, 0, DMK_DIRECTION_READ), !=, cell);
  /* Undo brings back the result and its profile. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "undo-clear", NULL);
  g_assert_true (dmk_window_get_shown_result (win) == result);
  profile = g_settings_get_string (s, "profile");
  g_assert_cmpstr (profile, ==, "classic");
  g_assert_cmpstr (dmk_window_get_cell_text (win, 0, DMK_DIRECTION_READ), ==, cell);
  g_assert_true (g_str_has_prefix (dmk_window_get_status_text (win), "Done: 4 tests"));
  destroy_window (win);
  g_rmdir (dir);
}

static void
test_failed_start_keeps_results (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *missing = g_build_filename (dir, "gone", NULL);
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *cell = NULL;
  DmkResult *result;
  DmkWindow *win;

  win = classic_read_window (dir);
  result = run_all (win);
  cell = g_strdup (dmk_window_get_cell_text (win, 2, DMK_DIRECTION_READ));
  dmk_window_set_target_path (win, missing);
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_nonnull (dmk_window_get_last_error (win));
  g_assert_nonnull (dmk_window_get_error_dialog (win));
  gtk_window_destroy (dmk_window_get_error_dialog (win));
  /* The earlier numbers are still there, still named as the folder's. */
  g_assert_true (dmk_window_get_shown_result (win) == result);
  g_assert_cmpstr (dmk_window_get_cell_text (win, 2, DMK_DIRECTION_READ), ==, cell);
  g_assert_nonnull (strstr (dmk_window_get_facts_text (win), dir));
  g_assert_null (strstr (dmk_window_get_facts_text (win), missing));
  destroy_window (win);
  g_rmdir (dir);
}

static gboolean
first_test_done (gpointer data)
{
  DmkResultCell *cell = dmk_window_get_cell (data, 0, DMK_DIRECTION_READ);

  return dmk_result_cell_get_result (cell) != NULL;
}

static void
test_stop_keeps_finished (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *json = g_build_filename (dir, "stopped.json", NULL);
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (DmkResult) loaded = NULL;
  g_autoptr (GError) error = NULL;
  DmkResult *result;
  DmkWindow *win;
  gboolean marked = FALSE;

  win = classic_read_window (dir);
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (first_test_done, win));
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (iterate_until (not_running, win));
  result = dmk_window_get_shown_result (win);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->tests->len, >=, 1);
  g_assert_cmpuint (result->tests->len, <, 4);
  for (guint i = 0; i < result->warnings->len; i++)
    marked |= strstr (result->warnings->pdata[i], "Interrupted") != NULL;
  g_assert_true (marked);
  g_assert_nonnull (strstr (dmk_window_get_facts_text (win), "Interrupted"));
  g_assert_true (g_str_has_prefix (dmk_window_get_status_text (win), "Stopped after"));
  g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, 0, DMK_DIRECTION_READ)));
  /* Saved, it says so too. */
  g_assert_true (dmk_window_save_results (win, json, &error));
  loaded = dmk_result_load (json, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->warnings->len, ==, result->warnings->len);
  g_unlink (json);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- what changes the numbers is named ---- */

static void
test_subtitle_flags (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkWindow *win = classic_read_window (NULL);

  g_assert_null (strstr (dmk_window_get_subtitle (win), "<"));
  g_settings_set_string (s, "data", "zero");
  g_assert_nonnull (strstr (dmk_window_get_subtitle (win), "<Zero Data>"));
  g_settings_set_boolean (s, "direct", FALSE);
  g_assert_nonnull (strstr (dmk_window_get_subtitle (win), "<Buffered>"));
  g_settings_set_string (s, "engine", "psync");
  g_assert_nonnull (strstr (dmk_window_get_subtitle (win), "<psync>"));
  g_settings_reset (s, "data");
  g_assert_null (strstr (dmk_window_get_subtitle (win), "Zero Data"));
  destroy_window (win);
}

/* ---- a test size that does not fit says so before the run ---- */

static gboolean
room_known (gpointer data)
{
  return dmk_target_chooser_get_room (dmk_window_get_target_chooser (data)) > 0;
}

static void
test_size_too_large (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  GtkWidget *size;
  guint64 room;
  DmkWindow *win;

  if (!g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no /dev/shm: no folder here whose free space is smaller than 64 GiB");
      return;
    }
  win = classic_read_window ("/dev/shm");
  g_assert_true (iterate_until (room_known, win));
  room = dmk_target_chooser_get_room (dmk_window_get_target_chooser (win));
  size = dmk_window_get_size_dropdown (win);
  if (room >= (64ull << 30))
    {
      g_test_skip ("/dev/shm has 64 GiB free or more");
      destroy_window (win);
      return;
    }
  g_settings_set_int (s, "size-mib", 16);
  g_assert_null (strstr (gtk_widget_get_tooltip_text (size), "fail"));
  g_assert_false (gtk_widget_has_css_class (size, "warning"));
  /* 64 GiB: still selectable, marked, and the reason is there. */
  g_settings_set_int (s, "size-mib", 65536);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (size)), ==, 12);
  g_assert_true (gtk_widget_has_css_class (size, "warning"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (size), "64 GiB is more than the "));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (size), "would fail"));
  g_settings_set_int (s, "size-mib", 16);
  g_assert_false (gtk_widget_has_css_class (size, "warning"));
  destroy_window (win);
}

/* ---- progress you can read ---- */

typedef struct
{
  DmkWindow *win;
  double last;
  guint samples;
  gboolean backwards;
  gboolean saw_title;
  gboolean saw_later_test;
} Watch;

static gboolean
watch_progress (gpointer data)
{
  Watch *w = data;
  GtkProgressBar *bar = dmk_window_get_progress_bar (w->win);
  const char *text = gtk_progress_bar_get_text (bar);
  double f = gtk_progress_bar_get_fraction (bar);

  if (!dmk_window_is_running (w->win))
    return TRUE;
  if (dmk_window_get_phase (w->win) < DMK_PHASE_WARMUP)
    return FALSE;
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (bar)), ==, 1);
  g_assert_true (g_str_has_prefix (text, "Test "));
  g_assert_nonnull (strstr (text, " of 8 · "));
  g_assert_nonnull (strstr (text, "left"));
  w->backwards |= f + 1e-9 < w->last;
  w->last = f;
  w->samples++;
  /* The running test is in the window's title, as CrystalDiskMark does. */
  w->saw_title |= strstr (gtk_window_get_title (GTK_WINDOW (w->win)), "Q8T1 Read (1/8)") != NULL;
  w->saw_later_test |= g_str_has_prefix (text, "Test 5 of 8");
  return FALSE;
}

static void
test_progress (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  Watch w = { 0 };

  reset_settings ();
  set_tiny ("default");
  g_settings_set_int (s, "interval", 1);
  w.win = new_window (dir);
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (dmk_window_get_progress_bar (w.win))), ==,
                     0);
  click (dmk_window_get_all_button (w.win));
  g_assert_true (iterate_until (watch_progress, &w));
  g_assert_cmpuint (w.samples, >, 10);
  g_assert_false (w.backwards);
  g_assert_true (w.saw_title);
  g_assert_true (w.saw_later_test);
  g_assert_cmpfloat (w.last, >, 0.8);
  /* Over: the bar goes, the title is the app's again. */
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (dmk_window_get_progress_bar (w.win))), ==,
                     0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (w.win)), ==, "GDiskMark");
  /* The desktop notification of a run that ends unseen: test-window-runs, on a real bus. */
  destroy_window (w.win);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  if (!dmk_test_gui_init (&argc, &argv, "window-states"))
    return g_test_run ();
  g_test_add_func ("/window-states/start/no-dialog", test_no_dialog_at_start);
  g_test_add_func ("/window-states/stop/pointer-all", test_pointer_stop_all);
  g_test_add_func ("/window-states/stop/pointer-row", test_pointer_stop_row);
  g_test_add_func ("/window-states/exports/comment", test_comment_in_exports);
  g_test_add_func ("/window-states/facts/target-and-opened", test_target_switch_and_opened_facts);
  g_test_add_func ("/window-states/read-mode/mix", test_read_mode_mix);
  g_test_add_func ("/window-states/lost/profile-undo", test_profile_change_undo);
  g_test_add_func ("/window-states/lost/failed-start", test_failed_start_keeps_results);
  g_test_add_func ("/window-states/lost/stop-keeps", test_stop_keeps_finished);
  g_test_add_func ("/window-states/progress", test_progress);
  g_test_add_func ("/window-states/subtitle-flags", test_subtitle_flags);
  g_test_add_func ("/window-states/size-too-large", test_size_too_large);
  return g_test_run ();
}
