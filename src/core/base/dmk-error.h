/* dmk-error.h: the DMK_ERROR domain and its codes, for every failure a user can cause. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DMK_ERROR (dmk_error_quark ())

typedef enum
{
  DMK_ERROR_INVALID_ARGUMENT, /* an option or setting out of range or malformed */
  DMK_ERROR_NOT_FOUND,        /* target path does not exist */
  DMK_ERROR_NOT_A_TARGET,     /* target is neither a directory nor a block device */
  DMK_ERROR_PERMISSION,       /* not allowed to write or open the target */
  DMK_ERROR_NO_SPACE,         /* not enough free space for the test file */
  DMK_ERROR_DIRECT_IO,        /* O_DIRECT refused by the filesystem */
  DMK_ERROR_WRITE_NOT_ALLOWED,/* write test on a device without explicit consent */
  DMK_ERROR_BUSY,             /* device mounted or held by someone else */
  DMK_ERROR_IO,               /* an I/O failed during layout or measurement */
  DMK_ERROR_ENGINE,           /* the I/O engine could not be set up */
  DMK_ERROR_CANCELLED,        /* never raised: cancellation uses G_IO_ERROR_CANCELLED */
  DMK_ERROR_PARSE,            /* a result file that is not a valid gdiskmark result */
  DMK_ERROR_AUTH_CANCELLED,   /* the user dismissed the authentication dialog */
  DMK_ERROR_NOT_AUTHORIZED,   /* polkit said no */
  DMK_ERROR_NO_HELPER,        /* pkexec or the helper is missing */
  DMK_ERROR_HISTORY,          /* the history store cannot be opened or written */
} DmkErrorCode;

GQuark dmk_error_quark (void);

G_END_DECLS
