/* test-window-compare.c: the real comparison window, one scenario a test (issue 45): saved results
 * side by side (one gdiskmark-cli wrote too), units, the baseline, the columns' order, exports,
 * removing and adding columns, the main window's result and the current run; the ★ on the faster
 * drive and the columns' labels (issue 47). */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dmk-compare-cell.h"
#include "dmk-compare-header.h"
#include "dmk-test-gui.h"

/* ---- what the comparison must show ---- */

/* A result as a run saves it, with values drawn from seed, so each column is best somewhere. */
static DmkResult *
synthetic_result (const char *path, const char *model, const char *profile, const char *date,
                  guint32 seed, gboolean writes)
{
  DmkResult *r = dmk_result_new ();
  g_autoptr (GArray) specs = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  DmkDirection last;

  g_free (r->date);
  r->date = g_strdup (date);
  r->target.path = g_strdup (path);
  r->target.kind = DMK_TARGET_DIRECTORY;
  r->target.model = g_strdup (model);
  r->target.filesystem = g_strdup ("ext4");
  g_free (r->settings.profile);
  r->settings.profile = g_strdup (profile);
  r->settings.mode = writes ? DMK_MODE_READ_WRITE : DMK_MODE_READ;
  g_assert_true (dmk_profile_lookup (profile, &specs, NULL));
  last = writes ? DMK_DIRECTION_WRITE : DMK_DIRECTION_READ;
  for (DmkDirection d = DMK_DIRECTION_READ; d <= last; d++)
    for (guint i = 0; i < specs->len; i++)
      {
        DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, i);
        DmkTestResult *t = dmk_test_result_new (spec, d);
        DmkPass p = { 0 };

        p.seconds = 5.0;
        p.bytes = (guint64) (g_rand_double_range (rand, 20e6, 3000e6) * p.seconds /
                             spec->block_size) * spec->block_size;
        p.mb_per_s = (double) p.bytes / p.seconds / 1e6;
        p.iops = (double) p.bytes / spec->block_size / p.seconds;
        dmk_test_result_add_pass_series (t, &p, NULL, NULL);
        t->latency_us.mean = 1e6 / p.iops * spec->queue_depth * spec->threads;
        g_ptr_array_add (r->tests, t);
      }
  return r;
}

static double
value_in (const DmkTestResult *t, DmkUnit unit)
{
  return dmk_unit_value (unit, t->mb_per_s, t->iops, t->latency_us.mean);
}

/* Every (test, direction) of any of results, counted once. */
static guint
expected_n_rows (GPtrArray *results)
{
  guint rows = 0;

  for (guint c = 0; c < results->len; c++)
    {
      DmkResult *r = g_ptr_array_index (results, c);
      for (guint i = 0; i < r->tests->len; i++)
        {
          DmkTestResult *t = g_ptr_array_index (r->tests, i);
          gboolean earlier = FALSE;
          for (guint k = 0; k < c && !earlier; k++)
            earlier = dmk_result_find (g_ptr_array_index (results, k), &t->spec, t->direction) !=
                      NULL;
          rows += !earlier;
        }
    }
  return rows;
}

/* Each column's header says whose result it is, when, and which is the baseline. */
static void
check_headers (DmkCompareWindow *cmp, GPtrArray *results, guint baseline)
{
  guint n = results->len;

  for (guint c = 0; c < n; c++)
    {
      DmkResult *r = g_ptr_array_index (results, c);
      g_autofree char *header = dmk_compare_window_get_header_text (cmp, c);
      g_autofree char *when = dmk_format_date_human (r->date);
      GtkWidget *menu = dmk_compare_window_get_header_menu (cmp, c);

      g_assert_true (dmk_compare_window_get_result (cmp, c)->date != NULL);
      g_assert_cmpstr (dmk_compare_window_get_result (cmp, c)->date, ==, r->date);
      g_assert_nonnull (strstr (header, r->target.model));
      g_assert_nonnull (strstr (header, r->target.path));
      g_assert_nonnull (strstr (header, dmk_profile_short_name (r->settings.profile)));
      /* In words and local time, never the ISO form (a result the CLI made here is today's). */
      g_assert_nonnull (strstr (header, when));
      g_assert_null (strstr (header, r->date));
      g_assert_true ((strstr (header, "Baseline") != NULL) == (c == baseline && n > 1));
      g_assert_true (gtk_widget_get_focusable (gtk_widget_get_first_child (menu))); /* its button */
      g_assert_nonnull (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu)));
    }
}

/* The change of t against base, as the cell at (row, c) of shown says it. */
static void
check_delta (DmkComparison *shown, guint row, guint c, const char *delta, const DmkTestResult *t,
             const DmkTestResult *base, DmkUnit unit)
{
  double b = value_in (base, unit), v = value_in (t, unit);
  double pct = (v - b) / b * 100.0;
  g_autofree char *number = g_strdup_printf ("%.1f%%", fabs (pct));
  /* A change within the two results' spread says so after its number. */
  g_autofree char *noisy = g_strconcat (number, " (noise)", NULL);

  g_assert_true (
    g_str_has_suffix (delta, dmk_comparison_within_noise (shown, row, c) ? noisy : number));
  if (pct > 0.05)
    g_assert_true (g_str_has_prefix (delta, "+"));
  else if (pct < -0.05)
    g_assert_true (g_str_has_prefix (delta, "−"));
}

/* One row of cmp: its name, never twice, each column's value in unit or "—", the best marked
 * when two or more have the test, deltas against baseline. */
static void
check_row (DmkCompareWindow *cmp, DmkComparison *shown, GPtrArray *results, DmkUnit unit,
           guint baseline, guint row)
{
  DmkCompareRow *cr = &g_array_index (shown->rows, DmkCompareRow, row);
  const DmkTestResult *base =
    dmk_result_find (g_ptr_array_index (results, baseline), &cr->spec, cr->direction);
  gboolean higher = unit != DMK_UNIT_US;
  guint n = results->len;
  int best = -1, present = 0;
  double best_value = 0;
  g_autofree char *name = dmk_compare_window_get_row_name (cmp, row);
  g_autofree char *spec_name = dmk_test_spec_to_name (&cr->spec);

  g_assert_true (g_str_has_prefix (name, spec_name));
  /* No row twice. */
  for (guint k = 0; k < row; k++)
    {
      DmkCompareRow *other = &g_array_index (shown->rows, DmkCompareRow, k);
      g_assert_false (other->direction == cr->direction &&
                      dmk_test_spec_equal (&other->spec, &cr->spec));
    }
  for (guint c = 0; c < n; c++)
    {
      const DmkTestResult *t =
        dmk_result_find (g_ptr_array_index (results, c), &cr->spec, cr->direction);
      if (t == NULL)
        continue;
      present++;
      if (best < 0 || (higher ? value_in (t, unit) > best_value : value_in (t, unit) < best_value))
        {
          best = (int) c;
          best_value = value_in (t, unit);
        }
    }
  g_assert_cmpint (present, >, 0);
  for (guint c = 0; c < n; c++)
    {
      const DmkTestResult *t =
        dmk_result_find (g_ptr_array_index (results, c), &cr->spec, cr->direction);
      const char *text = dmk_compare_window_get_cell_text (cmp, row, c);
      const char *delta = dmk_compare_window_get_delta_text (cmp, row, c);
      GtkWidget *cell = dmk_compare_window_get_cell (cmp, row, c);

      g_assert_true (gtk_widget_get_focusable (cell));
      if (t == NULL)
        {
          g_assert_cmpstr (text, ==, "—");
          g_assert_cmpstr (delta, ==, "");
          g_assert_false (dmk_compare_window_cell_is_best (cmp, row, c));
          continue;
        }
      {
        g_autofree char *want = expected_text (unit, t);
        g_assert_cmpstr (text, ==, want);
      }
      g_assert_true (dmk_compare_window_cell_is_best (cmp, row, c) ==
                     (present >= 2 && (int) c == best));
      if (c == baseline || base == NULL)
        g_assert_cmpstr (delta, ==, "");
      else
        check_delta (shown, row, c, delta, t, base, unit);
    }
}

/* Checks every cell of cmp against results (in column order): rows are every test of any result
 * once, values in unit or "—", the best of each row marked, deltas against baseline. */
static void
check_comparison (DmkCompareWindow *cmp, GPtrArray *results, DmkUnit unit, guint baseline)
{
  g_autoptr (DmkComparison) shown = dmk_compare_window_get_comparison (cmp);
  guint n = results->len, expected_rows = expected_n_rows (results);

  g_assert_cmpuint (dmk_compare_window_get_n_columns (cmp), ==, n);
  g_assert_cmpuint (dmk_compare_window_get_baseline (cmp), ==, baseline);
  g_assert_cmpint (dmk_compare_window_get_unit (cmp), ==, unit);
  g_assert_cmpstr (dmk_compare_window_get_page (cmp), ==, n > 0 ? "table" : "empty");
  g_assert_cmpuint (dmk_compare_window_get_n_rows (cmp), ==, expected_rows);
  g_assert_cmpuint (shown->rows->len, ==, expected_rows);
  check_headers (cmp, results, baseline);
  for (guint row = 0; row < expected_rows; row++)
    check_row (cmp, shown, results, unit, baseline, row);
}

/* The comparison as the core makes it from results in this order: what exports must hold. */
static char *
core_comparison (GPtrArray *results, DmkUnit unit, guint baseline, gboolean csv)
{
  g_autoptr (DmkComparison) c = dmk_comparison_new (results, unit, baseline);
  return csv ? dmk_comparison_to_csv (c) : dmk_comparison_to_text (c);
}

static GPtrArray *
reorder (GPtrArray *results, const guint *order, guint n)
{
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (out, g_ptr_array_index (results, order[i]));
  return out;
}

/* The comparison's current run when a test, not a main window, says what it is. */
static DmkResult *
current_result (gpointer data, char **source)
{
  return dmk_result_ref (data);
}

static DmkResult *
no_current_result (gpointer data, char **source)
{
  return NULL;
}

static void
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
}

static gboolean
app_loaded (gpointer app)
{
  return dmk_application_get_n_loading (app) == 0;
}

/* ---- the fixture: three saved results (and the CLI's) opened at once from the main window ---- */

static const struct
{
  const char *path, *model, *profile, *date;
  gboolean writes;
} inputs[] = {
  { "/home/ann", "Old Disk WD5000", "classic", "2026-11-01T12:00:00+00:00", TRUE },
  { "/media/ann/usb", "SanDisk Ultra", "classic", "2026-11-02T12:00:00+00:00", FALSE },
  { "/mnt/nvme", "Samsung SSD 980 PRO 1TB", "default", "2026-11-03T12:00:00+00:00", TRUE },
};

typedef struct
{
  char *dir;
  char *paths[G_N_ELEMENTS (inputs)];
  char *cli_path; /* NULL without GDISKMARK_CLI */
  char *bad, *txt, *csv, *png;
  GPtrArray *loaded; /* each file's result as read back, in the order opened */
  GPtrArray *files;  /* the GFile of each, in the same order */
  GSettings *settings;
  DmkApplication *app;
  DmkWindow *win;
  DmkCompareWindow *cmp;
  GActionGroup *ag; /* the comparison's actions */
} Fixture;

/* A result gdiskmark-cli wrote (as on a server) joins as a fourth file. */
static void
add_cli_result (Fixture *f)
{
  g_autofree char *cli_json = g_build_filename (f->dir, "server.json", NULL);
  g_autofree char *out_opt = g_strconcat ("--output=", cli_json, NULL);
  const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "--quiet", "--mode=read",
                         "--test=RND4K Q1T1", "--passes=1", "--size=16MiB", "--time=1",
                         "--interval=0", "--comment=server", out_opt, f->dir, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_ptr_array_add (f->loaded, dmk_result_load (cli_json, &error));
  g_assert_no_error (error);
  g_ptr_array_add (f->files, g_file_new_for_path (cli_json));
  f->cli_path = g_steal_pointer (&cli_json);
}

static void
setup (Fixture *f, gconstpointer data)
{
  f->dir = make_target_dir ();
  f->bad = g_build_filename (f->dir, "notes.json", NULL);
  f->txt = g_build_filename (f->dir, "cmp.txt", NULL);
  f->csv = g_build_filename (f->dir, "cmp.csv", NULL);
  f->png = g_build_filename (f->dir, "cmp.png", NULL);
  f->settings = g_settings_new (APP_ID);
  f->loaded = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  f->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr (DmkResult) r = synthetic_result (inputs[i].path, inputs[i].model,
                                                  inputs[i].profile, inputs[i].date, 17 + i,
                                                  inputs[i].writes);
      g_autoptr (GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("GDiskMark_%u.json", i);

      f->paths[i] = g_build_filename (f->dir, name, NULL);
      g_assert_true (dmk_result_save (r, f->paths[i], &error));
      g_assert_no_error (error);
      g_ptr_array_add (f->loaded, dmk_result_load (f->paths[i], &error));
      g_assert_no_error (error);
      g_ptr_array_add (f->files, g_file_new_for_path (f->paths[i]));
    }
  if (g_getenv ("GDISKMARK_CLI") != NULL)
    add_cli_result (f);
  else
    g_test_message ("GDISKMARK_CLI is not set: no result from the CLI");

  /* The files opened at once: side by side in the comparison, the grid left alone. */
  /* The comparison is the application's: the main window reaches it through app actions. */
  reset_settings ();
  f->app = test_application ();
  f->win = dmk_window_new (GTK_APPLICATION (f->app));
  gtk_window_present (GTK_WINDOW (f->win));
  g_assert_null (dmk_application_get_compare_window (f->app, FALSE));
  dmk_window_open_files (f->win, (GFile **) f->files->pdata, f->files->len);
  /* Read in a worker thread, then shown. */
  g_assert_true (iterate_until (app_loaded, f->app));
  g_assert_null (dmk_window_get_opened_name (f->win));
  g_assert_null (dmk_window_get_error_dialog (f->win));
  f->cmp = dmk_application_get_compare_window (f->app, FALSE);
  g_assert_nonnull (f->cmp);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->cmp)));
  f->ag = G_ACTION_GROUP (f->cmp);
}

static void
teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->cmp));
  destroy_window (f->win);
  g_clear_object (&f->app);
  g_clear_object (&f->settings);
  g_clear_pointer (&f->loaded, g_ptr_array_unref);
  g_clear_pointer (&f->files, g_ptr_array_unref);
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_unlink (f->paths[i]);
      g_free (f->paths[i]);
    }
  if (f->cli_path != NULL)
    g_unlink (f->cli_path);
  g_unlink (f->bad);
  g_unlink (f->txt);
  g_unlink (f->csv);
  g_unlink (f->png);
  g_rmdir (f->dir);
  g_free (f->cli_path);
  g_free (f->bad);
  g_free (f->txt);
  g_free (f->csv);
  g_free (f->png);
  g_free (f->dir);
}

/* ---- the states scenarios start from ---- */

/* The three saved results alone, in the order opened, as every scenario after the first starts:
 * the CLI's column, when there is one, removed. */
static void
only_saved_results (Fixture *f)
{
  if (f->cli_path != NULL)
    {
      dmk_compare_window_remove_column (f->cmp, 3);
      g_ptr_array_remove_index (f->loaded, 3);
    }
  check_comparison (f->cmp, f->loaded, DMK_UNIT_MB_S, 0);
}

/* Checks that cmp shows the loaded results in order, in MB/s. */
static void
expect_columns (Fixture *f, const guint *order, guint n, guint baseline)
{
  g_autoptr (GPtrArray) shown = reorder (f->loaded, order, n);
  check_comparison (f->cmp, shown, DMK_UNIT_MB_S, baseline);
}

/* The columns' order once the third is moved first. */
static const guint moved_order[] = { 2, 0, 1 };

/* The third column made the baseline, then moved first: the baseline goes with it. */
static void
third_column_first (Fixture *f)
{
  only_saved_results (f);
  g_action_group_activate_action (f->ag, "baseline", g_variant_new_uint32 (2));
  g_action_group_activate_action (f->ag, "move", g_variant_new ("(uu)", 2, 0));
  expect_columns (f, moved_order, 3, 0);
}

/* Then the middle column removed: the order 2, 1. */
static void
middle_column_removed (Fixture *f)
{
  const guint order[] = { 2, 1 };

  third_column_first (f);
  g_action_group_activate_action (f->ag, "remove", g_variant_new_uint32 (1));
  expect_columns (f, order, 2, 0);
}

/* Into an emptied comparison, the result the main window shows (the second file, opened there)
 * by its Compare action (Ctrl+M): one column. */
static void
add_main_window_result (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) one = g_ptr_array_new ();

  g_assert_true (dmk_window_open_file (f->win, f->files->pdata[1], &error));
  g_assert_no_error (error);
  g_action_group_activate_action (G_ACTION_GROUP (f->win), "compare", NULL);
  g_ptr_array_add (one, f->loaded->pdata[1]);
  check_comparison (f->cmp, one, DMK_UNIT_MB_S, 0);
}

/* ---- the scenarios ---- */

/* Every file side by side, the CLI's too, with a number of its own; then its column removed. */
static void
test_side_by_side (Fixture *f, gconstpointer data)
{
  check_comparison (f->cmp, f->loaded, DMK_UNIT_MB_S, 0);
  /* Classic's 8 tests, less the 4 writes the second one lacks, plus Default's SEQ1M Q8T1 twice. */
  g_assert_cmpuint (dmk_compare_window_get_n_rows (f->cmp), ==, 10);
  if (f->cli_path == NULL)
    return;
  g_assert_cmpuint (f->files->len, ==, 4);
  {
    g_autofree char *header = dmk_compare_window_get_header_text (f->cmp, 3);
    g_assert_nonnull (strstr (header, "server"));
  }
  /* The CLI measured RND4K Q1T1 on a real folder: a number, not a dash. */
  for (guint row = 0; row < dmk_compare_window_get_n_rows (f->cmp); row++)
    {
      g_autofree char *name = dmk_compare_window_get_row_name (f->cmp, row);
      if (g_str_equal (name, "RND4K Q1T1 Read"))
        g_assert_cmpstr (dmk_compare_window_get_cell_text (f->cmp, row, 3), !=, "—");
    }
  only_saved_results (f);
}

/* The unit the main window uses, in both windows at once; latency is best when lowest. */
static void
test_units (Fixture *f, gconstpointer data)
{
  only_saved_results (f);
  g_settings_set_string (f->settings, "unit", "iops");
  check_comparison (f->cmp, f->loaded, DMK_UNIT_IOPS, 0);
  g_settings_set_string (f->settings, "unit", "us");
  check_comparison (f->cmp, f->loaded, DMK_UNIT_US, 0);
  g_settings_set_string (f->settings, "unit", "gb-s");
  check_comparison (f->cmp, f->loaded, DMK_UNIT_GB_S, 0);
  g_settings_set_string (f->settings, "unit", "mb-s");
}

/* Another baseline, from a column's menu action. */
static void
test_baseline (Fixture *f, gconstpointer data)
{
  only_saved_results (f);
  g_action_group_activate_action (f->ag, "baseline", g_variant_new_uint32 (2));
  check_comparison (f->cmp, f->loaded, DMK_UNIT_MB_S, 2);
}

/* Reordered: the third column first; the baseline follows its result. */
static void
test_reorder (Fixture *f, gconstpointer data)
{
  GtkWidget *focus;

  only_saved_results (f);
  g_action_group_activate_action (f->ag, "baseline", g_variant_new_uint32 (2));
  check_comparison (f->cmp, f->loaded, DMK_UNIT_MB_S, 2);
  g_action_group_activate_action (f->ag, "move", g_variant_new ("(uu)", 2, 0));
  /* Keyboard focus stays with the moved column, on its menu button. */
  focus = gtk_window_get_focus (GTK_WINDOW (f->cmp));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, dmk_compare_window_get_header_menu (f->cmp, 0)) ||
                 focus == dmk_compare_window_get_header_menu (f->cmp, 0));
  expect_columns (f, moved_order, 3, 0);
}

/* Exports are the core's comparison of what is shown (reordered): the same as gdiskmark-cli's. */
static void
test_export (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) moved = NULL;
  g_autofree char *want_text = NULL, *want_csv = NULL, *got = NULL, *clip = NULL;
  g_autoptr (GError) error = NULL;

  third_column_first (f);
  moved = reorder (f->loaded, moved_order, 3);
  want_text = core_comparison (moved, DMK_UNIT_MB_S, 0, FALSE);
  want_csv = core_comparison (moved, DMK_UNIT_MB_S, 0, TRUE);
  g_assert_true (dmk_compare_window_export_text (f->cmp, f->txt, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (f->txt, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, want_text);
  g_clear_pointer (&got, g_free);
  g_assert_true (dmk_compare_window_export_csv (f->cmp, f->csv, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (f->csv, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, want_csv);

  /* Copy puts the text on the clipboard. */
  g_action_group_activate_action (f->ag, "copy", NULL);
  clip = read_clipboard (GTK_WIDGET (f->cmp));
  g_assert_cmpstr (clip, ==, want_text);

  /* The image: the comparison card of the columns as shown, nothing private in them. */
  g_assert_true (dmk_compare_window_save_image (f->cmp, f->png, &error));
  g_assert_no_error (error);
  {
    g_autoptr (GPtrArray) shared =
      g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
    g_autoptr (DmkCard) card = NULL;

    for (guint c = 0; c < dmk_compare_window_get_n_columns (f->cmp); c++)
      g_ptr_array_add (shared, dmk_share_redact (dmk_compare_window_get_result (f->cmp, c),
                                                 DMK_SHARE_KEEP_NONE, NULL, NULL));
    card = dmk_card_new_for_comparison (shared, dmk_compare_window_get_unit (f->cmp),
                                        dmk_compare_window_get_baseline (f->cmp));
    assert_file_is_card (card, f->png);
  }
}

/* Removing the middle column of the reordered three. */
static void
test_remove (Fixture *f, gconstpointer data)
{
  middle_column_removed (f);
}

/* A file already there is not added twice; a broken one is named, the good ones still come. */
static void
test_add_files (Fixture *f, gconstpointer data)
{
  const guint order[] = { 2, 1, 0 };
  g_autoptr (GFile) bad_file = g_file_new_for_path (f->bad);
  GtkWindow *dialog;

  middle_column_removed (f);
  g_assert_true (g_file_set_contents (f->bad, "{\"schema\": \"something-else\"}", -1, NULL));
  {
    GFile *more[] = { bad_file, f->files->pdata[2], f->files->pdata[0] };
    g_assert_cmpuint (dmk_compare_window_add_files (f->cmp, more, 3), ==, 1);
  }
  dialog = dmk_compare_window_get_error_dialog (f->cmp);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "notes.json"));
  gtk_window_destroy (dialog);
  expect_columns (f, order, 3, 0);
}

/* Cleared, then the main window's result joins (Ctrl+M), once. */
static void
test_add_current (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) none = g_ptr_array_new ();

  only_saved_results (f);
  g_action_group_activate_action (f->ag, "clear", NULL);
  check_comparison (f->cmp, none, DMK_UNIT_MB_S, 0);
  g_assert_false (g_action_group_get_action_enabled (f->ag, "copy"));
  g_assert_false (dmk_compare_window_add_current (f->cmp)); /* nothing shown there yet */
  add_main_window_result (f);
  g_assert_false (dmk_compare_window_add_current (f->cmp));
  g_assert_cmpuint (dmk_compare_window_get_n_columns (f->cmp), ==, 1);
  g_assert_true (g_action_group_get_action_enabled (f->ag, "copy"));
}

/* Whoever makes the comparison says what the current run is; without that, there is none. */
static void
test_current_func (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) two = g_ptr_array_new ();
  gboolean destroyed = FALSE;

  g_action_group_activate_action (f->ag, "clear", NULL);
  add_main_window_result (f);
  dmk_compare_window_set_current_func (f->cmp, current_result, f->loaded->pdata[0], NULL);
  g_assert_true (dmk_compare_window_add_current (f->cmp));
  g_assert_false (dmk_compare_window_add_current (f->cmp)); /* already there */
  g_ptr_array_add (two, f->loaded->pdata[1]);
  g_ptr_array_add (two, f->loaded->pdata[0]);
  check_comparison (f->cmp, two, DMK_UNIT_MB_S, 0);
  dmk_compare_window_set_current_func (f->cmp, no_current_result, &destroyed, set_flag);
  g_assert_false (dmk_compare_window_add_current (f->cmp));
  dmk_compare_window_set_current_func (f->cmp, NULL, NULL, NULL);
  g_assert_true (destroyed);
  g_assert_false (dmk_compare_window_add_current (f->cmp));
  g_assert_cmpuint (dmk_compare_window_get_n_columns (f->cmp), ==, 2);
}

/* ---- the ★ on the faster drive, and what the columns say (issue 47, items 6 and 11) ---- */

/* A result of one test whose passes ran at mb MB/s (in run order), as the runner keeps them,
 * checked as a run checks it (a scatter of 5 % or more earns a warning), saved to dir/name. */
static char *
saved_run (const char *dir, const char *name, const char *path, const double *mb, guint n,
           const char *warning)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autoptr (GError) error = NULL;
  DmkTestSpec spec;
  DmkTestResult *t;
  char *file = g_build_filename (dir, name, NULL);

  g_free (r->date);
  r->date = g_strdup ("2026-12-07T10:00:00Z");
  r->target.path = g_strdup (path);
  r->target.model = g_strdup (name);
  g_assert_true (dmk_test_spec_parse ("SEQ1M Q8T1", &spec, NULL));
  t = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
  for (guint i = 0; i < n; i++)
    {
      DmkPass p = { .mb_per_s = mb[i], .seconds = 5.0 };

      p.bytes = (guint64) (mb[i] * 1e6 * p.seconds);
      p.iops = (double) p.bytes / spec.block_size / p.seconds;
      dmk_test_result_add_pass_series (t, &p, NULL, NULL);
    }
  g_ptr_array_add (r->tests, t);
  dmk_plausibility_check_test (r, t, NULL);
  if (warning != NULL)
    g_ptr_array_add (r->warnings, g_strdup (warning));
  g_assert_true (dmk_result_save (r, file, &error));
  g_assert_no_error (error);
  return file;
}

static const char *
cell_tooltip (DmkCompareWindow *cmp, guint column)
{
  return gtk_widget_get_tooltip_text (dmk_compare_window_get_cell (cmp, 0, column));
}

/* Issue 47 item 6 in the window: 7235.82 MB/s whose passes scatter beside a clean 1745.45 (and
 * a tmpfs run, faster still, that a warning leaves out). The ★ went to 1745.45, its tooltip
 * "best, 75.9 percent worse than the baseline". The ★ is on 7235.82, marked "~" and said
 * uncertain; the best is never called worse than a value it was ranked against. */
static void
test_scatter_star (void)
{
  static const double scattered[] = { 5012.40, 7235.82, 6120.33 };
  static const double steady[] = { 1741.20, 1745.45, 1743.90 };
  static const double memory[] = { 9100.00, 9120.00, 9110.00 };
  g_autofree char *dir = make_target_dir ();
  char *files[] = {
    saved_run (dir, "fast.json", "/mnt/nvme", scattered, 3, NULL),
    saved_run (dir, "slow.json", "/mnt/sata", steady, 3, NULL),
    saved_run (dir, "tmpfs.json", "/dev/shm", memory, 3, "“/dev/shm” is on tmpfs"),
  };
  DmkCompareWindow *cmp;

  reset_settings ();
  cmp = dmk_compare_window_new (NULL);
  gtk_window_present (GTK_WINDOW (cmp));
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (GFile) file = g_file_new_for_path (files[i]);
      g_autoptr (GError) error = NULL;

      g_assert_true (dmk_compare_window_add_file (cmp, file, &error));
      g_assert_no_error (error);
    }
  for (guint baseline = 0; baseline < 3; baseline++)
    {
      DmkCompareCell *fast, *slow;

      /* Another baseline rebuilds the table: its cells are new ones. */
      dmk_compare_window_set_baseline (cmp, baseline);
      fast = DMK_COMPARE_CELL (dmk_compare_window_get_cell (cmp, 0, 0));
      slow = DMK_COMPARE_CELL (dmk_compare_window_get_cell (cmp, 0, 1));
      g_test_message ("baseline %u: %s | %s | %s", baseline, cell_tooltip (cmp, 0),
                      cell_tooltip (cmp, 1), cell_tooltip (cmp, 2));
      g_assert_cmpstr (dmk_compare_window_get_cell_text (cmp, 0, 0), ==, "7235.82");
      g_assert_true (dmk_compare_window_cell_is_best (cmp, 0, 0));
      g_assert_false (dmk_compare_window_cell_is_best (cmp, 0, 1));
      g_assert_false (dmk_compare_window_cell_is_best (cmp, 0, 2));
      g_assert_true (dmk_compare_cell_get_uncertain (fast));
      g_assert_false (dmk_compare_cell_get_uncertain (slow));
      g_assert_nonnull (strstr (cell_tooltip (cmp, 0), "best"));
      g_assert_nonnull (strstr (cell_tooltip (cmp, 0), "uncertain"));
      /* Below the tmpfs baseline, which is not ranked: never "worse" for the best. */
      g_assert_null (strstr (cell_tooltip (cmp, 0), "worse"));
      g_assert_true ((strstr (cell_tooltip (cmp, 0), "leaves out of the ranking") != NULL) ==
                     (baseline == 2));
      g_assert_null (strstr (cell_tooltip (cmp, 1), "best"));
      g_assert_nonnull (strstr (cell_tooltip (cmp, 2), "not ranked"));
      g_assert_nonnull (strstr (gtk_label_get_text (cmp->legend_label), "~ uncertain"));
    }
  gtk_window_destroy (GTK_WINDOW (cmp));
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_unlink (files[i]);
      g_free (files[i]);
    }
  g_rmdir (dir);
}

static const char *
header_tooltip (DmkCompareWindow *cmp, guint column)
{
  GtkWidget *menu = dmk_compare_window_get_header_menu (cmp, column);

  return gtk_widget_get_tooltip_text (gtk_widget_get_ancestor (menu, DMK_TYPE_COMPARE_HEADER));
}

/* Issue 47 item 11 in the window: CrystalDiskMark's Comment: (Japanese here) is on its column's
 * header and in its tooltip; KDiskMark's text names no target, and its header and tooltip say
 * nothing about one rather than "?". */
static void
test_column_labels (void)
{
  static const char comment[] = "サムスン 860 EVO の試験";
  g_autofree char *cdm = g_test_build_filename (G_TEST_DIST, "imports", "cdm8-nvme.txt", NULL);
  g_autofree char *kdm = g_test_build_filename (G_TEST_DIST, "imports", "kdiskmark-3.0.0.txt",
                                                NULL);
  g_autofree char *dir = make_target_dir ();
  g_autofree char *cjk = g_build_filename (dir, "cdm-ja.txt", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GString) text = NULL;
  DmkCompareWindow *cmp;

  g_assert_true (g_file_get_contents (cdm, &contents, NULL, NULL));
  text = g_string_new (contents);
  {
    g_autofree char *line = g_strconcat ("Comment: ", comment, NULL);
    g_assert_cmpuint (g_string_replace (text, "Comment: NVMe SSD profile", line, 1), ==, 1);
  }
  g_assert_true (g_file_set_contents (cjk, text->str, -1, NULL));
  reset_settings ();
  cmp = dmk_compare_window_new (NULL);
  gtk_window_present (GTK_WINDOW (cmp));
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GFile) file = g_file_new_for_path (i == 0 ? cjk : kdm);
      g_autoptr (GError) error = NULL;

      g_assert_true (dmk_compare_window_add_file (cmp, file, &error));
      g_assert_no_error (error);
    }
  for (guint c = 0; c < 2; c++)
    {
      g_autofree char *header = dmk_compare_window_get_header_text (cmp, c);

      g_test_message ("header %u:\n%s\ntooltip:\n%s", c, header, header_tooltip (cmp, c));
      g_assert_null (strstr (header, "?"));
      g_assert_null (strstr (header, "\n\n"));
      g_assert_null (strstr (header_tooltip (cmp, c), "?"));
      g_assert_true ((strstr (header, comment) != NULL) == (c == 0));
      g_assert_true ((strstr (header_tooltip (cmp, c), comment) != NULL) == (c == 0));
    }
  gtk_window_destroy (GTK_WINDOW (cmp));
  g_unlink (cjk);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  if (!dmk_test_gui_init (&argc, &argv, "window-compare"))
    return g_test_run ();
  g_test_add ("/window-compare/side-by-side", Fixture, NULL, setup, test_side_by_side, teardown);
  g_test_add ("/window-compare/units", Fixture, NULL, setup, test_units, teardown);
  g_test_add ("/window-compare/baseline", Fixture, NULL, setup, test_baseline, teardown);
  g_test_add ("/window-compare/reorder", Fixture, NULL, setup, test_reorder, teardown);
  g_test_add ("/window-compare/export", Fixture, NULL, setup, test_export, teardown);
  g_test_add ("/window-compare/remove", Fixture, NULL, setup, test_remove, teardown);
  g_test_add ("/window-compare/add-files", Fixture, NULL, setup, test_add_files, teardown);
  g_test_add ("/window-compare/add-current", Fixture, NULL, setup, test_add_current, teardown);
  g_test_add ("/window-compare/current-func", Fixture, NULL, setup, test_current_func, teardown);
  g_test_add_func ("/window-compare/scatter-star", test_scatter_star);
  g_test_add_func ("/window-compare/column-labels", test_column_labels);
  return g_test_run ();
}
