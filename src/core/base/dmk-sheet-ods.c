/* dmk-sheet-ods.c: a workbook (dmk-sheet.h) as an OpenDocument spreadsheet: a ZIP archive with
 * "mimetype" first and stored, as ODF asks, then the manifest and content.xml, one table each. */
#include "config.h"

#include <string.h>

#include "dmk-sheet-ods.h"
#include "dmk-zip.h"

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
add_cell (GString *s, const DmkCell *cell)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *text = NULL;

  switch (cell->kind)
    {
    case DMK_CELL_NUMBER:
      /* The value itself, and the same as the text shown until a spreadsheet formats it. */
      dmk_sheet_xml_number (buf, cell->number);
      g_string_append_printf (s, "<table:table-cell office:value-type=\"float\" "
                                 "office:value=\"%s\"><text:p>%s</text:p></table:table-cell>",
                              buf, buf);
      break;
    case DMK_CELL_TEXT:
      text = dmk_sheet_xml_text (cell->text);
      g_string_append_printf (s, "<table:table-cell office:value-type=\"string\"><text:p>%s"
                                 "</text:p></table:table-cell>", text);
      break;
    case DMK_CELL_EMPTY:
    default:
      g_string_append (s, "<table:table-cell/>");
      break;
    }
}

static void
add_table (GString *s, const DmkSheetTable *t)
{
  g_autofree char *name = dmk_sheet_xml_text (t->name);
  guint n = t->rows->len;

  /* The row under way is left out when nothing was put in it. */
  if (n > 0 && ((GArray *) g_ptr_array_index (t->rows, n - 1))->len == 0)
    n--;
  g_string_append_printf (s, "<table:table table:name=\"%s\">", name);
  for (guint r = 0; r < n; r++)
    {
      GArray *row = g_ptr_array_index (t->rows, r);

      g_string_append (s, "<table:table-row>");
      for (guint c = 0; c < row->len; c++)
        add_cell (s, &g_array_index (row, DmkCell, c));
      /* A row holds at least one cell. */
      if (row->len == 0)
        g_string_append (s, "<table:table-cell/>");
      g_string_append (s, "</table:table-row>");
    }
  g_string_append (s, "</table:table>");
}

GBytes *
dmk_sheet_ods_bytes (DmkSheet *sheet)
{
  GPtrArray *tables = dmk_sheet_tables (sheet);
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                             "<office:document-content "
                             "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
                             "xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" "
                             "xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" "
                             "office:version=\"1.2\"><office:body><office:spreadsheet>");
  g_autofree char *content = NULL;
  DmkZip *zip = dmk_zip_new ();

  for (guint i = 0; i < tables->len; i++)
    add_table (s, g_ptr_array_index (tables, i));
  g_string_append (s, "</office:spreadsheet></office:body></office:document-content>\n");
  content = g_string_free (s, FALSE);
  dmk_zip_add (zip, "mimetype", ODS_MIMETYPE, strlen (ODS_MIMETYPE));
  dmk_zip_add (zip, "META-INF/manifest.xml", manifest, strlen (manifest));
  dmk_zip_add (zip, "content.xml", content, strlen (content));
  return dmk_zip_finish (zip);
}
