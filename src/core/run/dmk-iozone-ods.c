/* dmk-iozone-ods.c: the iozone sweep's table as an OpenDocument spreadsheet (.ods), written here:
 * a ZIP archive of stored (uncompressed) members, "mimetype" first as ODF asks, then the
 * manifest and content.xml with one table per operation laid out as iozone's -R report. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-output.h"
#include "dmk-iozone.h"

/* ---- a ZIP archive of stored members ---- */

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

typedef struct
{
  GByteArray *out;     /* the archive so far */
  GByteArray *central; /* the central directory so far */
  guint n;
  guint dos_time, dos_date;
} Zip;

static void
zip_add (Zip *z, const char *name, const char *data, gsize len)
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

static GByteArray *
zip_finish (Zip *z)
{
  guint32 start = z->out->len;

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
  return z->out;
}

/* ---- the spreadsheet ---- */

#define ODS_MIMETYPE "application/vnd.oasis.opendocument.spreadsheet"

static const char manifest[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" "
  "manifest:version=\"1.2\">\n"
  " <manifest:file-entry manifest:full-path=\"/\" manifest:version=\"1.2\" "
  "manifest:media-type=\"" ODS_MIMETYPE "\"/>\n"
  " <manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>\n"
  "</manifest:manifest>\n";

static void
text_cell (GString *s, const char *text)
{
  g_autofree char *esc = g_markup_escape_text (text, -1);

  g_string_append_printf (s, "<table:table-cell office:value-type=\"string\"><text:p>%s</text:p>"
                             "</table:table-cell>", esc);
}

static void
number_cell (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* The number exactly as stored, and the same as shown text (spreadsheets show the value). */
  g_ascii_dtostr (buf, sizeof buf, v);
  g_string_append_printf (s, "<table:table-cell office:value-type=\"float\" office:value=\"%s\">"
                             "<text:p>%s</text:p></table:table-cell>", buf, buf);
}

static void
add_table (GString *s, DmkIozoneTable *t, DmkIozoneOp op)
{
  /* Sheet names as the .xlsx's: the operation's name; the -R layout below it. */
  g_string_append_printf (s, "<table:table table:name=\"%s\">", dmk_iozone_op_name (op));
  g_string_append (s, "<table:table-row>");
  text_cell (s, dmk_iozone_op_report (op));
  g_string_append (s, "</table:table-row><table:table-row>");
  text_cell (s, "KiB / MB/s");
  for (guint r = 0; r < t->n_records; r++)
    number_cell (s, t->records[r] / 1024.0);
  g_string_append (s, "</table:table-row>");
  for (guint f = 0; f < t->n_files; f++)
    {
      g_string_append (s, "<table:table-row>");
      number_cell (s, (double) (t->files[f] / 1024));
      for (guint r = 0; r < t->n_records; r++)
        {
          double v = *dmk_iozone_table_cell (t, op, f, r);
          if (isnan (v))
            g_string_append (s, "<table:table-cell/>");
          else
            number_cell (s, v);
        }
      g_string_append (s, "</table:table-row>");
    }
  g_string_append (s, "</table:table>");
}

static char *
content_xml (DmkIozoneTable *t)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                             "<office:document-content "
                             "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
                             "xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" "
                             "xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" "
                             "office:version=\"1.2\"><office:body><office:spreadsheet>");

  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    if ((t->mask & (1u << op)) != 0)
      add_table (s, t, op);
  g_string_append (s, "</office:spreadsheet></office:body></office:document-content>\n");
  return g_string_free (s, FALSE);
}

gboolean
dmk_iozone_table_save_ods (DmkIozoneTable *table, const char *path, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *content = NULL;
  g_autoptr (GByteArray) bytes = NULL;
  Zip z = { g_byte_array_new (), g_byte_array_new (), 0, 0, 0 };

  g_return_val_if_fail (table != NULL && path != NULL, FALSE);
  z.dos_time = (guint) (g_date_time_get_hour (now) << 11 | g_date_time_get_minute (now) << 5
                        | g_date_time_get_second (now) / 2);
  z.dos_date = (guint) ((MAX (g_date_time_get_year (now), 1980) - 1980) << 9
                        | g_date_time_get_month (now) << 5 | g_date_time_get_day_of_month (now));
  content = content_xml (table);
  zip_add (&z, "mimetype", ODS_MIMETYPE, strlen (ODS_MIMETYPE));
  zip_add (&z, "META-INF/manifest.xml", manifest, strlen (manifest));
  zip_add (&z, "content.xml", content, strlen (content));
  bytes = zip_finish (&z);
  /* Written whole or not at all, as a regular file or nothing. */
  return dmk_output_save (path, bytes->data, bytes->len, error);
}
