/* dmk-stamp.c: stamped blocks: a header (magic, run id, offset, its check) and a body drawn from
 * both, so a block read back proves where it was written and by which run. */
#include "config.h"

#include <string.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

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

/* The body is one pass of whole vectors: four words at a time, each lane its own counter, in
 * registers the compiler maps to SSE2 (or AVX2 where the CPU has it: target_clones) rather than a
 * word at a time; the loops below are what --verify costs per byte (bench/verify-cost). */
#define STEP G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)
#define BODY_FIRST (sizeof (StampHeader) / sizeof (guint64))
#define BODY_END (DMK_STAMP_SIZE / sizeof (guint64))

typedef guint64 Words4 __attribute__ ((vector_size (4 * sizeof (guint64))));

G_STATIC_ASSERT ((BODY_END - BODY_FIRST) % 4 == 0);

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define BODY_CLONES __attribute__ ((target_clones ("avx2", "default")))
#else
#define BODY_CLONES
#endif

/* On x86-64 the body goes out with streaming stores (movntdq): a stamped buffer is written once
 * and next read by the device, or by the loop device's worker on another CPU, so it need not be
 * read into this CPU's cache first and stay there dirty. A verified SEQ1M Q1T1 write on a RAM
 * loop device ran at 3.0 GB/s with ordinary stores and 4.4 GB/s with these (bench/README.md,
 * "What the scans and checks cost"). The header's half line stays an ordinary store: streaming
 * it as well measured no better. */
BODY_CLONES static void
fill_body (guint64 *w, guint64 seed)
{
  Words4 want = { seed + BODY_FIRST * STEP, seed + (BODY_FIRST + 1) * STEP,
                  seed + (BODY_FIRST + 2) * STEP, seed + (BODY_FIRST + 3) * STEP };
  const Words4 step = { 4 * STEP, 4 * STEP, 4 * STEP, 4 * STEP };

#if defined(__x86_64__)
  if (((guintptr) w & 15) == 0)
    {
      for (gsize i = BODY_FIRST; i < BODY_END; i += 4)
        {
          _mm_stream_si128 ((__m128i *) (w + i),
                            (__m128i) { (long long) want[0], (long long) want[1] });
          _mm_stream_si128 ((__m128i *) (w + i + 2),
                            (__m128i) { (long long) want[2], (long long) want[3] });
          want += step;
        }
      return;
    }
#endif
  for (gsize i = BODY_FIRST; i < BODY_END; i += 4)
    {
      memcpy (w + i, &want, sizeof want);
      want += step;
    }
}

/* No early exit: xor and or over the whole body, as every block a read pass reads is checked. */
BODY_CLONES static guint64
body_diff (const guint64 *w, guint64 seed)
{
  Words4 want = { seed + BODY_FIRST * STEP, seed + (BODY_FIRST + 1) * STEP,
                  seed + (BODY_FIRST + 2) * STEP, seed + (BODY_FIRST + 3) * STEP };
  const Words4 step = { 4 * STEP, 4 * STEP, 4 * STEP, 4 * STEP };
  Words4 diff = { 0, 0, 0, 0 };

  for (gsize i = BODY_FIRST; i < BODY_END; i += 4)
    {
      Words4 v;

      memcpy (&v, w + i, sizeof v);
      diff |= v ^ want;
      want += step;
    }
  return diff[0] | diff[1] | diff[2] | diff[3];
}

static void
fill_one (guint64 *w, guint64 run_id, guint64 offset)
{
  StampHeader h = { STAMP_MAGIC, run_id, offset, header_check (run_id, offset) };

  memcpy (w, &h, sizeof h);
  fill_body (w, body_seed (run_id, offset));
}

void
dmk_stamp_fill (void *buf, gsize len, guint64 run_id, guint64 offset)
{
  g_return_if_fail (len % DMK_STAMP_SIZE == 0);

  for (gsize at = 0; at < len; at += DMK_STAMP_SIZE)
    fill_one ((guint64 *) ((char *) buf + at), run_id, offset + at);
#if defined(__x86_64__)
  _mm_sfence (); /* the streaming stores are seen before the buffer is handed to the kernel */
#endif
}

DmkStampStatus
dmk_stamp_check (const void *block, guint64 run_id, guint64 offset, guint64 *found)
{
  const guint64 *w = block;
  StampHeader h;
  guint64 diff;

  memcpy (&h, block, sizeof h);
  if (h.magic != STAMP_MAGIC || h.run_id != run_id || h.check != header_check (run_id, h.offset))
    return DMK_STAMP_FOREIGN;
  if (h.offset != offset)
    {
      if (found != NULL)
        *found = h.offset;
      return DMK_STAMP_MOVED;
    }
  diff = body_diff (w, body_seed (run_id, offset));
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
