/* dmk-test-fuse.c: the fake disk (tests/fuse-fake-disk.py) under a loop device, for the capacity
 * and verified-I/O tests. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-test-fuse.h"
#include "dmk-test-loop.h"

#define PYTHON "/usr/bin/python3"

char *dmk_test_fuse_loop;
static char *fuse_dir;
static GPid fuse_pid;

void
dmk_test_fuse_cleanup (void)
{
  if (dmk_test_fuse_loop != NULL)
    {
      const char *argv[] = { "losetup", "-d", dmk_test_fuse_loop, NULL };
      dmk_test_run_tool (argv, NULL);
      g_clear_pointer (&dmk_test_fuse_loop, g_free);
    }
  if (fuse_dir != NULL)
    {
      umount2 (fuse_dir, MNT_DETACH);
      g_rmdir (fuse_dir);
      g_clear_pointer (&fuse_dir, g_free);
    }
  if (fuse_pid > 0)
    {
      /* The unmount ends it; a kill makes sure, and the wait leaves no zombie. */
      kill (fuse_pid, SIGTERM);
      waitpid (fuse_pid, NULL, 0);
      fuse_pid = 0;
    }
}

static gboolean
fuse_available (void)
{
  const char *argv[] = { PYTHON, "-c", "import fusepy", NULL };

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to mount FUSE and attach loop devices");
      return FALSE;
    }
  if (g_access ("/dev/fuse", R_OK | W_OK) != 0)
    {
      g_test_skip ("FUSE is not available here: no usable /dev/fuse");
      return FALSE;
    }
  if (dmk_test_run_tool (argv, NULL) != 0)
    {
      g_test_skip ("FUSE is not available here: " PYTHON " lacks fusepy (python3-fusepy)");
      return FALSE;
    }
  return TRUE;
}

/* The file appears once the mount is up; a few seconds at most on a busy machine. */
static gboolean
wait_for_disk (const char *disk)
{
  for (int i = 0; i < 200; i++)
    {
      if (g_file_test (disk, G_FILE_TEST_IS_REGULAR))
        return TRUE;
      g_usleep (50 * 1000);
    }
  return FALSE;
}

gboolean
dmk_test_fuse_setup (guint64 size, const char *const *options)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "fuse-fake-disk.py", NULL);
  g_autofree char *disk = NULL;
  const char *losetup[] = { "losetup", "--direct-io=on", "-f", "--show", NULL, NULL };

  if (!fuse_available ())
    return FALSE;
  fuse_dir = g_dir_make_tmp ("gdiskmark-fuse-XXXXXX", NULL);
  g_assert_nonnull (fuse_dir);
  g_ptr_array_add (argv, g_strdup (PYTHON));
  g_ptr_array_add (argv, g_strdup (script));
  g_ptr_array_add (argv, g_strdup (fuse_dir));
  g_ptr_array_add (argv, g_strdup_printf ("%" G_GUINT64_FORMAT, size));
  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (options[i]));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_async (NULL, (char **) argv->pdata, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                                NULL, &fuse_pid, NULL));
  disk = g_build_filename (fuse_dir, "disk", NULL);
  if (!wait_for_disk (disk))
    {
      dmk_test_fuse_cleanup ();
      g_test_skip ("FUSE is not available here: the fake disk did not mount");
      return FALSE;
    }
  losetup[4] = disk;
  if (dmk_test_run_tool (losetup, &dmk_test_fuse_loop) != 0 || dmk_test_fuse_loop == NULL)
    {
      g_clear_pointer (&dmk_test_fuse_loop, g_free);
      dmk_test_fuse_cleanup ();
      g_test_skip ("losetup could not attach a loop device over the FUSE file here");
      return FALSE;
    }
  g_strstrip (dmk_test_fuse_loop);
  return TRUE;
}
