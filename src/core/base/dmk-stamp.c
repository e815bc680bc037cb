/* dmk-stamp.c: stamped blocks: a header (magic, run id, offset, its check) and a body drawn from
 * both, so a block read back proves where it was written and by which run. */
#include "config.h"

#include <string.h>

#include "dmk-stamp.h"

#define STAMP_MAGIC G_GUINT64_CONSTANT (0x504d415453444d47) /* "GDMSTAMP" little-endian */

typedef struct
{
  guint64 magic;
  guint64 run_id;
  guint64 offset;
  guint64 check; /* binds the three above, so a torn header is not taken for a moved block */
} StampHeader;

G_STATIC_ASSERT (DMK_STAMP_SIZE % sizeof (guint64) == 0);

static inline guint64
mix (guint64 x)
{
  /* splitmix64's finaliser: every input bit reaches every output bit. */
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static inline guint64
header_check (guint64 run_id, guint64 offset)
{
  return mix (STAMP_MAGIC ^ mix (run_id ^ mix (offset)));
}

guint64
dmk_stamp_new_run_id (void)
{
  guint64 id;

  do
    id = ((guint64) g_random_int () << 32) | g_random_int ();
  while (id == 0);
  return id;
}

/* The body's words: a counter through mix (), seeded by the header, so any word differs between
 * offsets and runs. */
static inline guint64
body_seed (guint64 run_id, guint64 offset)
{
  return mix (run_id + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (offset / DMK_STAMP_SIZE + 1));
}

static void
fill_one (guint64 *w, guint64 run_id, guint64 offset)
{
  StampHeader h = { STAMP_MAGIC, run_id, offset, header_check (run_id, offset) };
  guint64 seed = body_seed (run_id, offset);

  memcpy (w, &h, sizeof h);
  for (gsize i = sizeof h / sizeof *w; i < DMK_STAMP_SIZE / sizeof *w; i++)
    w[i] = seed + i * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
}

void
dmk_stamp_fill (void *buf, gsize len, guint64 run_id, guint64 offset)
{
  g_return_if_fail (len % DMK_STAMP_SIZE == 0);

  for (gsize at = 0; at < len; at += DMK_STAMP_SIZE)
    fill_one ((guint64 *) ((char *) buf + at), run_id, offset + at);
}

DmkStampStatus
dmk_stamp_check (const void *block, guint64 run_id, guint64 offset, guint64 *found)
{
  const guint64 *w = block;
  StampHeader h;
  guint64 seed, diff;

  memcpy (&h, block, sizeof h);
  if (h.magic != STAMP_MAGIC || h.run_id != run_id || h.check != header_check (run_id, h.offset))
    return DMK_STAMP_FOREIGN;
  if (h.offset != offset)
    {
      if (found != NULL)
        *found = h.offset;
      return DMK_STAMP_MOVED;
    }
  /* No early exit: a loop of xor and or over the block that the compiler can vectorise, as
   * --verify checks every block a read pass reads (measured in bench/verify-cost). */
  seed = body_seed (run_id, offset);
  diff = 0;
  for (gsize i = sizeof h / sizeof *w; i < DMK_STAMP_SIZE / sizeof *w; i++)
    diff |= w[i] ^ (seed + i * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  return diff == 0 ? DMK_STAMP_OK : DMK_STAMP_CORRUPT;
}

void
dmk_stamp_tally_add (DmkStampTally *tally, DmkStampStatus status, guint64 offset, guint64 found)
{
  tally->checked++;
  if (status == DMK_STAMP_OK)
    return;
  tally->bad++;
  if (!tally->has_bad || offset < tally->first_bad)
    {
      tally->has_bad = TRUE;
      tally->first_bad = offset;
    }
  if (status == DMK_STAMP_MOVED && found < offset && (!tally->wraps || offset < tally->wraps_at))
    {
      tally->wraps = TRUE;
      tally->wraps_at = offset;
      tally->wraps_to = found;
    }
}

void
dmk_stamp_check_range (const void *buf, gsize len, guint64 run_id, guint64 offset,
                       DmkStampTally *tally)
{
  g_return_if_fail (len % DMK_STAMP_SIZE == 0);

  for (gsize at = 0; at < len; at += DMK_STAMP_SIZE)
    {
      guint64 found = 0;
      DmkStampStatus s = dmk_stamp_check ((const char *) buf + at, run_id, offset + at, &found);
      dmk_stamp_tally_add (tally, s, offset + at, found);
    }
}
