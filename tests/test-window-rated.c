/* test-window-rated.c: the drive's rated speed set in the window: the chain's panel opens the
 * Rated Speed dialog, whose two fields keep the rating with the drive in the history; the
 * sequential cells' tooltips then say their share of it, and a window made again on the same
 * store says it of the drive's next run; the comparison window's cells say it too. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-compare-cell.h"
#include "dmk-test-gui.h"

static char *store;

static gboolean
saved (gpointer data)
{
  return history_entries (store) == GPOINTER_TO_UINT (data);
}

static void
run_all (DmkWindow *win)
{
  click (dmk_window_get_all_button (win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_true (iterate_until (not_running, win));
}

/* The SEQ1M Q1T1 read cell's tooltip says its share of the rating: the words the test expects
 * from the cell's own score. */
typedef struct
{
  DmkWindow *win;
  double rated;
} Share;

static char *
expected_share (DmkWindow *win, double rated)
{
  DmkResultCell *cell = dmk_window_get_cell (win, 0, DMK_DIRECTION_READ);
  const DmkTestResult *t = dmk_result_cell_get_result (cell);

  if (t == NULL)
    return NULL;
  return g_strdup_printf ("%.0f %% of the rated %.0f MB/s", t->mb_per_s / rated * 100, rated);
}

static gboolean
tooltip_says_share (gpointer data)
{
  Share *s = data;
  DmkResultCell *cell = dmk_window_get_cell (s->win, 0, DMK_DIRECTION_READ);
  g_autofree char *want = expected_share (s->win, s->rated);
  const char *markup = gtk_widget_get_tooltip_markup (GTK_WIDGET (cell));

  return want != NULL && markup != NULL && strstr (markup, want) != NULL;
}

static gboolean
dialog_gone (gpointer win)
{
  return dmk_window_get_rated_dialog (win, NULL, NULL) == NULL;
}

/* The chain's line opens its panel; the panel's Rated Speed… button opens the dialog. */
static void
open_rated_dialog (DmkWindow *win)
{
  GtkWidget *button = dmk_test_find_by_tooltip (
    GTK_WIDGET (win), "The drive’s speeds as its box says: each result then says its share of "
                      "them");
  GtkWidget *menu_button;

  g_assert_nonnull (button);
  menu_button = gtk_widget_get_ancestor (button, GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (menu_button);
  g_assert_true (gtk_widget_get_visible (menu_button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  g_assert_true (iterate_until (widget_shown, button));
  click (button);
  g_assert_nonnull (dmk_window_get_rated_dialog (win, NULL, NULL));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));
  settle ();
}

static void
test_rated (void)
{
  g_autofree char *dir = make_target_dir ();
  const double rating = 1000;
  GtkSpinButton *read = NULL, *write = NULL;
  AdwMessageDialog *dialog;
  DmkWindow *win;
  Share share;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  win = new_window (dir);
  run_all (win);
  g_assert_true (iterate_until (saved, GUINT_TO_POINTER (1)));
  /* No rating yet: no share. */
  g_assert_null (strstr (gtk_widget_get_tooltip_markup (
                           GTK_WIDGET (dmk_window_get_cell (win, 0, DMK_DIRECTION_READ))),
                         "of the rated"));

  open_rated_dialog (win);
  dialog = dmk_window_get_rated_dialog (win, &read, &write);
  g_assert_true (iterate_until (widget_shown, dialog));
  /* Each field is named for a screen reader by its label. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_prev_sibling (
                     GTK_WIDGET (read)))), ==, "Read");
  gtk_editable_set_text (GTK_EDITABLE (read), "1000");
  gtk_editable_set_text (GTK_EDITABLE (write), "900");
  adw_message_dialog_response (dialog, "keep");
  g_assert_true (iterate_until (dialog_gone, win));
  share.win = win;
  share.rated = rating;
  g_assert_true (iterate_until (tooltip_says_share, &share));
  g_test_message ("tooltip: %s", gtk_widget_get_tooltip_markup (GTK_WIDGET (
                                   dmk_window_get_cell (win, 0, DMK_DIRECTION_READ))));
  /* A random test has no share of a sequential rating. */
  g_assert_null (strstr (gtk_widget_get_tooltip_markup (
                           GTK_WIDGET (dmk_window_get_cell (win, 2, DMK_DIRECTION_READ))),
                         "of the rated"));
  /* Kept with the drive in the store. */
  {
    g_autoptr (DmkHistory) h = dmk_history_open (store, 5000, NULL);
    g_autoptr (GPtrArray) all = dmk_history_list (h, NULL, NULL);
    DmkRated kept;

    g_assert_true (dmk_history_get_rating (h, &((DmkHistoryEntry *) all->pdata[0])->drive, &kept,
                                           NULL));
    g_assert_cmpfloat (kept.read_mb_per_s, ==, 1000);
    g_assert_cmpfloat (kept.write_mb_per_s, ==, 900);
  }
  destroy_window (win);

  /* A new window on the same store: the drive's next run says its share at once. */
  win = new_window (dir);
  run_all (win);
  g_assert_true (iterate_until (saved, GUINT_TO_POINTER (2)));
  share.win = win;
  g_assert_true (iterate_until (tooltip_says_share, &share));
  g_assert_cmpfloat (dmk_window_get_shown_result (win)->rated.read_mb_per_s, ==, rating);

  /* Forgotten through the dialog: the share goes. */
  open_rated_dialog (win);
  dialog = dmk_window_get_rated_dialog (win, &read, &write);
  g_assert_cmpfloat (gtk_spin_button_get_value (read), ==, rating);
  adw_message_dialog_response (dialog, "forget");
  g_assert_true (iterate_until (dialog_gone, win));
  g_assert_true (iterate_until (not_running, win));
  {
    DmkResult *shown = dmk_window_get_shown_result (win);
    gint64 until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    while (dmk_rated_known (&shown->rated) && g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
    g_assert_false (dmk_rated_known (&shown->rated));
  }
  g_assert_null (strstr (gtk_widget_get_tooltip_markup (
                           GTK_WIDGET (dmk_window_get_cell (win, 0, DMK_DIRECTION_READ))),
                         "of the rated"));
  destroy_window (win);
}

/* ---- the comparison window's cells ---- */

static DmkTestResult *
seq_test (const char *name, DmkDirection direction, double mb_per_s)
{
  DmkPass pass = { .mb_per_s = mb_per_s, .iops = mb_per_s, .bytes = 1000000, .seconds = 1 };
  g_autofree DmkHistogram *hist = g_new0 (DmkHistogram, 1);
  DmkTestSpec spec;
  DmkTestResult *t;

  g_assert_true (dmk_test_spec_parse (name, &spec, NULL));
  t = dmk_test_result_new (&spec, direction);
  dmk_histogram_reset (hist);
  dmk_histogram_add (hist, 1000);
  dmk_test_result_add_pass_series (t, &pass, hist, NULL);
  return t;
}

/* A cell of a sequential test says its share of its drive's rating; a random one, and a drive
 * without a rating, say none. */
static void
test_compare_cells (void)
{
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (DmkComparison) cmp = NULL;
  DmkResult *a = dmk_result_new (), *b = dmk_result_new ();
  g_autofree char *want = g_strdup_printf ("%.0f %% of the rated 3500 MB/s", 1600 / 3500.0 * 100);
  const char *headers[] = { "A", "B" };

  g_ptr_array_add (a->tests, seq_test ("SEQ1M Q8T1", DMK_DIRECTION_READ, 1600));
  g_ptr_array_add (a->tests, seq_test ("RND4K Q1T1", DMK_DIRECTION_READ, 60));
  g_ptr_array_add (b->tests, seq_test ("SEQ1M Q8T1", DMK_DIRECTION_READ, 500));
  g_ptr_array_add (b->tests, seq_test ("RND4K Q1T1", DMK_DIRECTION_READ, 20));
  a->rated.read_mb_per_s = 3500;
  g_ptr_array_add (results, a);
  g_ptr_array_add (results, b);
  cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  for (guint row = 0; row < cmp->rows->len; row++)
    for (guint column = 0; column < 2; column++)
      {
        GtkWidget *cell = g_object_ref_sink (dmk_compare_cell_new_for_comparison (
          cmp, row, column, dmk_comparison_best_column (cmp, row), headers[column]));
        g_autofree char *description = NULL;
        DmkCompareRow *r = &g_array_index (cmp->rows, DmkCompareRow, row);
        gboolean has_share = column == 0 && r->spec.pattern == DMK_PATTERN_SEQUENTIAL;

        g_object_get (cell, "description", &description, NULL);
        g_test_message ("%s", description);
        g_assert_true ((strstr (description, want) != NULL) == has_share);
        g_assert_true ((strstr (description, "of the rated") != NULL) == has_share);
        g_object_unref (cell);
      }
}

int
main (int argc, char *argv[])
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-test-window-rated-XXXXXX", NULL);
  int status;

  store = g_build_filename (dir, "history.sqlite", NULL);
  g_setenv ("GDISKMARK_HISTORY", store, TRUE);
  if (!dmk_test_gui_init (&argc, &argv, "window-rated"))
    return g_test_run ();
  g_test_add_func ("/window-rated/set-and-again", test_rated);
  g_test_add_func ("/window-rated/compare-cells", test_compare_cells);
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
