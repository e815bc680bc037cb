/* dmk-target-item.h: an entry of the window's target list: a place (a folder or a block device,
 * described by the core's places) or the "Choose Folder…" action. */
#pragma once

#include <glib-object.h>

#include "dmk-core.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_TARGET_ITEM_FOLDER,  /* a mounted filesystem or a chosen folder */
  DMK_TARGET_ITEM_DEVICE,  /* a block device (listed below the folders) */
  DMK_TARGET_ITEM_CHOOSER, /* "Choose Folder…": opens a file chooser, is never a target */
} DmkTargetItemKind;

#define DMK_TYPE_TARGET_ITEM (dmk_target_item_get_type ())
G_DECLARE_FINAL_TYPE (DmkTargetItem, dmk_target_item, DMK, TARGET_ITEM, GObject)

/* An item for place (copied). */
DmkTargetItem *dmk_target_item_new (const DmkPlace *place);
/* An item for path whose facts are not known yet: a device is taken to be in use until a scan
 * says otherwise, so that nothing writes to what is unknown. */
DmkTargetItem *dmk_target_item_new_pending (DmkTargetItemKind kind, const char *path);
/* "Choose Folder…". */
DmkTargetItem *dmk_target_item_new_chooser (const char *title);
/* Takes place's facts (properties "subtitle" and "summary" follow). */
void dmk_target_item_update (DmkTargetItem *self, const DmkPlace *place);
/* A device that is gone: kept while it is the target, marked in use. */
void dmk_target_item_set_vanished (DmkTargetItem *self);

DmkTargetItemKind dmk_target_item_get_kind (DmkTargetItem *self);
const char *dmk_target_item_get_path (DmkTargetItem *self);
const char *dmk_target_item_get_title (DmkTargetItem *self);
const char *dmk_target_item_get_subtitle (DmkTargetItem *self);
const char *dmk_target_item_get_summary (DmkTargetItem *self);
/* The place's facts; NULL for the chooser, or while they are not known. */
const DmkPlace *dmk_target_item_get_place (DmkTargetItem *self);

/* Devices only: facts for the write-test confirmation, and whether it (or a partition of it) is
 * mounted, used as swap or held by another device (RAID, LVM, dm-crypt). */
const char *dmk_target_item_get_model (DmkTargetItem *self);
guint64 dmk_target_item_get_size (DmkTargetItem *self);
gboolean dmk_target_item_get_in_use (DmkTargetItem *self);

G_END_DECLS
