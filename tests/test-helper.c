/* test-helper.c: gdiskmark-helper vs hostile requests and unprivileged users; pkexec end to end.
 * The harness is in dmk-test-helper.c; the attacks of issue 3/6 in test-helper-attacks.c. */
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
#include "dmk-test-helper.h"

/* ---- Tests: the helper run directly as root ---- */

static void
test_read_only_fd (void)
{
  g_autofree char *dev = NULL;
  HelperRun run;
  void *buf = NULL;
  guint64 first;
  int lfd;

  if (!is_root ())
    return;
  dev = loop_new (FALSE, &lfd);
  run_helper (request (0, dev, -1), &run);
  assert_opened (&run, dev, FALSE);

  /* A working O_DIRECT fd: aligned reads return the pattern; writes are refused. */
  g_assert_cmpint (posix_memalign (&buf, 4096, 4096), ==, 0);
  g_assert_cmpint (pread (run.fd, buf, 4096, 1 << 20), ==, 4096);
  first = ((guint64) (1 << 20) * 0x9E3779B97F4A7C15ULL) ^ 0x6764736b6d61726bULL;
  g_assert_cmpuint (*(guint64 *) buf, ==, first);
  g_assert_cmpint (pwrite (run.fd, buf, 4096, 0), <, 0);
  g_assert_cmpint (errno, ==, EBADF);
  free (buf);
  close (run.fd);
  cleanup_all ();
}

static void
test_read_write_fd (void)
{
  g_autofree char *dev = NULL;
  HelperRun run;
  int lfd, other;

  if (!is_root ())
    return;
  dev = loop_new (FALSE, &lfd);
  run_helper (request (DMK_HELPER_FLAG_WRITE, dev, -1), &run);
  assert_opened (&run, dev, TRUE);
  /* The fd holds the exclusive claim: nobody can mount the device while the test runs. */
  other = open (dev, O_RDONLY | O_EXCL | O_CLOEXEC);
  g_assert_cmpint (other, <, 0);
  g_assert_cmpint (errno, ==, EBUSY);
  close (run.fd);
  other = open (dev, O_RDONLY | O_EXCL | O_CLOEXEC);
  g_assert_no_errno (other);
  close (other);
  cleanup_all ();
}

typedef struct
{
  const char *what;
  int status;
} Expect;

static void
test_hostile_paths (void)
{
  g_autofree char *dir = NULL, *file = NULL, *link = NULL, *fifo = NULL, *dirlink = NULL;
  g_autofree char *via_dirlink = NULL, *sock_path = NULL, *dev = NULL, *long_path = NULL;
  g_autofree char *newline = NULL;
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  HelperRun run;
  int lfd, sock;
  /* The floor's inputs, each with its own status. */
  const Expect expect[] = {
    { "regular file", DMK_HELPER_E_REGULAR_FILE },
    { "symlink to /etc/shadow", DMK_HELPER_E_SYMLINK },
    { "/dev/null", DMK_HELPER_E_CHAR_DEVICE },
    { "FIFO", DMK_HELPER_E_FIFO },
    { "directory", DMK_HELPER_E_DIRECTORY },
    { "nonexistent", DMK_HELPER_E_NOT_FOUND },
    { "relative", DMK_HELPER_E_PATH_NOT_ABSOLUTE },
    { "overlong", DMK_HELPER_E_PATH_TOO_LONG },
    { "newline", DMK_HELPER_E_PATH_BAD_CHAR },
    { "mounted (read-write)", DMK_HELPER_E_MOUNTED },
    { "held with O_EXCL (read-write)", DMK_HELPER_E_EXCL_BUSY },
    { "truncated request", DMK_HELPER_E_TRUNCATED },
    { "garbage request", DMK_HELPER_E_BAD_REQUEST },
  };

  if (!is_root ())
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (expect); i++)
    for (gsize j = i + 1; j < G_N_ELEMENTS (expect); j++)
      g_assert_cmpint (expect[i].status, !=, expect[j].status);

  dir = g_dir_make_tmp ("gdiskmark-hostile-XXXXXX", NULL);
  g_assert_nonnull (dir);
  add_path (cl.dirs, &cl.n_dirs, dir);
  file = g_build_filename (dir, "file", NULL);
  link = g_build_filename (dir, "shadow", NULL);
  fifo = g_build_filename (dir, "fifo", NULL);
  dirlink = g_build_filename (dir, "devlink", NULL);
  sock_path = g_build_filename (dir, "sock", NULL);
  add_path (cl.files, &cl.n_files, file);
  add_path (cl.files, &cl.n_files, link);
  add_path (cl.files, &cl.n_files, fifo);
  add_path (cl.files, &cl.n_files, dirlink);
  add_path (cl.files, &cl.n_files, sock_path);
  g_assert_true (g_file_set_contents (file, "not a disk", -1, NULL));
  g_assert_no_errno (symlink ("/etc/shadow", link));
  g_assert_no_errno (mkfifo (fifo, 0600));
  g_assert_no_errno (symlink ("/dev", dirlink));
  sock = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  g_strlcpy (addr.sun_path, sock_path, sizeof addr.sun_path);
  g_assert_no_errno (bind (sock, (struct sockaddr *) &addr, sizeof addr));
  dev = loop_new (FALSE, &lfd);

  run_helper (request (0, file, -1), &run);
  assert_refused (&run, DMK_HELPER_E_REGULAR_FILE);
  run_helper (request (0, link, -1), &run);
  assert_refused (&run, DMK_HELPER_E_SYMLINK);
  /* A symlink in the middle of the path is refused too, even when it leads to a real disk. */
  via_dirlink = g_build_filename (dirlink, strrchr (dev, '/') + 1, NULL);
  run_helper (request (0, via_dirlink, -1), &run);
  assert_refused (&run, DMK_HELPER_E_SYMLINK);
  run_helper (request (0, "/dev/null", -1), &run);
  assert_refused (&run, DMK_HELPER_E_CHAR_DEVICE);
  run_helper (request (DMK_HELPER_FLAG_WRITE, "/dev/null", -1), &run);
  assert_refused (&run, DMK_HELPER_E_CHAR_DEVICE);
  run_helper (request (0, fifo, -1), &run);
  assert_refused (&run, DMK_HELPER_E_FIFO);
  run_helper (request (0, dir, -1), &run);
  assert_refused (&run, DMK_HELPER_E_DIRECTORY);
  run_helper (request (0, sock_path, -1), &run);
  assert_refused (&run, DMK_HELPER_E_NOT_BLOCK);
  run_helper (request (0, "/dev/gdiskmark-does-not-exist", -1), &run);
  assert_refused (&run, DMK_HELPER_E_NOT_FOUND);
  run_helper (request (0, dev + 1, -1), &run); /* "dev/loopN" */
  assert_refused (&run, DMK_HELPER_E_PATH_NOT_ABSOLUTE);
  run_helper (request (0, "", -1), &run);
  assert_refused (&run, DMK_HELPER_E_PATH_NOT_ABSOLUTE);

  long_path = g_strnfill (DMK_HELPER_PATH_MAX + 1, 'a');
  long_path[0] = '/';
  run_helper (request (0, long_path, -1), &run);
  assert_refused (&run, DMK_HELPER_E_PATH_TOO_LONG);
  /* A header that claims a huge path without sending it is refused before anything else. */
  {
    GByteArray *b = request (0, "/x", -1);
    ((DmkHelperRequest *) b->data)->path_len = G_MAXUINT32;
    run_helper (b, &run);
    assert_refused (&run, DMK_HELPER_E_PATH_TOO_LONG);
  }

  newline = g_strconcat (dev, "\n", NULL);
  run_helper (request (0, newline, -1), &run);
  assert_refused (&run, DMK_HELPER_E_PATH_BAD_CHAR);
  run_helper (request (0, "/dev/loop0\nfake log line", -1), &run);
  assert_refused (&run, DMK_HELPER_E_PATH_BAD_CHAR);
  /* An embedded NUL would make the helper check one path and log another. */
  run_helper (request (0, "/dev/null\0/dev/sda", 18), &run);
  assert_refused (&run, DMK_HELPER_E_PATH_BAD_CHAR);

  close (sock);
  cleanup_all ();
}

static void
test_bad_requests (void)
{
  static const char garbage[] = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";
  g_autofree char *dev = NULL;
  GByteArray *b;
  HelperRun run;
  gint64 start, elapsed_ms;
  int lfd;

  if (!is_root ())
    return;
  dev = loop_new (FALSE, &lfd);

  run_helper_full (helper_built (), garbage, sizeof garbage, SOCK_SEQPACKET, FALSE, &run);
  assert_refused (&run, DMK_HELPER_E_BAD_REQUEST);
  run_helper_full (helper_built (), "GDM", 3, SOCK_SEQPACKET, FALSE, &run);
  assert_refused (&run, DMK_HELPER_E_TRUNCATED);
  run_helper_full (helper_built (), DMK_HELPER_REQUEST_MAGIC "\1\0\0", 11, SOCK_SEQPACKET, FALSE,
                   &run);
  assert_refused (&run, DMK_HELPER_E_TRUNCATED);
  run_helper_full (helper_built (), "", 0, SOCK_SEQPACKET, FALSE, &run);
  assert_refused (&run, DMK_HELPER_E_TRUNCATED);

  /* The header promises more path than the message holds. */
  b = request (0, dev, -1);
  g_byte_array_set_size (b, b->len - 3);
  run_helper (b, &run);
  assert_refused (&run, DMK_HELPER_E_TRUNCATED);
  /* Trailing bytes after the path. */
  b = request (0, dev, -1);
  g_byte_array_append (b, (const guint8 *) "/../sda", 7);
  run_helper (b, &run);
  assert_refused (&run, DMK_HELPER_E_BAD_REQUEST);
  /* Unknown flags: a later protocol this helper does not speak. */
  run_helper (request (0x80, dev, -1), &run);
  assert_refused (&run, DMK_HELPER_E_BAD_REQUEST);
  /* Wrong magic with a valid-looking rest. */
  b = request (0, dev, -1);
  b->data[0] = 'X';
  run_helper (b, &run);
  assert_refused (&run, DMK_HELPER_E_BAD_REQUEST);

  /* A caller that never sends: the helper gives up after its timeout. */
  start = g_get_monotonic_time ();
  run_helper_full (helper_built (), NULL, 0, SOCK_SEQPACKET, FALSE, &run);
  assert_refused (&run, DMK_HELPER_E_TIMEOUT);
  elapsed_ms = (g_get_monotonic_time () - start) / 1000;
  g_assert_cmpint (elapsed_ms, >=, DMK_HELPER_REQUEST_TIMEOUT_MS - 100);
  g_assert_cmpint (elapsed_ms, <, DMK_HELPER_REQUEST_TIMEOUT_MS + 5000);

  /* Without a request socket it does nothing at all. */
  run_helper_full (helper_built (), NULL, 0, 0, FALSE, &run);
  g_assert_cmpint (run.exit_status, ==, DMK_HELPER_EXIT_USAGE);
  b = request (0, dev, -1);
  run_helper_full (helper_built (), b->data, b->len, SOCK_STREAM, FALSE, &run);
  g_byte_array_unref (b);
  g_assert_cmpint (run.exit_status, ==, DMK_HELPER_EXIT_USAGE);
  g_assert_false (run.replied);
  g_assert_cmpint (run.n_fds, ==, 0);
  cleanup_all ();
}


static void
test_partition_in_use (const char *pdev, const char *pmnt)
{
  g_autofree char *part = g_strdup_printf ("%sp1", pdev);
  HelperRun run;

  mount_ext4 (part, pmnt);
  run_helper (request (DMK_HELPER_FLAG_WRITE, pdev, -1), &run);
  assert_refused (&run, DMK_HELPER_E_MOUNTED);
  g_assert_cmpstr (run.reply.device, ==, strrchr (part, '/') + 1);
  g_assert_cmpstr (run.reply.detail, ==, pmnt);
  run_helper (request (DMK_HELPER_FLAG_WRITE, part, -1), &run);
  assert_refused (&run, DMK_HELPER_E_MOUNTED);
  run_helper (request (0, part, -1), &run);
  assert_opened (&run, part, FALSE);
  close (run.fd);
  g_assert_no_errno (umount2 (pmnt, 0));
}

static void
test_in_use (void)
{
  g_autofree char *dev = NULL, *pdev = NULL, *mnt = NULL, *pmnt = NULL;
  g_autofree char *base = NULL;
  HelperRun run;
  int lfd, plfd, excl;

  if (!is_root ())
    return;
  if (!in_private_mount_ns)
    {
      g_test_skip ("no private mount namespace (unshare failed): not mounting anything");
      return;
    }
  base = g_dir_make_tmp ("gdiskmark-mnt-XXXXXX", NULL);
  add_path (cl.dirs, &cl.n_dirs, base);
  mnt = g_build_filename (base, "whole", NULL);
  pmnt = g_build_filename (base, "part", NULL);

  /* A mounted whole disk: O_EXCL refuses it, and the helper says where it is mounted. */
  dev = loop_new (FALSE, &lfd);
  mount_ext4 (dev, mnt);
  run_helper (request (DMK_HELPER_FLAG_WRITE, dev, -1), &run);
  assert_refused (&run, DMK_HELPER_E_MOUNTED);
  g_assert_cmpstr (run.reply.device, ==, strrchr (dev, '/') + 1);
  g_assert_cmpstr (run.reply.detail, ==, mnt);
  /* Reading a mounted device harms nothing. */
  run_helper (request (0, dev, -1), &run);
  assert_opened (&run, dev, FALSE);
  close (run.fd);
  g_assert_no_errno (umount2 (mnt, 0));
  run_helper (request (DMK_HELPER_FLAG_WRITE, dev, -1), &run);
  assert_opened (&run, dev, TRUE);
  close (run.fd);

  /* A disk whose partition is mounted: writing the whole disk is refused, naming the
   * partition. */
  pdev = loop_new (TRUE, &plfd);
  if (pdev == NULL)
    g_test_message ("no partition on a loop device here: partition and swap cases not run");
  else
    test_partition_in_use (pdev, pmnt);

  /* Swap on the whole disk. */
  {
    const char *mkswap[] = { "mkswap", dev, NULL };
    g_assert_cmpint (run_tool (mkswap, NULL), ==, 0);
    if (swapon (dev, 0) == 0)
      {
        add_path (cl.swaps, &cl.n_swaps, dev);
        run_helper (request (DMK_HELPER_FLAG_WRITE, dev, -1), &run);
        assert_refused (&run, DMK_HELPER_E_SWAP);
        g_assert_cmpstr (run.reply.device, ==, strrchr (dev, '/') + 1);
        g_assert_no_errno (swapoff (dev));
      }
    else
      g_test_message ("swapon refused here (%s): swap case not run", g_strerror (errno));
  }

  /* Held with O_EXCL by another process (this one): no mount, swap or holder explains it. */
  excl = open (dev, O_RDONLY | O_EXCL | O_CLOEXEC);
  g_assert_no_errno (excl);
  run_helper (request (DMK_HELPER_FLAG_WRITE, dev, -1), &run);
  assert_refused (&run, DMK_HELPER_E_EXCL_BUSY);
  g_assert_cmpint (run.reply.sys_errno, ==, EBUSY);
  run_helper (request (0, dev, -1), &run);
  assert_opened (&run, dev, FALSE);
  close (run.fd);
  close (excl);
  cleanup_all ();
}

static void
test_unprivileged (void)
{
  g_autofree char *dev = NULL, *helper = NULL;
  GByteArray *b;
  HelperRun run;
  int lfd;

  if (!is_root ())
    return;
  dev = loop_new (FALSE, &lfd);
  helper = nobody_path ("gdiskmark-helper");
  b = request (0, dev, -1);
  run_helper_full (helper, b->data, b->len, SOCK_SEQPACKET, TRUE, &run);
  assert_refused (&run, DMK_HELPER_E_NOT_ROOT);
  g_byte_array_unref (b);
  b = request (DMK_HELPER_FLAG_WRITE, dev, -1);
  run_helper_full (helper, b->data, b->len, SOCK_SEQPACKET, TRUE, &run);
  assert_refused (&run, DMK_HELPER_E_NOT_ROOT);
  g_byte_array_unref (b);
  cleanup_all ();
}

/* Who asked for what ends up in the system log. Runs only where no syslog daemon owns /dev/log:
 * the test listens there itself for a moment. */
static void
test_syslog (void)
{
  struct sockaddr_un addr = { .sun_family = AF_UNIX, .sun_path = "/dev/log" };
  g_autofree char *dev = NULL, *want_open = NULL;
  g_autoptr (GString) log = g_string_new (NULL);
  gboolean seen_open = FALSE, seen_refusal = FALSE, seen_loop = FALSE, seen_rtl = FALSE;
  HelperRun run;
  char buf[2048];
  int lfd, sock;

  if (!is_root ())
    return;
  if (g_file_test ("/dev/log", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("a syslog daemon owns /dev/log: not listening in its place");
      return;
    }
  sock = socket (AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  g_assert_no_errno (bind (sock, (struct sockaddr *) &addr, sizeof addr));
  add_path (cl.files, &cl.n_files, "/dev/log");
  dev = loop_new (FALSE, &lfd);

  /* A user gets no loop device; root, through pkexec, does. */
  helper_envp = g_environ_setenv (NULL, "PKEXEC_UID", "4242", TRUE);
  run_helper (request (0, dev, -1), &run);
  assert_refused (&run, DMK_HELPER_E_LOOP);
  run_helper (request (0, "/dev/x\nfake: opened /dev/sda", -1), &run);
  assert_refused (&run, DMK_HELPER_E_PATH_BAD_CHAR);
  /* Bytes outside ASCII (a right-to-left override) reach the log escaped. */
  run_helper (request (0, "/dev/\xe2\x80\xae" "1adsc", -1), &run);
  assert_refused (&run, DMK_HELPER_E_NOT_FOUND);
  g_strfreev (helper_envp);
  helper_envp = g_environ_setenv (NULL, "PKEXEC_UID", "0", TRUE);
  run_helper (request (0, dev, -1), &run);
  assert_opened (&run, dev, FALSE);
  close (run.fd);
  /* Not a number: recorded as unknown, never believed. */
  g_strfreev (helper_envp);
  helper_envp = g_environ_setenv (NULL, "PKEXEC_UID", "0; rm -rf /", TRUE);
  run_helper (request (0, "/etc/shadow", -1), &run);
  assert_refused (&run, DMK_HELPER_E_REGULAR_FILE);
  g_clear_pointer (&helper_envp, g_strfreev);

  want_open = g_strdup_printf ("uid 0 pid %d: opened %s (%s) read-only", (int) getpid (), dev,
                               strrchr (dev, '/') + 1);
  for (;;)
    {
      struct pollfd pfd = { sock, POLLIN, 0 };
      ssize_t n;
      if (poll (&pfd, 1, 1000) <= 0)
        break;
      n = recv (sock, buf, sizeof buf - 1, 0);
      if (n <= 0)
        break;
      buf[n] = '\0';
      g_string_append_printf (log, "%s\n", buf);
      if (strstr (buf, "gdiskmark-helper[") == NULL)
        continue; /* someone else's message */
      seen_open |= strstr (buf, want_open) != NULL;
      seen_refusal |= strstr (buf, "uid 4242") != NULL &&
                      strstr (buf, "refused to open /dev/x\\x0afake: opened /dev/sda") != NULL;
      seen_loop |= strstr (buf, "uid 4242") != NULL && strstr (buf, "loop device") != NULL;
      seen_rtl |= strstr (buf, "refused to open /dev/\\xe2\\x80\\xae1adsc") != NULL;
      g_assert_null (strstr (buf, "uid 0;"));
      g_assert_null (strstr (buf, "\xe2\x80\xae"));
    }
  g_test_message ("log: %s", log->str);
  g_assert_true (seen_open);
  g_assert_true (seen_refusal);
  g_assert_true (seen_loop);
  g_assert_true (seen_rtl);
  g_assert_nonnull (strstr (log->str, "uid 0 (PKEXEC_UID missing or malformed)"));
  close (sock);
  cleanup_all ();
}

/* ---- The CLI, as root and through pkexec ---- */

/* GDISKMARK_PKEXEC for the CLI: a stand-in for pkexec (NULL: the real one, by its absolute path;
 * PATH is never searched). */
static const char *pkexec_env;

static int
run_cli (gboolean as_nobody, const char *path_env, const char *helper_env, const char *const *args,
         char **out, char **err)
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


static void
test_data_safety_root (void)
{
  g_autofree char *dev = NULL, *before = NULL, *after = NULL, *out = NULL, *err = NULL;
  int lfd;

  if (!is_root ())
    return;
  dev = loop_new (FALSE, &lfd);
  before = device_checksum (dev);
  for (int i = 0; i < 2; i++)
    {
      const char *args[] = { "--mode=read", "--size=16MiB", "--passes=1", "--time=1",
                             "--interval=0", i ? "--engine=psync" : "--engine=libaio", dev, NULL };
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (run_cli (FALSE, SYS_PATH, NULL, args, &out, &err), ==, 0);
      g_assert_nonnull (strstr (out, "MB/s"));
      after = device_checksum (dev);
      g_assert_cmpstr (before, ==, after);
      g_clear_pointer (&after, g_free);
    }
  {
    const char *args[] = { "--mode=write", "--size=16MiB", "--passes=1", "--time=1",
                           "--interval=0", dev, NULL };
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (FALSE, SYS_PATH, NULL, args, NULL, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--allow-write-device"));
    after = device_checksum (dev);
    g_assert_cmpstr (before, ==, after);
  }
  cleanup_all ();
}

/* pkexec's answers mapped to clear messages, with stand-ins for pkexec: dismissing the dialog
 * needs an agent, which a test machine does not have. */
static void
test_pkexec_errors (void)
{
  static const struct
  {
    const char *script;
    const char *want;
  } cases[] = {
    { "echo 'Error executing command as another user: Request dismissed' >&2; exit 126",
      "Authentication was cancelled" },
    { "echo 'Error executing command as another user: Not authorized' >&2; exit 127",
      "Not authorized to open DEV: ask an administrator" },
    { "echo 'Error creating textual authentication agent: no tty' >&2; exit 127",
      "Not authorized to open DEV: no authentication agent" },
    { "echo 'Error getting authority: Error initializing authority: Could not connect' >&2; "
      "exit 127",
      "Could not ask polkit for permission to open DEV" },
    { "echo \"Error accessing $1: No such file or directory\" >&2; exit 127",
      "pkexec cannot run the helper" },
    /* A pkexec that is not setuid: the helper runs as the user and refuses. */
    { "exec \"$1\"", "did not run as root" },
  };
  g_autofree char *dev = NULL, *bindir = NULL, *fake = NULL, *path_env = NULL, *helper = NULL;
  g_autofree char *why = NULL;
  const char *args[] = { "--mode=read", "--size=16MiB", "--passes=1", "--time=1", "--interval=0",
                         NULL, NULL };
  int lfd;

  if (!is_root ())
    return;
  /* A disk a user may be handed (zram), so that the answer is the helper's, not a refusal of a
   * loop device; a loop device where there is no zram. */
  dev = zram_new (&why);
  if (dev == NULL)
    dev = loop_new (FALSE, &lfd);
  args[5] = dev;
  helper = nobody_path ("gdiskmark-helper");
  bindir = nobody_path ("bin");
  g_assert_no_errno (mkdir (bindir, 0755));
  add_path (cl.dirs, &cl.n_dirs, bindir);
  fake = g_build_filename (bindir, "pkexec", NULL);
  add_path (cl.files, &cl.n_files, fake);
  path_env = g_strdup (SYS_PATH);
  pkexec_env = fake;
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *script = g_strdup_printf ("#!/bin/sh\n%s\n", cases[i].script);
      g_autoptr (GString) want = g_string_new (cases[i].want);
      g_autofree char *err = NULL;

      g_string_replace (want, "DEV", dev, 0);
      g_assert_true (g_file_set_contents_full (fake, script, -1, G_FILE_SET_CONTENTS_NONE, 0755,
                                               NULL));
      g_assert_cmpint (run_cli (TRUE, path_env, helper, args, NULL, &err), ==, 1);
      g_assert_nonnull (strstr (err, want->str));
    }

  /* Ctrl+C while the password dialog is up: pkexec (here a stand-in that waits a minute) is
   * ended and the CLI stops at once, instead of waiting for the user to answer. */
  {
    const char *script = "#!/bin/sh\nkill -INT $PPID\nexec sleep 60\n";
    g_autofree char *err = NULL;
    gint64 start = g_get_monotonic_time ();

    g_assert_true (g_file_set_contents_full (fake, script, -1, G_FILE_SET_CONTENTS_NONE, 0755,
                                             NULL));
    g_assert_cmpint (run_cli (TRUE, path_env, helper, args, NULL, &err), ==, 130);
    g_assert_nonnull (strstr (err, "interrupted"));
    g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
  }
  /* The helper is told what pkexec authorized: "read" and the path, in its argv. */
  {
    const char *script = "#!/bin/sh\necho \"argv: $*\" >&2; exit 127\n";
    g_autofree char *err = NULL, *want = NULL;

    g_assert_true (g_file_set_contents_full (fake, script, -1, G_FILE_SET_CONTENTS_NONE, 0755,
                                             NULL));
    g_assert_cmpint (run_cli (TRUE, path_env, helper, args, NULL, &err), ==, 1);
    want = g_strdup_printf ("argv: %s read %s", helper, dev);
    g_assert_nonnull (strstr (err, want));
  }
  pkexec_env = NULL;
  cleanup_all ();
}

static gboolean
bus_is_live (void)
{
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int s = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  gboolean live;

  g_strlcpy (addr.sun_path, BUS_SOCKET, sizeof addr.sun_path);
  live = connect (s, (struct sockaddr *) &addr, sizeof addr) == 0;
  close (s);
  return live;
}

static gboolean name_on_bus (const char *name);

static gboolean
polkit_on_bus (void)
{
  return name_on_bus ("org.freedesktop.PolicyKit1");
}

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

static void
start_system_bus_and_polkit (void)
{
  static const char *const polkitds[] = { "/usr/lib/polkit-1/polkitd", "/usr/libexec/polkitd",
                                          "/usr/libexec/polkit-1/polkitd", NULL };
  const char *polkitd = NULL;

  if (!bus_is_live ())
    {
      /* In the foreground, as our child: killed and reaped by cleanup_all(). */
      const char *argv[] = { "dbus-daemon", "--system", "--nofork", "--nopidfile", NULL };
      g_autoptr (GError) error = NULL;
      GPid pid;

      g_mkdir_with_parents (BUS_DIR, 0755);
      unlink (BUS_SOCKET); /* stale: nobody answers on it */
      add_path (cl.files, &cl.n_files, BUS_SOCKET);
      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                    G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
                                      G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                    NULL, NULL, &pid, &error));
      g_assert_no_error (error);
      cl.pids[cl.n_pids++] = pid;
      for (int i = 0; i < 100 && !bus_is_live (); i++)
        g_usleep (50000);
      g_assert_true (bus_is_live ());
    }
  if (!polkit_on_bus ())
    {
      const char *argv[] = { NULL, "--no-debug", NULL };
      g_autoptr (GError) error = NULL;
      GPid pid;

      for (int i = 0; polkitds[i] != NULL && polkitd == NULL; i++)
        if (g_file_test (polkitds[i], G_FILE_TEST_IS_EXECUTABLE))
          polkitd = polkitds[i];
      g_assert_nonnull (polkitd);
      argv[0] = polkitd;
      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                      G_SPAWN_STDERR_TO_DEV_NULL,
                                    NULL, NULL, &pid, &error));
      g_assert_no_error (error);
      cl.pids[cl.n_pids++] = pid;
      for (int i = 0; i < 200 && !polkit_on_bus (); i++)
        g_usleep (50000);
      g_assert_true (polkit_on_bus ());
    }
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
  g_assert_cmpint (run_cli (TRUE, SYS_PATH, helper, read_args, &out, &err), ==, 1);
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
  g_assert_cmpint (run_cli (TRUE, path_env, helper, read_args, &out, &err), ==, 0);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_assert_nonnull (strstr (out, "MB/s"));
  g_assert_nonnull (strstr (out, dev));
  after = device_checksum (dev);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* The read grant does not allow a write. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (TRUE, SYS_PATH, helper, write_args, NULL, &err), ==, 1);
  g_assert_nonnull (strstr (err, want));
  after = device_checksum (dev);
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&after, g_free);

  /* A write run without consent never reaches the helper. */
  {
    const char *no_consent[] = { "--mode=write", "--size=16MiB", "--passes=1", "--time=1",
                                 "--interval=0", dev, NULL };
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (TRUE, SYS_PATH, helper, no_consent, NULL, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--allow-write-device"));
  }

  /* A loop device, asked for by a user: refused with what to do instead. */
  loop = loop_new (FALSE, &lfd);
  {
    const char *loop_args[] = { "--mode=read", "--size=16MiB", "--passes=1", "--time=1",
                                "--interval=0", loop, NULL };
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (TRUE, SYS_PATH, helper, loop_args, NULL, &err), ==, 1);
    g_assert_nonnull (strstr (err, "is a loop device"));
    g_assert_nonnull (strstr (err, "backing file"));
  }

  /* Clear messages when pkexec or the helper is missing. */
  g_clear_pointer (&err, g_free);
  pkexec_env = "/nonexistent/pkexec";
  /* The next way in, UDisks2, may be activated by the bus and answer for itself (the rule
   * grants only the helper's action): either answer is a clear one. */
  g_assert_cmpint (run_cli (TRUE, SYS_PATH, helper, read_args, NULL, &err), ==, 1);
  pkexec_env = NULL;
  g_assert_true (strstr (err, "pkexec is not installed") != NULL ||
                 strstr (err, "Not authorized to open") != NULL);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (TRUE, SYS_PATH, "/nonexistent/gdiskmark-helper", read_args, NULL,
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
          g_assert_cmpint (run_cli (TRUE, SYS_PATH, helper, write_args, NULL, &err), ==, 1);
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
        rc = run_cli (TRUE, SYS_PATH, helper, write_args, NULL, &err);
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

/* ---- UDisks2: the provider for Flatpak and hosts without pkexec ---- */

#define UDISKS_RULES "/etc/polkit-1/rules.d/49-gdiskmark-udisks-test.rules"

static gboolean
name_on_bus (const char *name)
{
  g_autoptr (GDBusConnection) bus = NULL;
  g_autoptr (GVariant) ret = NULL;
  gboolean has = FALSE;

  bus = g_dbus_connection_new_for_address_sync (
    "unix:path=" BUS_SOCKET,
    G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
    NULL, NULL, NULL);
  if (bus == NULL)
    return FALSE;
  ret = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                     "org.freedesktop.DBus", "NameHasOwner",
                                     g_variant_new ("(s)", name), G_VARIANT_TYPE ("(b)"), 0, 2000,
                                     NULL, NULL);
  if (ret != NULL)
    g_variant_get (ret, "(b)", &has);
  return has;
}

static GPid
spawn_daemon (const char *const *argv)
{
  g_autoptr (GError) error = NULL;
  GPid pid = 0;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                  G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  cl.pids[cl.n_pids++] = pid;
  return pid;
}

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
    g_assert_cmpint (run_cli (TRUE, path_env, NULL, read_args, NULL, &err), ==, 1);
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
        rc = run_cli (TRUE, path_env, NULL, read_args, &out, &err);
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
    g_assert_cmpint (run_cli (TRUE, path_env, NULL, loop_args, NULL, &err), ==, 1);
    g_assert_nonnull (strstr (err, "is a loop device"));
  }

  /* Writes still need consent, whichever way the fd would come. */
  {
    g_autofree char *err = NULL;
    g_assert_cmpint (run_cli (TRUE, path_env, NULL, write_args, NULL, &err), ==, 2);
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
  int ret;

  dmk_test_helper_init (&argc, &argv);
  g_test_add_func ("/helper/direct/read-only", test_read_only_fd);
  g_test_add_func ("/helper/direct/read-write", test_read_write_fd);
  g_test_add_func ("/helper/direct/hostile-paths", test_hostile_paths);
  g_test_add_func ("/helper/direct/bad-requests", test_bad_requests);
  g_test_add_func ("/helper/direct/in-use", test_in_use);
  g_test_add_func ("/helper/direct/unprivileged", test_unprivileged);
  g_test_add_func ("/helper/direct/syslog", test_syslog);
  g_test_add_func ("/helper/cli/data-safety", test_data_safety_root);
  g_test_add_func ("/helper/cli/pkexec-errors", test_pkexec_errors);
  g_test_add_func ("/helper/pkexec/end-to-end", test_pkexec);
  g_test_add_func ("/helper/udisks/end-to-end", test_udisks);
  ret = g_test_run ();
  cleanup_all ();
  return ret;
}
