/* gdiskmark-helper-checks.c: what the helper looks at before it hands out a device: where the
 * device sits in /sys/block, whether it is a loop device, and whether a write could reach data
 * that is in use (mounted, swapped on, held, or shared with a loop device).
 *
 * Every check fails closed: a listing that cannot be read refuses the request
 * (DMK_HELPER_E_CHECK_FAILED) instead of skipping what it could not see. Only an entry that
 * vanished while it was listed (ENOENT) is skipped: then it is gone. */

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

#include "gdiskmark-helper.h"

Dev devs[MAX_DEVS];
int n_devs;
static int disk_index = -1; /* the whole disk among devs[] */

static void __attribute__ ((noreturn))
scan_failed (int err, const char *what)
{
  finish (DMK_HELPER_E_CHECK_FAILED, err, devs[0].name, what, -1);
}

static int
read_small (const char *path, char *buf, size_t size)
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

/* Reads a sysfs "dev" file ("8:17\n"): 0, -1 when it is gone (ENOENT); refuses otherwise. */
static int
read_dev (const char *path, dev_t *out)
{
  char buf[32];
  unsigned int ma, mi;

  if (read_small (path, buf, sizeof buf) != 0)
    {
      if (errno == ENOENT)
        return -1;
      scan_failed (errno, path);
    }
  if (sscanf (buf, "%u:%u", &ma, &mi) != 2)
    scan_failed (EINVAL, path);
  *out = makedev (ma, mi);
  return 0;
}

static unsigned long long
read_number (const char *path)
{
  char buf[32];
  char *end;
  unsigned long long v;

  if (read_small (path, buf, sizeof buf) != 0)
    scan_failed (errno, path);
  errno = 0;
  v = strtoull (buf, &end, 10);
  if (errno != 0 || end == buf)
    scan_failed (EINVAL, path);
  return v;
}

static void
add_dev (dev_t dev, const char *disk, const char *part)
{
  if (n_devs >= MAX_DEVS)
    finish (DMK_HELPER_E_INTERNAL, E2BIG, part ? part : disk, "too many partitions", -1);
  devs[n_devs].dev = dev;
  set_str (devs[n_devs].name, sizeof devs[n_devs].name, part ? part : disk);
  if (part != NULL)
    snprintf (devs[n_devs].holders, sizeof devs[n_devs].holders, "/sys/block/%s/%s/holders",
              disk, part);
  else
    snprintf (devs[n_devs].holders, sizeof devs[n_devs].holders, "/sys/block/%s/holders", disk);
  n_devs++;
}

static DIR *
open_listing (const char *path)
{
  DIR *d = opendir (path);

  if (d == NULL)
    scan_failed (errno, path);
  return d;
}

/* readdir that tells the end of a listing from a failure to read it. */
static struct dirent *
next_entry (DIR *d, const char *path)
{
  struct dirent *e;

  do
    {
      errno = 0;
      e = readdir (d);
      if (e == NULL && errno != 0)
        scan_failed (errno, path);
    }
  while (e != NULL && e->d_name[0] == '.');
  return e;
}

typedef struct
{
  char name[DMK_HELPER_DEVICE_MAX];
  dev_t dev;
  unsigned long long start, size; /* in 512-byte sectors */
} Part;

static Part parts[MAX_DEVS];

/* The partitions of disk, with their place on it. */
static int
list_partitions (const char *disk)
{
  char path[PATH_MAX];
  struct dirent *p;
  DIR *sub;
  int n = 0;

  snprintf (path, sizeof path, "/sys/block/%s", disk);
  sub = open_listing (path);
  while ((p = next_entry (sub, path)) != NULL)
    {
      char file[PATH_MAX];

      snprintf (file, sizeof file, "/sys/block/%s/%s/partition", disk, p->d_name);
      if (access (file, F_OK) != 0)
        continue;
      if (n >= MAX_DEVS)
        finish (DMK_HELPER_E_INTERNAL, E2BIG, disk, "too many partitions", -1);
      snprintf (file, sizeof file, "/sys/block/%s/%s/dev", disk, p->d_name);
      if (read_dev (file, &parts[n].dev) != 0)
        continue;
      set_str (parts[n].name, sizeof parts[n].name, p->d_name);
      snprintf (file, sizeof file, "/sys/block/%s/%s/start", disk, p->d_name);
      parts[n].start = read_number (file);
      snprintf (file, sizeof file, "/sys/block/%s/%s/size", disk, p->d_name);
      parts[n].size = read_number (file);
      n++;
    }
  closedir (sub);
  return n;
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
static void
add_family (const char *disk, dev_t disk_dev, dev_t rdev, int n_parts)
{
  if (disk_dev == rdev)
    {
      disk_index = n_devs;
      add_dev (disk_dev, disk, NULL);
      for (int i = 0; i < n_parts; i++)
        add_dev (parts[i].dev, disk, parts[i].name);
      return;
    }
  for (int i = 0; i < n_parts; i++)
    if (parts[i].dev == rdev)
      {
        add_dev (parts[i].dev, disk, parts[i].name);
        disk_index = n_devs;
        add_dev (disk_dev, disk, NULL);
        for (int j = 0; j < n_parts; j++)
          if (j != i && overlap (&parts[i], &parts[j]))
            add_dev (parts[j].dev, disk, parts[j].name);
        return;
      }
}

int
find_in_sysfs (dev_t rdev)
{
  const char *top_path = "/sys/block";
  DIR *top = open_listing (top_path);
  struct dirent *d;
  char path[PATH_MAX];

  while (n_devs == 0 && (d = next_entry (top, top_path)) != NULL)
    {
      dev_t dev;
      int n_parts;

      snprintf (path, sizeof path, "/sys/block/%s/dev", d->d_name);
      if (read_dev (path, &dev) != 0)
        continue;
      /* Partitions share the disk's major only sometimes (blkext): every disk is looked in. */
      n_parts = list_partitions (d->d_name);
      add_family (d->d_name, dev, rdev, n_parts);
    }
  closedir (top);
  return n_devs > 0 ? 0 : -1;
}

int
target_is_loop (void)
{
  char path[PATH_MAX];

  if (disk_index < 0)
    return 0;
  if (major (devs[disk_index].dev) == LOOP_MAJOR)
    return 1;
  snprintf (path, sizeof path, "/sys/block/%s/loop", devs[disk_index].name);
  return access (path, F_OK) == 0;
}

static const Dev *
find_dev (dev_t dev)
{
  for (int i = 0; i < n_devs; i++)
    if (devs[i].dev == dev)
      return &devs[i];
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

/* The device-mapper device named name ("/dev/mapper/NAME"), by its dm/name in sysfs. */
static const Dev *
dev_of_dm_name (const char *name)
{
  const char *top_path = "/sys/block";
  DIR *top = open_listing (top_path);
  const Dev *hit = NULL;
  struct dirent *d;

  while (hit == NULL && (d = next_entry (top, top_path)) != NULL)
    {
      char path[PATH_MAX], dm_name[256];
      dev_t dev;

      if (strncmp (d->d_name, "dm-", 3) != 0)
        continue;
      snprintf (path, sizeof path, "/sys/block/%s/dm/name", d->d_name);
      if (read_small (path, dm_name, sizeof dm_name) != 0)
        continue;
      dm_name[strcspn (dm_name, "\n")] = '\0';
      snprintf (path, sizeof path, "/sys/block/%s/dev", d->d_name);
      if (strcmp (dm_name, name) == 0 && read_dev (path, &dev) == 0)
        hit = find_dev (dev);
    }
  closedir (top);
  return hit;
}

/* Which of our devices a mount or swap source names. The name is looked up in sysfs, never
 * followed as a path: /dev/NAME through /sys/class/block/NAME/dev, /dev/mapper/NAME through
 * dm/name. FUSE sources are whatever the mounting user wrote (fsname=/dev/sdb), so they name
 * nothing; the kernel's major:minor of such a mount was checked already. */
static const Dev *
dev_of_source (const char *source, const char *fstype)
{
  const char *name = source + 5;
  char path[PATH_MAX];
  dev_t dev;

  if (strncmp (fstype, "fuse", 4) == 0 || strncmp (source, "/dev/", 5) != 0)
    return NULL;
  if (strncmp (name, "mapper/", 7) == 0 && strchr (name + 7, '/') == NULL && name[7] != '\0')
    return dev_of_dm_name (name + 7);
  if (*name == '\0' || strchr (name, '/') != NULL || strcmp (name, ".") == 0 ||
      strcmp (name, "..") == 0 || strlen (name) >= DMK_HELPER_DEVICE_MAX)
    return NULL;
  snprintf (path, sizeof path, "/sys/class/block/%s/dev", name);
  if (read_dev (path, &dev) != 0)
    return NULL;
  return find_dev (dev);
}

static void
check_holders (void)
{
  for (int i = 0; i < n_devs; i++)
    {
      DIR *h = open_listing (devs[i].holders);
      struct dirent *e = next_entry (h, devs[i].holders);

      if (e != NULL)
        {
          char holder[DMK_HELPER_DEVICE_MAX];

          set_str (holder, sizeof holder, e->d_name);
          closedir (h);
          finish (DMK_HELPER_E_HELD, 0, devs[i].name, holder, -1);
        }
      closedir (h);
    }
}

static FILE *
open_table (const char *path)
{
  FILE *f = fopen (path, "re");

  if (f == NULL)
    scan_failed (errno, path);
  return f;
}

static void
check_mounts (void)
{
  const char *table = "/proc/self/mountinfo";
  FILE *f = open_table (table);
  char *line = NULL;
  size_t size = 0;

  errno = 0;
  while (getline (&line, &size, f) > 0)
    {
      /* id parent major:minor root mount-point options [optional…] - fstype source super */
      static char mnt[PATH_MAX], source[PATH_MAX], fstype[256];
      unsigned int ma, mi;
      const Dev *hit;
      char *sep = strstr (line, " - ");

      if (sscanf (line, "%*d %*d %u:%u %*s %4095s", &ma, &mi, mnt) != 3 || sep == NULL ||
          sscanf (sep + 3, "%255s %4095s", fstype, source) != 2)
        scan_failed (EINVAL, table);
      hit = find_dev (makedev (ma, mi));
      /* btrfs and others report an anonymous major:minor; their source names the device. */
      if (hit == NULL)
        {
          unescape (source);
          hit = dev_of_source (source, fstype);
        }
      if (hit != NULL)
        {
          char shown[DMK_HELPER_DETAIL_MAX];
          size_t len = unescape (mnt);

          escape_str (shown, sizeof shown, mnt, len);
          free (line);
          fclose (f);
          finish (DMK_HELPER_E_MOUNTED, 0, hit->name, shown, -1);
        }
      errno = 0;
    }
  if (ferror (f) || errno != 0)
    scan_failed (errno ? errno : EIO, table);
  free (line);
  fclose (f);
}

static void
check_swaps (void)
{
  const char *table = "/proc/swaps";
  FILE *f = open_table (table);
  char *line = NULL;
  size_t size = 0;

  errno = 0;
  while (getline (&line, &size, f) > 0)
    {
      static char source[PATH_MAX];
      const Dev *hit;

      if (sscanf (line, "%4095s", source) == 1)
        {
          unescape (source);
          if ((hit = dev_of_source (source, "swap")) != NULL)
            finish (DMK_HELPER_E_SWAP, 0, hit->name, NULL, -1);
        }
      errno = 0;
    }
  if (ferror (f) || errno != 0)
    scan_failed (errno ? errno : EIO, table);
  free (line);
  fclose (f);
}

void
check_in_use (void)
{
  check_holders ();
  check_mounts ();
  check_swaps ();
}

typedef struct
{
  char name[DMK_HELPER_DEVICE_MAX];
  dev_t dev;
  struct loop_info64 info;
} Loop;

static Loop loops[MAX_DEVS];

/* What loop device name is attached to, from the driver itself: sysfs shows only a path, which
 * may since have been renamed or deleted. FALSE when it was detached meanwhile. */
static int
loop_status (const char *name, dev_t dev, struct loop_info64 *info)
{
  char path[PATH_MAX];
  struct stat st;
  int pfd, fd, err;

  snprintf (path, sizeof path, "/dev/%s", name);
  pfd = open (path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
  if (pfd < 0 || fstat (pfd, &st) != 0 || !S_ISBLK (st.st_mode) || st.st_rdev != dev)
    scan_failed (pfd < 0 ? errno : ENODEV, path);
  snprintf (path, sizeof path, "/proc/self/fd/%d", pfd);
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  err = errno;
  close (pfd);
  if (fd < 0)
    scan_failed (err, name);
  if (ioctl (fd, LOOP_GET_STATUS64, info) != 0)
    {
      err = errno;
      close (fd);
      if (err == ENXIO)
        return 0;
      scan_failed (err, name);
    }
  close (fd);
  return 1;
}

static int
list_loops (void)
{
  const char *top_path = "/sys/block";
  DIR *top = open_listing (top_path);
  struct dirent *d;
  int n = 0;

  while ((d = next_entry (top, top_path)) != NULL)
    {
      char path[PATH_MAX];

      snprintf (path, sizeof path, "/sys/block/%s/loop", d->d_name);
      if (access (path, F_OK) != 0)
        continue; /* not a loop, or one with nothing attached */
      if (n >= MAX_DEVS)
        finish (DMK_HELPER_E_INTERNAL, E2BIG, devs[0].name, "too many loop devices", -1);
      snprintf (path, sizeof path, "/sys/block/%s/dev", d->d_name);
      if (read_dev (path, &loops[n].dev) != 0)
        continue;
      set_str (loops[n].name, sizeof loops[n].name, d->d_name);
      if (loop_status (loops[n].name, loops[n].dev, &loops[n].info))
        n++;
    }
  closedir (top);
  return n;
}

/* The type of the filesystem whose files report st_dev dev ("overlay", "fuse.sshfs"), from the
 * mount table; "" when no mount in it has that number (lazily unmounted, another namespace). */
static void
fstype_of_dev (dev_t dev, char *out, size_t size)
{
  const char *table = "/proc/self/mountinfo";
  FILE *f = open_table (table);
  char *line = NULL;
  size_t line_size = 0;

  out[0] = '\0';
  errno = 0;
  while (getline (&line, &line_size, f) > 0)
    {
      static char fstype[256];
      unsigned int ma, mi;
      char *sep = strstr (line, " - ");

      if (sscanf (line, "%*d %*d %u:%u", &ma, &mi) != 2 || sep == NULL ||
          sscanf (sep + 3, "%255s", fstype) != 1)
        scan_failed (EINVAL, table);
      if (makedev (ma, mi) == dev)
        {
          set_str (out, size, fstype);
          break;
        }
      errno = 0;
    }
  if (out[0] == '\0' && (ferror (f) || errno != 0))
    scan_failed (errno ? errno : EIO, table);
  free (line);
  fclose (f);
}

/* A loop whose backing file is on a stacking filesystem: overlayfs and FUSE report a device and
 * inode of their own for a file whose data is another file's (overlay's lower layer, whatever a
 * FUSE daemon serves), so comparing lo_device and lo_inode cannot see two loops share it. Such a
 * loop, or one whose backing filesystem is not in the mount table, is taken as sharing. */
static const char *
stacked_backing (const Loop *l, char *fstype, size_t size)
{
  if (l->info.lo_rdevice != 0)
    return NULL; /* backed by a block device: seen by its number */
  fstype_of_dev ((dev_t) l->info.lo_device, fstype, size);
  if (fstype[0] == '\0')
    return "an unknown filesystem";
  if (strcmp (fstype, "overlay") == 0 || strcmp (fstype, "aufs") == 0 ||
      strcmp (fstype, "shiftfs") == 0 || strcmp (fstype, "fuse") == 0 ||
      strcmp (fstype, "fuseblk") == 0 || strncmp (fstype, "fuse.", 5) == 0)
    return fstype;
  return NULL;
}

/* Writes to a loop refused while any loop (itself included) is backed through a stacking
 * filesystem: the two may be one file seen twice. */
static void
check_stacked_loops (const Loop *self, const Loop *all, int n)
{
  for (int i = 0; i < n; i++)
    {
      char fstype[256], detail[DMK_HELPER_DETAIL_MAX];
      const char *what = stacked_backing (&all[i], fstype, sizeof fstype);

      if (what == NULL)
        continue;
      if (&all[i] == self)
        snprintf (detail, sizeof detail,
                  "its backing file is on %.255s, which hides what else uses the data", what);
      else
        snprintf (detail, sizeof detail,
                  "%.63s is backed by a file on %.255s, which hides whether it is this data",
                  all[i].name, what);
      finish (DMK_HELPER_E_SHARED, 0, self->name, detail, -1);
    }
}

/* O_EXCL and the mount table see one device at a time; these layouts share one storage between
 * two devices, so that a write to the one corrupts what is mounted on the other:
 *  - the target (or its disk, or a partition of it) is the backing device of a loop;
 *  - the target is a loop backed by a block device (perhaps a mounted one);
 *  - the target is a loop whose backing file another loop uses too;
 *  - the target is a loop, and a loop is backed through overlayfs or FUSE (the same file may
 *    hide behind another device and inode number). */
void
check_shared_storage (void)
{
  int n = list_loops ();
  const Loop *self = NULL;

  for (int i = 0; i < n; i++)
    if (disk_index >= 0 && loops[i].dev == devs[disk_index].dev)
      self = &loops[i];
  if (self != NULL)
    check_stacked_loops (self, loops, n);
  for (int i = 0; i < n; i++)
    {
      const Dev *hit = loops[i].info.lo_rdevice != 0
                         ? find_dev ((dev_t) loops[i].info.lo_rdevice)
                         : NULL;
      char detail[DMK_HELPER_DETAIL_MAX];

      if (hit != NULL && &loops[i] != self)
        {
          snprintf (detail, sizeof detail, "backs %.63s", loops[i].name);
          finish (DMK_HELPER_E_SHARED, 0, hit->name, detail, -1);
        }
      if (self == NULL || &loops[i] == self)
        continue;
      if (loops[i].info.lo_device == self->info.lo_device &&
          loops[i].info.lo_inode == self->info.lo_inode)
        {
          snprintf (detail, sizeof detail, "shares its backing file with %.63s", loops[i].name);
          finish (DMK_HELPER_E_SHARED, 0, self->name, detail, -1);
        }
    }
  if (self != NULL && self->info.lo_rdevice != 0)
    finish (DMK_HELPER_E_SHARED, 0, self->name, "is backed by a block device", -1);
}
