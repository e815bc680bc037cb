/* dmk-chain-links.c: each bus's link as sysfs shows it, negotiated and at its most.
 *
 *   PCIe (drivers/pci/pci-sysfs.c): current_link_speed "8.0 GT/s PCIe", current_link_width "2",
 *   max_link_speed, max_link_width, on the endpoint and on the port above it (the slot); 2.5 and
 *   5 GT/s lanes are 8b/10b, 8 GT/s and up 128b/130b.
 *   SATA (Documentation/ABI/testing/sysfs-ata): ata_link/linkN/sata_spd "3.0 Gbps" as
 *   negotiated, hw_sata_spd_limit the port's limit ("<unknown>" where libata sets none: then the
 *   AHCI host's CAP.ISS in scsi_host/hostM/ahci_host_caps), and the drive's own in word 76 of
 *   its IDENTIFY data (ata_device/devN.0/id); 8b/10b.
 *   USB (Documentation/ABI/stable/sysfs-bus-usb, drivers/usb/core/sysfs.c): a device's speed in
 *   Mb/s, version " 3.20" (bcdUSB), descriptors (the raw descriptors: a UAS interface is class 8,
 *   subclass 6, protocol 0x62 in any alternate setting); its interface's driver link names uas
 *   or usb-storage. 5 Gb/s is 8b/10b, 10 and 20 Gb/s 128b/132b; USB 2.0's bulk transfers are
 *   bounded by their microframes.
 *   MMC/SD (drivers/mmc/core/debugfs.c): kernel/debug/mmcN/ios has the clock, bus width and
 *   timing where debugfs is mounted and readable (root); the card's type is in sysfs. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dmk-chain-private.h"
#include "dmk-file.h"

char *
_dmk_chain_read (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  return dmk_read_value (path);
}

static double
read_number (const char *dir, const char *name)
{
  g_autofree char *text = _dmk_chain_read (dir, name);

  /* "<unknown>", "Unknown" and garbage read as 0: unknown. */
  return text != NULL ? MAX (g_ascii_strtod (text, NULL), 0.0) : 0.0;
}

int
dmk_pcie_generation (double gt)
{
  return gt < 3 ? 1 : gt < 6 ? 2 : gt < 12 ? 3 : gt < 24 ? 4 : gt < 48 ? 5 : 6;
}

guint64
dmk_pcie_bytes_per_s (double gt, guint lanes)
{
  double per_lane;

  if (gt <= 0 || lanes == 0 || lanes > 32)
    return 0;
  per_lane = gt < 8 ? gt * 1e9 * 8 / 10 / 8 : gt * 1e9 * 128 / 130 / 8;
  return (guint64) (per_lane * lanes);
}

guint64
dmk_usb_bytes_per_s (double mbit)
{
  if (mbit <= 0)
    return 0;
  /* USB 2.0 and 1.1 carry bulk data in at most 13 packets of 512 bytes per 125 µs microframe
   * (53.2 MB/s) and 19 of 64 bytes per 1 ms frame (1.2 MB/s): the rest of the wire is framing. */
  if (mbit <= 12)
    return 1216000;
  if (mbit <= 480)
    return 53248000;
  if (mbit <= 5000)
    return (guint64) (mbit * 1e6 * 8 / 10 / 8);
  return (guint64) (mbit * 1e6 * 128 / 132 / 8);
}

guint64
dmk_sata_bytes_per_s (double gbit)
{
  return gbit > 0 ? (guint64) (gbit * 1e9 * 8 / 10 / 8) : 0;
}

static char *
pcie_name (double gt, guint lanes)
{
  return g_strdup_printf ("PCIe %d.0 x%u", dmk_pcie_generation (gt), lanes);
}

/* An endpoint's link with the port above it (a root or switch port): both report the link's
 * state; the endpoint's maximum is the drive's, the port's the slot's. The ports above are
 * links of their own only up to the first endpoint taken (what the drive's link shows). */
DmkChainLink *
_dmk_chain_pcie (DmkChainWalk *walk, const char *dir, const char *parent)
{
  double gt = read_number (dir, "current_link_speed");
  guint lanes = (guint) read_number (dir, "current_link_width");
  double dev_gt = read_number (dir, "max_link_speed"), port_gt = read_number (parent, "max_link_speed");
  guint dev_w = (guint) read_number (dir, "max_link_width");
  guint port_w = (guint) read_number (parent, "max_link_width");
  double most_gt;
  guint most_w;
  DmkChainLink *link;

  if (walk->pcie_seen || gt <= 0 || lanes == 0 || read_number (parent, "current_link_speed") <= 0)
    return NULL;
  walk->pcie_seen = TRUE;
  link = dmk_chain_link_new (DMK_CHAIN_PCIE, walk->disk, strrchr (dir, '/') + 1);
  link->what = pcie_name (gt, lanes);
  link->bytes_per_s = dmk_pcie_bytes_per_s (gt, lanes);
  most_gt = dev_gt > 0 && port_gt > 0 ? MIN (dev_gt, port_gt) : MAX (dev_gt, port_gt);
  most_w = dev_w > 0 && port_w > 0 ? MIN (dev_w, port_w) : MAX (dev_w, port_w);
  if (most_gt <= 0 || most_w == 0)
    return link;
  link->most_bytes_per_s = dmk_pcie_bytes_per_s (most_gt, most_w);
  if (link->most_bytes_per_s > link->bytes_per_s)
    link->most = pcie_name (most_gt, most_w);
  if (dev_gt > 0 && dev_w > 0)
    link->device_most = pcie_name (dev_gt, dev_w);
  /* Which end holds the link below what the drive could do. */
  if (link->most != NULL)
    link->held_by = g_strdup ("link");
  else if (dev_gt > 0 && dev_w > 0 && port_gt > 0 && port_w > 0 &&
           dmk_pcie_bytes_per_s (port_gt, port_w) < dmk_pcie_bytes_per_s (dev_gt, dev_w))
    link->held_by = g_strdup ("port");
  return link;
}

void
_dmk_chain_usb_interface (DmkChainWalk *walk, const char *dir)
{
  g_autofree char *driver_link = g_build_filename (dir, "driver", NULL);
  g_autofree char *target = g_file_read_link (driver_link, NULL);

  if (target == NULL)
    return;
  g_free (walk->usb_driver);
  walk->usb_driver = g_path_get_basename (target);
}

/* Whether the device's descriptors (the device descriptor, then its configuration with every
 * interface's alternate settings) hold a mass storage interface speaking UAS. */
static gboolean
offers_uas (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "descriptors", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, NULL))
    return FALSE;
  for (gsize i = 0; i + 2 <= len;)
    {
      guint8 dlen = (guint8) data[i], type = (guint8) data[i + 1];

      if (dlen < 2)
        break;
      if (type == 4 && dlen >= 9 && i + 9 <= len && (guint8) data[i + 5] == 8 &&
          (guint8) data[i + 6] == 6 && (guint8) data[i + 7] == 0x62)
        return TRUE;
      i += dlen;
    }
  return FALSE;
}

static char *
usb_name (double mbit)
{
  if (mbit <= 12)
    return g_strdup_printf ("USB 1.1 (%g Mb/s)", mbit);
  if (mbit <= 480)
    return g_strdup_printf ("USB 2.0 (%.0f Mb/s)", mbit);
  if (mbit <= 5000)
    return g_strdup_printf ("USB 3.0 (%.0f Gb/s)", mbit / 1000);
  return g_strdup_printf ("USB 3.x (%.0f Gb/s)", mbit / 1000);
}

/* A USB device (not a hub's root: those are the controller) and its link to the hub above. Its
 * most is what its version promises at least (USB 3: 5 Gb/s), bounded by the hub's speed. */
DmkChainLink *
_dmk_chain_usb (DmkChainWalk *walk, const char *dir, const char *parent)
{
  double mbit = read_number (dir, "speed"), version = read_number (dir, "version");
  double hub_mbit = read_number (parent, "speed");
  double dev_most;
  DmkChainLink *link;
  g_autofree char *vendor = _dmk_chain_read (dir, "idVendor");

  if (vendor == NULL || mbit <= 0 || hub_mbit <= 0)
    return NULL;
  link = dmk_chain_link_new (DMK_CHAIN_USB, walk->disk, strrchr (dir, '/') + 1);
  link->what = usb_name (mbit);
  link->bytes_per_s = dmk_usb_bytes_per_s (mbit);
  link->usb_major = (guint) version;
  /* The driver is this device's interface's; a hub above has its own. */
  link->driver = g_steal_pointer (&walk->usb_driver);
  link->uas_capable = offers_uas (dir);
  dev_most = version >= 3 ? MAX (mbit, 5000.0) : version >= 2 ? 480 : mbit;
  link->device_most = usb_name (dev_most);
  if (dev_most > mbit)
    {
      /* A hub (or root hub) no faster than the link: the port holds it, and the link is at
       * the most both ends support. */
      if (hub_mbit <= mbit)
        link->held_by = g_strdup ("port");
      else
        {
          link->most = usb_name (MIN (dev_most, hub_mbit));
          link->held_by = g_strdup ("link");
        }
    }
  link->most_bytes_per_s = dmk_usb_bytes_per_s (MAX (MIN (dev_most, hub_mbit), mbit));
  return link;
}

/* The fastest generation a SATA drive supports, from its IDENTIFY word 76 (bits 1-3: 1.5, 3.0,
 * 6.0 Gb/s); 0 when unknown. The id file prints 256 words as hex, eight to a line. */
static double
drive_sata_gbit (const char *root, const char *port)
{
  g_autofree char *dir = g_strdup_printf ("%s/class/ata_device/dev%s.0", root, port);
  g_autofree char *id = _dmk_chain_read (dir, "id");
  g_auto (GStrv) words = NULL;
  guint64 w76;

  if (id == NULL)
    return 0;
  words = g_strsplit_set (id, " \n", -1);
  if (g_strv_length (words) < 77)
    return 0;
  w76 = g_ascii_strtoull (words[76], NULL, 16);
  if (w76 == 0 || w76 == 0xffff)
    return 0;
  return (w76 & 8) ? 6.0 : (w76 & 4) ? 3.0 : (w76 & 2) ? 1.5 : 0;
}

/* The port's limit: libata's hw_sata_spd_limit where set, else the AHCI host's CAP.ISS. */
static double
port_sata_gbit (const char *root, const char *link_dir, const char *host)
{
  double limit = read_number (link_dir, "hw_sata_spd_limit");
  g_autofree char *dir = NULL, *caps = NULL;
  guint iss;

  if (limit > 0 || host == NULL)
    return limit;
  dir = g_strdup_printf ("%s/class/scsi_host/%s", root, host);
  caps = _dmk_chain_read (dir, "ahci_host_caps");
  if (caps == NULL)
    return 0;
  iss = (guint) ((g_ascii_strtoull (caps, NULL, 16) >> 20) & 0xf);
  return iss == 3 ? 6.0 : iss == 2 ? 3.0 : iss == 1 ? 1.5 : 0;
}

DmkChainLink *
_dmk_chain_sata (DmkChainWalk *walk, const char *dir)
{
  const char *base = strrchr (dir, '/') + 1;
  g_autofree char *link_dir = g_strdup_printf ("%s/class/ata_link/link%s", walk->root, base + 3);
  g_autofree char *host = NULL;
  double gbit = read_number (link_dir, "sata_spd"), port, drive, most;
  DmkChainLink *link;

  if (gbit <= 0)
    return NULL;
  /* The SCSI host of the port sits right below it: ".../ata3/host2/...". */
  {
    g_autofree char *glob = g_build_filename (dir, NULL);
    GDir *d = g_dir_open (glob, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      if (g_str_has_prefix (name, "host") && g_ascii_isdigit (name[4]))
        host = g_strdup (name);
    g_clear_pointer (&d, g_dir_close);
  }
  port = port_sata_gbit (walk->root, link_dir, host);
  drive = drive_sata_gbit (walk->root, base + 3);
  link = dmk_chain_link_new (DMK_CHAIN_SATA, walk->disk, base);
  link->what = g_strdup_printf ("SATA %.1f Gb/s", gbit);
  link->bytes_per_s = dmk_sata_bytes_per_s (gbit);
  most = port > 0 && drive > 0 ? MIN (port, drive) : 0;
  link->most_bytes_per_s = dmk_sata_bytes_per_s (most);
  if (drive > 0)
    link->device_most = g_strdup_printf ("SATA %.1f Gb/s", drive);
  if (most > gbit)
    {
      link->most = g_strdup_printf ("SATA %.1f Gb/s", most);
      link->held_by = g_strdup ("link");
    }
  else if (drive > gbit && port > 0 && port <= gbit)
    link->held_by = g_strdup ("port");
  return link;
}

/* One "name:\tvalue" line of debugfs's ios: the number, and the words in brackets. */
static double
ios_field (const char *ios, const char *name, char **words)
{
  const char *at = strstr (ios, name);
  const char *open, *close, *eol;

  if (at == NULL)
    return 0;
  at += strlen (name);
  eol = strchr (at, '\n');
  if (words != NULL && (open = strchr (at, '(')) != NULL && (close = strchr (open, ')')) != NULL &&
      (eol == NULL || close < eol))
    *words = g_strndup (open + 1, (gsize) (close - open - 1));
  return g_ascii_strtod (at, NULL);
}

static guint64
mmc_rate (const char *root, const char *host, char **what)
{
  g_autofree char *path = g_strdup_printf ("%s/kernel/debug/%s/ios", root, host);
  g_autofree char *ios = dmk_read_value (path);
  g_autofree char *width_words = NULL, *timing = NULL;
  double clock, bits;

  if (ios == NULL)
    return 0;
  clock = ios_field (ios, "actual clock:", NULL);
  if (clock <= 0)
    clock = ios_field (ios, "clock:", NULL);
  ios_field (ios, "bus width:", &width_words);
  ios_field (ios, "timing spec:", &timing);
  bits = width_words != NULL ? g_ascii_strtod (width_words, NULL) : 0;
  if (clock <= 0 || bits <= 0 || timing == NULL)
    return 0;
  *what = g_strdup_printf ("%s, %.0f MHz, %.0f bit", timing, clock / 1e6, bits);
  /* DDR modes move data on both clock edges. */
  return (guint64) (clock * bits / 8 * ((strstr (timing, "DDR") || strstr (timing, "HS400")) ? 2 : 1));
}

/* An SD or MMC card ("mmc0:aaaa") on its host ("mmc0"). */
DmkChainLink *
_dmk_chain_mmc (DmkChainWalk *walk, const char *dir)
{
  const char *base = strrchr (dir, '/') + 1;
  g_autofree char *type = _dmk_chain_read (dir, "type");
  g_autofree char *host = NULL, *mode = NULL;
  DmkChainLink *link;

  if (type == NULL || strchr (base, ':') == NULL)
    return NULL;
  host = g_strndup (base, (gsize) (strchr (base, ':') - base));
  link = dmk_chain_link_new (DMK_CHAIN_MMC, walk->disk, host);
  link->bytes_per_s = mmc_rate (walk->root, host, &mode);
  link->what = mode != NULL ? g_strdup_printf ("%s (%s)", type, mode) : g_strdup (type);
  return link;
}
