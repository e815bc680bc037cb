/* dmk-places.c: the writable filesystems and the block devices, each described once for every
 * front end; how full a filesystem is; what identifies a device beyond its name. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-places.h"
#include "dmk-spec.h"
#include "dmk-sysinfo.h"

/* ---- a device's identity ---- */

void
dmk_device_identity_clear (DmkDeviceIdentity *id)
{
  g_clear_pointer (&id->model, g_free);
  g_clear_pointer (&id->backing, g_free);
  memset (id, 0, sizeof *id);
}

void
dmk_device_identity_copy (DmkDeviceIdentity *dest, const DmkDeviceIdentity *src)
{
  *dest = *src;
  dest->model = g_strdup (src->model);
  dest->backing = g_strdup (src->backing);
}

gboolean
dmk_device_identity_equal (const DmkDeviceIdentity *a, const DmkDeviceIdentity *b)
{
  return a->rdev != 0 && a->rdev == b->rdev && a->size_bytes == b->size_bytes &&
         a->diskseq == b->diskseq && g_strcmp0 (a->model, b->model) == 0 &&
         g_strcmp0 (a->backing, b->backing) == 0;
}

static char *
sysfs_read (dev_t dev, const char *name)
{
  g_autofree char *path = g_strdup_printf ("/sys/dev/block/%u:%u/%s", major (dev), minor (dev),
                                           name);

  return dmk_read_value (path);
}

static gboolean
identity_of_dev (dev_t rdev, DmkDeviceIdentity *id)
{
  DmkBlockFacts facts;
  g_autofree char *seq = NULL;

  memset (id, 0, sizeof *id);
  if (!dmk_block_facts_for_dev (rdev, &facts))
    return FALSE;
  id->rdev = rdev;
  id->size_bytes = facts.size_bytes;
  id->model = g_steal_pointer (&facts.model);
  /* A partition's sequence number is its disk's: a new disk behind the same name renumbers. */
  seq = sysfs_read (rdev, "diskseq");
  if (seq == NULL && g_strcmp0 (facts.name, facts.disk) != 0)
    seq = sysfs_read (rdev, "../diskseq");
  id->diskseq = seq != NULL ? g_ascii_strtoull (seq, NULL, 10) : 0;
  id->backing = sysfs_read (rdev, "loop/backing_file");
  dmk_block_facts_clear (&facts);
  return TRUE;
}

gboolean
dmk_device_identity_read (const char *path, DmkDeviceIdentity *id)
{
  struct stat st;

  memset (id, 0, sizeof *id);
  return stat (path, &st) == 0 && S_ISBLK (st.st_mode) && identity_of_dev (st.st_rdev, id);
}

gboolean
dmk_device_identity_read_fd (int fd, DmkDeviceIdentity *id)
{
  struct stat st;
  guint64 value;

  memset (id, 0, sizeof *id);
  if (fstat (fd, &st) != 0 || !S_ISBLK (st.st_mode) || !identity_of_dev (st.st_rdev, id))
    return FALSE;
  /* The fd's own answers where the kernel gives them: sysfs speaks of whatever disk has the
   * number now, the ioctls of the disk this fd reaches. */
  if (ioctl (fd, BLKGETSIZE64, &value) == 0)
    id->size_bytes = value;
#ifdef BLKGETDISKSEQ
  if (ioctl (fd, BLKGETDISKSEQ, &value) == 0)
    id->diskseq = value;
#endif
  return TRUE;
}

/* ---- usage ---- */

gboolean
dmk_usage_read (const char *path, DmkUsage *usage)
{
  struct statvfs sv;

  memset (usage, 0, sizeof *usage);
  if (statvfs (path, &sv) != 0 || sv.f_blocks == 0)
    return FALSE;
  usage->size_bytes = (guint64) sv.f_blocks * sv.f_frsize;
  usage->used_bytes = (guint64) (sv.f_blocks - MIN (sv.f_bfree, sv.f_blocks)) * sv.f_frsize;
  usage->avail_bytes = (guint64) sv.f_bavail * sv.f_frsize;
  return TRUE;
}

guint
dmk_usage_percent (const DmkUsage *usage)
{
  guint64 whole = usage->used_bytes + usage->avail_bytes;

  if (whole == 0)
    return 0;
  /* df rounds up: a filesystem with one block taken is not 0 % full. */
  return (guint) ((usage->used_bytes * 100 + whole - 1) / whole);
}

char *
dmk_usage_format (const DmkUsage *usage)
{
  g_autofree char *size = dmk_format_size (usage->size_bytes);

  /* TRANSLATORS: how full a filesystem is, like "18% of 49 GiB" */
  return g_strdup_printf (_("%u%% of %s"), dmk_usage_percent (usage), size);
}

/* CrystalDiskMark's "42% (200/476GiB)", in MiB below 10 GiB so that a small filesystem is not
 * "(0/0GiB)"; the percentage is dmk_usage_percent's, as the window's. */
char *
dmk_usage_format_cdm (const DmkUsage *usage)
{
  gboolean small = usage->size_bytes < (G_GUINT64_CONSTANT (10) << 30);
  guint shift = small ? 20 : 30;

  return g_strdup_printf ("%u%% (%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT "%s)",
                          dmk_usage_percent (usage),
                          (usage->used_bytes + (G_GUINT64_CONSTANT (1) << (shift - 1))) >> shift,
                          (usage->size_bytes + (G_GUINT64_CONSTANT (1) << (shift - 1))) >> shift,
                          small ? "MiB" : "GiB");
}

char *
dmk_usage_format_c (const DmkUsage *usage)
{
  g_autofree char *size = dmk_format_size (usage->size_bytes);

  return g_strdup_printf ("%u%% of %s", dmk_usage_percent (usage), size);
}

/* ---- one place ---- */

void
dmk_place_free (DmkPlace *place)
{
  if (place == NULL)
    return;
  g_free (place->path);
  g_free (place->subtitle);
  g_free (place->summary);
  g_free (place->fstype);
  g_free (place->model);
  g_free (place->transport);
  dmk_device_identity_clear (&place->identity);
  g_free (place);
}

DmkPlace *
dmk_place_copy (const DmkPlace *place)
{
  DmkPlace *copy = g_memdup2 (place, sizeof *place);

  copy->path = g_strdup (place->path);
  copy->subtitle = g_strdup (place->subtitle);
  copy->summary = g_strdup (place->summary);
  copy->fstype = g_strdup (place->fstype);
  copy->model = g_strdup (place->model);
  copy->transport = g_strdup (place->transport);
  dmk_device_identity_copy (&copy->identity, &place->identity);
  return copy;
}

static void
describe_folder (DmkPlace *p, const struct stat *st)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (DmkMount) mount = dmk_mount_for_dev (st->st_dev);
  DmkUsage usage;
  DmkBlockFacts facts;
  dev_t dev = mount != NULL && major (mount->dev) != 0 ? mount->dev : st->st_dev;

  p->dev = st->st_dev;
  p->fstype = mount != NULL ? g_strdup (mount->fstype) : dmk_statfs_type_name (p->path);
  if (p->fstype != NULL)
    g_ptr_array_add (parts, g_strdup (p->fstype));
  if (dmk_usage_read (p->path, &usage))
    {
      p->size_bytes = usage.size_bytes;
      p->avail_bytes = usage.avail_bytes;
      p->summary = dmk_usage_format (&usage);
      g_ptr_array_add (parts, g_strdup (p->summary));
    }
  if (major (dev) != 0 && dmk_block_facts_for_dev (dev, &facts))
    {
      if (facts.model != NULL)
        {
          p->model = g_strdup (facts.model);
          g_ptr_array_add (parts, g_strdup (facts.model));
        }
      dmk_block_facts_clear (&facts);
    }
  g_ptr_array_add (parts, NULL);
  p->subtitle = g_strjoinv (" · ", (char **) parts->pdata);
}

static void
describe_device (DmkPlace *p, dev_t rdev, gboolean in_use, const char *fallback_transport)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *size = NULL;
  DmkBlockFacts facts;
  gboolean have = dmk_block_facts_for_dev (rdev, &facts);
  const char *transport = have && facts.transport ? facts.transport : fallback_transport;

  p->dev = rdev;
  p->in_use = in_use;
  p->size_bytes = have ? facts.size_bytes : 0;
  p->model = have ? g_strdup (facts.model) : NULL;
  p->transport = g_strdup (transport);
  identity_of_dev (rdev, &p->identity);
  if (p->model != NULL)
    g_ptr_array_add (parts, g_strdup (p->model));
  size = dmk_format_size (p->size_bytes);
  g_ptr_array_add (parts, g_strdup (size));
  if (transport != NULL)
    g_ptr_array_add (parts, g_strdup (transport));
  if (in_use)
    g_ptr_array_add (parts, g_strdup (_("in use")));
  g_ptr_array_add (parts, NULL);
  p->subtitle = g_strjoinv (" · ", (char **) parts->pdata);
  /* TRANSLATORS: a block device's short description in the target button: "32 GiB · in use" */
  p->summary = in_use ? g_strdup_printf (_("%s · in use"), size) : g_strdup (size);
  if (have)
    dmk_block_facts_clear (&facts);
}

static DmkPlace *
place_new (DmkPlaceKind kind, const char *path)
{
  DmkPlace *p = g_new0 (DmkPlace, 1);

  p->kind = kind;
  p->path = g_strdup (path);
  return p;
}

/* Whether the block device dev (or a partition of it) is mounted, swapped on or held. */
static gboolean
device_in_use (dev_t dev)
{
  g_autoptr (GPtrArray) devices = dmk_block_devices_list ();

  for (guint i = 0; i < devices->len; i++)
    {
      DmkBlockDevice *d = devices->pdata[i];
      if (d->dev == dev)
        return d->in_use;
    }
  return FALSE;
}

DmkPlace *
dmk_place_new (const char *path)
{
  struct stat st;
  DmkPlace *p;

  g_return_val_if_fail (path != NULL, NULL);
  if (stat (path, &st) == 0 && S_ISBLK (st.st_mode))
    {
      p = place_new (DMK_PLACE_DEVICE, path);
      describe_device (p, st.st_rdev, device_in_use (st.st_rdev), NULL);
      return p;
    }
  p = place_new (DMK_PLACE_FOLDER, path);
  if (stat (path, &st) != 0)
    {
      p->subtitle = g_strdup (_("Not found"));
      p->summary = g_strdup ("");
      return p;
    }
  describe_folder (p, &st);
  if (p->summary == NULL)
    p->summary = g_strdup ("");
  return p;
}

gboolean
dmk_place_check_path (const char *path, GError **error)
{
  g_autofree char *name = NULL;
  struct stat st;

  g_return_val_if_fail (path != NULL, FALSE);
  name = g_filename_display_name (path);
  if (stat (path, &st) != 0)
    {
      int err = errno;

      /* ENOTDIR too: a file on the way is as missing as a folder that is not there. */
      if (err == ENOENT || err == ENOTDIR)
        g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND,
                     _("“%s” does not exist: choose a folder that does"), name);
      else
        g_set_error (error, DMK_ERROR, err == EACCES ? DMK_ERROR_PERMISSION : DMK_ERROR_IO,
                     _("Cannot look at “%s”: %s"), name, g_strerror (err));
      return FALSE;
    }
  if (!S_ISDIR (st.st_mode) && !S_ISBLK (st.st_mode))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
                   _("“%s” is not a folder or a block device"), name);
      return FALSE;
    }
  return TRUE;
}

char *
dmk_describe_device (const char *path, const char *model, guint64 size_bytes)
{
  g_autofree char *size = dmk_format_size (size_bytes);

  g_return_val_if_fail (path != NULL, NULL);
  /* An empty model says as little as none; "/dev/sdb (, 29 GiB)" would look broken. */
  if (model != NULL && model[0] != '\0')
    /* TRANSLATORS: "/dev/sdb (SanDisk Ultra, 29 GiB)" */
    return g_strdup_printf (_("%s (%s, %s)"), path, model, size);
  /* TRANSLATORS: "/dev/sdb (29 GiB)" */
  return g_strdup_printf (_("%s (%s)"), path, size);
}

/* ---- the lists ---- */

/* Filesystems that hold no user data, or that a benchmark would only mislead about. */
static gboolean
is_pseudo_fs (const char *fstype)
{
  static const char *const pseudo[] = {
    "proc",      "sysfs",     "cgroup",     "cgroup2", "devpts",   "devtmpfs",    "mqueue",
    "debugfs",   "tracefs",   "securityfs", "pstore",  "bpf",      "configfs",    "fusectl",
    "hugetlbfs", "autofs",    "binfmt_misc", "efivarfs", "nsfs",   "rpc_pipefs",  "ramfs",
    "squashfs",  "iso9660",   "fuse.portal", "fuse.gvfsd-fuse", "overlay", NULL,
  };
  return g_strv_contains (pseudo, fstype);
}

static gboolean
is_system_path (const char *mp)
{
  if (g_str_has_prefix (mp, "/run/media/") || g_str_equal (mp, "/dev/shm"))
    return FALSE;
  return g_str_equal (mp, "/proc") || g_str_has_prefix (mp, "/proc/") || g_str_equal (mp, "/sys") ||
         g_str_has_prefix (mp, "/sys/") || g_str_equal (mp, "/dev") ||
         g_str_has_prefix (mp, "/dev/") || g_str_equal (mp, "/run") ||
         g_str_has_prefix (mp, "/run/") || g_str_has_prefix (mp, "/snap/") ||
         g_str_has_prefix (mp, "/boot");
}

/* The index of the place on filesystem dev in folders, or -1. Two entries on one filesystem
 * measure the same disk through the same cache, so the list offers each filesystem once. */
static int
find_fs (GPtrArray *folders, dev_t dev)
{
  for (guint i = 0; i < folders->len; i++)
    if (((DmkPlace *) folders->pdata[i])->dev == dev)
      return (int) i;
  return -1;
}

static gboolean
mount_is_offered (const DmkMount *m, struct stat *st)
{
  struct statvfs sv;

  return !is_pseudo_fs (m->fstype) && !is_system_path (m->mount_point) &&
         stat (m->mount_point, st) == 0 && S_ISDIR (st->st_mode) &&
         access (m->mount_point, W_OK) == 0 && statvfs (m->mount_point, &sv) == 0 &&
         sv.f_blocks > 0;
}

/* The writable mount points, in mount order, each filesystem once. */
static void
add_mounts (GPtrArray *folders)
{
  g_autoptr (GPtrArray) mounts = dmk_mounts_list ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) found = g_ptr_array_new ();

  /* Later mounts on the same point hide earlier ones: walk backwards and keep the first seen. */
  for (guint i = mounts->len; i > 0; i--)
    {
      DmkMount *m = g_ptr_array_index (mounts, i - 1);
      struct stat st;

      if (g_hash_table_contains (seen, m->mount_point))
        continue;
      g_hash_table_add (seen, m->mount_point);
      if (!mount_is_offered (m, &st) || find_fs (folders, st.st_dev) >= 0)
        continue;
      g_ptr_array_add (folders, dmk_place_new (m->mount_point));
    }
}

GPtrArray *
dmk_places_list_folders (const char *const *extra)
{
  GPtrArray *folders = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_place_free);
  const char *home = g_get_home_dir ();
  guint first_mount;

  /* Home comes first: a normal user can rarely write to a mount point itself. A folder the user
   * chose stands for its filesystem, in the place of the entry it had (home's too), so that no
   * filesystem is listed twice; of two chosen on one filesystem, the later one. */
  if (home != NULL && access (home, W_OK) == 0)
    g_ptr_array_add (folders, dmk_place_new (home));
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    {
      DmkPlace *p = dmk_place_new (extra[i]);
      int same = find_fs (folders, p->dev);

      if (p->kind != DMK_PLACE_FOLDER || p->dev == 0)
        dmk_place_free (p);
      else if (same >= 0)
        {
          if (g_strcmp0 (((DmkPlace *) folders->pdata[same])->path, p->path) == 0)
            dmk_place_free (p);
          else
            {
              dmk_place_free (folders->pdata[same]);
              folders->pdata[same] = p;
            }
        }
      else
        g_ptr_array_add (folders, p);
    }
  first_mount = folders->len;
  add_mounts (folders);
  /* add_mounts walked backwards: restore mount order, which reads like a file manager's. */
  for (guint a = first_mount, b = folders->len > 0 ? folders->len - 1 : 0; a < b; a++, b--)
    {
      gpointer t = folders->pdata[a];
      folders->pdata[a] = folders->pdata[b];
      folders->pdata[b] = t;
    }
  return folders;
}

GPtrArray *
dmk_places_list_devices (void)
{
  GPtrArray *places = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_place_free);
  g_autoptr (GPtrArray) devices = dmk_block_devices_list ();

  for (guint i = 0; i < devices->len; i++)
    {
      DmkBlockDevice *d = devices->pdata[i];
      DmkPlace *p = place_new (DMK_PLACE_DEVICE, d->path);

      describe_device (p, d->dev, d->in_use, d->transport_hint);
      p->partition = d->partition;
      g_ptr_array_add (places, p);
    }
  return places;
}

/* ---- in a worker thread ---- */

typedef struct
{
  GStrv extra;
  GPtrArray *folders, *devices;
} ListData;

static void
list_data_free (ListData *d)
{
  g_strfreev (d->extra);
  g_clear_pointer (&d->folders, g_ptr_array_unref);
  g_clear_pointer (&d->devices, g_ptr_array_unref);
  g_free (d);
}

static void
list_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ListData *d = task_data;

  d->folders = dmk_places_list_folders ((const char *const *) d->extra);
  d->devices = dmk_places_list_devices ();
  g_task_return_boolean (task, TRUE);
}

void
dmk_places_list_async (const char *const *extra, GCancellable *cancellable,
                       GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ListData *d = g_new0 (ListData, 1);

  g_task_set_source_tag (task, dmk_places_list_async);
  d->extra = g_strdupv ((char **) extra);
  g_task_set_task_data (task, d, (GDestroyNotify) list_data_free);
  g_task_run_in_thread (task, list_thread);
}

gboolean
dmk_places_list_finish (GAsyncResult *result, GPtrArray **folders, GPtrArray **devices,
                        GError **error)
{
  ListData *d;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dmk_places_list_async, FALSE);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  d = g_task_get_task_data (G_TASK (result));
  *folders = g_steal_pointer (&d->folders);
  *devices = g_steal_pointer (&d->devices);
  return TRUE;
}

static void
place_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  g_task_return_pointer (task, dmk_place_new (task_data), (GDestroyNotify) dmk_place_free);
}

void
dmk_place_new_async (const char *path, GCancellable *cancellable, GAsyncReadyCallback callback,
                     gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, dmk_place_new_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, place_thread);
}

DmkPlace *
dmk_place_new_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == dmk_place_new_async, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
