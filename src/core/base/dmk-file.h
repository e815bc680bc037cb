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

G_END_DECLS
