/* test-window-device.c: the window on block devices (issue 3/5), a real loop device under Xvfb:
 * read-only without consent, a mounted device in use, a folder never a device. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-application.h"
#include "dmk-core.h"
#include "dmk-fio.h"
#include "dmk-target-item.h"
#include "dmk-test-gui.h"
#include "dmk-test-loop.h"
#include "dmk-settings-map.h"
#include "dmk-window-private.h"

static void
assert_writes_blocked (DmkWindow *win, const char *why)
{
  for (guint r = 0; r < dmk_window_get_n_rows (win); r++)
    {
      DmkResultCell *cell = dmk_window_get_cell (win, r, DMK_DIRECTION_WRITE);
      const char *tip = gtk_widget_get_tooltip_text (GTK_WIDGET (cell));

      g_assert_cmpstr (dmk_window_get_cell_text (win, r, DMK_DIRECTION_WRITE), ==, "—");
      g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (cell)));
      g_assert_nonnull (dmk_result_cell_get_blocked (cell));
      g_assert_null (dmk_result_cell_get_result (cell));
      g_assert_nonnull (tip);
      g_assert_nonnull (strstr (tip, dmk_test_loop));
      g_assert_nonnull (strstr (tip, why));
      /* Reads stay available. */
      g_assert_true (gtk_widget_get_sensitive (
        GTK_WIDGET (dmk_window_get_cell (win, r, DMK_DIRECTION_READ))));
      g_assert_null (dmk_result_cell_get_blocked (dmk_window_get_cell (win, r,
                                                                       DMK_DIRECTION_READ)));
    }
}

static gboolean
pointer_cleared (gpointer data)
{
  return dmk_window_get_allow_dialog (data) == NULL;
}

static void
test_device_read_only (void)
{
  g_autoptr (GSettings) s = g_settings_new (APP_ID);
  g_autofree char *before = NULL, *after = NULL, *dir = NULL;
  GActionGroup *ag;
  AdwMessageDialog *dialog;
  DmkResult *result;
  DmkWindow *win;

  if (!dmk_test_loop_setup (4321))
    return;
  before = dmk_test_loop_checksum ();
  reset_settings ();
  set_tiny ("default");
  {
    g_autofree char *mode = g_settings_get_string (s, "mode");
    g_assert_cmpstr (mode, ==, "read-write");
  }
  win = new_window (NULL);
  ag = G_ACTION_GROUP (win);
  select_device (win, dmk_test_loop);
  g_assert_false (dmk_target_item_get_in_use (selected_item (win)));
  g_assert_nonnull (strstr (dmk_target_item_get_subtitle (selected_item (win)), "loop"));
  g_assert_null (strstr (dmk_target_item_get_subtitle (selected_item (win)), "in use"));

  /* Nothing confirmed: write cells are a dash that says why, and cannot be used. */
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  assert_writes_blocked (win, "allow them from the menu");
  g_assert_true (g_action_group_get_action_enabled (ag, "allow-device-writes"));

  /* All with read-write: only reads run, and the device is untouched. */
  click (dmk_window_get_all_button (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_nonnull (result);
  g_assert_cmpuint (result->tests->len, ==, 4);
  g_assert_cmpint (result->target.kind, ==, DMK_TARGET_BLOCK_DEVICE);
  for (guint r = 0; r < 4; r++)
    {
      const DmkTestResult *t =
        dmk_result_cell_get_result (dmk_window_get_cell (win, r, DMK_DIRECTION_READ));
      g_autofree char *want = NULL;

      g_assert_nonnull (t);
      g_assert_cmpint (((DmkTestResult *) result->tests->pdata[r])->direction, ==,
                       DMK_DIRECTION_READ);
      g_assert_cmpfloat (t->mb_per_s, >, 0);
      want = expected_text (DMK_UNIT_MB_S, t);
      g_assert_cmpstr (dmk_window_get_cell_text (win, r, DMK_DIRECTION_READ), ==, want);
    }
  assert_writes_blocked (win, "allow them from the menu");
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);

  /* The confirmation names the device, says what is lost, and defaults to Cancel. */
  g_action_group_activate_action (ag, "allow-device-writes", NULL);
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  {
    g_autofree char *size = dmk_format_size (dmk_target_item_get_size (selected_item (win)));
    const char *body = adw_message_dialog_get_body (dialog);

    g_assert_nonnull (strstr (body, dmk_test_loop));
    g_assert_nonnull (strstr (body, size));
    g_assert_nonnull (strstr (body, "Loop device"));
    g_assert_nonnull (strstr (body, "destroyed"));
  }
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  g_assert_true (adw_message_dialog_has_response (dialog, "destroy"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "destroy"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_response (dialog, "cancel");
  g_assert_true (iterate_until (pointer_cleared, win));
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  assert_writes_blocked (win, "allow them from the menu");
  g_assert_true (g_action_group_get_action_enabled (ag, "allow-device-writes"));

  /* "Destroy Data and Test" allows writes and runs what was asked for at once: all tests,
   * reads and writes, and the device is written. */
  g_action_group_activate_action (ag, "allow-device-writes", NULL);
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (iterate_until (pointer_cleared, win));
  g_assert_true (dmk_window_get_device_writes_allowed (win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_false (g_action_group_get_action_enabled (ag, "allow-device-writes"));
  for (guint r = 0; r < 4; r++)
    {
      DmkResultCell *cell = dmk_window_get_cell (win, r, DMK_DIRECTION_WRITE);
      g_assert_null (dmk_result_cell_get_blocked (cell));
      g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (cell)));
      g_assert_cmpstr (dmk_window_get_cell_text (win, r, DMK_DIRECTION_WRITE), !=, "—");
    }
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_cmpuint (result->tests->len, ==, 8);
  for (guint r = 0; r < 4; r++)
    g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, r,
                                                                       DMK_DIRECTION_WRITE)));
  g_free (after);
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, !=, after);

  /* Another target: the confirmation is gone (it never reaches GSettings), and the numbers
   * stay with a line that names the device they belong to, not the new target. */
  dir = make_target_dir ();
  dmk_window_set_target_path (win, dir);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_assert_false (g_action_group_get_action_enabled (ag, "allow-device-writes"));
  g_assert_true (g_str_has_prefix (dmk_window_get_facts_text (win), "Results of "));
  g_assert_nonnull (strstr (dmk_window_get_facts_text (win), dmk_test_loop));
  g_assert_null (strstr (dmk_window_get_facts_text (win), dir));
  g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, 0,
                                                                     DMK_DIRECTION_WRITE)));
  select_device (win, dmk_test_loop);
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  g_assert_true (g_action_group_get_action_enabled (ag, "allow-device-writes"));

  /* Write Only asks for a test that writes: its button brings the confirmation, which runs
   * that test, and only it, when confirmed. */
  g_settings_set_string (s, "mode", "write");
  click (dmk_window_get_test_button (win, 1)); /* SEQ1M Q1T1 */
  g_assert_false (dmk_window_is_running (win));
  dialog = dmk_window_get_allow_dialog (win);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "destroy");
  g_assert_true (iterate_until (pointer_cleared, win));
  g_assert_true (dmk_window_is_running (win));
  g_assert_true (iterate_until (not_running, win));
  g_assert_cmpstr (dmk_window_get_last_error (win), ==, NULL);
  result = dmk_window_get_last_result (win);
  g_assert_cmpuint (result->tests->len, ==, 1);
  g_assert_cmpint (((DmkTestResult *) result->tests->pdata[0])->direction, ==,
                   DMK_DIRECTION_WRITE);
  g_assert_cmpuint (((DmkTestResult *) result->tests->pdata[0])->spec.queue_depth, ==, 1);
  g_assert_nonnull (dmk_result_cell_get_result (dmk_window_get_cell (win, 1,
                                                                     DMK_DIRECTION_WRITE)));

  /* A fio job that names the device makes it the target, from another folder, and as for any
   * device chosen afresh, its writes wait for consent again. */
  dmk_window_set_target_path (win, dir);
  {
    g_autofree char *job = g_build_filename (dir, "device.fio", NULL);
    g_autofree char *text = g_strdup_printf ("[global]\nfilename=%s\ndirect=1\nsize=16m\n"
                                             "runtime=1\ntime_based\n\n[seq-read]\n"
                                             "rw=read\nbs=1m\niodepth=8\n\n[seq-write]\n"
                                             "stonewall\nrw=write\nbs=1m\niodepth=8\n",
                                             dmk_test_loop);
    g_autoptr (GFile) file = g_file_new_for_path (job);

    g_assert_true (g_file_set_contents (job, text, -1, NULL));
    open_files_and_wait (win, &file, 1);
    g_assert_null (dmk_window_get_error_dialog (win));
    g_assert_cmpstr (dmk_window_get_target_path (win), ==, dmk_test_loop);
    g_assert_false (dmk_window_get_device_writes_allowed (win));
    assert_writes_blocked (win, "allow them from the menu");
    g_unlink (job);
  }

  destroy_window (win);
  g_rmdir (dir);
  dmk_test_loop_cleanup ();
}

static void
test_device_in_use (void)
{
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", NULL, NULL };
  g_autofree char *tmpl = NULL;
  DmkWindow *win;

  if (!dmk_test_loop_setup (4321))
    return;
  mkfs[3] = dmk_test_loop;
  if (dmk_test_run_tool (mkfs, NULL) != 0)
    {
      dmk_test_loop_cleanup ();
      g_test_skip ("mkfs.ext4 is not available");
      return;
    }
  tmpl = g_build_filename (g_get_tmp_dir (), "dmk-win-mnt-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (tmpl));
  dmk_test_mount = g_strdup (tmpl);
  if (mount (dmk_test_loop, dmk_test_mount, "ext4", 0, NULL) != 0)
    {
      dmk_test_loop_cleanup ();
      g_test_skip ("could not mount the loop device");
      return;
    }

  reset_settings ();
  win = new_window (NULL);
  select_device (win, dmk_test_loop);
  g_assert_true (dmk_target_item_get_in_use (selected_item (win)));
  g_assert_nonnull (strstr (dmk_target_item_get_subtitle (selected_item (win)), "in use"));
  g_assert_nonnull (strstr (dmk_target_item_get_summary (selected_item (win)), "in use"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win),
                                                     "allow-device-writes"));
  assert_writes_blocked (win, "unmount it first");
  /* Activating it anyway (a stale menu) shows nothing. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "allow-device-writes", NULL);
  g_assert_null (dmk_window_get_allow_dialog (win));
  g_assert_false (dmk_window_get_device_writes_allowed (win));
  destroy_window (win);
  dmk_test_loop_cleanup ();
}

/* A folder is never a device: the action stays off. */
static void
test_device_action_folder (void)
{
  g_autofree char *dir = make_target_dir ();
  DmkWindow *win;

  reset_settings ();
  win = new_window (dir);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win),
                                                     "allow-device-writes"));
  g_assert_null (dmk_result_cell_get_blocked (dmk_window_get_cell (win, 0, DMK_DIRECTION_WRITE)));
  destroy_window (win);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "window"))
    return g_test_run ();
  dmk_test_loop_cleanup_on_signals (NULL);

  g_test_add_func ("/window/device/folder", test_device_action_folder);
  g_test_add_func ("/window/device/read-only", test_device_read_only);
  g_test_add_func ("/window/device/in-use", test_device_in_use);
  return g_test_run ();
}
