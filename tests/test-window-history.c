/* test-window-history.c: the window adds each finished run to the history (in a thread, so a
 * locked store never stalls it), and adds none while the save-history setting is off. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-history-dialog.h"
#include "dmk-test-gui.h"

static char *store;

static guint
entries_in_store (void)
{
  g_autoptr (DmkHistory) h = NULL;
  g_autoptr (GPtrArray) all = NULL;

  if (!g_file_test (store, G_FILE_TEST_EXISTS))
    return 0;
  h = dmk_history_open (store, 5000, NULL);
  g_assert_nonnull (h);
  all = dmk_history_list (h, NULL, NULL);
  g_assert_nonnull (all);
  return all->len;
}

static gboolean
saved_once (gpointer data)
{
  return entries_in_store () == GPOINTER_TO_UINT (data);
}

static gboolean
facts_say (gpointer data)
{
  const char *const *what = data;

  return strstr (dmk_window_get_facts_text ((DmkWindow *) what[0]), what[1]) != NULL;
}

static void
run_all (DmkWindow *win)
{
  click (dmk_window_get_all_button (win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_true (iterate_until (not_running, win));
}

/* The Drive History dialog lists the entry, opens it as a result, and deletes it. */
static void
check_dialog (DmkWindow *win)
{
  DmkHistoryDialog *dialog;
  const char *facts;

  gtk_widget_activate_action (GTK_WIDGET (win), "win.history", NULL);
  dialog = dmk_window_get_history_dialog (win);
  g_assert_nonnull (dialog);
  g_assert_true (iterate_until (widget_shown, dialog));
  g_assert_cmpuint (dmk_history_dialog_get_n_drives (dialog), ==, 1);
  g_assert_cmpuint (dmk_history_dialog_get_n_rows (dialog), ==, 1);
  g_test_message ("stats: %s", dmk_history_dialog_get_stats_text (dialog));
  g_assert_nonnull (strstr (dmk_history_dialog_get_stats_text (dialog), "median"));
  click (dmk_history_dialog_get_row_button (dialog, 0, "open"));
  settle ();
  facts = dmk_window_get_facts_text (win);
  g_test_message ("facts: %s", facts);
  g_assert_nonnull (strstr (facts, "History entry 1"));
  click (dmk_history_dialog_get_row_button (dialog, 0, "delete"));
  settle ();
  g_assert_cmpuint (dmk_history_dialog_get_n_rows (dialog), ==, 0);
  g_assert_cmpuint (entries_in_store (), ==, 0);
}

static gboolean
compared (gpointer dialog)
{
  return dmk_history_dialog_get_compared (dialog) != NULL;
}

/* With two runs kept: the chart of the chosen test has a point a run, the runs' own scores, and
 * a screen reader hears them; another test in the chooser redraws it. Two runs checked by real
 * clicks go side by side in the comparison, oldest first. */
static void
check_chart_and_compare (DmkWindow *win)
{
  DmkHistoryDialog *dialog;
  DmkHistoryChart *chart;
  DmkCompareWindow *cmp;
  DmkComparison *c;
  g_autoptr (DmkHistory) h = dmk_history_open (store, 5000, NULL);
  g_autoptr (GPtrArray) all = dmk_history_list (h, NULL, NULL);
  g_autoptr (DmkResult) first = dmk_history_entry_result (all->pdata[0], NULL);
  g_autoptr (DmkResult) second = dmk_history_entry_result (all->pdata[1], NULL);
  GtkWidget *compare;

  gtk_widget_activate_action (GTK_WIDGET (win), "win.history", NULL);
  dialog = dmk_window_get_history_dialog (win);
  g_assert_true (iterate_until (widget_shown, dialog));
  g_assert_cmpuint (dmk_history_dialog_get_n_rows (dialog), ==, 2);
  chart = dmk_history_dialog_get_chart (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (chart)));
  for (guint t = 0; t < 2; t++)
    {
      DmkTestResult *a = g_ptr_array_index (first->tests, t), *b = g_ptr_array_index (second->tests, t);
      g_autofree char *va = dmk_unit_format (DMK_UNIT_MB_S, a->mb_per_s);
      g_autofree char *vb = dmk_unit_format (DMK_UNIT_MB_S, b->mb_per_s);
      g_autofree char *name = dmk_test_spec_to_name (&a->spec);
      const char *said;

      gtk_drop_down_set_selected (dmk_history_dialog_get_tests (dialog), t);
      settle ();
      g_assert_cmpuint (dmk_history_chart_get_n_points (chart), ==, 2);
      g_assert_cmpfloat (dmk_history_chart_get_value (chart, 0), ==, a->mb_per_s);
      g_assert_cmpfloat (dmk_history_chart_get_value (chart, 1), ==, b->mb_per_s);
      said = dmk_history_chart_get_description (chart);
      g_test_message ("chart: %s", said);
      g_assert_nonnull (strstr (said, name));
      g_assert_nonnull (strstr (said, "over 2 runs, in MB/s:"));
      g_assert_nonnull (strstr (said, va));
      g_assert_nonnull (strstr (said, vb));
      g_assert_nonnull (strstr (said, " median "));
    }

  compare = dmk_history_dialog_get_compare_button (dialog);
  g_assert_false (gtk_widget_get_sensitive (compare));
  g_assert_true (pointer_click_on (dmk_history_dialog_get_row_button (dialog, 0, "check")));
  g_assert_true (iterate_until (widget_shown, dialog));
  settle ();
  g_assert_true (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (dmk_history_dialog_get_row_button (dialog, 0, "check"))));
  g_assert_false (gtk_widget_get_sensitive (compare));
  g_assert_true (pointer_click_on (dmk_history_dialog_get_row_button (dialog, 1, "check")));
  settle ();
  g_assert_true (gtk_widget_get_sensitive (compare));
  g_assert_true (pointer_click_on (compare));
  g_assert_true (iterate_until (compared, dialog));
  cmp = dmk_history_dialog_get_compared (dialog);
  c = dmk_compare_window_get_comparison (cmp);
  g_assert_cmpuint (c->results->len, ==, 2);
  g_assert_cmpstr (((DmkResult *) c->results->pdata[0])->date, ==, first->date);
  g_assert_cmpstr (((DmkResult *) c->results->pdata[1])->date, ==, second->date);
  dmk_comparison_free (c);
  gtk_window_destroy (GTK_WINDOW (cmp));
  gtk_window_close (GTK_WINDOW (dialog));
  settle ();
}

static void
test_saved (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (DmkHistory) h = NULL;
  g_autoptr (GPtrArray) all = NULL;
  DmkWindow *win;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  /* Two passes a test at least: one pass cannot say how noisy it is. */
  g_settings_set_int (dmk_test_settings (), "passes", 2);
  win = new_window (dir);
  run_all (win);
  g_assert_true (iterate_until (saved_once, GUINT_TO_POINTER (1)));
  h = dmk_history_open (store, 5000, NULL);
  all = dmk_history_list (h, NULL, NULL);
  g_assert_cmpstr (((DmkHistoryEntry *) all->pdata[0])->target, ==, dir);
  g_assert_cmpstr (((DmkHistoryEntry *) all->pdata[0])->kind, ==, "grid");
  /* The line over the grid says what the drive's history says of the run: nothing yet. */
  {
    const char *first[] = { (const char *) win, "The first run with these settings in this "
                                                "drive’s history" };
    g_assert_true (iterate_until (facts_say, first));
  }

  /* The second run is judged against the first, test by test. */
  run_all (win);
  g_assert_true (iterate_until (saved_once, GUINT_TO_POINTER (2)));
  {
    const char *second[] = { (const char *) win, "Against this drive’s history: " };
    const char *facts;

    g_assert_true (iterate_until (facts_say, second));
    facts = dmk_window_get_facts_text (win);
    g_test_message ("facts: %s", facts);
    g_assert_true (strstr (facts, "every test within noise (1 earlier run)") != NULL ||
                   strstr (facts, "beyond noise in ") != NULL);
  }
  check_chart_and_compare (win);
  g_clear_pointer (&all, g_ptr_array_unref);
  all = dmk_history_list (h, NULL, NULL);
  g_assert_cmpuint (all->len, ==, 2);
  g_assert_true (dmk_history_delete (h, ((DmkHistoryEntry *) all->pdata[1])->id, NULL));

  /* Off: the next run is shown, and not kept, and nothing is said of it against the history. */
  g_settings_set_boolean (dmk_test_settings (), "save-history", FALSE);
  run_all (win);
  settle ();
  g_usleep (300000);
  settle ();
  g_assert_cmpuint (entries_in_store (), ==, 1);
  g_assert_null (strstr (dmk_window_get_facts_text (win), "history"));
  check_dialog (win);
  destroy_window (win);
}

int
main (int argc, char *argv[])
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-test-window-history-XXXXXX", NULL);
  int status;

  store = g_build_filename (dir, "history.sqlite", NULL);
  g_setenv ("GDISKMARK_HISTORY", store, TRUE);
  if (!dmk_test_gui_init (&argc, &argv, "window-history"))
    return g_test_run ();
  g_test_add_func ("/window-history/saved", test_saved);
  status = g_test_run ();
  if (status == 0)
    {
      const char *rm[] = { "rm", "-rf", dir, NULL };
      g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                    NULL);
    }
  g_free (store);
  return status;
}
