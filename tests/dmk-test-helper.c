/* dmk-test-helper.c: what the helper tests share: cleanup that survives an abort, scratch loop
 * and zram devices, running the helper with a request, and running tools. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <grp.h>
#include <linux/blkpg.h>
#include <linux/loop.h>
#include <poll.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sys/resource.h>

#include "dmk-core.h"
#include "dmk-test-helper.h"

/* ---- Cleanup that also runs when an assertion aborts: only system calls, fixed buffers. ---- */

DmkTestCleanup cl;

void
add_path (char (*list)[PATH_MAX], int *n, const char *path)
{
  g_assert_cmpint (*n, <, MAX_CLEAN);
  g_strlcpy (list[(*n)++], path, PATH_MAX);
}

static gboolean nobody_dir_made;
char **helper_envp;

void
cleanup_all (void)
{
  for (int i = cl.n_swaps - 1; i >= 0; i--)
    swapoff (cl.swaps[i]);
  for (int i = cl.n_mounts - 1; i >= 0; i--)
    umount2 (cl.mounts[i], MNT_DETACH);
  for (int i = cl.n_pids - 1; i >= 0; i--)
    if (cl.pids[i] > 0)
      {
        kill (cl.pids[i], SIGTERM);
        waitpid (cl.pids[i], NULL, 0);
      }
  for (int i = cl.n_files - 1; i >= 0; i--)
    unlink (cl.files[i]);
  for (int i = cl.n_dirs - 1; i >= 0; i--)
    rmdir (cl.dirs[i]);
  /* Loops are set up with LO_FLAGS_AUTOCLEAR: closing the last fd detaches them, even when
   * this process is killed. */
  for (int i = cl.n_fds - 1; i >= 0; i--)
    close (cl.fds[i]);
  for (int i = cl.n_loops - 1; i >= 0; i--)
    {
      ioctl (cl.loops[i], LOOP_CLR_FD, 0);
      close (cl.loops[i]);
    }
  for (int i = cl.n_zrams - 1; i >= 0; i--)
    {
      char path[64], num[16];
      int fd, len;

      snprintf (path, sizeof path, "/sys/block/zram%d/reset", cl.zrams[i]);
      if ((fd = open (path, O_WRONLY | O_CLOEXEC)) >= 0)
        {
          (void) !write (fd, "1", 1);
          close (fd);
        }
      len = snprintf (num, sizeof num, "%d", cl.zrams[i]);
      if ((fd = open ("/sys/class/zram-control/hot_remove", O_WRONLY | O_CLOEXEC)) >= 0)
        {
          (void) !write (fd, num, (size_t) len);
          close (fd);
        }
    }
  cl.n_swaps = cl.n_mounts = cl.n_files = cl.n_dirs = cl.n_pids = cl.n_loops = 0;
  cl.n_zrams = cl.n_fds = 0;
  nobody_dir_made = FALSE;
}

void
on_fatal_signal (int sig)
{
  cleanup_all ();
  signal (sig, SIG_DFL);
  raise (sig);
}

/* ---- Small tools ---- */


gboolean
is_root (void)
{
  if (geteuid () == 0)
    return TRUE;
  g_test_skip ("needs root: loop devices, mounts and running the helper as root");
  return FALSE;
}

const char *
helper_built (void)
{
  static char *path;
  /* DMK_TEST_HELPER runs these tests against another helper binary, such as an older
   * release's, to see what they catch there. */
  if (path == NULL && g_getenv ("DMK_TEST_HELPER") != NULL)
    path = g_strdup (g_getenv ("DMK_TEST_HELPER"));
  if (path == NULL)
    path = g_test_build_filename (G_TEST_BUILT, "..", "src", "helper", "gdiskmark-helper", NULL);
  return path;
}

void
nobody_ids (uid_t *uid, gid_t *gid)
{
  struct passwd *pw = getpwnam ("nobody");
  *uid = pw != NULL ? pw->pw_uid : 65534;
  *gid = pw != NULL ? pw->pw_gid : 65534;
}

void
drop_to_nobody (gpointer data)
{
  uid_t uid;
  gid_t gid;
  nobody_ids (&uid, &gid);
  if (setgroups (0, NULL) != 0 || setresgid (gid, gid, gid) != 0 || setresuid (uid, uid, uid) != 0)
    _exit (99);
}

/* A 0755 directory the unprivileged user can reach, with copies of the helper and the CLI:
 * the build tree may sit under a directory only root can enter. Removed by cleanup_all(). */
const char *
nobody_dir (void)
{
  static char dir[64];
  const char *cli = g_getenv ("GDISKMARK_CLI");
  const char *src[2] = { helper_built (), cli };
  const char *name[2] = { "gdiskmark-helper", "gdiskmark-cli" };

  if (nobody_dir_made)
    return dir;
  g_strlcpy (dir, "/tmp/gdiskmark-helper-test-XXXXXX", sizeof dir);
  g_assert_nonnull (g_mkdtemp (dir));
  add_path (cl.dirs, &cl.n_dirs, dir);
  g_assert_no_errno (chmod (dir, 0755));
  nobody_dir_made = TRUE;
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *data = NULL;
      g_autofree char *dest = g_build_filename (dir, name[i], NULL);
      gsize len;
      g_assert_nonnull (src[i]);
      add_path (cl.files, &cl.n_files, dest);
      g_assert_true (g_file_get_contents (src[i], &data, &len, NULL));
      g_assert_true (g_file_set_contents_full (dest, data, len, G_FILE_SET_CONTENTS_NONE, 0755,
                                               NULL));
      g_assert_no_errno (chmod (dest, 0755));
    }
  return dir;
}

char *
nobody_path (const char *name)
{
  return g_build_filename (nobody_dir (), name, NULL);
}

/* Waits for PATHp1; kernels built without partition table parsers (no CONFIG_MSDOS_PARTITION)
 * get the partition added by hand, with BLKPG. */
gboolean
wait_for_partition (int fd, const char *path)
{
  g_autofree char *part = g_strdup_printf ("%sp1", path);
  struct blkpg_partition bp = { .start = 1 << 20, .length = LOOP_SIZE - (1 << 20), .pno = 1 };
  struct blkpg_ioctl_arg arg = { .op = BLKPG_ADD_PARTITION, .datalen = sizeof bp, .data = &bp };

  for (int i = 0; i < 20 && !g_file_test (part, G_FILE_TEST_EXISTS); i++)
    g_usleep (50000);
  if (!g_file_test (part, G_FILE_TEST_EXISTS) && ioctl (fd, BLKPG, &arg) != 0)
    g_test_message ("BLKPG_ADD_PARTITION: %s", g_strerror (errno));
  for (int i = 0; i < 100 && !g_file_test (part, G_FILE_TEST_EXISTS); i++)
    g_usleep (50000);
  return g_file_test (part, G_FILE_TEST_EXISTS);
}

/* A loop device backed by an unnamed tmpfs file, filled with a pattern (and an MBR with one
 * partition when partitioned; NULL if no partition could be made). Auto-cleared: it goes away
 * when its last fd is closed. */
char *
loop_new (gboolean partitioned, int *fd_out)
{
  int backing = open ("/dev/shm", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  g_autofree guint64 *buf = g_malloc (1 << 20);
  char *path;

  g_assert_no_errno (backing);
  for (gsize off = 0; off < LOOP_SIZE; off += 1 << 20)
    {
      for (gsize i = 0; i < (1 << 20) / 8; i++)
        buf[i] = ((off + i * 8) * 0x9E3779B97F4A7C15ULL) ^ 0x6764736b6d61726bULL;
      g_assert_cmpint (pwrite (backing, buf, 1 << 20, (off_t) off), ==, 1 << 20);
    }
  if (partitioned)
    {
      guint8 mbr[512] = { 0 };
      guint32 start = 2048, count = LOOP_SIZE / 512 - 2048;
      mbr[446 + 4] = 0x83;
      memcpy (mbr + 446 + 8, &start, 4);
      memcpy (mbr + 446 + 12, &count, 4);
      mbr[510] = 0x55;
      mbr[511] = 0xaa;
      g_assert_cmpint (pwrite (backing, mbr, sizeof mbr, 0), ==, sizeof mbr);
    }
  path = loop_attach (backing, LO_FLAGS_DIRECT_IO | (partitioned ? LO_FLAGS_PARTSCAN : 0),
                      fd_out);
  close (backing);
  if (partitioned && !wait_for_partition (*fd_out, path))
    {
      g_free (path);
      return NULL;
    }
  return path;
}

char *
loop_attach (int backing, guint32 flags, int *fd_out)
{
  int ctl = open ("/dev/loop-control", O_RDWR | O_CLOEXEC);

  g_assert_no_errno (ctl);
  for (int attempt = 0; attempt < 20; attempt++)
    {
      struct loop_config cfg = { .fd = (guint32) backing };
      int n = ioctl (ctl, LOOP_CTL_GET_FREE);
      gboolean ok;
      char *path;
      int fd;

      g_assert_no_errno (n);
      path = g_strdup_printf ("/dev/loop%d", n);
      fd = open (path, O_RDWR | O_CLOEXEC);
      ok = FALSE;
      if (fd >= 0)
        {
          cfg.info.lo_flags = LO_FLAGS_AUTOCLEAR | flags;
          ok = ioctl (fd, LOOP_CONFIGURE, &cfg) == 0;
          if (!ok && errno == EINVAL && (flags & LO_FLAGS_DIRECT_IO))
            {
              /* A backing file without direct I/O: fine for these tests. */
              cfg.info.lo_flags &= ~(guint32) LO_FLAGS_DIRECT_IO;
              ok = ioctl (fd, LOOP_CONFIGURE, &cfg) == 0;
            }
        }
      if (ok)
        {
          /* Register at once, so that an abort below still detaches it. */
          g_assert_cmpint (cl.n_loops, <, MAX_CLEAN);
          cl.loops[cl.n_loops++] = fd;
          close (ctl);
          *fd_out = fd;
          return path;
        }
      /* Someone else took it between GET_FREE and CONFIGURE: try the next one. */
      if (fd >= 0)
        close (fd);
      g_free (path);
    }
  g_assert_not_reached ();
}

char *
zram_new (char **why)
{
  g_autofree char *text = NULL, *size_file = NULL, *path = NULL;
  g_autoptr (GError) error = NULL;
  int n;

  if (!g_file_get_contents ("/sys/class/zram-control/hot_add", &text, NULL, &error))
    {
      *why = g_strdup_printf ("no zram here to stand for a disk that is no loop device (%s)",
                              error->message);
      return NULL;
    }
  n = atoi (text);
  g_assert_cmpint (cl.n_zrams, <, MAX_CLEAN);
  cl.zrams[cl.n_zrams++] = n;
  size_file = g_strdup_printf ("/sys/block/zram%d/disksize", n);
  g_assert_true (g_file_set_contents_full (size_file, "32M", -1, G_FILE_SET_CONTENTS_NONE, 0644,
                                           &error));
  g_assert_no_error (error);
  path = g_strdup_printf ("/dev/zram%d", n);
  for (int i = 0; i < 100 && !g_file_test (path, G_FILE_TEST_EXISTS); i++)
    g_usleep (20000);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  {
    /* The same pattern as a loop device's, so that reads can be checked. */
    int fd = open (path, O_WRONLY | O_CLOEXEC);
    g_autofree guint64 *buf = g_malloc (1 << 20);

    g_assert_no_errno (fd);
    for (gsize off = 0; off < LOOP_SIZE; off += 1 << 20)
      {
        for (gsize i = 0; i < (1 << 20) / 8; i++)
          buf[i] = ((off + i * 8) * 0x9E3779B97F4A7C15ULL) ^ 0x6764736b6d61726bULL;
        g_assert_cmpint (pwrite (fd, buf, 1 << 20, (off_t) off), ==, 1 << 20);
      }
    close (fd);
  }
  return g_steal_pointer (&path);
}

char *
device_checksum (const char *dev)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  int fd = open (dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
  void *buf = NULL;
  ssize_t n;

  g_assert_no_errno (fd);
  g_assert_cmpint (posix_memalign (&buf, 4096, 1 << 20), ==, 0);
  while ((n = read (fd, buf, 1 << 20)) > 0)
    g_checksum_update (sum, buf, n);
  g_assert_cmpint (n, ==, 0);
  free (buf);
  close (fd);
  return g_strdup (g_checksum_get_string (sum));
}

int
run_tool (const char *const *argv, char **err_out)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  if (err_out != NULL)
    *err_out = g_steal_pointer (&err);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

/* ---- Talking to the helper directly ---- */

GByteArray *
request (guint32 flags, const char *path, gssize path_len)
{
  GByteArray *b = g_byte_array_new ();
  DmkHelperRequest req = { .flags = flags };
  gsize len = path_len >= 0 ? (gsize) path_len : strlen (path);

  memcpy (req.magic, DMK_HELPER_REQUEST_MAGIC, DMK_HELPER_MAGIC_LEN);
  req.path_len = (guint32) len;
  g_byte_array_append (b, (guint8 *) &req, sizeof req);
  g_byte_array_append (b, (const guint8 *) path, len);
  return b;
}

/* Runs helper with a socket of sock_type as stdin (0: /dev/null), sends msg (NULL: nothing,
 * keeping the socket open) and collects what comes back. */

static void
child_setup (gpointer data)
{
  const HelperSetup *setup = data;

  if (setup->ignore_sigalrm)
    {
      sigset_t alrm;

      signal (SIGALRM, SIG_IGN);
      sigemptyset (&alrm);
      sigaddset (&alrm, SIGALRM);
      sigprocmask (SIG_BLOCK, &alrm, NULL);
    }
  if (setup->nofile > 0)
    {
      struct rlimit rl = { (rlim_t) setup->nofile, (rlim_t) setup->nofile };
      if (setrlimit (RLIMIT_NOFILE, &rl) != 0)
        _exit (98);
    }
  if (setup->as_nobody)
    drop_to_nobody (NULL);
}

/* The argv the core gives the helper: "read" or "write" and the path, from the request. */
static GPtrArray *
helper_argv (const char *helper, const void *msg, gsize len, const HelperSetup *setup)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  DmkHelperRequest req;

  g_ptr_array_add (argv, g_strdup (helper));
  if (setup->argv != NULL)
    for (const char *const *a = setup->argv; *a != NULL; a++)
      g_ptr_array_add (argv, g_strdup (*a));
  else if (msg != NULL && len >= sizeof req &&
           memcmp (msg, DMK_HELPER_REQUEST_MAGIC, DMK_HELPER_MAGIC_LEN) == 0)
    {
      memcpy (&req, msg, sizeof req);
      g_ptr_array_add (argv, g_strdup ((req.flags & DMK_HELPER_FLAG_WRITE) ? "write" : "read"));
      g_ptr_array_add (argv, g_strndup ((const char *) msg + sizeof req,
                                        MIN (req.path_len, len - sizeof req)));
    }
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* Sends msg, with n_fds copies of /dev/null attached. */
static void
send_request (int sock, const void *msg, gsize len, int n_fds)
{
  union
  {
    char buf[CMSG_SPACE (250 * sizeof (int))];
    struct cmsghdr align;
  } ctl;
  struct iovec iov = { (void *) msg, len };
  struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };
  int fds[250];

  g_assert_cmpint (n_fds, <=, 250);
  if (n_fds > 0)
    {
      struct cmsghdr *c;

      for (int i = 0; i < n_fds; i++)
        g_assert_no_errno (fds[i] = open ("/dev/null", O_RDONLY | O_CLOEXEC));
      m.msg_control = ctl.buf;
      m.msg_controllen = CMSG_SPACE (n_fds * sizeof (int));
      c = CMSG_FIRSTHDR (&m);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN (n_fds * sizeof (int));
      memcpy (CMSG_DATA (c), fds, n_fds * sizeof (int));
    }
  g_assert_cmpint (sendmsg (sock, &m, MSG_NOSIGNAL), ==, (gssize) len);
  for (int i = 0; i < n_fds; i++)
    close (fds[i]);
}

/* Fills the queue the helper's replies go into, so that its reply cannot be sent. */
static void
fill_queue (int helper_end)
{
  static const char junk[4096];
  int fl = fcntl (helper_end, F_GETFL);

  g_assert_no_errno (fcntl (helper_end, F_SETFL, fl | O_NONBLOCK));
  while (send (helper_end, junk, sizeof junk, MSG_NOSIGNAL) > 0)
    ;
  g_assert_cmpint (errno, ==, EAGAIN);
  /* The helper shares this open file description: it must get a blocking socket. */
  g_assert_no_errno (fcntl (helper_end, F_SETFL, fl));
}

static void
receive_reply (int sock, HelperRun *run)
{
  union
  {
    char buf[CMSG_SPACE (8 * sizeof (int))];
    struct cmsghdr align;
  } ctl;
  struct iovec iov = { &run->reply, sizeof run->reply };
  struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf,
                      .msg_controllen = sizeof ctl.buf };
  ssize_t n = recvmsg (sock, &m, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);

  if (n > 0)
    {
      g_assert_cmpint (n, ==, sizeof run->reply);
      g_assert_cmpmem (run->reply.magic, DMK_HELPER_MAGIC_LEN, DMK_HELPER_REPLY_MAGIC,
                       DMK_HELPER_MAGIC_LEN);
      run->replied = TRUE;
    }
  for (struct cmsghdr *c = CMSG_FIRSTHDR (&m); n > 0 && c != NULL; c = CMSG_NXTHDR (&m, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
      for (gsize i = 0; i < (c->cmsg_len - CMSG_LEN (0)) / sizeof (int); i++)
        {
          int fd;
          memcpy (&fd, CMSG_DATA (c) + i * sizeof (int), sizeof fd);
          if (run->fd < 0)
            run->fd = fd;
          else
            close (fd);
          run->n_fds++;
        }
}

static void
wait_helper (GPid pid, int limit_s, HelperRun *run)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) limit_s * G_USEC_PER_SEC;
  int status = 0;
  pid_t got;

  while ((got = waitpid (pid, &status, WNOHANG)) == 0 && g_get_monotonic_time () < deadline)
    g_usleep (50000);
  if (got == 0)
    {
      run->timed_out = TRUE;
      kill (pid, SIGKILL);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      run->exit_status = -1;
      return;
    }
  g_assert_cmpint (got, ==, pid);
  g_assert_true (WIFEXITED (status));
  run->exit_status = WEXITSTATUS (status);
}

void
run_helper_setup (const void *msg, gsize len, const HelperSetup *setup, HelperRun *run)
{
  run_helper_typed (helper_built (), msg, len, SOCK_SEQPACKET, setup, run);
}

void
run_helper_typed (const char *helper, const void *msg, gsize len, int sock_type,
                  const HelperSetup *setup, HelperRun *run)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = helper_argv (helper, msg, len, setup);
  int sv[2] = { -1, -1 }, in_fd;
  GPid pid;

  memset (run, 0, sizeof *run);
  run->fd = -1;
  if (sock_type != 0)
    {
      g_assert_no_errno (socketpair (AF_UNIX, sock_type | SOCK_CLOEXEC, 0, sv));
      if (msg != NULL)
        send_request (sv[0], msg, len, setup->extra_fds);
      if (setup->fill_reply_queue)
        fill_queue (sv[1]);
      in_fd = sv[1];
    }
  else
    in_fd = open ("/dev/null", O_RDONLY | O_CLOEXEC);
  g_assert_true (g_spawn_async_with_pipes_and_fds (
    NULL, (const char *const *) argv->pdata, (const char *const *) helper_envp,
    G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL, child_setup, (gpointer) setup, in_fd,
    -1, -1, NULL, NULL, 0, &pid, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  close (in_fd);
  wait_helper (pid, setup->time_limit_s > 0 ? setup->time_limit_s : 90, run);
  if (sock_type == 0)
    return;
  if (!setup->fill_reply_queue)
    receive_reply (sv[0], run);
  close (sv[0]);
}

void
run_helper_full (const char *helper, const void *msg, gsize len, int sock_type, gboolean as_nobody,
                 HelperRun *run)
{
  HelperSetup setup = { .as_nobody = as_nobody };

  run_helper_typed (helper, msg, len, sock_type, &setup, run);
}

void
run_helper (GByteArray *req, HelperRun *run)
{
  run_helper_full (helper_built (), req->data, req->len, SOCK_SEQPACKET, FALSE, run);
  g_byte_array_unref (req);
}

void
assert_refused (HelperRun *run, int status)
{
  g_assert_true (run->replied);
  if (run->reply.status != status)
    g_test_message ("the helper answered status %d for \"%s\" (%s), errno %d", run->reply.status,
                    run->reply.device, run->reply.detail, run->reply.sys_errno);
  g_assert_cmpint (run->reply.status, ==, status);
  g_assert_cmpint (run->n_fds, ==, 0);
  g_assert_cmpint (run->exit_status, ==, DMK_HELPER_EXIT_REFUSED);
}

void
assert_opened (HelperRun *run, const char *dev, gboolean writable)
{
  struct stat st, want;
  int fl;

  g_assert_true (run->replied);
  g_assert_cmpint (run->reply.status, ==, DMK_HELPER_OK);
  g_assert_cmpint (run->n_fds, ==, 1);
  g_assert_cmpint (run->exit_status, ==, DMK_HELPER_EXIT_OK);
  g_assert_no_errno (fstat (run->fd, &st));
  g_assert_no_errno (stat (dev, &want));
  g_assert_true (S_ISBLK (st.st_mode));
  g_assert_cmpuint (st.st_rdev, ==, want.st_rdev);
  g_assert_cmpstr (run->reply.device, ==, strrchr (dev, '/') + 1);
  fl = fcntl (run->fd, F_GETFL);
  g_assert_true (fl & O_DIRECT);
  g_assert_false (fl & O_NONBLOCK);
  g_assert_cmpint (fl & O_ACCMODE, ==, writable ? O_RDWR : O_RDONLY);
}

gboolean in_private_mount_ns;

void
mount_ext4 (const char *dev, const char *dir)
{
  const char *mkfs[] = { "mkfs.ext4", "-q", "-F", dev, NULL };
  g_autofree char *err = NULL;

  g_assert_cmpint (run_tool (mkfs, &err), ==, 0);
  g_assert_no_errno (mkdir (dir, 0755));
  add_path (cl.dirs, &cl.n_dirs, dir);
  g_assert_no_errno (mount (dev, dir, "ext4", 0, NULL));
  add_path (cl.mounts, &cl.n_mounts, dir);
}


void
dmk_test_helper_init (int *argc, char ***argv)
{
  /* Under AddressSanitizer a SEGV is its to report; it then aborts, and SIGABRT cleans up. */
  static const int fatal[] = { SIGABRT,
#ifndef __SANITIZE_ADDRESS__
                               SIGSEGV,
#endif
                               SIGBUS,  SIGILL, SIGFPE, SIGTRAP, SIGTERM, SIGINT };

  /* Before any thread exists: mounts made here vanish with this process, whatever happens. */
  if (geteuid () == 0 && unshare (CLONE_NEWNS) == 0 &&
      mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0)
    in_private_mount_ns = TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (fatal); i++)
    signal (fatal[i], on_fatal_signal);
  /* mkfs.ext4, mkswap and dbus-daemon live in sbin, which a test runner's PATH may lack. */
  {
    const char *old = g_getenv ("PATH");
    g_autofree char *path = g_strdup_printf ("%s:/usr/sbin:/sbin", old ? old : "/usr/bin:/bin");
    g_setenv ("PATH", path, TRUE);
  }
  g_test_init (argc, argv, NULL);
}

int
dmk_test_helper_run (void)
{
  int ret = g_test_run ();

  cleanup_all ();
  return ret;
}

/* ---- The CLI, as root or as nobody ---- */

const char *pkexec_env;

int
run_cli_as (gboolean as_nobody, const char *path_env, const char *helper_env,
            const char *const *args, char **out, char **err)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) envp = NULL;
  g_autofree char *my_out = NULL;
  int status = -1;

  g_ptr_array_add (argv, as_nobody ? nobody_path ("gdiskmark-cli")
                                   : g_strdup (g_getenv ("GDISKMARK_CLI")));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  envp = g_environ_setenv (NULL, "PATH", path_env, TRUE);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_setenv (envp, "HOME", "/", TRUE);
  /* pkexec would refuse this one; the provider must not pass it on. */
  envp = g_environ_setenv (envp, "SHELL", "/nonexistent/shell", TRUE);
  if (helper_env != NULL)
    envp = g_environ_setenv (envp, "GDISKMARK_HELPER", helper_env, TRUE);
  if (pkexec_env != NULL)
    envp = g_environ_setenv (envp, "GDISKMARK_PKEXEC", pkexec_env, TRUE);
  for (const char *const *k = (const char *const[]){ "ASAN_OPTIONS", "UBSAN_OPTIONS", "G_DEBUG",
                                                     NULL };
       *k != NULL; k++)
    if (g_getenv (*k) != NULL)
      envp = g_environ_setenv (envp, *k, g_getenv (*k), TRUE);

  g_assert_true (g_spawn_sync (as_nobody ? nobody_dir () : NULL, (char **) argv->pdata, envp, 0,
                               as_nobody ? drop_to_nobody : NULL, NULL, &my_out, err, &status,
                               &error));
  g_assert_no_error (error);
  if (out != NULL)
    *out = g_steal_pointer (&my_out);
  status = WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
  g_test_message ("cli exit %d, stderr: %s", status, err != NULL ? *err : "");
  return status;
}

/* ---- Who asks, and where the attacks make their files ---- */

/* A caller that is not root, as pkexec names it. */
void
as_user_caller (void)
{
  g_strfreev (helper_envp);
  helper_envp = g_environ_setenv (NULL, "PKEXEC_UID", "65534", TRUE);
}

void
as_root_caller (void)
{
  g_clear_pointer (&helper_envp, g_strfreev);
}

void
attack_done (void)
{
  as_root_caller ();
  cleanup_all ();
}

gboolean
needs_mounts (void)
{
  if (!is_root ())
    return FALSE;
  if (!in_private_mount_ns)
    {
      g_test_skip ("no private mount namespace (unshare failed): not mounting anything");
      return FALSE;
    }
  return TRUE;
}

char *
attack_scratch_dir (void)
{
  char *dir = g_dir_make_tmp ("gdiskmark-attack-XXXXXX", NULL);

  g_assert_nonnull (dir);
  add_path (cl.dirs, &cl.n_dirs, dir);
  return dir;
}
