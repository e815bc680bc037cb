/* gdiskmark-helper.c: root helper run by pkexec: opens one block device after strict checks. */

/*
 * Audit notes. The caller (through pkexec) is authorized to have a block device opened, nothing
 * more. The helper reads one request from the SOCK_SEQPACKET socket on stdin, opens the path
 * with O_PATH (which never runs a driver's open), checks that the inode is a block device the
 * kernel lists in /sys/block, then reopens that very inode through /proc/self/fd with the real
 * flags, checks the new fd again and, for read-write, refuses devices that are mounted,
 * swapped on or held. It trusts neither argv nor the environment and writes only to the socket
 * and the system log.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "dmk-helper-protocol.h"

#define MAX_DEVS 1024

typedef struct
{
  dev_t dev;
  char name[DMK_HELPER_DEVICE_MAX];
  char holders[2 * DMK_HELPER_DEVICE_MAX + 32]; /* its sysfs holders directory */
} Dev;

static Dev devs[MAX_DEVS]; /* the target, then its partitions (whole disk) or its disk */
static int n_devs;
static char caller[96] = "unknown";
static char logpath[DMK_HELPER_PATH_MAX * 4 + 1] = "(no request)";
static const char *mode = "read-only";
static DmkHelperReply reply;

static const char *const status_names[] = {
  "ok", "not running as root", "malformed request", "truncated request", "request timed out",
  "path too long", "path not absolute", "control character in path", "symbolic link in path",
  "no such file", "open failed", "regular file", "directory", "character device", "FIFO",
  "not a block device", "block device unknown to /sys/block", "mounted", "swap in use", "held",
  "busy (O_EXCL refused)", "internal error",
};

/* Copies src, cut to size - 1 bytes (mount points can be long; the reply's fields are not). */
static void
set_str (char *dest, size_t size, const char *src)
{
  size_t n = src != NULL ? strnlen (src, size - 1) : 0;

  memcpy (dest, src != NULL ? src : "", n);
  dest[n] = '\0';
}

/* Sends the reply (and fd, if >= 0) and exits. Never returns. */
static void __attribute__ ((noreturn))
finish (int status, int err, const char *device, const char *detail, int fd)
{
  char cbuf[CMSG_SPACE (sizeof (int))] = { 0 };
  struct iovec iov = { &reply, sizeof reply };
  struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
  char junk[256];
  ssize_t n;

  /* Unread messages would make our exit reset the connection, and the caller would see
   * ECONNRESET instead of the reply. Bounded: a caller cannot keep us here. */
  for (int i = 0; i < 64 && recv (STDIN_FILENO, junk, sizeof junk, MSG_DONTWAIT) > 0; i++)
    ;
  memcpy (reply.magic, DMK_HELPER_REPLY_MAGIC, DMK_HELPER_MAGIC_LEN);
  reply.status = status;
  reply.sys_errno = err;
  set_str (reply.device, sizeof reply.device, device);
  set_str (reply.detail, sizeof reply.detail, detail);
  if (fd >= 0)
    {
      struct cmsghdr *c;
      msg.msg_control = cbuf;
      msg.msg_controllen = sizeof cbuf;
      c = CMSG_FIRSTHDR (&msg);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN (sizeof (int));
      memcpy (CMSG_DATA (c), &fd, sizeof (int));
    }
  do
    n = sendmsg (STDIN_FILENO, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);

  if (status == DMK_HELPER_OK)
    syslog (LOG_AUTHPRIV | LOG_NOTICE, "%s: opened %s (%s) %s%s", caller, logpath,
            reply.device, mode, n < 0 ? ", but the fd could not be sent" : "");
  else
    syslog (LOG_AUTHPRIV | LOG_WARNING, "%s: refused to open %s %s: %s%s%s%s%s%s%s", caller,
            logpath, mode, status_names[status], *reply.device ? " " : "", reply.device,
            *reply.detail ? " " : "", reply.detail, err != 0 ? ": " : "",
            err != 0 ? strerror (err) : "");
  _exit (status == DMK_HELPER_OK && n >= 0 ? DMK_HELPER_EXIT_OK : DMK_HELPER_EXIT_REFUSED);
}

static int
read_small (const char *path, char *buf, size_t size)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  ssize_t n;

  if (fd < 0)
    return -1;
  n = read (fd, buf, size - 1);
  close (fd);
  if (n < 0)
    return -1;
  buf[n] = '\0';
  return 0;
}

/* Reads a sysfs "dev" file ("8:17\n"). */
static int
read_dev (const char *path, dev_t *out)
{
  char buf[32];
  unsigned int ma, mi;

  if (read_small (path, buf, sizeof buf) != 0 || sscanf (buf, "%u:%u", &ma, &mi) != 2)
    return -1;
  *out = makedev (ma, mi);
  return 0;
}

static void
add_dev (dev_t dev, const char *name, const char *holders)
{
  if (n_devs >= MAX_DEVS)
    finish (DMK_HELPER_E_INTERNAL, E2BIG, name, "too many partitions", -1);
  devs[n_devs].dev = dev;
  set_str (devs[n_devs].name, sizeof devs[n_devs].name, name);
  set_str (devs[n_devs].holders, sizeof devs[n_devs].holders, holders);
  n_devs++;
}

/* Finds rdev among the disks in /sys/block and their partitions. Fills devs[] with the target
 * first, then its partitions (a whole disk) or its disk (a partition). */
static int
find_in_sysfs (dev_t rdev)
{
  DIR *top = opendir ("/sys/block");
  struct dirent *d, *p;
  char path[PATH_MAX];
  dev_t dev;

  if (top == NULL)
    finish (DMK_HELPER_E_INTERNAL, errno, NULL, "/sys/block", -1);
  while ((d = readdir (top)) != NULL && n_devs == 0)
    {
      DIR *sub;
      int is_disk;

      if (d->d_name[0] == '.')
        continue;
      snprintf (path, sizeof path, "/sys/block/%s/dev", d->d_name);
      if (read_dev (path, &dev) != 0)
        continue;
      is_disk = dev == rdev;
      if (is_disk)
        {
          snprintf (path, sizeof path, "/sys/block/%s/holders", d->d_name);
          add_dev (dev, d->d_name, path);
        }
      snprintf (path, sizeof path, "/sys/block/%s", d->d_name);
      if ((sub = opendir (path)) == NULL)
        continue;
      while ((p = readdir (sub)) != NULL)
        {
          dev_t pdev;
          if (p->d_name[0] == '.')
            continue;
          snprintf (path, sizeof path, "/sys/block/%s/%s/partition", d->d_name, p->d_name);
          if (access (path, F_OK) != 0)
            continue;
          snprintf (path, sizeof path, "/sys/block/%s/%s/dev", d->d_name, p->d_name);
          if (read_dev (path, &pdev) != 0 || (!is_disk && pdev != rdev))
            continue;
          if (!is_disk)
            {
              /* The partition first, then its disk: a holder of the disk (multipath, a RAID
               * of whole disks) makes writing to the partition just as unsafe. */
              snprintf (path, sizeof path, "/sys/block/%s/%s/holders", d->d_name, p->d_name);
              add_dev (pdev, p->d_name, path);
              snprintf (path, sizeof path, "/sys/block/%s/holders", d->d_name);
              add_dev (dev, d->d_name, path);
              break;
            }
          snprintf (path, sizeof path, "/sys/block/%s/%s/holders", d->d_name, p->d_name);
          add_dev (pdev, p->d_name, path);
        }
      closedir (sub);
    }
  closedir (top);
  return n_devs > 0 ? 0 : -1;
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

static const Dev *
find_dev (dev_t dev)
{
  for (int i = 0; i < n_devs; i++)
    if (devs[i].dev == dev)
      return &devs[i];
  return NULL;
}

/* Which of our devices a mount or swap source names. Only /dev paths are looked at, without
 * automounting, so a crafted mount cannot make root walk into a network filesystem. */
static const Dev *
dev_of_source (const char *source)
{
  struct stat st;

  if (strncmp (source, "/dev/", 5) != 0 ||
      fstatat (AT_FDCWD, source, &st, AT_NO_AUTOMOUNT) != 0 || !S_ISBLK (st.st_mode))
    return NULL;
  return find_dev (st.st_rdev);
}

/* Undoes the octal escapes of /proc/self/mountinfo and /proc/swaps (\040 for a space);
 * control characters become '?' so that the reply and the log stay one line. */
static void
unescape (char *s)
{
  char *w = s;

  for (char *r = s; *r; r++)
    {
      if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' &&
          r[3] >= '0' && r[3] <= '7')
        {
          *w = (char) ((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
          r += 3;
        }
      else
        *w = *r;
      if ((unsigned char) *w < 0x20 || *w == 0x7f)
        *w = '?';
      w++;
    }
  *w = '\0';
}

/* The second line of defence behind O_EXCL: the target, its partitions (a whole disk) or its
 * disk (a partition) mounted, swapped on or held. */
static void
check_in_use (void)
{
  char *line = NULL;
  size_t size = 0;
  FILE *f;

  for (int i = 0; i < n_devs; i++)
    {
      DIR *h = opendir (devs[i].holders);
      struct dirent *e;
      if (h == NULL)
        finish (DMK_HELPER_E_INTERNAL, errno, devs[i].name, "holders", -1);
      while ((e = readdir (h)) != NULL)
        if (e->d_name[0] != '.')
          {
            char holder[DMK_HELPER_DEVICE_MAX];
            set_str (holder, sizeof holder, e->d_name);
            closedir (h);
            finish (DMK_HELPER_E_HELD, 0, devs[i].name, holder, -1);
          }
      closedir (h);
    }

  if ((f = fopen ("/proc/self/mountinfo", "re")) == NULL)
    finish (DMK_HELPER_E_INTERNAL, errno, NULL, "/proc/self/mountinfo", -1);
  while (getline (&line, &size, f) > 0)
    {
      /* id parent major:minor root mount-point options [optional…] - fstype source super */
      static char mnt[PATH_MAX], source[PATH_MAX];
      unsigned int ma, mi;
      const Dev *hit;
      char *sep = strstr (line, " - ");

      if (sscanf (line, "%*d %*d %u:%u %*s %4095s", &ma, &mi, mnt) != 3)
        continue;
      hit = find_dev (makedev (ma, mi));
      /* btrfs and others report an anonymous major:minor; their source names the device. */
      if (hit == NULL && sep != NULL && sscanf (sep + 3, "%*s %4095s", source) == 1)
        {
          unescape (source);
          hit = dev_of_source (source);
        }
      if (hit != NULL)
        {
          unescape (mnt);
          finish (DMK_HELPER_E_MOUNTED, 0, hit->name, mnt, -1);
        }
    }
  fclose (f);

  if ((f = fopen ("/proc/swaps", "re")) == NULL)
    finish (DMK_HELPER_E_INTERNAL, errno, NULL, "/proc/swaps", -1);
  while (getline (&line, &size, f) > 0)
    {
      static char source[PATH_MAX];
      const Dev *hit;
      if (sscanf (line, "%4095s", source) != 1)
        continue;
      unescape (source);
      if ((hit = dev_of_source (source)) != NULL)
        finish (DMK_HELPER_E_SWAP, 0, hit->name, NULL, -1);
    }
  fclose (f);
  free (line);
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
    mode = "read-write";
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
  logpath[0] = '\0';
  for (size_t i = 0, o = 0; i < req.path_len; i++)
    {
      unsigned char c = (unsigned char) buf[sizeof req + i];
      if (c < 0x20 || c >= 0x7f || c == '\\')
        o += (size_t) sprintf (logpath + o, "\\x%02x", c);
      else
        logpath[o++] = (char) c;
      logpath[o] = '\0';
    }
  for (size_t i = 0; i < req.path_len; i++)
    if ((unsigned char) path[i] < 0x20 || path[i] == 0x7f)
      finish (DMK_HELPER_E_PATH_BAD_CHAR, 0, NULL, NULL, -1);
  if (path[0] != '/')
    finish (DMK_HELPER_E_PATH_NOT_ABSOLUTE, 0, NULL, NULL, -1);
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
    snprintf (caller, sizeof caller, "uid %s", uid);
  else
    snprintf (caller, sizeof caller, "uid %u (PKEXEC_UID missing or malformed)",
              (unsigned) getuid ());
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
      syslog (LOG_AUTHPRIV | LOG_WARNING, "%s ran the helper without a request socket", caller);
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
    snprintf (caller + strlen (caller), sizeof caller - strlen (caller), " pid %ld",
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
      /* Say why, when we can tell: mounted, swap or held. */
      check_in_use ();
      finish (DMK_HELPER_E_EXCL_BUSY, EBUSY, devs[0].name, NULL, -1);
    }
  if (fd < 0)
    finish (errno == ENOENT ? DMK_HELPER_E_NOT_FOUND : DMK_HELPER_E_OPEN_FAILED, errno,
            devs[0].name, NULL, -1);
  close (pfd);
  return fd;
}

/* Validates the fd that will be handed out, not the path: still the block device st names,
 * not in use when it is for writing, and blocking. */
static void
check_fd_to_send (int fd, const struct stat *st, uint32_t flags)
{
  struct stat st2;
  int fl;

  check_type (fd, &st2);
  if (st2.st_rdev != st->st_rdev)
    finish (DMK_HELPER_E_UNKNOWN_DEVICE, 0, devs[0].name, NULL, -1);

  if (flags & DMK_HELPER_FLAG_WRITE)
    check_in_use ();

  /* The core's libaio and pread I/O expect a blocking fd. */
  fl = fcntl (fd, F_GETFL);
  if (fl < 0 || fcntl (fd, F_SETFL, fl & ~O_NONBLOCK) != 0)
    finish (DMK_HELPER_E_INTERNAL, errno, devs[0].name, "fcntl", -1);
}

int
main (int argc, char **argv)
{
  static char path[DMK_HELPER_PATH_MAX + 1];
  const char *uid = getenv ("PKEXEC_UID");
  struct stat st;
  uint32_t flags = 0;
  int pfd, fd;

  (void) argc;
  (void) argv; /* never looked at: pkexec passes nothing, and anyone else is not trusted */

  /* Only stdin, stdout and stderr may come from the caller. */
  close_range (3, ~0u, 0);
  /* Then nothing from the environment is used. */
  record_caller (uid);
  clearenv ();
  umask (077);
  /* Whatever hangs (a dying disk's open), a root process does not linger: SIGALRM ends it. */
  alarm (60);
  openlog ("gdiskmark-helper", LOG_PID, LOG_AUTHPRIV);

  if (!stdin_is_request_socket ())
    return DMK_HELPER_EXIT_USAGE;
  record_peer_pid ();

  /* Both uids: a setuid bit put on this file by mistake must not open devices for anyone. */
  if (geteuid () != 0 || getuid () != 0)
    finish (DMK_HELPER_E_NOT_ROOT, EPERM, NULL, NULL, -1);

  read_request (path, &flags);

  pfd = open_path (path);
  check_type (pfd, &st);
  if (find_in_sysfs (st.st_rdev) != 0)
    finish (DMK_HELPER_E_UNKNOWN_DEVICE, 0, NULL, NULL, -1);

  fd = reopen_checked_inode (pfd, flags);
  check_fd_to_send (fd, &st, flags);

  finish (DMK_HELPER_OK, 0, devs[0].name, NULL, fd);
}
