/* dmk-chain-describe.c: the chain's links and layers in words, for the reports and the CLI. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-chain.h"

const char *
dmk_chain_layer_cost (const DmkChainLink *link)
{
  const char *d = link->driver != NULL ? link->driver : "";

  if (link->kind != DMK_CHAIN_LAYER)
    return NULL;
  if (strcmp (d, "crypt") == 0)
    return _("the CPU encrypts and decrypts every byte: with AES-NI a core does about 1 to 3 "
             "GB/s (cryptsetup benchmark says this machine's), less than a fast NVMe drive");
  if (strcmp (d, "lvm") == 0)
    return _("remaps blocks to the drive: next to nothing (snapshots and thin pools cost writes)");
  if (strcmp (d, "raid0") == 0)
    return _("stripes over its drives: sequential rates add up, one I/O at a time does not");
  if (strcmp (d, "raid1") == 0)
    return _("every write goes to every mirror, at the slowest one's pace; reads spread over "
             "them");
  if (strcmp (d, "raid4") == 0 || strcmp (d, "raid5") == 0 || strcmp (d, "raid6") == 0)
    return _("a write smaller than a stripe reads and rewrites parity: small random writes cost "
             "several I/O each");
  if (strcmp (d, "loop") == 0)
    return _("its I/O goes through the backing file's filesystem and the page cache (buffered: "
             "reads can come from memory)");
  if (strcmp (d, "loop-dio") == 0)
    return _("its I/O goes through the backing file's filesystem, with direct I/O past the page "
             "cache");
  if (strcmp (d, "dm") == 0)
    return _("device-mapper: the cost depends on its target (dmsetup table)");
  return _("an md array: its level decides what it costs");
}

static const char *
layer_name (const DmkChainLink *link)
{
  const char *d = link->driver != NULL ? link->driver : "";

  if (strcmp (d, "crypt") == 0)
    return _("dm-crypt encryption");
  if (strcmp (d, "lvm") == 0)
    return _("LVM volume");
  if (g_str_has_prefix (d, "loop"))
    return _("loop device");
  if (strcmp (d, "dm") == 0)
    return _("device-mapper");
  return _("md RAID");
}

static char *
describe_layer (const DmkChainLink *link)
{
  if (link->layer_backing != NULL)
    /* TRANSLATORS: "loop device loop0 on /dev/shm/x.img: its I/O goes through …" */
    return g_strdup_printf (_("%s %s on %s: %s"), layer_name (link), link->node,
                            link->layer_backing, dmk_chain_layer_cost (link));
  if (link->driver != NULL && g_str_has_prefix (link->driver, "raid"))
    /* TRANSLATORS: "md RAID md0 (raid1): every write goes to every mirror …" */
    return g_strdup_printf (_("%s %s (%s): %s"), layer_name (link), link->node, link->driver,
                            dmk_chain_layer_cost (link));
  /* TRANSLATORS: "dm-crypt encryption dm-0 (cryptroot): the CPU encrypts …" */
  return g_strdup_printf (_("%s %s (%s): %s"), layer_name (link), link->node, link->what,
                          dmk_chain_layer_cost (link));
}

char *
dmk_chain_link_describe (const DmkChainLink *link)
{
  GString *s = g_string_new (NULL);

  if (link->kind == DMK_CHAIN_LAYER)
    {
      g_string_free (s, TRUE);
      return describe_layer (link);
    }
  if (link->kind == DMK_CHAIN_VIRTUAL)
    {
      /* TRANSLATORS: "virtio (virtio2): a virtual disk; the host's storage and cache set …" */
      g_string_printf (s, _("%s (%s): a virtual disk; the host's storage and cache set its "
                            "speed"),
                       link->what, link->node);
      return g_string_free (s, FALSE);
    }
  g_string_printf (s, "%s (%s)", link->what, link->node);
  if (link->bytes_per_s > 0)
    {
      g_autofree char *rate = dmk_chain_format_rate (link->bytes_per_s);
      /* TRANSLATORS: appended to a link: "PCIe 3.0 x2 (0000:3d:00.0): at most 1.97 GB/s" */
      g_string_append_printf (s, _(": at most %s"), rate);
    }
  if (link->most != NULL && link->most_bytes_per_s > link->bytes_per_s)
    {
      g_autofree char *rate = dmk_chain_format_rate (link->most_bytes_per_s);
      /* TRANSLATORS: appended to a link: "; both ends support PCIe 4.0 x4 (7.88 GB/s)" */
      g_string_append_printf (s, _("; both ends support %s (%s)"), link->most, rate);
    }
  else if (g_strcmp0 (link->held_by, "port") == 0 && link->device_most != NULL)
    /* TRANSLATORS: appended to a link: "; the device supports PCIe 4.0 x4, the port less" */
    g_string_append_printf (s, _("; the device supports %s, the port less"), link->device_most);
  if (link->driver != NULL)
    {
      /* TRANSLATORS: appended to a USB link: "; driver usb-storage (the device offers UAS)" */
      if (link->uas_capable && strcmp (link->driver, "uas") != 0)
        g_string_append_printf (s, _("; driver %s (the device offers UAS)"), link->driver);
      else
        /* TRANSLATORS: appended to a USB link: "; driver uas" */
        g_string_append_printf (s, _("; driver %s"), link->driver);
    }
  return g_string_free (s, FALSE);
}
