/* dmk-provider-helper.c: gets a block device's fd from gdiskmark-helper, run through pkexec. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../helper/dmk-helper-protocol.h"
#include "dmk-providers.h"
#include "dmk-build-tree.h"
#include "dmk-error.h"
#include "dmk-provider-helper.h"
#include "dmk-write-gate.h"

/* pkexec's own exit statuses: 126 when the user dismissed the dialog, 127 for every other
 * failure (not authorized, no agent, program missing, polkit unreachable). */
#define PKEXEC_DISMISSED 126
#define PKEXEC_FAILED 127
#define STDERR_KEEP 4096

const DmkFdProvider dmk_fd_provider_helper = {
  .name = "pkexec-helper",
  .open = dmk_fd_provider_helper_open,
  .user_data = NULL,
  .checks_in_use = TRUE,
};

static const char *
override (const char *name)
{
  /* Only a build with its tests, not installed, reads them (dmk_test_hook). */
  const char *env = dmk_test_hook (name);

  return env != NULL && g_path_is_absolute (env) ? env : NULL;
}

const char *
dmk_helper_get_path (void)
{
  /* Set by the uninstalled gdiskmark in its own build tree (src/gui/main.c), and by tests. */
  const char *env = override ("GDISKMARK_HELPER");

  return env != NULL ? env : LIBEXECDIR "/gdiskmark-helper";
}

/* pkexec by the absolute path found when GDiskMark was built, never through PATH. */
static const char *
pkexec_path (void)
{
  const char *env = override ("GDISKMARK_PKEXEC");

  return env != NULL ? env : PKEXEC_PATH;
}

static char *
printable (const char *s, gsize max)
{
  g_autofree char *cut = g_strndup (s, max);
  return g_utf8_make_valid (cut, -1);
}

static const char *
type_description (int status)
{
  switch (status)
    {
    case DMK_HELPER_E_REGULAR_FILE:
      return _("a regular file");
    case DMK_HELPER_E_DIRECTORY:
      return _("a directory");
    case DMK_HELPER_E_CHAR_DEVICE:
      return _("a character device");
    case DMK_HELPER_E_FIFO:
      return _("a FIFO");
    case DMK_HELPER_E_UNKNOWN_DEVICE:
      return _("a block device that is no disk or partition in /sys/block");
    default:
      return _("not a block device");
    }
}

/* Turns the helper's refusal into a message that says what is wrong and what to do. */
static void
set_reply_error (GError **error, const char *path, const DmkHelperReply *r)
{
  g_autofree char *dev_name = printable (r->device, sizeof r->device - 1);
  g_autofree char *raw_detail = printable (r->detail, sizeof r->detail - 1);
  g_autofree char *detail = dmk_device_detail_text (raw_detail);
  g_autofree char *dev = *dev_name ? g_strdup_printf ("/dev/%s", dev_name) : g_strdup (path);
  const char *why = r->sys_errno > 0 ? g_strerror (r->sys_errno) : "";

  if (dmk_device_busy_error (error, r->status, dev, detail, r->sys_errno))
    return;
  switch (r->status)
    {
    case DMK_HELPER_E_NOT_FOUND:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND,
                   _("“%s” does not exist: give an existing directory or block device"), path);
      break;
    case DMK_HELPER_E_REGULAR_FILE:
    case DMK_HELPER_E_DIRECTORY:
    case DMK_HELPER_E_CHAR_DEVICE:
    case DMK_HELPER_E_FIFO:
    case DMK_HELPER_E_NOT_BLOCK:
    case DMK_HELPER_E_UNKNOWN_DEVICE:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
                   _("The helper refused %s, which is %s: give a disk or partition"), path,
                   type_description (r->status));
      break;
    case DMK_HELPER_E_PATH_TOO_LONG:
    case DMK_HELPER_E_PATH_NOT_ABSOLUTE:
    case DMK_HELPER_E_PATH_BAD_CHAR:
    case DMK_HELPER_E_SYMLINK:
    case DMK_HELPER_E_PATH_NOT_CANONICAL:
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("The helper refused the path “%s” (too long, not absolute, with a control "
                     "character or a symbolic link): give the device as /dev/NAME"),
                   path);
      break;
    case DMK_HELPER_E_NOT_ROOT:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("The helper %s did not run as root: check that pkexec is installed setuid "
                     "root"),
                   dmk_helper_get_path ());
      break;
    case DMK_HELPER_E_NOT_IN_DEV:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
                   _("%s is a device node outside /dev: give the device by its name in /dev"),
                   path);
      break;
    case DMK_HELPER_E_LOOP:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_AUTHORIZED,
                   _("%s is a loop device: loop devices are tested as root, or through the "
                     "folder that holds their backing file (a loop device opened for you could "
                     "be re-pointed at another file)"),
                   dev);
      break;
    case DMK_HELPER_E_ARGV_MISMATCH:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("The helper %s was asked for something other than what was authorized: "
                     "reinstall GDiskMark"),
                   dmk_helper_get_path ());
      break;
    case DMK_HELPER_E_OPEN_FAILED:
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not open %s: %s"), path, why);
      break;
    default:
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO,
                   _("The helper failed to open %s (status %d%s%s%s%s): report this as a bug"),
                   path, (int) r->status, *detail ? ", " : "", detail, *why ? ", " : "", why);
      break;
    }
}

/* pkexec failed before or instead of running the helper: say why, from its status and
 * stderr (its messages are not translated, so matching them is reliable enough). */
static void
set_pkexec_error (GError **error, const char *path, int wait_status, const char *err_text)
{
  g_autofree char *last = NULL;
  g_auto (GStrv) lines = g_strsplit (err_text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (*g_strstrip (lines[i]) && !g_str_has_prefix (lines[i], "This incident"))
      {
        g_free (last);
        last = g_strdup (lines[i]);
      }
  if (last == NULL)
    last = g_strdup (_("no message"));

  if (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == PKEXEC_DISMISSED)
    g_set_error (error, DMK_ERROR, DMK_ERROR_AUTH_CANCELLED,
                 _("Authentication was cancelled, so %s was not opened: authenticate to test it"),
                 path);
  else if (!WIFEXITED (wait_status) || WEXITSTATUS (wait_status) != PKEXEC_FAILED)
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO,
                 _("The helper stopped without answering while opening %s (%s): report this as a "
                   "bug"),
                 path, last);
  else if (strstr (err_text, "Error accessing") != NULL || strstr (err_text, "Cannot run") != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                 _("pkexec cannot run the helper %s (%s): reinstall GDiskMark, or run as root"),
                 dmk_helper_get_path (), last);
  else if (strstr (err_text, "Error getting authority") != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                 _("Could not ask polkit for permission to open %s (%s): start polkitd, or run "
                   "as root"),
                 path, last);
  else if (strstr (err_text, "authentication agent") != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_AUTHORIZED,
                 _("Not authorized to open %s: no authentication agent could ask for a password; "
                   "run from a desktop session or a terminal, or as root"),
                 path);
  else if (strstr (err_text, "Not authorized") != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_AUTHORIZED,
                 _("Not authorized to open %s: ask an administrator for the right to test disks, "
                   "or run as root"),
                 path);
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_AUTHORIZED,
                 _("Not authorized to open %s (pkexec: %s)"), path, last);
}

/* pkexec refuses to run at all when SHELL is not in /etc/shells or when a variable it passes
 * on looks suspicious ('/', '%' or ".."). The helper needs none of them, so they are left out
 * rather than letting them fail the benchmark. */
static char **
pkexec_environment (void)
{
  static const char *const passed_on[] = { "LANG", "LINGUAS", "LANGUAGE", "LC_COLLATE",
                                           "LC_CTYPE", "LC_MESSAGES", "LC_MONETARY",
                                           "LC_NUMERIC", "LC_TIME", "LC_ALL", "TERM",
                                           "COLORTERM", NULL };
  char **env = g_get_environ ();

  env = g_environ_unsetenv (env, "SHELL");
  env = g_environ_unsetenv (env, "DISPLAY");
  env = g_environ_unsetenv (env, "XAUTHORITY");
  for (guint i = 0; passed_on[i] != NULL; i++)
    {
      const char *v = g_environ_getenv (env, passed_on[i]);
      if (v != NULL && (strchr (v, '/') != NULL || strchr (v, '%') != NULL ||
                        strstr (v, "..") != NULL))
        env = g_environ_unsetenv (env, passed_on[i]);
    }
  return env;
}

/* Takes the reply and, with it, at most one fd; any other fd is closed. */
static gssize
receive_reply (int sock, DmkHelperReply *reply, int *fd_out)
{
  union
  {
    char buf[CMSG_SPACE (4 * sizeof (int))];
    struct cmsghdr align;
  } ctl;
  struct iovec iov = { reply, sizeof *reply };
  struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
  gssize n;

  *fd_out = -1;
  memset (&ctl, 0, sizeof ctl);
  msg.msg_control = ctl.buf;
  msg.msg_controllen = sizeof ctl.buf;
  /* ECONNRESET comes before the queued reply when the helper left part of a request unread. */
  for (int tries = 0; tries < 3; tries++)
    {
      n = recvmsg (sock, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
      if (n >= 0 || (errno != EINTR && errno != ECONNRESET))
        break;
    }
  if (n < 0)
    return n;
  for (struct cmsghdr *c = CMSG_FIRSTHDR (&msg); c != NULL; c = CMSG_NXTHDR (&msg, c))
    {
      if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
        continue;
      for (gsize i = 0; i < (c->cmsg_len - CMSG_LEN (0)) / sizeof (int); i++)
        {
          int fd;
          memcpy (&fd, CMSG_DATA (c) + i * sizeof (int), sizeof (int));
          if (*fd_out < 0)
            *fd_out = fd;
          else
            close (fd);
        }
    }
  if ((msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0)
    return -1;
  return n;
}

/* Everything that can be told before anything runs, in the order a user fixes it. Sets *real
 * and *pkexec on success. */
static gboolean
check_before_spawn (const char *path, const char *helper, char **real, char **pkexec,
                    GError **error)
{
  if (geteuid () == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "already root: the helper cannot do more");
      return FALSE;
    }
  if (dmk_in_flatpak ())
    {
      /* pkexec cannot raise privileges from inside the sandbox; UDisks2 comes next. */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "pkexec does not work in Flatpak");
      return FALSE;
    }
  /* The helper refuses symbolic links, so /dev/disk/by-id names are resolved here, where
   * following them does no harm. */
  *real = realpath (path, NULL);
  if (*real == NULL)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND,
                   _("“%s” does not exist: give an existing directory or block device"), path);
      return FALSE;
    }
  if (strlen (*real) > DMK_HELPER_PATH_MAX)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("The path “%s” is too long: give the device as /dev/NAME"), path);
      return FALSE;
    }
  *pkexec = g_strdup (pkexec_path ());
  if (!g_file_test (*pkexec, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("pkexec is not installed: install it (package pkexec or polkit) to open %s "
                     "without root, or run as root"),
                   path);
      return FALSE;
    }
  if (!g_file_test (helper, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("The helper %s is missing: reinstall GDiskMark, or run as root"), helper);
      return FALSE;
    }
  return TRUE;
}

/* The request is queued before pkexec runs: the helper finds it at once, however long the
 * user takes to authenticate. On failure no socket is left open. */
static gboolean
queue_request (const char *path, const char *real, gboolean writable, int sv[2], GError **error)
{
  DmkHelperRequest req = { .flags = writable ? DMK_HELPER_FLAG_WRITE : 0 };
  gsize len = strlen (real);
  g_autofree char *msg = NULL;

  if (socketpair (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
    {
      int err = errno;
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not open %s: %s"), path,
                   g_strerror (err));
      return FALSE;
    }
  msg = g_malloc (sizeof req + len);
  memcpy (req.magic, DMK_HELPER_REQUEST_MAGIC, DMK_HELPER_MAGIC_LEN);
  req.path_len = (guint32) len;
  memcpy (msg, &req, sizeof req);
  memcpy (msg + sizeof req, real, len);
  if (send (sv[0], msg, sizeof req + len, MSG_NOSIGNAL) != (gssize) (sizeof req + len))
    {
      int err = errno;
      close (sv[0]);
      close (sv[1]);
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not open %s: %s"), path,
                   g_strerror (err));
      return FALSE;
    }
  return TRUE;
}

/* Runs pkexec with the helper's end of the socket as its stdin. Either way sv[1] is closed on
 * return; on failure sv[0] too. */
static gboolean
spawn_pkexec (const char *pkexec, const char *helper, const char *real, gboolean writable,
              int sv[2], GPid *pid, int *err_fd, GError **error)
{
  g_autoptr (GError) spawn_error = NULL;
  g_auto (GStrv) envp = pkexec_environment ();
  /* pkexec picks the polkit action from the mode (open-device or open-device-write) and shows
   * the command line, with the path, in its prompt; the helper checks both against the request. */
  const char *argv[] = { pkexec, helper, writable ? "write" : "read", real, NULL };

  if (!g_spawn_async_with_pipes_and_fds (NULL, argv, (const char *const *) envp,
                                         G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                                         NULL, NULL, sv[1], -1, -1, NULL, NULL, 0, pid, NULL,
                                         NULL, err_fd, &spawn_error))
    {
      close (sv[0]);
      close (sv[1]);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("pkexec could not be started (%s): reinstall it, or run as root"),
                   spawn_error->message);
      return FALSE;
    }
  close (sv[1]);
  return TRUE;
}

/* stderr reaches its end when pkexec, or the helper it became, exits; by then the reply is
 * queued on the socket, and reading this way cannot deadlock on a full pipe. A cancel (the
 * user gave up while the password dialog was up) ends pkexec: it still runs with the user's
 * real uid while it authenticates, so the signal is allowed. Returns whether it was cancelled. */
static gboolean
read_stderr_until_exit (GPid pid, int err_fd, GCancellable *cancellable, GString *err_text)
{
  GPollFD fds[2] = { { err_fd, G_IO_IN | G_IO_HUP | G_IO_ERR, 0 } };
  gboolean have_pollfd = g_cancellable_make_pollfd (cancellable, &fds[1]);
  guint n_fds = have_pollfd ? 2 : 1;
  gboolean cancelled = FALSE;
  char buf[512];

  for (;;)
    {
      gssize r;

      if (g_poll (fds, n_fds, -1) < 0)
        {
          if (errno == EINTR)
            continue;
          break;
        }
      if (n_fds == 2 && fds[1].revents != 0 && !cancelled)
        {
          cancelled = TRUE;
          kill (pid, SIGTERM);
          n_fds = 1;
        }
      if (fds[0].revents == 0)
        continue;
      r = read (err_fd, buf, sizeof buf);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        break;
      if (err_text->len < STDERR_KEEP)
        g_string_append_len (err_text, buf, r);
    }
  if (have_pollfd)
    g_cancellable_release_fd (cancellable);
  return cancelled;
}

/* Reads the helper's answer from sock, which it closes: the fd on success, else -1 with error
 * set and any fd that came along closed. */
static int
take_reply (int sock, const char *path, const char *helper, int wait_status,
            const GString *err_text, GError **error)
{
  DmkHelperReply reply;
  int fd = -1;
  gssize n;

  n = receive_reply (sock, &reply, &fd);
  close (sock);
  if (n <= 0)
    {
      g_autofree char *text = g_utf8_make_valid (err_text->str, err_text->len);
      if (fd >= 0)
        close (fd);
      set_pkexec_error (error, path, wait_status, text);
      return -1;
    }
  if ((gsize) n != sizeof reply ||
      memcmp (reply.magic, DMK_HELPER_REPLY_MAGIC, DMK_HELPER_MAGIC_LEN) != 0)
    {
      if (fd >= 0)
        close (fd);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("The helper %s gave an answer GDiskMark does not understand: reinstall "
                     "GDiskMark"),
                   helper);
      return -1;
    }
  reply.device[sizeof reply.device - 1] = '\0';
  reply.detail[sizeof reply.detail - 1] = '\0';
  if (reply.status != DMK_HELPER_OK)
    {
      if (fd >= 0)
        close (fd);
      set_reply_error (error, path, &reply);
      return -1;
    }
  if (fd < 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO,
                   _("The helper opened %s but its fd did not arrive: report this as a bug"),
                   path);
      return -1;
    }
  return fd;
}

int
dmk_fd_provider_helper_open (const char *path, gboolean writable, gpointer user_data,
                             GCancellable *cancellable, GError **error)
{
  const char *helper = dmk_helper_get_path ();
  g_autofree char *pkexec = NULL;
  g_autofree char *real = NULL;
  g_autoptr (GString) err_text = g_string_new (NULL);
  DmkHelperReply reply;
  GPid pid = 0;
  int sv[2], err_fd = -1, fd = -1, wait_status = 0;
  gboolean cancelled;

  g_return_val_if_fail (path != NULL, -1);

  if (!check_before_spawn (path, helper, &real, &pkexec, error))
    return -1;
  if (!queue_request (path, real, writable, sv, error))
    return -1;
  if (!spawn_pkexec (pkexec, helper, real, writable, sv, &pid, &err_fd, error))
    return -1;

  cancelled = read_stderr_until_exit (pid, err_fd, cancellable, err_text);
  close (err_fd);
  while (waitpid (pid, &wait_status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid (pid);
  if (cancelled)
    {
      /* The helper may have opened the device just before: take its fd and drop it. */
      if (receive_reply (sv[0], &reply, &fd) > 0 && fd >= 0)
        close (fd);
      close (sv[0]);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
      return -1;
    }
  return take_reply (sv[0], path, helper, wait_status, err_text, error);
}
