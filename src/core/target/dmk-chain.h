/* dmk-chain.h: every limit between a drive and the machine, read from sysfs: each link's
 * negotiated speed against its maximum, the driver on it, and the layers (dm-crypt, LVM, md,
 * loop) between the tested block device and the drives below it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DMK_CHAIN_LAYER,  /* a block layer: dm-crypt, LVM, other device-mapper, md, loop */
  DMK_CHAIN_PCIE,   /* a PCIe link: an endpoint and the port above it */
  DMK_CHAIN_SATA,   /* a SATA link of libata */
  DMK_CHAIN_USB,    /* a USB device's link to its hub */
  DMK_CHAIN_MMC,    /* an SD or MMC card's bus */
  DMK_CHAIN_VIRTUAL /* virtio and other virtual disks: no wire */
} DmkChainKind;

typedef struct
{
  DmkChainKind kind;
  char *disk;   /* the block device this link is on the way of: "nvme0n1", "sdb", "dm-0" */
  char *node;   /* the sysfs node: "0000:3d:00.0", "2-1", "link3", "mmc0", "dm-0" */
  char *what;   /* as negotiated: "PCIe 3.0 x2", "SATA 3.0 Gb/s", "USB 2.0 (480 Mb/s)" */
  char *most;   /* what both ends support, where more than what; else NULL */
  guint64 bytes_per_s;      /* what the negotiated link carries after encoding; 0: unknown */
  guint64 most_bytes_per_s; /* the same at the most both ends support; 0: unknown */
  char *device_most; /* what the device alone supports: "PCIe 4.0 x4", "USB 3.0 (5 Gb/s)" */
  /* What holds the link below what the device supports: "port" (the port, slot or hub is
   * slower), "link" (both ends could do more: a cable, a riser, a retrained link), or NULL. */
  char *held_by;
  char *driver;          /* USB: "uas" or "usb-storage"; a layer: "crypt", "linear", "raid1" */
  gboolean uas_capable;  /* USB: the device offers a UAS interface */
  guint usb_major;       /* USB: the major version the device reports (bcdUSB): 2, 3 */
  char *layer_backing;   /* loop: the backing file */
} DmkChainLink;

typedef struct
{
  /* DmkChainLink*: the layers from the tested device down, then each drive's links from the
   * drive up to the root. */
  GPtrArray *links;
} DmkChain;

/* The chain of the block device disk ("nvme0n1", "dm-0", "loop0") under the sysfs root ("/sys";
 * tests point it at a tree of their own). Never NULL; an empty chain where sysfs says nothing. */
DmkChain *dmk_chain_find (const char *root, const char *disk);
DmkChain *dmk_chain_new (void);
void dmk_chain_free (DmkChain *chain);
DmkChain *dmk_chain_copy (const DmkChain *chain);
DmkChainLink *dmk_chain_link_new (DmkChainKind kind, const char *disk, const char *node);
void dmk_chain_link_free (DmkChainLink *link);

const char *dmk_chain_kind_to_string (DmkChainKind kind);
gboolean dmk_chain_kind_from_string (const char *s, DmkChainKind *out);

/* The link with the lowest ceiling, or NULL where no link has one. */
const DmkChainLink *dmk_chain_slowest (const DmkChain *chain);
/* What a shared result names as the drive's interface: the slowest wire link as negotiated
 * ("PCIe 3.0 x2", "USB 2.0 (480 Mb/s)"), never a layer; NULL when the chain has no such link. */
const char *dmk_chain_interface (const DmkChain *chain);
/* One line per link for a report: "PCIe 3.0 x2 (0000:3d:00.0): at most 1.97 GB/s; could be
 * PCIe 4.0 x4 (7.88 GB/s)". */
char *dmk_chain_link_describe (const DmkChainLink *link);
/* What a layer is known to cost, translated; NULL for a link. */
const char *dmk_chain_layer_cost (const DmkChainLink *link);
/* A rate in bytes per second as the reports say it: "1.97 GB/s", "500 MB/s". */
char *dmk_chain_format_rate (guint64 bytes_per_s);

/* Ceilings after line encoding, shared by the chain and the plausibility check. */
guint64 dmk_pcie_bytes_per_s (double gt_per_s, guint lanes);
int dmk_pcie_generation (double gt_per_s);
guint64 dmk_usb_bytes_per_s (double mbit);
guint64 dmk_sata_bytes_per_s (double gbit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkChain, dmk_chain_free)

G_END_DECLS
