/* dmk-test-loop.c: the scratch loop device the block-device and window tests share. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <linux/magic.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
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

void
dmk_test_loop_fixture_seeded (DmkTestLoopFixture *f, gconstpointer seed)
{
  f->ready = dmk_test_loop_setup (GPOINTER_TO_UINT (seed));
}

void
dmk_test_loop_fixture_sized (DmkTestLoopFixture *f, gconstpointer size)
{
  f->ready = dmk_test_loop_setup_sized (GPOINTER_TO_SIZE (size));
}

void
dmk_test_loop_fixture_throttled (DmkTestLoopFixture *f, gconstpointer size)
{
  f->ready = dmk_test_throttle_available () && dmk_test_loop_setup_sized (GPOINTER_TO_SIZE (size));
}

void
dmk_test_loop_fixture_teardown (DmkTestLoopFixture *f, gconstpointer data)
{
  dmk_test_unthrottle (NULL);
  dmk_test_loop_cleanup ();
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

/* ---- the kernel's block throttle: cgroup v1's blkio.throttle files or cgroup v2's io.max ----
 *
 * v1 throttles the root cgroup, which every process is in: every I/O to the device is held.
 * v2 has io.max only on a cgroup below the root, and charges an I/O to the cgroup of the
 * process that issues it (a direct-I/O loop device's worker too: it issues in its issuer's
 * blkcg, drivers/block/loop.c). So in v2 this process joins a cgroup of its own, which the
 * programs it spawns (the CLI, fio) and its threads are in as well, and only their I/O is held:
 * what the known-rate tests measure. That cgroup goes when the process ends (atexit, or the
 * signal handler of dmk_test_loop_cleanup_on_signals). */

typedef enum
{
  THROTTLE_UNKNOWN,
  THROTTLE_NONE,
  THROTTLE_V1,
  THROTTLE_V2,
} ThrottleKind;

#define V2_GROUP_PREFIX "gdiskmark-test-"

static ThrottleKind throttle_kind;
static char *throttle_why;    /* why there is none */
static char *v2_root;         /* where cgroup2 is mounted */
static char *v2_group;        /* our cgroup below it, which this process is in when v2_live */
static gboolean v2_live;
static char *v2_group_procs;  /* its cgroup.procs, its cgroup.kill, io.max */
static char *v2_group_kill;
static char *v2_group_max;
static char *v2_home_procs;   /* cgroup.procs of the cgroup this process came from */
static char *v2_root_subtree; /* the root's cgroup.subtree_control */
static char v2_pid[24];
static gboolean v2_enabled_io; /* io was not in the root's subtree_control before us */

/* Writes text to an existing kernel file (never creates one: a cgroup file that is not there
 * must fail, not become a plain file in /sys/fs/cgroup's tmpfs); async-signal-safe. */
static gboolean
write_kernel_file (const char *path, const char *text)
{
  int fd = open (path, O_WRONLY | O_CLOEXEC);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = write (fd, text, strlen (text)) == (ssize_t) strlen (text);
  close (fd);
  return ok;
}

/* The first cgroup2 mount of the whole hierarchy (its root "/"), from /proc/self/mountinfo:
 * /sys/fs/cgroup on a unified host, /sys/fs/cgroup/unified on a hybrid one. */
static char *
find_cgroup2 (void)
{
  g_autofree char *info = NULL;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/mountinfo", &info, NULL, NULL))
    return NULL;
  lines = g_strsplit (info, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], " ", -1);
      const char *sep = strstr (lines[i], " - cgroup2 ");

      if (sep != NULL && g_strv_length (f) > 4 && strcmp (f[3], "/") == 0)
        return g_strdup (f[4]);
    }
  return NULL;
}

static gboolean
has_word (const char *path, const char *word)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) words = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  words = g_strsplit_set (g_strstrip (text), " \n", -1);
  return g_strv_contains ((const char *const *) words, word);
}

/* Our cgroup's leftovers from a test that was killed (SIGKILL runs no handler): removed when
 * their process is gone and nothing is left in them. */
static void
remove_stale_groups (void)
{
  g_autoptr (GDir) dir = g_dir_open (v2_root, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      guint64 pid;
      g_autofree char *path = NULL;

      if (!g_str_has_prefix (name, V2_GROUP_PREFIX) ||
          !g_ascii_string_to_unsigned (name + strlen (V2_GROUP_PREFIX), 10, 1, G_MAXINT, &pid,
                                       NULL) ||
          kill ((pid_t) pid, 0) == 0 || errno != ESRCH)
        continue;
      path = g_build_filename (v2_root, name, NULL);
      rmdir (path);
    }
}

static gboolean
any_group_left (void)
{
  g_autoptr (GDir) dir = g_dir_open (v2_root, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, V2_GROUP_PREFIX))
      return TRUE;
  return FALSE;
}

/* Back to where this process came from, anything it left behind in the cgroup ended, the cgroup
 * removed, and io taken out of the root's subtree_control if it was us who put it there and no
 * other test's cgroup needs it. Async-signal-safe up to the last step. */
static void
v2_release (void)
{
  const struct timespec tick = { 0, 20 * 1000 * 1000 };
  gboolean out;

  if (!v2_live)
    return;
  v2_live = FALSE;
  out = write_kernel_file (v2_home_procs, v2_pid);
  if (!out)
    {
      char root_procs[PATH_MAX];

      g_snprintf (root_procs, sizeof root_procs, "%s/cgroup.procs", v2_root);
      out = write_kernel_file (root_procs, v2_pid);
    }
  /* A spawned program still running when a test failed would outlive the cgroup's cap and keep
   * it from going: ended, but never this process itself. */
  if (out)
    write_kernel_file (v2_group_kill, "1");
  for (int i = 0; i < 100 && rmdir (v2_group) != 0 && errno == EBUSY; i++)
    nanosleep (&tick, NULL);
  if (v2_enabled_io && !any_group_left ())
    write_kernel_file (v2_root_subtree, "-io");
}

static void
v2_release_at_exit (void)
{
  v2_release ();
}

/* The path of this process's cgroup in the unified hierarchy ("0::/PATH"). */
static char *
own_cgroup2 (void)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/cgroup", &text, NULL, NULL))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "0::"))
      return g_strdup (lines[i] + 3);
  return NULL;
}

/* Joins a cgroup of our own below cgroup2's root with io enabled; else the reason why not. */
static char *
v2_setup (void)
{
  g_autofree char *controllers = NULL;
  g_autofree char *home = NULL;
  g_autofree char *group = NULL;

  v2_root = find_cgroup2 ();
  if (v2_root == NULL)
    return g_strdup ("no cgroup2 is mounted");
  controllers = g_build_filename (v2_root, "cgroup.controllers", NULL);
  if (!has_word (controllers, "io"))
    return g_strdup_printf ("cgroup v2 (%s) does not offer the io controller: it is in a v1 "
                            "hierarchy (blkio) or not built", v2_root);
  home = own_cgroup2 ();
  if (home == NULL)
    return g_strdup ("this process has no cgroup v2 path in /proc/self/cgroup");
  remove_stale_groups ();
  v2_root_subtree = g_build_filename (v2_root, "cgroup.subtree_control", NULL);
  if (!has_word (v2_root_subtree, "io"))
    {
      if (!write_kernel_file (v2_root_subtree, "+io"))
        return g_strdup_printf ("cannot enable io in %s: %s", v2_root_subtree,
                                g_strerror (errno));
      v2_enabled_io = TRUE;
    }
  g_snprintf (v2_pid, sizeof v2_pid, "%d", (int) getpid ());
  group = g_strdup_printf ("%s/" V2_GROUP_PREFIX "%s", v2_root, v2_pid);
  if (g_mkdir (group, 0755) != 0 && errno != EEXIST)
    return g_strdup_printf ("cannot make the cgroup %s: %s", group, g_strerror (errno));
  v2_group_procs = g_build_filename (group, "cgroup.procs", NULL);
  v2_group_kill = g_build_filename (group, "cgroup.kill", NULL);
  v2_group_max = g_build_filename (group, "io.max", NULL);
  v2_home_procs = g_build_filename (v2_root, home, "cgroup.procs", NULL);
  v2_group = g_steal_pointer (&group);
  v2_live = TRUE;
  atexit (v2_release_at_exit);
  if (access (v2_group_max, W_OK) != 0 || !write_kernel_file (v2_group_procs, v2_pid))
    {
      int e = errno;

      v2_release ();
      return g_strdup_printf ("cannot throttle in cgroup v2 (io.max, cgroup.procs): %s",
                              g_strerror (e));
    }
  return NULL;
}

static ThrottleKind
throttle_detect (void)
{
  g_autofree char *why_v2 = NULL;
  struct statfs fs;

  if (throttle_kind != THROTTLE_UNKNOWN)
    return throttle_kind;
  /* A cgroup mount, not a folder left where one was: files written there would hold nothing. */
  if (statfs (THROTTLE_DIR, &fs) == 0 && fs.f_type == CGROUP_SUPER_MAGIC &&
      access (THROTTLE_DIR "/blkio.throttle.read_bps_device", W_OK) == 0)
    return throttle_kind = THROTTLE_V1;
  why_v2 = v2_setup ();
  if (why_v2 == NULL)
    return throttle_kind = THROTTLE_V2;
  throttle_why = g_strdup_printf ("the kernel's block throttle is not usable here: it needs "
                                  "cgroup v1's " THROTTLE_DIR "/blkio.throttle.* writable, or "
                                  "cgroup v2's io controller (io.max), and %s",
                                  why_v2);
  return throttle_kind = THROTTLE_NONE;
}

gboolean
dmk_test_throttle (const char *dev, const char *what, guint64 value)
{
  static const char *const keys[][2] = {
    { "read_bps", "rbps" },
    { "write_bps", "wbps" },
    { "read_iops", "riops" },
    { "write_iops", "wiops" },
  };
  char line[96];
  struct stat st;

  if (dev == NULL || stat (dev, &st) != 0)
    return FALSE;
  switch (throttle_detect ())
    {
    case THROTTLE_V1:
      {
        char file[128];

        g_snprintf (file, sizeof file, THROTTLE_DIR "/blkio.throttle.%s_device", what);
        g_snprintf (line, sizeof line, "%u:%u %" G_GUINT64_FORMAT "\n", major (st.st_rdev),
                    minor (st.st_rdev), value);
        return write_kernel_file (file, line);
      }
    case THROTTLE_V2:
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        if (strcmp (what, keys[i][0]) == 0)
          {
            char number[24] = "max"; /* 0 lifts the cap, as in v1 */

            if (value > 0)
              g_snprintf (number, sizeof number, "%" G_GUINT64_FORMAT, value);
            g_snprintf (line, sizeof line, "%u:%u %s=%s\n", major (st.st_rdev),
                        minor (st.st_rdev), keys[i][1], number);
            return v2_live && write_kernel_file (v2_group_max, line);
          }
      return FALSE;
    default:
      return FALSE;
    }
}

void
dmk_test_unthrottle (const char *dev)
{
  const char *what[] = { "read_bps", "write_bps", "read_iops", "write_iops" };

  if (dev == NULL)
    dev = dmk_test_loop;
  if (dev == NULL || throttle_kind == THROTTLE_UNKNOWN || throttle_kind == THROTTLE_NONE)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (what); i++)
    dmk_test_throttle (dev, what[i], 0);
}

gboolean
dmk_test_throttle_available (void)
{
  if (throttle_detect () == THROTTLE_NONE)
    {
      g_test_skip (throttle_why);
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
  v2_release ();
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
