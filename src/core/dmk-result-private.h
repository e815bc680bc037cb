/* dmk-result-private.h: what the result's JSON files share (the loader, the field reader, the
 * scans' sections), for core only. */
#pragma once

#include <json-glib/json-glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* The result in o, already known to be of schema DMK_RESULT_SCHEMA; or NULL with a DMK_ERROR_PARSE
 * error naming the first bad field ("“settings.passes” is out of range"), without a file name. */
DmkResult *_dmk_result_read_object (JsonObject *o, GError **error);

/* Writing: one member each. A double that is not finite is written as 0. */
void _dmk_jb_double (JsonBuilder *b, const char *key, double v);
void _dmk_jb_int (JsonBuilder *b, const char *key, gint64 v);
void _dmk_jb_string (JsonBuilder *b, const char *key, const char *v);
void _dmk_jb_bool (JsonBuilder *b, const char *key, gboolean v);
/* A series' optional "celsius" column (GArray of DmkSample), written into the open object. */
void _dmk_jb_celsius_column (JsonBuilder *b, const GArray *series);

/* Reading: after the first failure every _dmk_rd_* returns at once, so the first is the one
 * told. where is the path of o ("results[2].") that the messages put before key. */
typedef struct
{
  GError **error;
  gboolean failed;
} DmkJsonReader;

gboolean _dmk_rd_fail (DmkJsonReader *rd, const char *format, ...) G_GNUC_PRINTF (2, 3);
JsonNode *_dmk_rd_member (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                          gboolean required);
JsonObject *_dmk_rd_object (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key);
JsonArray *_dmk_rd_array (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key);
char *_dmk_rd_string (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                      gboolean nullable);
double _dmk_rd_number (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                       double min, double max);
gint64 _dmk_rd_int (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                    gint64 min, gint64 max);
gboolean _dmk_rd_bool (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key);
/* Reads so's optional "celsius" column into series' samples (a number in range or null each). */
gboolean _dmk_rd_celsius_column (DmkJsonReader *rd, JsonObject *so, const char *sw,
                                 GArray *series);

/* The scans' sections (dmk-scan-json.c): written when the result has one, read by its kind. */
void _dmk_scan_write_json (JsonBuilder *b, const DmkResult *r);
void _dmk_scan_read_json (DmkJsonReader *rd, JsonObject *o, DmkResult *r);

/* The text report's parts that every kind shares (dmk-report.c), C locale. size is what the
 * test covered; passes 0 leaves out "(xN)". */
void _dmk_report_append_header (GString *s, DmkResult *r);
void _dmk_report_append_target (GString *s, DmkResult *r, const char *size, guint passes);
void _dmk_report_append_footer (GString *s, DmkResult *r);

G_END_DECLS
