/* test-window-capacity.c: the window's data checks: Check Capacity… says what it will do and
 * writes nothing before the user's word (a folder's free space, a device's own question), runs
 * in the window's run controller off the UI thread (suspend inhibited meanwhile, seen by a
 * session manager on a bus of the test's own; closing the window asks), leaves nothing behind,
 * Stop stops it; Verify Data runs verified, and a result with mismatches shows its warning in
 * red. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "dmk-capacity-dialog.h"
#include "dmk-test-gui.h"
#include "dmk-test-loop.h"
#include "dmk-test-session.h"

/* The windows here belong to the application, as the user's do: suspend is inhibited through
 * it. */
static DmkApplication *app;


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

/* The check ran and the dialog says how it ended (a pointer click lands a moment later: not
 * being running yet is no end). */
static gboolean
check_ended (gpointer dialog)
{
  return !dmk_capacity_dialog_get_running (dialog) &&
         dmk_capacity_dialog_get_verdict (dialog) != NULL;
}

static gboolean
dialog_gone (gpointer data)
{
  return find_dialog () == NULL;
}

/* The machine may sleep again: no inhibitor of suspend is held. */
static gboolean
awake_released (gpointer data)
{
  return dmk_test_session_inhibitors () == 0;
}

static void
on_finalized (gpointer data, GObject *where_the_object_was)
{
  *(gboolean *) data = TRUE;
}

static guint64
free_bytes (const char *dir)
{
  struct statvfs v;

  g_assert_cmpint (statvfs (dir, &v), ==, 0);
  return (guint64) v.f_bavail * v.f_frsize;
}

/* Check Capacity… as the menu opens it: its dialog, asking. */
static DmkCapacityDialog *
open_dialog (DmkWindow *win)
{
  DmkCapacityDialog *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (win), "check-capacity", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (iterate_until (widget_shown, dmk_capacity_dialog_get_start_button (dialog)));
  g_test_message ("asked: %s / %s", dmk_capacity_dialog_get_question (dialog),
                  dmk_capacity_dialog_get_explanation (dialog));
  return dialog;
}

/* A folder: the dialog says which filesystem's free space it fills, how much, and the margin it
 * leaves, and writes nothing before the user's word; then the check runs in the window's run
 * controller (the window is running meanwhile), off the UI thread, and leaves nothing behind. */
static void
test_folder (void)
{
  DmkWindow *win;
  DmkCapacityDialog *dialog;
  const DmkCapacityReport *r;
  g_autofree char *margin = NULL;
  guint64 free_before;

  if (!dmk_test_tmpfs_setup ("48m"))
    return;
  reset_settings ();
  win = new_app_window (app, dmk_test_tmpfs);
  free_before = free_bytes (dmk_test_tmpfs);
  dialog = open_dialog (win);
  margin = dmk_format_size (dmk_capacity_folder_margin ((guint64) 48 << 20, 0));
  g_assert_nonnull (strstr (dmk_capacity_dialog_get_question (dialog), dmk_test_tmpfs));
  g_assert_nonnull (strstr (dmk_capacity_dialog_get_explanation (dialog), "tmpfs"));
  g_assert_nonnull (strstr (dmk_capacity_dialog_get_explanation (dialog), margin));
  settle ();
  g_assert_cmpuint (free_bytes (dmk_test_tmpfs), ==, free_before);
  g_assert_false (dmk_window_is_running (win));

  click (dmk_capacity_dialog_get_start_button (dialog));
  g_assert_true (dmk_window_is_running (win));
  /* The machine stays awake for the check: one inhibitor, for suspend. */
  g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 1);
  g_assert_true (iterate_until (check_ended, dialog));
  g_assert_false (dmk_window_is_running (win));
  g_assert_true (iterate_until (awake_released, NULL));
  r = dmk_capacity_dialog_get_report (dialog);
  g_assert_nonnull (r);
  g_assert_true (dmk_capacity_report_passed (r));
  g_assert_cmpuint (r->written_bytes, >, (guint64) 30 << 20);
  g_assert_cmpuint (r->margin_bytes, ==, dmk_capacity_folder_margin ((guint64) 48 << 20, 0));
  g_assert_true (g_str_has_prefix (dmk_capacity_dialog_get_verdict (dialog), "OK"));
  /* The rate chart drew both phases as they went. */
  g_assert_cmpuint (dmk_capacity_chart_get_n_points (dmk_capacity_dialog_get_chart (dialog),
                                                     DMK_CAPACITY_WRITING), >, 0);
  g_assert_cmpuint (dmk_capacity_chart_get_n_points (dmk_capacity_dialog_get_chart (dialog),
                                                     DMK_CAPACITY_READING), >, 0);
  g_assert_cmpfloat (dmk_capacity_chart_get_peak (dmk_capacity_dialog_get_chart (dialog)), >, 0);
  g_assert_cmpuint (count_entries (dmk_test_tmpfs), ==, 0);
  g_assert_cmpuint (free_bytes (dmk_test_tmpfs), ==, free_before);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  destroy_window (win);
  dmk_test_tmpfs_cleanup ();
}

/* Cancel (and Escape) before the user's word: nothing written, nothing run. */
static void
test_folder_cancel (void)
{
  DmkWindow *win;
  DmkCapacityDialog *dialog;
  guint64 free_before;

  if (!dmk_test_tmpfs_setup ("48m"))
    return;
  reset_settings ();
  win = new_app_window (app, dmk_test_tmpfs);
  free_before = free_bytes (dmk_test_tmpfs);
  dialog = open_dialog (win);
  g_assert_true (pointer_click_on (dmk_capacity_dialog_get_cancel_button (dialog)));
  g_assert_true (iterate_until (dialog_gone, NULL));
  dialog = open_dialog (win);
  g_assert_true (press_key (GTK_WIDGET (dialog), "Escape"));
  g_assert_true (iterate_until (dialog_gone, NULL));
  settle ();
  g_assert_false (dmk_window_is_running (win));
  g_assert_cmpuint (free_bytes (dmk_test_tmpfs), ==, free_before);
  g_assert_cmpuint (count_entries (dmk_test_tmpfs), ==, 0);
  destroy_window (win);
  dmk_test_tmpfs_cleanup ();
}

/* Stop by a pointer click on it: the check ends at once, and nothing is left behind. */
static void
test_stop (void)
{
  DmkWindow *win;
  DmkCapacityDialog *dialog;

  if (!dmk_test_tmpfs_setup ("512m"))
    return;
  reset_settings ();
  win = new_app_window (app, dmk_test_tmpfs);
  dialog = open_dialog (win);
  click (dmk_capacity_dialog_get_start_button (dialog));
  g_assert_true (iterate_until (widget_shown, dmk_capacity_dialog_get_stop_button (dialog)));
  if (dmk_capacity_dialog_get_running (dialog))
    g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 1);
  g_assert_true (pointer_click_on (dmk_capacity_dialog_get_stop_button (dialog)));
  g_assert_true (iterate_until (check_ended, dialog));
  g_assert_true (iterate_until (awake_released, NULL));
  /* A 48 MiB tmpfs may be checked before the click lands: then it is whole, else stopped. */
  if (dmk_capacity_dialog_get_report (dialog) == NULL)
    g_assert_cmpstr (dmk_capacity_dialog_get_verdict (dialog), ==, "Stopped");
  g_assert_false (dmk_window_is_running (win));
  g_assert_cmpuint (count_entries (dmk_test_tmpfs), ==, 0);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  destroy_window (win);
  dmk_test_tmpfs_cleanup ();
}

/* Closing the window while the check runs asks first; "Stop and Close" ends the check, the
 * window and its dialog go, suspend is allowed again and nothing is left behind. */
static void
test_window_close_asks (void)
{
  gboolean gone = FALSE;
  AdwMessageDialog *question;
  DmkCapacityDialog *dialog;
  DmkWindow *win;

  if (!dmk_test_tmpfs_setup ("48m"))
    return;
  reset_settings ();
  win = new_app_window (app, dmk_test_tmpfs);
  dialog = open_dialog (win);
  click (dmk_capacity_dialog_get_start_button (dialog));
  /* No main loop turn since the click: the check has not ended. */
  gtk_window_close (GTK_WINDOW (win));
  question = dmk_window_get_close_dialog (win);
  g_assert_nonnull (question);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==,
                   "Stop the Capacity Check and Close?");
  g_assert_true (dmk_capacity_dialog_get_running (dialog));
  g_assert_cmpuint (dmk_test_session_inhibitors (), ==, 1);
  g_object_weak_ref (G_OBJECT (win), on_finalized, &gone);
  adw_message_dialog_response (question, "stop");
  g_assert_true (iterate_until (flag_set, &gone));
  g_assert_true (iterate_until (dialog_gone, NULL));
  g_assert_true (iterate_until (awake_released, NULL));
  g_assert_cmpuint (count_entries (dmk_test_tmpfs), ==, 0);
  dmk_test_tmpfs_cleanup ();
}

/* A device asks its own question, naming it, even when write tests are allowed; nothing is
 * written before the answer (Cancel leaves it as it was), and the answer checks it whole. */
static void
test_device_asks (void)
{
  g_autofree char *before = NULL, *after = NULL;
  DmkWindow *win;
  DmkCapacityDialog *dialog;
  const DmkCapacityReport *r;

  if (!dmk_test_loop_setup_sized (DMK_TEST_IMAGE_SIZE))
    return;
  before = dmk_test_loop_checksum ();
  reset_settings ();
  win = new_app_window (app, dmk_test_loop);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  dialog = open_dialog (win);
  g_assert_nonnull (strstr (dmk_capacity_dialog_get_question (dialog), dmk_test_loop));
  g_assert_nonnull (strstr (dmk_capacity_dialog_get_explanation (dialog), "64 MiB"));
  g_assert_nonnull (strstr (dmk_capacity_dialog_get_explanation (dialog), "destroyed"));
  g_assert_true (gtk_widget_get_sensitive (dmk_capacity_dialog_get_start_button (dialog)));
  g_assert_true (pointer_click_on (dmk_capacity_dialog_get_cancel_button (dialog)));
  g_assert_true (iterate_until (dialog_gone, NULL));
  settle ();
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  dialog = open_dialog (win);
  g_assert_true (pointer_click_on (dmk_capacity_dialog_get_start_button (dialog)));
  g_assert_true (iterate_until (check_ended, dialog));
  r = dmk_capacity_dialog_get_report (dialog);
  g_assert_nonnull (r);
  g_assert_true (dmk_capacity_report_passed (r));
  g_assert_cmpuint (r->claimed_bytes, ==, DMK_TEST_IMAGE_SIZE);
  g_assert_cmpuint (r->usable_bytes, ==, DMK_TEST_IMAGE_SIZE);
  /* Write tests stay as they were: the check's answer was for the check only. */
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
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
  win = new_app_window (app, dir);
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
  win = new_app_window (app, dir);
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
  gboolean session = dmk_test_session_start ();

  if (!dmk_test_gui_init (&argc, &argv, "window-capacity"))
    return g_test_run ();
  if (!session)
    g_error ("dbus-daemon (dbus-daemon package) could not start a session bus");
  dmk_test_loop_cleanup_on_signals (dmk_test_tmpfs_cleanup);
  app = test_application ();
  g_test_add_func ("/window-capacity/folder", test_folder);
  g_test_add_func ("/window-capacity/folder-cancel", test_folder_cancel);
  g_test_add_func ("/window-capacity/stop", test_stop);
  g_test_add_func ("/window-capacity/window-close-asks", test_window_close_asks);
  g_test_add_func ("/window-capacity/device-asks", test_device_asks);
  g_test_add_func ("/window-capacity/verify", test_verify);
  return g_test_run ();
}
