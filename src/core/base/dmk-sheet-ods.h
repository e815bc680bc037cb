/* dmk-sheet-ods.h: a workbook (dmk-sheet.h) as the bytes of an OpenDocument spreadsheet. */
#pragma once

#include <glib.h>

#include "dmk-sheet.h"

G_BEGIN_DECLS

GBytes *dmk_sheet_ods_bytes (DmkSheet *sheet);

G_END_DECLS
