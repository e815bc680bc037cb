/* dmk-file.h: a file from elsewhere read whole, safely: never blocking on a FIFO, never reading a
 * device or more than the caller's cap. Every loader of the app reads through it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DMK_FILE_READ,        /* the contents are returned */
  DMK_FILE_OPEN_FAILED, /* open or fstat failed: errno in *errsv */
  DMK_FILE_READ_FAILED, /* read failed: errno in *errsv */
  DMK_FILE_FOLDER,      /* a folder */
  DMK_FILE_NOT_REGULAR, /* a FIFO, a socket, a character or block device */
  DMK_FILE_TOO_LARGE,   /* more than cap bytes */
} DmkFileStatus;

/* Opens filename with O_NONBLOCK (a FIFO's open must not wait for a writer), looks at what the
 * fd is, and reads it only when it is a regular file of at most cap bytes; never more than cap
 * bytes, also when it grows meanwhile. Returns the contents, NUL-terminated, with *length; or
 * NULL with *status (and *errsv, may be NULL) saying why, for the caller's own sentence. */
char *dmk_file_read_regular (const char *filename, gsize cap, gsize *length,
                             DmkFileStatus *status, int *errsv);

/* The whole of len bytes at offset, written from or read into buf: interrupted and short
 * transfers go on where they stopped, so that one call moves all of it or fails. 0, or the errno
 * (a write that moves nothing is ENOSPC, a read that reaches the end EIO). The one rule every
 * whole-buffer transfer of the core follows. */
int dmk_file_transfer (int fd, void *buf, gsize len, guint64 offset, gboolean write);

/* A small system file (a sysfs or procfs value: "8:17", "Samsung SSD 980") read whole, its
 * surrounding white space taken off: the one reader of such files. NULL when it is absent or
 * unreadable, or says nothing. */
char *dmk_read_value (const char *path);

G_END_DECLS
