/* dmk-chain-walk.c: the chain from a block device down through its layers (slaves/: dm-crypt,
 * LVM, md, loop) to its drives, and from each drive up through its links to the root of sysfs. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dmk-chain-private.h"

/* Layers stacked deeper than this are a loop in a hostile tree. */
#define MAX_DEPTH 8

/* A device-mapper, md or loop layer at the block device's node dir, or NULL. */
static DmkChainLink *
layer_at (const char *dir, const char *name)
{
  g_autofree char *dm_dir = g_build_filename (dir, "dm", NULL);
  g_autofree char *md_dir = g_build_filename (dir, "md", NULL);
  g_autofree char *loop_dir = g_build_filename (dir, "loop", NULL);
  DmkChainLink *link;

  if (g_file_test (dm_dir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *uuid = _dmk_chain_read (dm_dir, "uuid");
      g_autofree char *dm_name = _dmk_chain_read (dm_dir, "name");

      link = dmk_chain_link_new (DMK_CHAIN_LAYER, name, name);
      /* cryptsetup names its maps CRYPT-<type>-…, LVM LVM-<vg uuid><lv uuid>. */
      link->driver = g_strdup (uuid != NULL && g_str_has_prefix (uuid, "CRYPT-") ? "crypt"
                               : uuid != NULL && g_str_has_prefix (uuid, "LVM-") ? "lvm"
                                                                                   : "dm");
      link->what = g_strdup (dm_name != NULL ? dm_name : name);
      return link;
    }
  if (g_file_test (md_dir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *level = _dmk_chain_read (md_dir, "level");

      link = dmk_chain_link_new (DMK_CHAIN_LAYER, name, name);
      link->driver = g_strdup (level != NULL ? level : "md");
      link->what = g_strdup (name);
      return link;
    }
  if (g_file_test (loop_dir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *dio = _dmk_chain_read (loop_dir, "dio");

      link = dmk_chain_link_new (DMK_CHAIN_LAYER, name, name);
      /* With direct I/O the loop device passes the page cache of its backing file by. */
      link->driver = g_strdup (g_strcmp0 (dio, "1") == 0 ? "loop-dio" : "loop");
      link->what = g_strdup (name);
      link->layer_backing = _dmk_chain_read (loop_dir, "backing_file");
      return link;
    }
  return NULL;
}

static gboolean
is_usb_interface (const char *base)
{
  /* "2-1:1.0", "usb2-port1" is not one. */
  return g_ascii_isdigit (base[0]) && strchr (base, '-') != NULL && strchr (base, ':') != NULL;
}

static void
node_links (DmkChainWalk *walk, DmkChain *chain, const char *dir, const char *parent)
{
  const char *base = strrchr (dir, '/') + 1;
  DmkChainLink *link = NULL;

  if (is_usb_interface (base))
    _dmk_chain_usb_interface (walk, dir);
  else if (g_str_has_prefix (base, "ata") && g_ascii_isdigit (base[3]))
    link = _dmk_chain_sata (walk, dir);
  else if (g_str_has_prefix (base, "mmc") && strchr (base, ':') != NULL)
    link = _dmk_chain_mmc (walk, dir);
  else if (g_str_has_prefix (base, "virtio") && g_ascii_isdigit (base[6]))
    {
      link = dmk_chain_link_new (DMK_CHAIN_VIRTUAL, walk->disk, base);
      link->what = g_strdup ("virtio");
    }
  else if (g_ascii_isdigit (base[0]) && strchr (base, '-') != NULL)
    link = _dmk_chain_usb (walk, dir, parent);
  else if (strchr (base, ':') != NULL && strchr (base, '.') != NULL)
    link = _dmk_chain_pcie (walk, dir, parent);
  if (link != NULL)
    g_ptr_array_add (chain->links, link);
}

/* From a drive's (or its partition's) node dir up to the top of devices. */
static void
walk_up (const char *root, const char *devices, const char *dir, const char *disk,
         DmkChain *chain)
{
  DmkChainWalk walk = { .root = root, .disk = disk };
  g_autofree char *at = g_strdup (dir);

  while (strlen (at) > strlen (devices))
    {
      char *up = g_path_get_dirname (at);

      node_links (&walk, chain, at, up);
      g_free (at);
      at = up;
    }
  g_free (walk.usb_driver);
}

/* The real path of a node under devices, or NULL for one outside it (a hostile link). */
static char *
node_real (const char *path, const char *devices)
{
  g_autofree char *real = realpath (path, NULL);

  if (real == NULL || !g_str_has_prefix (real, devices) || real[strlen (devices)] != '/')
    return NULL;
  return g_steal_pointer (&real);
}

static void
walk_down (const char *root, const char *devices, const char *dir, DmkChain *chain, guint depth)
{
  g_autofree char *name = g_path_get_basename (dir);
  g_autofree char *slaves = g_build_filename (dir, "slaves", NULL);
  g_autoptr (GPtrArray) below = g_ptr_array_new_with_free_func (g_free);
  DmkChainLink *layer = layer_at (dir, name);
  GDir *d;
  const char *entry;

  if (layer != NULL)
    g_ptr_array_add (chain->links, layer);
  d = g_dir_open (slaves, 0, NULL);
  while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (below, g_build_filename (slaves, entry, NULL));
  g_clear_pointer (&d, g_dir_close);
  g_ptr_array_sort (below, (GCompareFunc) g_strcmp0);
  if (below->len == 0 || depth >= MAX_DEPTH)
    {
      /* A partition's node sits in its disk's: the disk is the drive. */
      g_autofree char *disk = NULL;
      g_autofree char *partition = g_build_filename (dir, "partition", NULL);

      disk = g_file_test (partition, G_FILE_TEST_EXISTS) ? g_path_get_dirname (dir)
                                                         : g_strdup (dir);
      g_free (name);
      name = g_path_get_basename (disk);
      walk_up (root, devices, disk, name, chain);
      return;
    }
  for (guint i = 0; i < below->len; i++)
    {
      g_autofree char *real = node_real (g_ptr_array_index (below, i), devices);

      if (real != NULL)
        walk_down (root, devices, real, chain, depth + 1);
    }
}

DmkChain *
dmk_chain_find (const char *root, const char *disk)
{
  DmkChain *chain = dmk_chain_new ();
  g_autofree char *block = NULL, *devices = NULL, *real = NULL;

  if (root == NULL || disk == NULL || *disk == '\0' || strchr (disk, '/') != NULL ||
      strcmp (disk, "..") == 0)
    return chain;
  {
    g_autofree char *d = g_build_filename (root, "devices", NULL);
    devices = realpath (d, NULL);
  }
  if (devices == NULL)
    return chain;
  block = g_build_filename (root, "block", disk, NULL);
  real = node_real (block, devices);
  if (real == NULL)
    {
      /* A partition is in class/block only. */
      g_free (block);
      block = g_build_filename (root, "class", "block", disk, NULL);
      real = node_real (block, devices);
    }
  if (real != NULL)
    walk_down (root, devices, real, chain, 0);
  return chain;
}

