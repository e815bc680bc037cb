/* dmk-random.c: seeding the core's generator, and test data made from it. */
#include "config.h"

#include <string.h>

#include "dmk-random.h"

guint64
dmk_rng_seed (void)
{
  return (g_random_int () | ((guint64) g_random_int () << 32)) | 1;
}

void
dmk_fill_buffer (void *buf, gsize len, DmkData data, guint64 *state)
{
  guint64 *w = buf;

  if (data == DMK_DATA_ZERO)
    {
      memset (buf, 0, len);
      return;
    }
  if (*state == 0)
    *state = 0x9E3779B97F4A7C15ULL;
  for (gsize i = 0; i < len / 8; i++)
    w[i] = dmk_rng_next (state);
}
