/* dmk-device-loops.c: the storage a block device shares with loop devices, which O_EXCL and
 * the mount table cannot see (a loop over the same file as a mounted one, a loop backed by a
 * mounted device, a file seen twice through overlayfs or FUSE). Plain C, shared by the helper
 * and the core. */

#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dmk-device-checks-private.h"

/* A loop device and what backs it: a file (its st_dev and st_ino) or a block device (rdevice). */
typedef struct
{
  char name[DMK_HELPER_DEVICE_MAX];
  dev_t dev;
  unsigned long long device, inode, rdevice;
} Loop;

/* What loop name is backed by, when this process may not open it (a user whose fd came from
 * the helper): the backing file's path in sysfs, looked up now. A path that is gone ("(deleted)"
 * or renamed since) cannot be compared with anything, so it fails closed. */
static int
loop_status_from_sysfs (Loop *l, int err, DmkDeviceVerdict *v)
{
  char path[PATH_MAX], backing[PATH_MAX];
  struct stat st;
  size_t len;

  snprintf (path, sizeof path, "/sys/block/%s/loop/backing_file", l->name);
  if (_dmk_dev_read_small (path, backing, sizeof backing) != 0)
    return errno == ENOENT ? 1 : _dmk_dev_check_failed (v, err, l->name, path);
  len = strcspn (backing, "\n");
  backing[len] = '\0';
  if (backing[0] != '/' || stat (backing, &st) != 0)
    return _dmk_dev_check_failed (v, err, l->name, path);
  l->rdevice = S_ISBLK (st.st_mode) ? (unsigned long long) st.st_rdev : 0;
  l->device = (unsigned long long) st.st_dev;
  l->inode = (unsigned long long) st.st_ino;
  return 0;
}

/* What loop l is attached to, from the driver itself: sysfs shows only a path, which may since
 * have been renamed or deleted. 0; 1 when it was detached meanwhile; -1 with v set. */
static int
loop_status (Loop *l, DmkDeviceVerdict *v)
{
  char path[PATH_MAX];
  struct loop_info64 info;
  struct stat st;
  int pfd, fd, err;

  snprintf (path, sizeof path, "/dev/%s", l->name);
  pfd = open (path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
  if (pfd < 0 || fstat (pfd, &st) != 0 || !S_ISBLK (st.st_mode) || st.st_rdev != l->dev)
    {
      err = pfd < 0 ? errno : ENODEV;
      if (pfd >= 0)
        close (pfd);
      return _dmk_dev_check_failed (v, err, l->name, path);
    }
  snprintf (path, sizeof path, "/proc/self/fd/%d", pfd);
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  err = errno;
  close (pfd);
  if (fd < 0)
    return err == EACCES || err == EPERM ? loop_status_from_sysfs (l, err, v)
                                         : _dmk_dev_check_failed (v, err, l->name, l->name);
  if (ioctl (fd, LOOP_GET_STATUS64, &info) != 0)
    {
      err = errno;
      close (fd);
      return err == ENXIO ? 1 : _dmk_dev_check_failed (v, err, l->name, l->name);
    }
  close (fd);
  l->device = info.lo_device;
  l->inode = info.lo_inode;
  l->rdevice = info.lo_rdevice;
  return 0;
}

/* The attached loop devices into loops[] (MAX_DEVS): their number, or -1. */
static int
list_loops (Loop *loops, const char *target, DmkDeviceVerdict *v)
{
  const char *top_path = "/sys/block";
  DIR *top = opendir (top_path);
  struct dirent *e;
  int n = 0, r = 0;

  if (top == NULL)
    return _dmk_dev_check_failed (v, errno, target, top_path);
  while ((r = _dmk_dev_next_entry (top, top_path, &e, v, target)) == 0 && e != NULL)
    {
      char path[PATH_MAX];

      snprintf (path, sizeof path, "/sys/block/%s/loop", e->d_name);
      if (access (path, F_OK) != 0)
        continue; /* not a loop, or one with nothing attached */
      if (n >= MAX_DEVS)
        {
          r = _dmk_dev_refuse (v, DMK_HELPER_E_INTERNAL, E2BIG, target, "too many loop devices");
          break;
        }
      snprintf (path, sizeof path, "/sys/block/%s/dev", e->d_name);
      if ((r = _dmk_dev_read_dev (path, &loops[n].dev, v, target)) < 0)
        break;
      if (r > 0)
        continue;
      dmk_str_copy (loops[n].name, sizeof loops[n].name, e->d_name);
      if ((r = loop_status (&loops[n], v)) < 0)
        {
          /* The refusal is about the target, whose check could not be done. */
          dmk_str_copy (v->device, sizeof v->device, target);
          break;
        }
      n += r == 0;
    }
  closedir (top);
  return r < 0 ? -1 : n;
}

/* The type of the filesystem whose files report st_dev dev ("overlay", "fuse.sshfs"), from the
 * mount table; "" when no mount in it has that number (lazily unmounted, another namespace). */
static int
fstype_of_dev (dev_t dev, char *out, size_t size, const char *target, DmkDeviceVerdict *v)
{
  const char *table = "/proc/self/mountinfo";
  FILE *t = fopen (table, "re");
  char *line = NULL;
  size_t line_size = 0;
  int r = 0;

  out[0] = '\0';
  if (t == NULL)
    return _dmk_dev_check_failed (v, errno, target, table);
  errno = 0;
  while (getline (&line, &line_size, t) > 0)
    {
      char fstype[256];
      unsigned int ma, mi;
      char *sep = strstr (line, " - ");

      if (sscanf (line, "%*d %*d %u:%u", &ma, &mi) != 2 || sep == NULL ||
          sscanf (sep + 3, "%255s", fstype) != 1)
        {
          r = _dmk_dev_check_failed (v, EINVAL, target, table);
          break;
        }
      if (makedev (ma, mi) == dev)
        {
          dmk_str_copy (out, size, fstype);
          break;
        }
      errno = 0;
    }
  if (r == 0 && out[0] == '\0' && (ferror (t) || errno != 0))
    r = _dmk_dev_check_failed (v, errno ? errno : EIO, target, table);
  free (line);
  fclose (t);
  return r;
}

/* A loop whose backing file is on a stacking filesystem: overlayfs and FUSE report a device and
 * inode of their own for a file whose data is another file's (overlay's lower layer, whatever a
 * FUSE daemon serves), so comparing device and inode cannot see two loops share it. Such a loop,
 * or one whose backing filesystem is not in the mount table, is taken as sharing: *what names
 * it, NULL otherwise. */
static int
stacked_backing (const Loop *l, char *fstype, size_t size, const char **what, const char *target,
                 DmkDeviceVerdict *v)
{
  *what = NULL;
  if (l->rdevice != 0)
    return 0; /* backed by a block device: seen by its number */
  if (fstype_of_dev ((dev_t) l->device, fstype, size, target, v) != 0)
    return -1;
  if (fstype[0] == '\0')
    *what = "an unknown filesystem";
  else if (strcmp (fstype, "overlay") == 0 || strcmp (fstype, "aufs") == 0 ||
           strcmp (fstype, "shiftfs") == 0 || strcmp (fstype, "fuse") == 0 ||
           strcmp (fstype, "fuseblk") == 0 || strncmp (fstype, "fuse.", 5) == 0)
    *what = fstype;
  return 0;
}

/* Writes to a loop refused while any loop (itself included) is backed through a stacking
 * filesystem: the two may be one file seen twice. */
static int
check_stacked_loops (const Loop *self, const Loop *all, int n, int allow_self_stacked,
                     DmkDeviceVerdict *v)
{
  for (int i = 0; i < n; i++)
    {
      char fstype[256], detail[DMK_HELPER_DETAIL_MAX];
      const char *what;

      if (&all[i] == self && allow_self_stacked)
        continue;
      if (stacked_backing (&all[i], fstype, sizeof fstype, &what, self->name, v) != 0)
        return -1;
      if (what == NULL)
        continue;
      if (&all[i] == self)
        snprintf (detail, sizeof detail,
                  "its backing file is on %.255s, which hides what else uses the data", what);
      else
        snprintf (detail, sizeof detail,
                  "%.63s is backed by a file on %.255s, which hides whether it is this data",
                  all[i].name, what);
      return _dmk_dev_refuse (v, DMK_HELPER_E_SHARED, 0, self->name, detail);
    }
  return 0;
}

/* Loops stacked deeper than this are refused rather than followed. */
#define MAX_STACK 8

static int check_loops (const DmkDeviceFamily *f, const Loop *loops, int n, int allow_self_stacked,
                        const Loop *above, int depth, DmkDeviceVerdict *v);

/* Why the device under a loop cannot be written, in a few words for the loop's refusal. */
static void
say_why (const DmkDeviceVerdict *under, char *out, size_t size)
{
  switch (under->status)
    {
    case DMK_HELPER_E_MOUNTED:
      snprintf (out, size, "mounted at %.400s", under->detail);
      break;
    case DMK_HELPER_E_HELD:
      snprintf (out, size, "held by %.63s", under->detail);
      break;
    case DMK_HELPER_E_SWAP:
      snprintf (out, size, "in use as swap");
      break;
    case DMK_HELPER_E_SHARED:
      snprintf (out, size, "%.400s", under->detail);
      break;
    default:
      snprintf (out, size, "not known to be unused (%.400s)", under->detail);
      break;
    }
}

/* A loop (self) backed by a block device writes that device: it may be written only when that
 * device could be, itself not in use and sharing its storage with nothing but self. */
static int
check_backing_device (const Loop *self, const Loop *loops, int n, int depth, DmkDeviceVerdict *v)
{
  DmkDeviceVerdict under;
  DmkDeviceFamily *f;
  char why[DMK_HELPER_DETAIL_MAX / 2], detail[DMK_HELPER_DETAIL_MAX];
  int r = -1;

  memset (&under, 0, sizeof under);
  if (depth >= MAX_STACK)
    return _dmk_dev_refuse (v, DMK_HELPER_E_SHARED, 0, self->name,
                            "is backed by a block device through too many loop devices");
  f = dmk_device_family_new ((dev_t) self->rdevice, &under);
  if (f != NULL)
    {
      r = dmk_device_check_in_use (f, &under);
      if (r == 0)
        r = check_loops (f, loops, n, 0, self, depth + 1, &under);
      dmk_device_family_free (f);
    }
  if (r == 0)
    return 0;
  say_why (&under, why, sizeof why);
  snprintf (detail, sizeof detail, "is backed by %.63s, which is %s",
            *under.device ? under.device : "a block device", why);
  return _dmk_dev_refuse (v, DMK_HELPER_E_SHARED, under.err, self->name, detail);
}

/* O_EXCL and the mount table see one device at a time; these layouts share one storage between
 * two devices, so that a write to the one corrupts what is mounted on the other:
 *  - the target (or its disk, or a partition of it) is the backing device of a loop (other than
 *    above, the loop a write comes through);
 *  - the target is a loop backed by a block device that is in use, or shares its storage;
 *  - the target is a loop whose backing file another loop uses too;
 *  - the target is a loop, and a loop is backed through overlayfs or FUSE (the same file may
 *    hide behind another device and inode number). */
static int
check_loops (const DmkDeviceFamily *f, const Loop *loops, int n, int allow_self_stacked,
             const Loop *above, int depth, DmkDeviceVerdict *v)
{
  const Loop *self = NULL;
  char detail[DMK_HELPER_DETAIL_MAX];

  for (int i = 0; i < n; i++)
    if (f->disk_index >= 0 && loops[i].dev == f->devs[f->disk_index].dev)
      self = &loops[i];
  if (self != NULL && check_stacked_loops (self, loops, n, allow_self_stacked, v) != 0)
    return -1;
  for (int i = 0; i < n; i++)
    {
      const Dev *hit =
        loops[i].rdevice != 0 ? _dmk_dev_find_dev (f, (dev_t) loops[i].rdevice) : NULL;

      if (hit != NULL && &loops[i] != self && &loops[i] != above)
        {
          snprintf (detail, sizeof detail, "backs %.63s", loops[i].name);
          return _dmk_dev_refuse (v, DMK_HELPER_E_SHARED, 0, hit->name, detail);
        }
      if (self == NULL || &loops[i] == self)
        continue;
      if (loops[i].device == self->device && loops[i].inode == self->inode)
        {
          snprintf (detail, sizeof detail, "shares its backing file with %.63s", loops[i].name);
          return _dmk_dev_refuse (v, DMK_HELPER_E_SHARED, 0, self->name, detail);
        }
    }
  if (self != NULL && self->rdevice != 0)
    return check_backing_device (self, loops, n, depth, v);
  return 0;
}

int
dmk_device_check_shared_storage (const DmkDeviceFamily *f, int allow_self_stacked,
                                 DmkDeviceVerdict *v)
{
  Loop *loops = calloc (MAX_DEVS, sizeof *loops);
  int n, r;

  memset (v, 0, sizeof *v);
  if (loops == NULL)
    return _dmk_dev_refuse (v, DMK_HELPER_E_INTERNAL, ENOMEM, f->devs[0].name, "out of memory");
  n = list_loops (loops, f->devs[0].name, v);
  r = n < 0 ? -1 : check_loops (f, loops, n, allow_self_stacked, NULL, 0, v);
  free (loops);
  return r;
}
