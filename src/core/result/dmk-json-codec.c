/* dmk-json-codec.c: members, specs and columns of numbers, written and read with every value
 * checked: a result file is data from anyone. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stddef.h>

#include "dmk-error.h"
#include "dmk-json-codec.h"
#include "dmk-scan.h"
#include "dmk-series.h"

/* ---- writing ---- */

void
_dmk_jb_double (JsonBuilder *b, const char *key, double v)
{
  json_builder_set_member_name (b, key);
  /* JSON has no NaN or infinity; a pass that moved nothing is 0. */
  json_builder_add_double_value (b, isfinite (v) ? v : 0.0);
}

void
_dmk_jb_int (JsonBuilder *b, const char *key, gint64 v)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, v);
}

void
_dmk_jb_string (JsonBuilder *b, const char *key, const char *v)
{
  json_builder_set_member_name (b, key);
  if (v != NULL)
    json_builder_add_string_value (b, v);
  else
    json_builder_add_null_value (b);
}

void
_dmk_jb_bool (JsonBuilder *b, const char *key, gboolean v)
{
  json_builder_set_member_name (b, key);
  json_builder_add_boolean_value (b, v);
}

void
_dmk_jb_spec (JsonBuilder *b, const DmkTestSpec *spec)
{
  g_autofree char *name = dmk_test_spec_to_name (spec);

  _dmk_jb_string (b, "name", name);
  _dmk_jb_string (b, "pattern", dmk_pattern_to_string (spec->pattern));
  _dmk_jb_int (b, "block_size", spec->block_size);
  _dmk_jb_int (b, "queue_depth", spec->queue_depth);
  _dmk_jb_int (b, "threads", spec->threads);
  if (spec->pattern == DMK_PATTERN_STRIDED)
    _dmk_jb_int (b, "stride", spec->stride);
}

/* ---- reading ---- */

gboolean
_dmk_rd_fail (DmkJsonReader *rd, const char *format, ...)
{
  va_list ap;

  if (rd->failed)
    return FALSE;
  rd->failed = TRUE;
  va_start (ap, format);
  {
    g_autofree char *msg = g_strdup_vprintf (format, ap);
    g_set_error_literal (rd->error, DMK_ERROR, DMK_ERROR_PARSE, msg);
  }
  va_end (ap);
  return FALSE;
}

JsonNode *
_dmk_rd_member (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                gboolean required)
{
  JsonNode *n;

  if (rd->failed || o == NULL)
    return NULL;
  n = json_object_get_member (o, key);
  if (n == NULL && required)
    _dmk_rd_fail (rd, _("missing key “%s%s”"), where, key);
  return n;
}

JsonObject *
_dmk_rd_object (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key)
{
  JsonNode *n = _dmk_rd_member (rd, o, where, key, TRUE);

  if (n == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    {
      _dmk_rd_fail (rd, _("“%s%s” must be an object"), where, key);
      return NULL;
    }
  return json_node_get_object (n);
}

JsonArray *
_dmk_rd_array (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key)
{
  JsonNode *n = _dmk_rd_member (rd, o, where, key, TRUE);

  if (n == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (n))
    {
      _dmk_rd_fail (rd, _("“%s%s” must be an array"), where, key);
      return NULL;
    }
  return json_node_get_array (n);
}

char *
_dmk_rd_string (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                gboolean nullable)
{
  JsonNode *n = _dmk_rd_member (rd, o, where, key, !nullable);

  if (n == NULL || (nullable && JSON_NODE_HOLDS_NULL (n)))
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    {
      _dmk_rd_fail (rd, _("“%s%s” must be a string"), where, key);
      return NULL;
    }
  return g_strdup (json_node_get_string (n));
}

/* A number node's value, or NAN; *whole says whether it was written as an integer. */
static double
node_number (JsonNode *n, gboolean *whole)
{
  GType t = n != NULL && JSON_NODE_HOLDS_VALUE (n) ? json_node_get_value_type (n)
                                                   : G_TYPE_INVALID;

  *whole = t == G_TYPE_INT64;
  if (t == G_TYPE_INT64)
    return (double) json_node_get_int (n);
  if (t == G_TYPE_DOUBLE)
    return json_node_get_double (n);
  return NAN;
}

double
_dmk_rd_number (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key, double min,
                double max)
{
  JsonNode *n = _dmk_rd_member (rd, o, where, key, TRUE);
  gboolean whole;
  double v;

  if (n == NULL)
    return 0;
  v = node_number (n, &whole);
  if (!JSON_NODE_HOLDS_VALUE (n) || (json_node_get_value_type (n) != G_TYPE_INT64 &&
                                     json_node_get_value_type (n) != G_TYPE_DOUBLE))
    {
      _dmk_rd_fail (rd, _("“%s%s” must be a number"), where, key);
      return 0;
    }
  if (!isfinite (v) || v < min || v > max)
    {
      _dmk_rd_fail (rd, _("“%s%s” is out of range"), where, key);
      return 0;
    }
  return v;
}

gint64
_dmk_rd_int (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key, gint64 min,
             gint64 max)
{
  JsonNode *n = _dmk_rd_member (rd, o, where, key, TRUE);
  gint64 v;

  if (n == NULL)
    return 0;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    {
      _dmk_rd_fail (rd, _("“%s%s” must be a whole number"), where, key);
      return 0;
    }
  v = json_node_get_int (n);
  if (v < min || v > max)
    {
      _dmk_rd_fail (rd, _("“%s%s” is out of range"), where, key);
      return 0;
    }
  return v;
}

gboolean
_dmk_rd_bool (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key)
{
  JsonNode *n = _dmk_rd_member (rd, o, where, key, TRUE);

  if (n == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
    return _dmk_rd_fail (rd, _("“%s%s” must be true or false"), where, key);
  return json_node_get_boolean (n);
}

gboolean
_dmk_rd_spec (DmkJsonReader *rd, JsonObject *o, const char *where, DmkTestSpec *spec)
{
  g_autofree char *pattern = NULL;

  if (rd->failed)
    return FALSE;
  if (!json_object_has_member (o, "pattern") && json_object_has_member (o, "test"))
    {
      /* Files before the one encoding: the spec's name alone. */
      g_autofree char *name = _dmk_rd_string (rd, o, where, "test", FALSE);

      if (name == NULL)
        return FALSE;
      if (!dmk_test_spec_parse (name, spec, NULL) || !dmk_test_spec_validate (spec, NULL))
        return _dmk_rd_fail (rd, _("“%stest” is not a test such as “SEQ1M Q8T1”"), where);
      return TRUE;
    }
  pattern = _dmk_rd_string (rd, o, where, "pattern", FALSE);
  spec->block_size = (guint32) _dmk_rd_int (rd, o, where, "block_size", DMK_SPEC_MIN_BLOCK,
                                            DMK_SPEC_MAX_BLOCK);
  spec->queue_depth = (guint) _dmk_rd_int (rd, o, where, "queue_depth", 1, DMK_SPEC_MAX_QD);
  spec->threads = (guint) _dmk_rd_int (rd, o, where, "threads", 1, DMK_SPEC_MAX_THREADS);
  if (rd->failed)
    return FALSE;
  if (!dmk_pattern_from_string (pattern, &spec->pattern))
    return _dmk_rd_fail (rd, _("“%spattern” must be “sequential”, “random”, “backward” or "
                               "“strided”"),
                         where);
  spec->stride = 0;
  if (spec->pattern == DMK_PATTERN_STRIDED)
    spec->stride = (guint) _dmk_rd_int (rd, o, where, "stride", 2, DMK_SPEC_MAX_STRIDE);
  return !rd->failed;
}

/* ---- columns ---- */

static const DmkColumn sample_columns[] = {
  { "end_s", DMK_COLUMN_INCREASING, offsetof (DmkSample, end_s) },
  { "bytes", DMK_COLUMN_COUNT, offsetof (DmkSample, bytes) },
  { "ios", DMK_COLUMN_COUNT, offsetof (DmkSample, ios) },
  { "latency_us", DMK_COLUMN_NUMBER, offsetof (DmkSample, latency_us) },
};
static const DmkColumn point_columns[] = {
  { "offset", DMK_COLUMN_COUNT, offsetof (DmkSurfacePoint, offset) },
  { "bytes", DMK_COLUMN_COUNT, offsetof (DmkSurfacePoint, bytes) },
  { "seconds", DMK_COLUMN_NUMBER, offsetof (DmkSurfacePoint, seconds) },
};
static const DmkColumn access_columns[] = {
  { "offset", DMK_COLUMN_COUNT, offsetof (DmkAccessPoint, offset) },
  { "distance", DMK_COLUMN_COUNT, offsetof (DmkAccessPoint, distance) },
  { "latency_us", DMK_COLUMN_NUMBER, offsetof (DmkAccessPoint, latency_us) },
};

const DmkColumns dmk_columns_samples = { sample_columns, G_N_ELEMENTS (sample_columns),
                                         sizeof (DmkSample), DMK_SERIES_MAX_POINTS, TRUE };
const DmkColumns dmk_columns_sustained = { sample_columns, G_N_ELEMENTS (sample_columns),
                                           sizeof (DmkSample), DMK_SUSTAINED_MAX_POINTS, TRUE };
const DmkColumns dmk_columns_surface_points = { point_columns, G_N_ELEMENTS (point_columns),
                                                sizeof (DmkSurfacePoint),
                                                DMK_SURFACE_MAX_SAMPLES, FALSE };
const DmkColumns dmk_columns_access = { access_columns, G_N_ELEMENTS (access_columns),
                                        sizeof (DmkAccessPoint), DMK_ACCESS_MAX_READS, FALSE };

static void *
field (const GArray *rows, const DmkColumns *shape, guint i, const DmkColumn *c)
{
  return rows->data + (gsize) i * shape->element_size + c->offset;
}

/* Where a series has temperatures, its "celsius" column: the reading at each interval's end,
 * null where there was none. Nothing when no interval has one. */
static void
write_celsius (JsonBuilder *b, const GArray *series)
{
  gboolean any = FALSE;

  for (guint i = 0; i < series->len && !any; i++)
    any = g_array_index (series, DmkSample, i).has_celsius;
  if (!any)
    return;
  json_builder_set_member_name (b, "celsius");
  json_builder_begin_array (b);
  for (guint i = 0; i < series->len; i++)
    {
      const DmkSample *s = &g_array_index (series, DmkSample, i);

      if (s->has_celsius && isfinite (s->celsius))
        json_builder_add_double_value (b, s->celsius);
      else
        json_builder_add_null_value (b);
    }
  json_builder_end_array (b);
}

void
_dmk_jb_columns (JsonBuilder *b, const char *key, const DmkColumns *shape, const GArray *rows)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  for (guint c = 0; c < shape->n_columns; c++)
    {
      const DmkColumn *col = &shape->columns[c];

      json_builder_set_member_name (b, col->name);
      json_builder_begin_array (b);
      for (guint i = 0; i < rows->len; i++)
        {
          const void *p = field (rows, shape, i, col);

          if (col->type == DMK_COLUMN_COUNT)
            json_builder_add_int_value (b, (gint64) * (const guint64 *) p);
          else
            json_builder_add_double_value (b, isfinite (*(const double *) p) ? *(const double *) p
                                                                            : 0.0);
        }
      json_builder_end_array (b);
    }
  if (shape->celsius)
    write_celsius (b, rows);
  json_builder_end_object (b);
}

static gboolean
read_celsius (DmkJsonReader *rd, JsonObject *co, const char *w, GArray *series, guint first)
{
  guint n = series->len - first;
  JsonArray *col;

  if (!json_object_has_member (co, "celsius"))
    return TRUE;
  if ((col = _dmk_rd_array (rd, co, w, "celsius")) == NULL)
    return FALSE;
  if (json_array_get_length (col) != n)
    return _dmk_rd_fail (rd,
                         g_dngettext (GETTEXT_PACKAGE, "“%scelsius” has %u value for %u intervals",
                                      "“%scelsius” has %u values for %u intervals",
                                      json_array_get_length (col)),
                         w, json_array_get_length (col), n);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *e = json_array_get_element (col, i);
      DmkSample *s = &g_array_index (series, DmkSample, first + i);
      gboolean whole;
      double v;

      if (JSON_NODE_HOLDS_NULL (e))
        continue;
      v = node_number (e, &whole);
      if (!isfinite (v) || v < DMK_CELSIUS_MIN || v > DMK_CELSIUS_MAX)
        return _dmk_rd_fail (rd, _("“%scelsius” is out of range"), w);
      s->has_celsius = TRUE;
      s->celsius = v;
    }
  return TRUE;
}

/* One value of column col in row i, checked: counts whole and in range, numbers finite and not
 * negative, increasing columns above the row before. */
static gboolean
read_cell (DmkJsonReader *rd, JsonNode *e, const char *w, const DmkColumn *col, double prev,
           void *out)
{
  gboolean whole;
  double v = node_number (e, &whole);
  gboolean ok = isfinite (v) && v >= 0;

  if (col->type == DMK_COLUMN_COUNT)
    ok = ok && whole && v <= (double) DMK_JSON_MAX_BYTES;
  else
    ok = ok && v <= DMK_JSON_BIG && (col->type != DMK_COLUMN_INCREASING || v > prev);
  if (!ok)
    return _dmk_rd_fail (rd, _("“%s%s” is out of range"), w, col->name);
  if (col->type == DMK_COLUMN_COUNT)
    *(guint64 *) out = (guint64) json_node_get_int (e);
  else
    *(double *) out = v;
  return TRUE;
}

gboolean
_dmk_rd_columns (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
                 const DmkColumns *shape, GArray *rows)
{
  g_autofree char *w = g_strconcat (where, key, ".", NULL);
  JsonObject *co = _dmk_rd_object (rd, o, where, key);
  JsonArray *cols[8];
  guint n = 0, first = rows->len;

  g_return_val_if_fail (shape->n_columns <= G_N_ELEMENTS (cols), FALSE);
  if (co == NULL)
    return FALSE;
  for (guint c = 0; c < shape->n_columns; c++)
    {
      if ((cols[c] = _dmk_rd_array (rd, co, w, shape->columns[c].name)) == NULL)
        return FALSE;
      if (c == 0)
        n = json_array_get_length (cols[c]);
      /* Refused by count, before its length is compared or any of it is kept. */
      if (json_array_get_length (cols[c]) > shape->max_rows)
        return _dmk_rd_fail (rd, _("“%s%s” has more than %u points"), where, key,
                             shape->max_rows);
      if (json_array_get_length (cols[c]) != n)
        return _dmk_rd_fail (rd, _("“%s%s” has columns of different lengths"), where, key);
    }
  g_array_set_size (rows, first + n);
  for (guint c = 0; c < shape->n_columns; c++)
    {
      const DmkColumn *col = &shape->columns[c];
      double prev = 0;

      for (guint i = 0; i < n; i++)
        {
          void *out = field (rows, shape, first + i, col);

          if (!read_cell (rd, json_array_get_element (cols[c], i), w, col, prev, out))
            {
              g_array_set_size (rows, first);
              return FALSE;
            }
          if (col->type != DMK_COLUMN_COUNT)
            prev = *(double *) out;
        }
    }
  if (shape->celsius && !read_celsius (rd, co, w, rows, first))
    {
      g_array_set_size (rows, first);
      return FALSE;
    }
  return TRUE;
}
