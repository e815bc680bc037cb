/* gdiskmark-helper-reply.c: the helper's one reply to its caller (the status, the device, a
 * detail and, when it opened one, the fd), and the system log line that goes with it. */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <syslog.h>
#include <unistd.h>

#include "gdiskmark-helper.h"

/* Who asked (PKEXEC_UID, which pkexec sets from the caller's real uid and which the caller cannot
 * choose; without it, this process's real uid), what for, and the path asked for, escaped: what
 * the log says. */
/* Who asked: PKEXEC_UID, which pkexec sets from the caller's real uid and which the caller
 * cannot choose; without it, this process's real uid (root running the helper by hand). It only
 * ever narrows what is handed out: a caller that is not root gets no loop device. */
char helper_caller[96] = "unknown";
char helper_logpath[DMK_HELPER_PATH_MAX * 4 + 1] = "(no request)";
const char *helper_mode = "read-only";
static DmkHelperReply reply;

static const char *const status_names[] = {
  "ok", "not running as root", "malformed request", "truncated request", "request timed out",
  "path too long", "path not absolute", "control character in path", "symbolic link in path",
  "no such file", "open failed", "regular file", "directory", "character device", "FIFO",
  "not a block device", "block device unknown to /sys/block", "mounted", "swap in use", "held",
  "busy (O_EXCL refused)", "internal error", "loop device", "storage shared with a loop device",
  "could not check whether it is in use", "arguments do not match the request",
  "device node outside /dev", "path not canonical",
};

void
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
  /* Device names are the kernel's; details are escaped where they are made. Both are escaped
   * again here, so that nothing outside printable ASCII ever reaches the caller or the log. */
  dmk_str_escape (reply.device, sizeof reply.device, device ? device : "",
              device ? strlen (device) : 0);
  dmk_str_copy (reply.detail, sizeof reply.detail, detail);
  for (char *c = reply.detail; *c; c++)
    if ((unsigned char) *c < 0x20 || (unsigned char) *c >= 0x7f)
      *c = '?';
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
  /* The socket has a send timeout (main): a caller that never reads cannot keep us, nor the
   * O_EXCL claim of a write fd, past it. */
  do
    n = sendmsg (STDIN_FILENO, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);

  if (status == DMK_HELPER_OK)
    syslog (LOG_AUTHPRIV | LOG_NOTICE, "%s: opened %s (%s) %s%s", helper_caller, helper_logpath,
            reply.device, helper_mode, n < 0 ? ", but the fd could not be sent" : "");
  else
    syslog (LOG_AUTHPRIV | LOG_WARNING, "%s: refused to open %s %s: %s%s%s%s%s%s%s", helper_caller,
            helper_logpath, helper_mode, status_names[status], *reply.device ? " " : "", reply.device,
            *reply.detail ? " " : "", reply.detail, err != 0 ? ": " : "",
            err != 0 ? strerror (err) : "");
  _exit (status == DMK_HELPER_OK && n >= 0 ? DMK_HELPER_EXIT_OK : DMK_HELPER_EXIT_REFUSED);
}

