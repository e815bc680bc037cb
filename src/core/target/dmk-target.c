/* dmk-target.c: opens and lays out test targets, and tells when O_DIRECT is refused or pretended. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dmk-build-tree.h"
#include "dmk-places.h"
#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-random.h"
#include "dmk-sysinfo.h"
#include "dmk-target-private.h"

#ifndef ZFS_SUPER_MAGIC
#define ZFS_SUPER_MAGIC 0x2fc12fc1
#endif
#ifndef FUSE_SUPER_MAGIC
#define FUSE_SUPER_MAGIC 0x65735546
#endif
#ifndef CIFS_SUPER_MAGIC
#define CIFS_SUPER_MAGIC 0xff534d42
#endif
#ifndef SMB2_SUPER_MAGIC
#define SMB2_SUPER_MAGIC 0xfe534d42
#endif

/* Small enough that one write takes well under the 100 ms a cancel may wait, even on a slow
 * USB stick; large enough to cost nothing per byte. */
#define LAYOUT_CHUNK ((gsize) 1 << 20)
#define LAYOUT_PROGRESS_EVERY_US 100000


void
dmk_target_info_clear (DmkTargetInfo *info)
{
  g_clear_pointer (&info->path, g_free);
  g_clear_pointer (&info->filesystem, g_free);
  g_clear_pointer (&info->device, g_free);
  g_clear_pointer (&info->model, g_free);
  g_clear_pointer (&info->transport, g_free);
  g_clear_pointer (&info->facts_source, g_free);
}

void
dmk_target_info_copy (DmkTargetInfo *dest, const DmkTargetInfo *src)
{
  *dest = *src;
  dest->path = g_strdup (src->path);
  dest->filesystem = g_strdup (src->filesystem);
  dest->device = g_strdup (src->device);
  dest->model = g_strdup (src->model);
  dest->transport = g_strdup (src->transport);
  dest->facts_source = g_strdup (src->facts_source);
}

const char *
dmk_target_kind_to_string (DmkTargetKind kind)
{
  return kind == DMK_TARGET_BLOCK_DEVICE ? "block-device" : "directory";
}

gboolean
dmk_target_kind_from_string (const char *s, DmkTargetKind *out)
{
  if (g_strcmp0 (s, "directory") == 0)
    *out = DMK_TARGET_DIRECTORY;
  else if (g_strcmp0 (s, "block-device") == 0)
    *out = DMK_TARGET_BLOCK_DEVICE;
  else
    return FALSE;
  return TRUE;
}

static DmkTarget *
target_new (const char *path, DmkTargetKind kind, const DmkSettings *settings)
{
  DmkTarget *t = g_new0 (DmkTarget, 1);

  t->fd = -1;
  /* Reports name the target as the user would find it again: absolute, without "..". */
  t->info.path = g_canonicalize_filename (path, NULL);
  t->info.kind = kind;
  t->direct = settings->direct;
  t->data = settings->data;
  t->test_size = settings->size_bytes;
  t->allow_stacked_loop = settings->allow_stacked_loop;
  t->warnings = g_ptr_array_new_with_free_func (g_free);
  return t;
}

void
dmk_target_free (DmkTarget *target)
{
  if (target == NULL)
    return;
  if (target->fd >= 0)
    close (target->fd);
  dmk_target_info_clear (&target->info);
  g_ptr_array_unref (target->warnings);
  g_free (target);
}




static void
check_direct_io_pretence (DmkTarget *t, const struct statfs *sfs)
{
  const char *path = t->info.path;

  if (!t->direct)
    {
      _dmk_target_warn (t, _("Direct I/O is off: reads may come from the page cache and writes "
                             "land in it, so these numbers can be far above what the device "
                             "does."));
      return;
    }
  switch ((guint32) sfs->f_type)
    {
    case TMPFS_MAGIC:
      _dmk_target_warn (t, _("“%s” is on tmpfs, which accepts O_DIRECT but keeps everything in "
                             "memory: these numbers are memory speed, not a disk’s."), path);
      break;
    case NFS_SUPER_MAGIC:
      _dmk_target_warn (t, _("“%s” is on NFS: O_DIRECT skips this machine’s cache but not the "
                             "server’s, so these numbers measure the network and the server’s "
                             "cache."), path);
      break;
    case CIFS_SUPER_MAGIC:
    case SMB2_SUPER_MAGIC:
      _dmk_target_warn (t, _("“%s” is on an SMB share: these numbers measure the network and the "
                             "server’s cache."), path);
      break;
    case ZFS_SUPER_MAGIC:
      _dmk_target_warn (t, _("“%s” is on ZFS, which serves O_DIRECT through its ARC cache "
                             "(before OpenZFS 2.3): reads may come from memory."), path);
      break;
    case FUSE_SUPER_MAGIC:
      _dmk_target_warn (t, _("“%s” is on a FUSE filesystem, which may accept O_DIRECT and still "
                             "cache: treat these numbers with care."), path);
      break;
    case BTRFS_SUPER_MAGIC:
      {
        int flags = 0;
        /* A NOCOW file has neither checksums nor compression, so btrfs does real direct I/O
         * on it. The flag can only be set while the file is empty, which it is now. */
        if (ioctl (t->fd, FS_IOC_GETFLAGS, &flags) == 0 && !(flags & FS_NOCOW_FL))
          {
            flags |= FS_NOCOW_FL;
            flags &= ~FS_COMPR_FL;
            if (ioctl (t->fd, FS_IOC_SETFLAGS, &flags) != 0 ||
                ioctl (t->fd, FS_IOC_GETFLAGS, &flags) != 0 || !(flags & FS_NOCOW_FL))
              _dmk_target_warn (t, _("“%s” is on btrfs with data checksums or compression, where "
                                     "O_DIRECT falls back to buffered I/O: these numbers may "
                                     "include the page cache."), path);
          }
        break;
      }
    default:
      break;
    }
}



/* O_DIRECT asked for after the fact, so that a refusal leaves no file behind (some
 * filesystems create the file and only then fail an O_DIRECT open). */
static gboolean
enable_direct (int fd)
{
  int fl = fcntl (fd, F_GETFL);

  return fl >= 0 && fcntl (fd, F_SETFL, fl | O_DIRECT) == 0;
}

/* O_TMPFILE first: the file has no name, so nothing is left even after SIGKILL or a crash.
 * Some filesystems lack it; then a named file, unlinked at once, leaves a window of a few
 * microseconds. */
static int
open_test_file (const char *dir, gboolean direct, int *err_out, gboolean *named,
                gboolean *direct_refused)
{
  int fd = -1;

  *named = FALSE;
  *direct_refused = FALSE;
  /* Tests set this to exercise the fallback on filesystems that do have O_TMPFILE. */
  if (dmk_test_hook ("GDISKMARK_TEST_NO_TMPFILE") != NULL)
    errno = EOPNOTSUPP;
  else
    fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

  if (fd < 0)
    {
      *err_out = errno;
      if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL && errno != ENOENT)
        return -1;
      for (int attempt = 0; attempt < 16 && fd < 0; attempt++)
        {
          g_autofree char *name = g_strdup_printf (".gdiskmark-%08x.tmp", g_random_int ());
          g_autofree char *path = g_build_filename (dir, name, NULL);

          fd = open (path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600);
          if (fd >= 0)
            {
              unlink (path);
              *named = TRUE;
            }
          else if (errno != EEXIST)
            break;
        }
      if (fd < 0)
        {
          *err_out = errno;
          return -1;
        }
    }
  if (direct && !enable_direct (fd))
    {
      *err_out = errno;
      *direct_refused = TRUE;
      close (fd);
      return -1;
    }
  return fd;
}

static gboolean
open_directory (DmkTarget *t, GError **error)
{
  const char *path = t->info.path;
  struct statfs sfs;
  struct statvfs svfs;
  struct stat st;
  gboolean named = FALSE, direct_refused = FALSE;
  int err = 0;

  t->fd = open_test_file (path, t->direct, &err, &named, &direct_refused);
  if (direct_refused)
    return _dmk_target_direct_io_refused (error, path);
  if (t->fd < 0)
    return _dmk_target_error_from_errno (error, err, path, _("Creating a test file in"));

  if (fstatfs (t->fd, &sfs) != 0 || fstatvfs (t->fd, &svfs) != 0 || fstat (t->fd, &st) != 0)
    return _dmk_target_error_from_errno (error, errno, path, _("Reading the filesystem of"));

  t->info.size_bytes = (guint64) svfs.f_blocks * svfs.f_frsize;
  t->info.free_bytes = (guint64) svfs.f_bavail * svfs.f_frsize;
  t->info.used_bytes = (guint64) (svfs.f_blocks - MIN (svfs.f_bfree, svfs.f_blocks)) * svfs.f_frsize;
  {
    g_autoptr (DmkMount) m = dmk_mount_for_dev (st.st_dev);
    if (m != NULL)
      {
        t->info.filesystem = g_strdup (m->fstype);
        t->info.facts_source = g_strdup ("mountinfo");
        if (g_str_has_prefix (m->source, "/dev/"))
          t->info.device = g_strdup (m->source);
      }
    else
      {
        /* A chroot below a mount point does not see that mount in its mount table; statfs
         * still knows the filesystem's type, and st_dev its disk (sysfs, below). */
        t->info.filesystem = dmk_fs_type_name ((guint32) sfs.f_type);
        t->info.facts_source = g_strdup ("statfs");
      }
  }
  if (major (st.st_dev) != 0)
    _dmk_target_fill_device_facts (t, st.st_dev);
  if (t->info.model == NULL && t->info.filesystem != NULL)
    t->info.model = g_strdup_printf (_("%s filesystem"), t->info.filesystem);

  _dmk_target_read_alignment (t, (guint32) sysconf (_SC_PAGESIZE));
  check_direct_io_pretence (t, &sfs);
  if (named)
    _dmk_target_warn (t, _("“%s” does not support O_TMPFILE: the test file had a name for an "
                           "instant and was removed at once."), path);

  if (t->test_size > t->info.free_bytes)
    {
      g_autofree char *need = dmk_format_size (t->test_size);
      g_autofree char *have = dmk_format_size (t->info.free_bytes);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_SPACE,
                   _("Not enough free space in “%s”: the test needs %s and only %s is free. Choose "
                     "a smaller test size or another directory."),
                   path, need, have);
      return FALSE;
    }
  return TRUE;
}

DmkTarget *
dmk_target_open (const char *path, const DmkSettings *settings, gboolean write,
                 const DmkDeviceIdentity *consent, const DmkFdProvider *const *providers,
                 GCancellable *cancellable, GError **error)
{
  g_autoptr (DmkTarget) t = NULL;
  struct stat st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (settings != NULL, NULL);

  if (!dmk_settings_validate (settings, error))
    return NULL;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  if (stat (path, &st) != 0)
    {
      int err = errno;
      if (err == ENOENT || err == ENOTDIR)
        g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND,
                     _("“%s” does not exist: give an existing directory or block device"), path);
      else
        g_set_error (error, DMK_ERROR, err == EACCES ? DMK_ERROR_PERMISSION : DMK_ERROR_IO,
                     _("Cannot look at “%s”: %s"), path, g_strerror (err));
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      t = target_new (path, DMK_TARGET_DIRECTORY, settings);
      if (!open_directory (t, error))
        return NULL;
    }
  else if (S_ISBLK (st.st_mode))
    {
      t = target_new (path, DMK_TARGET_BLOCK_DEVICE, settings);
      if (write && !settings->allow_write_device)
        {
          g_autofree char *what = _dmk_target_describe_device (path, st.st_rdev);
          g_set_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED,
                       _("Write tests on %s would destroy the data on it: allow them explicitly "
                         "(--allow-write-device), or run read tests only (--mode=read)"),
                       what);
          return NULL;
        }
      if (!_dmk_target_open_device (t, &st, write, consent, providers, cancellable, error))
        return NULL;
    }
  else
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
                   _("“%s” is a %s, not a directory or block device: give the directory to test "
                     "in (a test file is created there and removed afterwards)"),
                   path, S_ISREG (st.st_mode) ? _("regular file") : _("special file"));
      return NULL;
    }
  return g_steal_pointer (&t);
}

gboolean
dmk_target_prepare (DmkTarget *target, DmkLayoutProgressFunc progress, gpointer user_data,
                    GCancellable *cancellable, GError **error)
{
  const char *path;
  guint64 done = 0, state;
  gint64 next_progress = 0;
  void *buf = NULL;
  gsize chunk;

  g_return_val_if_fail (target != NULL, FALSE);
  if (target->info.kind != DMK_TARGET_DIRECTORY)
    return TRUE;
  path = target->info.path;

  /* Reserve the space first, so a full disk fails now and the extents are contiguous. The
   * reservation alone would leave unwritten extents that read as zeros without touching the
   * disk, so every byte is written below. */
  if (fallocate (target->fd, 0, 0, (off_t) target->test_size) != 0 && errno != EOPNOTSUPP)
    return _dmk_target_error_from_errno (error, errno, path, _("Reserving space in"));

  chunk = MIN (LAYOUT_CHUNK, target->test_size);
  if (posix_memalign (&buf, MAX (target->mem_align, DMK_ALIGN_FLOOR), chunk) != 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Out of memory"));
      return FALSE;
    }
  state = dmk_rng_seed ();
  while (done < target->test_size)
    {
      gsize len = (gsize) MIN ((guint64) chunk, target->test_size - done);
      int err;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          free (buf);
          return FALSE;
        }
      dmk_fill_buffer (buf, len, target->data, &state);
      err = dmk_file_transfer (target->fd, buf, len, done, TRUE);
      if (err != 0)
        {
          free (buf);
          if (err == EINVAL && target->direct)
            return _dmk_target_direct_io_refused (error, path);
          return _dmk_target_error_from_errno (error, err, path, _("Writing the test file in"));
        }
      done += len;
      if (progress != NULL &&
          (done == target->test_size || g_get_monotonic_time () >= next_progress))
        {
          progress ((double) done / (double) target->test_size, user_data);
          next_progress = g_get_monotonic_time () + LAYOUT_PROGRESS_EVERY_US;
        }
    }
  free (buf);
  if (fsync (target->fd) != 0)
    return _dmk_target_error_from_errno (error, errno, path, _("Flushing the test file in"));
  if (!target->direct)
    posix_fadvise (target->fd, 0, 0, POSIX_FADV_DONTNEED);
  return TRUE;
}

int
dmk_target_get_fd (DmkTarget *target)
{
  return target->fd;
}

gboolean
dmk_target_empty (DmkTarget *target, GError **error)
{
  g_return_val_if_fail (target != NULL, FALSE);
  if (target->info.kind != DMK_TARGET_DIRECTORY)
    return TRUE;
  if (ftruncate (target->fd, 0) != 0 || fsync (target->fd) != 0)
    return _dmk_target_error_from_errno (error, errno, target->info.path,
                                         _("Emptying the test file in"));
  return TRUE;
}

guint64
dmk_target_get_test_size (DmkTarget *target)
{
  return target->test_size;
}

void
dmk_target_set_test_size (DmkTarget *target, guint64 bytes)
{
  target->test_size = bytes;
}

guint32
dmk_target_get_offset_align (DmkTarget *target)
{
  return target->offset_align;
}

guint32
dmk_target_get_mem_align (DmkTarget *target)
{
  return target->mem_align;
}

const DmkTargetInfo *
dmk_target_get_info (DmkTarget *target)
{
  return &target->info;
}

GPtrArray *
dmk_target_get_warnings (DmkTarget *target)
{
  return target->warnings;
}
