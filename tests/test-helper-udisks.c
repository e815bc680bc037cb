/* test-helper-udisks.c: UDisks2, the provider for Flatpak and hosts without pkexec, end to end
 * against a real udisksd on a system bus of the test's own. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-bus.h"
#include "dmk-test-helper.h"

#define UDISKS_RULES "/etc/polkit-1/rules.d/49-gdiskmark-udisks-test.rules"

/* Runs a command line with its output captured, so that nothing strays into the TAP stream. */
static gboolean
run_quiet (const char *command)
{
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;

  return g_spawn_command_line_sync (command, &out, &err, &status, NULL) &&
         g_spawn_check_wait_status (status, NULL);
}

static void
test_udisks (void)
{
  const char *udisksd = "/usr/libexec/udisks2/udisksd";
  const char *udevd = "/lib/systemd/systemd-udevd";
  const char *read_args[] = { "--mode=read", "--size=16MiB", "--passes=1", "--time=1",
                              "--interval=0", "--test=RND4K Q1T1", NULL, NULL };
  const char *write_args[] = { "--mode=write", "--size=16MiB", "--passes=1", "--time=1",
                               "--interval=0", NULL, NULL };
  const char *rules = "polkit.addRule(function(action, subject) {\n"
                      "  if (action.id.indexOf(\"org.freedesktop.udisks2.open-device\") == 0 &&\n"
                      "      subject.user == \"nobody\")\n"
                      "    return polkit.Result.YES;\n"
                      "});\n";
  g_autofree char *dev = NULL, *bindir = NULL, *path_env = NULL, *want = NULL;
  g_autofree char *before = NULL, *after = NULL, *why = NULL, *loop = NULL;
  int lfd, lock;

  if (!is_root ())
    return;
  if (!g_file_test (udisksd, G_FILE_TEST_IS_EXECUTABLE) ||
      !g_file_test (udevd, G_FILE_TEST_IS_EXECUTABLE) ||
      g_find_program_in_path ("dbus-daemon") == NULL)
    {
      g_test_skip ("udisks2, udev or dbus-daemon is not installed");
      return;
    }
  lock = open ("/tmp/gdiskmark-helper-test.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  g_assert_no_errno (lock);
  g_assert_no_errno (flock (lock, LOCK_EX));
  unlink (UDISKS_RULES); /* left by a run that was killed */
  start_system_bus_and_polkit ();

  /* PATH without pkexec: the helper's provider says so and hands over to UDisks2. */
  bindir = nobody_path ("empty-bin");
  g_assert_no_errno (mkdir (bindir, 0755));
  add_path (cl.dirs, &cl.n_dirs, bindir);
  path_env = g_strdup (bindir);

  /* A user is handed no loop device, through UDisks2 either: the disk here is a zram device. */
  dev = zram_new (&why);
  if (dev == NULL)
    {
      g_test_skip (why);
      cleanup_all ();
      close (lock);
      return;
    }
  loop = loop_new (FALSE, &lfd);
  read_args[6] = dev;
  write_args[5] = dev;
  before = device_checksum (dev);

  /* udisksd knows only devices that udev has seen. */
  if (!run_quiet ("udevadm control --ping"))
    {
      const char *argv[] = { udevd, NULL };
      spawn_daemon (argv);
      for (int i = 0; i < 50 && !run_quiet ("udevadm control --ping"); i++)
        g_usleep (100000);
    }
  run_quiet ("udevadm trigger --subsystem-match=block --action=add");
  run_quiet ("udevadm settle --timeout=10");

  /* The bus may start udisksd on demand; if it has not, start it ourselves. */
  if (!name_on_bus ("org.freedesktop.UDisks2"))
    {
      const char *argv[] = { udisksd, "--no-debug", NULL };
      spawn_daemon (argv);
      for (int i = 0; i < 100 && !name_on_bus ("org.freedesktop.UDisks2"); i++)
        g_usleep (100000);
    }
  g_assert_true (name_on_bus ("org.freedesktop.UDisks2"));

  /* Without a grant: polkit, asked by udisksd, says no. */
  {
    g_autofree char *err = NULL;
    g_assert_cmpint (run_cli_as (TRUE, path_env, NULL, read_args, NULL, &err), ==, 1);
    want = g_strdup_printf ("Not authorized to open %s", dev);
    g_assert_nonnull (strstr (err, want));
  }

  /* With a grant: the benchmark runs as nobody through UDisks2, and reads change nothing. */
  add_path (cl.files, &cl.n_files, UDISKS_RULES);
  g_assert_true (g_file_set_contents_full (UDISKS_RULES, rules, -1, G_FILE_SET_CONTENTS_NONE,
                                           0644, NULL));
  {
    g_autofree char *out = NULL, *err = NULL;
    int rc = 1;
    /* polkitd reloads rules a moment after they change. */
    for (int i = 0; i < 50 && rc != 0; i++)
      {
        g_clear_pointer (&out, g_free);
        g_clear_pointer (&err, g_free);
        rc = run_cli_as (TRUE, path_env, NULL, read_args, &out, &err);
        if (rc != 0)
          g_usleep (200000);
      }
    g_assert_cmpint (rc, ==, 0);
    g_assert_nonnull (strstr (out, "RND    4KiB (Q=  1, T= 1)"));
    g_assert_nonnull (strstr (out, dev));
  }
  after = device_checksum (dev);
  g_assert_cmpstr (before, ==, after);

  /* A loop device is refused before udisksd is asked. */
  {
    const char *loop_args[] = { "--mode=read", "--size=16MiB", "--passes=1", "--time=1",
                                "--interval=0", loop, NULL };
    g_autofree char *err = NULL;
    g_assert_cmpint (run_cli_as (TRUE, path_env, NULL, loop_args, NULL, &err), ==, 1);
    g_assert_nonnull (strstr (err, "is a loop device"));
  }

  /* Writes still need consent, whichever way the fd would come. */
  {
    g_autofree char *err = NULL;
    g_assert_cmpint (run_cli_as (TRUE, path_env, NULL, write_args, NULL, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--allow-write-device"));
  }
  g_clear_pointer (&after, g_free);
  after = device_checksum (dev);
  g_assert_cmpstr (before, ==, after);

  cleanup_all ();
  close (lock);
}

int
main (int argc, char **argv)
{
  dmk_test_helper_init (&argc, &argv);
  g_test_add_func ("/helper/udisks/end-to-end", test_udisks);
  return dmk_test_helper_run ();
}
