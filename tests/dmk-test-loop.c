/* dmk-test-loop.c: the scratch loop device the block-device and window tests share. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-test-loop.h"

#define THROTTLE_DIR "/sys/fs/cgroup/blkio"

char *dmk_test_image;
char *dmk_test_loop;
char *dmk_test_mount;
char *dmk_test_upper;

int
dmk_test_run_tool (const char *const *argv, char **out)
{
  int wait_status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, out, NULL, &wait_status, NULL))
    return 127;
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 128 + WTERMSIG (wait_status);
}

void
dmk_test_loop_cleanup (void)
{
  if (dmk_test_mount != NULL)
    {
      umount2 (dmk_test_mount, MNT_DETACH);
      g_rmdir (dmk_test_mount);
      g_clear_pointer (&dmk_test_mount, g_free);
    }
  if (dmk_test_upper != NULL)
    {
      const char *argv[] = { "losetup", "-d", dmk_test_upper, NULL };
      dmk_test_run_tool (argv, NULL);
      g_clear_pointer (&dmk_test_upper, g_free);
    }
  if (dmk_test_loop != NULL)
    {
      const char *argv[] = { "losetup", "-d", dmk_test_loop, NULL };
      dmk_test_run_tool (argv, NULL);
      g_clear_pointer (&dmk_test_loop, g_free);
    }
  if (dmk_test_image != NULL)
    {
      g_unlink (dmk_test_image);
      g_clear_pointer (&dmk_test_image, g_free);
    }
}

char *
dmk_test_loop_checksum (void)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (dmk_test_image, &data, &len, NULL));
  g_assert_cmpuint (len, ==, DMK_TEST_IMAGE_SIZE);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);
}

/* A new image file of size bytes (filled by fill, or left sparse), attached with direct I/O. */
static gboolean
attach_image (guint64 size, void (*fill) (const char *path, guint32 seed), guint32 seed)
{
  const char *dir = g_access ("/dev/shm", W_OK) == 0 ? "/dev/shm" : g_get_tmp_dir ();
  const char *argv[] = { "losetup", "--direct-io=on", "-f", "--show", NULL, NULL };
  int fd;

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to attach loop devices (losetup)");
      return FALSE;
    }
  dmk_test_image = g_build_filename (dir, "gdiskmark-test-XXXXXX.img", NULL);
  fd = g_mkstemp (dmk_test_image);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) size), ==, 0);
  close (fd);
  if (fill != NULL)
    fill (dmk_test_image, seed);
  argv[4] = dmk_test_image;
  if (dmk_test_run_tool (argv, &dmk_test_loop) != 0 || dmk_test_loop == NULL)
    {
      dmk_test_loop_cleanup ();
      g_test_skip ("losetup could not attach a loop device here");
      return FALSE;
    }
  g_strstrip (dmk_test_loop);
  return TRUE;
}

/* A known pattern, so that any write would show in the checksum. */
static void
fill_pattern (const char *path, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree char *pattern = g_malloc (DMK_TEST_IMAGE_SIZE);

  for (gsize i = 0; i < DMK_TEST_IMAGE_SIZE / 4; i++)
    ((guint32 *) pattern)[i] = g_rand_int (rand);
  g_assert_true (g_file_set_contents (path, pattern, DMK_TEST_IMAGE_SIZE, NULL));
}

gboolean
dmk_test_loop_setup (guint32 seed)
{
  return attach_image (DMK_TEST_IMAGE_SIZE, fill_pattern, seed);
}

gboolean
dmk_test_loop_setup_sized (guint64 size)
{
  return attach_image (size, NULL, 0);
}

gboolean
dmk_test_loop_swap (guint64 size)
{
  const char *detach[] = { "losetup", "-d", dmk_test_loop, NULL };
  const char *attach[] = { "losetup", "--direct-io=on", dmk_test_loop, NULL, NULL };
  const char *dir = g_access ("/dev/shm", W_OK) == 0 ? "/dev/shm" : g_get_tmp_dir ();
  int fd;

  g_assert_nonnull (dmk_test_loop);
  g_assert_null (dmk_test_upper);
  g_assert_cmpint (dmk_test_run_tool (detach, NULL), ==, 0);
  g_unlink (dmk_test_image);
  g_free (dmk_test_image);
  dmk_test_image = g_build_filename (dir, "gdiskmark-test-XXXXXX.img", NULL);
  fd = g_mkstemp (dmk_test_image);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) size), ==, 0);
  close (fd);
  attach[3] = dmk_test_image;
  /* The kernel lets go of a detached loop device at its last close, and udev may still hold
   * it for a moment: try for a few seconds. */
  for (int i = 0; i < 50; i++)
    {
      if (dmk_test_run_tool (attach, NULL) == 0)
        return TRUE;
      g_usleep (100000);
    }
  /* Someone else's now (another test's losetup -f): never detach it. */
  g_clear_pointer (&dmk_test_loop, g_free);
  dmk_test_loop_cleanup ();
  g_test_skip ("the loop device's name was taken by another process between detach and attach");
  return FALSE;
}

const char *
dmk_test_loop_stack (void)
{
  const char *argv[] = { "losetup", "--direct-io=on", "-f", "--show", dmk_test_loop, NULL };

  g_assert_nonnull (dmk_test_loop);
  g_assert_null (dmk_test_upper);
  g_assert_cmpint (dmk_test_run_tool (argv, &dmk_test_upper), ==, 0);
  g_assert_nonnull (dmk_test_upper);
  g_strstrip (dmk_test_upper);
  return dmk_test_upper;
}

gboolean
dmk_test_throttle (const char *dev, const char *what, guint64 value)
{
  g_autofree char *file = g_strdup_printf (THROTTLE_DIR "/blkio.throttle.%s_device", what);
  g_autofree char *line = NULL;
  struct stat st;

  if (dev == NULL || stat (dev, &st) != 0)
    return FALSE;
  line = g_strdup_printf ("%u:%u %" G_GUINT64_FORMAT "\n", major (st.st_rdev),
                          minor (st.st_rdev), value);
  return g_file_set_contents_full (file, line, -1, G_FILE_SET_CONTENTS_NONE, 0644, NULL);
}

void
dmk_test_unthrottle (const char *dev)
{
  const char *what[] = { "read_bps", "write_bps", "read_iops", "write_iops" };

  if (dev == NULL)
    dev = dmk_test_loop;
  if (dev == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (what); i++)
    dmk_test_throttle (dev, what[i], 0);
}

gboolean
dmk_test_throttle_available (void)
{
  if (access (THROTTLE_DIR "/blkio.throttle.read_bps_device", W_OK) != 0)
    {
      g_test_skip ("the block throttle (cgroup v1 " THROTTLE_DIR "/blkio.throttle.*) is not "
                   "writable here");
      return FALSE;
    }
  return TRUE;
}

static void (*cleanup_extra) (void);

static void
cleanup_on_signal (int sig)
{
  if (cleanup_extra != NULL)
    cleanup_extra ();
  dmk_test_unthrottle (NULL);
  dmk_test_loop_cleanup ();
  signal (sig, SIG_DFL);
  raise (sig);
}

void
dmk_test_loop_cleanup_on_signals (void (*extra) (void))
{
  cleanup_extra = extra;
  signal (SIGABRT, cleanup_on_signal);
  /* g_error () ends a test with SIGTRAP (a missing settings schema, say), not SIGABRT. */
  signal (SIGTRAP, cleanup_on_signal);
  signal (SIGTERM, cleanup_on_signal);
  signal (SIGINT, cleanup_on_signal);
}

static void
run_to_end_done (GObject *source, GAsyncResult *res, gpointer data)
{
  DmkResult **out = data;
  g_autoptr (GError) error = NULL;

  *out = dmk_runner_run_finish (DMK_RUNNER (source), res, NULL, &error);
  g_assert_no_error (error);
}

void
dmk_test_consent (DmkRunner *runner, const char *path, const DmkSettings *s)
{
  DmkDeviceIdentity id;

  if (s->allow_write_device && dmk_device_identity_read (path, &id))
    {
      dmk_runner_set_write_consent (runner, &id);
      dmk_device_identity_clear (&id);
    }
}

DmkResult *
dmk_test_run_to_end (const char *path, const DmkSettings *s, GArray *specs,
                     DmkProgressFunc progress, gpointer data)
{
  g_autoptr (DmkRunner) runner = dmk_runner_new ();
  DmkResult *result = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) jobs = dmk_runner_plan (s, specs, &error);

  g_assert_no_error (error);
  if (progress != NULL)
    dmk_runner_set_progress_func (runner, progress, data, NULL);
  dmk_test_consent (runner, path, s);
  dmk_runner_run_async (runner, path, s, jobs, "", NULL, run_to_end_done, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return result;
}

char *dmk_test_tmpfs;

void
dmk_test_tmpfs_cleanup (void)
{
  if (dmk_test_tmpfs == NULL)
    return;
  umount2 (dmk_test_tmpfs, MNT_DETACH);
  g_rmdir (dmk_test_tmpfs);
  g_clear_pointer (&dmk_test_tmpfs, g_free);
}

gboolean
dmk_test_tmpfs_setup (const char *size)
{
  g_autofree char *options = g_strdup_printf ("size=%s", size);

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to mount a small tmpfs to fill");
      return FALSE;
    }
  dmk_test_tmpfs = g_dir_make_tmp ("gdiskmark-tmpfs-XXXXXX", NULL);
  g_assert_nonnull (dmk_test_tmpfs);
  if (mount ("gdiskmark-test", dmk_test_tmpfs, "tmpfs", 0, options) != 0)
    {
      g_rmdir (dmk_test_tmpfs);
      g_clear_pointer (&dmk_test_tmpfs, g_free);
      g_test_skip ("could not mount a tmpfs here");
      return FALSE;
    }
  return TRUE;
}
