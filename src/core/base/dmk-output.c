/* dmk-output.c: files written for the user, as regular files, whole or not at all. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-output.h"

static gboolean
refuse (GError **error, const char *path, const char *what)
{
  /* TRANSLATORS: "“/dev/full” is a character device, not a file: give the name of a file to
   * write (or - for standard output in the CLI)" */
  g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
               _("“%s” is %s, not a file: nothing was written there; give the name of a file to "
                 "write"),
               path, what);
  return FALSE;
}

static gboolean
io_error (GError **error, const char *path, int err)
{
  g_set_error (error, DMK_ERROR,
               err == EACCES || err == EPERM ? DMK_ERROR_PERMISSION : DMK_ERROR_IO,
               _("Could not write “%s”: %s"), path, g_strerror (err));
  return FALSE;
}

/* What is at path, from lstat: TRUE for nothing or a regular file (*exists, *st say which). */
static gboolean
check_at (const char *path, gboolean *exists, struct stat *st, GError **error)
{
  *exists = FALSE;
  if (lstat (path, st) != 0)
    {
      if (errno == ENOENT)
        return TRUE;
      return io_error (error, path, errno);
    }
  *exists = TRUE;
  if (S_ISREG (st->st_mode))
    return TRUE;
  if (S_ISLNK (st->st_mode))
    {
      g_autofree char *to = g_file_read_link (path, NULL);
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
                   _("“%s” is a symbolic link (to “%s”): nothing was written there, as a link "
                     "is not written through; give the file it points to, or another name"),
                   path, to != NULL ? to : "?");
      return FALSE;
    }
  return refuse (error, path,
                 S_ISDIR (st->st_mode)    ? _("a folder")
                 : S_ISCHR (st->st_mode)  ? _("a character device")
                 : S_ISBLK (st->st_mode)  ? _("a block device")
                 : S_ISFIFO (st->st_mode) ? _("a FIFO")
                 : S_ISSOCK (st->st_mode) ? _("a socket")
                                          : _("a special file"));
}

gboolean
dmk_output_check (const char *path, GError **error)
{
  gboolean exists;
  struct stat st;

  g_return_val_if_fail (path != NULL, FALSE);
  if (*path == '\0')
    return refuse (error, path, _("an empty name"));
  return check_at (path, &exists, &st, error);
}

char *
dmk_output_begin (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmpl = g_strdup_printf (".%s.XXXXXX", base);
  g_autofree char *tmp = g_build_filename (dir, tmpl, NULL);
  mode_t mask = umask (0);
  int fd;

  umask (mask);
  if (!dmk_output_check (path, error))
    return NULL;
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      io_error (error, path, errno);
      return NULL;
    }
  /* As a new file would be made: what the umask leaves of rw for everyone. */
  if (fchmod (fd, 0666 & ~mask) != 0)
    {
      int err = errno;
      close (fd);
      g_unlink (tmp);
      io_error (error, path, err);
      return NULL;
    }
  close (fd);
  return g_steal_pointer (&tmp);
}

void
dmk_output_abandon (const char *tmp)
{
  if (tmp != NULL)
    g_unlink (tmp);
}

/* Puts tmp in path's place. A regular file there is swapped out atomically (RENAME_EXCHANGE),
 * and swapped back if what came out was not a regular file after all: the check and the rename
 * are then one step, so nothing that appears at path meanwhile is ever replaced. */
static gboolean
put_in_place (const char *tmp, const char *path, GError **error)
{
  gboolean exists;
  struct stat st, old;

  if (!check_at (path, &exists, &st, error))
    return FALSE;
  if (exists)
    {
      if (renameat2 (AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE) == 0)
        {
          if (lstat (tmp, &old) == 0 && S_ISREG (old.st_mode))
            {
              g_unlink (tmp);
              return TRUE;
            }
          renameat2 (AT_FDCWD, tmp, AT_FDCWD, path, RENAME_EXCHANGE); /* put it back */
          if (check_at (path, &exists, &st, error))
            io_error (error, path, EAGAIN);
          return FALSE;
        }
      /* Filesystems without the exchange (some FUSE and network ones): checked just above. */
      if (errno != EINVAL && errno != ENOSYS)
        return io_error (error, path, errno);
      if (rename (tmp, path) != 0)
        return io_error (error, path, errno);
      return TRUE;
    }
  if (renameat2 (AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0)
    return TRUE;
  if (errno == EEXIST)
    return put_in_place (tmp, path, error); /* it appeared meanwhile: look at it again */
  if ((errno != EINVAL && errno != ENOSYS) || rename (tmp, path) != 0)
    return io_error (error, path, errno);
  return TRUE;
}

gboolean
dmk_output_commit (const char *tmp, const char *path, GError **error)
{
  struct stat old;
  int fd;

  g_return_val_if_fail (tmp != NULL && path != NULL, FALSE);
  /* An old file's permissions stay; then the data reaches the disk before the name does. */
  fd = open (tmp, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    {
      int err = errno;
      dmk_output_abandon (tmp);
      return io_error (error, path, err);
    }
  if ((lstat (path, &old) == 0 && S_ISREG (old.st_mode) &&
       fchmod (fd, old.st_mode & 07777) != 0) ||
      fsync (fd) != 0)
    {
      int err = errno;
      close (fd);
      dmk_output_abandon (tmp);
      return io_error (error, path, err);
    }
  if (close (fd) != 0)
    {
      int err = errno;
      dmk_output_abandon (tmp);
      return io_error (error, path, err);
    }
  if (!put_in_place (tmp, path, error))
    {
      dmk_output_abandon (tmp);
      return FALSE;
    }
  return TRUE;
}

gboolean
dmk_output_save (const char *path, const void *data, gsize len, GError **error)
{
  g_autofree char *tmp = NULL;
  gsize done = 0;
  int fd, err = 0;

  g_return_val_if_fail (path != NULL && (data != NULL || len == 0), FALSE);
  tmp = dmk_output_begin (path, error);
  if (tmp == NULL)
    return FALSE;
  fd = open (tmp, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    err = errno;
  while (fd >= 0 && done < len && err == 0)
    {
      ssize_t n = write (fd, (const char *) data + done, len - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        err = n < 0 ? errno : ENOSPC;
      else
        done += (gsize) n;
    }
  if (fd >= 0 && close (fd) != 0 && err == 0)
    err = errno;
  if (err != 0)
    {
      dmk_output_abandon (tmp);
      return io_error (error, path, err);
    }
  return dmk_output_commit (tmp, path, error);
}
