/* test-window-capacity.c: Check Capacity… in the window (issue 25): a folder checked off the UI
 * thread leaves nothing behind, Stop stops it, and a device is never written without consent. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "dmk-capacity-dialog.h"
#include "dmk-test-gui.h"
#include "dmk-test-loop.h"

static char *tmpfs_dir;

static void
tmpfs_cleanup (void)
{
  if (tmpfs_dir == NULL)
    return;
  umount2 (tmpfs_dir, MNT_DETACH);
  g_rmdir (tmpfs_dir);
  g_clear_pointer (&tmpfs_dir, g_free);
}

/* A small filesystem of its own, so that filling it is quick and harms nothing. */
static gboolean
tmpfs_setup (void)
{
  if (geteuid () != 0)
    {
      g_test_skip ("needs root to mount a small tmpfs to fill");
      return FALSE;
    }
  tmpfs_dir = g_dir_make_tmp ("gdiskmark-capacity-XXXXXX", NULL);
  g_assert_nonnull (tmpfs_dir);
  if (mount ("gdiskmark-test", tmpfs_dir, "tmpfs", 0, "size=48m") != 0)
    {
      g_rmdir (tmpfs_dir);
      g_clear_pointer (&tmpfs_dir, g_free);
      g_test_skip ("could not mount a tmpfs here");
      return FALSE;
    }
  return TRUE;
}

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

  if (!tmpfs_setup ())
    return;
  reset_settings ();
  win = new_window (tmpfs_dir);
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
  g_assert_cmpuint (count_entries (tmpfs_dir), ==, 0);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  destroy_window (win);
  tmpfs_cleanup ();
}

static void
test_stop (void)
{
  DmkWindow *win;
  DmkCapacityDialog *dialog;

  if (!tmpfs_setup ())
    return;
  reset_settings ();
  win = new_window (tmpfs_dir);
  g_action_group_activate_action (G_ACTION_GROUP (win), "check-capacity", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  dmk_capacity_dialog_stop (dialog);
  g_assert_true (iterate_until (check_ended, dialog));
  g_assert_null (dmk_capacity_dialog_get_report (dialog));
  g_assert_cmpstr (dmk_capacity_dialog_get_verdict (dialog), ==, "Stopped");
  g_assert_cmpuint (count_entries (tmpfs_dir), ==, 0);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_true (iterate_until (dialog_gone, NULL));
  destroy_window (win);
  tmpfs_cleanup ();
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

int
main (int argc, char **argv)
{
  if (!dmk_test_gui_init (&argc, &argv, "window-capacity"))
    return g_test_run ();
  dmk_test_loop_cleanup_on_signals (tmpfs_cleanup);
  test_application ();
  g_test_add_func ("/window-capacity/folder", test_folder);
  g_test_add_func ("/window-capacity/stop", test_stop);
  g_test_add_func ("/window-capacity/device-needs-consent", test_device_needs_consent);
  return g_test_run ();
}
