/* dmk-result.c: results in memory, and as gdiskmark-result/1 JSON field by field (the scans' own
 * sections are in dmk-scan-json.c). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "dmk-error.h"
#include "dmk-result-private.h"
#include "dmk-result.h"
#include "dmk-scan.h"
#include "dmk-series.h"

G_DEFINE_BOXED_TYPE (DmkResult, dmk_result, dmk_result_ref, dmk_result_unref)

static void
series_unref (gpointer series)
{
  if (series != NULL)
    g_array_unref (series);
}

DmkResult *
dmk_result_new (void)
{
  DmkResult *r = g_new0 (DmkResult, 1);

  g_atomic_ref_count_init (&r->ref);
  r->tool_name = g_strdup ("gdiskmark");
  r->tool_version = g_strdup (PACKAGE_VERSION);
  r->engine = g_strdup ("libaio");
  dmk_settings_init_default (&r->settings);
  r->tests = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_test_result_free);
  r->warnings = g_ptr_array_new_with_free_func (g_free);
  r->comment = g_strdup ("");
  return r;
}

DmkResult *
dmk_result_ref (DmkResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);
  g_atomic_ref_count_inc (&result->ref);
  return result;
}

void
dmk_result_unref (DmkResult *r)
{
  g_return_if_fail (r != NULL);
  if (!g_atomic_ref_count_dec (&r->ref))
    return;
  g_free (r->tool_name);
  g_free (r->tool_version);
  g_free (r->engine);
  g_free (r->date);
  dmk_target_info_clear (&r->target);
  dmk_settings_clear (&r->settings);
  g_ptr_array_unref (r->tests);
  g_ptr_array_unref (r->warnings);
  g_free (r->comment);
  g_free (r->os);
  dmk_sustained_free (r->sustained);
  dmk_surface_free (r->surface);
  g_free (r);
}

DmkTestResult *
dmk_test_result_new (const DmkTestSpec *spec, DmkDirection direction)
{
  DmkTestResult *t = g_new0 (DmkTestResult, 1);

  t->spec = *spec;
  t->direction = direction;
  t->passes = g_array_new (FALSE, TRUE, sizeof (DmkPass));
  t->series = g_ptr_array_new_with_free_func (series_unref);
  return t;
}

DmkTestResult *
dmk_test_result_copy (const DmkTestResult *test)
{
  DmkTestResult *copy;

  g_return_val_if_fail (test != NULL, NULL);
  copy = g_memdup2 (test, sizeof *test);
  /* Every pass, not a shared array: the copy outlives the runner's or the window's original. */
  copy->passes = g_array_sized_new (FALSE, TRUE, sizeof (DmkPass),
                                    test->passes != NULL ? test->passes->len : 0);
  if (test->passes != NULL)
    g_array_append_vals (copy->passes, test->passes->data, test->passes->len);
  copy->series = g_ptr_array_new_with_free_func (series_unref);
  for (guint i = 0; test->series != NULL && i < test->series->len; i++)
    g_ptr_array_add (copy->series, dmk_series_copy (g_ptr_array_index (test->series, i)));
  return copy;
}

void
dmk_test_result_free (DmkTestResult *test)
{
  if (test == NULL)
    return;
  g_array_unref (test->passes);
  g_clear_pointer (&test->series, g_ptr_array_unref);
  g_free (test);
}

void
dmk_test_result_add_pass (DmkTestResult *test, const DmkPass *pass, const DmkHistogram *hist)
{
  dmk_test_result_add_pass_series (test, pass, hist, NULL);
}

void
dmk_test_result_add_pass_series (DmkTestResult *test, const DmkPass *pass,
                                 const DmkHistogram *hist, GArray *series)
{
  gboolean best = test->passes->len == 0 || pass->mb_per_s > test->mb_per_s;

  g_array_append_val (test->passes, *pass);
  g_ptr_array_add (test->series, series);
  if (!best)
    return;
  test->mb_per_s = pass->mb_per_s;
  test->iops = pass->iops;
  if (hist != NULL)
    {
      test->latency_us.mean = dmk_histogram_mean (hist) / 1000.0;
      test->latency_us.p50 = dmk_histogram_percentile (hist, 50) / 1000.0;
      test->latency_us.p90 = dmk_histogram_percentile (hist, 90) / 1000.0;
      test->latency_us.p99 = dmk_histogram_percentile (hist, 99) / 1000.0;
      test->latency_us.p99_9 = dmk_histogram_percentile (hist, 99.9) / 1000.0;
      test->latency_us.p99_99 = dmk_histogram_percentile (hist, 99.99) / 1000.0;
    }
}

DmkTestResult *
dmk_result_find (DmkResult *result, const DmkTestSpec *spec, DmkDirection direction)
{
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      if (t->direction == direction && dmk_test_spec_equal (&t->spec, spec))
        return t;
    }
  return NULL;
}

/* ---- JSON out ---- */

void
_dmk_jb_double (JsonBuilder *b, const char *key, double v)
{
  json_builder_set_member_name (b, key);
  /* JSON has no NaN or infinity; a pass that moved nothing is 0. */
  json_builder_add_double_value (b, isfinite (v) ? v : 0.0);
}

/* Where a series has temperatures, its "celsius" column: the reading at each interval's end,
 * null where there was none. Nothing when no interval has one. */
void
_dmk_jb_celsius_column (JsonBuilder *b, const GArray *series)
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

/* A pass's series, as columns of equal length: "end_s", "bytes", "ios", "latency_us", and
 * "celsius" where the drive told its temperature. */
static void
add_series (JsonBuilder *b, const GArray *series)
{
  static const char *const columns[] = { "end_s", "bytes", "ios", "latency_us" };

  json_builder_set_member_name (b, "series");
  json_builder_begin_object (b);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      json_builder_set_member_name (b, columns[c]);
      json_builder_begin_array (b);
      for (guint i = 0; i < series->len; i++)
        {
          const DmkSample *s = &g_array_index (series, DmkSample, i);

          if (c == 1 || c == 2)
            json_builder_add_int_value (b, (gint64) (c == 1 ? s->bytes : s->ios));
          else
            json_builder_add_double_value (b, isfinite (c == 0 ? s->end_s : s->latency_us)
                                                ? (c == 0 ? s->end_s : s->latency_us)
                                                : 0.0);
        }
      json_builder_end_array (b);
    }
  _dmk_jb_celsius_column (b, series);
  json_builder_end_object (b);
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

static void
add_tool (JsonBuilder *b, const DmkResult *r)
{
  json_builder_set_member_name (b, "tool");
  json_builder_begin_object (b);
  _dmk_jb_string (b, "name", r->tool_name);
  _dmk_jb_string (b, "version", r->tool_version);
  _dmk_jb_string (b, "engine", r->engine);
  json_builder_end_object (b);
}

static void
add_target (JsonBuilder *b, const DmkTargetInfo *target)
{
  json_builder_set_member_name (b, "target");
  json_builder_begin_object (b);
  _dmk_jb_string (b, "path", target->path);
  _dmk_jb_string (b, "kind", dmk_target_kind_to_string (target->kind));
  _dmk_jb_string (b, "filesystem", target->filesystem);
  _dmk_jb_string (b, "device", target->device);
  _dmk_jb_string (b, "model", target->model);
  _dmk_jb_int (b, "size_bytes", (gint64) target->size_bytes);
  _dmk_jb_int (b, "free_bytes", (gint64) target->free_bytes);
  _dmk_jb_bool (b, "rotational", target->rotational);
  json_builder_end_object (b);
}

static void
add_settings (JsonBuilder *b, const DmkSettings *settings)
{
  json_builder_set_member_name (b, "settings");
  json_builder_begin_object (b);
  _dmk_jb_string (b, "profile", settings->profile);
  _dmk_jb_string (b, "mode", dmk_mode_to_string (settings->mode));
  _dmk_jb_int (b, "passes", settings->passes);
  _dmk_jb_int (b, "size_bytes", (gint64) settings->size_bytes);
  _dmk_jb_int (b, "measure_s", settings->measure_s);
  _dmk_jb_int (b, "warmup_s", dmk_settings_warmup_s (settings));
  _dmk_jb_int (b, "interval_s", settings->interval_s);
  _dmk_jb_string (b, "data", dmk_data_to_string (settings->data));
  _dmk_jb_bool (b, "direct", settings->direct);
  _dmk_jb_int (b, "mix_read_percent", settings->mix_read_percent);
  if (settings->poll)
    _dmk_jb_bool (b, "poll", TRUE); /* only when used: files before it had none */
  json_builder_end_object (b);
}

/* One element of "results": the test's best pass, then every pass. */
static void
add_test (JsonBuilder *b, const DmkTestResult *t)
{
  g_autofree char *name = dmk_test_spec_to_name (&t->spec);

  json_builder_begin_object (b);
  _dmk_jb_string (b, "name", name);
  _dmk_jb_string (b, "pattern", dmk_pattern_to_string (t->spec.pattern));
  _dmk_jb_string (b, "direction", dmk_direction_to_string (t->direction));
  _dmk_jb_int (b, "block_size", t->spec.block_size);
  _dmk_jb_int (b, "queue_depth", t->spec.queue_depth);
  _dmk_jb_int (b, "threads", t->spec.threads);
  _dmk_jb_double (b, "mb_per_s", t->mb_per_s);
  _dmk_jb_double (b, "iops", t->iops);
  json_builder_set_member_name (b, "latency_us");
  json_builder_begin_object (b);
  _dmk_jb_double (b, "mean", t->latency_us.mean);
  _dmk_jb_double (b, "p50", t->latency_us.p50);
  _dmk_jb_double (b, "p90", t->latency_us.p90);
  _dmk_jb_double (b, "p99", t->latency_us.p99);
  _dmk_jb_double (b, "p99_9", t->latency_us.p99_9);
  _dmk_jb_double (b, "p99_99", t->latency_us.p99_99);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "passes");
  json_builder_begin_array (b);
  for (guint j = 0; j < t->passes->len; j++)
    {
      DmkPass *p = &g_array_index (t->passes, DmkPass, j);
      json_builder_begin_object (b);
      _dmk_jb_double (b, "mb_per_s", p->mb_per_s);
      _dmk_jb_double (b, "iops", p->iops);
      _dmk_jb_int (b, "bytes", (gint64) p->bytes);
      _dmk_jb_double (b, "seconds", p->seconds);
      if (j < t->series->len && g_ptr_array_index (t->series, j) != NULL)
        add_series (b, g_ptr_array_index (t->series, j));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

char *
dmk_result_to_json (DmkResult *r)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  g_return_val_if_fail (r != NULL, NULL);

  json_builder_begin_object (b);
  _dmk_jb_string (b, "schema", DMK_RESULT_SCHEMA);
  _dmk_jb_string (b, "kind", dmk_result_kind_to_string (r->kind));
  add_tool (b, r);
  _dmk_jb_string (b, "date", r->date);
  add_target (b, &r->target);
  add_settings (b, &r->settings);

  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->tests->len; i++)
    add_test (b, g_ptr_array_index (r->tests, i));
  json_builder_end_array (b);
  _dmk_scan_write_json (b, r);

  json_builder_set_member_name (b, "warnings");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->warnings->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (r->warnings, i));
  json_builder_end_array (b);

  _dmk_jb_string (b, "comment", r->comment ? r->comment : "");
  _dmk_jb_string (b, "os", r->os);
  if (r->temperature.known)
    {
      /* Only where the drive told one: older files and drives without a sensor have none. */
      json_builder_set_member_name (b, "temperature_c");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "before");
      json_builder_add_double_value (b, r->temperature.before_c);
      json_builder_set_member_name (b, "peak");
      json_builder_add_double_value (b, r->temperature.peak_c);
      json_builder_set_member_name (b, "after");
      json_builder_add_double_value (b, r->temperature.after_c);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  {
    char *text = json_generator_to_data (gen, NULL);
    char *with_nl = g_strconcat (text, "\n", NULL);
    g_free (text);
    return with_nl;
  }
}

/* ---- JSON in: every key checked, every failure named ---- */

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
_dmk_rd_member (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key, gboolean required)
{
  JsonNode *n;

  if (rd->failed)
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
_dmk_rd_string (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key, gboolean nullable)
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

double
_dmk_rd_number (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key, double min, double max)
{
  JsonNode *n = _dmk_rd_member (rd, o, where, key, TRUE);
  GType t;
  double v;

  if (n == NULL)
    return 0;
  t = JSON_NODE_HOLDS_VALUE (n) ? json_node_get_value_type (n) : G_TYPE_INVALID;
  if (t == G_TYPE_INT64)
    v = (double) json_node_get_int (n);
  else if (t == G_TYPE_DOUBLE)
    v = json_node_get_double (n);
  else
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
_dmk_rd_int (DmkJsonReader *rd, JsonObject *o, const char *where, const char *key, gint64 min, gint64 max)
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

#define BIG 1e15 /* larger than any real throughput, IOPS or latency */

/* A pass's "series" (optional: older files have none); NULL when absent or damaged. */
static GArray *
read_series (DmkJsonReader *rd, JsonObject *po, const char *pw)
{
  static const char *const columns[] = { "end_s", "bytes", "ios", "latency_us" };
  g_autofree char *sw = g_strconcat (pw, "series.", NULL);
  JsonArray *cols[G_N_ELEMENTS (columns)];
  g_autoptr (GArray) series = NULL;
  JsonObject *so;
  guint n = 0;

  if (!json_object_has_member (po, "series"))
    return NULL;
  if ((so = _dmk_rd_object (rd, po, pw, "series")) == NULL)
    return NULL;
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      if ((cols[c] = _dmk_rd_array (rd, so, sw, columns[c])) == NULL)
        return NULL;
      if (c == 0)
        n = json_array_get_length (cols[c]);
      if (json_array_get_length (cols[c]) != n)
        {
          _dmk_rd_fail (rd, _("“%sseries” has columns of different lengths"), pw);
          return NULL;
        }
    }
  if (n > DMK_SERIES_MAX_POINTS)
    {
      _dmk_rd_fail (rd, _("“%sseries” has more than %u points"), pw, DMK_SERIES_MAX_POINTS);
      return NULL;
    }
  series = g_array_sized_new (FALSE, TRUE, sizeof (DmkSample), n);
  g_array_set_size (series, n);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    for (guint i = 0; i < n; i++)
      {
        JsonNode *e = json_array_get_element (cols[c], i);
        GType t = JSON_NODE_HOLDS_VALUE (e) ? json_node_get_value_type (e) : G_TYPE_INVALID;
        DmkSample *s = &g_array_index (series, DmkSample, i);
        double v = t == G_TYPE_INT64    ? (double) json_node_get_int (e)
                   : t == G_TYPE_DOUBLE ? json_node_get_double (e)
                                        : NAN;
        double prev = i > 0 ? g_array_index (series, DmkSample, i - 1).end_s : 0.0;

        /* Counts are whole numbers; times increase; nothing is negative or NaN. */
        if (!isfinite (v) || v < 0 || v > BIG || ((c == 1 || c == 2) && t != G_TYPE_INT64) ||
            (c == 0 && v <= prev))
          {
            _dmk_rd_fail (rd, _("“%s%s” is out of range"), sw, columns[c]);
            return NULL;
          }
        if (c == 0)
          s->end_s = v;
        else if (c == 1)
          s->bytes = (guint64) json_node_get_int (e);
        else if (c == 2)
          s->ios = (guint64) json_node_get_int (e);
        else
          s->latency_us = v;
      }
  if (!_dmk_rd_celsius_column (rd, so, sw, series))
    return NULL;
  return g_steal_pointer (&series);
}

gboolean
_dmk_rd_celsius_column (DmkJsonReader *rd, JsonObject *so, const char *sw, GArray *series)
{
  JsonArray *col;

  if (so == NULL || rd->failed)
    return FALSE;
  if (!json_object_has_member (so, "celsius"))
    return TRUE;
  if ((col = _dmk_rd_array (rd, so, sw, "celsius")) == NULL)
    return FALSE;
  if (json_array_get_length (col) != series->len)
    {
      _dmk_rd_fail (rd,
                    g_dngettext (GETTEXT_PACKAGE, "“%scelsius” has %u value for %u intervals",
                                 "“%scelsius” has %u values for %u intervals",
                                 json_array_get_length (col)),
                    sw, json_array_get_length (col), series->len);
      return FALSE;
    }
  for (guint i = 0; i < series->len; i++)
    {
      JsonNode *e = json_array_get_element (col, i);
      GType t = JSON_NODE_HOLDS_VALUE (e) ? json_node_get_value_type (e) : G_TYPE_INVALID;
      DmkSample *s = &g_array_index (series, DmkSample, i);
      double v;

      if (JSON_NODE_HOLDS_NULL (e))
        continue;
      v = t == G_TYPE_INT64 ? (double) json_node_get_int (e)
          : t == G_TYPE_DOUBLE ? json_node_get_double (e)
                               : NAN;
      if (!isfinite (v) || v < DMK_CELSIUS_MIN || v > DMK_CELSIUS_MAX)
        {
          _dmk_rd_fail (rd, _("“%scelsius” is out of range"), sw);
          return FALSE;
        }
      s->has_celsius = TRUE;
      s->celsius = v;
    }
  return TRUE;
}

static void
read_test (DmkJsonReader *rd, JsonObject *o, DmkResult *r, guint index)
{
  g_autofree char *where = g_strdup_printf ("results[%u].", index);
  g_autofree char *name = NULL, *pattern = NULL, *direction = NULL;
  DmkTestSpec spec = { 0 };
  DmkTestResult *t;
  JsonObject *lat;
  JsonArray *passes;
  DmkDirection dir = DMK_DIRECTION_READ;

  name = _dmk_rd_string (rd, o, where, "name", FALSE);
  pattern = _dmk_rd_string (rd, o, where, "pattern", FALSE);
  direction = _dmk_rd_string (rd, o, where, "direction", FALSE);
  spec.block_size = (guint32) _dmk_rd_int (rd, o, where, "block_size", DMK_SPEC_MIN_BLOCK,
                                       DMK_SPEC_MAX_BLOCK);
  spec.queue_depth = (guint) _dmk_rd_int (rd, o, where, "queue_depth", 1, DMK_SPEC_MAX_QD);
  spec.threads = (guint) _dmk_rd_int (rd, o, where, "threads", 1, DMK_SPEC_MAX_THREADS);
  if (rd->failed)
    return;
  if (!dmk_pattern_from_string (pattern, &spec.pattern))
    {
      _dmk_rd_fail (rd, _("“%spattern” must be “sequential” or “random”"), where);
      return;
    }
  if (!dmk_direction_from_string (direction, &dir))
    {
      _dmk_rd_fail (rd, _("“%sdirection” must be “read”, “write” or “mix”"), where);
      return;
    }
  t = dmk_test_result_new (&spec, dir);
  g_ptr_array_add (r->tests, t);
  t->mb_per_s = _dmk_rd_number (rd, o, where, "mb_per_s", 0, BIG);
  t->iops = _dmk_rd_number (rd, o, where, "iops", 0, BIG);
  lat = _dmk_rd_object (rd, o, where, "latency_us");
  if (lat != NULL)
    {
      g_autofree char *lw = g_strconcat (where, "latency_us.", NULL);
      t->latency_us.mean = _dmk_rd_number (rd, lat, lw, "mean", 0, BIG);
      t->latency_us.p50 = _dmk_rd_number (rd, lat, lw, "p50", 0, BIG);
      t->latency_us.p90 = _dmk_rd_number (rd, lat, lw, "p90", 0, BIG);
      t->latency_us.p99 = _dmk_rd_number (rd, lat, lw, "p99", 0, BIG);
      t->latency_us.p99_9 = _dmk_rd_number (rd, lat, lw, "p99_9", 0, BIG);
      t->latency_us.p99_99 = _dmk_rd_number (rd, lat, lw, "p99_99", 0, BIG);
    }
  passes = _dmk_rd_array (rd, o, where, "passes");
  for (guint j = 0; passes != NULL && !rd->failed && j < json_array_get_length (passes); j++)
    {
      JsonNode *pn = json_array_get_element (passes, j);
      g_autofree char *pw = g_strdup_printf ("%spasses[%u].", where, j);
      DmkPass p = { 0 };
      JsonObject *po;

      if (!JSON_NODE_HOLDS_OBJECT (pn))
        {
          _dmk_rd_fail (rd, _("“%s” must be an object"), pw);
          return;
        }
      po = json_node_get_object (pn);
      p.mb_per_s = _dmk_rd_number (rd, po, pw, "mb_per_s", 0, BIG);
      p.iops = _dmk_rd_number (rd, po, pw, "iops", 0, BIG);
      p.bytes = (guint64) _dmk_rd_int (rd, po, pw, "bytes", 0, G_MAXINT64);
      p.seconds = _dmk_rd_number (rd, po, pw, "seconds", 0, BIG);
      g_array_append_val (t->passes, p);
      g_ptr_array_add (t->series, read_series (rd, po, pw));
    }
}

static void
read_tool_and_date (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *tool = _dmk_rd_object (rd, o, "", "tool");

  if (tool != NULL)
    {
      g_free (r->tool_name);
      g_free (r->tool_version);
      g_free (r->engine);
      r->tool_name = _dmk_rd_string (rd, tool, "tool.", "name", FALSE);
      r->tool_version = _dmk_rd_string (rd, tool, "tool.", "version", FALSE);
      r->engine = _dmk_rd_string (rd, tool, "tool.", "engine", FALSE);
    }
  r->date = _dmk_rd_string (rd, o, "", "date", FALSE);
  if (r->date != NULL)
    {
      g_autoptr (GDateTime) dt = g_date_time_new_from_iso8601 (r->date, NULL);
      if (dt == NULL)
        _dmk_rd_fail (rd, _("“date” is not an ISO 8601 date"));
    }
}

static void
read_target (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *target = _dmk_rd_object (rd, o, "", "target");
  g_autofree char *kind = NULL;

  if (target == NULL)
    return;
  r->target.path = _dmk_rd_string (rd, target, "target.", "path", FALSE);
  kind = _dmk_rd_string (rd, target, "target.", "kind", FALSE);
  if (!rd->failed && !dmk_target_kind_from_string (kind, &r->target.kind))
    _dmk_rd_fail (rd, _("“target.kind” must be “directory” or “block-device”"));
  r->target.filesystem = _dmk_rd_string (rd, target, "target.", "filesystem", TRUE);
  r->target.device = _dmk_rd_string (rd, target, "target.", "device", TRUE);
  r->target.model = _dmk_rd_string (rd, target, "target.", "model", TRUE);
  r->target.size_bytes = (guint64) _dmk_rd_int (rd, target, "target.", "size_bytes", 0, G_MAXINT64);
  if (json_object_has_member (target, "free_bytes"))
    r->target.free_bytes = (guint64) _dmk_rd_int (rd, target, "target.", "free_bytes", 0,
                                              G_MAXINT64);
  r->target.rotational = _dmk_rd_bool (rd, target, "target.", "rotational");
}

static void
read_settings (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *settings = _dmk_rd_object (rd, o, "", "settings");
  DmkSettings *s = &r->settings;
  g_autofree char *mode = NULL, *dstr = NULL;

  if (settings == NULL)
    return;
  g_free (s->profile);
  s->profile = _dmk_rd_string (rd, settings, "settings.", "profile", FALSE);
  mode = _dmk_rd_string (rd, settings, "settings.", "mode", FALSE);
  if (!rd->failed && !dmk_mode_from_string (mode, &s->mode))
    _dmk_rd_fail (rd, _("“settings.mode” must be “read-write”, “read” or “write”"));
  s->passes = (guint) _dmk_rd_int (rd, settings, "settings.", "passes", DMK_PASSES_MIN,
                               DMK_PASSES_MAX);
  s->size_bytes = (guint64) _dmk_rd_int (rd, settings, "settings.", "size_bytes",
                                     (gint64) DMK_SIZE_MIN, (gint64) DMK_SIZE_MAX);
  s->measure_s = (guint) _dmk_rd_int (rd, settings, "settings.", "measure_s", DMK_MEASURE_MIN,
                                  DMK_MEASURE_MAX);
  /* Files before 0.2 have no warm-up key: their warm-up was as long as a pass. */
  s->warmup_s = json_object_has_member (settings, "warmup_s")
                  ? (int) _dmk_rd_int (rd, settings, "settings.", "warmup_s", 0, DMK_WARMUP_MAX)
                  : DMK_WARMUP_AS_MEASURE;
  s->interval_s = (guint) _dmk_rd_int (rd, settings, "settings.", "interval_s", 0, DMK_INTERVAL_MAX);
  dstr = _dmk_rd_string (rd, settings, "settings.", "data", FALSE);
  if (!rd->failed && !dmk_data_from_string (dstr, &s->data))
    _dmk_rd_fail (rd, _("“settings.data” must be “random” or “zero”"));
  s->direct = _dmk_rd_bool (rd, settings, "settings.", "direct");
  s->mix_read_percent = (guint) _dmk_rd_int (rd, settings, "settings.", "mix_read_percent", 0,
                                         DMK_MIX_MAX);
  s->poll = json_object_has_member (settings, "poll") &&
            _dmk_rd_bool (rd, settings, "settings.", "poll");
}

static void
read_results (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonArray *results = _dmk_rd_array (rd, o, "", "results");

  for (guint i = 0; results != NULL && !rd->failed && i < json_array_get_length (results); i++)
    {
      JsonNode *tn = json_array_get_element (results, i);
      if (!JSON_NODE_HOLDS_OBJECT (tn))
        {
          _dmk_rd_fail (rd, _("“results[%u]” must be an object"), i);
          break;
        }
      read_test (rd, json_node_get_object (tn), r, i);
    }
}

static void
read_warnings (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonArray *warnings = _dmk_rd_array (rd, o, "", "warnings");

  for (guint i = 0; warnings != NULL && !rd->failed && i < json_array_get_length (warnings); i++)
    {
      JsonNode *wn = json_array_get_element (warnings, i);
      if (!JSON_NODE_HOLDS_VALUE (wn) || json_node_get_value_type (wn) != G_TYPE_STRING)
        {
          _dmk_rd_fail (rd, _("“warnings[%u]” must be a string"), i);
          break;
        }
      g_ptr_array_add (r->warnings, g_strdup (json_node_get_string (wn)));
    }
}

DmkResult *
_dmk_result_read_object (JsonObject *o, GError **error)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  DmkJsonReader rd = { error, FALSE };

  /* After the first failure every get_* returns at once, so that failure is the one told. */
  read_tool_and_date (&rd, o, r);
  read_target (&rd, o, r);
  read_settings (&rd, o, r);
  if (r->engine != NULL && !dmk_engine_kind_from_string (r->engine, &r->settings.engine))
    r->settings.engine = DMK_ENGINE_LIBAIO;
  read_results (&rd, o, r);
  _dmk_scan_read_json (&rd, o, r);
  read_warnings (&rd, o, r);
  g_free (r->comment);
  r->comment = _dmk_rd_string (&rd, o, "", "comment", FALSE);
  if (!rd.failed)
    r->os = _dmk_rd_string (&rd, o, "", "os", TRUE);
  if (!rd.failed && json_object_has_member (o, "temperature_c"))
    {
      JsonObject *t = _dmk_rd_object (&rd, o, "", "temperature_c");

      r->temperature.before_c = _dmk_rd_number (&rd, t, "temperature_c.", "before", DMK_CELSIUS_MIN,
                                               DMK_CELSIUS_MAX);
      r->temperature.peak_c = _dmk_rd_number (&rd, t, "temperature_c.", "peak", DMK_CELSIUS_MIN,
                                               DMK_CELSIUS_MAX);
      r->temperature.after_c = _dmk_rd_number (&rd, t, "temperature_c.", "after", DMK_CELSIUS_MIN,
                                               DMK_CELSIUS_MAX);
      r->temperature.known = !rd.failed;
    }

  if (rd.failed)
    return NULL;
  return g_steal_pointer (&r);
}

gboolean
dmk_result_save (DmkResult *result, const char *filename, GError **error)
{
  g_autofree char *json = dmk_result_to_json (result);
  g_autoptr (GError) local = NULL;

  if (!g_file_set_contents (filename, json, -1, &local))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not save “%s”: %s"), filename,
                   local->message);
      return FALSE;
    }
  return TRUE;
}
