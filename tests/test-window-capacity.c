/* test-window-capacity.c: the window's data checks (issue 25): Check Capacity… on a folder, off
 * the UI thread, leaves nothing behind, Stop stops it, a device is never written without consent;
 * Verify Data runs verified, and a result with mismatches shows its warning in red. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "dmk-capacity-dialog.h"
#include "dmk-test-gui.h"
#include "dmk-test-loop.h"


static DmkCapacityDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (DMK_IS_CAPACITY_DIALOG (w))
        return DMK_CAPACITY_DIALOG (w);
    }
  return NULL;
}

static gboolean
check_ended (gpointer dialog)
{
  return !dmk_capacity_dialog_get_running (dialog);
}

static gboolean
dialog_gone (gpointer data)
{
  return find_dialog () == NULL;
}

static void
test_folder (void)
{
  DmkWindow *win;
  DmkCapacityDialog *dialog;
  const DmkCapacityReport *r;

  if (!dmk_test_tmpfs_setup ("48m"))
    return;
  reset_settings ();
  win = new_window (dmk_test_tmpfs);
  g_action_group_activate_action (G_ACTION_GROUP (win), "check-capacity", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (iterate_until (check_ended, dialog));
  r = dmk_capacity_dialog_get_report (dialog);
  g_assert_nonnull (r);
  g_assert_true (dmk_capacity_report_passed (r));
  g_assert_cmpuint (r->written_bytes, >, (guint64) 40 << 20);
  g_assert_true (g_str_has_prefix (dmk_capacity_dialog_get_verdict (dialog), "OK"));
  /* The rate chart drew both phases as they went. */
  g_assert_cmpuint (dmk_capacity_chart_get_n_points (dmk_capacity_dialog_get_chart (dialog),
                                                     DMK_CAPACITY_WRITING), >, 0);
  g_assert_cmpuint (dmk_capacity_chart_get_n_points (dmk_capacity_dialog_get_chart (dialog),
                                                     DMK_CAPACITY_READING), >, 0);
  g_assert_cmpfloat (dmk_capacity_chart_get_peak (dmk_capacity_dialog_get_chart (dialog)), >, 0);
  g_assert_cmpuint (count_entries (dmk_test_tmpfs), ==, 0);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  destroy_window (win);
  dmk_test_tmpfs_cleanup ();
}

static void
test_stop (void)
{
  DmkWindow *win;
  DmkCapacityDialog *dialog;

  if (!dmk_test_tmpfs_setup ("48m"))
    return;
  reset_settings ();
  win = new_window (dmk_test_tmpfs);
  g_action_group_activate_action (G_ACTION_GROUP (win), "check-capacity", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  dmk_capacity_dialog_stop (dialog);
  g_assert_true (iterate_until (check_ended, dialog));
  g_assert_null (dmk_capacity_dialog_get_report (dialog));
  g_assert_cmpstr (dmk_capacity_dialog_get_verdict (dialog), ==, "Stopped");
  g_assert_cmpuint (count_entries (dmk_test_tmpfs), ==, 0);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  destroy_window (win);
  dmk_test_tmpfs_cleanup ();
}

static gboolean
allow_dialog_gone (gpointer win)
{
  return dmk_window_get_allow_dialog (win) == NULL;
}

/* With the window's own consent (its destroy-data question), the device is checked whole. */
static void
test_device_with_consent (void)
{
  DmkWindow *win;
  DmkCapacityDialog *dialog;
  const DmkCapacityReport *r;

  if (!dmk_test_loop_setup_sized (DMK_TEST_IMAGE_SIZE))
    return;
  reset_settings ();
  set_tiny ("demo");
  win = new_window (NULL);
  select_device (win, dmk_test_loop);
  g_action_group_activate_action (G_ACTION_GROUP (win), "allow-device-writes", NULL);
  g_assert_nonnull (dmk_window_get_allow_dialog (win));
  adw_message_dialog_response (dmk_window_get_allow_dialog (win), "destroy");
  g_assert_true (iterate_until (allow_dialog_gone, win));
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  /* The consent starts a run; it is stopped, as it does not matter here. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (iterate_until (not_running, win));

  g_action_group_activate_action (G_ACTION_GROUP (win), "check-capacity", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (iterate_until (check_ended, dialog));
  r = dmk_capacity_dialog_get_report (dialog);
  g_assert_nonnull (r);
  g_assert_true (dmk_capacity_report_passed (r));
  g_assert_cmpuint (r->claimed_bytes, ==, DMK_TEST_IMAGE_SIZE);
  g_assert_cmpuint (r->usable_bytes, ==, DMK_TEST_IMAGE_SIZE);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  destroy_window (win);
  dmk_test_loop_cleanup ();
}

/* Without the consent write tests need, a device is refused with a reason and left as it was. */
static void
test_device_needs_consent (void)
{
  g_autofree char *before = NULL, *after = NULL;
  DmkWindow *win;

  if (!dmk_test_loop_setup_sized (DMK_TEST_IMAGE_SIZE))
    return;
  before = dmk_test_loop_checksum ();
  reset_settings ();
  win = new_window (dmk_test_loop);
  g_assert_cmpstr (dmk_window_get_target_path (win), ==, dmk_test_loop);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_action_group_activate_action (G_ACTION_GROUP (win), "check-capacity", NULL);
  g_assert_null (find_dialog ());
  g_assert_nonnull (dmk_window_get_error_dialog (win));
  settle ();
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);
  destroy_window (win);
  dmk_test_loop_cleanup ();
}

/* Verify Data (the "verify" key) gives a verified run: every block read counted, none wrong. */
static DmkResult *
verified_run (const char *dir)
{
  DmkWindow *win;
  DmkResult *r;

  reset_settings ();
  set_tiny ("demo");
  g_settings_set_boolean (dmk_test_settings (), "verify", TRUE);
  win = new_window (dir);
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  r = dmk_result_ref (dmk_window_get_last_result (win));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (win->warnings_label), "error"));
  destroy_window (win);
  return r;
}

static void
test_verify (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *file = g_build_filename (dir, "bad.json", NULL);
  g_autoptr (DmkResult) r = verified_run (dir);
  g_autoptr (GFile) saved = g_file_new_for_path (file);
  g_autoptr (GError) error = NULL;
  DmkWindow *win;

  g_assert_true (r->settings.verify);
  g_assert_cmpuint (r->verify.checked, >=, (16 << 20) / DMK_STAMP_SIZE);
  g_assert_cmpuint (r->verify.bad, ==, 0);
  g_assert_cmpuint (count_entries (dir), ==, 0);

  /* The same result as a drive that lost data would give it: red where its warnings are. */
  r->verify.bad = 2;
  r->verify.has_bad = TRUE;
  r->verify.first_bad = 8192;
  g_ptr_array_add (r->warnings, g_strdup ("Verify failed: 2 blocks"));
  g_assert_true (dmk_result_save (r, file, &error));
  win = new_window (dir);
  g_assert_true (dmk_window_open_file (win, saved, &error));
  g_assert_no_error (error);
  settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (win->warnings_label)));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (win->warnings_label), "error"));
  destroy_window (win);
  g_unlink (file);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  if (!dmk_test_gui_init (&argc, &argv, "window-capacity"))
    return g_test_run ();
  dmk_test_loop_cleanup_on_signals (dmk_test_tmpfs_cleanup);
  test_application ();
  g_test_add_func ("/window-capacity/folder", test_folder);
  g_test_add_func ("/window-capacity/stop", test_stop);
  g_test_add_func ("/window-capacity/device-needs-consent", test_device_needs_consent);
  g_test_add_func ("/window-capacity/device-with-consent", test_device_with_consent);
  g_test_add_func ("/window-capacity/verify", test_verify);
  return g_test_run ();
}
