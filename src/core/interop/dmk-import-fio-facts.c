/* dmk-import-fio-facts.c: what an entry of fio's JSON output did, from its own numbers (block
 * size, direction, the depth it ran at) and from its name when it is one of GDiskMark's exported
 * jobs, so that an entry is named by what ran, not by fio's defaults. */
#include "config.h"

#include <string.h>

#include "dmk-import-private.h"

JsonObject *
_dmk_fio_member_object (JsonObject *o, const char *key)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, key) : NULL;

  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

gboolean
_dmk_fio_member_number (JsonObject *o, const char *key, double *out)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, key) : NULL;
  GType t = n != NULL && JSON_NODE_HOLDS_VALUE (n) ? json_node_get_value_type (n) : G_TYPE_INVALID;

  if (t != G_TYPE_DOUBLE && t != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_double (n);
  return TRUE;
}

const char *
_dmk_fio_option_of (JsonObject *o, const char *key)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, key) : NULL;

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
           ? json_node_get_string (n)
           : NULL;
}

gboolean
_dmk_fio_version_before (JsonObject *root, guint major, guint minor)
{
  const char *v = _dmk_fio_option_of (root, "fio version");
  guint64 ma, mi = 0;
  char *end = NULL;

  if (v == NULL)
    return FALSE;
  if (g_str_has_prefix (v, "fio-"))
    v += 4;
  if (!g_ascii_isdigit (*v))
    return FALSE;
  ma = g_ascii_strtoull (v, &end, 10);
  if (*end == '.')
    mi = g_ascii_strtoull (end + 1, NULL, 10);
  return ma < major || (ma == major && mi < minor);
}

gboolean
_dmk_fio_sync_engine (const char *engine)
{
  static const char *const sync[] = { "sync", "psync", "vsync", "pvsync", "pvsync2", NULL };

  return engine != NULL && g_strv_contains (sync, engine);
}

/* The size of each I/O of a side: io_bytes over total_ios when they divide exactly (a job of one
 * block size); 0 when it cannot be told. */
static guint64
side_block_size (JsonObject *side, gboolean kib)
{
  double bytes = 0, ios = 0;

  if (!_dmk_fio_member_number (side, "io_bytes", &bytes) ||
      !_dmk_fio_member_number (side, "total_ios", &ios) || bytes <= 0 || ios < 1 ||
      bytes > 1e18 || ios > 1e18)
    return 0;
  if (kib)
    bytes *= 1024;
  if (bytes != (double) (guint64) bytes || ios != (double) (guint64) ios ||
      (guint64) bytes % (guint64) ios != 0)
    return 0;
  return (guint64) bytes / (guint64) ios;
}

/* fio's iodepth_level: the share of I/O submitted at each depth ("1", "2", "4" … ">=64"). Whether
 * most of it went at depth 1: what a synchronous engine does whatever iodepth says. */
static void
read_levels (JsonObject *job, DmkFioFacts *f)
{
  JsonObject *levels = _dmk_fio_member_object (job, "iodepth_level");
  double best = -1;
  GList *keys;

  if (levels == NULL)
    return;
  keys = json_object_get_members (levels);
  for (GList *k = keys; k != NULL; k = k->next)
    {
      double share = 0;

      if (!_dmk_fio_member_number (levels, k->data, &share) || share <= best)
        continue;
      best = share;
      f->depth_one = strcmp (k->data, "1") == 0;
    }
  g_list_free (keys);
  f->has_levels = best > 0;
  if (!f->has_levels)
    f->depth_one = FALSE;
}

void
_dmk_fio_facts_read (JsonObject *job, gboolean kib, DmkFioFacts *f)
{
  static const char *const sides[] = { "read", "write" };

  memset (f, 0, sizeof *f);
  for (guint d = 0; d < 2; d++)
    {
      JsonObject *side = _dmk_fio_member_object (job, sides[d]);
      double bytes = 0;

      f->moved[d] = _dmk_fio_member_number (side, "io_bytes", &bytes) && bytes > 0;
      f->block_size[d] = f->moved[d] ? side_block_size (side, kib) : 0;
    }
  f->mixed = _dmk_fio_member_object (job, "mixed") != NULL &&
             _dmk_fio_member_object (job, "read") == NULL;
  if (f->mixed)
    f->block_size[0] = side_block_size (_dmk_fio_member_object (job, "mixed"), kib);
  read_levels (job, f);
}

gboolean
_dmk_fio_own_name (const char *jobname, DmkTestSpec *spec, DmkDirection *dir, guint *mix)
{
  const char *dash = jobname != NULL ? strrchr (jobname, '-') : NULL;
  g_autofree char *test = NULL;
  guint64 share = 0;

  if (dash == NULL || dash == jobname)
    return FALSE;
  if (strcmp (dash + 1, "Read") == 0)
    *dir = DMK_DIRECTION_READ;
  else if (strcmp (dash + 1, "Write") == 0)
    *dir = DMK_DIRECTION_WRITE;
  else if (g_str_has_prefix (dash + 1, "Mix") &&
           g_ascii_string_to_unsigned (dash + 4, 10, DMK_MIX_MIN, DMK_MIX_MAX, &share, NULL))
    *dir = DMK_DIRECTION_MIX;
  else
    return FALSE;
  *mix = (guint) share;
  test = g_strndup (jobname, (gsize) (dash - jobname));
  g_strdelimit (test, "-", ' ');
  if (!dmk_test_spec_parse (test, spec, NULL))
    return FALSE;
  /* fio cannot go backwards: the exported job of a backward test ran forward. */
  if (spec->pattern == DMK_PATTERN_BACKWARD || spec->pattern == DMK_PATTERN_RECORD)
    spec->pattern = DMK_PATTERN_SEQUENTIAL;
  return TRUE;
}
