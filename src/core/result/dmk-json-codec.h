/* dmk-json-codec.h: the pieces every result file is written and read with, inside result/ only:
 * members one by one, a test's spec, and the one codec for columns of numbers (a pass's series,
 * a sustained write's, a surface's points). */
#pragma once

#include <json-glib/json-glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* More than any real rate, latency or time; the most bytes any count may hold. */
#define DMK_JSON_BIG 1e15
#define DMK_JSON_MAX_BYTES ((gint64) 1 << 60)

/* ---- writing: one member each; a double that is not finite is written as 0 ---- */
void _dmk_jb_double (JsonBuilder *b, const char *key, double v);
void _dmk_jb_int (JsonBuilder *b, const char *key, gint64 v);
void _dmk_jb_string (JsonBuilder *b, const char *key, const char *v);
void _dmk_jb_bool (JsonBuilder *b, const char *key, gboolean v);
/* A test's spec as its members: "name", "pattern", "block_size", "queue_depth", "threads". */
void _dmk_jb_spec (JsonBuilder *b, const DmkTestSpec *spec);

/* ---- reading: after the first failure every _dmk_rd_* returns at once, so the first is the
 * one told. where is the path of o ("results[2].") that the messages put before key. ---- */
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
/* A spec written by _dmk_jb_spec, or by files before it as one "test" member ("SEQ1M Q8T1"). */
gboolean _dmk_rd_spec (DmkJsonReader *rd, JsonObject *o, const char *where, DmkTestSpec *spec);

/* ---- columns: an array of structs as an object of equal-length arrays ---- */
typedef enum
{
  DMK_COLUMN_COUNT,      /* guint64, a whole number up to DMK_JSON_MAX_BYTES */
  DMK_COLUMN_NUMBER,     /* double, 0 to DMK_JSON_BIG */
  DMK_COLUMN_INCREASING, /* double, each above the one before (and above 0) */
} DmkColumnType;

typedef struct
{
  const char *name;
  DmkColumnType type;
  gsize offset; /* of the field in the struct */
} DmkColumn;

typedef struct
{
  const DmkColumn *columns;
  guint n_columns;
  gsize element_size;
  guint max_rows;
  gboolean celsius; /* DmkSample rows: the drive's temperature as an optional "celsius" column */
} DmkColumns;

/* The shapes every file uses. */
extern const DmkColumns dmk_columns_samples;        /* a pass's series, DMK_SERIES_MAX_POINTS */
extern const DmkColumns dmk_columns_sustained;      /* a sustained write's, its max points */
extern const DmkColumns dmk_columns_surface_points; /* DmkSurfacePoint */
extern const DmkColumns dmk_columns_access;         /* DmkAccessPoint */

void _dmk_jb_columns (JsonBuilder *b, const char *key, const DmkColumns *shape, const GArray *rows);
/* Reads o's key into rows (an array of shape's elements, appended to). FALSE on a failure. */
gboolean _dmk_rd_columns (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                          const DmkColumns *shape, GArray *rows);

G_END_DECLS
