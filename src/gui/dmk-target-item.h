/* dmk-target-item.h: an entry of the window's target list: a folder, a block device, an action. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  DMK_TARGET_ITEM_FOLDER,  /* a mounted filesystem or a chosen folder */
  DMK_TARGET_ITEM_DEVICE,  /* a block device (listed below the folders) */
  DMK_TARGET_ITEM_CHOOSER, /* "Choose Folder…": opens a file chooser, is never a target */
} DmkTargetItemKind;

#define DMK_TYPE_TARGET_ITEM (dmk_target_item_get_type ())
G_DECLARE_FINAL_TYPE (DmkTargetItem, dmk_target_item, DMK, TARGET_ITEM, GObject)

DmkTargetItem *dmk_target_item_new (DmkTargetItemKind kind, const char *path, const char *title,
                                    const char *subtitle);
DmkTargetItemKind dmk_target_item_get_kind (DmkTargetItem *self);
const char *dmk_target_item_get_path (DmkTargetItem *self);
const char *dmk_target_item_get_title (DmkTargetItem *self);
const char *dmk_target_item_get_subtitle (DmkTargetItem *self);
void dmk_target_item_set_subtitle (DmkTargetItem *self, const char *subtitle);
const char *dmk_target_item_get_summary (DmkTargetItem *self);
void dmk_target_item_set_summary (DmkTargetItem *self, const char *summary);

/* Devices only: facts for the write-test confirmation, and whether it (or a partition of it) is
 * mounted, used as swap or held by another device (RAID, LVM, dm-crypt). */
void dmk_target_item_set_device (DmkTargetItem *self, const char *model, guint64 size_bytes,
                                 gboolean in_use);
const char *dmk_target_item_get_model (DmkTargetItem *self);
guint64 dmk_target_item_get_size (DmkTargetItem *self);
gboolean dmk_target_item_get_in_use (DmkTargetItem *self);

/* Describes the filesystem holding path ("ext4 · 12 GiB / 49 GiB · Samsung SSD 980") and a short
 * summary for a button ("18% of 49 GiB"). Does blocking I/O: call it from a worker thread. */
void dmk_target_describe_folder (const char *path, char **subtitle, char **summary);

/* Whether path can be a target: an existing folder or block device. Else a DMK_ERROR (NOT_FOUND,
 * NOT_A_TARGET) saying what to do, before anything is stored or run. */
gboolean dmk_target_check_path (const char *path, GError **error);

/* The mounted filesystems this user can write to, as DMK_TARGET_ITEM_FOLDER items with their
 * descriptions, home first, one per filesystem. Blocking: call it from a worker thread. */
GPtrArray *dmk_target_list_folders (void);

/* Every disk and partition of /sys/block, as DMK_TARGET_ITEM_DEVICE items (no RAM disks, unbound
 * loop devices or empty drives), in kernel order with partitions after their disk. Blocking:
 * call it from a worker thread. */
GPtrArray *dmk_target_list_devices (void);

G_END_DECLS
