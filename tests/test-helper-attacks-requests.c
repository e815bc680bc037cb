/* test-helper-attacks-requests.c: what a local user tried against gdiskmark-helper (issue 3/6) by
 * request: what a handed fd can do, a helper kept hanging, scans starved of fds, an argv that
 * disagrees with the request, and hostile paths and requests; each against the real helper as
 * root, every refusal checked by its status. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-helper.h"

/* ---- 2. What the fd the helper does hand out allows, probed by an unprivileged holder ---- */

typedef struct
{
  const char *name;
  unsigned long request;
  gboolean pointer_arg; /* the ioctl takes a pointer to a zeroed buffer */
} Probe;

static const Probe probes[] = {
  { "LOOP_CLR_FD", LOOP_CLR_FD, FALSE },
  { "LOOP_CHANGE_FD", LOOP_CHANGE_FD, FALSE },
  { "LOOP_SET_FD", LOOP_SET_FD, FALSE },
  { "LOOP_SET_STATUS64", LOOP_SET_STATUS64, TRUE },
  { "LOOP_SET_CAPACITY", LOOP_SET_CAPACITY, FALSE },
  { "LOOP_SET_DIRECT_IO", LOOP_SET_DIRECT_IO, FALSE },
  { "LOOP_SET_BLOCK_SIZE", LOOP_SET_BLOCK_SIZE, FALSE },
  { "LOOP_CONFIGURE", LOOP_CONFIGURE, TRUE },
  { "BLKFLSBUF", BLKFLSBUF, FALSE },
  { "BLKRRPART", BLKRRPART, FALSE },
  { "BLKROSET", BLKROSET, TRUE },
  { "BLKDISCARD", BLKDISCARD, TRUE },
  { "BLKSECDISCARD", BLKSECDISCARD, TRUE },
  { "BLKZEROOUT", BLKZEROOUT, TRUE },
  { "BLKPG", BLKPG, TRUE },
  { "BLKRASET", BLKRASET, FALSE },
  { "BLKBSZSET", BLKBSZSET, TRUE },
};

/* In a child that holds fd and has become nobody: which probes succeeded (a bit each), plus a
 * write(2), fchmod and fchown on the fd. */
static guint64
probe_fd (int fd)
{
  int pipefd[2];
  pid_t pid;
  guint64 result = 0;
  int status;

  g_assert_no_errno (pipe2 (pipefd, O_CLOEXEC));
  pid = fork ();
  g_assert_no_errno (pid);
  if (pid == 0)
    {
      guint64 ok = 0;
      guint64 zero[64] = { 0 };
      gsize i;

      drop_to_nobody (NULL);
      for (i = 0; i < G_N_ELEMENTS (probes); i++)
        {
          guint64 range[2] = { 0, 4096 };
          void *arg = probes[i].pointer_arg ? (void *) zero : (void *) 0;
          if (probes[i].request == BLKDISCARD || probes[i].request == BLKSECDISCARD ||
              probes[i].request == BLKZEROOUT)
            arg = range;
          if (ioctl (fd, probes[i].request, arg) == 0)
            ok |= G_GUINT64_CONSTANT (1) << i;
        }
      if (write (fd, zero, 512) > 0)
        ok |= G_GUINT64_CONSTANT (1) << i;
      if (fchmod (fd, 0666) == 0)
        ok |= G_GUINT64_CONSTANT (1) << (i + 1);
      if (fchown (fd, getuid (), getgid ()) == 0)
        ok |= G_GUINT64_CONSTANT (1) << (i + 2);
      (void) !write (pipefd[1], &ok, sizeof ok);
      _exit (0);
    }
  close (pipefd[1]);
  g_assert_cmpint (read (pipefd[0], &result, sizeof result), ==, sizeof result);
  close (pipefd[0]);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return result;
}

static void
test_fd_capabilities (void)
{
  g_autofree char *dev = NULL, *why = NULL, *before = NULL, *after = NULL;
  HelperRun run;
  guint64 allowed;

  if (!is_root ())
    return;
  dev = zram_new (&why);
  if (dev == NULL)
    {
      g_test_skip (why);
      return;
    }
  before = device_checksum (dev);
  as_user_caller ();
  run_helper (request (0, dev, -1), &run);
  assert_opened (&run, dev, FALSE);
  allowed = probe_fd (run.fd);
  for (gsize i = 0; i < G_N_ELEMENTS (probes); i++)
    if (allowed & (G_GUINT64_CONSTANT (1) << i))
      g_test_fail_printf ("%s succeeded on a read-only fd of %s held by nobody", probes[i].name,
                          dev);
  g_assert_cmpuint (allowed, ==, 0);
  g_test_message ("%zu ioctls, write, fchmod and fchown on a read-only fd: all refused",
                  G_N_ELEMENTS (probes));
  close (run.fd);
  after = device_checksum (dev);
  g_assert_cmpstr (before, ==, after);
  attack_done ();
}

/* ---- 4. A caller that leaves SIGALRM ignored and never reads the reply ---- */

static void
test_no_hang (void)
{
  g_autofree char *dev = NULL;
  HelperSetup setup = { .ignore_sigalrm = TRUE, .fill_reply_queue = TRUE, .time_limit_s = 70 };
  GByteArray *req;
  HelperRun run;
  gint64 start;
  int lfd, excl;

  if (!is_root ())
    return;
  dev = loop_new (FALSE, &lfd);
  req = request (DMK_HELPER_FLAG_WRITE, dev, -1);
  start = g_get_monotonic_time ();
  run_helper_setup (req->data, req->len, &setup, &run);
  g_byte_array_unref (req);
  g_test_message ("the helper ended after %.1f s",
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  /* Ended by itself within its lifetime (60 s), not killed by this test at 70 s. */
  g_assert_false (run.timed_out);
  g_assert_cmpint (run.exit_status, ==, DMK_HELPER_EXIT_REFUSED);
  /* And the exclusive claim it held is gone with it. */
  excl = open (dev, O_RDWR | O_EXCL | O_CLOEXEC);
  g_assert_no_errno (excl);
  close (excl);
  attack_done ();
}

/* ---- 5. Scans starved of fds by the caller's RLIMIT_NOFILE ---- */

static void
test_starved_scans (void)
{
  g_autofree char *dir = NULL, *pdev = NULL, *part = NULL, *mnt = NULL, *zram = NULL;
  g_autofree char *why = NULL;
  HelperSetup setup = { .nofile = 6 };
  GByteArray *req;
  HelperRun run;
  int plfd;

  if (!needs_mounts ())
    return;
  pdev = loop_new (TRUE, &plfd);
  if (pdev == NULL)
    {
      g_test_skip ("no partition on a loop device here");
      attack_done ();
      return;
    }
  dir = attack_scratch_dir ();
  part = g_strdup_printf ("%sp1", pdev);
  mnt = g_build_filename (dir, "p1", NULL);
  mount_ext4 (part, mnt);
  /* The whole disk under a mounted partition: the answer names the partition and its mount
   * point, as it does with enough fds, instead of a scan that saw less. */
  req = request (DMK_HELPER_FLAG_WRITE, pdev, -1);
  run_helper_setup (req->data, req->len, &setup, &run);
  g_byte_array_unref (req);
  g_assert_true (run.replied);
  g_assert_cmpint (run.n_fds, ==, 0);
  if (run.reply.status == DMK_HELPER_E_CHECK_FAILED)
    {
      /* Without CAP_SYS_RESOURCE (a container) the helper cannot raise the limit back: the
       * scan that runs out of fds refuses, naming what it could not read. */
      g_test_message ("the limit stayed (no CAP_SYS_RESOURCE here): refused, %s could not be "
                      "read (%s)", run.reply.detail, g_strerror (run.reply.sys_errno));
      g_assert_cmpint (run.reply.sys_errno, ==, EMFILE);
    }
  else
    {
      assert_refused (&run, DMK_HELPER_E_MOUNTED);
      g_assert_cmpstr (run.reply.device, ==, strrchr (part, '/') + 1);
      g_assert_cmpstr (run.reply.detail, ==, mnt);
    }
  g_assert_no_errno (umount2 (mnt, 0));

  /* Starved, a read of a free device is served when the scans fit in the fds there are
   * (they may not, without CAP_SYS_RESOURCE): never another device, never a crash. */
  zram = zram_new (&why);
  if (zram != NULL)
    {
      as_user_caller ();
      req = request (0, zram, -1);
      run_helper_setup (req->data, req->len, &setup, &run);
      g_byte_array_unref (req);
      if (run.replied && run.reply.status == DMK_HELPER_E_CHECK_FAILED)
        {
          g_assert_cmpint (run.reply.sys_errno, ==, EMFILE);
          g_assert_cmpint (run.n_fds, ==, 0);
        }
      else
        {
          assert_opened (&run, zram, FALSE);
          close (run.fd);
        }
    }
  attack_done ();
}

/* ---- 7. argv is what pkexec authorized: it must match the request ---- */

static void
test_argv_mismatch (void)
{
  g_autofree char *dev = NULL, *other = NULL;
  const char *none[] = { NULL };
  int lfd, ofd;
  struct
  {
    guint32 flags;
    const char *argv[4];
  } cases[] = {
    { DMK_HELPER_FLAG_WRITE, { "read", NULL, NULL, NULL } }, /* a read grant, a write request */
    { 0, { "write", NULL, NULL, NULL } },
    { 0, { "read", NULL, NULL, NULL } },                     /* another device in argv */
    { 0, { "read", NULL, "extra", NULL } },
    { 0, { "Read", NULL, NULL, NULL } },
  };

  if (!is_root ())
    return;
  dev = loop_new (FALSE, &lfd);
  other = loop_new (FALSE, &ofd);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      HelperSetup setup = { .argv = cases[i].argv };
      GByteArray *req = request (cases[i].flags, dev, -1);
      HelperRun run;

      cases[i].argv[1] = i == 2 ? other : dev;
      run_helper_setup (req->data, req->len, &setup, &run);
      g_byte_array_unref (req);
      assert_refused (&run, DMK_HELPER_E_ARGV_MISMATCH);
    }
  {
    HelperSetup setup = { .argv = none };
    GByteArray *req = request (0, dev, -1);
    HelperRun run;

    run_helper_setup (req->data, req->len, &setup, &run);
    g_byte_array_unref (req);
    assert_refused (&run, DMK_HELPER_E_ARGV_MISMATCH);
  }
  attack_done ();
}

/* ---- 8. More hostile paths and requests ---- */

typedef struct
{
  const char *what;
  char *path;
  int want; /* a refusal status, or DMK_HELPER_OK for "opens that very device" */
} Case;

static void
run_case (const Case *c, const char *dev, int *tried, int *refused)
{
  HelperRun run;

  run_helper (request (0, c->path, -1), &run);
  (*tried)++;
  if (c->want == DMK_HELPER_OK)
    {
      assert_opened (&run, dev, FALSE);
      close (run.fd);
      return;
    }
  if (!run.replied || run.reply.status != c->want || run.n_fds != 0)
    g_test_fail_printf ("%s (%s): status %d with %d fds, want %d", c->what, c->path,
                        run.replied ? run.reply.status : -1, run.n_fds, c->want);
  else
    (*refused)++;
  /* Nothing but printable ASCII comes back. */
  for (const char *p = run.reply.detail; *p; p++)
    g_assert_true (*p >= 0x20 && *p < 0x7f);
  for (const char *p = run.reply.device; *p; p++)
    g_assert_true (*p >= 0x20 && *p < 0x7f);
}

static void
test_hostile_paths_more (void)
{
  g_autofree char *zram = NULL, *why = NULL, *dir = NULL, *node = NULL, *bound = NULL;
  g_autofree char *shm_node = NULL, *dev_link = NULL, *loop = NULL, *sysdev = NULL;
  const char *name;
  struct stat st;
  int tried = 0, refused = 0, lfd;

  if (!needs_mounts ())
    return;
  zram = zram_new (&why);
  if (zram == NULL)
    {
      g_test_skip (why);
      return;
    }
  name = strrchr (zram, '/') + 1;
  g_assert_no_errno (stat (zram, &st));
  dir = attack_scratch_dir ();
  node = g_build_filename (dir, "copy-of-disk", NULL);
  add_path (cl.files, &cl.n_files, node);
  g_assert_no_errno (mknod (node, S_IFBLK | 0600, st.st_rdev));
  bound = g_build_filename (dir, "bound", NULL);
  add_path (cl.files, &cl.n_files, bound);
  g_assert_true (g_file_set_contents (bound, "", 0, NULL));
  g_assert_no_errno (mount (zram, bound, NULL, MS_BIND, NULL));
  add_path (cl.mounts, &cl.n_mounts, bound);
  shm_node = g_strdup_printf ("/dev/shm/gdiskmark-attack-%d", (int) getpid ());
  add_path (cl.files, &cl.n_files, shm_node);
  g_assert_no_errno (mknod (shm_node, S_IFBLK | 0600, st.st_rdev));
  dev_link = g_strdup_printf ("/dev/gdiskmark-attack-%d", (int) getpid ());
  add_path (cl.files, &cl.n_files, dev_link);
  g_assert_no_errno (symlink (name, dev_link));
  loop = loop_new (FALSE, &lfd);
  sysdev = g_strdup_printf ("/sys/dev/block/%u:%u", major (st.st_rdev), minor (st.st_rdev));

  as_user_caller ();
  {
    const Case cases[] = {
      { "the socket, through /proc/self/fd", g_strdup ("/proc/self/fd/0"), DMK_HELPER_E_SYMLINK },
      { "through /dev/fd", g_strdup ("/dev/fd/0"), DMK_HELPER_E_SYMLINK },
      { "through /proc/self/root", g_strdup_printf ("/proc/self/root%s", zram),
        DMK_HELPER_E_SYMLINK },
      { "through /proc/1/root", g_strdup_printf ("/proc/1/root%s", zram), DMK_HELPER_E_SYMLINK },
      { "through /proc/self/cwd", g_strdup ("/proc/self/cwd"), DMK_HELPER_E_SYMLINK },
      { "a symlink in /dev", g_strdup (dev_link), DMK_HELPER_E_SYMLINK },
      { "/sys/dev/block link", g_strdup (sysdev), DMK_HELPER_E_SYMLINK },
      { "'..' in the path", g_strdup_printf ("/dev/../dev/%s", name),
        DMK_HELPER_E_PATH_NOT_CANONICAL },
      { "'.' in the path", g_strdup_printf ("/dev/./%s", name), DMK_HELPER_E_PATH_NOT_CANONICAL },
      { "'//' in the path", g_strdup_printf ("/dev//%s", name), DMK_HELPER_E_PATH_NOT_CANONICAL },
      { "a trailing '/'", g_strdup_printf ("%s/", zram), DMK_HELPER_E_PATH_NOT_CANONICAL },
      { "ending in '/..'", g_strdup ("/dev/.."), DMK_HELPER_E_PATH_NOT_CANONICAL },
      { "mknod node outside /dev", g_strdup (node), DMK_HELPER_E_NOT_IN_DEV },
      { "bind mount of the disk onto a file", g_strdup (bound), DMK_HELPER_E_NOT_IN_DEV },
      { "mknod node in /dev/shm", g_strdup (shm_node), DMK_HELPER_E_NOT_IN_DEV },
      { "its sysfs link", g_strdup_printf ("/sys/block/%s", name), DMK_HELPER_E_SYMLINK },
      { "its sysfs directory", g_strdup_printf ("/sys/devices/virtual/block/%s", name),
        DMK_HELPER_E_DIRECTORY },
      { "/dev/zero", g_strdup ("/dev/zero"), DMK_HELPER_E_CHAR_DEVICE },
      { "/dev/mem", g_strdup ("/dev/mem"), DMK_HELPER_E_CHAR_DEVICE },
      { "a right-to-left override", g_strdup ("/dev/\xe2\x80\xae" "1adsc"), DMK_HELPER_E_NOT_FOUND },
      { "a long name", g_strdup_printf ("/dev/%0300d", 7), DMK_HELPER_E_PATH_TOO_LONG },
      { "a loop device, for a user", g_strdup (loop), DMK_HELPER_E_LOOP },
      { "the disk itself", g_strdup (zram), DMK_HELPER_OK },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        if (g_file_test (cases[i].path, G_FILE_TEST_EXISTS) ||
            cases[i].want == DMK_HELPER_E_NOT_FOUND || cases[i].want == DMK_HELPER_E_PATH_TOO_LONG ||
            cases[i].want == DMK_HELPER_E_PATH_NOT_CANONICAL)
          run_case (&cases[i], zram, &tried, &refused);
        else
          g_test_message ("%s: %s does not exist here, not tried", cases[i].what, cases[i].path);
        g_free (cases[i].path);
      }
  }
  g_test_message ("hostile paths: %d tried, %d refused as expected, %d opened as intended",
                  tried, refused, tried - refused);
  attack_done ();
}

static void
test_hostile_requests_more (void)
{
  g_autofree char *zram = NULL, *why = NULL, *loop = NULL;
  GByteArray *req;
  HelperRun run;
  int lfd, lock;

  if (!is_root ())
    return;
  zram = zram_new (&why);
  if (zram == NULL)
    {
      g_test_skip (why);
      return;
    }
  loop = loop_new (FALSE, &lfd);
  as_user_caller ();

  /* 200 fds attached to the request: discarded, and the one fd back is the device's. */
  {
    HelperSetup setup = { .extra_fds = 200 };
    req = request (0, zram, -1);
    run_helper_setup (req->data, req->len, &setup, &run);
    g_byte_array_unref (req);
    assert_opened (&run, zram, FALSE);
    close (run.fd);
  }
  /* The same, asking for a loop device. */
  {
    HelperSetup setup = { .extra_fds = 20 };
    req = request (0, loop, -1);
    run_helper_setup (req->data, req->len, &setup, &run);
    g_byte_array_unref (req);
    assert_refused (&run, DMK_HELPER_E_LOOP);
  }
  /* The header in one message and the path in the next ("slow" or split): the first message is
   * the whole request, and it is short. */
  {
    GByteArray *whole = request (0, zram, -1);
    HelperSetup setup = { 0 };
    const char *argv[] = { "read", zram, NULL };

    setup.argv = argv;
    run_helper_setup (whole->data, sizeof (DmkHelperRequest), &setup, &run);
    assert_refused (&run, DMK_HELPER_E_TRUNCATED);
    g_byte_array_unref (whole);
  }
  /* Unknown flag bits next to the write bit. */
  req = request (DMK_HELPER_FLAG_WRITE | 0x2, zram, -1);
  run_helper (req, &run);
  assert_refused (&run, DMK_HELPER_E_BAD_REQUEST);
  /* A trailing NUL counted in path_len. */
  {
    g_autofree char *with_nul = g_strdup (zram);
    req = request (0, with_nul, (gssize) strlen (zram) + 1);
    run_helper (req, &run);
    assert_refused (&run, DMK_HELPER_E_PATH_BAD_CHAR);
  }
  /* A write fd while another program holds the device exclusively. */
  lock = open (zram, O_RDONLY | O_EXCL | O_CLOEXEC);
  g_assert_no_errno (lock);
  run_helper (request (DMK_HELPER_FLAG_WRITE, zram, -1), &run);
  assert_refused (&run, DMK_HELPER_E_EXCL_BUSY);
  close (lock);
  /* A user's write request for a free zram device: the one thing that is handed out. */
  run_helper (request (DMK_HELPER_FLAG_WRITE, zram, -1), &run);
  assert_opened (&run, zram, TRUE);
  close (run.fd);
  attack_done ();
}

int
main (int argc, char **argv)
{
  dmk_test_helper_init (&argc, &argv);
  g_test_add_func ("/helper-attacks/fd/capabilities", test_fd_capabilities);
  g_test_add_func ("/helper-attacks/hang", test_no_hang);
  g_test_add_func ("/helper-attacks/starved-scans", test_starved_scans);
  g_test_add_func ("/helper-attacks/argv", test_argv_mismatch);
  g_test_add_func ("/helper-attacks/paths", test_hostile_paths_more);
  g_test_add_func ("/helper-attacks/requests", test_hostile_requests_more);
  return dmk_test_helper_run ();
}
