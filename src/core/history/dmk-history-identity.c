/* dmk-history-identity.c: who a drive is, so that its runs meet in the history whatever name the
 * kernel gave it this time. */
#include "config.h"

#include <math.h>
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
  id->size_slack = 0;
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

/* x rounded to three significant digits: "238.0 GiB" and "238GiB", as two versions of one tool
 * print one volume, are one size. */
static guint64
round_3 (double x)
{
  double scale = 1;

  if (x < 1)
    return 0;
  while (x / scale >= 1000)
    scale *= 10;
  return (guint64) (round (x / scale) * scale);
}

/* The size in a CrystalDiskMark or KDiskMark drive description, "C: 25.6% (61.0/238.0 GiB)":
 * the number after the slash with its unit; 0 when there is none. */
static guint64
described_size (const char *text)
{
  static const struct
  {
    const char *unit;
    double factor;
  } units[] = {
    { "TiB", 1099511627776.0 }, { "GiB", 1073741824.0 }, { "MiB", 1048576.0 },
    { "KiB", 1024.0 },          { "TB", 1e12 },          { "GB", 1e9 },
    { "MB", 1e6 },              { "KB", 1e3 },
  };
  const char *slash = strrchr (text, '/');
  char *end = NULL;
  double v;

  if (slash == NULL)
    return 0;
  v = g_ascii_strtod (slash + 1, &end);
  if (end == slash + 1 || !isfinite (v) || v <= 0)
    return 0;
  while (*end == ' ')
    end++;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_has_prefix (end, units[i].unit))
      return round_3 (v * units[i].factor);
  return 0;
}

/* A result from another tool's file (CrystalDiskMark, KDiskMark, fio) names no model: its drive is
 * what that file says of it, so that two Windows volumes, a KDiskMark run and a fio file are four
 * drives and a volume's runs meet. CrystalDiskMark and KDiskMark: the volume or folder ("C:",
 * "/home") and its size, else the system it ran on; fio: its host and file or device. */
static void
foreign_identity (const DmkResult *r, DmkDriveId *id)
{
  const char *path = r->target.path != NULL ? r->target.path : "";
  const char *file = strstr (path, ": /");
  g_autofree char *label = NULL;

  id->size_bytes = described_size (path);
  if (g_strcmp0 (r->tool_name, "fio") != 0)
    {
      /* The description up to its usage: "C:" of "C: 25.6% (61.0/238.0 GiB)". */
      const char *p = path;

      while (*p != '\0' && !(g_ascii_isdigit (*p) && strpbrk (p, "%(") != NULL &&
                             (p == path || p[-1] == ' ')))
        p++;
      label = g_strstrip (g_strndup (path, (gsize) (p - path)));
    }
  else
    label = g_strdup (path);
  if (*label == '\0' && r->os != NULL && *r->os != '\0')
    {
      /* Without a drive, the system it ran on ("debian 11" of "debian 11 [Linux 5.10…]"). */
      const char *open = strchr (r->os, '[');

      g_free (label);
      label = g_strstrip (g_strndup (r->os, open != NULL ? (gsize) (open - r->os) : strlen (r->os)));
    }
  file = file != NULL ? file + 2 : path;
  id->kind = g_strdup (g_str_has_prefix (file, "/dev/") ? "device" : "folder");
  id->model = *label != '\0' ? g_strdup_printf ("%s %s", r->tool_name, label)
                              : g_strdup (r->tool_name);
}

void
dmk_drive_id_from_result (const DmkResult *result, gboolean live, DmkDriveId *id)
{
  const DmkTargetInfo *t = &result->target;
  gboolean folder = t->kind == DMK_TARGET_DIRECTORY;
  g_autofree char *size = NULL;

  gboolean foreign = result->tool_name != NULL && g_strcmp0 (result->tool_name, "gdiskmark") != 0;
  gboolean nameless = (t->model == NULL || *t->model == '\0') && t->size_bytes == 0;

  memset (id, 0, sizeof *id);
  /* Another tool's file without a model, or one of ours that names no drive (a result's CSV). */
  if (!live && (t->model == NULL || *t->model == '\0') && (foreign || nameless))
    foreign_identity (result, id);
  else
    {
      id->kind = g_strdup (folder ? "folder" : "device");
      id->model = g_strdup (t->model != NULL ? t->model : "");
      id->size_bytes = t->size_bytes;
      id->filesystem = folder ? g_strdup (t->filesystem) : NULL;
      /* GDiskMark's text read back: its size as printed ("252 GiB" of 251.97). */
      if (!live && g_strcmp0 (t->facts_source, "report") == 0)
        id->size_slack = t->size_bytes / 200;
    }
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
