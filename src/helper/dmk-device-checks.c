/* dmk-device-checks.c: what is looked at before a block device is written: where the device
 * sits in /sys/block (its family), and whether a write could reach data that is in use
 * (mounted, swapped on, held); dmk-device-loops.c looks at the storage loop devices share.
 * Shared by the helper and the core (plain C, no GLib).
 *
 * Every check fails closed: a listing that cannot be read refuses (DMK_HELPER_E_CHECK_FAILED)
 * instead of skipping what it could not see. Only an entry that vanished while it was listed
 * (ENOENT) is skipped: then it is gone. Each function returns 0, or -1 with the verdict set. */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <linux/major.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dmk-device-checks-private.h"


void
dmk_str_copy (char *dest, size_t size, const char *src)
{
  size_t n = 0;

  /* A loop, not strnlen: the bound is dest's size, and src may be a shorter array. */
  while (src != NULL && n + 1 < size && src[n] != '\0')
    {
      dest[n] = src[n];
      n++;
    }
  dest[n] = '\0';
}

void
dmk_str_escape (char *dest, size_t size, const char *src, size_t len)
{
  size_t o = 0;

  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) src[i];
      int plain = c >= 0x20 && c < 0x7f && c != '\\';

      if (o + (plain ? 1 : 4) >= size)
        break;
      if (plain)
        dest[o++] = (char) c;
      else
        o += (size_t) snprintf (dest + o, size - o, "\\x%02x", c);
    }
  dest[o] = '\0';
}

int
_dmk_dev_refuse (DmkDeviceVerdict *v, int status, int err, const char *device, const char *detail)
{
  v->status = status;
  v->err = err;
  dmk_str_escape (v->device, sizeof v->device, device ? device : "", device ? strlen (device) : 0);
  dmk_str_copy (v->detail, sizeof v->detail, detail);
  return -1;
}

/* A listing or table that could not be read: what (a path) is escaped as a detail. */
int
_dmk_dev_check_failed (DmkDeviceVerdict *v, int err, const char *device, const char *what)
{
  char shown[DMK_HELPER_DETAIL_MAX];

  dmk_str_escape (shown, sizeof shown, what, strlen (what));
  return _dmk_dev_refuse (v, DMK_HELPER_E_CHECK_FAILED, err, device, shown);
}

int
_dmk_dev_read_small (const char *path, char *buf, size_t size)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  ssize_t n;
  int err;

  if (fd < 0)
    return -1;
  n = read (fd, buf, size - 1);
  err = errno;
  close (fd);
  errno = err;
  if (n < 0)
    return -1;
  buf[n] = '\0';
  return 0;
}

/* Reads a sysfs "dev" file ("8:17\n"): 0; 1 when it is gone (ENOENT); -1 with v set otherwise. */
int
_dmk_dev_read_dev (const char *path, dev_t *out, DmkDeviceVerdict *v, const char *device)
{
  char buf[32];
  unsigned int ma, mi;

  if (_dmk_dev_read_small (path, buf, sizeof buf) != 0)
    return errno == ENOENT ? 1 : _dmk_dev_check_failed (v, errno, device, path);
  if (sscanf (buf, "%u:%u", &ma, &mi) != 2)
    return _dmk_dev_check_failed (v, EINVAL, device, path);
  *out = makedev (ma, mi);
  return 0;
}

static int
read_number (const char *path, unsigned long long *out, DmkDeviceVerdict *v, const char *device)
{
  char buf[32];
  char *end;

  if (_dmk_dev_read_small (path, buf, sizeof buf) != 0)
    return _dmk_dev_check_failed (v, errno, device, path);
  errno = 0;
  *out = strtoull (buf, &end, 10);
  if (errno != 0 || end == buf)
    return _dmk_dev_check_failed (v, EINVAL, device, path);
  return 0;
}

static int
add_dev (DmkDeviceFamily *f, dev_t dev, const char *disk, const char *part, DmkDeviceVerdict *v)
{
  Dev *d;

  if (f->n_devs >= MAX_DEVS)
    return _dmk_dev_refuse (v, DMK_HELPER_E_INTERNAL, E2BIG, part ? part : disk,
                            "too many partitions");
  d = &f->devs[f->n_devs++];
  d->dev = dev;
  dmk_str_copy (d->name, sizeof d->name, part ? part : disk);
  if (part != NULL)
    snprintf (d->holders, sizeof d->holders, "/sys/block/%s/%s/holders", disk, part);
  else
    snprintf (d->holders, sizeof d->holders, "/sys/block/%s/holders", disk);
  return 0;
}

/* readdir that tells the end of a listing (0, *e NULL) from a failure to read it (-1). */
int
_dmk_dev_next_entry (DIR *d, const char *path, struct dirent **e, DmkDeviceVerdict *v,
                     const char *device)
{
  do
    {
      errno = 0;
      *e = readdir (d);
      if (*e == NULL && errno != 0)
        return _dmk_dev_check_failed (v, errno, device, path);
    }
  while (*e != NULL && (*e)->d_name[0] == '.');
  return 0;
}

/* One partition of disk, name, into *p: 0; 1 when it is gone meanwhile; -1 with v set. */
static int
read_partition (const char *disk, const char *name, Part *p, DmkDeviceVerdict *v)
{
  char file[PATH_MAX];
  int r;

  snprintf (file, sizeof file, "/sys/block/%s/%s/dev", disk, name);
  if ((r = _dmk_dev_read_dev (file, &p->dev, v, NULL)) != 0)
    return r;
  dmk_str_copy (p->name, sizeof p->name, name);
  snprintf (file, sizeof file, "/sys/block/%s/%s/start", disk, name);
  if (read_number (file, &p->start, v, NULL) != 0)
    return -1;
  snprintf (file, sizeof file, "/sys/block/%s/%s/size", disk, name);
  return read_number (file, &p->size, v, NULL);
}

/* The partitions of disk, with their place on it, into f->parts: their number, or -1. */
static int
list_partitions (DmkDeviceFamily *f, const char *disk, DmkDeviceVerdict *v)
{
  char path[PATH_MAX];
  struct dirent *e;
  DIR *sub;
  int n = 0, r = 0;

  snprintf (path, sizeof path, "/sys/block/%s", disk);
  if ((sub = opendir (path)) == NULL)
    return _dmk_dev_check_failed (v, errno, NULL, path);
  while ((r = _dmk_dev_next_entry (sub, path, &e, v, NULL)) == 0 && e != NULL)
    {
      char file[PATH_MAX];

      snprintf (file, sizeof file, "/sys/block/%s/%s/partition", disk, e->d_name);
      if (access (file, F_OK) != 0)
        continue;
      if (n >= MAX_DEVS)
        {
          r = _dmk_dev_refuse (v, DMK_HELPER_E_INTERNAL, E2BIG, NULL, "too many partitions");
          break;
        }
      r = read_partition (disk, e->d_name, &f->parts[n], v);
      if (r < 0)
        break;
      n += r == 0;
      r = 0;
    }
  closedir (sub);
  return r < 0 ? -1 : n;
}

static int
overlap (const Part *a, const Part *b)
{
  return a->size > 0 && b->size > 0 && a->start < b->start + b->size &&
         b->start < a->start + a->size;
}

/* The target first. For a whole disk, then all its partitions; for a partition, then its disk
 * (a holder of the whole disk, multipath or a RAID, makes the partition just as unsafe) and the
 * partitions of the same disk that overlap it: a write to one lands in the other. */
static int
add_family (DmkDeviceFamily *f, const char *disk, dev_t disk_dev, dev_t rdev, int n_parts,
            DmkDeviceVerdict *v)
{
  const Part *parts = f->parts;

  if (disk_dev == rdev)
    {
      f->disk_index = f->n_devs;
      if (add_dev (f, disk_dev, disk, NULL, v) != 0)
        return -1;
      for (int i = 0; i < n_parts; i++)
        if (add_dev (f, parts[i].dev, disk, parts[i].name, v) != 0)
          return -1;
      return 0;
    }
  for (int i = 0; i < n_parts; i++)
    if (parts[i].dev == rdev)
      {
        if (add_dev (f, parts[i].dev, disk, parts[i].name, v) != 0)
          return -1;
        f->disk_index = f->n_devs;
        if (add_dev (f, disk_dev, disk, NULL, v) != 0)
          return -1;
        for (int j = 0; j < n_parts; j++)
          if (j != i && overlap (&parts[i], &parts[j]) &&
              add_dev (f, parts[j].dev, disk, parts[j].name, v) != 0)
            return -1;
        return 0;
      }
  return 0;
}

static int
find_in_sysfs (DmkDeviceFamily *f, dev_t rdev, DmkDeviceVerdict *v)
{
  const char *top_path = "/sys/block";
  DIR *top = opendir (top_path);
  struct dirent *e;
  int r = 0;

  if (top == NULL)
    return _dmk_dev_check_failed (v, errno, NULL, top_path);
  while (f->n_devs == 0 && (r = _dmk_dev_next_entry (top, top_path, &e, v, NULL)) == 0 && e != NULL)
    {
      char path[PATH_MAX];
      dev_t dev;
      int n_parts;

      snprintf (path, sizeof path, "/sys/block/%s/dev", e->d_name);
      if ((r = _dmk_dev_read_dev (path, &dev, v, NULL)) < 0)
        break;
      if (r > 0)
        continue;
      /* Partitions share the disk's major only sometimes (blkext): every disk is looked in. */
      if ((n_parts = list_partitions (f, e->d_name, v)) < 0 ||
          add_family (f, e->d_name, dev, rdev, n_parts, v) != 0)
        {
          r = -1;
          break;
        }
    }
  closedir (top);
  if (r < 0)
    return -1;
  if (f->n_devs == 0)
    return _dmk_dev_refuse (v, DMK_HELPER_E_UNKNOWN_DEVICE, 0, NULL, NULL);
  return 0;
}

DmkDeviceFamily *
dmk_device_family_new (dev_t rdev, DmkDeviceVerdict *v)
{
  DmkDeviceFamily *f = calloc (1, sizeof *f);

  memset (v, 0, sizeof *v);
  if (f == NULL)
    {
      _dmk_dev_refuse (v, DMK_HELPER_E_INTERNAL, ENOMEM, NULL, "out of memory");
      return NULL;
    }
  f->disk_index = -1;
  if (find_in_sysfs (f, rdev, v) != 0)
    {
      free (f);
      return NULL;
    }
  return f;
}

void
dmk_device_family_free (DmkDeviceFamily *f)
{
  free (f);
}

const char *
dmk_device_family_name (const DmkDeviceFamily *f)
{
  return f->devs[0].name;
}

int
dmk_device_family_is_loop (const DmkDeviceFamily *f)
{
  char path[PATH_MAX];

  if (f->disk_index < 0)
    return 0;
  if (major (f->devs[f->disk_index].dev) == LOOP_MAJOR)
    return 1;
  snprintf (path, sizeof path, "/sys/block/%s/loop", f->devs[f->disk_index].name);
  return access (path, F_OK) == 0;
}

const Dev *
_dmk_dev_find_dev (const DmkDeviceFamily *f, dev_t dev)
{
  for (int i = 0; i < f->n_devs; i++)
    if (f->devs[i].dev == dev)
      return &f->devs[i];
  return NULL;
}

/* Undoes the octal escapes of /proc/self/mountinfo and /proc/swaps (\040 for a space). */
static size_t
unescape (char *s)
{
  char *w = s;

  for (char *r = s; *r; r++)
    {
      if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' &&
          r[3] >= '0' && r[3] <= '7')
        {
          *w = (char) ((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
          r += 3;
        }
      else
        *w = *r;
      w++;
    }
  *w = '\0';
  return (size_t) (w - s);
}

/* The device-mapper device named name ("/dev/mapper/NAME"), by its dm/name in sysfs, into *hit
 * (NULL when it is none of ours). */
static int
dev_of_dm_name (const DmkDeviceFamily *f, const char *name, const Dev **hit, DmkDeviceVerdict *v)
{
  const char *top_path = "/sys/block";
  DIR *top = opendir (top_path);
  struct dirent *e;
  int r = 0;

  *hit = NULL;
  if (top == NULL)
    return _dmk_dev_check_failed (v, errno, f->devs[0].name, top_path);
  while (*hit == NULL && (r = _dmk_dev_next_entry (top, top_path, &e, v, f->devs[0].name)) == 0 &&
         e != NULL)
    {
      char path[PATH_MAX], dm_name[256];
      dev_t dev;

      if (strncmp (e->d_name, "dm-", 3) != 0)
        continue;
      snprintf (path, sizeof path, "/sys/block/%s/dm/name", e->d_name);
      if (_dmk_dev_read_small (path, dm_name, sizeof dm_name) != 0)
        continue;
      dm_name[strcspn (dm_name, "\n")] = '\0';
      snprintf (path, sizeof path, "/sys/block/%s/dev", e->d_name);
      if (strcmp (dm_name, name) != 0)
        continue;
      if ((r = _dmk_dev_read_dev (path, &dev, v, f->devs[0].name)) < 0)
        break;
      if (r == 0)
        *hit = _dmk_dev_find_dev (f, dev);
      r = 0;
    }
  closedir (top);
  return r < 0 ? -1 : 0;
}

/* Which of our devices a mount or swap source names, into *hit (NULL: none). The name is looked
 * up in sysfs, never followed as a path: /dev/NAME through /sys/class/block/NAME/dev,
 * /dev/mapper/NAME through dm/name. FUSE sources are whatever the mounting user wrote
 * (fsname=/dev/sdb), so they name nothing; the kernel's major:minor of such a mount was checked
 * already. */
static int
dev_of_source (const DmkDeviceFamily *f, const char *source, const char *fstype, const Dev **hit,
               DmkDeviceVerdict *v)
{
  const char *name = source + 5;
  char path[PATH_MAX];
  dev_t dev;
  int r;

  *hit = NULL;
  if (strncmp (fstype, "fuse", 4) == 0 || strncmp (source, "/dev/", 5) != 0)
    return 0;
  if (strncmp (name, "mapper/", 7) == 0 && strchr (name + 7, '/') == NULL && name[7] != '\0')
    return dev_of_dm_name (f, name + 7, hit, v);
  if (*name == '\0' || strchr (name, '/') != NULL || strcmp (name, ".") == 0 ||
      strcmp (name, "..") == 0 || strlen (name) >= DMK_HELPER_DEVICE_MAX)
    return 0;
  snprintf (path, sizeof path, "/sys/class/block/%s/dev", name);
  if ((r = _dmk_dev_read_dev (path, &dev, v, f->devs[0].name)) != 0)
    return r < 0 ? -1 : 0;
  *hit = _dmk_dev_find_dev (f, dev);
  return 0;
}

static int
check_holders (const DmkDeviceFamily *f, DmkDeviceVerdict *v)
{
  for (int i = 0; i < f->n_devs; i++)
    {
      const char *path = f->devs[i].holders;
      DIR *h = opendir (path);
      struct dirent *e;
      char holder[DMK_HELPER_DEVICE_MAX];
      int r;

      if (h == NULL)
        return _dmk_dev_check_failed (v, errno, f->devs[0].name, path);
      r = _dmk_dev_next_entry (h, path, &e, v, f->devs[0].name);
      if (r == 0 && e != NULL)
        dmk_str_copy (holder, sizeof holder, e->d_name);
      closedir (h);
      if (r != 0)
        return -1;
      if (e != NULL)
        return _dmk_dev_refuse (v, DMK_HELPER_E_HELD, 0, f->devs[i].name, holder);
    }
  return 0;
}

/* One line of /proc/self/mountinfo: -1 with v set when it is a mount of the family, or cannot
 * be read. */
static int
check_mount_line (const DmkDeviceFamily *f, char *line, DmkDeviceVerdict *v)
{
  /* id parent major:minor root mount-point options [optional…] - fstype source super */
  char *mnt = malloc (PATH_MAX), *source = malloc (PATH_MAX), fstype[256];
  char *sep = strstr (line, " - ");
  unsigned int ma, mi;
  const Dev *hit = NULL;
  int r = 0;

  if (mnt == NULL || source == NULL)
    r = _dmk_dev_refuse (v, DMK_HELPER_E_INTERNAL, ENOMEM, f->devs[0].name, "out of memory");
  else if (sscanf (line, "%*d %*d %u:%u %*s %4095s", &ma, &mi, mnt) != 3 || sep == NULL ||
           sscanf (sep + 3, "%255s %4095s", fstype, source) != 2)
    r = _dmk_dev_check_failed (v, EINVAL, f->devs[0].name, "/proc/self/mountinfo");
  else
    {
      hit = _dmk_dev_find_dev (f, makedev (ma, mi));
      /* btrfs and others report an anonymous major:minor; their source names the device. */
      if (hit == NULL)
        {
          unescape (source);
          r = dev_of_source (f, source, fstype, &hit, v);
        }
    }
  if (r == 0 && hit != NULL)
    {
      char shown[DMK_HELPER_DETAIL_MAX];
      size_t len = unescape (mnt);

      dmk_str_escape (shown, sizeof shown, mnt, len);
      r = _dmk_dev_refuse (v, DMK_HELPER_E_MOUNTED, 0, hit->name, shown);
    }
  free (mnt);
  free (source);
  return r;
}

/* Runs each line of the table at path through check; fails closed when it cannot be read. */
static int
each_line (const DmkDeviceFamily *f, const char *path,
           int (*check) (const DmkDeviceFamily *, char *, DmkDeviceVerdict *), DmkDeviceVerdict *v)
{
  FILE *t = fopen (path, "re");
  char *line = NULL;
  size_t size = 0;
  int r = 0;

  if (t == NULL)
    return _dmk_dev_check_failed (v, errno, f->devs[0].name, path);
  errno = 0;
  while (r == 0 && getline (&line, &size, t) > 0)
    {
      r = check (f, line, v);
      errno = 0;
    }
  if (r == 0 && (ferror (t) || errno != 0))
    r = _dmk_dev_check_failed (v, errno ? errno : EIO, f->devs[0].name, path);
  free (line);
  fclose (t);
  return r;
}

static int
check_swap_line (const DmkDeviceFamily *f, char *line, DmkDeviceVerdict *v)
{
  char *source = malloc (PATH_MAX);
  const Dev *hit = NULL;
  int r = 0;

  if (source == NULL)
    return _dmk_dev_refuse (v, DMK_HELPER_E_INTERNAL, ENOMEM, f->devs[0].name, "out of memory");
  if (sscanf (line, "%4095s", source) == 1)
    {
      unescape (source);
      r = dev_of_source (f, source, "swap", &hit, v);
      if (r == 0 && hit != NULL)
        r = _dmk_dev_refuse (v, DMK_HELPER_E_SWAP, 0, hit->name, NULL);
    }
  free (source);
  return r;
}

int
dmk_device_check_in_use (const DmkDeviceFamily *f, DmkDeviceVerdict *v)
{
  memset (v, 0, sizeof *v);
  if (check_holders (f, v) != 0 ||
      each_line (f, "/proc/self/mountinfo", check_mount_line, v) != 0 ||
      each_line (f, "/proc/swaps", check_swap_line, v) != 0)
    return -1;
  return 0;
}

