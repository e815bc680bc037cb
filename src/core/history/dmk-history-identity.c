/* dmk-history-identity.c: who a drive is, so that its runs meet in the history whatever name the
 * kernel gave it this time. */
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "dmk-file.h"
#include "dmk-history.h"
#include "dmk-sysinfo.h"

void
dmk_drive_id_clear (DmkDriveId *id)
{
  g_clear_pointer (&id->key, g_free);
  g_clear_pointer (&id->kind, g_free);
  g_clear_pointer (&id->model, g_free);
  g_clear_pointer (&id->serial, g_free);
  g_clear_pointer (&id->firmware, g_free);
  g_clear_pointer (&id->filesystem, g_free);
  id->size_bytes = 0;
}

static char *
read_trimmed (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = dmk_read_value (path);

  /* A serial is a key: nothing that is not printable ASCII goes in. */
  for (char *p = text; p != NULL && *p != '\0'; p++)
    if (*p < 0x20 || *p > 0x7e)
      *p = '?';
  return text;
}

/* The first of names under dir that says something. */
static char *
read_first (const char *dir, const char *const *names)
{
  for (guint i = 0; names[i] != NULL; i++)
    {
      char *v = read_trimmed (dir, names[i]);
      if (v != NULL)
        return v;
    }
  return NULL;
}

void
dmk_drive_id_read_sysfs (const char *path, char **serial, char **firmware)
{
  /* NVMe and virtio tell the serial as a file, SCSI and SATA through the WWID; firmware is NVMe's
   * firmware_rev or SCSI's rev. */
  static const char *const serials[] = { "device/serial", "serial", "device/wwid", "wwid", NULL };
  static const char *const firmwares[] = { "device/firmware_rev", "device/rev", NULL };
  DmkBlockFacts facts = { 0 };
  g_autofree char *disk_dir = NULL;
  struct stat st;

  *serial = *firmware = NULL;
  if (path == NULL || stat (path, &st) != 0)
    return;
  if (!dmk_block_facts_for_dev (S_ISBLK (st.st_mode) ? st.st_rdev : st.st_dev, &facts))
    return;
  disk_dir = g_build_filename ("/sys/block", facts.disk, NULL);
  *serial = read_first (disk_dir, serials);
  *firmware = read_first (disk_dir, firmwares);
  dmk_block_facts_clear (&facts);
}

void
dmk_drive_id_from_result (const DmkResult *result, gboolean live, DmkDriveId *id)
{
  const DmkTargetInfo *t = &result->target;
  gboolean folder = t->kind == DMK_TARGET_DIRECTORY;
  g_autofree char *size = NULL;

  memset (id, 0, sizeof *id);
  id->kind = g_strdup (folder ? "folder" : "device");
  id->model = g_strdup (t->model != NULL ? t->model : "");
  id->size_bytes = t->size_bytes;
  id->filesystem = folder ? g_strdup (t->filesystem) : NULL;
  if (live)
    dmk_drive_id_read_sysfs (t->path, &id->serial, &id->firmware);
  size = g_strdup_printf ("%" G_GUINT64_FORMAT, id->size_bytes);
  /* Fields cannot hold a unit separator (sysfs strings are made printable above), so the key is
   * unambiguous. A loop device's model names its backing file: the same image re-attached under
   * another name is the same drive, another image another. */
  id->key = g_strjoin ("\x1f", id->kind, id->model, id->serial ? id->serial : "",
                       id->firmware ? id->firmware : "", size,
                       id->filesystem ? id->filesystem : "", NULL);
}
