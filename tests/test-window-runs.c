/* test-window-runs.c: every view's run the way a user meets it (issue 1/6): started with a real
 * pointer click, stopped with the unmoved pointer at three moments of each view (a warm-up, the
 * middle of a pass, between tests or steps), the app up afterwards, what was measured kept and
 * marked interrupted, no file left, and suspend inhibited for the run and released after it (seen
 * by a session manager on a session bus of the test's own); closing the window during a run of
 * each kind asks first; a sweep on a 487 MiB filesystem with a size chosen in its list; and the
 * window's target list in the words of gdiskmark-cli targets. */
#include "config.h"

#include <gio/gunixmounts.h>
#include <glib/gstdio.h>
#include <gdk/x11/gdkx.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "dmk-test-gui.h"
#include "dmk-test-loop.h"
#include "dmk-test-session.h"

#define MIB ((guint64) 1 << 20)

/* ---- the window, its views and what a run did ---- */

static DmkApplication *app;

typedef struct
{
  DmkWindow *win;
  GtkWidget *button; /* the view's Run button, which turns into Stop */
  DmkScanView *view; /* NULL: the Benchmark's grid */
  char *dir;
  /* the newest progress */
  DmkPhase phase;
  guint test_index, n_samples, tests_done;
  double fraction;
  gboolean seen_progress;
  guint inhibited_while_running;
} Run;

static void
on_progress (DmkRunController *run, const DmkProgress *p, Run *r)
{
  r->phase = p->phase;
  r->test_index = p->test_index;
  r->fraction = p->fraction;
  r->n_samples = p->phase == DMK_PHASE_MEASURE ? p->n_samples : 0;
  r->tests_done += p->phase == DMK_PHASE_TEST_DONE;
  r->seen_progress = TRUE;
}

static gboolean
running (gpointer data)
{
  Run *r = data;

  return r->view != NULL ? dmk_scan_view_get_running (r->view) : dmk_window_is_running (r->win);
}

static gboolean
stopped (gpointer data)
{
  return !running (data);
}

static gboolean
clicked_in_place (void)
{
  const char *args[] = { "click", "1", NULL };

  return xdotool (args);
}

static void
open_view (Run *r, DmkResultKind kind)
{
  if (kind == DMK_KIND_GRID)
    {
      r->button = dmk_window_get_all_button (r->win);
      return;
    }
  r->view = dmk_window_get_scan_view (r->win, kind);
  adw_view_stack_set_visible_child (r->win->view_stack,
                                    gtk_widget_get_parent (GTK_WIDGET (r->view)));
  r->button = dmk_scan_view_get_start_button (r->view);
}

static void
run_open (Run *r, DmkResultKind kind, const char *dir)
{
  memset (r, 0, sizeof *r);
  r->dir = g_strdup (dir);
  r->win = dmk_window_new (GTK_APPLICATION (app));
  dmk_window_set_target_path (r->win, dir);
  gtk_window_present (GTK_WINDOW (r->win));
  g_assert_true (iterate_until ((Cond) gtk_widget_get_mapped, r->win));
  open_view (r, kind);
  g_assert_true (iterate_until (widget_shown, r->button));
  settle ();
  g_signal_connect (r->win->run, "progress", G_CALLBACK (on_progress), r);
}

/* A real pointer click on Run; FALSE (the test skipped) without X11 and xdotool. */
static gboolean
run_start (Run *r)
{
  if (!GDK_IS_X11_SURFACE (gtk_native_get_surface (GTK_NATIVE (r->win))) ||
      !pointer_click_on (r->button))
    {
      g_test_skip ("needs X11 and xdotool");
      return FALSE;
    }
  g_assert_true (iterate_until (running, r));
  return TRUE;
}

static void
run_close (Run *r)
{
  destroy_window (r->win);
  g_assert_cmpuint (count_entries (r->dir), ==, 0);
  g_free (r->dir);
}

typedef gboolean (*Moment) (Run *r);

static gboolean
moment_reached (gpointer data)
{
  Run *r = data;
  Moment m = g_object_get_data (G_OBJECT (r->win), "moment");

  return stopped (r) || m (r);
}

/* Waits for the moment, then clicks Stop where Run was: the pointer has not moved. What was
 * measured stays, marked interrupted, in the view that ran; kept tells whether anything was. */
static void
stop_at (Run *r, Moment moment, gboolean kept)
{
  DmkResult *result;

  g_object_set_data (G_OBJECT (r->win), "moment", moment);
  g_assert_true (iterate_until (moment_reached, r));
  g_assert_true (running (r));
  /* The machine stays awake for the run: one inhibitor, for suspend. */
  g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 1);
  g_assert_true (clicked_in_place ());
  g_assert_true (iterate_until (stopped, r));
  /* Still up: the window is there, mapped, and answers. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (r->win)));
  settle ();
  g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 0);
  result = r->view != NULL ? dmk_scan_view_get_result (r->view)
                           : dmk_window_get_shown_result (r->win);
  if (kept)
    {
      gboolean marked = FALSE;

      g_assert_nonnull (result);
      for (guint i = 0; i < result->warnings->len; i++)
        marked |= strstr (result->warnings->pdata[i], "Interrupted") != NULL;
      g_assert_true (marked);
    }
  else if (r->view != NULL)
    g_assert_cmpstr (dmk_scan_view_get_status (r->view), ==,
                     "Stopped before anything was measured");
  g_assert_cmpuint (count_entries (r->dir), ==, 0);
}

/* ---- the Benchmark's grid: four tests of 1 s passes, rests of 1 s ---- */

static gboolean
grid_warmup (Run *r)
{
  return r->phase == DMK_PHASE_WARMUP && r->test_index == 1;
}

static gboolean
grid_mid_pass (Run *r)
{
  return r->phase == DMK_PHASE_MEASURE && r->test_index == 1 && r->n_samples >= 3;
}

static gboolean
grid_between (Run *r)
{
  return r->phase == DMK_PHASE_INTERVAL && r->test_index == 2;
}

static void
test_grid_stops (void)
{
  const Moment moments[] = { grid_warmup, grid_mid_pass, grid_between };
  g_autofree char *dir = make_target_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (moments); i++)
    {
      Run r;

      reset_settings ();
      set_tiny ("default");
      g_settings_set_string (dmk_test_settings (), "mode", "read");
      g_settings_set_int (dmk_test_settings (), "passes", 2);
      g_settings_set_int (dmk_test_settings (), "interval", 1);
      run_open (&r, DMK_KIND_GRID, dir);
      if (!run_start (&r))
        {
          run_close (&r);
          break;
        }
      stop_at (&r, moments[i], TRUE);
      g_assert_true (g_str_has_prefix (dmk_window_get_status_text (r.win), "Stopped after"));
      run_close (&r);
    }
  g_rmdir (dir);
}

/* ---- the sweep: 4 KiB to 32 KiB, read, 2 s warm-ups and passes ---- */

static gboolean
sweep_warmup (Run *r)
{
  return r->phase == DMK_PHASE_WARMUP && r->test_index == 1;
}

static gboolean
sweep_mid_pass (Run *r)
{
  return r->phase == DMK_PHASE_MEASURE && r->test_index == 1 && r->n_samples >= 3;
}

static gboolean
sweep_between (Run *r)
{
  return r->tests_done >= 2;
}

static void
choose (DmkScanView *view, const char *tooltip, guint position)
{
  GtkWidget *w = dmk_test_find_by_tooltip (GTK_WIDGET (view), tooltip);

  g_assert_nonnull (w);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (w), position);
}

/* The sustained write's span: Test Size, 1 GiB (the seventh of the size list beside it: 16 MiB
 * … 1 GiB). */
static void
choose_sustained_1gib (Run *r)
{
  choose (r->view, "How much to write", 0);
  gtk_drop_down_set_selected (
    GTK_DROP_DOWN (gtk_widget_get_next_sibling (
      dmk_test_find_by_tooltip (GTK_WIDGET (r->view), "How much to write"))),
    6);
}

static void
test_sweep_stops (void)
{
  const Moment moments[] = { sweep_warmup, sweep_mid_pass, sweep_between };
  g_autofree char *dir = make_target_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (moments); i++)
    {
      Run r;

      reset_settings ();
      g_settings_set_int (dmk_test_settings (), "sweep-size-mib", 32);
      run_open (&r, DMK_KIND_SWEEP, dir);
      choose (r.view, "Smallest block size", 3);
      choose (r.view, "Largest block size", 6);
      choose (r.view, "Directions", 1);
      if (!run_start (&r))
        {
          run_close (&r);
          break;
        }
      stop_at (&r, moments[i], TRUE);
      run_close (&r);
    }
  g_rmdir (dir);
}

/* ---- a slow folder: ext4 on a loop device the kernel's block throttle holds back ---- */

static char *
slow_folder (guint64 image, guint64 read_bps, guint64 write_bps, guint64 read_iops)
{
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", "-E", "nodiscard", NULL, NULL };
  g_autofree char *tmpl = g_build_filename (g_get_tmp_dir (), "dmk-runs-XXXXXX", NULL);

  if (!dmk_test_throttle_available () || !dmk_test_loop_setup_sized (image))
    return NULL;
  mkfs[5] = dmk_test_loop;
  if (dmk_test_run_tool (mkfs, NULL) != 0)
    {
      dmk_test_loop_cleanup ();
      g_test_skip ("mkfs.ext4 (e2fsprogs) is not available");
      return NULL;
    }
  g_assert_nonnull (g_mkdtemp (tmpl));
  dmk_test_mount = g_strdup (tmpl);
  g_assert_cmpint (mount (dmk_test_loop, dmk_test_mount, "ext4", 0, NULL), ==, 0);
  if (read_bps > 0)
    g_assert_true (dmk_test_throttle (dmk_test_loop, "read_bps", read_bps));
  if (write_bps > 0)
    g_assert_true (dmk_test_throttle (dmk_test_loop, "write_bps", write_bps));
  if (read_iops > 0)
    g_assert_true (dmk_test_throttle (dmk_test_loop, "read_iops", read_iops));
  /* A folder in it, as a user tests in (the root holds lost+found). */
  {
    char *dir = g_build_filename (dmk_test_mount, "bench", NULL);
    g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
    return dir;
  }
}

static void
slow_folder_done (void)
{
  dmk_test_unthrottle (NULL);
  dmk_test_loop_cleanup ();
}

/* ---- the sustained write: 1 GiB at a capped rate ---- */

static gboolean
sustained_early (Run *r)
{
  return r->phase == DMK_PHASE_MEASURE && r->fraction >= 0.1;
}

static gboolean
sustained_middle (Run *r)
{
  return r->phase == DMK_PHASE_MEASURE && r->fraction >= 0.5;
}

static gboolean
sustained_late (Run *r)
{
  return r->phase == DMK_PHASE_MEASURE && r->fraction >= 0.85;
}

static void
test_sustained_stops (void)
{
  const Moment moments[] = { sustained_early, sustained_middle, sustained_late };
  g_autofree char *dir = slow_folder ((guint64) 1536 * MIB, 0, 200 * 1000 * 1000, 0);

  for (guint i = 0; dir != NULL && i < G_N_ELEMENTS (moments); i++)
    {
      Run r;

      reset_settings ();
      run_open (&r, DMK_KIND_SUSTAINED, dir);
      /* Test Size, 1 GiB (the seventh of the size list: 16 MiB … 1 GiB). */
      choose_sustained_1gib (&r);
      if (!run_start (&r))
        {
          run_close (&r);
          break;
        }
      stop_at (&r, moments[i], TRUE);
      run_close (&r);
    }
  if (dir != NULL)
    slow_folder_done ();
}

/* ---- rate over position: a 256 MiB test file laid out, 50 samples, then access times ---- */

static gboolean
surface_layout (Run *r)
{
  return r->phase == DMK_PHASE_LAYOUT && r->fraction >= 0.2;
}

static gboolean
surface_samples (Run *r)
{
  return r->phase == DMK_PHASE_MEASURE && r->n_samples >= 10;
}

static gboolean
surface_access (Run *r)
{
  return r->phase == DMK_PHASE_MEASURE && r->n_samples >= 50;
}

static void
test_surface_stops (void)
{
  const Moment moments[] = { surface_layout, surface_samples, surface_access };
  const gboolean kept[] = { FALSE, TRUE, TRUE };
  g_autofree char *dir = slow_folder ((guint64) 1024 * MIB, 100 * 1000 * 1000,
                                      100 * 1000 * 1000, 400);

  for (guint i = 0; dir != NULL && i < G_N_ELEMENTS (moments); i++)
    {
      Run r;

      reset_settings ();
      g_settings_set_int (dmk_test_settings (), "surface-size-mib", 256);
      run_open (&r, DMK_KIND_SURFACE, dir);
      choose (r.view, "Samples over the span, up to 10 MiB each", 0);
      if (!run_start (&r))
        {
          run_close (&r);
          break;
        }
      stop_at (&r, moments[i], kept[i]);
      run_close (&r);
    }
  if (dir != NULL)
    slow_folder_done ();
}

/* ---- closing the window during a run of each kind ---- */

static void
set_flag (gpointer data, GObject *gone)
{
  *(gboolean *) data = TRUE;
}

static void
check_close_asks (DmkResultKind kind, const char *dir)
{
  gboolean gone = FALSE;
  AdwMessageDialog *dialog;
  Run r;

  reset_settings ();
  set_tiny ("default");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  g_settings_set_int (dmk_test_settings (), "measure-time", 20);
  g_settings_set_int (dmk_test_settings (), "sweep-size-mib", 32);
  g_settings_set_int (dmk_test_settings (), "surface-size-mib", 256);
  run_open (&r, kind, dir);
  if (kind == DMK_KIND_SUSTAINED)
    choose_sustained_1gib (&r);
  if (!run_start (&r))
    {
      run_close (&r);
      return;
    }
  g_assert_true (iterate_until (flag_set, &r.seen_progress));
  /* A close from the window manager asks, and the run goes on meanwhile. */
  gtk_window_close (GTK_WINDOW (r.win));
  dialog = dmk_window_get_close_dialog (r.win);
  g_assert_nonnull (dialog);
  g_assert_true (running (&r));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (r.win)));
  g_object_weak_ref (G_OBJECT (r.win), set_flag, &gone);
  adw_message_dialog_response (dialog, "stop");
  g_assert_true (iterate_until (flag_set, &gone));
  settle ();
  g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 0);
  g_assert_cmpuint (count_entries (r.dir), ==, 0);
  g_free (r.dir);
}

static void
test_close_asks (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *slow = NULL;

  check_close_asks (DMK_KIND_GRID, dir);
  check_close_asks (DMK_KIND_SWEEP, dir);
  slow = slow_folder ((guint64) 1536 * MIB, 100 * 1000 * 1000, 100 * 1000 * 1000, 0);
  if (slow != NULL)
    {
      check_close_asks (DMK_KIND_SUSTAINED, slow);
      check_close_asks (DMK_KIND_SURFACE, slow);
      slow_folder_done ();
    }
  g_rmdir (dir);
}

/* ---- a sweep on a 487 MiB filesystem, its size chosen in the list ---- */

static GtkLabel *
find_label_prefix (GtkWidget *widget, const char *prefix)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_label_prefix (c, prefix);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
room_known (gpointer data)
{
  return dmk_target_chooser_get_room (((Run *) data)->win->target_chooser) > 0;
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

/* The dropdown that lists test sizes, found by what it lists. */
static GtkWidget *
size_dropdown (GtkWidget *widget)
{
  if (GTK_IS_DROP_DOWN (widget))
    {
      GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));

      if (GTK_IS_STRING_LIST (model) &&
          g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), "16 MiB") == 0)
        return widget;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = size_dropdown (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_sweep_small_filesystem (void)
{
  g_autofree char *dir = slow_folder (512 * MIB, 0, 0, 0);
  GtkWidget *size, *popover;
  DmkResult *result;
  Run r;

  if (dir == NULL)
    return;
  reset_settings ();
  run_open (&r, DMK_KIND_SWEEP, dir);
  g_assert_true (iterate_until (room_known, &r));
  g_test_message ("room on the small filesystem: %" G_GUINT64_FORMAT " MiB",
                  dmk_target_chooser_get_room (r.win->target_chooser) >> 20);
  g_assert_cmpuint (dmk_target_chooser_get_room (r.win->target_chooser), <, 512 * MIB);
  /* The list says, before any run, which sizes do not fit: opened with a real click. */
  size = size_dropdown (GTK_WIDGET (r.view));
  g_assert_nonnull (size);
  g_assert_true (gtk_widget_has_css_class (size, "warning"));
  g_assert_true (pointer_click_on (size));
  popover = popover_of (size);
  g_assert_nonnull (popover);
  g_assert_true (iterate_until (widget_shown, popover));
  settle ();
  g_assert_nonnull (find_label_prefix (popover, "more than the "));
  gtk_popover_popdown (GTK_POPOVER (popover));
  /* 256 MiB is chosen; a sweep of 4 KiB to 64 KiB runs to its end. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (size), 4);
  g_assert_false (gtk_widget_has_css_class (size, "warning"));
  choose (r.view, "Smallest block size", 3);
  choose (r.view, "Largest block size", 7);
  choose (r.view, "Directions", 1);
  if (run_start (&r))
    {
      g_assert_true (iterate_until (stopped, &r));
      g_assert_cmpstr (dmk_scan_view_get_status (r.view), ==, "Finished");
      result = dmk_scan_view_get_result (r.view);
      g_assert_nonnull (result);
      g_assert_cmpuint (result->tests->len, ==, 5);
      g_assert_cmpuint (result->settings.size_bytes, ==, 256 * MIB);
    }
  run_close (&r);
  slow_folder_done ();
}

/* ---- a run that ends unseen: the desktop is told, with the numbers ---- */

static gboolean
notification_arrived (gpointer data)
{
  return dmk_test_session_n_notified () > GPOINTER_TO_UINT (data);
}

static gboolean
inactive (gpointer data)
{
  return !gtk_window_is_active (GTK_WINDOW (data));
}

/* The user looks at another window while the run goes on: a real X focus change. */
static gboolean
look_elsewhere (GtkWindow *other)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (other));
  g_autofree char *xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  const char *args[] = { "windowfocus", "--sync", xid, NULL };

  return xdotool (args);
}

static void
check_notified (DmkResultKind kind, const char *dir, const char *summary, const char *words)
{
  GtkWidget *other = gtk_window_new ();
  guint before = dmk_test_session_n_notified ();
  g_autofree char *last = NULL;
  Run r;

  reset_settings ();
  set_tiny ("classic");
  g_settings_set_string (dmk_test_settings (), "mode", "read");
  g_settings_set_int (dmk_test_settings (), "sweep-size-mib", 16);
  run_open (&r, kind, dir);
  if (kind == DMK_KIND_SWEEP)
    {
      choose (r.view, "Smallest block size", 3);
      choose (r.view, "Largest block size", 4);
      choose (r.view, "Directions", 1);
    }
  if (!run_start (&r))
    {
      gtk_window_destroy (GTK_WINDOW (other));
      run_close (&r);
      return;
    }
  gtk_window_present (GTK_WINDOW (other));
  g_assert_true (iterate_until (widget_shown, other));
  g_assert_true (look_elsewhere (GTK_WINDOW (other)));
  g_assert_true (iterate_until (inactive, r.win));
  g_assert_true (iterate_until (stopped, &r));
  g_assert_true (iterate_until (notification_arrived, GUINT_TO_POINTER (before)));
  last = dmk_test_session_last_notified ();
  g_test_message ("notified: %s", last);
  g_assert_true (g_str_has_prefix (last, summary));
  g_assert_nonnull (strstr (last, words));
  gtk_window_destroy (GTK_WINDOW (other));
  run_close (&r);
}

static void
test_notified_unseen (void)
{
  g_autofree char *dir = make_target_dir ();

  check_notified (DMK_KIND_GRID, dir, "Benchmark Finished\nSEQ1M Q1T1 · Read ", "MB/s");
  check_notified (DMK_KIND_SWEEP, dir, "Block-Size Sweep Finished\n", "block sizes");
  g_rmdir (dir);
}

/* ---- the window's list in the CLI's words ---- */

static GHashTable *
cli_descriptions (const char *folder)
{
  const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "targets", "--json", folder, NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  GHashTable *map = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const char *const lists[] = { "folders", "devices" };
  JsonObject *root;

  g_assert_cmpint (dmk_test_run_tool (argv, &out), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    {
      JsonArray *a = json_object_get_array_member (root, lists[l]);

      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          JsonObject *o = json_array_get_object_element (a, i);
          g_hash_table_insert (map, g_strdup (json_object_get_string_member (o, "path")),
                               g_strdup (json_object_get_string_member (o, "description")));
        }
    }
  return map;
}

/* Whether a filesystem is mounted at path now. */
static gboolean
still_mounted (const char *path)
{
  GUnixMountEntry *m = g_unix_mount_at (path, NULL);

  if (m == NULL)
    return FALSE;
  g_unix_mount_free (m);
  return TRUE;
}

static gboolean
listed_described (gpointer data)
{
  Run *r = data;
  GListModel *model = gtk_drop_down_get_model (
    GTK_DROP_DOWN (dmk_window_get_target_dropdown (r->win)));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (dmk_target_item_get_path (item), r->dir) == 0)
        return dmk_target_item_get_place (item) != NULL;
    }
  return FALSE;
}

/* Compares the window's list with the CLI's words, asked now; the number of places whose words
 * differ (each told), or, on the last try (strict), fails at the first. */
static guint
places_differ (Run *r, const char *dir, gboolean strict, guint *compared, guint *devices)
{
  g_autoptr (GHashTable) before = NULL, cli = NULL;
  GListModel *model;
  guint differ = 0;

  /* The list as a scan made it after the loop device came, and the CLI's words just before and
   * just after it: the window's words are one of the two where nothing else changed twice. */
  before = cli_descriptions (dir);
  dmk_window_refresh_devices (r->win);
  for (int i = 0; i < 20; i++)
    settle ();
  cli = cli_descriptions (dir);
  *compared = *devices = 0;
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (dmk_window_get_target_dropdown (r->win)));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);
      const char *path = dmk_target_item_get_path (item);
      const char *said = path != NULL ? g_hash_table_lookup (cli, path) : NULL;

      if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_CHOOSER)
        continue;
      g_test_message ("%s: window “%s”, CLI “%s”", path, dmk_target_item_get_subtitle (item),
                      said);
      if (said == NULL && dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_FOLDER &&
          g_strcmp0 (path, dir) != 0 && !still_mounted (path))
        {
          /* Another test's filesystem (the GUI tests run side by side), mounted when the window
           * listed it and gone when the CLI was asked: nothing to compare. */
          g_test_message ("%s: unmounted meanwhile", path);
          continue;
        }
      g_assert_nonnull (said);
      if (g_strcmp0 (dmk_target_item_get_subtitle (item), said) != 0 &&
          g_strcmp0 (dmk_target_item_get_subtitle (item), g_hash_table_lookup (before, path)) == 0)
        said = g_hash_table_lookup (before, path);
      if (!strict && g_strcmp0 (dmk_target_item_get_subtitle (item), said) != 0)
        {
          /* A filesystem the other tests write to fills between the two askings (CI met the
           * root filesystem at 23 % in the window and 32 % in the CLI): asked again. */
          differ++;
          continue;
        }
      g_assert_cmpstr (dmk_target_item_get_subtitle (item), ==, said);
      (*compared)++;
      *devices += dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_DEVICE;
    }
  return differ;
}

static void
test_places_as_cli (void)
{
  g_autofree char *dir = make_target_dir ();
  guint compared = 0, devices = 0;
  Run r;

  if (!dmk_test_loop_setup (77))
    g_test_message ("no loop device: folders only");
  reset_settings ();
  run_open (&r, DMK_KIND_GRID, dir);
  g_assert_true (iterate_until (listed_described, &r));
  /* The same words, asked at the same moment: three tries, the last one strict. */
  for (int attempt = 0; attempt < 3; attempt++)
    if (places_differ (&r, dir, attempt == 2, &compared, &devices) == 0)
      break;
  /* The chosen folder is there, in the same words; and a device when there is one. */
  g_assert_cmpuint (compared, >=, 2);
  if (dmk_test_loop != NULL)
    g_assert_cmpuint (devices, >=, 1);
  run_close (&r);
  dmk_test_loop_cleanup ();
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  gboolean session = dmk_test_session_start ();

  if (!dmk_test_gui_init (&argc, &argv, "window-runs"))
    return g_test_run ();
  dmk_test_loop_cleanup_on_signals (NULL);
  if (!session)
    g_error ("dbus-daemon (dbus-daemon package) could not start a session bus");
  app = test_application ();
  g_test_add_func ("/window-runs/stop/grid", test_grid_stops);
  g_test_add_func ("/window-runs/stop/sweep", test_sweep_stops);
  g_test_add_func ("/window-runs/stop/sustained", test_sustained_stops);
  g_test_add_func ("/window-runs/stop/surface", test_surface_stops);
  g_test_add_func ("/window-runs/close-asks", test_close_asks);
  g_test_add_func ("/window-runs/sweep-small-filesystem", test_sweep_small_filesystem);
  g_test_add_func ("/window-runs/places-as-cli", test_places_as_cli);
  g_test_add_func ("/window-runs/notified-unseen", test_notified_unseen);
  return g_test_run ();
}
