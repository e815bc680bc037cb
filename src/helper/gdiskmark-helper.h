/* gdiskmark-helper.h: what the helper's two files share (plain C, no GLib). */
#pragma once

#include <sys/types.h>

#include "dmk-helper-protocol.h"

#define MAX_DEVS 1024

/* A block device the checks look at: the target, then its partitions (a whole disk) or its disk
 * and the partitions that overlap it (a partition). */
typedef struct
{
  dev_t dev;
  char name[DMK_HELPER_DEVICE_MAX];
  char holders[2 * DMK_HELPER_DEVICE_MAX + 32]; /* its sysfs holders directory */
} Dev;

extern Dev devs[MAX_DEVS];
extern int n_devs;

/* gdiskmark-helper-reply.c: the log's context, set as the request is read. */
extern char helper_caller[96];
extern char helper_logpath[DMK_HELPER_PATH_MAX * 4 + 1];
extern const char *helper_mode;

/* Sends the reply (and fd, if >= 0) and exits. Never returns. */
void finish (int status, int err, const char *device, const char *detail, int fd)
  __attribute__ ((noreturn));
/* Copies src into dest, cut to size - 1 bytes. */
void set_str (char *dest, size_t size, const char *src);
/* Copies src into dest with every byte outside printable ASCII, and the backslash, written as
 * \xNN, cut at a whole escape to fit size. */
void escape_str (char *dest, size_t size, const char *src, size_t len);

/* gdiskmark-helper-checks.c */
/* Fills devs[] for rdev from /sys/block; FALSE when no disk or partition has that number. A
 * listing that cannot be read refuses (DMK_HELPER_E_CHECK_FAILED). */
int find_in_sysfs (dev_t rdev);
/* Whether the target is a loop device or a partition of one. */
int target_is_loop (void);
/* For writes: mounted, swapped on, held (dm, md), or sharing its storage with a loop device. */
void check_in_use (void);
void check_shared_storage (void);
