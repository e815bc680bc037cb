/* dmk-chain.c: the chain's links: made, copied, freed, named; the slowest of them. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dmk-chain.h"

DmkChainLink *
dmk_chain_link_new (DmkChainKind kind, const char *disk, const char *node)
{
  DmkChainLink *link = g_new0 (DmkChainLink, 1);

  link->kind = kind;
  link->disk = g_strdup (disk);
  link->node = g_strdup (node);
  return link;
}

void
dmk_chain_link_free (DmkChainLink *link)
{
  if (link == NULL)
    return;
  g_free (link->disk);
  g_free (link->node);
  g_free (link->what);
  g_free (link->most);
  g_free (link->device_most);
  g_free (link->held_by);
  g_free (link->driver);
  g_free (link->layer_backing);
  g_free (link);
}

DmkChain *
dmk_chain_new (void)
{
  DmkChain *chain = g_new0 (DmkChain, 1);

  chain->links = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_chain_link_free);
  return chain;
}

void
dmk_chain_free (DmkChain *chain)
{
  if (chain == NULL)
    return;
  g_ptr_array_unref (chain->links);
  g_free (chain);
}

DmkChain *
dmk_chain_copy (const DmkChain *chain)
{
  DmkChain *copy = dmk_chain_new ();

  for (guint i = 0; chain != NULL && i < chain->links->len; i++)
    {
      const DmkChainLink *l = g_ptr_array_index (chain->links, i);
      DmkChainLink *c = dmk_chain_link_new (l->kind, l->disk, l->node);

      c->what = g_strdup (l->what);
      c->most = g_strdup (l->most);
      c->device_most = g_strdup (l->device_most);
      c->held_by = g_strdup (l->held_by);
      c->driver = g_strdup (l->driver);
      c->layer_backing = g_strdup (l->layer_backing);
      c->bytes_per_s = l->bytes_per_s;
      c->most_bytes_per_s = l->most_bytes_per_s;
      c->uas_capable = l->uas_capable;
      c->usb_major = l->usb_major;
      g_ptr_array_add (copy->links, c);
    }
  return copy;
}

static const char *const kind_names[] = {
  [DMK_CHAIN_LAYER] = "layer", [DMK_CHAIN_PCIE] = "pcie", [DMK_CHAIN_SATA] = "sata",
  [DMK_CHAIN_USB] = "usb",     [DMK_CHAIN_MMC] = "mmc",   [DMK_CHAIN_VIRTUAL] = "virtual",
};

const char *
dmk_chain_kind_to_string (DmkChainKind kind)
{
  return (guint) kind < G_N_ELEMENTS (kind_names) ? kind_names[kind] : "layer";
}

gboolean
dmk_chain_kind_from_string (const char *s, DmkChainKind *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (s, kind_names[i]) == 0)
      {
        *out = (DmkChainKind) i;
        return TRUE;
      }
  return FALSE;
}

const DmkChainLink *
dmk_chain_slowest (const DmkChain *chain)
{
  const DmkChainLink *slowest = NULL;

  for (guint i = 0; chain != NULL && i < chain->links->len; i++)
    {
      const DmkChainLink *l = g_ptr_array_index (chain->links, i);

      if (l->bytes_per_s > 0 && (slowest == NULL || l->bytes_per_s < slowest->bytes_per_s))
        slowest = l;
    }
  return slowest;
}

const char *
dmk_chain_interface (const DmkChain *chain)
{
  const DmkChainLink *shown = NULL;

  for (guint i = 0; chain != NULL && chain->links != NULL && i < chain->links->len; i++)
    {
      const DmkChainLink *l = g_ptr_array_index (chain->links, i);

      if (l->kind == DMK_CHAIN_LAYER || l->what == NULL || *l->what == '\0')
        continue;
      /* The slowest link with a rate; the first wire link where none has one (virtio). */
      if (shown == NULL || (l->bytes_per_s > 0 && (shown->bytes_per_s == 0 ||
                                                   l->bytes_per_s < shown->bytes_per_s)))
        shown = l;
    }
  return shown != NULL ? shown->what : NULL;
}

char *
dmk_chain_format_rate (guint64 bytes_per_s)
{
  /* TRANSLATORS: a link's ceiling, 10^9 bytes per second: "1.97 GB/s" */
  if (bytes_per_s >= 1000000000)
    return g_strdup_printf (_("%.2f GB/s"), (double) bytes_per_s / 1e9);
  /* TRANSLATORS: a link's ceiling, 10^6 bytes per second: "500 MB/s" */
  return g_strdup_printf (_("%.0f MB/s"), (double) bytes_per_s / 1e6);
}
