/* test-window-history.c: the window adds each finished run to the history (in a thread, so a
 * locked store never stalls it), and adds none while the save-history setting is off; the Drive
 * History dialog reads the store in a thread too: while another process holds it locked, the
 * window's main loop goes on, and the dialog fills in once the lock is released. */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dmk-history-dialog.h"
#include "dmk-gui-utils.h"
#include "dmk-test-gui.h"

static char *store;

static gboolean
saved_once (gpointer data)
{
  return history_entries (store) == GPOINTER_TO_UINT (data);
}

static gboolean
history_loaded (gpointer dialog)
{
  return !dmk_history_dialog_get_loading (dialog);
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

/* The toast's Undo button, where it is shown. */
static GtkWidget *
find_undo (GtkWidget *w)
{
  if (GTK_IS_BUTTON (w) && gtk_widget_get_mapped (w) &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), "_Undo") == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_undo (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
undo_shown (gpointer dialog)
{
  GtkWidget *undo = find_undo (dialog);

  return undo != NULL && gtk_widget_get_width (undo) > 0;
}

/* The first row of the dialog's list (as it is now: a read rebuilds the rows) can be used. */
static gboolean
row_sensitive (gpointer dialog)
{
  GtkWidget *del = dmk_history_dialog_get_row_button (dialog, 0, "delete");

  return del != NULL && gtk_widget_get_sensitive (gtk_widget_get_ancestor (del,
                                                                           GTK_TYPE_LIST_BOX_ROW));
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
  g_assert_true (iterate_until (history_loaded, dialog));
  g_assert_cmpuint (dmk_history_dialog_get_n_drives (dialog), ==, 1);
  g_assert_cmpuint (dmk_history_dialog_get_n_rows (dialog), ==, 1);
  g_test_message ("stats: %s", dmk_history_dialog_get_stats_text (dialog));
  g_assert_nonnull (strstr (dmk_history_dialog_get_stats_text (dialog), "median"));
  click (dmk_history_dialog_get_row_button (dialog, 0, "open"));
  settle ();
  facts = dmk_window_get_facts_text (win);
  g_test_message ("facts: %s", facts);
  g_assert_nonnull (strstr (facts, "History entry 1"));
  /* Delete: the row stays where it was, greyed (nothing slides under the pointer), and a toast
   * offers Undo; a real click on Undo brings it back, and nothing was deleted. */
  click (dmk_history_dialog_get_row_button (dialog, 0, "delete"));
  g_assert_false (row_sensitive (dialog));
  g_assert_cmpuint (dmk_history_dialog_get_n_rows (dialog), ==, 1);
  g_assert_nonnull (dmk_history_dialog_get_last_toast (dialog));
  g_assert_true (iterate_until (undo_shown, dialog));
  /* The toast slides in: click where it comes to rest. */
  settle ();
  g_assert_true (pointer_click_on (find_undo (GTK_WIDGET (dialog))));
  g_assert_true (iterate_until (row_sensitive, dialog));
  g_assert_true (iterate_until (history_loaded, dialog));
  g_assert_cmpuint (history_entries (store), ==, 1);
  /* Deleted when the toast goes without Undo. */
  click (dmk_history_dialog_get_row_button (dialog, 0, "delete"));
  adw_toast_dismiss (dmk_history_dialog_get_last_toast (dialog));
  g_assert_true (iterate_until (history_loaded, dialog));
  g_assert_cmpuint (dmk_history_dialog_get_n_rows (dialog), ==, 0);
  g_assert_cmpuint (history_entries (store), ==, 0);
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
  g_assert_true (iterate_until (history_loaded, dialog));
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
      /* To look at: GDISKMARK_TEST_SHOTS=DIR keeps the dialog as a PNG there. */
      if (g_getenv ("GDISKMARK_TEST_SHOTS") != NULL)
        {
          g_autofree char *png = g_build_filename (g_getenv ("GDISKMARK_TEST_SHOTS"),
                                                   "history-dialog.png", NULL);

          g_assert_true (dmk_save_widget_png (GTK_WIDGET (dialog), png, NULL));
        }
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
  g_assert_null (strstr (dmk_window_get_facts_text (win), "history"));
  /* On again: the run after it is the one kept next (its save would come after the other's):
   * two entries, the first run's and this one's, and none of the run in between. */
  g_settings_set_boolean (dmk_test_settings (), "save-history", TRUE);
  run_all (win);
  g_assert_true (iterate_until (saved_once, GUINT_TO_POINTER (2)));
  g_clear_pointer (&all, g_ptr_array_unref);
  all = dmk_history_list (h, NULL, NULL);
  g_assert_cmpuint (all->len, ==, 2);
  g_assert_cmpstr (((DmkHistoryEntry *) all->pdata[1])->date, ==,
                   dmk_window_get_shown_result (win)->date);
  g_assert_true (dmk_history_delete (h, ((DmkHistoryEntry *) all->pdata[1])->id, NULL));
  g_assert_cmpuint (history_entries (store), ==, 1);
  check_dialog (win);
  destroy_window (win);
}

/* ---- the dialog opens on the drive shown ---- */

/* Every entry out of the store: each test starts from an empty history. */
static void
empty_store (void)
{
  g_autoptr (DmkHistory) h = dmk_history_open (store, 5000, NULL);
  g_autoptr (GPtrArray) all = NULL;

  g_assert_nonnull (h);
  all = dmk_history_list (h, NULL, NULL);
  for (guint i = 0; i < all->len; i++)
    g_assert_true (dmk_history_delete (h, ((DmkHistoryEntry *) all->pdata[i])->id, NULL));
}

/* Adds tests/imports/name to the history as an imported result; returns its target. */
static char *
import_file (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "imports", name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_load (path, &error);
  g_autoptr (DmkHistory) h = NULL;
  DmkDriveId id = { 0 };

  g_assert_no_error (error);
  h = dmk_history_open (store, 5000, &error);
  g_assert_no_error (error);
  dmk_drive_id_from_result (r, FALSE, &id);
  g_assert_cmpint (dmk_history_add (h, r, &id, "import", &error), >, 0);
  g_assert_no_error (error);
  dmk_drive_id_clear (&id);
  return g_strdup (r->target.path);
}

/* With another drive first in the history, the dialog opens on the drive of the result the
 * window shows: the run just made. */
static void
test_opens_on_shown_drive (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *other = NULL;
  DmkHistoryDialog *dialog;
  const DmkHistoryEntry *e;
  DmkWindow *win;

  empty_store ();
  other = import_file ("cdm8-nvme.txt");
  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  win = new_window (dir);
  run_all (win);
  g_assert_true (iterate_until (saved_once, GUINT_TO_POINTER (2)));
  gtk_widget_activate_action (GTK_WIDGET (win), "win.history", NULL);
  dialog = dmk_window_get_history_dialog (win);
  g_assert_true (iterate_until (history_loaded, dialog));
  g_assert_cmpuint (dmk_history_dialog_get_n_drives (dialog), ==, 2);
  e = g_object_get_data (G_OBJECT (dmk_history_dialog_get_row_button (dialog, 0, "open")),
                         "entry");
  g_test_message ("the other drive's target: %s; the dialog shows %s", other, e->target);
  g_assert_cmpstr (e->target, ==, dir);
  gtk_window_close (GTK_WINDOW (dialog));
  destroy_window (win);
  empty_store ();
  {
    const char *rm[] = { "rm", "-rf", dir, NULL };
    g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
}

/* ---- conditions beside the verdict ---- */

static gboolean
verdict_shown (gpointer win)
{
  const char *facts = dmk_window_get_facts_text (win);

  return facts != NULL && strstr (facts, "Against this drive’s history") != NULL;
}

/* Plants a copy of the store's one entry an hour earlier on its drive, its filesystem said to be
 * fill percent full; returns the fill the entry had. */
static double
plant_earlier (double *planted)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = dmk_history_open (store, 5000, &error);
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (DmkResult) r = NULL;
  g_autoptr (GDateTime) when = NULL, earlier = NULL;
  DmkHistoryEntry *e;
  double fill;

  g_assert_no_error (error);
  all = dmk_history_list (h, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 1);
  e = g_ptr_array_index (all, 0);
  r = dmk_history_entry_result (e, &error);
  g_assert_no_error (error);
  fill = r->conditions.fill_percent;
  /* More than 20 points away: another fill level by any measure. */
  *planted = fill < 50 ? fill + 45 : fill - 45;
  r->conditions.fill_percent = *planted;
  when = g_date_time_new_from_iso8601 (r->date, NULL);
  earlier = g_date_time_add_hours (when, -1);
  g_free (r->date);
  r->date = g_date_time_format_iso8601 (earlier);
  g_assert_cmpint (dmk_history_add_to_drive (h, r, e->drive_id, "import", &error), >, 0);
  g_assert_no_error (error);
  return fill;
}

/* A run on a folder filled otherwise than an earlier run of its drive: the line's tooltip and
 * the History dialog's say so, counting runs, and the runs are compared all the same. */
static void
test_conditions (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *expected = NULL, *now = NULL, *then = NULL;
  DmkHistoryDialog *dialog;
  const char *tip;
  double planted, fill;
  DmkWindow *win;

  empty_store ();
  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  win = new_window (dir);
  run_all (win);
  g_assert_true (iterate_until (saved_once, GUINT_TO_POINTER (1)));
  fill = plant_earlier (&planted);
  if (fill < 0)
    {
      g_test_skip ("the folder's filesystem tells no fill level");
      destroy_window (win);
      return;
    }
  run_all (win);
  g_assert_true (iterate_until (saved_once, GUINT_TO_POINTER (3)));
  g_assert_true (iterate_until (verdict_shown, win));
  /* Rounded as the sentence says them; the newest run's own, not the first's. */
  fill = dmk_window_get_shown_result (win)->conditions.fill_percent;
  now = g_strdup_printf ("%.0f", round (fill));
  then = g_strdup_printf ("%.0f", round (planted));
  expected = g_strdup_printf ("Conditions differed (compared all the same): filesystem %s %% full "
                              "this time; 1 earlier run %s %% full",
                              now, then);
  tip = dmk_window_get_facts_tooltip (win);
  g_test_message ("facts: %s\ntooltip: %s", dmk_window_get_facts_text (win), tip);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, expected));
  gtk_widget_activate_action (GTK_WIDGET (win), "win.history", NULL);
  dialog = dmk_window_get_history_dialog (win);
  g_assert_true (iterate_until (history_loaded, dialog));
  tip = dmk_history_dialog_get_stats_tooltip (dialog);
  g_test_message ("stats: %s\ntooltip: %s", dmk_history_dialog_get_stats_text (dialog), tip);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, expected));
  /* Compared all the same: both earlier runs are the verdict's base. */
  g_assert_nonnull (strstr (dmk_history_dialog_get_stats_text (dialog), "over 2 runs"));
  gtk_window_close (GTK_WINDOW (dialog));
  destroy_window (win);
  empty_store ();
  {
    const char *rm[] = { "rm", "-rf", dir, NULL };
    g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
}

/* ---- a row run again (CrystalDiskMark's way) ---- */

/* All, then one row's button by a real click: that row is measured again, the other rows keep
 * their numbers, and the line over the grid says nothing of the history about tests this run
 * did not measure (a row's run is not added to the history: it is not a whole run). */
static void
test_row_rerun_keeps_grid (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autoptr (GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  DmkWindow *win;
  const char *facts;
  guint rows;

  empty_store ();
  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  win = new_window (dir);
  run_all (win);
  g_assert_true (iterate_until (saved_once, GUINT_TO_POINTER (1)));
  rows = dmk_window_get_n_rows (win);
  g_assert_cmpuint (rows, >=, 3);
  for (guint r = 0; r < rows; r++)
    g_ptr_array_add (before, g_strdup (dmk_window_get_cell_text (win, r, DMK_DIRECTION_READ)));
  if (!pointer_click_on (dmk_window_get_test_button (win, 2)))
    {
      g_test_skip ("needs X11 and xdotool");
      destroy_window (win);
      return;
    }
  g_assert_true (iterate_until ((Cond) dmk_window_is_running, win));
  g_assert_true (iterate_until (not_running, win));
  for (guint r = 0; r < rows; r++)
    {
      g_test_message ("row %u: %s, before %s", r, dmk_window_get_cell_text (win, r,
                                                                          DMK_DIRECTION_READ),
                      (char *) before->pdata[r]);
      g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, r,
                                                                         DMK_DIRECTION_READ)));
      if (r != 2)
        g_assert_cmpstr (dmk_window_get_cell_text (win, r, DMK_DIRECTION_READ), ==,
                         before->pdata[r]);
    }
  g_assert_cmpuint (dmk_window_get_shown_result (win)->tests->len, ==, rows);
  facts = dmk_window_get_facts_text (win);
  g_test_message ("facts: %s", facts);
  g_assert_null (strstr (facts, "beyond noise"));
  /* The result says which tests were measured when: the kept rows carry the first run's date,
   * in the line over the grid, the text and the JSON (read back). */
  {
    DmkResult *shown = dmk_window_get_shown_result (win);
    g_autofree char *count = g_strdup_printf (" · %u tests from ", rows - 1);
    g_autofree char *text = dmk_result_to_text (shown);
    g_autofree char *json = dmk_result_to_json (shown);
    g_autoptr (DmkResult) back = dmk_result_from_json (json, -1, NULL);

    g_assert_nonnull (strstr (facts, count));
    g_assert_nonnull (strstr (text, "\nEarlier: "));
    g_assert_nonnull (back);
    for (guint r = 0; r < rows; r++)
      {
        const DmkTestResult *t = dmk_result_cell_get_result (dmk_window_get_cell (win, r,
                                                                                DMK_DIRECTION_READ));
        DmkTestResult *again = dmk_result_find (back, &t->spec, t->direction);

        g_assert_true ((r == 2) == (t->date == NULL));
        g_assert_nonnull (again);
        g_assert_cmpstr (again->date, ==, t->date);
      }
  }
  g_assert_cmpuint (history_entries (store), ==, 1);
  destroy_window (win);
  empty_store ();
  {
    const char *rm[] = { "rm", "-rf", dir, NULL };
    g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
}

/* ---- a store another process holds ---- */

static guint ticks;

static gboolean
tick (gpointer data)
{
  ticks++;
  return G_SOURCE_CONTINUE;
}

static gboolean
ticked (gpointer data)
{
  return ticks >= GPOINTER_TO_UINT (data);
}

/* Another process (Python's sqlite3) takes the store for itself: exclusive locking mode and an
 * exclusive transaction, which keep every other connection out, readers too, until it ends. */
static const char hold_store[] =
  "import sqlite3, sys\n"
  "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
  "c.execute('PRAGMA locking_mode=EXCLUSIVE')\n"
  "c.execute('BEGIN EXCLUSIVE')\n"
  "c.execute('SELECT count(*) FROM sqlite_schema').fetchall()\n"
  "print('held', flush=True)\n"
  "sys.stdin.read()\n"
  "c.execute('ROLLBACK')\n"
  "c.close()\n";

static void
test_locked_store (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) holder = NULL;
  g_autoptr (GDataInputStream) out = NULL;
  g_autofree char *line = NULL;
  DmkHistoryDialog *dialog;
  DmkWindow *win;
  guint source;

  empty_store ();
  g_free (import_file ("cdm8-nvme.txt"));
  holder = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                             &error, "/usr/bin/python3", "-c", hold_store, store, NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (holder));
  line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "held");

  reset_settings ();
  win = new_window (g_get_tmp_dir ());
  ticks = 0;
  source = g_timeout_add (10, tick, NULL);
  gtk_widget_activate_action (GTK_WIDGET (win), "win.history", NULL);
  dialog = dmk_window_get_history_dialog (win);
  g_assert_nonnull (dialog);
  /* The window's main loop goes on while the dialog waits for the store (the wait is up to
   * DMK_HISTORY_BUSY_MS, 5 s): the ticks advance, and the dialog is still reading. */
  g_assert_true (iterate_until (ticked, GUINT_TO_POINTER (20)));
  g_assert_true (dmk_history_dialog_get_loading (dialog));
  g_assert_cmpuint (dmk_history_dialog_get_n_drives (dialog), ==, 0);
  /* The holder lets go: the dialog fills in. */
  g_assert_true (g_output_stream_close (g_subprocess_get_stdin_pipe (holder), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (holder, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (iterate_until (history_loaded, dialog));
  g_test_message ("ticks while the store was held and read: %u", ticks);
  g_assert_cmpuint (dmk_history_dialog_get_n_drives (dialog), ==, 1);
  g_assert_cmpuint (dmk_history_dialog_get_n_rows (dialog), ==, 1);
  g_source_remove (source);
  gtk_window_close (GTK_WINDOW (dialog));
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
  g_test_add_func ("/window-history/opens-on-shown-drive", test_opens_on_shown_drive);
  g_test_add_func ("/window-history/row-rerun-keeps-grid", test_row_rerun_keeps_grid);
  g_test_add_func ("/window-history/conditions", test_conditions);
  g_test_add_func ("/window-history/locked-store", test_locked_store);
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
