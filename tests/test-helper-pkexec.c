/* test-helper-pkexec.c: pkexec end to end: a system bus and polkitd of the test's own, the
 * policy meson generated, and nobody reading and writing a device through the real helper. */
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

/* Asks polkit, as the test user, whether the action is granted now: polkitd reloads rules on
 * its own, a moment after they change. */
static gboolean
wait_for_authorization (gboolean want)
{
  const char *argv[] = { "/bin/sh", "-c",
                         "exec pkcheck --action-id " ACTION_ID " --process $$ >/dev/null 2>&1",
                         NULL };
  for (int i = 0; i < 100; i++)
    {
      int status = -1;
      g_assert_true (g_spawn_sync ("/", (char **) argv, NULL, 0, drop_to_nobody, NULL, NULL, NULL,
                                   &status, NULL));
      if ((WIFEXITED (status) && WEXITSTATUS (status) == 0) == want)
        return TRUE;
      g_usleep (100000);
    }
  return FALSE;
}

/* The policy meson generated, with exec.path pointed at the helper copy nobody can reach. */
static void
install_policy (const char *helper)
{
  g_autofree char *built = g_test_build_filename (G_TEST_BUILT, "..", "data", APP_ID ".policy",
                                                  NULL);
  g_autofree char *text = NULL;
  g_autofree char *want = g_strdup_printf (
    "<annotate key=\"org.freedesktop.policykit.exec.path\">%s</annotate>",
    LIBEXECDIR "/gdiskmark-helper");
  g_autoptr (GString) policy = NULL;

  g_assert_true (g_file_get_contents (built, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, want));
  g_assert_nonnull (strstr (text, "<action id=\"" ACTION_ID "\">"));
  g_assert_nonnull (strstr (text, "<action id=\"" WRITE_ACTION_ID "\">"));
  policy = g_string_new (text);
  g_assert_cmpuint (g_string_replace (policy, LIBEXECDIR "/gdiskmark-helper", helper, 0), ==, 2);
  g_string_append (policy, TEST_MARK "\n");
  add_path (cl.files, &cl.n_files, POLICY_INSTALLED);
  g_assert_true (g_file_set_contents_full (POLICY_INSTALLED, policy->str, -1,
                                           G_FILE_SET_CONTENTS_NONE, 0644, NULL));
}

/* The test rules grant nobody the read action, and the write action too when writes. */
static void
install_rules (gboolean writes)
{
  g_autofree char *text = NULL;
  const char *src = g_test_get_filename (G_TEST_DIST, "gdiskmark-test.rules", NULL);

  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  if (!writes)
    {
      g_autoptr (GString) only_read = g_string_new (text);
      g_assert_cmpuint (g_string_replace (only_read, "action.id == \"" WRITE_ACTION_ID "\"",
                                          "false", 0), ==, 1);
      g_free (text);
      text = g_string_free (g_steal_pointer (&only_read), FALSE);
    }
  g_mkdir_with_parents ("/etc/polkit-1/rules.d", 0755);
  add_path (cl.files, &cl.n_files, RULES_INSTALLED);
  g_assert_true (g_file_set_contents_full (RULES_INSTALLED, text, -1, G_FILE_SET_CONTENTS_NONE,
                                           0644, NULL));
}

static gboolean
pkexec_usable (void)
{
  g_autofree char *pkexec = g_find_program_in_path ("pkexec");
  g_autofree char *text = NULL;
  struct stat st;

  if (pkexec == NULL || stat (pkexec, &st) != 0 || !(st.st_mode & S_ISUID) || st.st_uid != 0)
    {
      g_test_skip ("pkexec is not installed setuid root");
      return FALSE;
    }
  if (g_find_program_in_path ("dbus-daemon") == NULL || g_find_program_in_path ("pkcheck") == NULL)
    {
      g_test_skip ("dbus-daemon or pkcheck (polkitd) is not installed");
      return FALSE;
    }
  if (g_file_test (POLICY_INSTALLED, G_FILE_TEST_EXISTS) &&
      !(g_file_get_contents (POLICY_INSTALLED, &text, NULL, NULL) &&
        strstr (text, TEST_MARK) != NULL))
    {
      g_test_skip ("GDiskMark's polkit policy is installed on this machine: not replacing it");
      return FALSE;
    }
  return TRUE;
}

/* What pkexec's own text agent shows nobody before asking for a password: a terminal (script)
 * gives pkexec the tty it needs, and the prompt is read, then the agent is ended unanswered. */
static char *
prompt_for (const char *helper, const char *mode, const char *dev)
{
  g_autofree char *command = g_strdup_printf (PKEXEC_PATH " %s %s %s", helper, mode, dev);
  const char *argv[] = { "timeout", "8", "script", "-qfc", command, "/dev/null", NULL };
  g_autofree char *out = NULL;
  int status = -1;

  g_assert_true (g_spawn_sync ("/", (char **) argv, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, drop_to_nobody,
                               NULL, &out, NULL, &status, NULL));
  return g_steal_pointer (&out);
}

static void
test_pkexec (void)
{
  g_autofree char *helper = NULL, *dev = NULL, *before = NULL, *after = NULL, *base = NULL;
  g_autofree char *out = NULL, *err = NULL, *want = NULL, *mnt = NULL, *why = NULL;
  g_autofree char *loop = NULL, *bindir = NULL, *marker = NULL, *fake = NULL, *path_env = NULL;
  const char *read_args[] = { "--mode=read", "--size=16MiB", "--passes=1", "--time=1",
                              "--interval=0", NULL, NULL };
  const char *write_args[] = { "--mode=write", "--size=16MiB", "--passes=1", "--time=1",
                               "--interval=0", "--allow-write-device", NULL, NULL };
  int lfd, lock;

  if (!is_root ())
    return;
  /* One run at a time per machine: the policy, the rules and the bus are shared. */
  lock = open ("/tmp/gdiskmark-helper-test.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  g_assert_no_errno (lock);
  g_assert_no_errno (flock (lock, LOCK_EX));
  if (!pkexec_usable ())
    {
      close (lock);
      return;
    }
  /* A user is handed no loop device: the disk here is a zram device. */
  dev = zram_new (&why);
  if (dev == NULL)
    {
      g_test_skip (why);
      cleanup_all ();
      close (lock);
      return;
    }

  helper = nobody_path ("gdiskmark-helper");
  unlink (RULES_INSTALLED); /* left by a run that was killed */
  install_policy (helper);
  start_system_bus_and_polkit ();
  g_assert_true (wait_for_authorization (FALSE));

  read_args[5] = dev;
  write_args[6] = dev;
  before = device_checksum (dev);
  {
    /* The test user cannot open the device itself: the helper is the only way in. */
    int status = -1;
    const char *argv[] = { "/bin/sh", "-c", "exec 3<\"$0\"", dev, NULL };
    g_assert_true (g_spawn_sync ("/", (char **) argv, NULL, 0, drop_to_nobody, NULL, NULL, NULL,
                                 &status, NULL));
    g_assert_false (g_spawn_check_wait_status (status, NULL));
  }

  /* What the password prompt says: the action, and the device by its path. */
  {
    g_autofree char *write_prompt = prompt_for (helper, "write", dev);
    g_autofree char *read_prompt = prompt_for (helper, "read", dev);
    g_autofree char *named = g_strdup_printf ("%s write %s", helper, dev);

    g_test_message ("write prompt: %s", write_prompt);
    g_assert_nonnull (strstr (write_prompt, WRITE_ACTION_ID));
    g_assert_nonnull (strstr (write_prompt, "destroy the data"));
    g_assert_nonnull (strstr (write_prompt, named));
    g_assert_nonnull (strstr (read_prompt, ACTION_ID " "));
    g_assert_nonnull (strstr (read_prompt, "Nothing on it is changed"));
  }

  /* Without the rule: polkit wants an administrator, and no agent can ask for a password. */
  g_assert_cmpint (run_cli_as (TRUE, SYS_PATH, helper, read_args, &out, &err), ==, 1);
  want = g_strdup_printf ("Not authorized to open %s", dev);
  g_assert_nonnull (strstr (err, want));

  /* A grant for reading: a read benchmark as nobody, through pkexec and the helper. pkexec is
   * the absolute one: a "pkexec" first in PATH is never run. */
  install_rules (FALSE);
  g_assert_true (wait_for_authorization (TRUE));
  bindir = nobody_path ("path-bin");
  g_assert_no_errno (mkdir (bindir, 0755));
  add_path (cl.dirs, &cl.n_dirs, bindir);
  fake = g_build_filename (bindir, "pkexec", NULL);
  add_path (cl.files, &cl.n_files, fake);
  marker = g_build_filename (bindir, "ran", NULL);
  add_path (cl.files, &cl.n_files, marker);
  {
    g_autofree char *script = g_strdup_printf ("#!/bin/sh\ntouch %s\nexit 127\n", marker);
    g_assert_true (g_file_set_contents_full (fake, script, -1, G_FILE_SET_CONTENTS_NONE, 0755,
                                             NULL));
    g_assert_no_errno (chmod (bindir, 0777));
  }
  path_env = g_strdup_printf ("%s:" SYS_PATH, bindir);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli_as (TRUE, path_env, helper, read_args, &out, &err), ==, 0);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_assert_nonnull (strstr (out, "MB/s"));
  g_assert_nonnull (strstr (out, dev));
  after = device_checksum (dev);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* The read grant does not allow a write. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli_as (TRUE, SYS_PATH, helper, write_args, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, want));
  after = device_checksum (dev);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* A write run without consent never reaches the helper. */
  {
    const char *no_consent[] = { "--mode=write", "--size=16MiB", "--passes=1", "--time=1",
                                 "--interval=0", dev, NULL };
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli_as (TRUE, SYS_PATH, helper, no_consent, NULL, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--allow-write-device"));
  }

  /* A loop device, asked for by a user: refused with what to do instead. */
  loop = loop_new (FALSE, &lfd);
  {
    const char *loop_args[] = { "--mode=read", "--size=16MiB", "--passes=1", "--time=1",
                                "--interval=0", loop, NULL };
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli_as (TRUE, SYS_PATH, helper, loop_args, NULL, &err), ==, 1);
    g_assert_nonnull (strstr (err, "is a loop device"));
    g_assert_nonnull (strstr (err, "backing file"));
  }

  /* Clear messages when pkexec or the helper is missing. */
  g_clear_pointer (&err, g_free);
  pkexec_env = "/nonexistent/pkexec";
  /* The next way in, UDisks2, may be activated by the bus and answer for itself (the rule
   * grants only the helper's action): either answer is a clear one. */
  g_assert_cmpint (run_cli_as (TRUE, SYS_PATH, helper, read_args, NULL, &err), ==, 1);
  pkexec_env = NULL;
  g_assert_true (strstr (err, "pkexec is not installed") != NULL ||
                 strstr (err, "Not authorized to open") != NULL);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli_as (TRUE, SYS_PATH, "/nonexistent/gdiskmark-helper", read_args, NULL,
                            &err), ==, 1);
  g_assert_true (strstr (err, "/nonexistent/gdiskmark-helper is missing") != NULL ||
                 strstr (err, "Not authorized to open") != NULL);

  /* Writes granted too. */
  install_rules (TRUE);
  /* Writing a mounted device through the helper: refused, saying where it is mounted. */
  if (in_private_mount_ns)
    {
      base = g_dir_make_tmp ("gdiskmark-mnt-XXXXXX", NULL);
      add_path (cl.dirs, &cl.n_dirs, base);
      mnt = g_build_filename (base, "m", NULL);
      mount_ext4 (dev, mnt);
      g_clear_pointer (&before, g_free);
      before = device_checksum (dev);
      g_clear_pointer (&want, g_free);
      want = g_strdup_printf ("%s is mounted at %s: unmount it to run write tests", dev, mnt);
      /* polkitd reloads rules a moment after they change. */
      for (int i = 0; i < 50; i++)
        {
          g_clear_pointer (&err, g_free);
          g_assert_cmpint (run_cli_as (TRUE, SYS_PATH, helper, write_args, NULL, &err), ==, 1);
          if (strstr (err, want) != NULL)
            break;
          g_usleep (200000);
        }
      g_assert_nonnull (strstr (err, want));
      after = device_checksum (dev);
      g_assert_cmpstr (before, ==, after);
      g_clear_pointer (&after, g_free);
      g_assert_no_errno (umount2 (mnt, 0));
    }

  /* With consent and the write grant, writes go through the helper's O_RDWR|O_EXCL fd. */
  {
    int rc = 1;
    for (int i = 0; i < 50 && rc != 0; i++)
      {
        g_clear_pointer (&err, g_free);
        rc = run_cli_as (TRUE, SYS_PATH, helper, write_args, NULL, &err);
        if (rc != 0)
          g_usleep (200000);
      }
    g_assert_cmpint (rc, ==, 0);
  }
  after = device_checksum (dev);
  g_assert_cmpstr (before, !=, after);

  cleanup_all ();
  g_assert_false (g_file_test (POLICY_INSTALLED, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (RULES_INSTALLED, G_FILE_TEST_EXISTS));
  close (lock);
}

int
main (int argc, char **argv)
{
  dmk_test_helper_init (&argc, &argv);
  g_test_add_func ("/helper/pkexec/end-to-end", test_pkexec);
  return dmk_test_helper_run ();
}
