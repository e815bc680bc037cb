/* dmk-device-checks-private.h: what the device checks' two files share: the family of a
 * device, and how a check reads sysfs and refuses. Plain C, as the helper needs it. */
#pragma once

#include <dirent.h>

#include "dmk-device-checks.h"

#define MAX_DEVS 1024

typedef struct
{
  dev_t dev;
  char name[DMK_HELPER_DEVICE_MAX];
  char holders[2 * DMK_HELPER_DEVICE_MAX + 32]; /* its sysfs holders directory */
} Dev;

typedef struct
{
  char name[DMK_HELPER_DEVICE_MAX];
  dev_t dev;
  unsigned long long start, size; /* in 512-byte sectors */
} Part;

struct DmkDeviceFamily
{
  Dev devs[MAX_DEVS]; /* the target first */
  int n_devs;
  int disk_index; /* the whole disk among devs[], or -1 */
  Part parts[MAX_DEVS];
};

/* Sets *v to a refusal; returns -1. */
int _dmk_dev_refuse (DmkDeviceVerdict *v, int status, int err, const char *device,
                     const char *detail);
/* A listing or table that could not be read (what: its path), as a refusal; returns -1. */
int _dmk_dev_check_failed (DmkDeviceVerdict *v, int err, const char *device, const char *what);
/* A small file read whole into buf: 0, or -1 with errno. */
int _dmk_dev_read_small (const char *path, char *buf, size_t size);
/* A sysfs "dev" file ("8:17"): 0; 1 when it is gone (ENOENT); -1 with v set. */
int _dmk_dev_read_dev (const char *path, dev_t *out, DmkDeviceVerdict *v, const char *device);
/* readdir that tells the end of a listing (0, *e NULL) from a failure to read it (-1). */
int _dmk_dev_next_entry (DIR *d, const char *path, struct dirent **e, DmkDeviceVerdict *v,
                const char *device);
/* The device of the family with number dev, or NULL. */
const Dev *_dmk_dev_find_dev (const DmkDeviceFamily *f, dev_t dev);
