/* dmk-result-chain.h: a result's chain, verdict and conditions in its JSON and its text. */
#pragma once

#include <json-glib/json-glib.h>

#include "dmk-json-codec.h"
#include "dmk-result.h"

G_BEGIN_DECLS

/* "chain" (links and verdict) and "conditions", each only where known. */
void _dmk_result_write_chain (JsonBuilder *b, DmkResult *r);
/* Reads them back where present; the verdict is not read but found again from the chain. */
void _dmk_result_read_chain (DmkJsonReader *rd, JsonObject *o, DmkResult *r);
/* "  Link: …", " Limit: …" and "  When: …" lines of the text report. */
void _dmk_report_append_chain (GString *s, DmkResult *r);

G_END_DECLS
