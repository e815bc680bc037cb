/* test-window-scans.c: the scan views of the window (issue 4/6): each is reached with a real
 * pointer click on the view switcher, runs on a real folder with a real pointer click on Start,
 * draws its chart live, shows a chart that is not blank and whose screen-reader summary matches
 * the result; Stop keeps what was measured; a saved scan opens in its view; PNG and SVG export;
 * on a small folder the sustained write's span list marks what does not fit and says why, whole
 * (issue 46, item 11). */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "dmk-gui-utils.h"
#include "dmk-scan-chart.h"
#include "dmk-scan-compare.h"
#include "dmk-size-choice.h"
#include "dmk-test-gui.h"

#define MIB ((guint64) 1 << 20)

typedef struct
{
  DmkScanView *view;
  guint max_live_points;
} Watch;

static gboolean
scan_done (gpointer data)
{
  Watch *w = data;
  guint n = dmk_scan_chart_get_n_points (dmk_scan_view_get_chart (w->view));

  if (dmk_scan_view_get_running (w->view))
    w->max_live_points = MAX (w->max_live_points, n);
  return !dmk_scan_view_get_running (w->view);
}

static gboolean
scan_running (gpointer data)
{
  return dmk_scan_view_get_running (DMK_SCAN_VIEW (data));
}

static gboolean
not_running_view (gpointer data)
{
  return !dmk_scan_view_get_running (DMK_SCAN_VIEW (data));
}

static gboolean
has_points (gpointer data)
{
  return dmk_scan_chart_get_n_points (DMK_SCAN_CHART (data)) > 0;
}

/* The chart's colours (blue or orange). */
static gboolean
is_ink (guchar r, guchar g, guchar b)
{
  return (b > r + 25 && b > g + 10) || (r > b + 60 && r > g + 25);
}

/* The switcher bar's button for the view titled title, found by its label. */
static GtkWidget *
switcher_button (GtkWidget *widget, const char *title)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_TOGGLE_BUTTON (c))
        {
          for (GtkWidget *l = gtk_widget_get_first_child (c); l != NULL;
               l = gtk_widget_get_first_child (l))
            for (GtkWidget *s = l; s != NULL; s = gtk_widget_get_next_sibling (s))
              if (GTK_IS_LABEL (s) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (s)), title) == 0)
                return c;
        }
      if ((found = switcher_button (c, title)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
view_visible (gpointer data)
{
  DmkScanView *view = data;
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (view), ADW_TYPE_VIEW_STACK);

  /* Each view fills a page of its own (built into it after the first frame). */
  return adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack)) ==
           gtk_widget_get_parent (GTK_WIDGET (view)) &&
         gtk_widget_get_mapped (GTK_WIDGET (view));
}

/* Goes to the view as a user does: a pointer click on its switcher button. */
static void
show_view (DmkWindow *win, DmkScanView *view, const char *title)
{
  GtkWidget *button = switcher_button (GTK_WIDGET (win), title);

  g_assert_nonnull (button);
  settle ();
  if (!pointer_click_on (button))
    {
      g_test_message ("xdotool is missing: the view is shown through the stack");
      adw_view_stack_set_visible_child (ADW_VIEW_STACK (gtk_widget_get_ancestor (
                                          GTK_WIDGET (view), ADW_TYPE_VIEW_STACK)),
                                        gtk_widget_get_parent (GTK_WIDGET (view)));
    }
  g_assert_true (iterate_until (view_visible, view));
  /* The target chooser came along. */
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (win->target_chooser), GTK_WIDGET (view)));
}

/* The sustained write's "How much to write" (a test size or all of the target) and, beside it,
 * the size list. */
static GtkDropDown *
span_choice (DmkScanView *view, GtkDropDown **size)
{
  GtkWidget *choice = dmk_test_find_by_tooltip (GTK_WIDGET (view), "How much to write");

  g_assert_nonnull (choice);
  if (size != NULL)
    *size = GTK_DROP_DOWN (gtk_widget_get_next_sibling (choice));
  return GTK_DROP_DOWN (choice);
}

/* The position of the entry that reads text, chosen. */
static void
choose (GtkDropDown *dropdown, const char *text)
{
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), text) == 0)
        {
          gtk_drop_down_set_selected (dropdown, i);
          return;
        }
    }
  g_error ("no “%s” in the list", text);
}

static void
start_by_pointer (DmkScanView *view)
{
  GtkWidget *start = dmk_scan_view_get_start_button (view);

  settle ();
  if (!pointer_click_on (start))
    click (start);
  g_assert_true (iterate_until (scan_running, view));
}

static void
check_chart (DmkScanChart *chart, const char *name)
{
  double share;

  settle ();
  share = pixel_share (GTK_WIDGET (chart), is_ink);
  g_test_message ("%s: %.2f%% of the chart is ink; summary: %s", name, share * 100,
                  dmk_scan_chart_get_summary (chart));
  g_assert_cmpfloat (share, >, 0.002);
  if (g_getenv ("DMK_GRAPH_SHOTS") != NULL)
    {
      g_autofree char *png = g_strdup_printf ("%s/%s.png", g_getenv ("DMK_GRAPH_SHOTS"), name);
      g_assert_true (dmk_save_widget_png (gtk_widget_get_root (GTK_WIDGET (chart)) != NULL
                                            ? GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (chart)))
                                            : GTK_WIDGET (chart),
                                          png, NULL));
    }
}

/* The summary's numbers are the result's: min, max and last of what is drawn. */
static void
expect_in_summary (DmkScanChart *chart, double min, double max, double last, DmkUnit unit)
{
  g_autofree char *s_min = dmk_unit_format (unit, min);
  g_autofree char *s_max = dmk_unit_format (unit, max);
  g_autofree char *s_last = dmk_unit_format (unit, last);
  g_autofree char *want = g_strdup_printf ("min %s, max %s, last %s %s", s_min, s_max, s_last,
                                           dmk_unit_label (unit));
  const char *summary = dmk_scan_chart_get_summary (chart);

  if (strstr (summary, want) == NULL)
    g_error ("“%s” does not say “%s”", summary, want);
}

static void
check_sustained (DmkResult *r, DmkScanChart *chart)
{
  const GArray *s = r->sustained->series;
  double min = G_MAXDOUBLE, max = 0;

  for (guint i = 0; i < s->len; i++)
    {
      min = MIN (min, dmk_sample_mb_per_s (s, i));
      max = MAX (max, dmk_sample_mb_per_s (s, i));
    }
  g_assert_cmpuint (dmk_scan_chart_get_n_points (chart), ==, s->len);
  expect_in_summary (chart, min, max, dmk_sample_mb_per_s (s, s->len - 1), DMK_UNIT_MB_S);
  g_assert_nonnull (strstr (dmk_scan_chart_get_summary (chart),
                            r->sustained->cliff.found ? "cache cliff after" : "no cache cliff"));
  /* Issue 25: SNIA steady state, as the core judges it, where the write had five rounds. */
  {
    DmkSteady st;

    if (dmk_steady_detect (s, dmk_steady_round_bytes (r->sustained->span_bytes), &st))
      g_assert_nonnull (strstr (dmk_scan_chart_get_summary (chart),
                                st.steady ? "; steady after " : "; not steady after "));
    else
      g_assert_null (strstr (dmk_scan_chart_get_summary (chart), "steady after"));
  }
}

static void
check_surface (DmkResult *r, DmkScanChart *chart, DmkScanChart *access)
{
  const DmkSurface *sf = r->surface;
  double min, mean, max, last;
  const DmkSurfacePoint *p = &g_array_index (sf->points, DmkSurfacePoint, sf->points->len - 1);

  g_assert_true (dmk_surface_summarize (sf, &min, &mean, &max));
  last = (double) p->bytes / p->seconds / 1e6;
  expect_in_summary (chart, min, max, last, DMK_UNIT_MB_S);
  g_assert_cmpuint (dmk_scan_chart_get_n_points (chart), ==, sf->points->len);
  g_assert_cmpuint (dmk_scan_chart_get_n_points (access), ==, sf->access->len);
  {
    g_autofree char *s_mean = dmk_unit_format (DMK_UNIT_MB_S, mean);
    g_autofree char *want = g_strdup_printf ("mean %s MB/s", s_mean);
    g_assert_nonnull (strstr (dmk_scan_chart_get_summary (chart), want));
  }
}

static void
check_sweep (DmkResult *r, DmkScanChart *chart)
{
  double min = G_MAXDOUBLE, max = 0, last = 0;
  guint n = 0;

  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);
      if (t->direction != DMK_DIRECTION_READ)
        continue;
      min = MIN (min, t->mb_per_s);
      max = MAX (max, t->mb_per_s);
      last = t->mb_per_s;
      n++;
    }
  g_assert_cmpuint (n, >=, 4); /* 4K to 1M at least, on any folder */
  expect_in_summary (chart, min, max, last, DMK_UNIT_MB_S);
}

static void
test_scan_view (gconstpointer data)
{
  DmkResultKind kind = GPOINTER_TO_INT (data);
  const char *title = kind == DMK_KIND_SUSTAINED ? "Sustained"
                      : kind == DMK_KIND_SWEEP   ? "Sweep"
                                                 : "Surface";
  g_autofree char *dir = make_target_dir ();
  g_autofree char *json = NULL, *sensor = NULL;
  DmkWindow *win;
  DmkScanView *view;
  Watch watch = { 0 };
  DmkResult *r;

  reset_settings ();
  /* A used settings store: the sweep and the surface keep their test size, as the grid does. */
  g_settings_set_int (dmk_test_settings (), "sweep-size-mib", 32);
  g_settings_set_int (dmk_test_settings (), "surface-size-mib", 32);
  /* A drive that tells its temperature: the sustained write draws it beside the speed. */
  if (kind == DMK_KIND_SUSTAINED)
    sensor = fake_sensor_setup (dir, "55000\n");
  win = new_window (dir);
  view = dmk_window_get_scan_view (win, kind);
  g_assert_nonnull (view);
  show_view (win, view, title);
  /* A sweep of 4 KiB to 1 MiB, chosen as a user chooses it. */
  if (kind == DMK_KIND_SWEEP)
    {
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dmk_test_find_by_tooltip (GTK_WIDGET (view),
                                                                           "Smallest block size")),
                                  3);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (dmk_test_find_by_tooltip (GTK_WIDGET (view),
                                                                           "Largest block size")),
                                  11);
    }
  /* A sustained write of 1 GiB, chosen as a user chooses it. */
  if (kind == DMK_KIND_SUSTAINED)
    {
      GtkDropDown *size = NULL;

      choose (span_choice (view, &size), "Test Size");
      choose (size, "1 GiB");
    }
  start_by_pointer (view);
  /* While it runs, the grid cannot start and the target cannot change. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (win->target_chooser)));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "start"));
  watch.view = view;
  g_assert_true (iterate_until (scan_done, &watch));
  g_test_message ("%s: status “%s”, %u points drawn live", title,
                  dmk_scan_view_get_status (view), watch.max_live_points);
  g_assert_cmpstr (dmk_scan_view_get_status (view), ==, "Finished");
  /* Drawn as it went (a sweep adds a point per block size). */
  g_assert_cmpuint (watch.max_live_points, >, 0);
  r = dmk_scan_view_get_result (view);
  g_assert_nonnull (r);
  g_assert_cmpint (r->kind, ==, kind);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (win->target_chooser)));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "start"));
  check_chart (dmk_scan_view_get_chart (view), title);
  if (kind == DMK_KIND_SUSTAINED)
    {
      check_sustained (r, dmk_scan_view_get_chart (view));
      if (sensor != NULL)
        {
          g_assert_true (r->temperature.known);
          g_assert_cmpfloat (r->temperature.peak_c, ==, 55.0);
          g_assert_nonnull (strstr (dmk_scan_chart_get_summary (dmk_scan_view_get_chart (view)),
                                    "; drive temperature 55 °C"));
        }
    }
  else if (kind == DMK_KIND_SURFACE)
    {
      check_surface (r, dmk_scan_view_get_chart (view), dmk_scan_view_get_access_chart (view));
      check_chart (dmk_scan_view_get_access_chart (view), "Access");
    }
  else
    check_sweep (r, dmk_scan_view_get_chart (view));

  /* Saved: PNG and SVG of the chart, the JSON, which opens again in this view. */
  {
    g_autofree char *png = g_build_filename (g_get_tmp_dir (), "gdiskmark-chart.png", NULL);
    g_autofree char *svg = g_build_filename (g_get_tmp_dir (), "gdiskmark-chart.svg", NULL);
    g_autofree char *svg_text = NULL;
    g_autoptr (GdkTexture) texture = NULL;

    g_assert_true (dmk_scan_chart_save (dmk_scan_view_get_chart (view), png, NULL));
    texture = gdk_texture_new_from_filename (png, NULL);
    g_assert_nonnull (texture);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 1000);
    g_assert_true (dmk_scan_chart_save (dmk_scan_view_get_chart (view), svg, NULL));
    g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
    g_assert_nonnull (strstr (svg_text, "<svg"));
    g_unlink (png);
    g_unlink (svg);
  }
  json = g_build_filename (g_get_tmp_dir (), "gdiskmark-scan.json", NULL);
  g_assert_true (dmk_scan_view_save_json (view, json, NULL));
  {
    g_autoptr (GFile) file = g_file_new_for_path (json);
    guint points = dmk_scan_chart_get_n_points (dmk_scan_view_get_chart (view));

    adw_view_stack_set_visible_child (win->view_stack, win->benchmark_page);
    dmk_scan_view_set_result (view, NULL, NULL);
    g_assert_cmpuint (dmk_scan_chart_get_n_points (dmk_scan_view_get_chart (view)), ==, 0);
    g_assert_true (dmk_window_open_file (win, file, NULL));
    g_assert_true (iterate_until (view_visible, view));
    g_assert_cmpuint (dmk_scan_chart_get_n_points (dmk_scan_view_get_chart (view)), ==, points);
    if (sensor != NULL)
      g_assert_nonnull (strstr (dmk_scan_chart_get_summary (dmk_scan_view_get_chart (view)),
                                "; drive temperature 55 °C"));
    g_assert_true (g_str_has_prefix (dmk_scan_view_get_status (view), "Showing “gdiskmark-scan.json”"));
  }
  g_unlink (json);
  destroy_window (win);
  fake_sensor_remove ();
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

/* Stop, clicked with the pointer mid-write, keeps what was written and leaves nothing. */
static void
test_stop (void)
{
  g_autofree char *dir = make_target_dir ();
  DmkWindow *win;
  DmkScanView *view;
  DmkResult *r;

  reset_settings ();
  win = new_window (dir);
  view = dmk_window_get_scan_view (win, DMK_KIND_SUSTAINED);
  show_view (win, view, "Sustained");
  /* The default span, 8 GiB: longer than the test waits. */
  start_by_pointer (view);
  g_assert_true (iterate_until (has_points, dmk_scan_view_get_chart (view)));
  settle ();
  if (!pointer_click_on (dmk_scan_view_get_start_button (view)))
    click (dmk_scan_view_get_start_button (view));
  g_assert_true (iterate_until (not_running_view, view));
  r = dmk_scan_view_get_result (view);
  /* 8 GiB cannot be written between the first point and the click. */
  g_assert_nonnull (r);
  g_assert_cmpuint (r->sustained->bytes, >, 0);
  g_assert_cmpuint (r->sustained->bytes, <, r->sustained->span_bytes);
  g_assert_cmpstr (dmk_scan_view_get_status (view), ==, "Stopped: what was measured is kept");
  g_assert_nonnull (strstr (g_ptr_array_index (r->warnings, r->warnings->len - 1),
                            "Interrupted"));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  destroy_window (win);
  g_rmdir (dir);
}

/* ---- a small folder (issue 46, item 11) ---- */

static gboolean
room_known (gpointer chooser)
{
  return dmk_target_chooser_get_room (DMK_TARGET_CHOOSER (chooser)) > 0;
}

typedef struct
{
  DmkScanView *view;
  const char *prefix;
} Status;

static gboolean
status_starts (gpointer data)
{
  Status *s = data;

  return !dmk_scan_view_get_running (s->view) &&
         g_str_has_prefix (dmk_scan_view_get_status (s->view), s->prefix);
}

/* The rows of the size list shown under root: a size's label and, under it, why it does not
 * fit, shown exactly for the sizes in unfit (a set of their texts). */
static void
check_rows (GtkWidget *root, GHashTable *unfit, guint *marked, guint *plain)
{
  GtkWidget *why = gtk_widget_get_next_sibling (root);

  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) && GTK_IS_LABEL (why))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (root));
      gboolean shown = gtk_widget_get_mapped (why);

      g_assert_cmpint (shown, ==, g_hash_table_contains (unfit, text));
      if (shown)
        g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (why)), "more than the "));
      *(shown ? marked : plain) += 1;
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    check_rows (c, unfit, marked, plain);
}

static GtkWidget *
popover_of (GtkWidget *dropdown)
{
  for (GtkWidget *c = gtk_widget_get_first_child (dropdown); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_POPOVER (c))
      return c;
  return NULL;
}

/* The size list, opened by the pointer: each size above the room is marked with why. */
static void
check_marks (DmkScanView *view, GtkDropDown *size, guint64 room)
{
  GListModel *model = gtk_drop_down_get_model (size);
  g_autoptr (GHashTable) unfit = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint marked = 0, plain = 0;
  GtkWidget *popover;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);

      gtk_drop_down_set_selected (size, i);
      if (dmk_size_choice_get_bytes (size) > room)
        g_hash_table_add (unfit, g_strdup (gtk_string_object_get_string (item)));
    }
  choose (size, "8 GiB");
  settle ();
  if (!pointer_click_on (GTK_WIDGET (size)))
    g_signal_emit_by_name (size, "activate");
  popover = popover_of (GTK_WIDGET (size));
  g_assert_nonnull (popover);
  g_assert_true (iterate_until (widget_shown, popover));
  settle ();
  check_rows (popover, unfit, &marked, &plain);
  g_test_message ("%u of %u sizes do not fit %" G_GUINT64_FORMAT " bytes; of the rows shown, "
                  "%u marked, %u not",
                  g_hash_table_size (unfit), g_list_model_get_n_items (model), room, marked, plain);
  /* The list opens at 8 GiB: marked sizes and, above them, sizes that fit. */
  g_assert_cmpuint (marked, >, 0);
  g_assert_cmpuint (plain, >, 0);
  gtk_popover_popdown (GTK_POPOVER (popover));
  settle ();
}

/* The status line says text whole: not cut, inside the window. */
static void
check_status_whole (DmkWindow *win, DmkScanView *view, const char *text)
{
  GtkWidget *label = dmk_test_find_label (GTK_WIDGET (view), text);
  graphene_rect_t b;

  g_assert_nonnull (label);
  settle ();
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (win), &b));
  g_test_message ("“%s”: %.0f×%.0f at %.0f,%.0f in %d×%d, %d lines", text, b.size.width,
                  b.size.height, b.origin.x, b.origin.y, gtk_widget_get_width (GTK_WIDGET (win)),
                  gtk_widget_get_height (GTK_WIDGET (win)),
                  pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_cmpfloat (b.origin.x, >=, 0);
  g_assert_cmpfloat (b.origin.y, >=, 0);
  g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (GTK_WIDGET (win)));
  g_assert_cmpfloat (b.origin.y + b.size.height, <=, gtk_widget_get_height (GTK_WIDGET (win)));
}

/* A 600 MiB tmpfs with 70 MiB taken: the sizes above its free space are marked and cannot run,
 * a folder has "All Free Space" and no "Whole Device", the core's refusal is shown whole, and
 * All Free Space writes what the core's margin leaves. */
static void
test_small_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-small-XXXXXX", NULL);
  g_autofree char *filler = NULL, *why = NULL;
  g_autofree guchar *zeros = g_malloc0 (70 * MIB);
  GtkDropDown *choice, *size;
  GtkWidget *start;
  DmkScanView *view;
  DmkWindow *win;
  Watch watch = { 0 };
  guint64 room;

  if (geteuid () != 0 || mount ("tmpfs", dir, "tmpfs", 0, "size=600M") != 0)
    {
      g_rmdir (dir);
      g_test_skip ("needs root to mount a small tmpfs");
      return;
    }
  filler = g_build_filename (dir, "filler", NULL);
  g_assert_true (g_file_set_contents (filler, (char *) zeros, 70 * MIB, NULL));
  reset_settings ();
  win = new_window (dir);
  view = dmk_window_get_scan_view (win, DMK_KIND_SUSTAINED);
  show_view (win, view, "Sustained");
  g_assert_true (iterate_until (room_known, win->target_chooser));
  room = dmk_target_chooser_get_room (win->target_chooser);
  choice = span_choice (view, &size);
  start = dmk_scan_view_get_start_button (view);
  /* A folder: all of its free space, never the whole device. */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (choice)), ==, 2);
  g_assert_nonnull (dmk_test_find_label (GTK_WIDGET (choice), "Test Size"));
  choose (choice, "All Free Space");
  choose (choice, "Test Size");
  {
    GListModel *m = gtk_drop_down_get_model (choice);
    for (guint i = 0; i < g_list_model_get_n_items (m); i++)
      {
        g_autoptr (GtkStringObject) item = g_list_model_get_item (m, i);
        g_assert_cmpstr (gtk_string_object_get_string (item), !=, "Whole Device");
      }
  }
  check_marks (view, size, room);

  /* The default 8 GiB does not fit: said whole in the status line, and Run cannot start it. */
  choose (size, "8 GiB");
  why = dmk_size_choice_explain (size);
  g_assert_nonnull (why);
  g_assert_true (g_str_has_prefix (why, "8 GiB is more than the "));
  g_assert_cmpstr (dmk_scan_view_get_status (view), ==, why);
  g_assert_false (gtk_widget_get_sensitive (start));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (start), ==, why);
  check_status_whole (win, view, why);

  /* 512 MiB fits the list, but not with the 64 MiB the core keeps free: its refusal is whole. */
  choose (size, "512 MiB");
  g_assert_null (dmk_size_choice_explain (size));
  g_assert_cmpstr (dmk_scan_view_get_status (view), ==, "Ready");
  g_assert_true (gtk_widget_get_sensitive (start));
  settle ();
  if (!pointer_click_on (start))
    click (start);
  {
    Status refused = { view, "Not enough free space in " };

    g_assert_true (iterate_until (status_starts, &refused));
    g_assert_nonnull (strstr (dmk_scan_view_get_status (view), "keeping 64 MiB free"));
    g_assert_true (g_str_has_suffix (dmk_scan_view_get_status (view), "Choose a smaller size."));
    check_status_whole (win, view, dmk_scan_view_get_status (view));
  }
  g_assert_cmpuint (count_entries (dir), ==, 1);

  /* All Free Space: what is free less the margin, and nothing left behind. */
  choose (choice, "All Free Space");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (size)));
  g_assert_cmpstr (dmk_scan_view_get_status (view), ==, "Ready");
  start_by_pointer (view);
  watch.view = view;
  g_assert_true (iterate_until (scan_done, &watch));
  g_assert_cmpstr (dmk_scan_view_get_status (view), ==, "Finished");
  {
    DmkResult *r = dmk_scan_view_get_result (view);

    g_assert_nonnull (r);
    g_test_message ("All Free Space: %" G_GUINT64_FORMAT " bytes in %.2f s, %u points (%u live)",
                    r->sustained->span_bytes, r->sustained->seconds, r->sustained->series->len,
                    watch.max_live_points);
    g_assert_cmpuint (r->sustained->span_bytes, <=, room - 64 * MIB);
    g_assert_cmpuint (r->sustained->span_bytes, >, room - 64 * MIB - 64 * MIB);
    /* Written in well under a second: still a curve of about DMK_SUSTAINED_MIN_POINTS points,
     * and the chart draws every one of them (issue 46: it drew one dot). */
    g_assert_cmpuint (r->sustained->series->len, >=, DMK_SUSTAINED_MIN_POINTS / 2);
    g_assert_cmpuint (dmk_scan_chart_get_n_points (dmk_scan_view_get_chart (view)), ==,
                      r->sustained->series->len);
  }
  g_assert_cmpuint (count_entries (dir), ==, 1);
  destroy_window (win);
  g_unlink (filler);
  g_assert_cmpint (umount (dir), ==, 0);
  g_rmdir (dir);
}

/* Two saved sweeps opened together overlay in one chart, each named in the legend. */
static void
test_compare (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *a = g_build_filename (g_get_tmp_dir (), "gdiskmark-sweep-a.json", NULL);
  g_autofree char *b = g_build_filename (g_get_tmp_dir (), "gdiskmark-sweep-b.json", NULL);
  DmkApplication *app = test_application ();
  DmkScanCompare *cmp;
  const char *summary;

  for (guint i = 0; i < 2; i++)
    {
      const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "sweep", "-q", "-m", "read", "-t", "1",
                             "-s", "16M", "--min=4K", "--max=64K", "-c", i == 0 ? "Disk A" : "Disk B",
                             "-o", i == 0 ? a : b, dir, NULL };
      int status = 0;

      g_assert_nonnull (argv[0]);
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, NULL, NULL, &status,
                                   NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  {
    g_autofree char *ua = g_filename_to_uri (a, NULL, NULL);
    g_autofree char *ub = g_filename_to_uri (b, NULL, NULL);
    const char *uris[] = { ua, ub, NULL };
    g_action_group_activate_action (G_ACTION_GROUP (app), "compare-files",
                                    g_variant_new_strv (uris, -1));
  }
  cmp = dmk_application_get_scan_compare (app, DMK_KIND_SWEEP);
  g_assert_true (iterate_until (widget_shown, cmp));
  g_assert_cmpuint (dmk_scan_compare_get_n_results (cmp), ==, 2);
  /* No grid to compare: the table's window was not opened for them. */
  g_assert_null (dmk_application_get_compare_window (app, FALSE));
  summary = dmk_scan_chart_get_summary (dmk_scan_compare_get_chart (cmp));
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "Disk A — Read: min"));
  g_assert_nonnull (strstr (summary, "Disk B — Read: min"));
  g_assert_cmpuint (dmk_scan_chart_get_n_points (dmk_scan_compare_get_chart (cmp)), ==, 10);
  check_chart (dmk_scan_compare_get_chart (cmp), "Compare");
  /* The same file twice is said once. */
  {
    g_autoptr (DmkResult) r = dmk_result_load (a, NULL);
    g_assert_false (dmk_scan_compare_add (cmp, r, a));
  }
  gtk_window_destroy (GTK_WINDOW (cmp));
  g_unlink (a);
  g_unlink (b);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "window-scans"))
    return g_test_run ();
  g_test_add_data_func ("/window-scans/sustained", GINT_TO_POINTER (DMK_KIND_SUSTAINED),
                        test_scan_view);
  g_test_add_data_func ("/window-scans/sweep", GINT_TO_POINTER (DMK_KIND_SWEEP), test_scan_view);
  g_test_add_data_func ("/window-scans/surface", GINT_TO_POINTER (DMK_KIND_SURFACE),
                        test_scan_view);
  g_test_add_func ("/window-scans/stop", test_stop);
  g_test_add_func ("/window-scans/small-folder", test_small_folder);
  g_test_add_func ("/window-scans/compare", test_compare);
  return g_test_run ();
}
