/* dmk-sysinfo.h: facts about the machine, its mounts and block devices, from /proc and sysfs. */
#pragma once

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct
{
  char *name;       /* kernel name: "sda", "sda1", "loop0" */
  char *disk;       /* whole-disk name: "sda" for "sda1" */
  char *model;      /* "Samsung SSD 980", or a description for loop and virtual devices */
  char *transport;  /* "usb", "nvme", "sata", "virtio", "loop", … or NULL */
  gboolean rotational;
  guint64 size_bytes;
} DmkBlockFacts;

typedef struct
{
  char *mount_point;
  char *source;  /* "/dev/sda1" */
  char *fstype;
  char *options; /* super options */
  dev_t dev;
} DmkMount;

/* "Debian GNU/Linux 12 (bookworm) [6.1.0-13-amd64]" */
char *dmk_sysinfo_os_description (void);
char *dmk_sysinfo_kernel_release (void);

gboolean dmk_block_facts_for_dev (dev_t dev, DmkBlockFacts *facts);
void dmk_block_facts_clear (DmkBlockFacts *facts);

/* All mounts, in /proc/self/mountinfo order. */
GPtrArray *dmk_mounts_list (void);
void dmk_mount_free (DmkMount *mount);
/* The mount whose filesystem is dev (for a directory's st_dev), or NULL. */
DmkMount *dmk_mount_for_dev (dev_t dev);
/* The first mount of the block device dev or of any of its partitions, or NULL. */
DmkMount *dmk_mount_using_block_device (dev_t dev);

typedef struct
{
  char *name; /* "sda1" */
  char *path; /* "/dev/sda1" */
  dev_t dev;
  gboolean partition;
  /* Mounted, swapped on, or held by another device (RAID, LVM, dm-crypt); a disk also when one
   * of its partitions is: writing to it would destroy that partition too. */
  gboolean in_use;
  const char *transport_hint; /* "loop" for loop devices, whose sysfs says nothing; or NULL */
} DmkBlockDevice;

/* Every disk and partition of /sys/block, without RAM disks, unbound loop devices and empty
 * drives, in name order with each disk's partitions after it. Blocking: reads sysfs,
 * /proc/swaps and the mount table. */
GPtrArray *dmk_block_devices_list (void);
void dmk_block_device_free (DmkBlockDevice *device);

/* The filesystem's type as mountinfo names it ("ext4", "tmpfs"), from statfs(2): for where the
 * mount table does not list the filesystem (a chroot whose root is below a mount point). A type
 * without a known name is its magic number, "0x1234". NULL when path cannot be looked at. */
char *dmk_statfs_type_name (const char *path);

/* Whether the kernel can start an I/O on fd without blocking (the open file has FMODE_NOWAIT).
 * Where it cannot (tmpfs, zram and other bio devices without the feature), io_uring hands every
 * I/O to one of its worker threads: two thread switches per I/O, 20-40 times slower at queue
 * depth 1 than libaio, which completes such I/O inline. TRUE when it cannot be told (a
 * write-only fd). block is the read the probe makes at offset 0, a multiple of the target's
 * offset alignment; it only reads. */
gboolean dmk_fd_can_nowait (int fd, gsize block);
/* The same for the target at path before it is opened for a run: a folder through an unnamed
 * file made in it (O_TMPFILE: nothing is left), a device or a file opened to read. TRUE when
 * it cannot be told (no permission to open a device). */
gboolean dmk_path_can_nowait (const char *path);
/* Whether path (a device, or a file or folder on one) is on a loop device, whose I/O a kernel
 * thread does (dmk_engine_for_test). */
gboolean dmk_path_on_loop_device (const char *path);
char *dmk_fs_type_name (guint32 magic);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkMount, dmk_mount_free)

G_END_DECLS
