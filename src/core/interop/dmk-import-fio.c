/* dmk-import-fio.c: fio's JSON output as a GDiskMark result for the comparison, one row per job,
 * every number checked. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-import-private.h"

/* o's member key when it is an object, else NULL (json-glib's getters complain otherwise). */
static JsonObject *
member_object (JsonObject *o, const char *key)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, key) : NULL;

  return n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

/* o's member key when it is a number; FALSE otherwise. */
static gboolean
member_number (JsonObject *o, const char *key, double *out)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, key) : NULL;
  GType t = n != NULL && JSON_NODE_HOLDS_VALUE (n) ? json_node_get_value_type (n) : G_TYPE_INVALID;

  if (t != G_TYPE_DOUBLE && t != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_double (n);
  return TRUE;
}

static const char *
option_of (JsonObject *o, const char *key)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, key) : NULL;

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
           ? json_node_get_string (n)
           : NULL;
}

static const char *
option (JsonObject *job, JsonObject *global, const char *key)
{
  const char *v = option_of (member_object (job, "job options"), key);

  return v != NULL ? v : option_of (global, key);
}

/* fio's sizes: digits and k, m, g (powers of 1024, as fio reads them by default). */
static gboolean
fio_size (const char *text, guint64 *out)
{
  char *end = NULL;
  guint64 n;
  guint shift = 0;

  if (text == NULL || !g_ascii_isdigit (*text))
    return FALSE;
  n = g_ascii_strtoull (text, &end, 10);
  switch (g_ascii_tolower (*end))
    {
    case 'k': shift = 10; end++; break;
    case 'm': shift = 20; end++; break;
    case 'g': shift = 30; end++; break;
    case '\0': break;
    default: return FALSE;
    }
  if ((*end != '\0' && g_ascii_strcasecmp (end, "b") != 0 && g_ascii_strcasecmp (end, "ib") != 0) ||
      n > (G_MAXUINT32 >> shift))
    return FALSE;
  *out = n << shift;
  return TRUE;
}

static gboolean
fio_count (const char *text, guint fallback, guint max, guint *out)
{
  guint64 v;

  if (text == NULL)
    {
      *out = fallback;
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, 1, max, &v, NULL))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* A side's numbers ("read" or "write"): bytes/s, IOPS and mean latency in µs. */
static gboolean
fio_side (JsonObject *job, const char *side, double *bw, double *iops, double *lat_us)
{
  JsonObject *s = member_object (job, side);
  double ns = 0;

  if (s == NULL || !member_number (s, "bw_bytes", bw))
    return FALSE;
  if (!member_number (s, "iops", iops))
    *iops = 0;
  *lat_us = member_number (member_object (s, "lat_ns"), "mean", &ns) ? ns / 1000.0 : 0;
  return isfinite (*bw) && *bw >= 0 && *bw < 1e13 && isfinite (*iops) && *iops >= 0 &&
         *iops < 1e9 && isfinite (*lat_us) && *lat_us >= 0 && *lat_us < 1e12;
}

/* fio's name and version ("fio-3.33"), and the run's date from its timestamp. */
static void
read_header (DmkResult *r, JsonObject *root)
{
  JsonNode *v = json_object_get_member (root, "fio version");
  JsonNode *t = json_object_get_member (root, "timestamp");
  const char *s = v != NULL && JSON_NODE_HOLDS_VALUE (v) ? json_node_get_string (v) : NULL;
  gint64 ts = t != NULL && JSON_NODE_HOLDS_VALUE (t) ? json_node_get_int (t) : 0;
  g_autoptr (GDateTime) dt = ts > 0 && ts < G_GINT64_CONSTANT (253402300799)
                               ? g_date_time_new_from_unix_local (ts)
                               : NULL;

  g_free (r->tool_name);
  r->tool_name = g_strdup ("fio");
  g_free (r->tool_version);
  r->tool_version = g_strdup (s != NULL ? (g_str_has_prefix (s, "fio-") ? s + 4 : s) : "");
  r->date = dt != NULL ? g_date_time_format_iso8601 (dt) : g_strdup ("");
  r->settings.profile = (g_free (r->settings.profile), g_strdup (DMK_PROFILE_CUSTOM));
}

/* A job's pattern from its rw= (fio's default: read); FALSE for what lines up with no test
 * (trim and the like). */
static gboolean
job_pattern (const char *rw, DmkPattern *pattern)
{
  if (strcmp (rw, "read") == 0 || strcmp (rw, "write") == 0 || strcmp (rw, "rw") == 0 ||
      strcmp (rw, "readwrite") == 0)
    *pattern = DMK_PATTERN_SEQUENTIAL;
  else if (strcmp (rw, "randread") == 0 || strcmp (rw, "randwrite") == 0 ||
           strcmp (rw, "randrw") == 0)
    *pattern = DMK_PATTERN_RANDOM;
  else
    return FALSE;
  return TRUE;
}

static gboolean job_fail (GError **error, const char *name, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

static gboolean
job_fail (GError **error, const char *name, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list ap;

  va_start (ap, format);
  what = g_strdup_vprintf (format, ap);
  va_end (ap);
  return _dmk_import_fail (error, name, what);
}

/* One job of fio's output as a test of r (jobs fio cannot line up with are skipped). */
static gboolean
import_job (DmkResult *r, JsonObject *job, JsonObject *global, guint i, const char *name,
            GError **error)
{
  const char *rw = option (job, global, "rw");
  DmkTestSpec spec = { 0 };
  guint64 bs = 4096;
  double rbw = 0, riops = 0, rlat = 0, wbw = 0, wiops = 0, wlat = 0;
  gboolean has_r, has_w;

  if (rw == NULL)
    rw = option (job, global, "readwrite");
  if (rw == NULL)
    rw = "read"; /* fio's default */
  if (!job_pattern (rw, &spec.pattern))
    return TRUE;
  if ((option (job, global, "bs") != NULL && !fio_size (option (job, global, "bs"), &bs)) ||
      !fio_count (option (job, global, "iodepth"), 1, DMK_SPEC_MAX_QD, &spec.queue_depth) ||
      !fio_count (option (job, global, "numjobs"), 1, DMK_SPEC_MAX_THREADS, &spec.threads))
    return job_fail (error, name, _("job %u has options it cannot read"), i + 1);
  spec.block_size = (guint32) bs;
  if (!dmk_test_spec_validate (&spec, NULL))
    return job_fail (error, name, _("job %u is not a test GDiskMark can show"), i + 1);
  has_r = strchr (rw, 'w') == NULL || g_str_has_suffix (rw, "rw") ||
          strcmp (rw, "readwrite") == 0;
  has_w = strstr (rw, "write") != NULL || g_str_has_suffix (rw, "rw");
  if ((has_r && !fio_side (job, "read", &rbw, &riops, &rlat)) ||
      (has_w && !fio_side (job, "write", &wbw, &wiops, &wlat)))
    return job_fail (error, name, _("job %u has no numbers it can read"), i + 1);
  if (has_r && has_w)
    {
      guint share = 50;
      double n = riops + wiops;

      if (!fio_count (option (job, global, "rwmixread"), 50, 99, &share))
        share = 50;
      r->settings.mix_read_percent = share;
      _dmk_import_add_test (r, &spec, DMK_DIRECTION_MIX, (rbw + wbw) / 1e6, n,
                            n > 0 ? (rlat * riops + wlat * wiops) / n : 0);
    }
  else if (has_r)
    _dmk_import_add_test (r, &spec, DMK_DIRECTION_READ, rbw / 1e6, riops, rlat);
  else
    _dmk_import_add_test (r, &spec, DMK_DIRECTION_WRITE, wbw / 1e6, wiops, wlat);
  if (r->target.path == NULL)
    {
      const char *f = option (job, global, "filename");
      const char *d = option (job, global, "directory");
      r->target.path = g_strdup (f != NULL ? f : d != NULL ? d : "");
    }
  return TRUE;
}

DmkResult *
_dmk_import_fio_json (JsonObject *root, const char *name, GError **error)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  JsonObject *global = member_object (root, "global options");
  JsonArray *jobs;

  if (!json_object_has_member (root, "jobs") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "jobs")))
    {
      _dmk_import_fail (error, name, _("this fio output has no “jobs”"));
      return NULL;
    }
  jobs = json_object_get_array_member (root, "jobs");
  read_header (r, root);
  for (guint i = 0; i < json_array_get_length (jobs) && i < 1024; i++)
    {
      JsonNode *jn = json_array_get_element (jobs, i);

      if (JSON_NODE_HOLDS_OBJECT (jn) &&
          !import_job (r, json_node_get_object (jn), global, i, name, error))
        return NULL;
    }
  if (r->tests->len == 0)
    {
      _dmk_import_fail (error, name, _("it has no test results"));
      return NULL;
    }
  r->engine = (g_free (r->engine), g_strdup ("fio"));
  return g_steal_pointer (&r);
}
