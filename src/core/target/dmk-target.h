/* dmk-target.h: what the I/O goes to: an O_TMPFILE test file in a directory, or a block device. */
#pragma once

#include <gio/gio.h>

#include "dmk-places.h"
#include "dmk-spec.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_TARGET_DIRECTORY,
  DMK_TARGET_BLOCK_DEVICE,
} DmkTargetKind;

typedef struct
{
  char *path;
  DmkTargetKind kind;
  char *filesystem; /* "ext4"; for a device, what is on it or NULL */
  char *device;     /* "/dev/sda1" */
  char *model;
  guint64 size_bytes; /* filesystem or device size */
  guint64 free_bytes; /* filesystem free space before the test (directories) */
  guint64 used_bytes; /* and what is taken (blocks less free blocks, as df), 0 if unknown */
  gboolean rotational;
  char *transport; /* "usb", "nvme", … or NULL */
  /* Folders: where the filesystem's facts came from: "mountinfo", or "statfs" where the mount
   * table does not list it (a chroot below a mount point); NULL in files from before. */
  char *facts_source;
} DmkTargetInfo;

void dmk_target_info_clear (DmkTargetInfo *info);
void dmk_target_info_copy (DmkTargetInfo *dest, const DmkTargetInfo *src);
const char *dmk_target_kind_to_string (DmkTargetKind kind);
gboolean dmk_target_kind_from_string (const char *s, DmkTargetKind *out);

/* The seam for unprivileged device access: a provider opens a block device and returns an fd
 * (O_DIRECT; for write, O_RDWR|O_EXCL), or -1 with error set. A provider that does not apply
 * returns -1 with G_IO_ERROR_NOT_SUPPORTED so that the next one is tried. */
typedef int (*DmkFdProviderFunc) (const char *path, gboolean writable, gpointer user_data,
                                  GCancellable *cancellable, GError **error);

typedef struct
{
  const char *name;
  DmkFdProviderFunc open;
  gpointer user_data;
  /* The provider runs the in-use checks itself, as root, before it hands out a write fd (the
   * helper): where this process may not look (a loop device it cannot open), its word stands. */
  gboolean checks_in_use;
} DmkFdProvider;

/* Opens a block device directly with open(2); the first link of every chain. */
int dmk_fd_provider_direct_open (const char *path, gboolean writable, gpointer user_data,
                                 GCancellable *cancellable, GError **error);

typedef struct _DmkTarget DmkTarget;

typedef void (*DmkLayoutProgressFunc) (double fraction, gpointer user_data);

/* Opens path for a run with settings. write says whether anything will be written. A block
 * device is written only through the write gate (dmk-write-gate.h): settings->allow_write_device,
 * consent (the device the user allowed writes to, as it was then; NULL: none) matching the
 * opened fd, and the in-use checks. providers (NULL-terminated, may be NULL) are tried after a
 * direct open was refused. */
DmkTarget *dmk_target_open (const char *path, const DmkSettings *settings, gboolean write,
                            const DmkDeviceIdentity *consent,
                            const DmkFdProvider *const *providers, GCancellable *cancellable,
                            GError **error);
/* Lays the test file out with real data (directories only; a no-op for devices). */
gboolean dmk_target_prepare (DmkTarget *target, DmkLayoutProgressFunc progress,
                             gpointer user_data, GCancellable *cancellable, GError **error);
/* Empties a folder's test file (truncated to nothing), so that the writes after it make a new
 * file, allocating its blocks, as iozone's Writer does; a device is left as it is. */
gboolean dmk_target_empty (DmkTarget *target, GError **error);
void dmk_target_free (DmkTarget *target);

int dmk_target_get_fd (DmkTarget *target);
guint64 dmk_target_get_test_size (DmkTarget *target);
/* Scans set the span their I/O covers after the open: a sustained write's, a whole device's. */
void dmk_target_set_test_size (DmkTarget *target, guint64 bytes);
guint32 dmk_target_get_offset_align (DmkTarget *target);
guint32 dmk_target_get_mem_align (DmkTarget *target);
const DmkTargetInfo *dmk_target_get_info (DmkTarget *target);
/* Warnings about numbers that may not be what they seem (tmpfs, NFS, …). */
GPtrArray *dmk_target_get_warnings (DmkTarget *target);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkTarget, dmk_target_free)

G_END_DECLS
