/* dmk-scan-json.c: the scans' sections of a result file ("sustained", "surface"), written and
 * read with every value checked: a file is data from anyone. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dmk-result-private.h"
#include "dmk-scan.h"
#include "dmk-series.h"

#define BIG 1e15 /* more than any real rate, latency or time */
#define MAX_BYTES ((gint64) 1 << 60)

static void
add_spec (JsonBuilder *b, const DmkTestSpec *spec)
{
  g_autofree char *name = dmk_test_spec_to_name (spec);

  _dmk_jb_string (b, "test", name);
}

/* Columns of equal length, as the passes' series are written; a series' temperatures after
 * them (DmkSample arrays only). */
static void
add_columns (JsonBuilder *b, const char *key, const GArray *a, const char *const *names,
             guint n_cols, void (*cell) (JsonBuilder *, const GArray *, guint, guint),
             gboolean samples)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  for (guint c = 0; c < n_cols; c++)
    {
      json_builder_set_member_name (b, names[c]);
      json_builder_begin_array (b);
      for (guint i = 0; i < a->len; i++)
        cell (b, a, i, c);
      json_builder_end_array (b);
    }
  if (samples)
    _dmk_jb_celsius_column (b, a);
  json_builder_end_object (b);
}

static void
add_double_value (JsonBuilder *b, double v)
{
  json_builder_add_double_value (b, isfinite (v) ? v : 0.0);
}

static const char *const sample_cols[] = { "end_s", "bytes", "ios", "latency_us" };
static const char *const point_cols[] = { "offset", "bytes", "seconds" };
static const char *const access_cols[] = { "offset", "distance", "latency_us" };

static void
sample_cell (JsonBuilder *b, const GArray *a, guint i, guint c)
{
  const DmkSample *s = &g_array_index (a, DmkSample, i);

  if (c == 1 || c == 2)
    json_builder_add_int_value (b, (gint64) (c == 1 ? s->bytes : s->ios));
  else
    add_double_value (b, c == 0 ? s->end_s : s->latency_us);
}

static void
point_cell (JsonBuilder *b, const GArray *a, guint i, guint c)
{
  const DmkSurfacePoint *p = &g_array_index (a, DmkSurfacePoint, i);

  if (c < 2)
    json_builder_add_int_value (b, (gint64) (c == 0 ? p->offset : p->bytes));
  else
    add_double_value (b, p->seconds);
}

static void
access_cell (JsonBuilder *b, const GArray *a, guint i, guint c)
{
  const DmkAccessPoint *p = &g_array_index (a, DmkAccessPoint, i);

  if (c < 2)
    json_builder_add_int_value (b, (gint64) (c == 0 ? p->offset : p->distance));
  else
    add_double_value (b, p->latency_us);
}

static void
add_cliff (JsonBuilder *b, const DmkCliff *c)
{
  json_builder_set_member_name (b, "cliff");
  if (!c->found)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  _dmk_jb_int (b, "cache_bytes", (gint64) c->cache_bytes);
  _dmk_jb_double (b, "before_mb_per_s", c->before_mb_per_s);
  _dmk_jb_double (b, "after_mb_per_s", c->after_mb_per_s);
  if (c->recovered)
    {
      _dmk_jb_int (b, "recovery_bytes", (gint64) c->recovery_bytes);
      _dmk_jb_double (b, "recovery_mb_per_s", c->recovery_mb_per_s);
    }
  json_builder_end_object (b);
}

void
_dmk_scan_write_json (JsonBuilder *b, const DmkResult *r)
{
  if (r->kind == DMK_KIND_SUSTAINED && r->sustained != NULL)
    {
      const DmkSustained *s = r->sustained;

      json_builder_set_member_name (b, "sustained");
      json_builder_begin_object (b);
      add_spec (b, &s->spec);
      _dmk_jb_int (b, "span_bytes", (gint64) s->span_bytes);
      _dmk_jb_int (b, "bytes", (gint64) s->bytes);
      _dmk_jb_double (b, "seconds", s->seconds);
      _dmk_jb_double (b, "mb_per_s", s->mb_per_s);
      add_cliff (b, &s->cliff);
      add_columns (b, "series", s->series, sample_cols, 4, sample_cell, TRUE);
      json_builder_end_object (b);
    }
  else if (r->kind == DMK_KIND_SURFACE && r->surface != NULL)
    {
      const DmkSurface *s = r->surface;

      json_builder_set_member_name (b, "surface");
      json_builder_begin_object (b);
      add_spec (b, &s->spec);
      _dmk_jb_string (b, "direction", dmk_direction_to_string (s->direction));
      _dmk_jb_int (b, "span_bytes", (gint64) s->span_bytes);
      _dmk_jb_int (b, "sample_bytes", (gint64) s->sample_bytes);
      add_columns (b, "points", s->points, point_cols, 3, point_cell, FALSE);
      _dmk_jb_int (b, "access_block", s->access_block);
      add_columns (b, "access", s->access, access_cols, 3, access_cell, FALSE);
      json_builder_end_object (b);
    }
}

/* ---- reading ---- */

/* The columns of key in o as n rows of n_cols doubles (counts checked to be whole), or NULL. */
static double *
read_columns (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key,
              const char *const *names, guint n_cols, guint64 int_cols, guint max, guint *n_out)
{
  g_autofree char *w = g_strconcat (where, key, ".", NULL);
  JsonObject *co = _dmk_rd_object (rd, o, where, key);
  g_autofree double *rows = NULL;
  guint n = 0;

  if (co == NULL)
    return NULL;
  for (guint c = 0; c < n_cols; c++)
    {
      JsonArray *a = _dmk_rd_array (rd, co, w, names[c]);

      if (a == NULL)
        return NULL;
      if (c == 0)
        n = json_array_get_length (a);
      if (json_array_get_length (a) != n)
        {
          _dmk_rd_fail (rd, _("“%s%s” has columns of different lengths"), where, key);
          return NULL;
        }
      if (n > max)
        {
          _dmk_rd_fail (rd, _("“%s%s” has more than %u points"), where, key, max);
          return NULL;
        }
      if (rows == NULL)
        rows = g_new0 (double, (gsize) MAX (n, 1) * n_cols);
      for (guint i = 0; i < n; i++)
        {
          JsonNode *e = json_array_get_element (a, i);
          GType t = JSON_NODE_HOLDS_VALUE (e) ? json_node_get_value_type (e) : G_TYPE_INVALID;
          gboolean whole = (int_cols >> c) & 1;
          double v = t == G_TYPE_INT64    ? (double) json_node_get_int (e)
                     : t == G_TYPE_DOUBLE ? json_node_get_double (e)
                                          : NAN;

          if (!isfinite (v) || v < 0 || v > (whole ? (double) MAX_BYTES : BIG) ||
              (whole && t != G_TYPE_INT64))
            {
              _dmk_rd_fail (rd, _("“%s%s” is out of range"), w, names[c]);
              return NULL;
            }
          rows[(gsize) i * n_cols + c] = v;
        }
    }
  *n_out = n;
  return g_steal_pointer (&rows);
}

static gboolean
read_spec (DmkJsonReader *rd, JsonObject *o, const char *where, DmkTestSpec *spec)
{
  g_autofree char *name = _dmk_rd_string (rd, o, where, "test", FALSE);

  if (name == NULL)
    return FALSE;
  if (!dmk_test_spec_parse (name, spec, NULL) || !dmk_test_spec_validate (spec, NULL))
    return _dmk_rd_fail (rd, _("“%stest” is not a test such as “SEQ1M Q8T1”"), where);
  return TRUE;
}

static void
read_cliff (DmkJsonReader *rd, JsonObject *o, DmkCliff *c)
{
  JsonNode *n = _dmk_rd_member (rd, o, "sustained.", "cliff", FALSE);
  JsonObject *co;
  const char *w = "sustained.cliff.";

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return;
  if ((co = _dmk_rd_object (rd, o, "sustained.", "cliff")) == NULL)
    return;
  c->found = TRUE;
  c->cache_bytes = (guint64) _dmk_rd_int (rd, co, w, "cache_bytes", 0, MAX_BYTES);
  c->before_mb_per_s = _dmk_rd_number (rd, co, w, "before_mb_per_s", 0, BIG);
  c->after_mb_per_s = _dmk_rd_number (rd, co, w, "after_mb_per_s", 0, BIG);
  if (json_object_has_member (co, "recovery_bytes"))
    {
      c->recovered = TRUE;
      c->recovery_bytes = (guint64) _dmk_rd_int (rd, co, w, "recovery_bytes", 0, MAX_BYTES);
      c->recovery_mb_per_s = _dmk_rd_number (rd, co, w, "recovery_mb_per_s", 0, BIG);
    }
}

static void
read_sustained (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *so = _dmk_rd_object (rd, o, "", "sustained");
  const char *w = "sustained.";
  g_autofree double *rows = NULL;
  DmkSustained *s;
  guint n = 0;

  if (so == NULL)
    return;
  s = r->sustained = dmk_sustained_new ();
  if (!read_spec (rd, so, w, &s->spec))
    return;
  s->span_bytes = (guint64) _dmk_rd_int (rd, so, w, "span_bytes", 1, MAX_BYTES);
  s->bytes = (guint64) _dmk_rd_int (rd, so, w, "bytes", 0, MAX_BYTES);
  s->seconds = _dmk_rd_number (rd, so, w, "seconds", 0, BIG);
  s->mb_per_s = _dmk_rd_number (rd, so, w, "mb_per_s", 0, BIG);
  read_cliff (rd, so, &s->cliff);
  rows = read_columns (rd, so, w, "series", sample_cols, 4, 0x6, DMK_SUSTAINED_MAX_POINTS, &n);
  for (guint i = 0; rows != NULL && i < n; i++)
    {
      DmkSample x = { rows[i * 4], (guint64) rows[i * 4 + 1], (guint64) rows[i * 4 + 2],
                      rows[i * 4 + 3] };
      double prev = i > 0 ? g_array_index (s->series, DmkSample, i - 1).end_s : 0;

      if (x.end_s <= prev)
        {
          _dmk_rd_fail (rd, _("“%s%s” is out of range"), "sustained.series.", "end_s");
          return;
        }
      g_array_append_val (s->series, x);
    }
  if (rows != NULL)
    _dmk_rd_celsius_column (rd, _dmk_rd_object (rd, so, w, "series"), "sustained.series.",
                            s->series);
}

static void
read_surface (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *so = _dmk_rd_object (rd, o, "", "surface");
  const char *w = "surface.";
  g_autofree char *dir = NULL;
  g_autofree double *points = NULL, *access = NULL;
  DmkSurface *s;
  guint n = 0, m = 0;

  if (so == NULL)
    return;
  s = r->surface = dmk_surface_new ();
  if (!read_spec (rd, so, w, &s->spec))
    return;
  dir = _dmk_rd_string (rd, so, w, "direction", FALSE);
  if (dir != NULL && (!dmk_direction_from_string (dir, &s->direction) ||
                      s->direction == DMK_DIRECTION_MIX))
    {
      _dmk_rd_fail (rd, _("“%s%s” is out of range"), w, "direction");
      return;
    }
  s->span_bytes = (guint64) _dmk_rd_int (rd, so, w, "span_bytes", 1, MAX_BYTES);
  s->sample_bytes = (guint64) _dmk_rd_int (rd, so, w, "sample_bytes", 1, MAX_BYTES);
  s->access_block = (guint32) _dmk_rd_int (rd, so, w, "access_block", 0, DMK_SPEC_MAX_BLOCK);
  points = read_columns (rd, so, w, "points", point_cols, 3, 0x3, DMK_SURFACE_MAX_SAMPLES, &n);
  access = read_columns (rd, so, w, "access", access_cols, 3, 0x3, DMK_ACCESS_MAX_READS, &m);
  for (guint i = 0; points != NULL && i < n; i++)
    {
      DmkSurfacePoint p = { (guint64) points[i * 3], (guint64) points[i * 3 + 1],
                            points[i * 3 + 2] };
      if (p.offset >= s->span_bytes)
        {
          _dmk_rd_fail (rd, _("“%s%s” is out of range"), "surface.points.", "offset");
          return;
        }
      g_array_append_val (s->points, p);
    }
  for (guint i = 0; access != NULL && i < m; i++)
    {
      DmkAccessPoint p = { (guint64) access[i * 3], (guint64) access[i * 3 + 1],
                           access[i * 3 + 2] };
      g_array_append_val (s->access, p);
    }
}

void
_dmk_scan_read_json (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonNode *n = _dmk_rd_member (rd, o, "", "kind", FALSE);
  g_autofree char *kind = NULL;

  if (n == NULL)
    return; /* files from before the scans: a grid */
  kind = _dmk_rd_string (rd, o, "", "kind", FALSE);
  if (kind == NULL)
    return;
  if (!dmk_result_kind_from_string (kind, &r->kind))
    {
      _dmk_rd_fail (rd, _("it is a kind of result this version does not know (“kind” is not "
                          "grid, sustained, sweep or surface): update GDiskMark to open it"));
      return;
    }
  if (r->kind == DMK_KIND_SUSTAINED)
    read_sustained (rd, o, r);
  else if (r->kind == DMK_KIND_SURFACE)
    read_surface (rd, o, r);
}
