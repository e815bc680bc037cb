/* dmk-file.c: whole files from elsewhere, read without blocking and within a cap; and the small
 * values of sysfs and procfs. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-file.h"

static char *
fail (DmkFileStatus *status, DmkFileStatus why, int *errsv, int err)
{
  *status = why;
  if (errsv != NULL)
    *errsv = err;
  return NULL;
}

char *
dmk_file_read_regular (const char *filename, gsize cap, gsize *length, DmkFileStatus *status,
                       int *errsv)
{
  g_autofree char *data = NULL;
  gsize size, got = 0;
  struct stat st;
  int fd, err;

  g_return_val_if_fail (filename != NULL && length != NULL && status != NULL, NULL);
  *length = 0;
  /* Regular files do not care about O_NONBLOCK; a FIFO's open returns at once with it. */
  fd = g_open (filename, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0);
  if (fd < 0)
    return fail (status, DMK_FILE_OPEN_FAILED, errsv, errno);
  if (fstat (fd, &st) != 0)
    {
      err = errno;
      g_close (fd, NULL);
      return fail (status, DMK_FILE_OPEN_FAILED, errsv, err);
    }
  if (!S_ISREG (st.st_mode))
    {
      g_close (fd, NULL);
      return fail (status, S_ISDIR (st.st_mode) ? DMK_FILE_FOLDER : DMK_FILE_NOT_REGULAR, errsv,
                   0);
    }
  if (st.st_size < 0 || (guint64) st.st_size > cap)
    {
      g_close (fd, NULL);
      return fail (status, DMK_FILE_TOO_LARGE, errsv, 0);
    }
  /* What fstat saw is what is read: a file that grows meanwhile is judged as it was. */
  size = (gsize) st.st_size;
  data = g_malloc (size + 1);
  while (got < size)
    {
      gssize n = read (fd, data + got, size - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          err = errno;
          g_close (fd, NULL);
          return fail (status, DMK_FILE_READ_FAILED, errsv, err);
        }
      if (n == 0)
        break; /* it shrank meanwhile: what is left is what is judged */
      got += (gsize) n;
    }
  g_close (fd, NULL);
  data[got] = '\0';
  *length = got;
  *status = DMK_FILE_READ;
  return g_steal_pointer (&data);
}

char *
dmk_read_value (const char *path)
{
  char *text = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  g_strstrip (text);
  if (text[0] == '\0')
    g_clear_pointer (&text, g_free);
  return text;
}

int
dmk_file_transfer (int fd, void *buf, gsize len, guint64 offset, gboolean write)
{
  gsize done = 0;

  while (done < len)
    {
      ssize_t n = write ? pwrite (fd, (char *) buf + done, len - done, (off_t) (offset + done))
                        : pread (fd, (char *) buf + done, len - done, (off_t) (offset + done));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno;
      if (n == 0)
        return write ? ENOSPC : EIO;
      done += (gsize) n;
    }
  return 0;
}
