/* test-helper.c: gdiskmark-helper vs hostile requests and unprivileged users, and the CLI's
 * use of it as root and with stand-ins for pkexec. The harness is in dmk-test-helper.c; the
 * attacks of issue 3/6 in test-helper-attacks.c; pkexec and UDisks2 end to end in
 * test-helper-pkexec.c and test-helper-udisks.c. */
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

/* ---- The CLI, as root and through stand-ins for pkexec ---- */

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
      g_assert_cmpint (run_cli_as (FALSE, SYS_PATH, NULL, args, &out, &err), ==, 0);
      g_assert_nonnull (strstr (out, "MB/s"));
      after = device_checksum (dev);
      g_assert_cmpstr (before, ==, after);
      g_clear_pointer (&after, g_free);
    }
  {
    const char *args[] = { "--mode=write", "--size=16MiB", "--passes=1", "--time=1",
                           "--interval=0", dev, NULL };
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli_as (FALSE, SYS_PATH, NULL, args, NULL, &err), ==, 2);
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
      g_assert_cmpint (run_cli_as (TRUE, path_env, helper, args, NULL, &err), ==, 1);
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
    g_assert_cmpint (run_cli_as (TRUE, path_env, helper, args, NULL, &err), ==, 130);
    g_assert_nonnull (strstr (err, "interrupted"));
    g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
  }
  /* The helper is told what pkexec authorized: "read" and the path, in its argv. */
  {
    const char *script = "#!/bin/sh\necho \"argv: $*\" >&2; exit 127\n";
    g_autofree char *err = NULL, *want = NULL;

    g_assert_true (g_file_set_contents_full (fake, script, -1, G_FILE_SET_CONTENTS_NONE, 0755,
                                             NULL));
    g_assert_cmpint (run_cli_as (TRUE, path_env, helper, args, NULL, &err), ==, 1);
    want = g_strdup_printf ("argv: %s read %s", helper, dev);
    g_assert_nonnull (strstr (err, want));
  }
  pkexec_env = NULL;
  cleanup_all ();
}

int
main (int argc, char **argv)
{
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
  return dmk_test_helper_run ();
}
