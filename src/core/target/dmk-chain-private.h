/* dmk-chain-private.h: the readers of each bus's sysfs nodes, shared by dmk-chain.c (the walk)
 * and dmk-chain-links.c (the buses). */
#pragma once

#include "dmk-chain.h"

G_BEGIN_DECLS

/* What the walk up from one drive has seen below the node it is at. */
typedef struct
{
  const char *root;  /* the sysfs root */
  const char *disk;  /* the drive's name */
  char *usb_driver;  /* the driver of the last USB interface passed: "uas", "usb-storage" */
  gboolean pcie_seen; /* a PCIe endpoint's link was taken: the ports above it are not links */
} DmkChainWalk;

char *_dmk_chain_read (const char *dir, const char *name);
/* Each returns the link that the node dir (whose parent is parent) makes, or NULL. */
DmkChainLink *_dmk_chain_pcie (DmkChainWalk *walk, const char *dir, const char *parent);
DmkChainLink *_dmk_chain_usb (DmkChainWalk *walk, const char *dir, const char *parent);
DmkChainLink *_dmk_chain_sata (DmkChainWalk *walk, const char *dir);
DmkChainLink *_dmk_chain_mmc (DmkChainWalk *walk, const char *dir);
/* Notes the driver of a USB interface node ("2-1:1.0"). */
void _dmk_chain_usb_interface (DmkChainWalk *walk, const char *dir);

G_END_DECLS
