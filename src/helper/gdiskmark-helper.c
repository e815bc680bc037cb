/* gdiskmark-helper.c: root helper run by pkexec: opens one block device after strict checks. */

/*
 * Audit notes. The caller (through pkexec) is authorized to have one block device opened, for
 * reading (action open-device) or for writing (open-device-write), nothing more. pkexec picks
 * the action from argv[1] ("read" or "write") and shows argv[2] (the path) in its prompt; the
 * helper then reads one request from the SOCK_SEQPACKET socket on stdin and refuses it unless
 * it asks for exactly that. It opens the path with O_PATH (which never runs a driver's open),
 * checks that the inode is a block device the kernel lists in /sys/block, then reopens that
 * very inode through /proc/self/fd with the real flags and checks the new fd again.
 *
 * What an fd allows is more than read() and write(): its ioctls. Loop devices obey LOOP_*
 * ioctls (LOOP_CHANGE_FD, LOOP_CLR_FD, LOOP_SET_STATUS64) whatever the open mode, so a caller
 * that is not root gets no loop device, nor a partition of one. For writes, devices that are
 * mounted, swapped on, held, or that share their storage with a loop device are refused
 * (dmk-device-checks.c and dmk-device-loops.c, which the core runs in its own process too).
 * Nothing from the caller's process state is trusted: signal dispositions, the signal mask and
 * rlimits are reset, and the whole run is bounded in time.
 * The environment is cleared; the helper writes only to the socket and the system log.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "gdiskmark-helper.h"

/* The longest the helper lives, whatever the caller does: SIGALRM (reset to its default, which
 * ends the process) arrives then. */
#define HELPER_LIFETIME_S 60
/* The longest a reply may wait for room in the caller's socket. */
#define SEND_TIMEOUT_S 5

static int caller_is_root;
/* The device asked for and the devices a write to it reaches. */
static DmkDeviceFamily *family;

/* Sends a check's refusal, when it has one. */
static void
refuse_unless_ok (int r, const DmkDeviceVerdict *v)
{
  if (r != 0)
    finish (v->status, v->err, v->device, v->detail, -1);
}

static void
check_type (int fd, struct stat *st)
{
  if (fstat (fd, st) != 0)
    finish (DMK_HELPER_E_INTERNAL, errno, NULL, "fstat", -1);
  if (S_ISBLK (st->st_mode))
    return;
  finish (S_ISREG (st->st_mode)   ? DMK_HELPER_E_REGULAR_FILE
          : S_ISDIR (st->st_mode) ? DMK_HELPER_E_DIRECTORY
          : S_ISCHR (st->st_mode) ? DMK_HELPER_E_CHAR_DEVICE
          : S_ISFIFO (st->st_mode) ? DMK_HELPER_E_FIFO
                                   : DMK_HELPER_E_NOT_BLOCK,
          0, NULL, NULL, -1);
}

/* Reads the one request, with a deadline. Fills path (NUL-terminated) and *flags. */
static void
read_request (char *path, uint32_t *flags)
{
  static char buf[sizeof (DmkHelperRequest) + DMK_HELPER_PATH_MAX + 1];
  struct iovec iov = { buf, sizeof buf };
  struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
  struct timespec start, now;
  DmkHelperRequest req;
  ssize_t n;

  clock_gettime (CLOCK_MONOTONIC, &start);
  for (;;)
    {
      struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };
      long left;
      clock_gettime (CLOCK_MONOTONIC, &now);
      left = DMK_HELPER_REQUEST_TIMEOUT_MS - ((now.tv_sec - start.tv_sec) * 1000L +
                                              (now.tv_nsec - start.tv_nsec) / 1000000L);
      if (left <= 0)
        finish (DMK_HELPER_E_TIMEOUT, 0, NULL, NULL, -1);
      if (poll (&pfd, 1, (int) left) < 0 && errno != EINTR)
        finish (DMK_HELPER_E_INTERNAL, errno, NULL, "poll", -1);
      if (!(pfd.revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      /* No control buffer: any fds a caller sends along are discarded by the kernel. */
      n = recvmsg (STDIN_FILENO, &msg, MSG_DONTWAIT);
      if (n >= 0)
        break;
      if (errno != EINTR && errno != EAGAIN)
        finish (DMK_HELPER_E_INTERNAL, errno, NULL, "recvmsg", -1);
    }

  if ((size_t) n < sizeof req)
    finish (n >= DMK_HELPER_MAGIC_LEN && memcmp (buf, DMK_HELPER_REQUEST_MAGIC,
                                                 DMK_HELPER_MAGIC_LEN) != 0
              ? DMK_HELPER_E_BAD_REQUEST
              : DMK_HELPER_E_TRUNCATED,
            0, NULL, NULL, -1);
  memcpy (&req, buf, sizeof req);
  if (memcmp (req.magic, DMK_HELPER_REQUEST_MAGIC, DMK_HELPER_MAGIC_LEN) != 0 ||
      (req.flags & ~DMK_HELPER_FLAGS_ALL) != 0)
    finish (DMK_HELPER_E_BAD_REQUEST, 0, NULL, NULL, -1);
  if (req.flags & DMK_HELPER_FLAG_WRITE)
    helper_mode = "read-write";
  if (req.path_len > DMK_HELPER_PATH_MAX)
    finish (DMK_HELPER_E_PATH_TOO_LONG, 0, NULL, NULL, -1);
  if ((size_t) n < sizeof req + req.path_len)
    finish (DMK_HELPER_E_TRUNCATED, 0, NULL, NULL, -1);
  if ((size_t) n > sizeof req + req.path_len || (msg.msg_flags & MSG_TRUNC))
    finish (DMK_HELPER_E_BAD_REQUEST, 0, NULL, NULL, -1);

  memcpy (path, buf + sizeof req, req.path_len);
  path[req.path_len] = '\0';
  *flags = req.flags;

  /* The log gets an escaped copy, so a crafted path cannot forge log lines. */
  dmk_str_escape (helper_logpath, sizeof helper_logpath, buf + sizeof req, req.path_len);
  for (size_t i = 0; i < req.path_len; i++)
    if ((unsigned char) path[i] < 0x20 || path[i] == 0x7f)
      finish (DMK_HELPER_E_PATH_BAD_CHAR, 0, NULL, NULL, -1);
  if (path[0] != '/')
    finish (DMK_HELPER_E_PATH_NOT_ABSOLUTE, 0, NULL, NULL, -1);
  /* The core sends realpath()'s answer: anything else is someone else's request. */
  if (strstr (path, "//") != NULL || strstr (path, "/./") != NULL ||
      strstr (path, "/../") != NULL || (req.path_len > 1 && path[req.path_len - 1] == '/') ||
      (req.path_len >= 2 && strcmp (path + req.path_len - 2, "/.") == 0) ||
      (req.path_len >= 3 && strcmp (path + req.path_len - 3, "/..") == 0))
    finish (DMK_HELPER_E_PATH_NOT_CANONICAL, 0, NULL, NULL, -1);
}

/* A block device node is handed out only from /dev itself (devtmpfs): a node made with mknod
 * elsewhere, or a device bind-mounted onto a file, is not how a disk is named. */
static void
check_in_dev (int pfd, const char *path)
{
  struct stat node, dev_dir;

  if (strncmp (path, "/dev/", 5) != 0 || fstat (pfd, &node) != 0 || stat ("/dev", &dev_dir) != 0 ||
      node.st_dev != dev_dir.st_dev)
    finish (DMK_HELPER_E_NOT_IN_DEV, 0, NULL, NULL, -1);
}

/* O_PATH opens the inode without calling any driver's open, so that nothing (a tape that
 * rewinds, a watchdog that arms) happens before the type is known. No symlinks at all: the
 * core resolves /dev/disk/by-id names itself, and root should not follow links someone else
 * may control. */
static int
open_path (const char *path)
{
  struct open_how how = { .flags = O_PATH | O_CLOEXEC,
                          .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS };
  struct stat st;
  int fd = (int) syscall (SYS_openat2, AT_FDCWD, path, &how, sizeof how);

  if (fd < 0 && errno == ENOSYS)
    {
      /* Before Linux 5.6: only the last component can be checked. */
      fd = open (path, O_PATH | O_CLOEXEC | O_NOFOLLOW);
      if (fd >= 0 && fstat (fd, &st) == 0 && S_ISLNK (st.st_mode))
        {
          close (fd);
          errno = ELOOP;
          fd = -1;
        }
    }
  if (fd < 0)
    finish (errno == ELOOP                        ? DMK_HELPER_E_SYMLINK
            : errno == ENOENT || errno == ENOTDIR ? DMK_HELPER_E_NOT_FOUND
            : errno == ENAMETOOLONG               ? DMK_HELPER_E_PATH_TOO_LONG
                                                  : DMK_HELPER_E_OPEN_FAILED,
            errno, NULL, NULL, -1);
  return fd;
}

/* PKEXEC_UID is only recorded, never believed. */
static void
record_caller (const char *uid)
{
  if (uid != NULL && strlen (uid) <= 10 && strspn (uid, "0123456789") == strlen (uid) && *uid)
    {
      snprintf (helper_caller, sizeof helper_caller, "uid %s", uid);
      caller_is_root = strcmp (uid, "0") == 0;
    }
  else
    {
      snprintf (helper_caller, sizeof helper_caller, "uid %u (PKEXEC_UID missing or malformed)",
                (unsigned) getuid ());
      /* Run by hand: root is the caller. A malformed PKEXEC_UID is nobody's. */
      caller_is_root = uid == NULL && getuid () == 0;
    }
}

/* The caller's process state reaches us through exec: blocked or ignored signals (SIGALRM
 * ignored would let a full socket keep a root process, and an O_EXCL claim, forever), handlers
 * reset to ignore, rlimits (a tiny RLIMIT_NOFILE makes every scan fail) and closed standard
 * fds (the first file opened would become stderr). All of it is reset before anything else. */
static void
reset_process_state (void)
{
  const struct rlimit files = { 1024, 1024 }, none = { 0, 0 }, cpu = { 30, 60 };
  const struct rlimit stack = { 8 << 20, 8 << 20 };
  const struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
  struct sigaction dfl = { .sa_handler = SIG_DFL };
  sigset_t none_blocked;

  sigemptyset (&none_blocked);
  sigprocmask (SIG_SETMASK, &none_blocked, NULL);
  for (int sig = 1; sig < NSIG; sig++)
    if (sig != SIGKILL && sig != SIGSTOP)
      sigaction (sig, &dfl, NULL); /* fails for the numbers libc reserves: nothing to reset */
  /* Raising the hard limit takes CAP_SYS_RESOURCE, which a container may lack: then at least
   * the soft one. A scan that still runs out of fds refuses (gdiskmark-helper-checks.c). */
  if (setrlimit (RLIMIT_NOFILE, &files) != 0)
    {
      struct rlimit now;

      if (getrlimit (RLIMIT_NOFILE, &now) == 0)
        {
          now.rlim_cur = now.rlim_max;
          setrlimit (RLIMIT_NOFILE, &now);
        }
    }
  setrlimit (RLIMIT_CORE, &none);
  setrlimit (RLIMIT_CPU, &cpu);
  setrlimit (RLIMIT_STACK, &stack);
  setrlimit (RLIMIT_AS, &unlimited);
  setrlimit (RLIMIT_DATA, &unlimited);
  setrlimit (RLIMIT_FSIZE, &unlimited);
  for (int fd = 0; fd <= 2; fd++)
    if (fcntl (fd, F_GETFD) < 0 && open ("/dev/null", O_RDWR) != fd)
      _exit (DMK_HELPER_EXIT_USAGE);
  alarm (HELPER_LIFETIME_S);
}

/* pkexec chose the polkit action, and showed the prompt, from argv: "read PATH" or
 * "write PATH". The request on the socket must ask for exactly that. */
static void
check_argv (int argc, char **argv, const char *path, uint32_t flags)
{
  const char *want = (flags & DMK_HELPER_FLAG_WRITE) ? "write" : "read";

  if (argc != 3 || strcmp (argv[1], want) != 0 || strcmp (argv[2], path) != 0)
    finish (DMK_HELPER_E_ARGV_MISMATCH, 0, NULL, NULL, -1);
}

/* Someone running the helper by hand gets told so on stderr, the one time it is written to:
 * without a request socket there is nobody to send a reply to. */
static int
stdin_is_request_socket (void)
{
  int type = 0, domain = 0;
  socklen_t len;

  len = sizeof type;
  if (getsockopt (STDIN_FILENO, SOL_SOCKET, SO_TYPE, &type, &len) != 0)
    type = -1;
  len = sizeof domain;
  if (getsockopt (STDIN_FILENO, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0)
    domain = -1;
  if (type != SOCK_SEQPACKET || domain != AF_UNIX)
    {
      fprintf (stderr, "gdiskmark-helper: stdin must be an AF_UNIX SOCK_SEQPACKET socket: "
                       "GDiskMark runs this program through pkexec, not for running by hand\n");
      syslog (LOG_AUTHPRIV | LOG_WARNING, "%s ran the helper without a request socket",
              helper_caller);
      return 0;
    }
  return 1;
}

/* The log names the process that asked, as the kernel saw it connect. */
static void
record_peer_pid (void)
{
  struct ucred peer;
  socklen_t len = sizeof peer;

  if (getsockopt (STDIN_FILENO, SOL_SOCKET, SO_PEERCRED, &peer, &len) == 0)
    snprintf (helper_caller + strlen (helper_caller),
              sizeof helper_caller - strlen (helper_caller), " pid %ld",
              (long) peer.pid);
}

/* Reopening through /proc/self/fd opens exactly the inode checked on pfd, whatever happened
 * to the path meanwhile. Closes pfd once the real fd is open. */
static int
reopen_checked_inode (int pfd, uint32_t flags)
{
  char proc[64];
  int fd, fl;

  snprintf (proc, sizeof proc, "/proc/self/fd/%d", pfd);
  fl = O_DIRECT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
  fl |= (flags & DMK_HELPER_FLAG_WRITE) ? O_RDWR | O_EXCL : O_RDONLY;
  fd = open (proc, fl);
  if (fd < 0 && errno == EBUSY && (flags & DMK_HELPER_FLAG_WRITE))
    {
      DmkDeviceVerdict v;

      /* Say why, when we can tell: mounted, swap or held. */
      refuse_unless_ok (dmk_device_check_in_use (family, &v), &v);
      finish (DMK_HELPER_E_EXCL_BUSY, EBUSY, dmk_device_family_name (family), NULL, -1);
    }
  if (fd < 0)
    finish (errno == ENOENT ? DMK_HELPER_E_NOT_FOUND : DMK_HELPER_E_OPEN_FAILED, errno,
            dmk_device_family_name (family), NULL, -1);
  close (pfd);
  return fd;
}

/* Validates the fd that will be handed out, not the path: still the block device st names,
 * not in use when it is for writing, and blocking. */
static void
check_fd_to_send (int fd, const struct stat *st, uint32_t flags)
{
  const char *name = dmk_device_family_name (family);
  DmkDeviceVerdict v;
  struct stat st2;
  int fl;

  check_type (fd, &st2);
  if (st2.st_rdev != st->st_rdev)
    finish (DMK_HELPER_E_UNKNOWN_DEVICE, 0, name, NULL, -1);

  if (flags & DMK_HELPER_FLAG_WRITE)
    {
      refuse_unless_ok (dmk_device_check_in_use (family, &v), &v);
      refuse_unless_ok (dmk_device_check_shared_storage (family, 0, &v), &v);
    }

  /* The core's libaio and pread I/O expect a blocking fd. */
  fl = fcntl (fd, F_GETFL);
  if (fl < 0 || fcntl (fd, F_SETFL, fl & ~O_NONBLOCK) != 0)
    finish (DMK_HELPER_E_INTERNAL, errno, name, "fcntl", -1);
}

int
main (int argc, char **argv)
{
  static char path[DMK_HELPER_PATH_MAX + 1];
  const char *uid = getenv ("PKEXEC_UID");
  struct stat st;
  uint32_t flags = 0;
  DmkDeviceVerdict v;
  int pfd, fd;

  /* Only stdin, stdout and stderr may come from the caller. */
  close_range (3, ~0u, 0);
  /* Whatever hangs (a dying disk's open, a caller that never reads), a root process does not
   * linger: SIGALRM, at its default again, ends it. */
  reset_process_state ();
  /* Then nothing from the environment is used. */
  record_caller (uid);
  clearenv ();
  umask (077);
  openlog ("gdiskmark-helper", LOG_PID, LOG_AUTHPRIV);

  if (!stdin_is_request_socket ())
    return DMK_HELPER_EXIT_USAGE;
  record_peer_pid ();
  {
    struct timeval tv = { SEND_TIMEOUT_S, 0 };

    if (setsockopt (STDIN_FILENO, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) != 0)
      finish (DMK_HELPER_E_INTERNAL, errno, NULL, "SO_SNDTIMEO", -1);
  }

  /* Both uids: a setuid bit put on this file by mistake must not open devices for anyone. */
  if (geteuid () != 0 || getuid () != 0)
    finish (DMK_HELPER_E_NOT_ROOT, EPERM, NULL, NULL, -1);

  read_request (path, &flags);
  check_argv (argc, argv, path, flags);

  pfd = open_path (path);
  check_type (pfd, &st);
  check_in_dev (pfd, path);
  family = dmk_device_family_new (st.st_rdev, &v);
  if (family == NULL)
    finish (v.status, v.err, v.device, v.detail, -1);
  /* Before any driver's open: a loop's fd would let its holder re-point the loop. */
  if (!caller_is_root && dmk_device_family_is_loop (family))
    finish (DMK_HELPER_E_LOOP, 0, dmk_device_family_name (family),
            "loop devices are tested as root or through their backing file's folder", -1);

  fd = reopen_checked_inode (pfd, flags);
  check_fd_to_send (fd, &st, flags);

  finish (DMK_HELPER_OK, 0, dmk_device_family_name (family), NULL, fd);
}
