/* test-window-iozone.c: the window's iozone Sweep… (issue 26): opened from the Drive menu's
 * action, a tiny sweep of a real folder to the end whose heat map shows the table's numbers;
 * Stop by a real pointer click before the first result, mid-sweep and on the last file size, and
 * a close mid-run, each leaving the window idle and the folder empty; the sweep runs in the
 * window's run controller (issue 45): suspend inhibited while it runs (a session manager on a
 * bus of the test's own counts it), and closing the window asks; Save as CSV and .ods read back;
 * and a device's writes only with the window's consent. */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dmk-iozone-dialog.h"
#include "dmk-test-gui.h"
#include "dmk-test-loop.h"
#include "dmk-test-session.h"

/* The windows here belong to the application, as the user's do: suspend is inhibited through
 * it. */
static DmkApplication *app;

static DmkIozoneDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (DMK_IS_IOZONE_DIALOG (w))
        return DMK_IOZONE_DIALOG (w);
    }
  return NULL;
}

static gboolean
dialog_gone (gpointer data)
{
  return find_dialog () == NULL;
}

static gboolean
sweep_ended (gpointer dialog)
{
  return !dmk_iozone_dialog_get_running (dialog);
}

/* The machine may sleep again: no inhibitor of suspend is held. */
static gboolean
awake_released (gpointer data)
{
  return dmk_test_session_inhibitors () == 0;
}

/* Whether the menu model (and its submenus and sections) has an item for action. */
static gboolean
menu_has_action (GMenuModel *model, const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *a = NULL;
      g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      GMenuModel *child;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &a) &&
          g_strcmp0 (a, action) == 0)
        return TRUE;
      while (g_menu_link_iter_get_next (links, NULL, &child))
        {
          gboolean found = menu_has_action (child, action);
          g_object_unref (child);
          if (found)
            return TRUE;
        }
    }
  return FALSE;
}

/* The dialog as the menu opens it: the window's action, for its current target. */
static DmkIozoneDialog *
open_dialog (DmkWindow *win)
{
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/gdiskmark/GDiskMark/dmk-menus.ui");
  DmkIozoneDialog *dialog;

  g_assert_true (menu_has_action (G_MENU_MODEL (gtk_builder_get_object (builder, "primary_menu")),
                                  "win.iozone-sweep"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "iozone-sweep"));
  g_action_group_activate_action (G_ACTION_GROUP (win), "iozone-sweep", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (iterate_until (widget_shown, dmk_iozone_dialog_get_start_button (dialog)));
  return dialog;
}

/* Only the operations of mask are checked. */
static void
choose_ops (DmkIozoneDialog *dialog, const char *ops)
{
  guint mask = 0;

  g_assert_true (dmk_iozone_ops_parse (ops, &mask, NULL));
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    gtk_check_button_set_active (dmk_iozone_dialog_get_op_button (dialog, op),
                                 (mask & (1u << op)) != 0);
}

static void
close_dialog (DmkIozoneDialog *dialog)
{
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
}

/* Idle again after a stop: Start says Start, the controls and the window's action are back. */
static void
assert_idle (DmkWindow *win, DmkIozoneDialog *dialog, const char *dir)
{
  if (dialog != NULL)
    {
      GtkWidget *start = dmk_iozone_dialog_get_start_button (dialog);

      g_assert_false (dmk_iozone_dialog_get_running (dialog));
      g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (start)), ==, "_Start");
      g_assert_true (gtk_widget_is_sensitive (
        GTK_WIDGET (dmk_iozone_dialog_get_op_button (dialog, DMK_IOZONE_READ))));
    }
  g_assert_true (DMK_IS_WINDOW (win));
  g_assert_false (dmk_window_is_running (win));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "iozone-sweep"));
  if (dir != NULL)
    g_assert_cmpuint (count_entries (dir), ==, 0);
}

/* Every operation's map shows the table's numbers, cell by cell, and says them. */
static void
assert_map_is_table (DmkIozoneDialog *dialog)
{
  DmkIozoneTable *t = dmk_iozone_dialog_get_table (dialog);
  DmkIozoneHeatmap *map = dmk_iozone_dialog_get_heatmap (dialog);

  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    {
      if ((t->mask & (1u << op)) == 0)
        continue;
      gtk_drop_down_set_selected (dmk_iozone_dialog_get_op_chooser (dialog), op);
      g_assert_cmpint (dmk_iozone_heatmap_get_op (map), ==, op);
      g_assert_cmpuint (dmk_iozone_heatmap_get_n_files (map), ==, t->n_files);
      g_assert_cmpuint (dmk_iozone_heatmap_get_n_records (map), ==, t->n_records);
      g_assert_nonnull (strstr (dmk_iozone_heatmap_get_description (map),
                                dmk_iozone_op_title (op)));
      for (guint f = 0; f < t->n_files; f++)
        for (guint r = 0; r < t->n_records; r++)
          {
            double want = *dmk_iozone_table_cell (t, op, f, r);
            double got = dmk_iozone_heatmap_get_value (map, f, r);
            g_autofree char *text = dmk_iozone_heatmap_get_cell_text (map, f, r);

            if (t->records[r] > t->files[f])
              {
                g_assert_cmpstr (text, ==, "—");
                continue;
              }
            g_assert_false (isnan (want));
            g_assert_cmpfloat (got, ==, want);
            {
              g_autofree char *shown = dmk_unit_format (DMK_UNIT_MB_S, want);
              g_assert_cmpstr (text, ==, shown);
              /* A screen reader hears the same number. */
              g_assert_nonnull (strstr (dmk_iozone_heatmap_get_description (map), shown));
            }
          }
      g_assert_cmpfloat (dmk_iozone_heatmap_get_scale_top (map), >, 0);
    }
}

static void
test_run (void)
{
  g_autofree char *dir = make_target_dir ();
  DmkIozoneDialog *dialog;
  DmkWindow *win;

  reset_settings ();
  win = new_app_window (app, dir);
  dialog = open_dialog (win);
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 32 << 20, 4 << 20, 32 << 20);
  choose_ops (dialog, "write,rewrite,read,reread,random-read");
  g_assert_false (gtk_widget_get_sensitive (dmk_iozone_dialog_get_save_button (dialog)));
  click (dmk_iozone_dialog_get_start_button (dialog));
  g_assert_true (dmk_iozone_dialog_get_running (dialog));
  g_assert_true (iterate_until (sweep_ended, dialog));
  g_test_message ("%s", dmk_iozone_dialog_get_status (dialog));
  g_assert_true (g_str_has_prefix (dmk_iozone_dialog_get_status (dialog), "Done: "));
  /* 2 file sizes × (4, 8, 16 and 32 MiB records, the 32 MiB one only in the 32 MiB file) × 5. */
  g_assert_cmpuint (dmk_iozone_dialog_get_n_measured (dialog), ==, (4 + 3) * 5);
  assert_map_is_table (dialog);
  g_assert_true (gtk_widget_get_sensitive (dmk_iozone_dialog_get_save_button (dialog)));
  assert_idle (win, dialog, dir);
  close_dialog (dialog);
  destroy_window (win);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- Stop by a real click, at three moments ---- */

static gboolean
started_no_result (gpointer dialog)
{
  return dmk_iozone_dialog_get_running (dialog) && dmk_iozone_dialog_get_status (dialog) != NULL &&
         g_str_has_prefix (dmk_iozone_dialog_get_status (dialog), "File size");
}

static gboolean
some_measured (gpointer dialog)
{
  return dmk_iozone_dialog_get_n_measured (dialog) > 0;
}

static gboolean
on_last_file (gpointer dialog)
{
  DmkIozoneTable *t = dmk_iozone_dialog_get_table (dialog);

  return t != NULL && dmk_iozone_dialog_get_file (dialog) == t->n_files - 1 &&
         g_str_has_prefix (dmk_iozone_dialog_get_status (dialog), "File size 2 of 2");
}

static guint
row_cells (DmkIozoneTable *t, guint f)
{
  guint n = 0;

  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    for (guint r = 0; r < t->n_records; r++)
      n += !isnan (*dmk_iozone_table_cell (t, op, f, r));
  return n;
}

/* The pointer off the button first: xdotool's "mousemove --sync" to where the pointer already is
 * waits for a motion that never comes. */
static void
pointer_away (GtkWidget *widget)
{
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  g_autofree char *xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  const char *args[] = { "mousemove", "--window", xid, "2", "2", NULL };

  g_assert_true (xdotool (args));
}

static void
stop_when (DmkWindow *win, DmkIozoneDialog *dialog, const char *dir, Cond when)
{
  GtkWidget *start = dmk_iozone_dialog_get_start_button (dialog);
  gint64 t0;

  click (start);
  g_assert_true (iterate_until (when, dialog));
  t0 = g_get_monotonic_time ();
  pointer_away (start);
  g_assert_true (dmk_iozone_dialog_get_running (dialog));
  /* The machine stays awake for the sweep: one inhibitor, for suspend. */
  g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 1);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (start)), ==, "_Stop");
  g_assert_true (pointer_click_on (start));
  g_assert_true (iterate_until (sweep_ended, dialog));
  g_assert_true (iterate_until (awake_released, NULL));
  g_test_message ("%s, %.3f s after the moment came", dmk_iozone_dialog_get_status (dialog),
                  (g_get_monotonic_time () - t0) / 1e6);
  g_assert_true (g_str_has_prefix (dmk_iozone_dialog_get_status (dialog), "Stopped: "));
  assert_idle (win, dialog, dir);
}

static void
test_stop (void)
{
  g_autofree char *dir = make_target_dir ();
  DmkIozoneDialog *dialog;
  DmkIozoneTable *t;
  DmkWindow *win;
  g_autofree char *tool = g_find_program_in_path ("xdotool");

  if (tool == NULL)
    {
      g_test_skip ("xdotool is not installed");
      g_rmdir (dir);
      return;
    }
  reset_settings ();
  win = new_app_window (app, dir);
  dialog = open_dialog (win);
  /* Small records first: the first cell takes a while, so a click lands before it. */
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 32 << 20, 4096, 1 << 20);
  choose_ops (dialog, "write,read");

  /* Before the first result. */
  stop_when (win, dialog, dir, started_no_result);
  g_assert_cmpuint (dmk_iozone_dialog_get_n_measured (dialog), ==, 0);

  /* Mid-sweep: some cells of the first file size, not all. */
  stop_when (win, dialog, dir, some_measured);
  t = dmk_iozone_dialog_get_table (dialog);
  g_assert_cmpuint (dmk_iozone_dialog_get_n_measured (dialog), >, 0);
  g_assert_cmpuint (row_cells (t, 0), <, 2 * t->n_records);
  /* What was measured can be saved. */
  g_assert_true (gtk_widget_get_sensitive (dmk_iozone_dialog_get_save_button (dialog)));

  /* On the last file size: the first row whole, the last one not. */
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 32 << 20, 4096, 1 << 20);
  stop_when (win, dialog, dir, on_last_file);
  t = dmk_iozone_dialog_get_table (dialog);
  g_assert_cmpuint (row_cells (t, 0), ==, 2 * t->n_records);
  g_assert_cmpuint (row_cells (t, 1), <, 2 * t->n_records);

  close_dialog (dialog);
  g_assert_true (DMK_IS_WINDOW (win));
  destroy_window (win);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
on_finalized (gpointer data, GObject *where_the_object_was)
{
  *(gboolean *) data = TRUE;
}

/* Closing mid-run (Escape) stops the sweep: the dialog goes (the sweep's last ref with it) and
 * nothing is left in the folder. */
static void
test_close_mid_run (void)
{
  g_autofree char *dir = make_target_dir ();
  gboolean finalized = FALSE;
  DmkIozoneDialog *dialog;
  DmkWindow *win;

  reset_settings ();
  win = new_app_window (app, dir);
  dialog = open_dialog (win);
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 64 << 20, 4096, 1 << 20);
  choose_ops (dialog, "all");
  g_object_weak_ref (G_OBJECT (dialog), on_finalized, &finalized);
  click (dmk_iozone_dialog_get_start_button (dialog));
  g_assert_true (iterate_until (started_no_result, dialog));
  /* As a keyboard closes it: Escape, a real key press, when xdotool is there. */
  if (!press_key (dmk_iozone_dialog_get_start_button (dialog), "Escape"))
    gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  g_assert_true (iterate_until (flag_set, &finalized));
  /* The window's run controller ends the sweep the dialog left, within a test's stop. */
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  assert_idle (win, NULL, dir);
  destroy_window (win);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Closing the window mid-sweep asks first, as for a benchmark; the sweep goes on meanwhile;
 * "Stop and Close" ends it, the window and its dialog go, and nothing is left in the folder. */
static void
test_window_close_asks (void)
{
  g_autofree char *dir = make_target_dir ();
  gboolean gone = FALSE;
  AdwMessageDialog *question;
  DmkIozoneDialog *dialog;
  DmkWindow *win;

  reset_settings ();
  win = new_app_window (app, dir);
  dialog = open_dialog (win);
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 64 << 20, 4096, 1 << 20);
  choose_ops (dialog, "write,read");
  click (dmk_iozone_dialog_get_start_button (dialog));
  g_assert_true (iterate_until (started_no_result, dialog));
  g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 1);
  gtk_window_close (GTK_WINDOW (win));
  question = dmk_window_get_close_dialog (win);
  g_assert_nonnull (question);
  g_test_message ("asked: %s", adw_message_dialog_get_heading (question));
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==,
                   "Stop the iozone Sweep and Close?");
  g_assert_true (dmk_iozone_dialog_get_running (dialog));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (win)));
  g_object_weak_ref (G_OBJECT (win), on_finalized, &gone);
  adw_message_dialog_response (question, "stop");
  g_assert_true (iterate_until (flag_set, &gone));
  g_assert_true (iterate_until (dialog_gone, NULL));
  g_assert_true (iterate_until (awake_released, NULL));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- Save ---- */

/* The .ods's cells as the CSV's lines (its dialect: CRLF), read by a real ODF reader (odfpy). */
static const char ods_as_csv[] =
  "import sys\n"
  "from odf.opendocument import load\n"
  "from odf.table import Table, TableRow, TableCell\n"
  "d = load(sys.argv[1])\n"
  "print('operation,file_bytes,record_bytes,mb_per_s', end='\\r\\n')\n"
  "for t in d.spreadsheet.getElementsByType(Table):\n"
  "    rows = [[c.getAttribute('value') for c in r.getElementsByType(TableCell)]\n"
  "            for r in t.getElementsByType(TableRow)]\n"
  "    recs = [int(float(v)) for v in rows[1][1:]]\n"
  "    for r in rows[2:]:\n"
  "        for i, v in enumerate(r[1:]):\n"
  "            if v is not None:\n"
  "                print('%s,%d,%d,%.3f' % (t.getAttribute('name'), int(float(r[0])) * 1024,\n"
  "                                         recs[i] * 1024, float(v)), end='\\r\\n')\n";

static void
test_save (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *out = g_dir_make_tmp ("gdiskmark-iozone-save-XXXXXX", NULL);
  g_autofree char *csv_path = g_build_filename (out, "sweep.csv", NULL);
  g_autofree char *ods_path = g_build_filename (out, "sweep.ods", NULL);
  g_autofree char *missing = g_build_filename (out, "gone", "sweep.ods", NULL);
  g_autofree char *csv = NULL, *want = NULL, *read_back = NULL;
  g_autoptr (GError) error = NULL;
  const char *probe[] = { "/usr/bin/python3", "-c", "import odf.opendocument", NULL };
  DmkIozoneDialog *dialog;
  DmkWindow *win;

  reset_settings ();
  win = new_app_window (app, dir);
  dialog = open_dialog (win);
  /* Nothing measured: nothing to save, and nothing written. */
  g_assert_false (dmk_iozone_dialog_save (dialog, csv_path, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (g_file_test (csv_path, G_FILE_TEST_EXISTS));
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 32 << 20, 1 << 20, 32 << 20);
  choose_ops (dialog, "write,read,stride");
  click (dmk_iozone_dialog_get_start_button (dialog));
  g_assert_true (iterate_until (sweep_ended, dialog));
  g_assert_true (g_str_has_prefix (dmk_iozone_dialog_get_status (dialog), "Done: "));

  want = dmk_iozone_table_to_csv (dmk_iozone_dialog_get_table (dialog));
  g_assert_true (dmk_iozone_dialog_save (dialog, csv_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_cmpstr (csv, ==, want);
  g_assert_true (dmk_iozone_dialog_save (dialog, ods_path, &error));
  g_assert_no_error (error);
  if (dmk_test_run_tool (probe, NULL) == 0)
    {
      const char *argv[] = { "/usr/bin/python3", "-c", ods_as_csv, ods_path, NULL };

      g_assert_cmpint (dmk_test_run_tool (argv, &read_back), ==, 0);
      g_assert_cmpstr (read_back, ==, want);
    }
  else
    g_test_message ("python3-odf is not installed: the .ods is not read back");
#if HAVE_XLSXWRITER
  {
    g_autofree char *xlsx = g_build_filename (out, "sweep.xlsx", NULL);

    g_assert_true (dmk_iozone_dialog_save (dialog, xlsx, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_test (xlsx, G_FILE_TEST_IS_REGULAR));
    g_unlink (xlsx);
  }
#endif
  /* Into a folder that is not there: an error, and no file. */
  g_assert_false (dmk_iozone_dialog_save (dialog, missing, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_unlink (csv_path);
  g_unlink (ods_path);
  g_assert_cmpuint (count_entries (out), ==, 0);
  g_assert_cmpint (g_rmdir (out), ==, 0);
  close_dialog (dialog);
  destroy_window (win);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- a device: reads only without consent ---- */

static gboolean
allow_dialog_gone (gpointer win)
{
  return dmk_window_get_allow_dialog (win) == NULL;
}

static void
test_device_consent (void)
{
  g_autofree char *before = NULL, *after = NULL;
  DmkIozoneDialog *dialog;
  DmkWindow *win;

  if (!dmk_test_loop_setup_sized (DMK_TEST_IMAGE_SIZE))
    return;
  before = dmk_test_loop_checksum ();
  reset_settings ();
  set_tiny ("demo");
  win = new_app_window (app, NULL);
  select_device (win, dmk_test_loop);
  g_assert_false (dmk_window_get_device_writes_allowed (win));

  /* Without consent: the writes cannot be chosen; a read sweep runs and writes nothing. */
  dialog = open_dialog (win);
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    {
      GtkCheckButton *b = dmk_iozone_dialog_get_op_button (dialog, op);
      gboolean write = op == DMK_IOZONE_WRITE || op == DMK_IOZONE_REWRITE ||
                       op == DMK_IOZONE_RANDOM_WRITE || op == DMK_IOZONE_RECORD_REWRITE ||
                       op == DMK_IOZONE_RANDOM_MIX || op == DMK_IOZONE_PWRITE ||
                       op == DMK_IOZONE_REPWRITE;

      g_assert_cmpint (gtk_widget_get_sensitive (GTK_WIDGET (b)), ==, !write);
      g_assert_cmpint (gtk_check_button_get_active (b), ==, !write);
    }
  g_assert_nonnull (dmk_test_find_label (GTK_WIDGET (dialog),
                                         "Only reads: writing to this device destroys its data "
                                         "and needs your consent first (main menu → Allow Write "
                                         "Tests on This Device…)."));
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 16 << 20, 1 << 20, 1 << 20);
  choose_ops (dialog, "write,read,reread");
  click (dmk_iozone_dialog_get_start_button (dialog));
  g_assert_true (iterate_until (sweep_ended, dialog));
  g_test_message ("%s", dmk_iozone_dialog_get_status (dialog));
  g_assert_true (g_str_has_prefix (dmk_iozone_dialog_get_status (dialog), "Done: "));
  /* The write was not run: read and re-read only. */
  g_assert_cmpuint (dmk_iozone_dialog_get_table (dialog)->mask, ==,
                    (1u << DMK_IOZONE_READ) | (1u << DMK_IOZONE_REREAD));
  g_assert_cmpuint (dmk_iozone_dialog_get_n_measured (dialog), ==, 2);
  close_dialog (dialog);
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* With the window's consent (its destroy-data question), the writes are there and run. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "allow-device-writes", NULL);
  g_assert_nonnull (dmk_window_get_allow_dialog (win));
  adw_message_dialog_response (dmk_window_get_allow_dialog (win), "destroy");
  g_assert_true (iterate_until (allow_dialog_gone, win));
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  /* The consent starts a run; it is stopped, as it does not matter here. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (iterate_until (not_running, win));
  dialog = open_dialog (win);
  g_assert_true (gtk_widget_get_sensitive (
    GTK_WIDGET (dmk_iozone_dialog_get_op_button (dialog, DMK_IOZONE_WRITE))));
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 16 << 20, 1 << 20, 1 << 20);
  choose_ops (dialog, "write,read");
  click (dmk_iozone_dialog_get_start_button (dialog));
  g_assert_true (iterate_until (sweep_ended, dialog));
  g_test_message ("%s", dmk_iozone_dialog_get_status (dialog));
  g_assert_true (g_str_has_prefix (dmk_iozone_dialog_get_status (dialog), "Done: "));
  g_assert_cmpuint (dmk_iozone_dialog_get_n_measured (dialog), ==, 2);
  close_dialog (dialog);
  destroy_window (win);
  dmk_test_loop_cleanup ();
}

/* The map of the default record sizes (4 KiB to 1 MiB, nine columns) shows whole in the dialog as
 * it opens: no column is cut off or left to a scroll bar that appears only under the pointer. */
static void
test_fits (void)
{
  g_autofree char *dir = make_target_dir ();
  DmkIozoneDialog *dialog;
  GtkWidget *map, *view;
  DmkWindow *win;
  int min = 0, natural = 0;

  reset_settings ();
  win = new_app_window (app, dir);
  dialog = open_dialog (win);
  dmk_iozone_dialog_set_bounds (dialog, 16 << 20, 16 << 20, 4096, 1 << 20);
  choose_ops (dialog, "read");
  click (dmk_iozone_dialog_get_start_button (dialog));
  g_assert_true (iterate_until (sweep_ended, dialog));
  g_assert_cmpuint (dmk_iozone_dialog_get_n_measured (dialog), ==, 9);
  map = GTK_WIDGET (dmk_iozone_dialog_get_heatmap (dialog));
  gtk_widget_measure (map, GTK_ORIENTATION_HORIZONTAL, -1, &min, &natural, NULL, NULL);
  view = gtk_widget_get_ancestor (map, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (view);
  g_test_message ("heat map %d px wide, its view %d px", natural, gtk_widget_get_width (view));
  g_assert_cmpint (gtk_widget_get_width (view), >=, natural);
  close_dialog (dialog);
  destroy_window (win);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  gboolean session = dmk_test_session_start ();

  if (!dmk_test_gui_init (&argc, &argv, "window-iozone"))
    return g_test_run ();
  if (!session)
    g_error ("dbus-daemon (dbus-daemon package) could not start a session bus");
  dmk_test_loop_cleanup_on_signals (NULL);
  app = test_application ();
  g_test_add_func ("/window-iozone/run", test_run);
  g_test_add_func ("/window-iozone/fits", test_fits);
  g_test_add_func ("/window-iozone/stop", test_stop);
  g_test_add_func ("/window-iozone/close-mid-run", test_close_mid_run);
  g_test_add_func ("/window-iozone/window-close-asks", test_window_close_asks);
  g_test_add_func ("/window-iozone/save", test_save);
  g_test_add_func ("/window-iozone/device-consent", test_device_consent);
  return g_test_run ();
}
