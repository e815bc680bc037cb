/* dmk-random.h: the one pseudo-random generator: random offsets, mix choices and test data. */
#pragma once

#include <glib.h>

#include "dmk-spec.h"

G_BEGIN_DECLS

/* xorshift64*: a few instructions per number, inline because it runs once per I/O, and plenty
 * for offsets and for data that must not compress or deduplicate. Not for anything secret. A
 * state of 0 stays 0: start from dmk_rng_seed(). */
static inline guint64
dmk_rng_next (guint64 *state)
{
  guint64 x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545F4914F6CDD1DULL;
}

/* Uniform in [0, n) by a multiply-shift, which needs no division and has no modulo bias worth
 * the name for n far below 2^64. */
static inline guint64
dmk_rng_below (guint64 *state, guint64 n)
{
  return (guint64) (((unsigned __int128) dmk_rng_next (state) * n) >> 64);
}

/* A fresh, never zero state from GLib's generator: every run and thread differs. */
guint64 dmk_rng_seed (void);

/* Fills buf (len a multiple of 8 is filled whole) with data of the given kind; state is
 * advanced, and a zero state is replaced by a fixed non-zero one. */
void dmk_fill_buffer (void *buf, gsize len, DmkData data, guint64 *state);

G_END_DECLS
