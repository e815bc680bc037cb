/* dmk-target-chooser.h: where to test: the folders and block devices of this machine in one
 * dropdown, their scans, "Choose Folder…", and the write consent for a device. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-target-item.h"

G_BEGIN_DECLS

#define DMK_TYPE_TARGET_CHOOSER (dmk_target_chooser_get_type ())
G_DECLARE_FINAL_TYPE (DmkTargetChooser, dmk_target_chooser, DMK, TARGET_CHOOSER, GtkWidget)


/* Makes path the target, adding it to the list when it is not there. Opens nothing. */
void dmk_target_chooser_set_path (DmkTargetChooser *self, const char *path);
/* The same for what a user gave (command line, folder chooser, saved setting): a path that does
 * not exist or is neither a folder nor a block device is refused with why (DMK_ERROR), and the
 * target stays as it was. */
gboolean dmk_target_chooser_try_path (DmkTargetChooser *self, const char *path, GError **error);
const char *dmk_target_chooser_get_path (DmkTargetChooser *self);
/* The device item of the target, or NULL when it is a folder. */
DmkTargetItem *dmk_target_chooser_get_device (DmkTargetChooser *self);

/* Write tests on the target device, confirmed by the user for that very device: named is the
 * identity (number, size, model, sequence number, backing file) of the device the question
 * described. Forgotten when the target changes, the device turns out to be in use, or a scan or
 * dmk_target_chooser_recheck_consent () finds another device under its name. FALSE when refused
 * (not a device, in use, or no longer the device named: its item then describes the one there
 * now). */
gboolean dmk_target_chooser_allow_writes (DmkTargetChooser *self, const DmkDeviceIdentity *named);
gboolean dmk_target_chooser_get_writes_allowed (DmkTargetChooser *self);
/* Right before a run: reads the identity of the device at the path now (stat and sysfs) and
 * withdraws the consent when it is another device, whose facts the list then shows. TRUE while
 * writes stay allowed. */
gboolean dmk_target_chooser_recheck_consent (DmkTargetChooser *self);
/* TRUE after writes were allowed and then withdrawn because another device took the target's
 * name, until the user answers again or chooses another target: Run asks again rather than
 * quietly reading only. */
/* The target device's item described afresh from the device at the path now (no disk I/O):
 * what a question about it is to name. */
void dmk_target_chooser_describe_target_now (DmkTargetChooser *self);
gboolean dmk_target_chooser_get_consent_lost (DmkTargetChooser *self);
void dmk_target_chooser_forget_consent_lost (DmkTargetChooser *self);
/* The identity the writes were allowed for, or NULL: the run checks it again on the open fd. */
const DmkDeviceIdentity *dmk_target_chooser_get_consent (DmkTargetChooser *self);

/* Bytes a test file may take on the target (property "room"): a folder's free space, a device's
 * size; 0 while unknown. */
guint64 dmk_target_chooser_get_room (DmkTargetChooser *self);

/* Lists the folders and block devices again ("devices-changed" when done). */
void dmk_target_chooser_refresh_devices (DmkTargetChooser *self);
/* Opens the folder chooser (what "Choose Folder…" does). */
void dmk_target_chooser_choose_folder (DmkTargetChooser *self);
GtkWidget *dmk_target_chooser_get_dropdown (DmkTargetChooser *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* Whether a scan of the places or a folder's description is still on its way. */
gboolean dmk_target_chooser_is_busy (DmkTargetChooser *self);
/* Whether the folder chooser is open. */
gboolean dmk_target_chooser_is_choosing (DmkTargetChooser *self);
#endif

G_END_DECLS
