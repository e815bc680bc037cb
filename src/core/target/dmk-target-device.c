/* dmk-target-device.c: a block device as a target: its fd, from open(2) or else the providers
 * (the helper, UDisks2), through the write gate before anything is written, and its facts. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-sysinfo.h"
#include "dmk-target-private.h"
#include "dmk-write-gate.h"

int
dmk_fd_provider_direct_open (const char *path, gboolean writable, gpointer user_data,
                             GCancellable *cancellable, GError **error)
{
  int flags = O_DIRECT | O_CLOEXEC | O_NOCTTY | (writable ? O_RDWR | O_EXCL : O_RDONLY);
  int fd = open (path, flags);

  if (fd < 0)
    {
      int err = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "%s: %s", path,
                   g_strerror (err));
      errno = err;
    }
  return fd;
}

static gboolean
busy_error (GError **error, const char *path, dev_t rdev)
{
  g_autoptr (DmkMount) m = dmk_mount_using_block_device (rdev);

  if (m != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                 _("%s is mounted at %s: unmount it to run write tests"), m->source,
                 m->mount_point);
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                 _("%s is in use by another program (held open, swapped on or part of a RAID, "
                   "LVM or crypt device): release it to run write tests"),
                 path);
  return FALSE;
}

/* After a plain open() was refused: each provider in turn; one that does not apply here, or
 * whose machinery is missing (no pkexec, no udisksd), hands over to the next. If all fail, the
 * most telling reason is left in *local. Returns FALSE with error set when the caller must stop
 * at once: a cancel, or no reason worth telling. */
static gboolean
open_through_providers (DmkTarget *t, gboolean write, const DmkFdProvider *const *providers,
                        GCancellable *cancellable, GError **local, GError **error)
{
  const char *path = t->info.path;
  g_autoptr (GError) first = NULL;

  for (guint i = 0; providers != NULL && providers[i] != NULL && t->fd < 0; i++)
    {
      g_clear_error (local);
      t->fd = providers[i]->open (path, write, providers[i]->user_data, cancellable, local);
      t->provider = providers[i];
      if (g_error_matches (*local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (local));
          return FALSE;
        }
      if (t->fd >= 0 || g_error_matches (*local, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
        continue;
      /* "Not authorized" from one way in says more than "not installed" from another. */
      if (first == NULL || (g_error_matches (first, DMK_ERROR, DMK_ERROR_NO_HELPER) &&
                            !g_error_matches (*local, DMK_ERROR, DMK_ERROR_NO_HELPER)))
        {
          g_clear_error (&first);
          first = g_error_copy (*local);
        }
      if (!g_error_matches (*local, DMK_ERROR, DMK_ERROR_NO_HELPER))
        break;
    }
  if (t->fd < 0 && first != NULL)
    {
      g_clear_error (local);
      *local = g_steal_pointer (&first);
    }
  if (t->fd < 0 && (*local == NULL || (*local)->domain != DMK_ERROR))
    {
      g_clear_error (local);
      g_set_error (error, DMK_ERROR, DMK_ERROR_PERMISSION,
                   _("Not permitted to open %s: run as root or as a member of group "
                     "“disk”, or let the helper open it"),
                   path);
      return FALSE;
    }
  return TRUE;
}

/* Sets t->fd: opened directly when permitted, else through the providers. */
static gboolean
open_block_fd (DmkTarget *t, const struct stat *st, gboolean write,
               const DmkFdProvider *const *providers, GCancellable *cancellable, GError **error)
{
  const char *path = t->info.path;
  g_autoptr (GError) local = NULL;

  t->fd = dmk_fd_provider_direct_open (path, write, NULL, cancellable, &local);
  if (t->fd < 0 && (errno == EACCES || errno == EPERM) &&
      !open_through_providers (t, write, providers, cancellable, &local, error))
    return FALSE;
  if (t->fd >= 0)
    return TRUE;
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_BUSY))
    return busy_error (error, path, st->st_rdev);
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT) && t->direct)
    return _dmk_target_direct_io_refused (error, path);
  if (local->domain == DMK_ERROR)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not open %s: %s"), path, local->message);
  return FALSE;
}

/* Providers are asked for O_DIRECT; make sure of it (and clear it in buffered mode), so the
 * numbers never depend on which way the fd came in. */
static gboolean
match_direct_flag (DmkTarget *t, GError **error)
{
  int fl = fcntl (t->fd, F_GETFL);
  int want = t->direct ? (fl | O_DIRECT) : (fl & ~O_DIRECT);

  if (fl < 0 || (want != fl && fcntl (t->fd, F_SETFL, want) != 0))
    {
      if (t->direct)
        return _dmk_target_direct_io_refused (error, t->info.path);
      return _dmk_target_error_from_errno (error, errno, t->info.path, _("Setting up"));
    }
  return TRUE;
}

/* Trust the fd, not the path: a provider may have opened something else. Fills *fst. */
static gboolean
check_fd_is_device (DmkTarget *t, const struct stat *st, struct stat *fst, GError **error)
{
  const char *path = t->info.path;

  if (fstat (t->fd, fst) != 0 || !S_ISBLK (fst->st_mode))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET, _("%s is not a block device"), path);
      return FALSE;
    }
  if (fst->st_rdev != st->st_rdev)
    {
      /* The path was swapped between stat() and open, or a provider opened something else:
       * benchmarking it would label the numbers with the wrong device. */
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
                   _("%s changed while it was being opened: try again"), path);
      return FALSE;
    }
  return TRUE;
}

/* What the result tells about the device, and the warnings that change what its numbers mean. */
static void
record_device_facts (DmkTarget *t, dev_t rdev, guint64 size, int lbs)
{
  g_autoptr (DmkMount) m = NULL;

  t->info.device = g_strdup (t->info.path);
  _dmk_target_fill_device_facts (t, rdev);
  t->info.size_bytes = size;
  m = dmk_mount_using_block_device (rdev);
  if (m != NULL)
    {
      t->info.filesystem = g_strdup (m->fstype);
      _dmk_target_warn (t, _("%s is mounted at %s: other programs’ I/O on it may disturb the "
                             "numbers."), m->source, m->mount_point);
    }
  _dmk_target_read_alignment (t, (guint32) lbs);
  t->mem_align = MAX (t->mem_align, (guint32) lbs);
  if (!t->direct)
    _dmk_target_warn (t, _("Direct I/O is off: reads may come from the page cache and writes "
                           "land in it, so these numbers can be far above what the device does."));
}

gboolean
_dmk_target_open_device (DmkTarget *t, const struct stat *st, gboolean write,
                   const DmkDeviceIdentity *consent, const DmkFdProvider *const *providers,
                   GCancellable *cancellable, GError **error)
{
  const char *path = t->info.path;
  struct stat fst;
  guint64 size = 0;
  int lbs = 512;

  if (!open_block_fd (t, st, write, providers, cancellable, error))
    return FALSE;
  if (!match_direct_flag (t, error))
    return FALSE;
  if (!check_fd_is_device (t, st, &fst, error))
    return FALSE;
  if (write && !dmk_write_gate_check (t->fd, path, consent,
                                      t->provider != NULL && t->provider->checks_in_use,
                                      t->allow_stacked_loop, error))
    return FALSE;
  if (ioctl (t->fd, BLKGETSIZE64, &size) != 0)
    return _dmk_target_error_from_errno (error, errno, path, _("Reading the size of"));
  if (ioctl (t->fd, BLKSSZGET, &lbs) != 0 || lbs <= 0)
    lbs = 512;

  record_device_facts (t, fst.st_rdev, size, lbs);
  if (size < t->test_size)
    {
      g_autofree char *have = dmk_format_size (size);
      g_autofree char *want = dmk_format_size (t->test_size);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE,
                   _("%s holds only %s, less than the test size of %s: choose a smaller test "
                     "size"),
                   path, have, want);
      return FALSE;
    }
  return TRUE;
}

/* The device as the window's consent dialog names it, so the refusal names the same thing. */
char *
_dmk_target_describe_device (const char *path, dev_t dev)
{
  DmkBlockFacts facts;
  char *what;

  if (!dmk_block_facts_for_dev (dev, &facts))
    return g_strdup (path);
  what = dmk_describe_device (path, facts.model, facts.size_bytes);
  dmk_block_facts_clear (&facts);
  return what;
}

