/* dmk-places.h: the places a run can go to (the writable filesystems and the block devices) and
 * the one description of each, for the window's list and the CLI's alike. */
#pragma once

#include <gio/gio.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef enum
{
  DMK_PLACE_FOLDER, /* a mounted filesystem, or a folder on one */
  DMK_PLACE_DEVICE, /* a block device */
} DmkPlaceKind;

/* What identifies a block device beyond its name: a name can be reused by another device (a
 * loop device detached and attached to another image), its identity cannot. */
typedef struct
{
  dev_t rdev;
  guint64 size_bytes;
  guint64 diskseq; /* the kernel's sequence number of the disk (5.15+), 0 where unknown */
  char *model;
  char *backing; /* a loop device's backing file, or NULL */
} DmkDeviceIdentity;

void dmk_device_identity_clear (DmkDeviceIdentity *id);
void dmk_device_identity_copy (DmkDeviceIdentity *dest, const DmkDeviceIdentity *src);
gboolean dmk_device_identity_equal (const DmkDeviceIdentity *a, const DmkDeviceIdentity *b);
/* The identity of the block device at path, from stat and sysfs; FALSE when it is none. */
gboolean dmk_device_identity_read (const char *path, DmkDeviceIdentity *id);
/* The same, of an open fd (after the open: it is the device the fd reaches). */
gboolean dmk_device_identity_read_fd (int fd, DmkDeviceIdentity *id);

/* How full a filesystem is, as df counts it: used is what is taken, avail what an unprivileged
 * user may still write, and the percentage is used / (used + avail), rounded up. */
typedef struct
{
  guint64 size_bytes;  /* the filesystem's size */
  guint64 used_bytes;
  guint64 avail_bytes; /* free for unprivileged users */
} DmkUsage;

gboolean dmk_usage_read (const char *path, DmkUsage *usage);
guint dmk_usage_percent (const DmkUsage *usage);
/* "18% of 49 GiB": the one way usage is told, in the window's list and in every report.
 * Translated; dmk_usage_format_c is the same in English for C-locale reports. */
char *dmk_usage_format (const DmkUsage *usage);
char *dmk_usage_format_c (const DmkUsage *usage);
/* The same share in CrystalDiskMark's words for its text report: "42% (200/476GiB)". */
char *dmk_usage_format_cdm (const DmkUsage *usage);

typedef struct
{
  DmkPlaceKind kind;
  char *path;
  /* The line under the path in a list: "ext4 · 18% of 49 GiB · Samsung SSD 980", or a
   * device's "Samsung SSD 980 · 32 GiB · usb · in use". Translated. */
  char *subtitle;
  /* A short one for a button: "18% of 49 GiB", "32 GiB · in use". Translated. */
  char *summary;
  char *fstype;        /* folders: the filesystem type, where known */
  char *model;         /* the drive's model, where known */
  guint64 size_bytes;  /* a device's size, a filesystem's size */
  guint64 avail_bytes; /* folders: free for the user */
  char *transport;     /* devices: "usb", "nvme", "loop"…, where known */
  gboolean partition;  /* devices: a partition of a disk */
  gboolean in_use;     /* devices: mounted, swapped on or held, itself or a partition */
  dev_t dev;           /* folders: the filesystem's st_dev; devices: the device number */
  DmkDeviceIdentity identity; /* devices */
} DmkPlace;

/* The place path is, described. Does blocking I/O (stat, statvfs, sysfs, the mount table). A
 * folder that does not exist still gets a place whose subtitle says so. */
DmkPlace *dmk_place_new (const char *path);
DmkPlace *dmk_place_copy (const DmkPlace *place);
void dmk_place_free (DmkPlace *place);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkPlace, dmk_place_free)

/* The mounted filesystems this user can write to, home first, each filesystem once (a folder in
 * extra, such as one the user chose, takes the place of its filesystem's mount point). Blocking. */
GPtrArray *dmk_places_list_folders (const char *const *extra);
/* Every disk and partition (no RAM disks, unbound loop devices or empty drives), in kernel order
 * with partitions after their disk. Blocking. */
GPtrArray *dmk_places_list_devices (void);

/* Both lists, made in a worker thread. */
void dmk_places_list_async (const char *const *extra, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data);
/* (transfer full) folders and devices: GPtrArray of DmkPlace each. */
gboolean dmk_places_list_finish (GAsyncResult *result, GPtrArray **folders, GPtrArray **devices,
                                 GError **error);
/* One place, described in a worker thread. */
void dmk_place_new_async (const char *path, GCancellable *cancellable,
                          GAsyncReadyCallback callback, gpointer user_data);
DmkPlace *dmk_place_new_finish (GAsyncResult *result, GError **error);

/* Whether path can be a target: an existing folder or block device. Else a DMK_ERROR (NOT_FOUND,
 * NOT_A_TARGET, PERMISSION) saying what to do, before anything is stored or run. */
gboolean dmk_place_check_path (const char *path, GError **error);

/* "/dev/sdb (SanDisk Ultra, 29 GiB)", or "/dev/sdb (29 GiB)" without a model. Translated. */
char *dmk_describe_device (const char *path, const char *model, guint64 size_bytes);

G_END_DECLS
