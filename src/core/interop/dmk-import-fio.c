/* dmk-import-fio.c: fio's JSON output as a GDiskMark result for the comparison, one row per job,
 * every number checked. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-import-private.h"

#define member_object _dmk_fio_member_object
#define member_number _dmk_fio_member_number
#define option_of _dmk_fio_option_of

static const char *
option (JsonObject *job, JsonObject *global, const char *key)
{
  const char *v = option_of (member_object (job, "job options"), key);

  return v != NULL ? v : option_of (global, key);
}

/* fio's sizes: digits, an optional k, m or g (powers of 1024, as fio reads them by default), and
 * an optional B or iB as fio allows ("4096B", "4k", "4KiB", "1m"). */
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
    default: break;
    }
  if (shift > 0 && g_ascii_strcasecmp (end, "ib") == 0)
    end += 2;
  else if (g_ascii_strcasecmp (end, "b") == 0)
    end++;
  if (*end != '\0' || n > (G_MAXUINT32 >> shift))
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

/* A side's numbers ("read" or "write"): bytes/s, IOPS and mean latency in µs (0: fio measured
 * none, as under gtod_reduce). fio 3.2 and later write bw_bytes and lat_ns; fio 2.x, 3.0 and 3.1
 * only bw in KiB/s, and lat in µs (2.x) or lat_ns (3.x). */
static gboolean
fio_side (JsonObject *job, const char *side, double *bw, double *iops, double *lat_us)
{
  JsonObject *s = member_object (job, side);
  double ns = 0;

  if (s == NULL)
    return FALSE;
  if (!member_number (s, "bw_bytes", bw))
    {
      if (!member_number (s, "bw", bw))
        return FALSE;
      *bw *= 1024;
    }
  if (!member_number (s, "iops", iops))
    *iops = 0;
  if (member_number (member_object (s, "lat_ns"), "mean", &ns))
    *lat_us = ns / 1000.0;
  else if (!member_number (member_object (s, "lat"), "mean", lat_us))
    *lat_us = 0;
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

/* One entry of fio's "jobs": a job, or one clone of a job with numjobs > 1 when the file has no
 * group_reporting (fio writes one entry per clone, all with the job's name and group). */
typedef struct
{
  const char *name;
  gint64 group;
  DmkTestSpec spec;
  DmkDirection dir;
  guint mix;
  guint asked_depth; /* the iodepth asked for, where fio ran it at depth 1; else 0 */
  gboolean unified;  /* unified_rw_reporting: a mix's reads and writes are all in [0] */
  double bw[2], iops[2], lat[2]; /* read, write */
} FioEntry;

/* What the reading of one output knows beyond its entries. */
typedef struct
{
  JsonObject *global;
  const char *name;  /* the file's */
  gboolean client;   /* fio --client's "client_stats" */
  gboolean old;      /* fio before 2.3 wrote no options into its JSON */
  gboolean kib;      /* fio before 3.0 wrote io_bytes in KiB */
  gboolean lost;     /* client: a job with numjobs > 1 came before: fio --client leaves out the
                      * options of every job after it (it looks them up by thread, not by job) */
  GPtrArray *notes;  /* warnings for the result */
} FioRead;

/* The options of job (its own, else the file's [global]) as the test it ran. FALSE with error
 * set names the option fio wrote that cannot be read; TRUE with *skip for what lines up with no
 * test (trim and the like). */
static gboolean
entry_spec (FioEntry *e, JsonObject *job, JsonObject *global, guint i, const char *name,
            gboolean *skip, GError **error)
{
  static const char *const counts[] = { "iodepth", "numjobs" };
  const char *rw = option (job, global, "rw");
  guint64 bs = 4096; /* fio's default */
  guint *count[] = { &e->spec.queue_depth, &e->spec.threads };
  guint max[] = { DMK_SPEC_MAX_QD, DMK_SPEC_MAX_THREADS };

  if (rw == NULL)
    rw = option (job, global, "readwrite");
  if (rw == NULL)
    rw = "read"; /* fio's default */
  *skip = !job_pattern (rw, &e->spec.pattern);
  if (*skip)
    return TRUE;
  if (option (job, global, "bs") != NULL && !fio_size (option (job, global, "bs"), &bs))
    return job_fail (error, name, _("job %u: “bs=%s” is not a block size it can read"), i + 1,
                     option (job, global, "bs"));
  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    if (!fio_count (option (job, global, counts[k]), 1, max[k], count[k]))
      return job_fail (error, name, _("job %u: “%s=%s” is not a count it can read"), i + 1,
                       counts[k], option (job, global, counts[k]));
  e->spec.block_size = (guint32) bs;
  if (!dmk_test_spec_validate (&e->spec, NULL))
    return job_fail (error, name, _("job %u is not a test GDiskMark can show"), i + 1);
  e->dir = strchr (rw, 'w') == NULL                                  ? DMK_DIRECTION_READ
           : g_str_has_suffix (rw, "rw") || strcmp (rw, "readwrite") == 0 ? DMK_DIRECTION_MIX
                                                                        : DMK_DIRECTION_WRITE;
  if (e->dir == DMK_DIRECTION_MIX && !fio_count (option (job, global, "rwmixread"), 50, 99,
                                                 &e->mix))
    e->mix = 50;
  return TRUE;
}

/* Whether the test e names is what the entry did: no reads in a write test nor writes in a read
 * test, and every I/O of the test's block size (where fio's numbers tell it). */
static gboolean
facts_agree (const FioEntry *e, const DmkFioFacts *f)
{
  if ((e->dir == DMK_DIRECTION_READ && f->moved[1]) ||
      (e->dir == DMK_DIRECTION_WRITE && f->moved[0]))
    return FALSE;
  for (guint d = 0; d < 2; d++)
    if (f->block_size[d] != 0 && f->block_size[d] != e->spec.block_size)
      return FALSE;
  return TRUE;
}

/* "SEQ4K Q1T1 Read": the test e names, for a sentence. */
static char *
entry_test_name (const FioEntry *e)
{
  g_autofree char *test = dmk_test_spec_to_name (&e->spec);

  return g_strdup_printf ("%s %s", test, dmk_direction_label (e->dir));
}

/* An entry without options of its own that its name cannot name either, from fio before 2.3
 * (which wrote no options) or after fio --client lost them: refused with why. */
static gboolean
refuse_unnamed (const FioEntry *e, guint i, const FioRead *rd, GError **error)
{
  const char *shown = e->name != NULL ? e->name : "?";

  if (rd->old)
    return job_fail (error, rd->name,
                     _("job %u (“%s”): fio before 2.3 writes no job options into its JSON, and "
                       "the job is not named as GDiskMark’s exported jobs are "
                       "(“RND4K-Q32T1-Read”): whether it ran sequentially or at random cannot be "
                       "told from fio’s numbers. Run it with fio 2.3 or later"),
                     i + 1, shown);
  return job_fail (error, rd->name,
                   _("job %u (“%s”): fio --client left out its options, as it does for every "
                     "job after one with numjobs > 1 and group_reporting, and the job is not "
                     "named as GDiskMark’s exported jobs are (“RND4K-Q32T1-Read”): whether it "
                     "ran sequentially or at random, and at what depth, cannot be told from "
                     "fio’s numbers. Put the jobs with numjobs > 1 last, or run the job file "
                     "without --client"),
                   i + 1, shown);
}

/* Where fio ran the job at depth 1 whatever its iodepth: a synchronous engine (fio's default,
 * psync, where the job names none), or fio's own count of the I/O in flight (iodepth_level) says
 * so. An engine named asynchronous with no count (hand-made JSON) keeps its depth. */
static void
effective_depth (FioEntry *e, JsonObject *job, JsonObject *global, const DmkFioFacts *f,
                 FioRead *rd)
{
  const char *engine = option (job, global, "ioengine");
  gboolean one = _dmk_fio_sync_engine (engine) || (f->has_levels ? f->depth_one : engine == NULL);
  g_autofree char *test = NULL;
  const char *why;
  char *note;

  if (!one || e->spec.queue_depth <= 1)
    return;
  e->asked_depth = e->spec.queue_depth;
  e->spec.queue_depth = 1;
  if (_dmk_fio_sync_engine (engine))
    why = _("its engine does one I/O at a time");
  else if (engine == NULL)
    why = _("it names no ioengine, and fio’s default, psync, does one I/O at a time");
  else
    why = _("fio counted its I/O in flight at depth 1 (iodepth_level)");
  test = dmk_test_spec_to_name (&e->spec);
  /* TRANSLATORS: "RND4K Q1T1 Read: fio ran job “q8” at queue depth 1, not at the iodepth=8 it
   * asked for: <why>". The test and its direction stay untranslated: they say which test the
   * warning is about. */
  note = g_strdup_printf (_("%s %s: fio ran job “%s” at queue depth 1, not at the iodepth=%u it "
                            "asked for: %s"),
                          test, dmk_direction_report_label (e->dir),
                          e->name != NULL ? e->name : "?", e->asked_depth, why);
  if (g_ptr_array_find_with_equal_func (rd->notes, note, g_str_equal, NULL))
    g_free (note);
  else
    g_ptr_array_add (rd->notes, note);
}

/* The test of an entry: from its options where fio wrote them, else from its name where it is
 * one of GDiskMark's exported jobs, else from the [global] options and fio's defaults (a job
 * with no options of its own), each checked against what the entry did. */
static gboolean
entry_test (FioEntry *e, JsonObject *job, const DmkFioFacts *f, guint i, FioRead *rd,
            gboolean *skip, GError **error)
{
  const char *shown = e->name != NULL ? e->name : "?";
  g_autofree char *said = NULL;

  if (member_object (job, "job options") != NULL)
    return entry_spec (e, job, rd->global, i, rd->name, skip, error);
  if (_dmk_fio_own_name (e->name, &e->spec, &e->dir, &e->mix))
    {
      /* Its numbers bear the name out: its block size and direction are the name's. */
      if (facts_agree (e, f))
        return TRUE;
      return job_fail (error, rd->name,
                       _("job %u (“%s”): fio’s output has no options of this job, and what its "
                         "name says (GDiskMark’s job “%s”) is not what it did (its block size "
                         "or direction differ): which test it ran cannot be told"),
                       i + 1, shown, shown);
    }
  memset (&e->spec, 0, sizeof e->spec);
  if (rd->old || rd->lost)
    return refuse_unnamed (e, i, rd, error);
  if (!entry_spec (e, job, rd->global, i, rd->name, skip, error))
    return FALSE;
  if (*skip || facts_agree (e, f))
    return TRUE;
  said = entry_test_name (e);
  return job_fail (error, rd->name,
                   _("job %u (“%s”) has no options of its own in fio’s output, and what the "
                     "[global] options and fio’s defaults make of it (%s) is not what it did "
                     "(its block size or direction differ): which test it ran cannot be told. "
                     "Give the job its rw= and bs= in its own section"),
                   i + 1, shown, said);
}

/* One entry of fio's output; FALSE with error set, TRUE with *skip for an entry to leave out. */
static gboolean
read_entry (FioEntry *e, JsonObject *job, guint i, FioRead *rd, gboolean *skip, GError **error)
{
  JsonNode *g = json_object_get_member (job, "groupid");
  const char *sides[] = { "read", "write" };
  DmkFioFacts f;
  gboolean has_r, has_w;

  memset (e, 0, sizeof *e);
  e->name = option_of (job, "jobname");
  _dmk_fio_facts_read (job, rd->kib, &f);
  if (!entry_test (e, job, &f, i, rd, skip, error))
    return FALSE;
  if (*skip)
    return TRUE;
  effective_depth (e, job, rd->global, &f, rd);
  e->group = g != NULL && JSON_NODE_HOLDS_VALUE (g) && json_node_get_value_type (g) == G_TYPE_INT64
               ? json_node_get_int (g)
               : -1;
  has_r = e->dir != DMK_DIRECTION_WRITE;
  has_w = e->dir != DMK_DIRECTION_READ;
  /* unified_rw_reporting: reads and writes in one "mixed" side, all of the test's I/O. */
  if (f.mixed)
    {
      has_r = e->dir != DMK_DIRECTION_WRITE;
      has_w = !has_r;
      sides[0] = sides[1] = "mixed";
      e->unified = TRUE;
    }
  if ((has_r && !fio_side (job, sides[0], &e->bw[0], &e->iops[0], &e->lat[0])) ||
      (has_w && !fio_side (job, sides[1], &e->bw[1], &e->iops[1], &e->lat[1])))
    return job_fail (error, rd->name, _("job %u has no numbers it can read"), i + 1);
  /* group_reporting over jobs of one group that did different I/O: one entry, named by the
   * first job, with the last job's options and everyone's bytes. It is no one test. */
  if (!f.mixed && f.moved[has_r ? 1 : 0] && !(has_r && has_w))
    return job_fail (error, rd->name,
                     _("job %u (“%s”) is fio’s group_reporting sum of jobs that did different "
                       "I/O (reads and writes), labelled by the last job’s options: it is no one "
                       "test. Run the jobs with stonewall, or without group_reporting"),
                     i + 1, e->name != NULL ? e->name : "?");
  return TRUE;
}

/* Another clone of the same job: rates add up, latency is the mean over every I/O. */
static void
add_clone (FioEntry *into, const FioEntry *e)
{
  for (guint d = 0; d < 2; d++)
    {
      double n = into->iops[d] + e->iops[d];
      gboolean both = into->lat[d] > 0 && e->lat[d] > 0;

      if (both && n > 0)
        into->lat[d] = (into->lat[d] * into->iops[d] + e->lat[d] * e->iops[d]) / n;
      else if (into->lat[d] <= 0 || e->lat[d] <= 0)
        into->lat[d] = 0; /* a clone without latency: the mean is not known */
      into->bw[d] += e->bw[d];
      into->iops[d] = n;
    }
}

static FioEntry *
find_clone_of (GArray *entries, const FioEntry *e)
{
  for (guint i = 0; i < entries->len; i++)
    {
      FioEntry *x = &g_array_index (entries, FioEntry, i);
      if (e->name != NULL && g_strcmp0 (x->name, e->name) == 0 && x->group == e->group &&
          x->dir == e->dir && dmk_test_spec_equal (&x->spec, &e->spec))
        return x;
    }
  return NULL;
}

static void
add_entry_test (DmkResult *r, const FioEntry *e)
{
  DmkTestResult *t;

  if (e->dir == DMK_DIRECTION_MIX)
    {
      double n = e->iops[0] + e->iops[1];
      double lat = e->unified                                 ? e->lat[0]
                   : n > 0 && e->lat[0] > 0 && e->lat[1] > 0 ? (e->lat[0] * e->iops[0] +
                                                                e->lat[1] * e->iops[1]) / n
                                                             : 0;
      r->settings.mix_read_percent = e->mix;
      t = _dmk_import_append_test (r, &e->spec, e->dir, (e->bw[0] + e->bw[1]) / 1e6, n, lat);
    }
  else
    {
      guint d = e->dir == DMK_DIRECTION_READ ? 0 : 1;
      t = _dmk_import_append_test (r, &e->spec, e->dir, e->bw[d] / 1e6, e->iops[d], e->lat[d]);
    }
  t->name = g_strdup (e->name);
}

/* The target the first job names. */
static void
read_target (DmkResult *r, JsonObject *job, JsonObject *global)
{
  const char *f = option (job, global, "filename");
  const char *d = option (job, global, "directory");

  if (r->target.path != NULL)
    return;
  if (f != NULL && d != NULL && !g_path_is_absolute (f))
    r->target.path = g_build_filename (d, f, NULL);
  else
    r->target.path = g_strdup (f != NULL ? f : d != NULL ? d : "");
}

/* Each job of fio's output, its clones summed: one test per job name, in fio's order; two jobs
 * of the same test stay two tests, told apart by their names. */
static gboolean
read_jobs (DmkResult *r, JsonArray *jobs, FioRead *rd, GError **error)
{
  g_autoptr (GArray) entries = g_array_new (FALSE, TRUE, sizeof (FioEntry));

  for (guint i = 0; i < json_array_get_length (jobs) && i < 4096; i++)
    {
      JsonNode *jn = json_array_get_element (jobs, i);
      gboolean skip = FALSE;
      FioEntry e, *same;

      if (!JSON_NODE_HOLDS_OBJECT (jn))
        continue;
      if (!read_entry (&e, json_node_get_object (jn), i, rd, &skip, error))
        return FALSE;
      if (skip)
        continue;
      if (rd->client && e.spec.threads > 1)
        rd->lost = TRUE;
      read_target (r, json_node_get_object (jn), rd->global);
      same = find_clone_of (entries, &e);
      if (same != NULL)
        add_clone (same, &e);
      else
        g_array_append_val (entries, e);
    }
  for (guint i = 0; i < entries->len; i++)
    add_entry_test (r, &g_array_index (entries, FioEntry, i));
  return TRUE;
}

/* The end of the JSON object that starts at data[0] (a '{'): its closing brace's offset + 1, or
 * 0 when it does not close. Strings are skipped, escapes and all. */
static gsize
object_end (const char *data, gsize length)
{
  gsize depth = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        depth++;
      else if ((c == '}' || c == ']') && --depth == 0)
        return i + 1;
    }
  return 0;
}

gboolean
_dmk_import_fio_json_span (const char *data, gsize length, gsize *start, gsize *span)
{
  /* fio starts its JSON with "{" alone on a line and "fio version" first inside it. */
  for (gsize i = 0; i < length; i++)
    {
      const char *p;

      if (data[i] != '{' || (i > 0 && data[i - 1] != '\n'))
        continue;
      for (p = data + i + 1; p < data + length && g_ascii_isspace (*p); p++)
        ;
      if ((gsize) (data + length - p) < 13 || memcmp (p, "\"fio version\"", 13) != 0)
        continue;
      *start = i;
      *span = object_end (data + i, length - i);
      return TRUE;
    }
  return FALSE;
}

/* fio --client's host of an entry of "client_stats": "host" or "host:port" (not fio's default
 * port 8765), or NULL. */
static char *
client_of (JsonObject *job)
{
  const char *host = option_of (job, "hostname");
  JsonNode *port = json_object_get_member (job, "port");
  gint64 p = port != NULL && JSON_NODE_HOLDS_VALUE (port) &&
                 json_node_get_value_type (port) == G_TYPE_INT64
               ? json_node_get_int (port)
               : 8765;

  if (host == NULL)
    return NULL;
  return p == 8765 ? g_strdup (host) : g_strdup_printf ("%s:%" G_GINT64_FORMAT, host, p);
}

/* fio --client's output: the entries of each host, in the order the hosts first appear; fio's
 * "All clients" sums are left out (*sums: whether there were any, *unified: whether one of them
 * counts reads and writes together). */
static GPtrArray *
split_clients (JsonArray *stats, GPtrArray *hosts, gboolean *sums, gboolean *unified)
{
  GPtrArray *per_host = g_ptr_array_new_with_free_func ((GDestroyNotify) json_array_unref);

  for (guint i = 0; i < json_array_get_length (stats) && i < 4096; i++)
    {
      JsonNode *jn = json_array_get_element (stats, i);
      g_autofree char *host = NULL;
      guint k;

      if (!JSON_NODE_HOLDS_OBJECT (jn))
        continue;
      if (g_strcmp0 (option_of (json_node_get_object (jn), "jobname"), "All clients") == 0)
        {
          *sums = TRUE;
          *unified |= member_object (json_node_get_object (jn), "mixed") != NULL;
          continue;
        }
      if ((host = client_of (json_node_get_object (jn))) == NULL)
        continue;
      for (k = 0; k < hosts->len && strcmp (hosts->pdata[k], host) != 0; k++)
        ;
      if (k == hosts->len)
        {
          g_ptr_array_add (hosts, g_steal_pointer (&host));
          g_ptr_array_add (per_host, json_array_new ());
        }
      json_array_add_element (per_host->pdata[k], json_node_copy (jn));
    }
  return per_host;
}

/* One result of fio's jobs (of one host: host non-NULL), or NULL with error set. */
static DmkResult *
import_jobs (JsonObject *root, JsonArray *jobs, const char *host, const char *name,
             GError **error)
{
  g_autoptr (DmkResult) r = dmk_result_new ();
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  FioRead rd = { member_object (root, "global options"), name, host != NULL,
                 _dmk_fio_version_before (root, 2, 3), _dmk_fio_version_before (root, 3, 0),
                 FALSE, notes };

  read_header (r, root);
  if (!read_jobs (r, jobs, &rd, error))
    return NULL;
  if (r->tests->len == 0)
    {
      _dmk_import_fail (error, name, _("it has no test results"));
      return NULL;
    }
  if (host != NULL)
    {
      /* Each host is its own column, named by the host fio ran it on. */
      char *path = r->target.path != NULL && *r->target.path
                     ? g_strdup_printf ("%s: %s", host, r->target.path)
                     : g_strdup (host);
      g_free (r->target.path);
      r->target.path = path;
    }
  for (guint i = 0; i < notes->len; i++)
    g_ptr_array_add (r->warnings, g_strdup (notes->pdata[i]));
  r->engine = (g_free (r->engine), g_strdup ("fio"));
  return g_steal_pointer (&r);
}

GPtrArray *
_dmk_import_fio_json_all (JsonObject *root, const char *name, GError **error)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  JsonNode *stats = json_object_get_member (root, "client_stats");
  g_autoptr (GPtrArray) hosts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) per_host = NULL;
  gboolean sums = FALSE, unified = FALSE;

  if (stats != NULL && JSON_NODE_HOLDS_ARRAY (stats) && !json_object_has_member (root, "jobs"))
    {
      per_host = split_clients (json_node_get_array (stats), hosts, &sums, &unified);
      for (guint i = 0; i < per_host->len; i++)
        {
          DmkResult *r = import_jobs (root, per_host->pdata[i], hosts->pdata[i], name, error);
          if (r == NULL)
            return NULL;
          g_ptr_array_add (out, r);
        }
      if (out->len == 0)
        {
          _dmk_import_fail (error, name,
                            !sums    ? _("it has no test results")
                            : unified ? _("fio’s unified_rw_reporting merges reads and "
                                          "writes into one “mixed” sum, and the file holds only "
                                          "that, fio’s “All clients” sum over every host and "
                                          "job: which tests ran cannot be told. Run the job "
                                          "again without unified_rw_reporting and save fio "
                                          "--client’s whole output")
                                      : _("it holds only fio’s “All clients” sum over every "
                                          "host and job, not each host’s jobs: which tests ran "
                                          "cannot be told. Save fio --client’s whole output"));
          return NULL;
        }
      return g_steal_pointer (&out);
    }
  if (!json_object_has_member (root, "jobs") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "jobs")))
    {
      _dmk_import_fail (error, name, _("this fio output has no “jobs”"));
      return NULL;
    }
  {
    DmkResult *r = import_jobs (root, json_object_get_array_member (root, "jobs"), NULL, name,
                                error);
    if (r == NULL)
      return NULL;
    g_ptr_array_add (out, r);
  }
  return g_steal_pointer (&out);
}

DmkResult *
_dmk_import_fio_json (JsonObject *root, const char *name, GError **error)
{
  g_autoptr (GPtrArray) all = _dmk_import_fio_json_all (root, name, error);

  return all != NULL ? dmk_result_ref (g_ptr_array_index (all, 0)) : NULL;
}
