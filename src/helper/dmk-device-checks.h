/* dmk-device-checks.h: whether a write to a block device could reach data in use (mounted,
 * swapped on, held, or sharing its storage with a loop device). Plain C, no GLib: the helper
 * runs these checks as root before it hands out a write fd, and the core runs the very same
 * ones in its own process on every fd it is about to write to, so root and group "disk", who
 * open devices without the helper, meet the same refusals as everybody else. */
#pragma once

#include <stddef.h>
#include <sys/types.h>

#include "dmk-helper-protocol.h"

/* What a check found. status is DMK_HELPER_OK, or the refusal in the helper's own terms:
 * DMK_HELPER_E_UNKNOWN_DEVICE, _MOUNTED (detail: the mount point), _SWAP, _HELD (detail: the
 * holder), _SHARED (detail: how), _CHECK_FAILED (detail: what could not be read; err: why) or
 * _INTERNAL (err). device is the kernel name of the device the verdict is about (the target or
 * a relative of it); device and detail are printable ASCII, other bytes escaped as \xNN. */
typedef struct
{
  int status;
  int err;
  char device[DMK_HELPER_DEVICE_MAX];
  char detail[DMK_HELPER_DETAIL_MAX];
} DmkDeviceVerdict;

/* A block device with the devices a write to it reaches: a whole disk and its partitions, or a
 * partition, its disk and the partitions that overlap it. */
typedef struct DmkDeviceFamily DmkDeviceFamily;

/* The family of rdev, from /sys/block; NULL with *v set when no disk or partition has that
 * number (DMK_HELPER_E_UNKNOWN_DEVICE) or a listing could not be read. Every check fails closed:
 * only an entry that vanished while it was listed (ENOENT) is skipped. */
DmkDeviceFamily *dmk_device_family_new (dev_t rdev, DmkDeviceVerdict *v);
void dmk_device_family_free (DmkDeviceFamily *f);
/* The target's kernel name ("sdb1"). */
const char *dmk_device_family_name (const DmkDeviceFamily *f);
/* Whether the target is a loop device or a partition of one. */
int dmk_device_family_is_loop (const DmkDeviceFamily *f);

/* 0 when nothing in the family is held, mounted or swapped on; else -1 with *v set. */
int dmk_device_check_in_use (const DmkDeviceFamily *f, DmkDeviceVerdict *v);
/* 0 when no loop device shares storage with the family; else -1 with *v set. A target loop
 * backed by a block device passes when that device would (not in use, sharing nothing but with
 * this loop). A loop device this process may not open is read from sysfs instead (its backing
 * file's path, looked up).
 * allow_self_stacked accepts a target loop whose own backing file is on FUSE or overlayfs (the
 * user said they know what that file is: a fake disk served by a FUSE program); another loop
 * backed that way still refuses, as it may hide this very data. */
int dmk_device_check_shared_storage (const DmkDeviceFamily *f, int allow_self_stacked,
                                     DmkDeviceVerdict *v);

/* Copies src into dest, cut to size - 1 bytes. */
void dmk_str_copy (char *dest, size_t size, const char *src);
/* Copies len bytes of src into dest with every byte outside printable ASCII, and the
 * backslash, written as \xNN, cut at a whole escape to fit size. */
void dmk_str_escape (char *dest, size_t size, const char *src, size_t len);
