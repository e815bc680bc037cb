/* test-window.c: drives the real window under Xvfb: grid, runs, stop, units, settings, errors,
 * block devices. */
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

/* ---- block devices (issue 3/5) ---- */

/* What a failed assertion must not leave running: /window/forward-target's bus and app. */
static GPid forward_pids[2];

static void
on_abort (int sig)
{
  for (guint i = 0; i < G_N_ELEMENTS (forward_pids); i++)
    if (forward_pids[i] > 0)
      kill (forward_pids[i], SIGTERM);
  dmk_test_loop_cleanup ();
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
assert_writes_blocked (DmkWindow *win, const char *why)
{
  for (guint r = 0; r < dmk_window_get_n_rows (win); r++)
    {
      DmkResultCell *cell = dmk_window_get_cell (win, r, DMK_DIRECTION_WRITE);
      const char *tip = gtk_widget_get_tooltip_text (GTK_WIDGET (cell));

      g_assert_cmpstr (dmk_window_get_cell_text (win, r, DMK_DIRECTION_WRITE), ==, "—");
      g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (cell)));
      g_assert_nonnull (dmk_result_cell_get_blocked (cell));
      g_assert_null (dmk_result_cell_get_result (cell));
      g_assert_nonnull (tip);
      g_assert_nonnull (strstr (tip, dmk_test_loop));
      g_assert_nonnull (strstr (tip, why));
      /* Reads stay available. */
      g_assert_true (gtk_widget_get_sensitive (
        GTK_WIDGET (dmk_window_get_cell (win, r, DMK_DIRECTION_READ))));
      g_assert_null (dmk_result_cell_get_blocked (dmk_window_get_cell (win, r,
                                                                       DMK_DIRECTION_READ)));
    }
}

static gboolean
pointer_cleared (gpointer data)
{
  return dmk_window_get_allow_dialog (data) == NULL;
}

static void
test_device_read_only (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *before = NULL, *after = NULL, *dir = NULL;
  GActionGroup *ag;
  AdwMessageDialog *dialog;
  DmkResult *result;
  DmkWindow *win;

  if (!dmk_test_loop_setup (4321))
    return;
  before = dmk_test_loop_checksum ();
  reset_settings ();
  set_tiny ("default");
  {
    g_autofree char *mode = g_settings_get_string (s, "mode");
    g_assert_cmpstr (mode, ==, "read-write");
  }
  win = new_window (NULL);
  ag = G_ACTION_GROUP (win);
  select_device (win, dmk_test_loop);
  g_assert_false (dmk_target_item_get_in_use (selected_item (win)));
  g_assert_nonnull (strstr (dmk_target_item_get_subtitle (selected_item (win)), "loop"));
  g_assert_null (strstr (dmk_target_item_get_subtitle (selected_item (win)), "in use"));

  /* Nothing confirmed: write cells are a dash that says why, and cannot be used. */
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  assert_writes_blocked (win, "allow them from the menu");
  g_assert_true (g_action_group_get_action_enabled (ag, "allow-device-writes"));

  /* All with read-write: only reads run, and the device is untouched. */
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->tests->len, ==, 4);
  g_assert_cmpint (result->target.kind, ==, DMK_TARGET_BLOCK_DEVICE);
  for (guint r = 0; r < 4; r++)
    {
      const DmkTestResult *t =
        dmk_result_cell_get_result (dmk_window_get_cell (win, r, DMK_DIRECTION_READ));
      g_autofree char *want = NULL;

      g_assert_nonnull (t);
      g_assert_cmpint (((DmkTestResult *) result->tests->pdata[r])->direction, ==,
                       DMK_DIRECTION_READ);
      g_assert_cmpfloat (t->mb_per_s, >, 0);
      want = expected_text (DMK_UNIT_MB_S, t);
      g_assert_cmpstr (dmk_window_get_cell_text (win, r, DMK_DIRECTION_READ), ==, want);
    }
  assert_writes_blocked (win, "allow them from the menu");
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* The confirmation names the device, says what is lost, and defaults to Cancel. */
  g_action_group_activate_action (ag, "allow-device-writes", NULL);
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  {
    g_autofree char *size = dmk_format_size (dmk_target_item_get_size (selected_item (win)));
    const char *body = adw_message_dialog_get_body (dialog);

    g_assert_nonnull (strstr (body, dmk_test_loop));
    g_assert_nonnull (strstr (body, size));
    g_assert_nonnull (strstr (body, "Loop device"));
    g_assert_nonnull (strstr (body, "destroyed"));
  }
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  g_assert_true (adw_message_dialog_has_response (dialog, "destroy"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "destroy"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_response (dialog, "cancel");
  g_assert_true (iterate_until (pointer_cleared, win));
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  assert_writes_blocked (win, "allow them from the menu");
  g_assert_true (g_action_group_get_action_enabled (ag, "allow-device-writes"));

  /* "Destroy Data and Test" allows writes and runs what was asked for at once: all tests,
   * reads and writes, and the device is written. */
  g_action_group_activate_action (ag, "allow-device-writes", NULL);
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (iterate_until (pointer_cleared, win));
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_false (g_action_group_get_action_enabled (ag, "allow-device-writes"));
  for (guint r = 0; r < 4; r++)
    {
      DmkResultCell *cell = dmk_window_get_cell (win, r, DMK_DIRECTION_WRITE);
      g_assert_null (dmk_result_cell_get_blocked (cell));
      g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (cell)));
      g_assert_cmpstr (dmk_window_get_cell_text (win, r, DMK_DIRECTION_WRITE), !=, "—");
    }
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_cmpuint (result->tests->len, ==, 8);
  for (guint r = 0; r < 4; r++)
    g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, r,
                                                                       DMK_DIRECTION_WRITE)));
  g_free (after);
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, !=, after);

  /* Another target: the confirmation is gone (it never reaches GSettings), and the numbers
   * stay with a line that names the device they belong to, not the new target. */
  dir = make_target_dir ();
  dmk_window_set_target_path (win, dir);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_assert_false (g_action_group_get_action_enabled (ag, "allow-device-writes"));
  g_assert_true (g_str_has_prefix (dmk_window_get_facts_text (win), "Results of "));
  g_assert_nonnull (strstr (dmk_window_get_facts_text (win), dmk_test_loop));
  g_assert_null (strstr (dmk_window_get_facts_text (win), dir));
  g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, 0,
                                                                     DMK_DIRECTION_WRITE)));
  select_device (win, dmk_test_loop);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_assert_true (g_action_group_get_action_enabled (ag, "allow-device-writes"));

  /* Write Only asks for a test that writes: its button brings the confirmation, which runs
   * that test, and only it, when confirmed. */
  g_settings_set_string (s, "mode", "write");
  click (dmk_window_get_test_button (win, 1)); /* SEQ1M Q1T1 */
  g_assert_false (dmk_window_is_running (win));
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (iterate_until (pointer_cleared, win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_cmpuint (result->tests->len, ==, 1);
  g_assert_cmpint (((DmkTestResult *) result->tests->pdata[0])->direction, ==,
                   DMK_DIRECTION_WRITE);
  g_assert_cmpuint (((DmkTestResult *) result->tests->pdata[0])->spec.queue_depth, ==, 1);
  g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, 1,
                                                                     DMK_DIRECTION_WRITE)));

  /* A fio job that names the device makes it the target, from another folder, and as for any
   * device chosen afresh, its writes wait for consent again. */
  dmk_window_set_target_path (win, dir);
  {
    g_autofree char *job = g_build_filename (dir, "device.fio", NULL);
    g_autofree char *text = g_strdup_printf ("[global]\nfilename=%s\ndirect=1\nsize=16m\n"
                                             "runtime=1\ntime_based\n\n[seq-read]\n"
                                             "rw=read\nbs=1m\niodepth=8\n\n[seq-write]\n"
                                             "stonewall\nrw=write\nbs=1m\niodepth=8\n",
                                             dmk_test_loop);
    g_autoptr (GFile) file = g_file_new_for_path (job);

    g_assert_true (g_file_set_contents (job, text, -1, NULL));
    open_files_and_wait (win, &file, 1);
    g_assert_null (dmk_window_get_error_dialog (win));
    g_assert_cmpstr (dmk_window_get_target_path (win), ==, dmk_test_loop);
    g_assert_false (dmk_window_get_device_writes_allowed (win));
    assert_writes_blocked (win, "allow them from the menu");
    g_unlink (job);
  }

  destroy_window (win);
  g_rmdir (dir);
  dmk_test_loop_cleanup ();
}

static void
test_device_in_use (void)
{
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", NULL, NULL };
  g_autofree char *tmpl = NULL;
  DmkWindow *win;

  if (!dmk_test_loop_setup (4321))
    return;
  mkfs[3] = dmk_test_loop;
  if (dmk_test_run_tool (mkfs, NULL) != 0)
    {
      dmk_test_loop_cleanup ();
      g_test_skip ("mkfs.ext4 is not available");
      return;
    }
  tmpl = g_build_filename (g_get_tmp_dir (), "dmk-win-mnt-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (tmpl));
  dmk_test_mount = g_strdup (tmpl);
  if (mount (dmk_test_loop, dmk_test_mount, "ext4", 0, NULL) != 0)
    {
      dmk_test_loop_cleanup ();
      g_test_skip ("could not mount the loop device");
      return;
    }

  reset_settings ();
  win = new_window (NULL);
  select_device (win, dmk_test_loop);
  g_assert_true (dmk_target_item_get_in_use (selected_item (win)));
  g_assert_nonnull (strstr (dmk_target_item_get_subtitle (selected_item (win)), "in use"));
  g_assert_nonnull (strstr (dmk_target_item_get_summary (selected_item (win)), "in use"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win),
                                                     "allow-device-writes"));
  assert_writes_blocked (win, "unmount it first");
  /* Activating it anyway (a stale menu) shows nothing. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "allow-device-writes", NULL);
  g_assert_null (dmk_window_get_allow_dialog (win));
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  destroy_window (win);
  dmk_test_loop_cleanup ();
}

/* A folder is never a device: the action stays off. */
static void
test_device_action_folder (void)
{
  g_autofree char *dir = make_target_dir ();
  DmkWindow *win;

  reset_settings ();
  win = new_window (dir);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win),
                                                     "allow-device-writes"));
  g_assert_null (dmk_result_cell_get_blocked (dmk_window_get_cell (win, 0, DMK_DIRECTION_WRITE)));
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- save, copy, open (issue 4/5) ---- */

/* Waits for what watch_clipboard () watches to be copied: a fio job of one row, read and
 * written, of test want. */
static void
expect_copied_row (DmkWindow *win, gboolean *changed, gulong id, const char *want)
{
  g_autofree char *clip = NULL;
  g_autoptr (DmkFioJob) job = NULL;
  DmkTestSpec spec;

  g_assert_true (iterate_until (flag_set, changed));
  g_signal_handler_disconnect (gtk_widget_get_clipboard (GTK_WIDGET (win)), id);
  clip = read_clipboard (GTK_WIDGET (win));
  job = dmk_fio_job_parse (clip, -1, "clipboard", NULL);
  g_assert_nonnull (job);
  g_assert_true (dmk_test_spec_parse (want, &spec, NULL));
  g_assert_cmpuint (job->jobs->len, ==, 2);
  g_assert_true (dmk_test_spec_equal (&g_array_index (job->jobs, DmkJob, 0).spec, &spec));
  g_assert_true (dmk_test_spec_equal (&g_array_index (job->jobs, DmkJob, 1).spec, &spec));
}

/* Copy as fio Job: what Run would do on the chosen folder, as a job file that reads back as the
 * same tests and settings; a row's menu gives that row's test alone. */
static void
test_copy_fio_job (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (GArray) plan = NULL;
  DmkSettings want;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("nvme");
  g_settings_set_int (s, "measure-time", 3);
  win = new_window (dir);
  g_action_group_activate_action (G_ACTION_GROUP (win), "copy-fio-job", NULL);
  {
    g_autofree char *clip = read_clipboard (GTK_WIDGET (win));
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkFioJob) job = dmk_fio_job_parse (clip, -1, "clipboard", &error);

    g_assert_no_error (error);
    dmk_settings_init_default (&want);
    g_free (want.profile);
    want.profile = g_strdup ("nvme");
    plan = dmk_runner_plan (&want, NULL, NULL);
    g_assert_cmpuint (job->jobs->len, ==, plan->len);
    for (guint i = 0; i < plan->len; i++)
      {
        g_assert_true (dmk_test_spec_equal (&g_array_index (job->jobs, DmkJob, i).spec,
                                            &g_array_index (plan, DmkJob, i).spec));
        g_assert_cmpint (g_array_index (job->jobs, DmkJob, i).direction, ==,
                         g_array_index (plan, DmkJob, i).direction);
      }
    g_assert_cmpstr (job->settings.profile, ==, "nvme");
    g_assert_cmpuint (job->settings.measure_s, ==, 3);
    g_assert_cmpuint (job->settings.size_bytes, ==, 16u << 20);
    g_assert_cmpstr (job->target, ==, dir);
    dmk_settings_clear (&want);
  }
  /* Row 3 of the NVMe profile: RND4K Q1T1, read and written. */
  {
    gboolean changed = FALSE;
    gulong id = watch_clipboard (win, &changed);

    g_action_group_activate_action (G_ACTION_GROUP (win), "copy-fio-job-row",
                                    g_variant_new_int32 (3));
    expect_copied_row (win, &changed, id, "RND4K Q1T1");
  }
  /* The same from a row's menu, as a user opens it: a right click on row 0's test button, then
   * a click on the menu's item. */
  {
    GtkWidget *button = dmk_window_get_test_button (win, 0);
    gboolean changed = FALSE;
    gulong id = watch_clipboard (win, &changed);
    GtkWidget *popover = NULL, *item;

    g_assert_true (iterate_until (widget_shown, button));
    settle ();
    g_assert_true (pointer_click_button_on (button, 3));
    g_assert_true (iterate_until (has_popover_child, button));
    popover = gtk_widget_get_last_child (button);
    g_assert_true (GTK_IS_POPOVER_MENU (popover));
    item = find_model_button (popover);
    g_assert_nonnull (item);
    g_assert_true (iterate_until (widget_shown, item));
    g_assert_true (pointer_click_on (item));
    expect_copied_row (win, &changed, id, "SEQ1M Q8T1");
    /* The menu is gone from the button once closed. */
    g_assert_true (iterate_until (no_popover_child, button));
  }
  /* And by keyboard alone, as a screen reader's user does: row 1's test button focused, the
   * Menu key, then Shift+F10, open its menu; Return takes its item. */
  {
    static const char *const openers[] = { "Menu", "shift+F10" };
    GtkWidget *button = dmk_window_get_test_button (win, 1);

    for (guint i = 0; i < G_N_ELEMENTS (openers); i++)
      {
        gboolean changed = FALSE;
        gulong id = watch_clipboard (win, &changed);

        gtk_widget_grab_focus (button);
        g_assert_true (gtk_widget_has_focus (button));
        settle ();
        g_assert_true (press_key (button, openers[i]));
        g_assert_true (iterate_until (has_popover_child, button));
        settle ();
        /* The menu opens with its first item focused, as GTK's menus do. */
        g_assert_true (GTK_IS_POPOVER_MENU (gtk_widget_get_last_child (button)));
        g_assert_true (GTK_IS_WIDGET (gtk_root_get_focus (GTK_ROOT (win))));
        g_assert_cmpstr (G_OBJECT_TYPE_NAME (gtk_root_get_focus (GTK_ROOT (win))), ==,
                         "GtkModelButton");
        g_assert_true (press_key (button, "Return"));
        /* Row 1 of the NVMe profile. */
        expect_copied_row (win, &changed, id, "SEQ128K Q32T1");
        g_assert_true (iterate_until (no_popover_child, button));
      }
  }
  /* Open takes a fio job file too: seed 004's job is a plan to run the classic eight as fio runs
   * them (one pass, libaio, direct I/O, 1 GiB) in its directory, shown as the job's, while the
   * user's own settings stay as they were (issue 2/6 #4). */
  {
    g_autofree char *seed = g_test_build_filename (G_TEST_DIST, "..", "examples",
                                                   "crystaldiskmark.fio", NULL);
    g_autoptr (GFile) file = g_file_new_for_path (seed);
    g_autofree char *profile_before = g_settings_get_string (s, "profile");
    g_autofree char *engine_before = g_settings_get_string (s, "engine");
    g_autofree char *profile = NULL, *engine = NULL;
    int passes_before = g_settings_get_int (s, "passes");
    DmkSettings run;
    g_autoptr (GArray) jobs = NULL;

    open_files_and_wait (win, &file, 1);
    g_assert_null (dmk_window_get_error_dialog (win));
    profile = g_settings_get_string (s, "profile");
    engine = g_settings_get_string (s, "engine");
    g_assert_cmpstr (profile, ==, profile_before);
    g_assert_cmpstr (engine, ==, engine_before);
    g_assert_cmpint (g_settings_get_int (s, "passes"), ==, passes_before);
    g_assert_cmpstr (dmk_window_get_target_path (win), ==, "/tmp");
    g_assert_nonnull (strstr (dmk_window_get_subtitle (win), "Job “crystaldiskmark.fio”"));
    /* Its rows are the classic profile's, and its run is fio's: what the CLI runs. */
    g_assert_cmpuint (dmk_window_get_n_rows (win), ==, 4);
    g_assert_true (_dmk_window_plan_run (win, DMK_RESULT_GRID_ALL, &run, &jobs, NULL));
    g_assert_cmpuint (jobs->len, ==, 8);
    g_assert_cmpuint (run.passes, ==, 1);
    g_assert_cmpint (run.engine, ==, DMK_ENGINE_LIBAIO);
    g_assert_cmpuint (run.size_bytes, ==, (guint64) 1 << 30);
    g_assert_true (run.direct);
    dmk_settings_clear (&run);
    /* Closing the job is the way back to the user's own plan. */
    g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "close-job"));
    g_action_group_activate_action (G_ACTION_GROUP (win), "close-job", NULL);
    g_assert_null (strstr (dmk_window_get_subtitle (win), "Job"));
  }
  destroy_window (win);
  g_rmdir (dir);
}

static void
test_files (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *png = g_build_filename (dir, "shot.png", NULL);
  g_autofree char *txt = g_build_filename (dir, "result.txt", NULL);
  g_autofree char *json = g_build_filename (dir, "GDiskMark_test.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "broken.json", NULL);
  g_autofree char *report = NULL, *saved_text = NULL;
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  DmkResult *result;
  DmkWindow *win, *win2;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  win = new_window (dir);
  /* Nothing to copy or save before a run. */
  g_assert_false (dmk_window_copy (win));
  g_assert_false (dmk_window_save_text (win, txt, NULL));
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->tests->len, ==, 4);
  report = dmk_result_to_text (result);

  /* Copy (Ctrl+Shift+C): the text report on the clipboard. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "copy", NULL);
  {
    g_autofree char *clip = read_clipboard (GTK_WIDGET (win));
    g_assert_cmpstr (clip, ==, report);
  }

  /* Save Text: the same report. */
  g_assert_true (dmk_window_save_text (win, txt, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (txt, &saved_text, NULL, NULL));
  g_assert_cmpstr (saved_text, ==, report);

  /* Save Image: a PNG of the window at its scale, not blank. */
  /* The picture is of what was last drawn: let a frame be painted first. */
  wait_for_paint (GTK_WIDGET (win));
  g_assert_true (dmk_window_save_image (win, png, &error));
  g_assert_no_error (error);
  assert_png_of (GTK_WIDGET (win), png);

  /* Save Results, then open them in another window: the grid shows them, read-only. */
  g_assert_true (dmk_window_save_results (win, json, &error));
  g_assert_no_error (error);
  g_settings_set_string (s, "profile", "nvme"); /* the grid follows the file, not the profile */
  win2 = new_window (dir);
  file = g_file_new_for_path (json);
  g_assert_true (dmk_window_open_file (win2, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (dmk_window_get_opened_name (win2), ==, "GDiskMark_test.json");
  /* It says what it is and whose it is, not the controls' target. */
  g_assert_true (g_str_has_prefix (dmk_window_get_facts_text (win2),
                                   "Viewing saved result “GDiskMark_test.json”: "));
  g_assert_nonnull (strstr (dmk_window_get_facts_text (win2), result->target.path));
  g_assert_cmpuint (dmk_window_get_n_rows (win2), ==, 4);
  for (guint r = 0; r < 4; r++)
    {
      DmkResultCell *cell = dmk_window_get_cell (win2, r, DMK_DIRECTION_READ);
      DmkTestResult *t = dmk_result_find (result, dmk_result_cell_get_spec (cell),
                                          DMK_DIRECTION_READ);
      g_autofree char *want = NULL;

      g_assert_nonnull (t);
      want = expected_text (DMK_UNIT_MB_S, t);
      g_assert_cmpstr (dmk_window_get_cell_text (win2, r, DMK_DIRECTION_READ), ==, want);
      g_assert_null (dmk_result_cell_get_result (dmk_window_get_cell (win2, r,
                                                                      DMK_DIRECTION_WRITE)));
    }
  /* Copy now copies the opened result. */
  g_assert_true (dmk_window_copy (win2));

  /* What the window saves, gdiskmark-cli compares. */
  if (g_getenv ("GDISKMARK_CLI") != NULL)
    {
      const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "compare", json, json, NULL };
      g_autofree char *out = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                   NULL, &out, NULL, &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (out, result->target.path));
      g_assert_nonnull (strstr (out, "RND4K Q32T1 Read"));
    }

  /* A broken file: an error that names it; the grid keeps what it showed. */
  g_assert_true (g_file_set_contents (bad, "{ not json", -1, NULL));
  {
    g_autoptr (GFile) bad_file = g_file_new_for_path (bad);
    GtkWindow *dialog;

    open_files_and_wait (win2, &bad_file, 1);
    dialog = dmk_window_get_error_dialog (win2);
    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                              "broken.json"));
    g_assert_cmpstr (dmk_window_get_opened_name (win2), ==, "GDiskMark_test.json");
  }

  /* Dropping a file on the first window opens it there. */
  {
    g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (win));
    GtkDropTarget *drop = NULL;
    GValue value = G_VALUE_INIT;
    GSList *list = g_slist_prepend (NULL, file);
    gboolean accepted = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (controllers) && drop == NULL; i++)
      {
        g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
        if (GTK_IS_DROP_TARGET (c))
          drop = GTK_DROP_TARGET (c);
      }
    g_assert_nonnull (drop);
    g_value_init (&value, GDK_TYPE_FILE_LIST);
    g_value_set_boxed (&value, list);
    g_slist_free (list);
    g_assert_null (dmk_window_get_opened_name (win));
    g_signal_emit_by_name (drop, "drop", &value, 10.0, 10.0, &accepted);
    g_value_unset (&value);
    g_assert_true (accepted);
    wait_opened (win);
    g_assert_cmpstr (dmk_window_get_opened_name (win), ==, "GDiskMark_test.json");
  }

  /* A new run leaves the opened result: the grid is the profile's again, and a row's button
   * runs the same test there (classic's RND4K Q1T1 is nvme's fourth row). */
  g_action_group_activate_action (G_ACTION_GROUP (win2), "run-test", g_variant_new_int32 (2));
  g_assert_true (dmk_window_is_running (win2));
  g_assert_null (dmk_window_get_opened_name (win2));
  g_assert_null (dmk_window_get_facts_text (win2));
  g_assert_cmpuint (dmk_window_get_n_rows (win2), ==, 4);
  g_assert_cmpstr (gtk_actionable_get_action_name (
                     GTK_ACTIONABLE (dmk_window_get_test_button (win2, 3))), ==, "win.stop-row");
  g_action_group_activate_action (G_ACTION_GROUP (win2), "stop", NULL);
  g_assert_true (iterate_until (not_running, win2));

  destroy_window (win2);
  destroy_window (win);
  g_unlink (png);
  g_unlink (txt);
  g_unlink (json);
  g_unlink (bad);
  g_rmdir (dir);
}

/* ---- a second launch ---- */

static gboolean
name_owned (GDBusConnection *bus)
{
  g_autoptr (GVariant) reply = g_dbus_connection_call_sync (
    bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
    g_variant_new ("(s)", APP_ID), G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
  gboolean owned = FALSE;

  if (reply != NULL)
    g_variant_get (reply, "(b)", &owned);
  return owned;
}

/* Waits for pid to exit, up to HANG_LIMIT_S; its wait status, or -1 when it did not. */
static int
wait_exit (GPid pid)
{
  gint64 end = g_get_monotonic_time () + (gint64) (HANG_LIMIT_S * G_USEC_PER_SEC);
  int status = 0;

  while (g_get_monotonic_time () < end)
    {
      if (waitpid (pid, &status, WNOHANG) == pid)
        return status;
      g_usleep (20000);
    }
  return -1;
}

/* gdiskmark --target=DIR while GDiskMark runs: the running window (a real second process, over a
 * private session bus) switches to DIR, and the second launch exits. */
static void
test_forward_target (void)
{
  const char *gui = g_getenv ("GDISKMARK_GUI");
  g_autofree char *daemon = g_find_program_in_path ("dbus-daemon");
  g_autofree char *dir = make_target_dir ();
  g_autofree char *cfg = g_build_filename (dir, "config", NULL);
  g_autofree char *target = g_build_filename (dir, "other-disk", NULL);
  g_autofree char *keyfile = g_build_filename (cfg, "glib-2.0", "settings", "keyfile", NULL);
  g_autofree char *want = g_strdup_printf ("last-target='%s'", target);
  g_autofree char *bus_out = NULL, *target_opt = NULL;
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = g_get_environ ();
  g_auto (GStrv) lines = NULL;
  const char *daemon_argv[] = { daemon, "--session", "--fork", "--nopidfile",
                                "--print-address=1", "--print-pid=1", NULL };
  GPid primary = 0, second = 0;
  gboolean written = FALSE;
  int status = 0;

  if (gui == NULL || daemon == NULL)
    {
      g_test_skip (gui == NULL ? "GDISKMARK_GUI is not set" : "dbus-daemon is not installed");
      g_rmdir (dir);
      return;
    }
  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char **) daemon_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &bus_out, NULL, &status, &error));
  g_assert_no_error (error);
  lines = g_strsplit (bus_out, "\n", 3);
  g_assert_nonnull (lines[0]);
  g_assert_nonnull (lines[1]);
  forward_pids[0] = (GPid) g_ascii_strtoll (lines[1], NULL, 10);
  env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", lines[0], TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", cfg, TRUE);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "keyfile", TRUE);
  bus = g_dbus_connection_new_for_address_sync (
    lines[0], G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
    NULL, NULL, &error);
  g_assert_no_error (error);

  {
    const char *argv[] = { gui, NULL };
    g_assert_true (g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                  &primary, &error));
    g_assert_no_error (error);
    forward_pids[1] = primary;
  }
  for (int i = 0; i < HANG_LIMIT_S * 50 && !name_owned (bus); i++)
    g_usleep (20000);
  g_assert_true (name_owned (bus));

  target_opt = g_strconcat ("--target=", target, NULL);
  {
    const char *argv[] = { gui, target_opt, NULL };
    g_assert_true (g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                  &second, &error));
    g_assert_no_error (error);
  }
  status = wait_exit (second);
  g_assert_cmpint (status, !=, -1);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  /* The running window took the folder (it remembers it in GSettings, here a keyfile). */
  for (int i = 0; i < HANG_LIMIT_S * 50 && !written; i++)
    {
      g_autofree char *data = NULL;
      written = g_file_get_contents (keyfile, &data, NULL, NULL) && strstr (data, want) != NULL;
      if (!written)
        g_usleep (20000);
    }
  g_assert_true (written);
  g_assert_true (name_owned (bus));

  kill (primary, SIGTERM);
  g_assert_cmpint (wait_exit (primary), !=, -1);
  g_spawn_close_pid (primary);
  g_spawn_close_pid (second);
  kill (forward_pids[0], SIGTERM);
  forward_pids[0] = forward_pids[1] = 0;
  g_unlink (keyfile);
  {
    g_autofree char *d1 = g_path_get_dirname (keyfile);
    g_autofree char *d2 = g_path_get_dirname (d1);
    g_rmdir (d1);
    g_rmdir (d2);
  }
  g_rmdir (cfg);
  g_rmdir (target);
  g_rmdir (dir);
}

static void
test_no_display (void)
{
  g_test_skip ("no display could be opened: run under xvfb-run");
}

/* The label of w or a widget inside it whose text has needle, or NULL. */
static GtkLabel *
find_label (GtkWidget *w, const char *needle)
{
  if (GTK_IS_LABEL (w) && strstr (gtk_label_get_text (GTK_LABEL (w)), needle) != NULL)
    return GTK_LABEL (w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_label (c, needle);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Issue 23 items 6 and 15 in the window: a CrystalDiskMark 8 text beside two of our results
 * three and fourteen times faster, each with a warning about one test. The ★ went to
 * CrystalDiskMark's column in every row; it goes to the fastest value without a warning about
 * its test, the one left out says why in its tooltip and the legend, and a latency the text
 * does not have (CrystalDiskMark 6's) is "—", not 0 ranked best. */
static void
test_compare_ranks_honestly (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "imports", "cdm8-default-mix.txt",
                                                 NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) cdm = dmk_result_load (path, &error);
  DmkCompareWindow *cmp;
  const double scale[] = { 3, 14 };
  const char *warning[] = {
    "SEQ1M Q1T1 Write: 3200.0 MB/s is more than the USB 3.0 (5 Gb/s) link can carry (500 MB/s): "
    "a cache answered, not the drive.",
    "RND4K Q1T1 Read: 12388 IOPS one at a time is more than a rotating disk can seek (a few "
    "hundred), and this disk says it rotates: a cache answered, or the disk is not what it says.",
  };
  g_autoptr (DmkComparison) shown = NULL;

  g_assert_no_error (error);
  /* As CrystalDiskMark 6 and before print it: no latency. */
  for (guint i = 0; i < cdm->tests->len; i++)
    ((DmkTestResult *) g_ptr_array_index (cdm->tests, i))->latency_us.mean = 0;
  reset_settings ();
  cmp = dmk_compare_window_new (NULL);
  gtk_window_present (GTK_WINDOW (cmp));
  g_assert_true (dmk_compare_window_add_result (cmp, cdm, path));
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (DmkResult) ours = dmk_result_new ();

      ours->target.path = g_strdup_printf ("/mnt/drive%u", k);
      ours->target.model = g_strdup ("Drive");
      for (guint i = 0; i < cdm->tests->len; i++)
        {
          DmkTestResult *t = dmk_test_result_copy (g_ptr_array_index (cdm->tests, i));
          t->mb_per_s *= scale[k];
          t->iops *= scale[k];
          t->latency_us.mean = 100.0 / scale[k];
          g_ptr_array_add (ours->tests, t);
        }
      g_ptr_array_add (ours->warnings, g_strdup (warning[k]));
      g_assert_true (dmk_compare_window_add_result (cmp, ours, NULL));
    }
  shown = dmk_compare_window_get_comparison (cmp);
  for (guint row = 0; row < dmk_compare_window_get_n_rows (cmp); row++)
    {
      g_autofree char *name = dmk_compare_window_get_row_name (cmp, row);
      gboolean flagged2 = g_str_has_prefix (warning[1], name);
      gboolean flagged1 = g_str_has_prefix (warning[0], name);
      GtkWidget *cell = dmk_compare_window_get_cell (cmp, row, 2);

      g_test_message ("%s: ★ in column %d", name, dmk_comparison_best_column (shown, row));
      g_assert_false (dmk_compare_window_cell_is_best (cmp, row, 0));
      g_assert_true (dmk_compare_window_cell_is_best (cmp, row, flagged2 ? 1 : 2));
      g_assert_true ((strstr (gtk_widget_get_tooltip_text (cell), "not ranked") != NULL) ==
                     flagged2);
      g_assert_true ((strstr (gtk_widget_get_tooltip_text (dmk_compare_window_get_cell (cmp, row, 1)),
                              "not ranked") != NULL) == (flagged1 && !flagged2));
    }
  g_assert_nonnull (find_label (GTK_WIDGET (cmp), "is not ranked (its tooltip says so)"));
  /* The latency the text does not have: "—" in µs, never the best. */
  {
    g_autoptr (GSettings) settings = g_settings_new (APP_ID);
    g_settings_set_string (settings, "unit", "us");
    while (g_main_context_iteration (NULL, FALSE))
      ;
  }
  g_assert_cmpint (dmk_compare_window_get_unit (cmp), ==, DMK_UNIT_US);
  for (guint row = 0; row < dmk_compare_window_get_n_rows (cmp); row++)
    {
      g_assert_cmpstr (dmk_compare_window_get_cell_text (cmp, row, 0), ==, "—");
      g_assert_false (dmk_compare_window_cell_is_best (cmp, row, 0));
    }
  reset_settings ();
  gtk_window_destroy (GTK_WINDOW (cmp));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      /* One test that reports the skip, so TAP says why nothing ran. */
      g_test_add_func ("/window/no-display", test_no_display);
      return g_test_run ();
    }
  adw_init ();
  signal (SIGABRT, on_abort);
  signal (SIGTRAP, on_abort); /* fatal criticals */
#ifndef __SANITIZE_ADDRESS__
  /* Under AddressSanitizer a SEGV is its to report (with where it happened); it then aborts,
   * and SIGABRT cleans up. */
  signal (SIGSEGV, on_abort);
#endif
  signal (SIGTERM, on_abort); /* meson's timeout */

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
  g_test_add_func ("/window/settings", test_settings_survive);
  g_test_add_func ("/window/error", test_error_shown);
  g_test_add_func ("/window/choose-folder", test_choose_folder_item);
  g_test_add_func ("/window/menu", test_menu);
  g_test_add_func ("/window/files", test_files);
  g_test_add_func ("/window/copy-fio-job", test_copy_fio_job);
  g_test_add_func ("/window/compare-ranks-honestly", test_compare_ranks_honestly);
  g_test_add_func ("/window/forward-target", test_forward_target);
  g_test_add_func ("/window/device/folder", test_device_action_folder);
  g_test_add_func ("/window/device/read-only", test_device_read_only);
  g_test_add_func ("/window/device/in-use", test_device_in_use);
  return g_test_run ();
}
