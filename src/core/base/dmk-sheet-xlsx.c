/* dmk-sheet-xlsx.c: a workbook (dmk-sheet.h) as an Office Open XML workbook (.xlsx): a ZIP archive
 * of the package's parts, one worksheet per table, text as inline strings, numbers as values. */
#include "config.h"

#include <string.h>

#include "dmk-sheet-xlsx.h"
#include "dmk-zip.h"

#define XML_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
#define NS_MAIN "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
#define NS_REL "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#define NS_PKG_REL "http://schemas.openxmlformats.org/package/2006/relationships"
#define CT_SML "application/vnd.openxmlformats-officedocument.spreadsheetml"

static const char root_rels[] =
  XML_HEAD "<Relationships xmlns=\"" NS_PKG_REL "\"><Relationship Id=\"rId1\" Type=\"" NS_REL
           "/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>";

/* One font, the two fills every workbook has, one border, one cell format: what Excel needs. */
static const char styles[] =
  XML_HEAD "<styleSheet xmlns=\"" NS_MAIN "\"><fonts count=\"1\"><font><sz val=\"11\"/>"
           "<name val=\"Calibri\"/></font></fonts><fills count=\"2\"><fill><patternFill "
           "patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill>"
           "</fills><borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/>"
           "</border></borders><cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" "
           "fillId=\"0\" borderId=\"0\"/></cellStyleXfs><cellXfs count=\"1\"><xf numFmtId=\"0\" "
           "fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/></cellXfs><cellStyles "
           "count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
           "</styleSheet>";

/* "A", "Z", "AA": a column's letters, from 0. */
static void
append_column (GString *s, guint column)
{
  char letters[8];
  int n = 0;

  column++;
  while (column > 0 && n < (int) sizeof letters)
    {
      letters[n++] = (char) ('A' + (column - 1) % 26);
      column = (column - 1) / 26;
    }
  while (n > 0)
    g_string_append_c (s, letters[--n]);
}

static void
add_cell (GString *s, const DmkCell *cell, guint row, guint column)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *text = NULL;

  if (cell->kind == DMK_CELL_EMPTY)
    return;
  g_string_append (s, "<c r=\"");
  append_column (s, column);
  g_string_append_printf (s, "%u\"", row + 1);
  if (cell->kind == DMK_CELL_NUMBER)
    {
      g_string_append_printf (s, "><v>%s</v></c>", dmk_sheet_xml_number (buf, cell->number));
      return;
    }
  text = dmk_sheet_xml_text (cell->text);
  g_string_append_printf (s, " t=\"inlineStr\"><is><t xml:space=\"preserve\">%s</t></is></c>",
                          text);
}

static char *
worksheet (const DmkSheetTable *t)
{
  GString *s = g_string_new (XML_HEAD "<worksheet xmlns=\"" NS_MAIN "\"><sheetData>");

  for (guint r = 0; r < t->rows->len; r++)
    {
      GArray *row = g_ptr_array_index (t->rows, r);

      if (row->len == 0)
        continue;
      g_string_append_printf (s, "<row r=\"%u\">", r + 1);
      for (guint c = 0; c < row->len; c++)
        add_cell (s, &g_array_index (row, DmkCell, c), r, c);
      g_string_append (s, "</row>");
    }
  g_string_append (s, "</sheetData></worksheet>");
  return g_string_free (s, FALSE);
}

static void
add_text (DmkZip *zip, const char *name, const char *text)
{
  dmk_zip_add (zip, name, text, strlen (text));
}

GBytes *
dmk_sheet_xlsx_bytes (DmkSheet *sheet)
{
  GPtrArray *tables = dmk_sheet_tables (sheet);
  guint n = tables->len;
  g_autoptr (GString) types = g_string_new (
    XML_HEAD "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
             "<Default Extension=\"rels\" ContentType=\"application/"
             "vnd.openxmlformats-package.relationships+xml\"/>"
             "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
             "<Override PartName=\"/xl/workbook.xml\" ContentType=\"" CT_SML ".sheet.main+xml\"/>"
             "<Override PartName=\"/xl/styles.xml\" ContentType=\"" CT_SML ".styles+xml\"/>");
  g_autoptr (GString) book = g_string_new (
    XML_HEAD "<workbook xmlns=\"" NS_MAIN "\" xmlns:r=\"" NS_REL "\"><sheets>");
  g_autoptr (GString) rels = g_string_new (XML_HEAD "<Relationships xmlns=\"" NS_PKG_REL "\">");
  DmkZip *zip = dmk_zip_new ();

  for (guint i = 0; i < n; i++)
    {
      const DmkSheetTable *t = g_ptr_array_index (tables, i);
      g_autofree char *name = dmk_sheet_xml_text (t->name);

      g_string_append_printf (types, "<Override PartName=\"/xl/worksheets/sheet%u.xml\" "
                                     "ContentType=\"" CT_SML ".worksheet+xml\"/>", i + 1);
      g_string_append_printf (book, "<sheet name=\"%s\" sheetId=\"%u\" r:id=\"rId%u\"/>", name,
                              i + 1, i + 1);
      g_string_append_printf (rels, "<Relationship Id=\"rId%u\" Type=\"" NS_REL "/worksheet\" "
                                    "Target=\"worksheets/sheet%u.xml\"/>", i + 1, i + 1);
    }
  g_string_append (types, "</Types>");
  g_string_append (book, "</sheets></workbook>");
  g_string_append_printf (rels, "<Relationship Id=\"rId%u\" Type=\"" NS_REL "/styles\" "
                                "Target=\"styles.xml\"/></Relationships>", n + 1);
  add_text (zip, "[Content_Types].xml", types->str);
  add_text (zip, "_rels/.rels", root_rels);
  add_text (zip, "xl/workbook.xml", book->str);
  add_text (zip, "xl/_rels/workbook.xml.rels", rels->str);
  add_text (zip, "xl/styles.xml", styles);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *part = g_strdup_printf ("xl/worksheets/sheet%u.xml", i + 1);
      g_autofree char *xml = worksheet (g_ptr_array_index (tables, i));
      add_text (zip, part, xml);
    }
  return dmk_zip_finish (zip);
}
