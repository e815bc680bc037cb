/* dmk-sheet-xlsx.h: a workbook (dmk-sheet.h) as the bytes of an Office Open XML workbook. */
#pragma once

#include <glib.h>

#include "dmk-sheet.h"

G_BEGIN_DECLS

GBytes *dmk_sheet_xlsx_bytes (DmkSheet *sheet);

G_END_DECLS
