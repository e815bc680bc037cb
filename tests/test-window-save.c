/* test-window-save.c: what the window saves, copies and opens (issue 4/5) under Xvfb: a run as
 * a fio job, result files saved and opened, and a CrystalDiskMark text compared beside ours. */
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

  /* Save Image: the shown result's card, with nothing private in it (issue 50). */
  g_assert_true (dmk_window_save_image (win, png, &error));
  g_assert_no_error (error);
  {
    g_autoptr (DmkResult) shared =
      dmk_share_redact (dmk_window_get_shown_result (win), DMK_SHARE_KEEP_NONE, NULL, NULL);
    g_autoptr (DmkCard) card = dmk_card_new_for_result (shared);

    assert_file_is_card (card, png);
  }

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
  if (!dmk_test_gui_init (&argc, &argv, "window"))
    return g_test_run ();

  g_test_add_func ("/window/files", test_files);
  g_test_add_func ("/window/copy-fio-job", test_copy_fio_job);
  g_test_add_func ("/window/compare-ranks-honestly", test_compare_ranks_honestly);
  return g_test_run ();
}
