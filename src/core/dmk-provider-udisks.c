/* dmk-provider-udisks.c: asks udisksd (polkit-checked there) to open a block device for us. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixfdlist.h>
#include <glib/gi18n-lib.h>
#include <sys/stat.h>
#include <udisks/udisks.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-provider-udisks.h"

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
