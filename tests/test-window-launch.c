/* test-window-launch.c: a second launch of the real gdiskmark (a process of its own, over a
 * private session bus) hands its --target to the running window and exits. */
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

/* What a failed assertion must not leave running: the test's bus and app. */
static GPid forward_pids[2];

static void
on_abort (int sig)
{
  for (guint i = 0; i < G_N_ELEMENTS (forward_pids); i++)
    if (forward_pids[i] > 0)
      kill (forward_pids[i], SIGTERM);
  signal (sig, SIG_DFL);
  raise (sig);
}

/* ---- a second launch ---- */

static gboolean
name_owned (GDBusConnection *bus)
{
  g_autoptr (GVariant) reply = g_dbus_connection_call_sync (
    bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
    g_variant_new ("(s)", APP_ID), G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
  gboolean owned = FALSE;

  if (reply != NULL)
    g_variant_get (reply, "(b)", &owned);
  return owned;
}

/* Waits for pid to exit, up to HANG_LIMIT_S; its wait status, or -1 when it did not. */
static int
wait_exit (GPid pid)
{
  gint64 end = g_get_monotonic_time () + (gint64) (HANG_LIMIT_S * G_USEC_PER_SEC);
  int status = 0;

  while (g_get_monotonic_time () < end)
    {
      if (waitpid (pid, &status, WNOHANG) == pid)
        return status;
      g_usleep (20000);
    }
  return -1;
}

/* gdiskmark --target=DIR while GDiskMark runs: the running window (a real second process, over a
 * private session bus) switches to DIR, and the second launch exits. */
static void
test_forward_target (void)
{
  const char *gui = g_getenv ("GDISKMARK_GUI");
  g_autofree char *daemon = g_find_program_in_path ("dbus-daemon");
  g_autofree char *dir = make_target_dir ();
  g_autofree char *cfg = g_build_filename (dir, "config", NULL);
  g_autofree char *target = g_build_filename (dir, "other-disk", NULL);
  g_autofree char *keyfile = g_build_filename (cfg, "glib-2.0", "settings", "keyfile", NULL);
  g_autofree char *want = g_strdup_printf ("last-target='%s'", target);
  g_autofree char *bus_out = NULL, *target_opt = NULL;
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env = g_get_environ ();
  g_auto (GStrv) lines = NULL;
  const char *daemon_argv[] = { daemon, "--session", "--fork", "--nopidfile",
                                "--print-address=1", "--print-pid=1", NULL };
  GPid primary = 0, second = 0;
  gboolean written = FALSE;
  int status = 0;

  if (gui == NULL || daemon == NULL)
    {
      g_test_skip (gui == NULL ? "GDISKMARK_GUI is not set" : "dbus-daemon is not installed");
      g_rmdir (dir);
      return;
    }
  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char **) daemon_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &bus_out, NULL, &status, &error));
  g_assert_no_error (error);
  lines = g_strsplit (bus_out, "\n", 3);
  g_assert_nonnull (lines[0]);
  g_assert_nonnull (lines[1]);
  forward_pids[0] = (GPid) g_ascii_strtoll (lines[1], NULL, 10);
  env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS", lines[0], TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", cfg, TRUE);
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "keyfile", TRUE);
  bus = g_dbus_connection_new_for_address_sync (
    lines[0], G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
    NULL, NULL, &error);
  g_assert_no_error (error);

  {
    const char *argv[] = { gui, NULL };
    g_assert_true (g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                  &primary, &error));
    g_assert_no_error (error);
    forward_pids[1] = primary;
  }
  for (int i = 0; i < HANG_LIMIT_S * 50 && !name_owned (bus); i++)
    g_usleep (20000);
  g_assert_true (name_owned (bus));

  target_opt = g_strconcat ("--target=", target, NULL);
  {
    const char *argv[] = { gui, target_opt, NULL };
    g_assert_true (g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                  &second, &error));
    g_assert_no_error (error);
  }
  status = wait_exit (second);
  g_assert_cmpint (status, !=, -1);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  /* The running window took the folder (it remembers it in GSettings, here a keyfile). */
  for (int i = 0; i < HANG_LIMIT_S * 50 && !written; i++)
    {
      g_autofree char *data = NULL;
      written = g_file_get_contents (keyfile, &data, NULL, NULL) && strstr (data, want) != NULL;
      if (!written)
        g_usleep (20000);
    }
  g_assert_true (written);
  g_assert_true (name_owned (bus));

  kill (primary, SIGTERM);
  g_assert_cmpint (wait_exit (primary), !=, -1);
  g_spawn_close_pid (primary);
  g_spawn_close_pid (second);
  kill (forward_pids[0], SIGTERM);
  forward_pids[0] = forward_pids[1] = 0;
  g_unlink (keyfile);
  {
    g_autofree char *d1 = g_path_get_dirname (keyfile);
    g_autofree char *d2 = g_path_get_dirname (d1);
    g_rmdir (d1);
    g_rmdir (d2);
  }
  g_rmdir (cfg);
  g_rmdir (target);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (!dmk_test_gui_init (&argc, &argv, "window"))
    return g_test_run ();
  signal (SIGABRT, on_abort);
  signal (SIGTRAP, on_abort); /* fatal criticals */
#ifndef __SANITIZE_ADDRESS__
  /* Under AddressSanitizer a SEGV is its to report; it then aborts, and SIGABRT cleans up. */
  signal (SIGSEGV, on_abort);
#endif
  signal (SIGTERM, on_abort); /* meson's timeout */

  g_test_add_func ("/window/forward-target", test_forward_target);
  return g_test_run ();
}
