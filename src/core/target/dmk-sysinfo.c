/* dmk-sysinfo.c: reads /etc/os-release, uname, /proc/self/mountinfo and /sys/dev/block; and
 * asks a file whether the kernel can start I/O on it without waiting (RWF_NOWAIT). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "dmk-file.h"
#include "dmk-spec.h"
#include "dmk-sysinfo.h"

char *
dmk_sysinfo_kernel_release (void)
{
  struct utsname u;

  if (uname (&u) != 0)
    return g_strdup ("unknown");
  return g_strdup (u.release);
}

char *
dmk_sysinfo_os_description (void)
{
  g_autofree char *contents = NULL;
  g_autofree char *pretty = NULL;
  g_autofree char *kernel = dmk_sysinfo_kernel_release ();
  struct utsname u;

  if (g_file_get_contents ("/etc/os-release", &contents, NULL, NULL) ||
      g_file_get_contents ("/usr/lib/os-release", &contents, NULL, NULL))
    {
      g_auto (GStrv) lines = g_strsplit (contents, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], "PRETTY_NAME="))
          {
            const char *v = lines[i] + strlen ("PRETTY_NAME=");
            pretty = g_shell_unquote (v, NULL);
            if (pretty == NULL)
              pretty = g_strdup (v);
          }
    }
  if (uname (&u) != 0)
    strcpy (u.machine, "unknown");
  return g_strdup_printf ("%s [%s] (%s)", pretty ? pretty : "Linux", kernel, u.machine);
}

void
dmk_block_facts_clear (DmkBlockFacts *facts)
{
  g_clear_pointer (&facts->name, g_free);
  g_clear_pointer (&facts->disk, g_free);
  g_clear_pointer (&facts->model, g_free);
  g_clear_pointer (&facts->transport, g_free);
}

static char *
guess_transport (const char *disk, const char *device_link)
{
  if (g_str_has_prefix (disk, "nvme"))
    return g_strdup ("nvme");
  if (g_str_has_prefix (disk, "loop"))
    return g_strdup ("loop");
  if (g_str_has_prefix (disk, "vd"))
    return g_strdup ("virtio");
  if (g_str_has_prefix (disk, "mmcblk"))
    return g_strdup ("mmc");
  if (g_str_has_prefix (disk, "zram"))
    return g_strdup ("zram");
  if (device_link != NULL)
    {
      if (strstr (device_link, "/usb") != NULL)
        return g_strdup ("usb");
      if (strstr (device_link, "/ata") != NULL)
        return g_strdup ("sata");
      if (strstr (device_link, "/virtio") != NULL)
        return g_strdup ("virtio");
    }
  return NULL;
}

static char *
read_sysfs_at (const char *dir, const char *a, const char *b)
{
  g_autofree char *path = g_build_filename (dir, a, b, NULL);

  return dmk_read_value (path);
}

gboolean
dmk_block_facts_for_dev (dev_t dev, DmkBlockFacts *facts)
{
  g_autofree char *link = g_strdup_printf ("/sys/dev/block/%u:%u", major (dev), minor (dev));
  g_autofree char *real = NULL, *disk_dir = NULL, *partition = NULL, *size = NULL;
  g_autofree char *rotational = NULL, *vendor = NULL, *model = NULL, *disk_link = NULL;

  memset (facts, 0, sizeof *facts);
  real = g_file_read_link (link, NULL);
  if (real == NULL)
    return FALSE;
  facts->name = g_path_get_basename (real);
  partition = read_sysfs_at (link, "partition", NULL);
  if (partition != NULL)
    {
      /* The link reads "../../devices/…/block/sda/sda1": the disk is the parent folder. */
      g_autofree char *parent = g_path_get_dirname (real);
      facts->disk = g_path_get_basename (parent);
    }
  else
    facts->disk = g_strdup (facts->name);

  disk_dir = g_build_filename ("/sys/block", facts->disk, NULL);
  size = read_sysfs_at (link, "size", NULL);
  facts->size_bytes = size ? g_ascii_strtoull (size, NULL, 10) * 512 : 0;
  rotational = read_sysfs_at (disk_dir, "queue", "rotational");
  facts->rotational = rotational != NULL && strcmp (rotational, "0") != 0;

  vendor = read_sysfs_at (disk_dir, "device", "vendor");
  model = read_sysfs_at (disk_dir, "device", "model");
  if (model != NULL && vendor != NULL && !g_str_has_prefix (vendor, "0x") &&
      !g_str_has_prefix (model, vendor))
    facts->model = g_strdup_printf ("%s %s", vendor, model);
  else if (model != NULL)
    facts->model = g_steal_pointer (&model);
  else if (g_str_has_prefix (facts->disk, "loop"))
    {
      g_autofree char *backing = read_sysfs_at (disk_dir, "loop", "backing_file");
      facts->model = backing ? g_strdup_printf ("Loop device (%s)", backing)
                             : g_strdup ("Loop device");
    }
  else if (g_str_has_prefix (facts->disk, "vd"))
    facts->model = g_strdup ("Virtio block device");
  else if (g_str_has_prefix (facts->disk, "zram"))
    facts->model = g_strdup ("Compressed RAM disk (zram)");

  disk_link = g_file_read_link (disk_dir, NULL);
  facts->transport = guess_transport (facts->disk, disk_link);
  return TRUE;
}

void
dmk_mount_free (DmkMount *mount)
{
  if (mount == NULL)
    return;
  g_free (mount->mount_point);
  g_free (mount->source);
  g_free (mount->fstype);
  g_free (mount->options);
  g_free (mount);
}

/* mountinfo escapes space, tab, newline and backslash as \ooo. */
static char *
unescape_octal (const char *s)
{
  GString *out = g_string_new (NULL);

  for (const char *p = s; *p; p++)
    {
      if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' && p[2] <= '7' &&
          p[3] >= '0' && p[3] <= '7')
        {
          g_string_append_c (out, (char) (((p[1] - '0') << 6) | ((p[2] - '0') << 3) | (p[3] - '0')));
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

GPtrArray *
dmk_mounts_list (void)
{
  GPtrArray *mounts = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_mount_free);
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/mountinfo", &contents, NULL, NULL))
    return mounts;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], " ", -1);
      guint n = g_strv_length (f), sep;
      guint maj, min;
      DmkMount *m;

      if (n < 10)
        continue;
      for (sep = 6; sep < n && strcmp (f[sep], "-") != 0; sep++)
        ;
      if (sep + 2 >= n)
        continue;
      if (sscanf (f[2], "%u:%u", &maj, &min) != 2)
        continue;
      m = g_new0 (DmkMount, 1);
      m->dev = makedev (maj, min);
      m->mount_point = unescape_octal (f[4]);
      m->fstype = g_strdup (f[sep + 1]);
      m->source = unescape_octal (f[sep + 2]);
      m->options = sep + 3 < n ? g_strdup (f[sep + 3]) : g_strdup ("");
      g_ptr_array_add (mounts, m);
    }
  return mounts;
}

static DmkMount *
steal_mount (GPtrArray *mounts, guint i)
{
  return g_ptr_array_steal_index (mounts, i);
}

DmkMount *
dmk_mount_for_dev (dev_t dev)
{
  g_autoptr (GPtrArray) mounts = dmk_mounts_list ();

  /* The last mount of a device is the one on top. */
  for (guint i = mounts->len; i > 0; i--)
    {
      DmkMount *m = g_ptr_array_index (mounts, i - 1);
      if (m->dev == dev)
        return steal_mount (mounts, i - 1);
    }
  return NULL;
}

static gboolean
dev_is_same_or_partition_of (dev_t candidate, dev_t disk)
{
  g_autofree char *link = NULL, *real = NULL, *disk_link = NULL, *disk_real = NULL;
  g_autofree char *parent = NULL, *disk_name = NULL;

  if (candidate == disk)
    return TRUE;
  link = g_strdup_printf ("/sys/dev/block/%u:%u", major (candidate), minor (candidate));
  real = g_file_read_link (link, NULL);
  disk_link = g_strdup_printf ("/sys/dev/block/%u:%u", major (disk), minor (disk));
  disk_real = g_file_read_link (disk_link, NULL);
  if (real == NULL || disk_real == NULL)
    return FALSE;
  parent = g_path_get_dirname (real);
  disk_name = g_path_get_basename (disk_real);
  return g_str_has_suffix (parent, disk_name) &&
         parent[strlen (parent) - strlen (disk_name) - 1] == '/';
}

DmkMount *
dmk_mount_using_block_device (dev_t dev)
{
  g_autoptr (GPtrArray) mounts = dmk_mounts_list ();

  for (guint i = 0; i < mounts->len; i++)
    {
      DmkMount *m = g_ptr_array_index (mounts, i);
      if (major (m->dev) != 0 && dev_is_same_or_partition_of (m->dev, dev))
        return steal_mount (mounts, i);
    }
  return NULL;
}

/* ---- the block devices of this machine ---- */

static gboolean
has_holders (const char *sys_dir)
{
  g_autofree char *path = g_build_filename (sys_dir, "holders", NULL);
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);

  return dir != NULL && g_dir_read_name (dir) != NULL;
}

static gboolean
is_swap (const char *dev_path, const char *swaps)
{
  g_auto (GStrv) lines = swaps != NULL ? g_strsplit (swaps, "\n", -1) : NULL;

  for (guint i = 1; lines != NULL && lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = g_strsplit_set (lines[i], " \t", 2);
      if (fields[0] != NULL && g_str_equal (fields[0], dev_path))
        return TRUE;
    }
  return FALSE;
}

static gboolean
parse_dev (const char *sys_dir, dev_t *out)
{
  g_autofree char *text = read_sysfs_at (sys_dir, "dev", NULL);
  guint maj = 0, min = 0;

  if (text == NULL || sscanf (text, "%u:%u", &maj, &min) != 2)
    return FALSE;
  *out = makedev (maj, min);
  return TRUE;
}

void
dmk_block_device_free (DmkBlockDevice *device)
{
  if (device == NULL)
    return;
  g_free (device->name);
  g_free (device->path);
  g_free (device);
}

static DmkBlockDevice *
block_device_new (const char *name, dev_t dev, gboolean partition, const char *transport_hint)
{
  DmkBlockDevice *d = g_new0 (DmkBlockDevice, 1);

  d->name = g_strdup (name);
  d->path = g_strconcat ("/dev/", name, NULL);
  d->dev = dev;
  d->partition = partition;
  d->transport_hint = transport_hint;
  return d;
}

static int
compare_devices (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 ((*(DmkBlockDevice *const *) a)->name, (*(DmkBlockDevice *const *) b)->name);
}

/* The partitions of the disk in sys_dir, sorted by name, each marked in use when it is held or
 * swapped on (mounts are looked at by the caller). */
static GPtrArray *
list_partitions (const char *sys_dir, const char *swaps, const char *transport_hint)
{
  GPtrArray *parts = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_block_device_free);
  g_autoptr (GDir) sub = g_dir_open (sys_dir, 0, NULL);
  const char *name;

  while (sub != NULL && (name = g_dir_read_name (sub)) != NULL)
    {
      g_autofree char *part_dir = g_build_filename (sys_dir, name, NULL);
      g_autofree char *is_part = read_sysfs_at (part_dir, "partition", NULL);
      DmkBlockDevice *p;
      dev_t dev;

      if (is_part == NULL || !parse_dev (part_dir, &dev))
        continue;
      p = block_device_new (name, dev, TRUE, transport_hint);
      p->in_use = has_holders (part_dir) || is_swap (p->path, swaps);
      g_ptr_array_add (parts, p);
    }
  g_ptr_array_sort (parts, compare_devices);
  return parts;
}

GPtrArray *
dmk_block_devices_list (void)
{
  GPtrArray *devices = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_block_device_free);
  g_autoptr (GDir) dir = g_dir_open ("/sys/block", 0, NULL);
  g_autoptr (GPtrArray) disks = g_ptr_array_new (); /* handed to devices one by one */
  g_autofree char *swaps = NULL;
  const char *name;

  if (dir == NULL)
    return devices;
  g_file_get_contents ("/proc/swaps", &swaps, NULL, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *sys_dir = g_build_filename ("/sys/block", name, NULL);
      g_autofree char *size = NULL;
      const char *hint = NULL;
      dev_t dev;

      if (g_str_has_prefix (name, "ram") || g_str_has_prefix (name, "zram"))
        continue;
      if (g_str_has_prefix (name, "loop"))
        {
          /* An unbound loop device has no loop/ folder, or an empty backing file. */
          g_autofree char *backing = read_sysfs_at (sys_dir, "loop", "backing_file");
          g_autofree char *node = g_build_filename ("/dev", name, NULL);
          if (backing == NULL)
            continue;
          /* The helper hands no loop device to a user (its fd could re-point the loop): one
           * that the user cannot open directly is not offered (snaps attach dozens). */
          if (geteuid () != 0 && access (node, R_OK) != 0)
            continue;
          hint = "loop";
        }
      size = read_sysfs_at (sys_dir, "size", NULL);
      if (size == NULL || g_ascii_strtoull (size, NULL, 10) == 0 || !parse_dev (sys_dir, &dev))
        continue;
      g_ptr_array_add (disks, block_device_new (name, dev, FALSE, hint));
    }
  g_ptr_array_sort (disks, compare_devices);

  for (guint i = 0; i < disks->len; i++)
    {
      DmkBlockDevice *disk = disks->pdata[i];
      g_autofree char *sys_dir = g_build_filename ("/sys/block", disk->name, NULL);
      g_autoptr (GPtrArray) parts = list_partitions (sys_dir, swaps, disk->transport_hint);
      g_autoptr (DmkMount) mount = dmk_mount_using_block_device (disk->dev);

      /* The disk is in use when any of it is: writing to it would destroy a partition too. */
      disk->in_use = mount != NULL || has_holders (sys_dir) || is_swap (disk->path, swaps);
      for (guint j = 0; j < parts->len; j++)
        {
          DmkBlockDevice *p = parts->pdata[j];
          g_autoptr (DmkMount) pm = dmk_mount_using_block_device (p->dev);

          disk->in_use = disk->in_use || p->in_use;
          p->in_use = p->in_use || pm != NULL;
        }
      g_ptr_array_add (devices, disk);
      g_ptr_array_set_free_func (parts, NULL);
      g_ptr_array_extend (devices, parts, NULL, NULL);
    }
  return devices;
}

/* The names mountinfo would give, for the filesystems a benchmark meets; ext2, ext3 and ext4
 * share one magic number. */
static const struct
{
  guint32 magic;
  const char *name;
} fs_magics[] = {
  { 0xEF53, "ext4" },         { 0x58465342, "xfs" },     { 0x9123683E, "btrfs" },
  { 0xF2F52010, "f2fs" },     { 0x01021994, "tmpfs" },   { 0x858458F6, "ramfs" },
  { 0x4d44, "vfat" },         { 0x2011BAB0, "exfat" },   { 0x5346544e, "ntfs" },
  { 0x7366746e, "ntfs3" },    { 0x6969, "nfs" },         { 0xFF534D42, "cifs" },
  { 0xFE534D42, "smb2" },     { 0x794c7630, "overlay" }, { 0x65735546, "fuse" },
  { 0x2fc12fc1, "zfs" },      { 0xca451a4e, "bcachefs" }, { 0x73717368, "squashfs" },
  { 0x9660, "iso9660" },      { 0x52654973, "reiserfs" }, { 0x3153464a, "jfs" },
  { 0x482b, "hfsplus" },      { 0x24051905, "ubifs" },   { 0x73727279, "btrfs" },
  { 0xde5e81e4, "efivarfs" }, { 0x27e0eb, "cgroup" },    { 0x63677270, "cgroup2" },
};

char *
dmk_statfs_type_name (const char *path)
{
  struct statfs sfs;

  if (statfs (path, &sfs) != 0)
    return NULL;
  return dmk_fs_type_name ((guint32) sfs.f_type);
}

char *
dmk_fs_type_name (guint32 magic)
{
  for (guint i = 0; i < G_N_ELEMENTS (fs_magics); i++)
    if (fs_magics[i].magic == magic)
      return g_strdup (fs_magics[i].name);
  return g_strdup_printf ("0x%x", magic);
}

gboolean
dmk_fd_can_nowait (int fd, gsize block)
{
  struct iovec iov;
  void *buf = NULL;
  ssize_t r;
  int err;

  block = MAX (block, DMK_ALIGN_FLOOR);
  if (posix_memalign (&buf, 4096, block) != 0)
    return TRUE;
  iov.iov_base = buf;
  iov.iov_len = block;
  /* The file's flags are checked before anything is read (alignment, the end of the file,
   * locks): EOPNOTSUPP says the file cannot, EAGAIN only that this read would have waited. */
  do
    r = preadv2 (fd, &iov, 1, 0, RWF_NOWAIT);
  while (r < 0 && errno == EINTR);
  err = r < 0 ? errno : 0;
  free (buf);
  return err != EOPNOTSUPP;
}

gboolean
dmk_path_on_loop_device (const char *path)
{
  struct stat st;
  DmkBlockFacts facts;
  gboolean loop;

  if (path == NULL || stat (path, &st) != 0 ||
      !dmk_block_facts_for_dev (S_ISBLK (st.st_mode) ? st.st_rdev : st.st_dev, &facts))
    return FALSE;
  loop = facts.disk != NULL && g_str_has_prefix (facts.disk, "loop");
  dmk_block_facts_clear (&facts);
  return loop;
}

gboolean
dmk_path_can_nowait (const char *path)
{
  struct stat st;
  gboolean can;
  int fd;

  if (path == NULL || stat (path, &st) != 0)
    return TRUE;
  if (S_ISDIR (st.st_mode))
    fd = open (path, O_TMPFILE | O_RDWR | O_DIRECT | O_CLOEXEC, 0600);
  else
    fd = open (path, O_RDONLY | O_DIRECT | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return TRUE;
  can = dmk_fd_can_nowait (fd, 4096);
  close (fd);
  return can;
}
