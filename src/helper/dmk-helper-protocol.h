/* dmk-helper-protocol.h: the core <-> gdiskmark-helper wire protocol (plain C, no GLib). */
#pragma once

#include <stdint.h>

/*
 * The core creates a socketpair (AF_UNIX, SOCK_SEQPACKET) and runs
 * `pkexec LIBEXECDIR/gdiskmark-helper read|write PATH` with one end as its stdin: pkexec picks
 * the polkit action from the mode and names the path in its prompt; the helper refuses a request
 * that does not match them. It sends exactly one request
 * message: a DmkHelperRequest header immediately followed by path_len bytes of path (no NUL).
 * The helper answers with exactly one DmkHelperReply message; when status is DMK_HELPER_OK the
 * message carries the device's fd as SCM_RIGHTS ancillary data. Both ends run on the same
 * machine, so integers are in host byte order. SOCK_SEQPACKET keeps message boundaries, so a
 * short message is a truncated request, never half of a later one.
 */

#define DMK_HELPER_REQUEST_MAGIC "GDMKRQ01"
#define DMK_HELPER_REPLY_MAGIC "GDMKRP01"
#define DMK_HELPER_MAGIC_LEN 8

/* Longest path accepted, without the terminating NUL (PATH_MAX - 1). */
#define DMK_HELPER_PATH_MAX 4095
/* How long the helper waits for the request. The core writes it before it runs pkexec, so it is
 * already queued when the helper starts; the limit only stops a hostile caller from parking a
 * root process forever. */
#define DMK_HELPER_REQUEST_TIMEOUT_MS 5000

/* Request flags */
#define DMK_HELPER_FLAG_WRITE 0x1u /* open O_RDWR|O_EXCL after the in-use checks */
#define DMK_HELPER_FLAGS_ALL DMK_HELPER_FLAG_WRITE

typedef struct
{
  char magic[DMK_HELPER_MAGIC_LEN]; /* DMK_HELPER_REQUEST_MAGIC, not NUL-terminated */
  uint32_t flags;
  uint32_t path_len; /* bytes of path following this header */
} DmkHelperRequest;

/* Status codes. Every refusal has its own code so that the core can say exactly what is wrong.
 * The values are part of the protocol: append only. */
typedef enum
{
  DMK_HELPER_OK = 0,
  DMK_HELPER_E_NOT_ROOT = 1,           /* the helper is not running with euid 0 */
  DMK_HELPER_E_BAD_REQUEST = 2,        /* wrong magic, unknown flags or a malformed message */
  DMK_HELPER_E_TRUNCATED = 3,          /* the message is shorter than its header says */
  DMK_HELPER_E_TIMEOUT = 4,            /* no request within DMK_HELPER_REQUEST_TIMEOUT_MS */
  DMK_HELPER_E_PATH_TOO_LONG = 5,      /* path_len > DMK_HELPER_PATH_MAX */
  DMK_HELPER_E_PATH_NOT_ABSOLUTE = 6,  /* the path does not start with '/' */
  DMK_HELPER_E_PATH_BAD_CHAR = 7,      /* NUL, newline or another control character */
  DMK_HELPER_E_SYMLINK = 8,            /* a symbolic link somewhere in the path */
  DMK_HELPER_E_NOT_FOUND = 9,          /* nothing at that path */
  DMK_HELPER_E_OPEN_FAILED = 10,       /* open(2) failed otherwise; see sys_errno */
  DMK_HELPER_E_REGULAR_FILE = 11,      /* the fd is a regular file */
  DMK_HELPER_E_DIRECTORY = 12,         /* the fd is a directory */
  DMK_HELPER_E_CHAR_DEVICE = 13,       /* the fd is a character device (/dev/null, a tty, …) */
  DMK_HELPER_E_FIFO = 14,              /* the fd is a FIFO */
  DMK_HELPER_E_NOT_BLOCK = 15,         /* the fd is something else that is not a block device */
  DMK_HELPER_E_UNKNOWN_DEVICE = 16,    /* a block device, but no disk or partition in /sys/block */
  DMK_HELPER_E_MOUNTED = 17,           /* device: the mounted one; detail: the mount point */
  DMK_HELPER_E_SWAP = 18,              /* device: the one swapped on */
  DMK_HELPER_E_HELD = 19,              /* device: the held one; detail: the holder (dm-0, md0) */
  DMK_HELPER_E_EXCL_BUSY = 20,         /* O_EXCL refused: another program holds it exclusively */
  DMK_HELPER_E_INTERNAL = 21,          /* the helper could not do its own checks; see sys_errno */
  DMK_HELPER_E_LOOP = 22,              /* a loop device (or a partition of one), asked by a caller
                                        * that is not root: its fd could re-point the loop */
  DMK_HELPER_E_SHARED = 23,            /* write: device shares its storage with a loop device;
                                        * detail: how ("backs loop3") */
  DMK_HELPER_E_CHECK_FAILED = 24,      /* write: could not check whether it is in use; detail:
                                        * what could not be read; see sys_errno */
  DMK_HELPER_E_ARGV_MISMATCH = 25,     /* argv ("read"/"write" PATH) is not what the request asks */
  DMK_HELPER_E_NOT_IN_DEV = 26,        /* a block device node outside /dev (mknod, bind mount) */
  DMK_HELPER_E_PATH_NOT_CANONICAL = 27, /* "//", "." or ".." components, or a trailing '/' */
} DmkHelperStatus;

#define DMK_HELPER_DEVICE_MAX 64
#define DMK_HELPER_DETAIL_MAX 1024
/* device and detail hold only printable ASCII: every other byte, and the backslash, comes as
 * "\\xNN". */

typedef struct
{
  char magic[DMK_HELPER_MAGIC_LEN]; /* DMK_HELPER_REPLY_MAGIC, not NUL-terminated */
  int32_t status;                   /* DmkHelperStatus */
  int32_t sys_errno;                /* errno behind the status, or 0 */
  char device[DMK_HELPER_DEVICE_MAX]; /* kernel name the status is about ("sdb1"), NUL-terminated */
  char detail[DMK_HELPER_DETAIL_MAX]; /* mount point or holder, NUL-terminated, may be empty */
} DmkHelperReply;

/* Exit statuses of the helper; pkexec itself uses 126 and 127, so these stay below. */
#define DMK_HELPER_EXIT_OK 0      /* the fd was sent */
#define DMK_HELPER_EXIT_REFUSED 1 /* a refusal was sent */
#define DMK_HELPER_EXIT_USAGE 2   /* stdin is not a SOCK_SEQPACKET socket: nothing could be sent */
