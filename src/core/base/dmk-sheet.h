/* dmk-sheet.h: the one spreadsheet writer's workbook: named tables, each of rows of typed cells
 * (a number or a text), saved by dmk-sheet-file.h as an OpenDocument spreadsheet (.ods) or an
 * Office Open XML workbook (.xlsx). A number is a numeric cell holding the double itself (every digit), never
 * text, so that a spreadsheet in any locale reads it as the number it is. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _DmkSheet DmkSheet;

DmkSheet *dmk_sheet_new (void);
void dmk_sheet_free (DmkSheet *sheet);
/* Starts a table (a sheet of the workbook) named name; the cells that follow go into it. A name
 * is cut to what both formats allow (31 characters, none of []:*?/\). */
void dmk_sheet_add_table (DmkSheet *sheet, const char *name);
/* One cell each, at the end of the row under way: text (NULL or "": an empty cell), a number
 * (not finite: an empty cell), an empty cell. */
void dmk_sheet_text (DmkSheet *sheet, const char *text);
void dmk_sheet_number (DmkSheet *sheet, double value);
void dmk_sheet_empty (DmkSheet *sheet);
void dmk_sheet_end_row (DmkSheet *sheet);
/* Whether sheet has a table yet. */
gboolean dmk_sheet_has_table (DmkSheet *sheet);

/* For the writers (dmk-sheet-ods.c, dmk-sheet-xlsx.c). */
typedef enum
{
  DMK_CELL_EMPTY,
  DMK_CELL_NUMBER,
  DMK_CELL_TEXT,
} DmkCellKind;

typedef struct
{
  DmkCellKind kind;
  double number;
  char *text;
} DmkCell;

typedef struct
{
  char *name;
  GPtrArray *rows; /* GArray of DmkCell each; the last may be the empty row under way */
} DmkSheetTable;

/* The tables, in order (DmkSheetTable *). */
GPtrArray *dmk_sheet_tables (DmkSheet *sheet);
/* text fit for XML 1.0 and escaped: the control characters XML cannot hold become U+FFFD. */
char *dmk_sheet_xml_text (const char *text);
/* A number as XML holds it: every digit, C locale. buf: G_ASCII_DTOSTR_BUF_SIZE. */
const char *dmk_sheet_xml_number (char *buf, double value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkSheet, dmk_sheet_free)

G_END_DECLS
