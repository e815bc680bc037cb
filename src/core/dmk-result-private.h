/* dmk-result-private.h: what the file loader shares with the field reader, for core only. */
#pragma once

#include <json-glib/json-glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* The result in o, already known to be of schema DMK_RESULT_SCHEMA; or NULL with a DMK_ERROR_PARSE
 * error naming the first bad field ("“settings.passes” is out of range"), without a file name. */
DmkResult *_dmk_result_read_object (JsonObject *o, GError **error);

G_END_DECLS
