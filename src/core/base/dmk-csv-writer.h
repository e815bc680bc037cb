/* dmk-csv-writer.h: the one CSV dialect GDiskMark writes, for every table it saves (a result, a
 * comparison, an iozone sweep, the history): RFC 4180 (a comma between fields, CRLF after each
 * row, a field in quotes when it holds a comma, a quote or a line break), numbers in the C locale
 * (a point before the decimals in every locale, so that a spreadsheet reads them as numbers
 * wherever it runs), text with control characters written out, and a cell that a spreadsheet
 * would take for a formula begun with '. The same rows may instead go into a spreadsheet's table
 * (dmk-sheet.h): each field a typed cell, a number with every digit it has. */
#pragma once

#include <glib.h>

#include "dmk-sheet.h"

G_BEGIN_DECLS

typedef struct
{
  GString *out;
  gboolean in_row; /* a field was written in the row under way */
  DmkSheet *sheet; /* where the rows go instead of out, or NULL */
} DmkCsv;

/* Rows are appended to out. */
void dmk_csv_init (DmkCsv *csv, GString *out);
/* Rows are appended to sheet's table under way instead: text as text cells, numbers, counts and
 * dmk_csv_value ()'s exact values as numeric cells (dmk_csv_number's decimals do not round
 * them), dmk_csv_plain ()'s words as text. */
void dmk_csv_init_sheet (DmkCsv *csv, DmkSheet *sheet);
/* A row of column names, ended. */
void dmk_csv_header (DmkCsv *csv, const char *const *names);
/* One field each: text (NULL: empty); a number with decimals (not finite: empty); a count; an
 * empty field; a field already formatted as a C-locale number or a plain word of our own. */
void dmk_csv_text (DmkCsv *csv, const char *text);
void dmk_csv_number (DmkCsv *csv, double value, guint decimals);
void dmk_csv_uint (DmkCsv *csv, guint64 value);
void dmk_csv_empty (DmkCsv *csv);
void dmk_csv_plain (DmkCsv *csv, const char *formatted);
/* A number shown as formatted in the CSV (NULL: empty) and as exact in a sheet (not finite:
 * empty): the CSV keeps its rounding, the spreadsheet every digit. */
void dmk_csv_value (DmkCsv *csv, double exact, const char *formatted);
void dmk_csv_end_row (DmkCsv *csv);

G_END_DECLS
