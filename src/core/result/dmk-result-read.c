/* dmk-result-read.c: gdiskmark-result/1 JSON of any kind read back, every key checked and the
 * first failure named; and the guard every JSON file passes before json-glib sees it. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-json-codec.h"
#include "dmk-rated.h"
#include "dmk-result-chain.h"
#include "dmk-scan.h"
#include "dmk-series.h"

/* ---- the file as JSON ---- */

void
dmk_set_not_a_result_error (GError **error, const char *name, guint line, const char *reason)
{
  if (name != NULL && line > 0)
    /* TRANSLATORS: "“x.json” is not a GDiskMark result (line 3: a comma is missing)" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("“%s” is not a GDiskMark result (line %u: %s)"), name, line, reason);
  else if (name != NULL)
    /* TRANSLATORS: "“x.json” is not a GDiskMark result (it is empty)" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("“%s” is not a GDiskMark result (%s)"),
                 name, reason);
  else if (line > 0)
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("not a GDiskMark result (line %u: %s)"),
                 line, reason);
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("not a GDiskMark result (%s)"), reason);
}

typedef struct
{
  guint too_deep_line;  /* where nesting passes DMK_JSON_MAX_DEPTH, or 0 */
  guint not_json_line;  /* where a comment or a single-quoted string starts, or 0 */
  gboolean unclosed;    /* a bracket or a string still open at the end: the file was cut short */
} Scan;

/* json-glib's scanner also takes comments ("/ *", "//", "#") and single-quoted strings, inside
 * which brackets do not count: a guard that did not know them could be led past its limit. So
 * anything strict JSON does not allow outside a string is refused here, and the depth is counted
 * over strict JSON only. This also tells a cut-short file (the commonest broken result: a copy
 * or a download that stopped) from a wrong character, which json-glib's errors cannot. */
static Scan
scan_json (const char *data, gsize length)
{
  Scan scan = { 0, 0, FALSE };
  gboolean in_string = FALSE;
  guint depth = 0, line = 1;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (c == '\n')
        line++;
      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '/' || c == '#' || c == '\'')
        {
          scan.not_json_line = line;
          return scan;
        }
      else if (c == '[' || c == '{')
        {
          if (++depth > DMK_JSON_MAX_DEPTH)
            {
              scan.too_deep_line = line;
              return scan;
            }
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  scan.unclosed = in_string || depth > 0;
  return scan;
}

/* json-glib says where it stopped only inside its English message ("<data>:3:5: Parse error:
 * unexpected character…"): the line is taken from there, and the reason from the error code in
 * words of our own, translated. */
static const char *
not_json (const GError *parse_error, gboolean unclosed, guint *line)
{
  guint column = 0;

  if (sscanf (parse_error->message, "<data>:%u:%u:", line, &column) != 2)
    *line = 0;
  if (unclosed)
    return _("it ends too soon");
  if (parse_error->domain != JSON_PARSER_ERROR)
    return _("text that JSON does not allow");
  switch (parse_error->code)
    {
    case JSON_PARSER_ERROR_TRAILING_COMMA:
      return _("a comma before a closing bracket");
    case JSON_PARSER_ERROR_MISSING_COMMA:
      return _("a comma is missing");
    case JSON_PARSER_ERROR_MISSING_COLON:
      return _("a colon is missing");
    case JSON_PARSER_ERROR_INVALID_BAREWORD:
      return _("a word that JSON does not allow");
    default:
      return _("text that JSON does not allow");
    }
}

gboolean
dmk_json_load_checked (JsonParser *parser, const char *data, gsize length, guint *line,
                       char **reason)
{
  g_autoptr (GError) local = NULL;
  Scan scan;

  *line = 0;
  /* Before json-glib, whose message for a binary file quotes its bytes. */
  if (!g_utf8_validate_len (data, length, NULL))
    {
      *reason = g_strdup (_("it is not text"));
      return FALSE;
    }
  scan = scan_json (data, length);
  if (scan.too_deep_line > 0)
    {
      *line = scan.too_deep_line;
      *reason = g_strdup_printf (_("nested more than %d levels deep"), DMK_JSON_MAX_DEPTH);
      return FALSE;
    }
  if (scan.not_json_line > 0)
    {
      *line = scan.not_json_line;
      *reason = g_strdup (_("text that JSON does not allow"));
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local))
    {
      *reason = g_strdup (not_json (local, scan.unclosed, line));
      return FALSE;
    }
  return TRUE;
}

JsonObject *
dmk_json_parse_root (JsonParser *parser, const char *data, gsize length, const char *name,
                     GError **error)
{
  g_autofree char *reason = NULL;
  JsonNode *root;
  guint line = 0;

  if (!dmk_json_load_checked (parser, data, length, &line, &reason))
    {
      dmk_set_not_a_result_error (error, name, line, reason);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    dmk_set_not_a_result_error (error, name, 0, _("it is empty"));
  else if (!JSON_NODE_HOLDS_OBJECT (root))
    dmk_set_not_a_result_error (error, name, 0, _("it has no “schema” key"));
  else
    return json_node_get_object (root);
  return NULL;
}

/* A newer schema of ours is told apart from someone else's JSON, so the message says what to do
 * about it. */
static gboolean
check_schema (JsonObject *o, const char *name, GError **error)
{
  JsonNode *n = json_object_get_member (o, "schema");
  const char *schema;

  if (n == NULL)
    {
      dmk_set_not_a_result_error (error, name, 0, _("it has no “schema” key"));
      return FALSE;
    }
  schema = JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
             ? json_node_get_string (n)
             : "";
  if (strcmp (schema, DMK_RESULT_SCHEMA) == 0)
    return TRUE;
  if (g_str_has_prefix (schema, "gdiskmark-result/") && name != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("“%s” was saved by a newer GDiskMark (schema “%s”): update GDiskMark to open "
                   "it"),
                 name, schema);
  else if (g_str_has_prefix (schema, "gdiskmark-result/"))
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("saved by a newer GDiskMark (schema “%s”): update GDiskMark to open it"),
                 schema);
  else
    {
      /* TRANSLATORS: %s is the schema this version reads. The file's own "schema" is not
       * shown: someone else's can be any length. */
      g_autofree char *reason = g_strdup_printf (_("its “schema” is not “%s”"),
                                                 DMK_RESULT_SCHEMA);
      dmk_set_not_a_result_error (error, name, 0, reason);
    }
  return FALSE;
}

/* ---- the grid ---- */

static void
read_latency (DmkJsonReader *rd, JsonObject *o, const char *where, DmkLatency *l)
{
  JsonObject *lat = _dmk_rd_object (rd, o, where, "latency_us");
  g_autofree char *lw = g_strconcat (where, "latency_us.", NULL);

  if (lat == NULL)
    return;
  l->mean = _dmk_rd_number (rd, lat, lw, "mean", 0, DMK_JSON_BIG);
  l->p50 = _dmk_rd_number (rd, lat, lw, "p50", 0, DMK_JSON_BIG);
  l->p90 = _dmk_rd_number (rd, lat, lw, "p90", 0, DMK_JSON_BIG);
  l->p99 = _dmk_rd_number (rd, lat, lw, "p99", 0, DMK_JSON_BIG);
  l->p99_9 = _dmk_rd_number (rd, lat, lw, "p99_9", 0, DMK_JSON_BIG);
  l->p99_99 = _dmk_rd_number (rd, lat, lw, "p99_99", 0, DMK_JSON_BIG);
}

/* A pass's "series" (optional: older files have none); NULL when absent or damaged. */
static GArray *
read_series (DmkJsonReader *rd, JsonObject *po, const char *pw)
{
  g_autoptr (GArray) series = NULL;

  if (!json_object_has_member (po, "series"))
    return NULL;
  series = g_array_new (FALSE, TRUE, sizeof (DmkSample));
  if (!_dmk_rd_columns (rd, po, pw, "series", &dmk_columns_samples, series))
    return NULL;
  return g_steal_pointer (&series);
}

static void
read_passes (DmkJsonReader *rd, JsonObject *o, const char *where, DmkTestResult *t)
{
  JsonArray *passes = _dmk_rd_array (rd, o, where, "passes");

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
      p.mb_per_s = _dmk_rd_number (rd, po, pw, "mb_per_s", 0, DMK_JSON_BIG);
      p.iops = _dmk_rd_number (rd, po, pw, "iops", 0, DMK_JSON_BIG);
      p.bytes = (guint64) _dmk_rd_int (rd, po, pw, "bytes", 0, G_MAXINT64);
      p.seconds = _dmk_rd_number (rd, po, pw, "seconds", 0, DMK_JSON_BIG);
      g_array_append_val (t->passes, p);
      g_ptr_array_add (t->series, read_series (rd, po, pw));
    }
}

/* Optional: files from before "until stable", and tests run without it, have none. */
static void
read_until_stable (DmkJsonReader *rd, JsonObject *o, const char *where, DmkTestResult *t)
{
  g_autofree char *w = g_strconcat (where, "until_stable.", NULL);
  g_autofree char *stopped = NULL;
  JsonObject *uo;

  if (rd->failed || !json_object_has_member (o, "until_stable"))
    return;
  uo = _dmk_rd_object (rd, o, where, "until_stable");
  if (uo == NULL)
    return;
  t->passes_asked = (guint) _dmk_rd_int (rd, uo, w, "passes_asked", DMK_PASSES_MIN,
                                         DMK_PASSES_MAX);
  stopped = _dmk_rd_string (rd, uo, w, "stopped", FALSE);
  if (rd->failed)
    return;
  if (g_strcmp0 (stopped, "stable") == 0)
    t->stability = DMK_STABILITY_STABLE;
  else if (g_strcmp0 (stopped, "limit") == 0)
    t->stability = DMK_STABILITY_LIMIT;
  else
    _dmk_rd_fail (rd, _("“%sstopped” must be “stable” or “limit”"), w);
}

static void
read_test (DmkJsonReader *rd, JsonObject *o, DmkResult *r, guint index)
{
  g_autofree char *where = g_strdup_printf ("results[%u].", index);
  g_autofree char *direction = NULL;
  DmkTestSpec spec = { 0 };
  DmkDirection dir = DMK_DIRECTION_READ;
  DmkTestResult *t;

  if (!_dmk_rd_spec (rd, o, where, &spec))
    return;
  direction = _dmk_rd_string (rd, o, where, "direction", FALSE);
  if (!rd->failed && !dmk_direction_from_string (direction, &dir))
    {
      _dmk_rd_fail (rd, _("“%sdirection” must be “read”, “write” or “mix”"), where);
      return;
    }
  if (rd->failed)
    return;
  t = dmk_test_result_new (&spec, dir);
  g_ptr_array_add (r->tests, t);
  /* Optional: present only where the test ran on another engine than the run's. */
  if (json_object_has_member (o, "engine"))
    {
      DmkEngineKind kind;

      t->engine = _dmk_rd_string (rd, o, where, "engine", FALSE);
      if (!rd->failed && !dmk_engine_kind_from_string (t->engine, &kind))
        {
          _dmk_rd_fail (rd, _("“%sengine” must be “io_uring”, “libaio” or “psync”"), where);
          return;
        }
    }
  /* Optional: present only where the test was measured at another time than the run. */
  if (json_object_has_member (o, "date"))
    {
      g_autoptr (GDateTime) dt = NULL;

      t->date = _dmk_rd_string (rd, o, where, "date", FALSE);
      if (!rd->failed && (dt = g_date_time_new_from_iso8601 (t->date, NULL)) == NULL)
        {
          _dmk_rd_fail (rd, _("“%sdate” is not an ISO 8601 date"), where);
          return;
        }
    }
  t->mb_per_s = _dmk_rd_number (rd, o, where, "mb_per_s", 0, DMK_JSON_BIG);
  t->iops = _dmk_rd_number (rd, o, where, "iops", 0, DMK_JSON_BIG);
  read_latency (rd, o, where, &t->latency_us);
  read_passes (rd, o, where, t);
  read_until_stable (rd, o, where, t);
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

/* ---- the scans ---- */

static void
read_cliff (DmkJsonReader *rd, JsonObject *o, DmkCliff *c)
{
  JsonNode *n = _dmk_rd_member (rd, o, "sustained.", "cliff", FALSE);
  const char *w = "sustained.cliff.";
  JsonObject *co;

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return;
  if ((co = _dmk_rd_object (rd, o, "sustained.", "cliff")) == NULL)
    return;
  c->found = TRUE;
  c->cache_bytes = (guint64) _dmk_rd_int (rd, co, w, "cache_bytes", 0, DMK_JSON_MAX_BYTES);
  c->before_mb_per_s = _dmk_rd_number (rd, co, w, "before_mb_per_s", 0, DMK_JSON_BIG);
  c->after_mb_per_s = _dmk_rd_number (rd, co, w, "after_mb_per_s", 0, DMK_JSON_BIG);
  if (json_object_has_member (co, "recovery_bytes"))
    {
      c->recovered = TRUE;
      c->recovery_bytes = (guint64) _dmk_rd_int (rd, co, w, "recovery_bytes", 0,
                                                 DMK_JSON_MAX_BYTES);
      c->recovery_mb_per_s = _dmk_rd_number (rd, co, w, "recovery_mb_per_s", 0, DMK_JSON_BIG);
    }
}

static void
read_sustained (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *so = _dmk_rd_object (rd, o, "", "sustained");
  const char *w = "sustained.";
  DmkSustained *s;

  if (so == NULL)
    return;
  s = r->sustained = dmk_sustained_new ();
  if (!_dmk_rd_spec (rd, so, w, &s->spec))
    return;
  s->span_bytes = (guint64) _dmk_rd_int (rd, so, w, "span_bytes", 1, DMK_JSON_MAX_BYTES);
  s->bytes = (guint64) _dmk_rd_int (rd, so, w, "bytes", 0, DMK_JSON_MAX_BYTES);
  s->seconds = _dmk_rd_number (rd, so, w, "seconds", 0, DMK_JSON_BIG);
  s->mb_per_s = _dmk_rd_number (rd, so, w, "mb_per_s", 0, DMK_JSON_BIG);
  read_cliff (rd, so, &s->cliff);
  _dmk_rd_columns (rd, so, w, "series", &dmk_columns_sustained, s->series);
}

static void
read_surface (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *so = _dmk_rd_object (rd, o, "", "surface");
  const char *w = "surface.";
  g_autofree char *dir = NULL;
  DmkSurface *s;

  if (so == NULL)
    return;
  s = r->surface = dmk_surface_new ();
  if (!_dmk_rd_spec (rd, so, w, &s->spec))
    return;
  dir = _dmk_rd_string (rd, so, w, "direction", FALSE);
  if (dir != NULL && (!dmk_direction_from_string (dir, &s->direction) ||
                      s->direction == DMK_DIRECTION_MIX))
    {
      _dmk_rd_fail (rd, _("“%s%s” is out of range"), w, "direction");
      return;
    }
  s->span_bytes = (guint64) _dmk_rd_int (rd, so, w, "span_bytes", 1, DMK_JSON_MAX_BYTES);
  s->sample_bytes = (guint64) _dmk_rd_int (rd, so, w, "sample_bytes", 1, DMK_JSON_MAX_BYTES);
  s->access_block = (guint32) _dmk_rd_int (rd, so, w, "access_block", 0, DMK_SPEC_MAX_BLOCK);
  if (!_dmk_rd_columns (rd, so, w, "points", &dmk_columns_surface_points, s->points) ||
      !_dmk_rd_columns (rd, so, w, "access", &dmk_columns_access, s->access))
    return;
  for (guint i = 0; i < s->points->len; i++)
    if (g_array_index (s->points, DmkSurfacePoint, i).offset >= s->span_bytes)
      {
        _dmk_rd_fail (rd, _("“%s%s” is out of range"), "surface.points.", "offset");
        return;
      }
}

static void
read_kind (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  g_autofree char *kind = NULL;

  if (_dmk_rd_member (rd, o, "", "kind", FALSE) == NULL)
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

/* ---- the rest ---- */

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
  /* "": no date known (a CrystalDiskMark text without its Date line, a result's CSV). */
  if (r->date != NULL && *r->date != '\0')
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
  const char *w = "target.";
  g_autofree char *kind = NULL;

  if (target == NULL)
    return;
  r->target.path = _dmk_rd_string (rd, target, w, "path", FALSE);
  kind = _dmk_rd_string (rd, target, w, "kind", FALSE);
  if (!rd->failed && !dmk_target_kind_from_string (kind, &r->target.kind))
    _dmk_rd_fail (rd, _("“target.kind” must be “directory” or “block-device”"));
  r->target.filesystem = _dmk_rd_string (rd, target, w, "filesystem", TRUE);
  r->target.device = _dmk_rd_string (rd, target, w, "device", TRUE);
  r->target.model = _dmk_rd_string (rd, target, w, "model", TRUE);
  r->target.size_bytes = (guint64) _dmk_rd_int (rd, target, w, "size_bytes", 0, G_MAXINT64);
  if (json_object_has_member (target, "free_bytes"))
    r->target.free_bytes = (guint64) _dmk_rd_int (rd, target, w, "free_bytes", 0, G_MAXINT64);
  if (json_object_has_member (target, "used_bytes"))
    r->target.used_bytes = (guint64) _dmk_rd_int (rd, target, w, "used_bytes", 0, G_MAXINT64);
  r->target.rotational = _dmk_rd_bool (rd, target, w, "rotational");
  r->target.facts_source = _dmk_rd_string (rd, target, w, "facts_source", TRUE);
}

/* Files from before the choice scored the best pass. */
static void
read_score (DmkJsonReader *rd, JsonObject *so, const char *w, DmkSettings *s)
{
  g_autofree char *score = NULL;

  s->score = DMK_SCORE_BEST;
  if (!json_object_has_member (so, "score"))
    return;
  score = _dmk_rd_string (rd, so, w, "score", FALSE);
  if (!rd->failed && !dmk_score_from_string (score, &s->score))
    _dmk_rd_fail (rd, _("“settings.score” must be “best” or “median”"));
}

static void
read_settings (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *so = _dmk_rd_object (rd, o, "", "settings");
  const char *w = "settings.";
  DmkSettings *s = &r->settings;
  g_autofree char *mode = NULL, *data = NULL;

  if (so == NULL)
    return;
  g_free (s->profile);
  s->profile = _dmk_rd_string (rd, so, w, "profile", FALSE);
  mode = _dmk_rd_string (rd, so, w, "mode", FALSE);
  if (!rd->failed && !dmk_mode_from_string (mode, &s->mode))
    _dmk_rd_fail (rd, _("“settings.mode” must be “read-write”, “read” or “write”"));
  s->passes = (guint) _dmk_rd_int (rd, so, w, "passes", DMK_PASSES_MIN, DMK_PASSES_MAX);
  s->size_bytes = (guint64) _dmk_rd_int (rd, so, w, "size_bytes", (gint64) DMK_SIZE_MIN,
                                         (gint64) DMK_SIZE_MAX);
  s->measure_s = (guint) _dmk_rd_int (rd, so, w, "measure_s", DMK_MEASURE_MIN, DMK_MEASURE_MAX);
  /* Files before 0.2 have no warm-up key: their warm-up was as long as a pass. */
  s->warmup_s = json_object_has_member (so, "warmup_s")
                  ? (int) _dmk_rd_int (rd, so, w, "warmup_s", 0, DMK_WARMUP_MAX)
                  : DMK_WARMUP_AS_MEASURE;
  s->interval_s = (guint) _dmk_rd_int (rd, so, w, "interval_s", 0, DMK_INTERVAL_MAX);
  data = _dmk_rd_string (rd, so, w, "data", FALSE);
  if (!rd->failed && !dmk_data_from_string (data, &s->data))
    _dmk_rd_fail (rd, _("“settings.data” must be “random” or “zero”"));
  s->direct = _dmk_rd_bool (rd, so, w, "direct");
  s->mix_read_percent = (guint) _dmk_rd_int (rd, so, w, "mix_read_percent", 0, DMK_MIX_MAX);
  s->poll = json_object_has_member (so, "poll") && _dmk_rd_bool (rd, so, w, "poll");
  s->verify = json_object_has_member (so, "verify") && _dmk_rd_bool (rd, so, w, "verify");
  s->until_stable =
    json_object_has_member (so, "until_stable") && _dmk_rd_bool (rd, so, w, "until_stable");
  read_score (rd, so, w, s);
  s->reread = json_object_has_member (so, "reread") && _dmk_rd_bool (rd, so, w, "reread");
}

/* --verify's count, where the settings say it ran. */
static void
read_verify (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *v;
  JsonNode *first;

  if (rd->failed || !r->settings.verify)
    return;
  v = _dmk_rd_object (rd, o, "", "verify");
  if (v == NULL)
    return;
  r->verify.checked = (guint64) _dmk_rd_int (rd, v, "verify.", "checked_blocks", 0, G_MAXINT64);
  r->verify.bad = (guint64) _dmk_rd_int (rd, v, "verify.", "mismatches", 0, G_MAXINT64);
  first = json_object_get_member (v, "first_mismatch_offset");
  r->verify.has_bad = first != NULL && !JSON_NODE_HOLDS_NULL (first);
  if (r->verify.has_bad && !rd->failed)
    r->verify.first_bad =
      (guint64) _dmk_rd_int (rd, v, "verify.", "first_mismatch_offset", 0, G_MAXINT64);
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

static void
read_temperature (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  const char *w = "temperature_c.";
  JsonObject *t;

  if (rd->failed || !json_object_has_member (o, "temperature_c"))
    return;
  t = _dmk_rd_object (rd, o, "", "temperature_c");
  r->temperature.before_c = _dmk_rd_number (rd, t, w, "before", DMK_CELSIUS_MIN, DMK_CELSIUS_MAX);
  r->temperature.peak_c = _dmk_rd_number (rd, t, w, "peak", DMK_CELSIUS_MIN, DMK_CELSIUS_MAX);
  r->temperature.after_c = _dmk_rd_number (rd, t, w, "after", DMK_CELSIUS_MIN, DMK_CELSIUS_MAX);
  if (t != NULL && json_object_has_member (t, "warning"))
    r->temperature.warning_c = _dmk_rd_number (rd, t, w, "warning", 1, DMK_CELSIUS_MAX);
  r->temperature.known = !rd->failed;
}

/* The result in o, known to be of schema DMK_RESULT_SCHEMA; or NULL with a DMK_ERROR_PARSE error
 * naming the first bad field ("“settings.passes” is out of range"), without a file name. */
static DmkResult *
read_object (JsonObject *o, GError **error)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  DmkJsonReader rd = { error, FALSE };

  read_tool_and_date (&rd, o, r);
  read_target (&rd, o, r);
  read_settings (&rd, o, r);
  if (r->engine != NULL && !dmk_engine_kind_from_string (r->engine, &r->settings.engine))
    r->settings.engine = DMK_ENGINE_LIBAIO;
  read_results (&rd, o, r);
  read_kind (&rd, o, r);
  read_verify (&rd, o, r);
  read_warnings (&rd, o, r);
  g_free (r->comment);
  r->comment = _dmk_rd_string (&rd, o, "", "comment", FALSE);
  if (!rd.failed)
    r->os = _dmk_rd_string (&rd, o, "", "os", TRUE);
  read_temperature (&rd, o, r);
  _dmk_result_read_chain (&rd, o, r);
  _dmk_result_read_rated (&rd, o, r);
  return rd.failed ? NULL : g_steal_pointer (&r);
}

DmkResult *
dmk_result_from_json_object (JsonObject *o, const char *name, GError **error)
{
  g_autoptr (GError) local = NULL;
  DmkResult *r;

  g_return_val_if_fail (o != NULL, NULL);
  if (!check_schema (o, name, error))
    return NULL;
  r = read_object (o, &local);
  if (r != NULL)
    return r;
  if (name != NULL)
    /* TRANSLATORS: "“x.json” is a damaged GDiskMark result: “settings.passes” is out of
     * range" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("“%s” is a damaged GDiskMark result: %s"),
                 name, local->message);
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

DmkResult *
dmk_result_from_json (const char *data, gssize length, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  JsonObject *o;

  g_return_val_if_fail (data != NULL, NULL);
  o = dmk_json_parse_root (parser, data, length < 0 ? strlen (data) : (gsize) length, NULL,
                           error);
  return o != NULL ? dmk_result_from_json_object (o, NULL, error) : NULL;
}
