/* dmk-target-item.c: target list entries, and finding the writable mounted filesystems. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/statvfs.h>
#include <stdio.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-target-item.h"

struct _DmkTargetItem
{
  GObject parent_instance;

  DmkTargetItemKind kind;
  char *path;
  char *title;
  char *subtitle;
  char *summary;
  char *model;
  guint64 size_bytes;
  gboolean in_use;
};

G_DEFINE_FINAL_TYPE (DmkTargetItem, dmk_target_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dmk_target_item_finalize (GObject *object)
{
  DmkTargetItem *self = DMK_TARGET_ITEM (object);

  g_free (self->path);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->summary);
  g_free (self->model);
  G_OBJECT_CLASS (dmk_target_item_parent_class)->finalize (object);
}

static void
dmk_target_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DmkTargetItem *self = DMK_TARGET_ITEM (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_target_item_class_init (DmkTargetItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dmk_target_item_finalize;
  object_class->get_property = dmk_target_item_get_property;

  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUMMARY] =
    g_param_spec_string ("summary", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dmk_target_item_init (DmkTargetItem *self)
{
}

DmkTargetItem *
dmk_target_item_new (DmkTargetItemKind kind, const char *path, const char *title,
                     const char *subtitle)
{
  DmkTargetItem *self = g_object_new (DMK_TYPE_TARGET_ITEM, NULL);

  self->kind = kind;
  self->path = g_strdup (path);
  self->title = g_strdup (title ? title : path);
  self->subtitle = g_strdup (subtitle ? subtitle : "");
  self->summary = g_strdup ("");
  return self;
}

DmkTargetItemKind
dmk_target_item_get_kind (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), DMK_TARGET_ITEM_FOLDER);
  return self->kind;
}

const char *
dmk_target_item_get_path (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->path;
}

const char *
dmk_target_item_get_title (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->title;
}

const char *
dmk_target_item_get_subtitle (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->subtitle;
}

void
dmk_target_item_set_subtitle (DmkTargetItem *self, const char *subtitle)
{
  g_return_if_fail (DMK_IS_TARGET_ITEM (self));
  if (g_strcmp0 (self->subtitle, subtitle) == 0)
    return;
  g_free (self->subtitle);
  self->subtitle = g_strdup (subtitle ? subtitle : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
}

const char *
dmk_target_item_get_summary (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->summary;
}

void
dmk_target_item_set_summary (DmkTargetItem *self, const char *summary)
{
  g_return_if_fail (DMK_IS_TARGET_ITEM (self));
  if (g_strcmp0 (self->summary, summary) == 0)
    return;
  g_free (self->summary);
  self->summary = g_strdup (summary ? summary : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
}

void
dmk_target_item_set_device (DmkTargetItem *self, const char *model, guint64 size_bytes,
                            gboolean in_use)
{
  g_return_if_fail (DMK_IS_TARGET_ITEM (self));
  g_free (self->model);
  self->model = g_strdup (model);
  self->size_bytes = size_bytes;
  self->in_use = in_use;
}

const char *
dmk_target_item_get_model (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->model;
}

guint64
dmk_target_item_get_size (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), 0);
  return self->size_bytes;
}

gboolean
dmk_target_item_get_in_use (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), FALSE);
  return self->in_use;
}

void
dmk_target_describe_folder (const char *path, char **subtitle, char **summary)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (DmkMount) mount = NULL;
  struct statvfs sv;
  struct stat st;

  *subtitle = NULL;
  *summary = NULL;
  if (stat (path, &st) != 0)
    {
      *subtitle = g_strdup (_("Not found"));
      *summary = g_strdup ("");
      return;
    }
  mount = dmk_mount_for_dev (st.st_dev);
  if (mount != NULL)
    g_ptr_array_add (parts, g_strdup (mount->fstype));
  if (statvfs (path, &sv) == 0 && sv.f_blocks > 0)
    {
      guint64 total = (guint64) sv.f_blocks * sv.f_frsize;
      guint64 used = total - (guint64) sv.f_bfree * sv.f_frsize;
      g_autofree char *t = dmk_format_size (total);
      g_autofree char *u = dmk_format_size (used);

      /* TRANSLATORS: used and total space of a filesystem, like "12 GiB / 49 GiB" */
      g_ptr_array_add (parts, g_strdup_printf (_("%s / %s"), u, t));
      /* TRANSLATORS: how full a filesystem is, like "18% of 49 GiB" */
      *summary = g_strdup_printf (_("%u%% of %s"),
                                  (guint) (100.0 * (double) used / (double) total + 0.5), t);
    }
  {
    DmkBlockFacts facts;
    dev_t dev = mount != NULL && major (mount->dev) != 0 ? mount->dev : st.st_dev;

    if (major (dev) != 0 && dmk_block_facts_for_dev (dev, &facts))
      {
        if (facts.model != NULL)
          g_ptr_array_add (parts, g_strdup (facts.model));
        dmk_block_facts_clear (&facts);
      }
  }
  g_ptr_array_add (parts, NULL);
  *subtitle = g_strjoinv (" · ", (char **) parts->pdata);
  if (*summary == NULL)
    *summary = g_strdup ("");
}

gboolean
dmk_target_check_path (const char *path, GError **error)
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

static DmkTargetItem *
folder_item (const char *path)
{
  g_autofree char *subtitle = NULL, *summary = NULL;
  DmkTargetItem *item;

  dmk_target_describe_folder (path, &subtitle, &summary);
  item = dmk_target_item_new (DMK_TARGET_ITEM_FOLDER, path, path, subtitle);
  dmk_target_item_set_summary (item, summary);
  return item;
}

/* TRUE when dev is in devs; else adds it. Two entries on one filesystem measure the same disk
 * through the same cache, so the list offers each filesystem once. */
static gboolean
fs_seen (GArray *devs, dev_t dev)
{
  for (guint i = 0; i < devs->len; i++)
    if (g_array_index (devs, dev_t, i) == dev)
      return TRUE;
  g_array_append_val (devs, dev);
  return FALSE;
}

GPtrArray *
dmk_target_list_folders (void)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) mounts = dmk_mounts_list ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) devs = g_array_new (FALSE, FALSE, sizeof (dev_t));
  const char *home = g_get_home_dir ();
  struct stat home_st;

  /* Home comes first: a normal user can rarely write to a mount point itself. Its filesystem is
   * then taken, so "/" is not listed again when home lives on it. */
  if (home != NULL && access (home, W_OK) == 0 && stat (home, &home_st) == 0)
    {
      g_ptr_array_add (items, folder_item (home));
      g_hash_table_add (seen, (gpointer) home);
      fs_seen (devs, home_st.st_dev);
    }
  /* Later mounts on the same point hide earlier ones: walk backwards and keep the first seen. */
  for (guint i = mounts->len; i > 0; i--)
    {
      DmkMount *m = g_ptr_array_index (mounts, i - 1);
      struct stat st;
      struct statvfs sv;

      if (g_hash_table_contains (seen, m->mount_point))
        continue;
      g_hash_table_add (seen, m->mount_point);
      if (is_pseudo_fs (m->fstype) || is_system_path (m->mount_point))
        continue;
      if (stat (m->mount_point, &st) != 0 || !S_ISDIR (st.st_mode))
        continue;
      if (access (m->mount_point, W_OK) != 0)
        continue;
      if (statvfs (m->mount_point, &sv) != 0 || sv.f_blocks == 0)
        continue;
      if (fs_seen (devs, st.st_dev))
        continue;
      g_ptr_array_add (items, folder_item (m->mount_point));
    }
  /* Restore mount order after home, which reads like a file manager's sidebar. */
  if (items->len > 2)
    {
      guint first = home != NULL && g_str_equal (dmk_target_item_get_path (items->pdata[0]), home)
                      ? 1 : 0;
      for (guint a = first, b = items->len - 1; a < b; a++, b--)
        {
          gpointer t = items->pdata[a];
          items->pdata[a] = items->pdata[b];
          items->pdata[b] = t;
        }
    }
  return items;
}

/* ---- block devices ---- */

static DmkTargetItem *
device_item (const char *name, dev_t dev, gboolean in_use, const char *fallback_transport)
{
  g_autofree char *path = g_strconcat ("/dev/", name, NULL);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *subtitle = NULL, *summary = NULL, *size = NULL;
  DmkBlockFacts facts;
  DmkTargetItem *item;
  gboolean have = dmk_block_facts_for_dev (dev, &facts);
  const char *transport = have && facts.transport ? facts.transport : fallback_transport;

  if (have && facts.model != NULL)
    g_ptr_array_add (parts, g_strdup (facts.model));
  size = dmk_format_size (have ? facts.size_bytes : 0);
  g_ptr_array_add (parts, g_strdup (size));
  if (transport != NULL)
    g_ptr_array_add (parts, g_strdup (transport));
  if (in_use)
    g_ptr_array_add (parts, g_strdup (_("in use")));
  g_ptr_array_add (parts, NULL);
  subtitle = g_strjoinv (" · ", (char **) parts->pdata);
  /* TRANSLATORS: a block device's short description in the target button: "32 GiB · in use" */
  summary = in_use ? g_strdup_printf (_("%s · in use"), size) : g_strdup (size);
  item = dmk_target_item_new (DMK_TARGET_ITEM_DEVICE, path, path, subtitle);
  dmk_target_item_set_summary (item, summary);
  dmk_target_item_set_device (item, have ? facts.model : NULL, have ? facts.size_bytes : 0,
                              in_use);
  if (have)
    dmk_block_facts_clear (&facts);
  return item;
}

GPtrArray *
dmk_target_list_devices (void)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) devices = dmk_block_devices_list ();

  for (guint i = 0; i < devices->len; i++)
    {
      DmkBlockDevice *d = devices->pdata[i];
      g_ptr_array_add (items, device_item (d->name, d->dev, d->in_use, d->transport_hint));
    }
  return items;
}
