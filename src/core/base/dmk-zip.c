/* dmk-zip.c: a ZIP archive of stored members (see the header): no compression, so that the
 * archive needs no library; CRC-32 as the format asks. */
#include "config.h"

#include <string.h>

#include "dmk-zip.h"

static guint32
crc32_of (const guint8 *data, gsize len)
{
  static guint32 table[256];
  static gsize ready = 0;
  guint32 crc = 0xffffffffu;

  if (g_once_init_enter (&ready))
    {
      for (guint32 i = 0; i < 256; i++)
        {
          guint32 c = i;
          for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
          table[i] = c;
        }
      g_once_init_leave (&ready, 1);
    }
  for (gsize i = 0; i < len; i++)
    crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return crc ^ 0xffffffffu;
}

static void
put16 (GByteArray *b, guint v)
{
  guint8 x[2] = { v & 0xff, (v >> 8) & 0xff };

  g_byte_array_append (b, x, 2);
}

static void
put32 (GByteArray *b, guint32 v)
{
  guint8 x[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff };

  g_byte_array_append (b, x, 4);
}

struct _DmkZip
{
  GByteArray *out;     /* the archive so far */
  GByteArray *central; /* the central directory so far */
  guint n;
  guint dos_time, dos_date;
};

DmkZip *
dmk_zip_new (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  DmkZip *z = g_new0 (DmkZip, 1);

  z->out = g_byte_array_new ();
  z->central = g_byte_array_new ();
  /* The members' time, as MS-DOS keeps it (from 1980, seconds halved). */
  z->dos_time = (guint) (g_date_time_get_hour (now) << 11 | g_date_time_get_minute (now) << 5
                         | g_date_time_get_second (now) / 2);
  z->dos_date = (guint) ((MAX (g_date_time_get_year (now), 1980) - 1980) << 9
                         | g_date_time_get_month (now) << 5 | g_date_time_get_day_of_month (now));
  return z;
}

void
dmk_zip_add (DmkZip *z, const char *name, const void *data, gsize len)
{
  guint32 crc = crc32_of ((const guint8 *) data, len);
  guint32 offset = z->out->len;
  guint name_len = (guint) strlen (name);

  /* Local header: version 2.0, no flags, method 0 (stored), no extra field. */
  put32 (z->out, 0x04034b50u);
  put16 (z->out, 20);
  put16 (z->out, 0);
  put16 (z->out, 0);
  put16 (z->out, z->dos_time);
  put16 (z->out, z->dos_date);
  put32 (z->out, crc);
  put32 (z->out, (guint32) len);
  put32 (z->out, (guint32) len);
  put16 (z->out, name_len);
  put16 (z->out, 0);
  g_byte_array_append (z->out, (const guint8 *) name, name_len);
  g_byte_array_append (z->out, (const guint8 *) data, (guint) len);

  put32 (z->central, 0x02014b50u);
  put16 (z->central, 20); /* made by: MS-DOS attributes, 2.0 */
  put16 (z->central, 20);
  put16 (z->central, 0);
  put16 (z->central, 0);
  put16 (z->central, z->dos_time);
  put16 (z->central, z->dos_date);
  put32 (z->central, crc);
  put32 (z->central, (guint32) len);
  put32 (z->central, (guint32) len);
  put16 (z->central, name_len);
  put16 (z->central, 0); /* extra */
  put16 (z->central, 0); /* comment */
  put16 (z->central, 0); /* disk */
  put16 (z->central, 0); /* internal attributes */
  put32 (z->central, 0); /* external attributes */
  put32 (z->central, offset);
  g_byte_array_append (z->central, (const guint8 *) name, name_len);
  z->n++;
}

GBytes *
dmk_zip_finish (DmkZip *z)
{
  guint32 start = z->out->len;
  GBytes *out;

  g_byte_array_append (z->out, z->central->data, z->central->len);
  put32 (z->out, 0x06054b50u);
  put16 (z->out, 0);
  put16 (z->out, 0);
  put16 (z->out, z->n);
  put16 (z->out, z->n);
  put32 (z->out, z->central->len);
  put32 (z->out, start);
  put16 (z->out, 0);
  g_byte_array_unref (z->central);
  out = g_byte_array_free_to_bytes (z->out);
  g_free (z);
  return out;
}
