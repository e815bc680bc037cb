/* test-window.c: drives the real window under Xvfb: its grid for each profile, runs of all tests
 * and of one row, Stop, closing during a run, units, and a run's error shown. The window's
 * controls are in test-window-controls.c, devices in test-window-device.c, what it saves,
 * copies and opens in test-window-save.c, a second launch in test-window-launch.c. */
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

/* ---- the grid ---- */

static void
check_grid (const char *profile, guint rows, guint cells)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkWindow *win;

  reset_settings ();
  g_settings_set_string (s, "profile", profile);
  win = new_window (NULL);
  g_assert_cmpuint (dmk_window_get_n_rows (win), ==, rows);
  g_assert_cmpuint (dmk_window_get_n_cells (win), ==, cells);
  for (guint r = 0; r < rows; r++)
    {
      g_assert_nonnull (dmk_window_get_cell (win, r, DMK_DIRECTION_READ));
      g_assert_nonnull (dmk_window_get_cell (win, r, DMK_DIRECTION_WRITE));
      g_assert_null (dmk_window_get_cell (win, r, DMK_DIRECTION_MIX));
      g_assert_nonnull (dmk_window_get_test_button (win, r));
    }
  destroy_window (win);
}

static void
test_grid_classic (void)
{
  check_grid ("classic", 4, 8);
}

static void
test_grid_default (void)
{
  check_grid ("default", 4, 8);
}

static void
test_grid_mix (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkWindow *win;

  reset_settings ();
  g_settings_set_string (s, "profile", "peak");
  win = new_window (NULL);
  g_assert_cmpuint (dmk_window_get_n_cells (win), ==, 4);
  /* Turning mix on from the menu's action adds a column at once. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "mix", NULL);
  g_assert_true (g_settings_get_boolean (s, "mix"));
  g_assert_cmpuint (dmk_window_get_n_cells (win), ==, 6);
  g_assert_nonnull (dmk_window_get_cell (win, 1, DMK_DIRECTION_MIX));
  destroy_window (win);
}

/* ---- running ---- */

typedef struct
{
  DmkWindow *win;
  gboolean saw_pass_status;
  gboolean saw_live;
} RunWatch;

static gboolean
run_watch (gpointer data)
{
  RunWatch *w = data;
  const char *status = dmk_window_get_status_text (w->win);

  if (strstr (status, ", pass 1/1") != NULL)
    w->saw_pass_status = TRUE;
  for (guint r = 0; r < dmk_window_get_n_rows (w->win); r++)
    for (int d = DMK_DIRECTION_READ; d <= DMK_DIRECTION_WRITE; d++)
      if (dmk_result_cell_is_live (dmk_window_get_cell (w->win, r, d)))
        w->saw_live = TRUE;
  return !dmk_window_is_running (w->win);
}

/* The tooltip has every unit, the percentiles and every pass; the screen reader gets the value
 * with its unit. */
static void
check_cell_words (DmkResultCell *cell, const DmkTestResult *t, const char *shown)
{
  g_autofree char *tooltip = g_strdup (gtk_widget_get_tooltip_markup (GTK_WIDGET (cell)));
  g_autofree char *plain = NULL;
  g_autofree char *iops = g_strdup_printf ("%.2f", t->iops);
  g_autofree char *us = g_strdup_printf ("%.2f", t->latency_us.mean);
  g_autofree char *p99 = g_strdup_printf ("%.2f", t->latency_us.p99_99);
  g_autofree char *pass = g_strdup_printf ("%.2f", g_array_index (t->passes, DmkPass, 0).mb_per_s);
  g_autofree char *spoken = g_strdup_printf ("%s megabytes per second", shown);
  const char *label = dmk_result_cell_get_accessible_label (cell);

  g_assert_nonnull (tooltip);
  g_assert_true (pango_parse_markup (tooltip, -1, 0, NULL, &plain, NULL, NULL));
  g_assert_nonnull (strstr (plain, "MB/s"));
  g_assert_nonnull (strstr (plain, "GB/s"));
  g_assert_nonnull (strstr (plain, iops));
  g_assert_nonnull (strstr (plain, us));
  g_assert_nonnull (strstr (plain, "p99.99"));
  g_assert_nonnull (strstr (plain, p99));
  g_assert_nonnull (strstr (plain, pass));

  g_assert_nonnull (label);
  g_assert_true (g_str_has_prefix (label, "Sequential ") || g_str_has_prefix (label, "Random "));
  g_assert_nonnull (strstr (label, ", queue "));
  g_assert_true (g_str_has_suffix (label, spoken));
  g_assert_nonnull (strstr (dmk_result_cell_get_accessible_description (cell), "microseconds"));
}

/* Settings → Passes and Checks → Re-read and Re-write: every test of the window's run goes twice
 * over the same data (iozone's read and re-read), and the line over the grid says so before and
 * after the run. */
static void
test_reread_run (void)
{
  g_autoptr (GSettings) gs = g_settings_new (APP_ID);
  g_autofree char *dir = make_target_dir ();
  g_autofree char *report = NULL;
  DmkResult *result;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("default");
  g_settings_set_string (gs, "mode", "read");
  win = new_window (dir);
  g_assert_false (g_settings_get_boolean (gs, "reread"));
  g_action_group_activate_action (G_ACTION_GROUP (win), "reread", NULL);
  g_assert_true (g_settings_get_boolean (gs, "reread"));
  settle ();
  g_test_message ("facts: %s", gtk_label_get_text (win->facts_label));
  g_assert_nonnull (strstr (gtk_label_get_text (win->facts_label),
                            "2 × 16 MiB · best of 2 passes over the same data (re-read), no "
                            "warm-up"));
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_nonnull (result);
  g_assert_true (result->settings.reread);
  g_assert_cmpuint (result->tests->len, ==, 4);
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      g_assert_nonnull (t->passes);
      g_assert_cmpuint (t->passes->len, ==, 2);
    }
  g_assert_nonnull (strstr (gtk_label_get_text (win->facts_label), "(re-read)"));
  /* The report names both passes of each test. */
  report = dmk_result_to_text (result);
  g_assert_nonnull (strstr (report, "MB/s, re-read"));
  destroy_window (win);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

static void
test_run_all (void)
{
  g_autofree char *dir = make_target_dir ();
  RunWatch w = { 0 };
  DmkResult *result;

  reset_settings ();
  set_tiny ("default");
  w.win = new_window (dir);
  g_assert_cmpstr (dmk_window_get_target_path (w.win), ==, dir);

  click (dmk_window_get_all_button (w.win));
  g_assert_true (dmk_window_is_running (w.win));
  /* The clicked button becomes Stop and the controls that would change the run lock. */
  g_assert_cmpstr (gtk_actionable_get_action_name (
                     GTK_ACTIONABLE (dmk_window_get_all_button (w.win))), ==, "win.stop");
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_all_button (w.win)));
  g_assert_false (gtk_widget_get_sensitive (dmk_window_get_test_button (w.win, 0)));
  g_assert_false (gtk_widget_get_sensitive (dmk_window_get_passes_dropdown (w.win)));
  g_assert_false (gtk_widget_get_sensitive (dmk_window_get_size_dropdown (w.win)));
  g_assert_false (gtk_widget_is_sensitive (dmk_window_get_target_dropdown (w.win)));
  g_assert_false (gtk_widget_get_sensitive (dmk_window_get_menu_button (w.win)));

  g_assert_true (iterate_until (run_watch, &w));
  g_assert_cmpstr (dmk_window_get_last_error (w.win), ==, NULL);
  g_assert_true (w.saw_pass_status);
  g_assert_true (w.saw_live);

  result = dmk_window_get_last_result (w.win);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->tests->len, ==, 8);
  for (guint r = 0; r < 4; r++)
    for (int d = DMK_DIRECTION_READ; d <= DMK_DIRECTION_WRITE; d++)
      {
        DmkResultCell *cell = dmk_window_get_cell (w.win, r, d);
        DmkTestResult *t = dmk_result_find (result, dmk_result_cell_get_spec (cell), d);
        g_autofree char *want = NULL;

        g_assert_nonnull (t);
        g_assert_cmpfloat (t->mb_per_s, >, 0);
        want = expected_text (DMK_UNIT_MB_S, t);
        g_assert_cmpstr (dmk_window_get_cell_text (w.win, r, d), ==, want);
        g_assert_false (dmk_result_cell_is_live (cell));
        g_assert_cmpfloat (dmk_result_cell_get_fill (cell), >, 0);
        g_assert_cmpfloat (dmk_result_cell_get_fill (cell), <=, 1);
        check_cell_words (cell, t, want);
      }
  /* Back to normal: All again, everything sensitive. */
  g_assert_cmpstr (gtk_actionable_get_action_name (
                     GTK_ACTIONABLE (dmk_window_get_all_button (w.win))), ==, "win.start");
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_test_button (w.win, 0)));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_menu_button (w.win)));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  destroy_window (w.win);
  g_rmdir (dir);
}

static void
test_run_one_row (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *before = NULL;
  DmkWindow *win;
  GtkWidget *button;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  win = new_window (dir);
  button = dmk_window_get_test_button (win, 1);
  click (button);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.stop-row");
  g_assert_false (gtk_widget_get_sensitive (dmk_window_get_all_button (win)));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  g_assert_cmpuint (dmk_window_get_last_result (win)->tests->len, ==, 1);
  g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, 1, DMK_DIRECTION_READ)));
  g_assert_null (dmk_result_cell_get_result (dmk_window_get_cell (win, 1, DMK_DIRECTION_WRITE)));
  g_assert_null (dmk_result_cell_get_result (dmk_window_get_cell (win, 0, DMK_DIRECTION_READ)));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.run-test");
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_all_button (win)));

  /* Starting a run clears the cells it will fill: run row 1 again and look at it at once. */
  before = g_strdup (dmk_window_get_cell_text (win, 1, DMK_DIRECTION_READ));
  click (button);
  g_assert_null (dmk_result_cell_get_result (dmk_window_get_cell (win, 1, DMK_DIRECTION_READ)));
  g_assert_cmpstr (dmk_window_get_cell_text (win, 1, DMK_DIRECTION_READ), !=, before);
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (iterate_until (not_running, win));
  destroy_window (win);
  g_rmdir (dir);
}

static void
check_stop (gboolean by_button)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  DmkWindow *win;
  gint64 t0, elapsed;

  reset_settings ();
  set_tiny ("default");
  g_settings_set_int (s, "passes", 5);
  g_settings_set_int (s, "measure-time", 10);
  win = new_window (dir);
  if (by_button)
    click (dmk_window_get_all_button (win));
  else
    click (dmk_window_get_test_button (win, 0));
  g_assert_true (iterate_until (measuring, win));

  t0 = g_get_monotonic_time ();
  if (by_button)
    click (dmk_window_get_all_button (win)); /* it says Stop now */
  else
    gtk_widget_activate_action (GTK_WIDGET (win), "win.stop", NULL); /* what Escape does */
  g_assert_true (iterate_until (not_running, win));
  elapsed = g_get_monotonic_time () - t0;
  g_test_message ("stopped in %.0f ms", elapsed / 1000.0);
  g_assert_cmpint (elapsed, <, G_USEC_PER_SEC);

  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  g_assert_null (dmk_window_get_error_dialog (win));
  g_assert_true (g_str_has_prefix (dmk_window_get_status_text (win), "Stopped"));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_all_button (win)));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_test_button (win, 0)));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_test_button (win, 3)));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_passes_dropdown (win)));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_size_dropdown (win)));
  g_assert_true (gtk_widget_is_sensitive (dmk_window_get_target_dropdown (win)));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_menu_button (win)));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "stop"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "start"));
  /* No dimmed pass stays behind in the stopped test's cell. */
  g_assert_false (dmk_result_cell_is_live (dmk_window_get_cell (win, 0, DMK_DIRECTION_READ)));
  destroy_window (win);
  g_rmdir (dir);
}

static void
test_stop_button (void)
{
  check_stop (TRUE);
}

static void
test_stop_action (void)
{
  check_stop (FALSE);
}

static void
window_gone (gpointer data, GObject *where)
{
  *(gboolean *) data = TRUE;
}

static void
test_close_during_run (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  gboolean gone = FALSE;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("default");
  g_settings_set_int (s, "measure-time", 10);
  win = new_window (dir);
  g_object_weak_ref (G_OBJECT (win), window_gone, &gone);
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (measuring, win));

  /* What Ctrl+W does: it asks first, and "Keep Running" keeps the window and the run. */
  gtk_window_close (GTK_WINDOW (win));
  g_assert_nonnull (dmk_window_get_close_dialog (win));
  g_assert_cmpstr (adw_message_dialog_get_heading (dmk_window_get_close_dialog (win)), ==,
                   "Stop the Benchmark and Close?");
  g_assert_false (gone);
  adw_message_dialog_response (dmk_window_get_close_dialog (win), "cancel");
  g_assert_null (dmk_window_get_close_dialog (win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (win)));

  /* Confirming stops cleanly: the window goes, and no file is left. */
  gtk_window_close (GTK_WINDOW (win));
  g_assert_nonnull (dmk_window_get_close_dialog (win));
  adw_message_dialog_response (dmk_window_get_close_dialog (win), "stop");
  g_assert_true (iterate_until (flag_set, &gone));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

/* ---- units ---- */

static void
test_units (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *mb_text = NULL;
  GtkDropDown *units;
  const DmkTestResult *t;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  win = new_window (dir);
  click (dmk_window_get_test_button (win, 2));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  t = dmk_result_cell_get_result (dmk_window_get_cell (win, 2, DMK_DIRECTION_READ));
  g_assert_nonnull (t);
  mb_text = g_strdup (dmk_window_get_cell_text (win, 2, DMK_DIRECTION_READ));

  units = GTK_DROP_DOWN (dmk_window_get_unit_dropdown (win));
  for (DmkUnit u = DMK_UNIT_GB_S; u <= DMK_UNIT_US; u++)
    {
      g_autofree char *want = expected_text (u, t);
      gtk_drop_down_set_selected (units, u);
      g_assert_cmpstr (dmk_window_get_cell_text (win, 2, DMK_DIRECTION_READ), ==, want);
      g_assert_cmpstr (dmk_window_get_cell_text (win, 2, DMK_DIRECTION_READ), !=, mb_text);
      /* The value behind the text stays the result's. */
      g_assert_true (dmk_result_cell_get_result (dmk_window_get_cell (win, 2,
                                                                      DMK_DIRECTION_READ)) == t);
    }
  {
    g_autofree char *unit = g_settings_get_string (s, "unit");
    g_assert_cmpstr (unit, ==, "us");
  }
  gtk_drop_down_set_selected (units, DMK_UNIT_MB_S);
  g_assert_cmpstr (dmk_window_get_cell_text (win, 2, DMK_DIRECTION_READ), ==, mb_text);
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- errors ---- */

typedef struct
{
  GError *error;
  gboolean done;
} CoreRun;

static void
core_done (GObject *source, GAsyncResult *res, gpointer data)
{
  CoreRun *c = data;
  g_autoptr (DmkResult) r = dmk_runner_run_finish (DMK_RUNNER (source), res, NULL, &c->error);

  c->done = TRUE;
}

static gboolean
core_finished (gpointer data)
{
  return ((CoreRun *) data)->done;
}

static void
test_error_shown (void)
{
  g_autofree char *parent = make_target_dir ();
  g_autofree char *missing = g_build_filename (parent, "does-not-exist", NULL);
  g_autoptr (DmkRunner) runner = dmk_runner_new ();
  g_autoptr (GArray) jobs = NULL;
  CoreRun core = { 0 };
  DmkSettings settings;
  DmkWindow *win;
  GtkWindow *dialog;

  /* What the core itself says about this target. */
  dmk_settings_init_default (&settings);
  settings.size_bytes = 16 << 20;
  settings.passes = 1;
  settings.measure_s = 1;
  settings.interval_s = 0;
  jobs = dmk_runner_plan (&settings, NULL, NULL);
  dmk_runner_run_async (runner, missing, &settings, jobs, NULL, NULL, core_done, &core);
  g_assert_true (iterate_until (core_finished, &core));
  dmk_settings_clear (&settings);
  g_assert_nonnull (core.error);

  reset_settings ();
  set_tiny ("classic");
  win = new_window (missing);
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, core.error->message);
  dialog = dmk_window_get_error_dialog (win);
  g_assert_nonnull (dialog);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==,
                   core.error->message);
  g_assert_nonnull (strstr (dmk_window_get_status_text (win), core.error->message));
  g_assert_true (gtk_widget_get_sensitive (dmk_window_get_all_button (win)));
  g_error_free (core.error);
  destroy_window (win);
  g_rmdir (parent);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "window"))
    return g_test_run ();

  g_test_add_func ("/window/grid/classic", test_grid_classic);
  g_test_add_func ("/window/grid/default", test_grid_default);
  g_test_add_func ("/window/grid/mix", test_grid_mix);
  g_test_add_func ("/window/run/all", test_run_all);
  g_test_add_func ("/window/run/reread", test_reread_run);
  g_test_add_func ("/window/run/one-row", test_run_one_row);
  g_test_add_func ("/window/run/stop-button", test_stop_button);
  g_test_add_func ("/window/run/stop-action", test_stop_action);
  g_test_add_func ("/window/run/close", test_close_during_run);
  g_test_add_func ("/window/units", test_units);
  g_test_add_func ("/window/error", test_error_shown);
  return g_test_run ();
}
