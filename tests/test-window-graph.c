/* test-window-graph.c: every test's MB/s over time in the window (issue 4/6): the running cell
 * draws its curve as intervals end, a finished cell keeps it, its tooltip chart draws the same
 * with a scale, and what a screen reader hears matches the data. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-gui-utils.h"
#include "dmk-test-gui.h"

typedef struct
{
  DmkWindow *win;
  gboolean saw_live_points;
  const char *sensor; /* the fake drive's temperature, warmed once the curve shows */
} Watch;

/* While the run goes: whether a live cell's sparkline has grown before its test ended. */
static gboolean
live_points_or_done (gpointer data)
{
  Watch *w = data;

  for (guint row = 0; row < dmk_window_get_n_rows (w->win); row++)
    {
      DmkResultCell *cell = dmk_window_get_cell (w->win, row, DMK_DIRECTION_READ);

      if (cell != NULL && dmk_result_cell_is_live (cell) &&
          dmk_series_graph_get_n_points (dmk_result_cell_get_graph (cell)) > 0 &&
          !w->saw_live_points)
        {
          w->saw_live_points = TRUE;
          /* The drive warms while its first test runs. */
          if (w->sensor != NULL)
            g_assert_true (g_file_set_contents (w->sensor, "47000\n", -1, NULL));
        }
    }
  return !dmk_window_is_running (w->win);
}

/* The accent blue of the curve. */
static gboolean
is_accent (guchar r, guchar g, guchar b)
{
  return b > r + 25 && b > g + 10;
}

/* The temperature's red. */
static gboolean
is_red (guchar r, guchar g, guchar b)
{
  return r > g + 80 && r > b + 80;
}

/* The summary names min, mean, max and last as the core computes them from the series. */
static void
check_summary (const char *summary, const DmkTestResult *t)
{
  DmkSeriesSummary sum;
  g_autofree char *min = NULL, *mean = NULL, *max = NULL, *last = NULL, *want = NULL;

  g_assert_true (dmk_series_summarize (t->series, &sum));
  min = dmk_unit_format (DMK_UNIT_MB_S, sum.min);
  mean = dmk_unit_format (DMK_UNIT_MB_S, sum.mean);
  max = dmk_unit_format (DMK_UNIT_MB_S, sum.max);
  last = dmk_unit_format (DMK_UNIT_MB_S, sum.last);
  want = g_strdup_printf ("min %s, mean %s, max %s, last %s MB/s (%u intervals)", min, mean, max,
                          last, sum.n);
  g_test_message ("summary: %s", summary);
  g_assert_nonnull (strstr (summary, want));
}

static void
test_graphs (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *dir = make_target_dir ();
  g_autofree char *sensor = fake_sensor_setup (dir, "41000\n");
  Watch watch = { 0 };
  DmkResultCell *cell;
  DmkSeriesGraph *spark;
  const DmkTestResult *t;
  GtkWidget *window, *chart;
  double share;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (s, "mode", "read");
  g_settings_set_int (s, "measure-time", 2);
  watch.win = new_window (dir);
  watch.sensor = sensor;
  if (sensor == NULL)
    g_test_message ("the test folder is on no disk: no drive temperature to draw");
  click (dmk_window_get_all_button (watch.win));
  g_assert_true (dmk_window_is_running (watch.win));
  g_assert_true (iterate_until (live_points_or_done, &watch));
  g_assert_true (watch.saw_live_points);
  g_assert_nonnull (dmk_window_get_shown_result (watch.win));
  settle ();

  for (guint row = 0; row < dmk_window_get_n_rows (watch.win); row++)
    {
      cell = dmk_window_get_cell (watch.win, row, DMK_DIRECTION_READ);
      g_assert_nonnull (cell);
      t = dmk_result_cell_get_result (cell);
      g_assert_nonnull (t);
      spark = dmk_result_cell_get_graph (cell);
      /* A 2 s pass: about 20 intervals of 100 ms. */
      g_assert_cmpuint (dmk_series_graph_get_n_points (spark), >=, 10);
      check_summary (dmk_series_graph_get_summary (spark), t);
      g_assert_true (g_str_has_prefix (dmk_series_graph_get_summary (spark),
                                       dmk_series_graph_get_title (spark)));
      /* Drawn behind the number: faint, but there. */
      share = pixel_share (GTK_WIDGET (spark), is_accent);
      g_test_message ("row %u: sparkline covers %.1f%% of its area in blue", row, share * 100);
      g_assert_cmpfloat (share, >, 0.02);
      /* The drive's temperature went with every interval: 41 °C when the run began, 47 °C from
       * a moment into the first test. The sparkline leaves it out. */
      if (sensor != NULL)
        {
          const char *want = row == 0 ? "; drive temperature 41 to 47 °C"
                                      : "; drive temperature 47 °C";
          g_assert_true (g_str_has_suffix (dmk_series_graph_get_summary (spark), want));
          g_assert_cmpfloat (pixel_share (GTK_WIDGET (spark), is_red), ==, 0);
        }
    }
  /* DMK_GRAPH_SHOTS=DIR keeps pictures of what was checked, to look at. */
  if (g_getenv ("DMK_GRAPH_SHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("DMK_GRAPH_SHOTS"), "cells.png", NULL);
      g_assert_true (dmk_save_widget_png (GTK_WIDGET (watch.win), png, NULL));
    }

  /* The tooltip's chart: the same curve at full strength, with its scale. */
  cell = dmk_window_get_cell (watch.win, 0, DMK_DIRECTION_READ);
  spark = dmk_result_cell_get_graph (cell);
  chart = dmk_series_graph_new (FALSE);
  dmk_series_graph_set_title (DMK_SERIES_GRAPH (chart), dmk_series_graph_get_title (spark));
  dmk_series_graph_copy_points (DMK_SERIES_GRAPH (chart), spark);
  g_assert_cmpstr (dmk_series_graph_get_summary (DMK_SERIES_GRAPH (chart)), ==,
                   dmk_series_graph_get_summary (spark));
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), chart);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (iterate_until (widget_shown, chart));
  settle ();
  share = pixel_share (chart, is_accent);
  g_test_message ("chart: %.1f%% of its area in blue", share * 100);
  g_assert_cmpfloat (share, >, 0.05);
  /* ... and the temperature, dashed in red on its own scale. */
  if (sensor != NULL)
    {
      share = pixel_share (chart, is_red);
      g_test_message ("chart: %.2f%% of its area in the temperature's red", share * 100);
      g_assert_cmpfloat (share, >, 0.002);
    }
  if (g_getenv ("DMK_GRAPH_SHOTS") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("DMK_GRAPH_SHOTS"), "chart.png", NULL);
      g_assert_true (dmk_save_widget_png (chart, png, NULL));
    }
  gtk_window_destroy (GTK_WINDOW (window));

  /* An empty cell has no curve, and says so. */
  dmk_result_cell_clear (cell);
  g_assert_cmpuint (dmk_series_graph_get_n_points (spark), ==, 0);
  g_assert_nonnull (strstr (dmk_series_graph_get_summary (spark), "no measurement yet"));
  destroy_window (watch.win);
  fake_sensor_remove ();
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

/* Issue 25: the cell's tooltip tells a steady score from a lucky one: the passes' min, median,
 * max and RSD, worked out by the core; a test of one pass has no spread to show. */
static void
test_spread_tooltip (void)
{
  const double rates[] = { 400.0, 500.0, 450.0 };
  DmkTestSpec spec;
  g_autoptr (DmkTestResult) t = NULL, one = NULL;
  GtkWidget *cell;
  g_autofree char *rsd = NULL;
  const char *markup;
  DmkSpread sp;

  g_assert_true (dmk_test_spec_parse ("SEQ1M Q8T1", &spec, NULL));
  t = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
  one = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    {
      DmkPass p = { .mb_per_s = rates[i], .iops = rates[i], .seconds = 1, .bytes = 1 << 20 };
      dmk_test_result_add_pass_series (t, &p, NULL, NULL);
      if (i == 0)
        dmk_test_result_add_pass_series (one, &p, NULL, NULL);
    }
  g_assert_true (dmk_test_result_spread (t, &sp));
  cell = g_object_ref_sink (dmk_result_cell_new (&spec, DMK_DIRECTION_READ, DMK_UNIT_MB_S));
  dmk_result_cell_set_result (DMK_RESULT_CELL (cell), t);
  markup = gtk_widget_get_tooltip_markup (cell);
  g_test_message ("%s", markup);
  g_assert_nonnull (strstr (markup, "Spread of the passes"));
  g_assert_nonnull (strstr (markup, "median         450.00</tt>"));
  g_assert_nonnull (strstr (markup, "min            400.00</tt>"));
  g_assert_nonnull (strstr (markup, "max            500.00</tt>"));
  rsd = g_strdup_printf ("%11.1f%%", sp.rsd_percent);
  g_assert_nonnull (strstr (markup, rsd));
  dmk_result_cell_set_result (DMK_RESULT_CELL (cell), one);
  g_assert_null (strstr (gtk_widget_get_tooltip_markup (cell), "Spread of the passes"));
  g_object_unref (cell);
}

/* Issue 25: the sustained chart marks where SNIA's steady state begins and its summary says it:
 * a write at 200 MB/s that drops to 50 MB/s for good after 192 MiB. */
static void
test_steady_mark (void)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  GtkWidget *chart = g_object_ref_sink (dmk_scan_chart_new (DMK_CHART_SUSTAINED));
  const char *summary;
  guint64 written = 0;
  double t = 0;
  DmkSteady st;

  r->kind = DMK_KIND_SUSTAINED;
  r->sustained = dmk_sustained_new ();
  g_assert_true (dmk_test_spec_parse ("SEQ1M Q8T1", &r->sustained->spec, NULL));
  r->sustained->span_bytes = (guint64) 768 << 20;
  while (written < r->sustained->span_bytes)
    {
      DmkSample x = { .end_s = (t += 0.1) };

      x.bytes = written < ((guint64) 192 << 20) ? 20000000 : 5000000;
      x.ios = x.bytes >> 20;
      written += x.bytes;
      g_array_append_val (r->sustained->series, x);
    }
  r->sustained->bytes = written;
  g_assert_true (dmk_steady_detect (r->sustained->series,
                                    dmk_steady_round_bytes (r->sustained->span_bytes), &st));
  g_assert_true (st.steady);
  dmk_scan_chart_add_result (DMK_SCAN_CHART (chart), r, NULL);
  summary = dmk_scan_chart_get_summary (DMK_SCAN_CHART (chart));
  g_test_message ("%s", summary);
  {
    g_autofree char *want = g_strdup_printf ("; steady after %.2f GiB at ",
                                             (double) st.steady_bytes / (1 << 30));
    g_assert_nonnull (strstr (summary, want));
  }
  g_assert_nonnull (strstr (summary, " at 50.00 MB/s"));
  g_object_unref (chart);
}

/* A test run again (a row's rerun; one pass after one pass) starts its own curve: its samples
 * never continue the old one, whose last point a line would join back across the cell (issue
 * 46, item 12). Passes after the first still follow each other. */
static void
test_rerun_restarts (void)
{
  DmkSeriesGraph *g = DMK_SERIES_GRAPH (g_object_ref_sink (dmk_series_graph_new (TRUE)));

  for (guint i = 1; i <= 5; i++)
    dmk_series_graph_add_sample (g, 1, 0.1 * i, 100 + i, NAN);
  for (guint i = 1; i <= 4; i++)
    dmk_series_graph_add_sample (g, 2, 0.1 * i, 90 + i, NAN);
  g_assert_cmpuint (dmk_series_graph_get_n_points (g), ==, 9);
  /* The rerun: pass 1 again, from its first interval. */
  for (guint i = 1; i <= 3; i++)
    dmk_series_graph_add_sample (g, 1, 0.1 * i, 200 + i, NAN);
  g_assert_cmpuint (dmk_series_graph_get_n_points (g), ==, 3);
  g_assert_nonnull (strstr (dmk_series_graph_get_summary (g), "min 201.00"));
  /* One pass each time: the same pass number, its time starting over. */
  dmk_series_graph_add_sample (g, 1, 0.05, 300, NAN);
  g_assert_cmpuint (dmk_series_graph_get_n_points (g), ==, 1);
  g_object_unref (g);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "window-graph"))
    return g_test_run ();
  g_test_add_func ("/window-graph/cells", test_graphs);
  g_test_add_func ("/window-graph/spread-tooltip", test_spread_tooltip);
  g_test_add_func ("/window-graph/steady-mark", test_steady_mark);
  g_test_add_func ("/window-graph/rerun-restarts", test_rerun_restarts);
  return g_test_run ();
}
