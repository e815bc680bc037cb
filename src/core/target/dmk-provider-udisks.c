/* dmk-provider-udisks.c: asks udisksd (polkit-checked there) to open a block device for us. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixfdlist.h>
#include <glib/gi18n-lib.h>
#include <linux/major.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <udisks/udisks.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-provider-udisks.h"
#include "dmk-providers.h"

const DmkFdProvider dmk_fd_provider_udisks = {
  .name = "udisks2",
  .open = dmk_fd_provider_udisks_open,
  .user_data = NULL,
};

static void
map_udisks_error (GError **error, const char *path, const GError *e)
{
  if (g_error_matches (e, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, e->message);
  else if (g_error_matches (e, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED_DISMISSED))
    g_set_error (error, DMK_ERROR, DMK_ERROR_AUTH_CANCELLED,
                 _("Authentication was cancelled: %s was not opened"), path);
  else if (g_error_matches (e, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED) ||
           g_error_matches (e, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED_CAN_OBTAIN))
    g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_AUTHORIZED,
                 _("Not authorized to open %s: ask an administrator, or run as root"), path);
  else if (g_error_matches (e, UDISKS_ERROR, UDISKS_ERROR_DEVICE_BUSY) ||
           strstr (e->message, g_strerror (EBUSY)) != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                 _("%s is in use (mounted or held by another program): release it to run write "
                   "tests"),
                 path);
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("UDisks2 could not open %s: %s"), path,
                 e->message);
}

/* The sysfs directory of the whole disk that dev is, or is a partition of. */
static char *
disk_dir (dev_t dev)
{
  g_autofree char *link = g_strdup_printf ("/sys/dev/block/%u:%u", major (dev), minor (dev));
  g_autofree char *dir = realpath (link, NULL);
  g_autofree char *part = dir ? g_build_filename (dir, "partition", NULL) : NULL;

  if (dir == NULL)
    return NULL;
  return g_file_test (part, G_FILE_TEST_EXISTS) ? g_path_get_dirname (dir) : g_steal_pointer (&dir);
}

static gboolean
on_disk (dev_t dev, const char *disk)
{
  g_autofree char *dir = disk ? disk_dir (dev) : NULL;

  return dir != NULL && strcmp (dir, disk) == 0;
}

static gboolean
read_sysfs_dev (const char *path, dev_t *dev)
{
  g_autofree char *text = NULL;
  unsigned int ma, mi;

  text = dmk_read_value (path);
  if (text == NULL || sscanf (text, "%u:%u", &ma, &mi) != 2)
    return FALSE;
  *dev = makedev (ma, mi);
  return TRUE;
}

/* The rules the helper applies (gdiskmark-helper-checks.c), before udisksd is asked: an fd of a
 * loop device would let this process re-point the loop, so none is asked for; and a write must
 * not reach a device that backs a loop device, whose data may be mounted through the loop. The
 * kernel's O_EXCL sees neither. */
static gboolean
check_device (const char *path, dev_t dev, gboolean writable, GError **error)
{
  g_autofree char *disk = disk_dir (dev);
  g_autofree char *loop_dir = disk ? g_build_filename (disk, "loop", NULL) : NULL;
  g_autofree char *disk_dev_path = disk ? g_build_filename (disk, "dev", NULL) : NULL;
  g_autoptr (GDir) top = NULL;
  dev_t disk_dev = dev;
  const char *name;

  if (disk != NULL)
    read_sysfs_dev (disk_dev_path, &disk_dev);
  if (major (dev) == LOOP_MAJOR || major (disk_dev) == LOOP_MAJOR ||
      (loop_dir != NULL && g_file_test (loop_dir, G_FILE_TEST_EXISTS)))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_AUTHORIZED,
                   _("%s is a loop device: loop devices are tested as root, or through the "
                     "folder that holds their backing file (a loop device opened for you could "
                     "be re-pointed at another file)"),
                   path);
      return FALSE;
    }
  if (!writable || (top = g_dir_open ("/sys/block", 0, NULL)) == NULL)
    return TRUE;
  while ((name = g_dir_read_name (top)) != NULL)
    {
      g_autofree char *file = g_build_filename ("/sys/block", name, "loop", "backing_file", NULL);
      g_autofree char *backing = NULL;
      struct stat st;

      if (!g_file_get_contents (file, &backing, NULL, NULL))
        continue;
      g_strchomp (backing);
      /* The backing device is the target, its disk, or (for a disk) one of its partitions. */
      if (stat (backing, &st) == 0 && S_ISBLK (st.st_mode) &&
          (st.st_rdev == dev || st.st_rdev == disk_dev ||
           (dev == disk_dev && on_disk (st.st_rdev, disk))))
        {
          g_autofree char *detail = g_strdup_printf ("backs %s", name);

          g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                       _("%s shares its storage with a loop device (%s): a write test would "
                         "reach the loop's data; detach the loop device (losetup -d) to run "
                         "write tests"),
                       path, detail);
          return FALSE;
        }
    }
  return TRUE;
}

int
dmk_fd_provider_udisks_open (const char *path, gboolean writable, gpointer user_data,
                             GCancellable *cancellable, GError **error)
{
  g_autoptr (UDisksClient) client = NULL;
  g_autoptr (UDisksBlock) block = NULL;
  g_autoptr (GVariant) out_index = NULL;
  g_autoptr (GUnixFDList) out_fds = NULL;
  g_autoptr (GError) local = NULL;
  GVariantBuilder options;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, -1);

  if (stat (path, &st) != 0 || !S_ISBLK (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s is not a block device", path);
      return -1;
    }
  if (!check_device (path, st.st_rdev, writable, error))
    return -1;
  client = udisks_client_new_sync (cancellable, &local);
  if (client == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return -1;
        }
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("UDisks2 is not available (%s): install and start udisks2 to open %s without "
                     "root"),
                   local->message, path);
      return -1;
    }
  {
    GDBusObjectManager *manager = udisks_client_get_object_manager (client);
    g_autofree char *owner =
      g_dbus_object_manager_client_get_name_owner (G_DBUS_OBJECT_MANAGER_CLIENT (manager));
    if (owner == NULL)
      {
        g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                     _("UDisks2 is not running: start udisksd to open %s without root"), path);
        return -1;
      }
  }
  block = udisks_client_get_block_for_dev (client, st.st_rdev);
  if (block == NULL)
    {
      /* Not a verdict on the device: udisksd only knows what udev announced. */
      g_set_error (error, DMK_ERROR, DMK_ERROR_NO_HELPER,
                   _("UDisks2 does not know %s (is udev running?)"), path);
      return -1;
    }

  /* The same flags the helper uses: O_DIRECT for true numbers, and for writes O_EXCL, so the
   * kernel refuses a device that is mounted or claimed. */
  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&options, "{sv}", "flags",
                         g_variant_new_int32 (O_DIRECT | O_CLOEXEC | (writable ? O_EXCL : 0)));
  if (!udisks_block_call_open_device_sync (block, writable ? "rw" : "r",
                                           g_variant_builder_end (&options), NULL, &out_index,
                                           &out_fds, cancellable, &local))
    {
      map_udisks_error (error, path, local);
      return -1;
    }
  fd = g_unix_fd_list_get (out_fds, g_variant_get_handle (out_index), &local);
  if (fd < 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("UDisks2 opened %s but its fd did not arrive: %s"),
                   path, local->message);
      return -1;
    }
  return fd;
}
