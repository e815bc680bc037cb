/* test-import-fio.c: fio's JSON output in the comparison, file by file (tests/imports, their
 * provenance in tests/imports/SOURCES): every entry named by what it did (its options, else the
 * name of GDiskMark's exported job, checked against its block size and direction), at the depth
 * fio ran it, every number read back from the file itself; what cannot be named is refused with
 * its real cause, in "jobs" and fio --client's "client_stats" alike. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-compare.h"
#include "dmk-import.h"

static char *
sample (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "imports", name, NULL);
}

static DmkResult *
load (const char *name)
{
  g_autofree char *path = sample (name);
  g_autoptr (GError) error = NULL;
  DmkResult *r = dmk_result_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static DmkTestResult *
find (DmkResult *r, const char *test, DmkDirection dir)
{
  DmkTestSpec spec;

  g_assert_true (dmk_test_spec_parse (test, &spec, NULL));
  return dmk_result_find (r, &spec, dir);
}

/* The root of fio's JSON in file, read with json-glib: fio's text before it skipped, and after
 * it (json,normal) cut off, by hand. */
static JsonObject *
fio_root (const char *file, JsonParser *parser)
{
  g_autofree char *path = sample (file);
  g_autofree char *text = NULL;
  const char *json;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  json = text[0] != '{' && strstr (text, "\n{\n") != NULL ? strstr (text, "\n{\n") + 1 : text;
  if (strstr (json, "\n}\n") != NULL)
    strstr (json, "\n}\n")[2] = '\0';
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  return json_node_get_object (json_parser_get_root (parser));
}

/* fio's JSON: one row per job, the numbers as fio wrote them. */
static void
test_fio_json (void)
{
  g_autoptr (DmkResult) r = load ("fio-3.33.json");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *path = sample ("fio-3.33.json");
  JsonArray *jobs;

  g_assert_cmpstr (r->tool_name, ==, "fio");
  g_assert_cmpstr (r->tool_version, ==, "3.33");
  g_assert_cmpuint (r->tests->len, ==, 3);
  g_assert_true (json_parser_load_from_file (parser, path, NULL));
  jobs = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                       "jobs");
  {
    JsonObject *read = json_object_get_object_member (json_array_get_object_element (jobs, 0),
                                                      "read");
    DmkTestResult *t = find (r, "SEQ1M Q8T1", DMK_DIRECTION_READ);
    g_assert_cmpfloat_with_epsilon (t->mb_per_s,
                                    json_object_get_double_member (read, "bw_bytes") / 1e6, 1e-9);
    g_assert_cmpfloat_with_epsilon (t->iops, json_object_get_double_member (read, "iops"), 1e-9);
  }
  {
    JsonObject *job = json_array_get_object_element (jobs, 2);
    double both = json_object_get_double_member (json_object_get_object_member (job, "read"),
                                                 "bw_bytes") +
                  json_object_get_double_member (json_object_get_object_member (job, "write"),
                                                 "bw_bytes");
    DmkTestResult *t = find (r, "RND4K Q1T1", DMK_DIRECTION_MIX);
    g_assert_nonnull (t);
    g_assert_cmpfloat_with_epsilon (t->mb_per_s, both / 1e6, 1e-9);
    g_assert_cmpuint (r->settings.mix_read_percent, ==, 70);
  }
  g_assert_nonnull (find (r, "RND4K Q32T1", DMK_DIRECTION_WRITE));
}

/* The sum over fio's entries named job (its clones) of side's member key, read from the file
 * itself; text before the JSON skipped by hand. */
static double
fio_sum (const char *file, const char *job, const char *side, const char *key)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *jobs = json_object_get_array_member (fio_root (file, parser), "jobs");
  double sum = 0;

  for (guint i = 0; i < json_array_get_length (jobs); i++)
    {
      JsonObject *o = json_array_get_object_element (jobs, i);
      if (strcmp (json_object_get_string_member (o, "jobname"), job) == 0)
        sum += json_object_get_double_member (json_object_get_object_member (o, side), key);
    }
  return sum;
}

static DmkTestResult *
nth_test (DmkResult *r, guint i, const char *test, DmkDirection dir, const char *name)
{
  DmkTestResult *t;
  DmkTestSpec spec;

  g_assert_cmpuint (i, <, r->tests->len);
  t = g_ptr_array_index (r->tests, i);
  g_assert_true (dmk_test_spec_parse (test, &spec, NULL));
  g_assert_true (dmk_test_spec_equal (&t->spec, &spec));
  g_assert_cmpint (t->direction, ==, dir);
  g_assert_cmpstr (t->name, ==, name);
  return t;
}

/* Issue 23 item 2: fio's JSON with numjobs > 1 and no group_reporting has one entry per clone;
 * only the last was kept (fio's own fio-rand-RW example read as one clone's 499.4 MB/s of
 * 2190.5). Clones add up per job name, and two jobs of the same test stay two tests. */
static void
test_fio_clones (void)
{
  g_autoptr (DmkResult) r = load ("fio-3.33-numjobs2.json");
  g_autoptr (DmkResult) rw = load ("fio-3.33-fio-rand-RW.json");
  g_autoptr (DmkResult) seq = load ("fio-3.33-fio-seq-RW.json");
  const char *names[] = { "rand-read-a", "rand-read-b" };
  DmkTestResult *t;

  g_assert_cmpuint (r->tests->len, ==, 3);
  t = nth_test (r, 0, "SEQ1M Q4T2", DMK_DIRECTION_READ, "seq-read");
  g_assert_cmpfloat_with_epsilon (t->mb_per_s,
                                  fio_sum ("fio-3.33-numjobs2.json", "seq-read", "read",
                                           "bw_bytes") / 1e6, 1e-6);
  /* Checked by hand against the file: 758309272 + 1175486984 bytes/s. */
  g_assert_cmpfloat_with_epsilon (t->mb_per_s, 1933.796256, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->iops, 723.180077 + 1121.031746, 1e-6);
  /* The mean over every I/O of both clones. */
  g_assert_cmpfloat_with_epsilon (t->latency_us.mean,
                                  (5519.771487417 * 723.180077 + 3552.597742478 * 1121.031746) /
                                    (723.180077 + 1121.031746), 1e-6);
  for (guint i = 0; i < 2; i++)
    {
      t = nth_test (r, i + 1, "RND4K Q8T2", DMK_DIRECTION_READ, names[i]);
      g_assert_cmpfloat_with_epsilon (t->mb_per_s,
                                      fio_sum ("fio-3.33-numjobs2.json", names[i], "read",
                                               "bw_bytes") / 1e6, 1e-6);
      g_assert_cmpfloat_with_epsilon (t->iops,
                                      fio_sum ("fio-3.33-numjobs2.json", names[i], "read",
                                               "iops"), 1e-6);
    }
  /* fio's examples, four clones of one randrw (60 % reads) and one rw job each. */
  g_assert_cmpuint (rw->tests->len, ==, 1);
  t = nth_test (rw, 0, "RND4K Q16T4", DMK_DIRECTION_MIX, "file1");
  g_assert_cmpfloat_with_epsilon (t->mb_per_s, 2190.537524, 1e-6);
  g_assert_cmpfloat_with_epsilon (
    t->mb_per_s,
    (fio_sum ("fio-3.33-fio-rand-RW.json", "file1", "read", "bw_bytes") +
     fio_sum ("fio-3.33-fio-rand-RW.json", "file1", "write", "bw_bytes")) / 1e6, 1e-6);
  g_assert_cmpuint (rw->settings.mix_read_percent, ==, 60);
  t = nth_test (seq, 0, "SEQ256K Q16T4", DMK_DIRECTION_MIX, "file1");
  g_assert_cmpfloat_with_epsilon (t->mb_per_s, 6077.14556, 1e-6);

  /* In the comparison the two jobs of one test are two rows, each named by its job. */
  {
    g_autoptr (GPtrArray) results = g_ptr_array_new ();
    g_autoptr (DmkComparison) cmp = NULL;
    g_autofree char *text = NULL;

    g_ptr_array_add (results, r);
    g_ptr_array_add (results, load ("cdm8-default-mix.txt"));
    cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
    dmk_result_unref (g_ptr_array_index (results, 1));
    text = dmk_comparison_to_text (cmp);
    g_test_message ("%s", text);
    g_assert_nonnull (strstr (text, "\nRND4K Q8T2 Read (rand-read-a) "));
    g_assert_nonnull (strstr (text, "\nRND4K Q8T2 Read (rand-read-b) "));
    g_assert_nonnull (strstr (text, "\nSEQ1M Q4T2 Read "));
  }
}

/* fio --client with a host list (fio --client=hosts.list job.fio --output-format=json): the
 * entries are in "client_stats", each with its host; a column per host, the clones of each summed
 * on their own, fio's "All clients" sum left out. */
static void
test_fio_client_server (void)
{
  g_autofree char *path = sample ("fio-3.33-client-server.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = dmk_result_load_all (path, &error);
  const char *hosts[] = { "127.0.0.1: ", "127.0.0.2: " };
  /* Each host's two rand-read clones, from the file: 846419372 + 726907012 and 755149362 +
   * 752526449 bytes/s. */
  const double rnd[] = { 1573.326384, 1507.675811 };
  const double seq[] = { 4786.157586, 4608.077746 };

  g_assert_no_error (error);
  g_assert_cmpuint (all->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      DmkResult *r = g_ptr_array_index (all, i);

      g_assert_true (g_str_has_prefix (r->target.path, hosts[i]));
      g_assert_cmpuint (r->tests->len, ==, 2);
      g_assert_cmpfloat_with_epsilon (nth_test (r, 0, "SEQ1M Q4T1", DMK_DIRECTION_READ,
                                                "seq-read")->mb_per_s, seq[i], 1e-6);
      g_assert_cmpfloat_with_epsilon (nth_test (r, 1, "RND4K Q8T2", DMK_DIRECTION_READ,
                                                "rand-read")->mb_per_s, rnd[i], 1e-6);
    }
  /* dmk_result_load, for one result: the first host. */
  {
    g_autoptr (DmkResult) first = load ("fio-3.33-client-server.json");
    g_assert_true (g_str_has_prefix (first->target.path, hosts[0]));
  }
  /* And compare through the CLI: a column per host. */
  if (g_getenv ("GDISKMARK_CLI") != NULL)
    {
      const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "compare", path, NULL };
      g_autofree char *out = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                   NULL, &out, NULL, &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (out, "[1] fio 3.33: 127.0.0.1: "));
      g_assert_nonnull (strstr (out, "[2] fio 3.33: 127.0.0.2: "));
    }
}

/* Issue 23 item 14: group_reporting over two different jobs of one group (no stonewall) is one
 * entry named by the first job with the last job's options (rw=randwrite, bs=4k) and the reads
 * of the first: it was read as a 4K write test. It is refused by name. */
static void
test_fio_group_sum (void)
{
  g_autofree char *path = sample ("fio-3.33-group-sum.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_load (path, &error);

  g_assert_null (r);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "job 1 (“seq-read”) is fio’s group_reporting sum"));
}

/* Issue 23 items 3, 4 and 5: fio before 3.2 (bw in KiB/s, no bw_bytes), fio's own text before
 * the JSON (a psync job at iodepth 8: "note: … queue depth will be capped at 1") and around it
 * (--output-format=json,normal), json+ and bs=4096B. */
static void
test_fio_variants (void)
{
  g_autoptr (DmkResult) old = load ("fio-3.1-gvisor.json");
  g_autoptr (DmkResult) note = load ("fio-3.33-note-stdout.json");
  g_autoptr (DmkResult) plus = load ("fio-3.33-jsonplus.json");
  g_autoptr (DmkResult) normal = load ("fio-3.33-json-normal.txt");
  DmkTestResult *t;

  g_assert_cmpstr (old->tool_version, ==, "3.1");
  g_assert_cmpuint (old->tests->len, ==, 1);
  /* ioengine=sync at iodepth 4 ran at depth 1; bw 1753471 KiB/s. */
  t = nth_test (old, 0, "SEQ4K Q1T1", DMK_DIRECTION_WRITE, "test");
  g_assert_cmpfloat_with_epsilon (t->mb_per_s, 1753471.0 * 1024 / 1e6, 1e-6);
  g_assert_cmpfloat_with_epsilon (t->iops, 438367.892977, 1e-6);
  g_assert_cmpfloat (t->latency_us.mean, ==, 0); /* fio wrote none: missing, not 0 µs */

  t = nth_test (note, 0, "RND4K Q1T1", DMK_DIRECTION_READ, "psync-q8");
  g_assert_cmpfloat_with_epsilon (t->mb_per_s,
                                  fio_sum ("fio-3.33-note-stdout.json", "psync-q8", "read",
                                           "bw_bytes") / 1e6, 1e-6);

  g_assert_cmpuint (plus->tests->len, ==, 2);
  nth_test (plus, 0, "SEQ1M Q8T1", DMK_DIRECTION_READ, "seq-read-q8");
  t = nth_test (plus, 1, "RND4K Q1T1", DMK_DIRECTION_WRITE, "rnd-write-q1"); /* bs=4096B */
  g_assert_cmpfloat_with_epsilon (t->mb_per_s,
                                  fio_sum ("fio-3.33-jsonplus.json", "rnd-write-q1", "write",
                                           "bw_bytes") / 1e6, 1e-6);

  g_assert_cmpuint (normal->tests->len, ==, 2);
  t = nth_test (normal, 0, "SEQ1M Q8T1", DMK_DIRECTION_READ, "seq-read-q8");
  g_assert_cmpfloat_with_epsilon (t->mb_per_s,
                                  fio_sum ("fio-3.33-json-normal.txt", "seq-read-q8", "read",
                                           "bw_bytes") / 1e6, 1e-6);
  nth_test (normal, 1, "RND4K Q1T1", DMK_DIRECTION_WRITE, "rnd-write-q1");
}


/* ---- issue 47: names from what ran ---- */

/* A job of a fio job file, as the file says it: its section's name and the test it asks for. */
typedef struct
{
  char *name;
  DmkTestSpec spec;
  DmkDirection dir;
  gboolean engine_named; /* ioengine= in the section or [global] */
} JobFileJob;

static void
job_file_job_clear (gpointer p)
{
  g_free (((JobFileJob *) p)->name);
}

static guint32
job_file_size (const char *v)
{
  char *end = NULL;
  guint64 n = g_ascii_strtoull (v, &end, 10);

  return (guint32) (n << (*end == 'm' ? 20 : *end == 'k' ? 10 : 0));
}

/* key of a section, else of [global]. */
static const char *
job_file_option (GHashTable *sec, GHashTable *global, const char *key, const char *fallback)
{
  const char *v = g_hash_table_lookup (sec, key);

  if (v == NULL)
    v = g_hash_table_lookup (global, key);
  return v != NULL ? v : fallback;
}

static void
job_file_add (GArray *jobs, const char *name, GHashTable *sec, GHashTable *global)
{
  const char *rw = job_file_option (sec, global, "rw", "read");
  JobFileJob j = { g_strdup (name), { 0 }, 0, FALSE };

  j.spec.pattern = g_str_has_prefix (rw, "rand") ? DMK_PATTERN_RANDOM : DMK_PATTERN_SEQUENTIAL;
  j.spec.block_size = job_file_size (job_file_option (sec, global, "bs", "4k"));
  j.spec.queue_depth = (guint) g_ascii_strtoull (job_file_option (sec, global, "iodepth", "1"),
                                                 NULL, 10);
  j.spec.threads = (guint) g_ascii_strtoull (job_file_option (sec, global, "numjobs", "1"),
                                             NULL, 10);
  j.dir = strstr (rw, "write") != NULL ? DMK_DIRECTION_WRITE : DMK_DIRECTION_READ;
  j.engine_named = job_file_option (sec, global, "ioengine", NULL) != NULL;
  g_array_append_val (jobs, j);
}

/* The jobs of a job file of tests/imports, in its order: a small reader of fio's format (flags
 * without "=", comments after ";"), written for the files there. */
static GArray *
job_file_jobs (const char *file)
{
  g_autofree char *path = sample (file);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GHashTable) global = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GHashTable) sec = NULL;
  g_autofree char *name = NULL;
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (JobFileJob));

  g_array_set_clear_func (jobs, job_file_job_clear);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *l = g_strstrip (lines[i]);
      char *eq = strchr (l, '=');

      if (*l == '\0' || *l == ';' || *l == '#')
        continue;
      if (*l == '[')
        {
          if (sec != NULL && strcmp (name, "global") != 0)
            job_file_add (jobs, name, sec, global);
          g_clear_pointer (&sec, g_hash_table_unref);
          g_free (name);
          name = g_strndup (l + 1, strlen (l) - 2);
          sec = strcmp (name, "global") == 0
                  ? g_hash_table_ref (global)
                  : g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
          continue;
        }
      if (sec != NULL)
        g_hash_table_insert (sec, g_strndup (l, eq != NULL ? (gsize) (eq - l) : strlen (l)),
                             g_strdup (eq != NULL ? eq + 1 : ""));
    }
  if (sec != NULL && strcmp (name, "global") != 0)
    job_file_add (jobs, name, sec, global);
  return jobs;
}

/* fio's entries of one output: "jobs", or "client_stats" without fio's "All clients" sum. */
static GPtrArray *
fio_entries (JsonObject *root)
{
  GPtrArray *out = g_ptr_array_new ();
  JsonArray *a = json_object_has_member (root, "jobs")
                   ? json_object_get_array_member (root, "jobs")
                   : json_object_get_array_member (root, "client_stats");

  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *o = json_array_get_object_element (a, i);
      if (strcmp (json_object_get_string_member (o, "jobname"), "All clients") != 0)
        g_ptr_array_add (out, o);
    }
  return out;
}

/* The share of an entry's I/O that fio counted at depth 1 (iodepth_level "1"). */
static double
level_one (JsonObject *entry)
{
  return json_object_get_double_member (json_object_get_object_member (entry, "iodepth_level"),
                                        "1");
}

/* r against the fio output file and the job file it ran, entry by entry: each test the job
 * file's (its depth 1 where the job names no engine: fio's default, psync, is synchronous), in
 * fio's order, named by its job, its MB/s and IOPS fio's bw_bytes and iops. Returns how many
 * entries of the file have no options. */
static guint
check_against_job_file (DmkResult *r, const char *file, const char *job_file)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GPtrArray) entries = fio_entries (fio_root (file, parser));
  g_autoptr (GArray) jobs = job_file_jobs (job_file);
  guint without = 0;

  g_assert_cmpuint (entries->len, ==, jobs->len);
  g_assert_cmpuint (r->tests->len, ==, jobs->len);
  for (guint i = 0; i < jobs->len; i++)
    {
      JobFileJob *j = &g_array_index (jobs, JobFileJob, i);
      JsonObject *e = g_ptr_array_index (entries, i);
      JsonObject *side = json_object_get_object_member (
        e, j->dir == DMK_DIRECTION_READ ? "read" : "write");
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      DmkTestSpec want = j->spec;
      g_autofree char *name = NULL;

      if (!j->engine_named)
        {
          /* fio's own count agrees: every I/O at depth 1. */
          g_assert_cmpfloat (level_one (e), ==, 100.0);
          want.queue_depth = 1;
        }
      without += !json_object_has_member (e, "job options");
      g_assert_cmpstr (json_object_get_string_member (e, "jobname"), ==, j->name);
      name = dmk_test_spec_to_name (&t->spec);
      g_test_message ("%s: %s %s, %.2f MB/s%s", j->name, name,
                      dmk_direction_report_label (t->direction), t->mb_per_s,
                      json_object_has_member (e, "job options") ? "" : " (no job options)");
      g_assert_true (dmk_test_spec_equal (&t->spec, &want));
      g_assert_cmpint (t->direction, ==, j->dir);
      g_assert_cmpstr (t->name, ==, j->name);
      g_assert_cmpfloat_with_epsilon (t->mb_per_s,
                                      json_object_get_double_member (side, "bw_bytes") / 1e6,
                                      1e-9);
      g_assert_cmpfloat_with_epsilon (t->iops, json_object_get_double_member (side, "iops"),
                                      1e-9);
    }
  return without;
}

/* Issue 47 item 1: fio 3.33 --client leaves out the options of every job after one with
 * numjobs > 1 (it looks them up by thread number); they were named SEQ4K Q1T1 by fio's
 * defaults. The nvme profile's and a four-test custom job's exports, run by the real fio 3.33
 * in client/server mode: every row under the job file's name, its numbers fio's. */
static void
test_client_names (void)
{
  static const char *const custom[] = { "SEQ128K Q2T2", "RND4K Q4T4", "SEQ1M Q8T1",
                                        "RND4K Q32T1" };
  static const char *const files[][2] = {
    { "fio-3.33-client-nvme.json", "fio-3.33-client-nvme.fio" },
    { "fio-3.33-client-custom4.json", "fio-3.33-client-custom4.fio" },
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = sample (files[f][0]);
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) all = dmk_result_load_all (path, &error);
      DmkResult *r;

      g_assert_no_error (error);
      g_assert_cmpuint (all->len, ==, 1);
      r = g_ptr_array_index (all, 0);
      g_assert_true (g_str_has_prefix (r->target.path, "127.0.0.1:8811: "));
      /* The files hold the gap: most entries have no options. */
      g_assert_cmpuint (check_against_job_file (r, files[f][0], files[f][1]), >=, 5);
      g_assert_cmpuint (r->warnings->len, ==, 0);
    }
  {
    g_autoptr (DmkResult) r = load ("fio-3.33-client-custom4.json");
    for (guint i = 0; i < G_N_ELEMENTS (custom); i++)
      {
        g_assert_nonnull (find (r, custom[i], DMK_DIRECTION_READ));
        g_assert_nonnull (find (r, custom[i], DMK_DIRECTION_WRITE));
      }
    g_assert_null (find (r, "SEQ4K Q1T1", DMK_DIRECTION_READ));
  }
}

/* A client output as fio's "jobs" (the same entries without host and port, fio's sum left out),
 * written to a file of dir. */
static char *
as_jobs (const char *file, const char *dir)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root = fio_root (file, parser);
  g_autoptr (GPtrArray) entries = fio_entries (root);
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *out = json_object_new ();
  JsonArray *jobs = json_array_new ();
  char *path = g_build_filename (dir, "as-jobs.json", NULL);

  json_object_set_string_member (out, "fio version",
                                 json_object_get_string_member (root, "fio version"));
  json_object_set_member (out, "global options",
                          json_node_copy (json_object_get_member (root, "global options")));
  for (guint i = 0; i < entries->len; i++)
    {
      JsonNode *n = json_node_alloc ();
      JsonObject *e = json_object_ref (g_ptr_array_index (entries, i));

      json_object_remove_member (e, "hostname");
      json_object_remove_member (e, "port");
      json_node_init_object (n, e);
      json_object_unref (e);
      json_array_add_element (jobs, n);
    }
  json_object_set_array_member (out, "jobs", jobs);
  json_node_take_object (node, out);
  json_generator_set_root (gen, node);
  g_assert_true (json_generator_to_file (gen, path, NULL));
  return path;
}

/* Issue 47 item 1: "jobs" and "client_stats" agree: the same entries, gap and all, read as
 * fio's jobs give the same tests, names and numbers. */
static void
test_paths_agree (void)
{
  static const char *const files[] = { "fio-3.33-client-nvme.json",
                                       "fio-3.33-client-custom4.json" };
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-fio-XXXXXX", NULL);

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = as_jobs (files[f], dir);
      g_autoptr (DmkResult) client = load (files[f]);
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkResult) jobs = dmk_result_load (path, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (jobs->tests->len, ==, client->tests->len);
      for (guint i = 0; i < jobs->tests->len; i++)
        {
          DmkTestResult *a = g_ptr_array_index (jobs->tests, i);
          DmkTestResult *b = g_ptr_array_index (client->tests, i);
          g_assert_true (dmk_test_spec_equal (&a->spec, &b->spec));
          g_assert_cmpint (a->direction, ==, b->direction);
          g_assert_cmpstr (a->name, ==, b->name);
          g_assert_cmpfloat (a->mb_per_s, ==, b->mb_per_s);
          g_assert_cmpfloat (a->iops, ==, b->iops);
        }
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Issue 47 item 4: jobs without ioengine run on fio's default, psync, at depth 1 whatever their
 * iodepth (fio's iodepth_level says {"1": 100.0}); they were labelled with the depth they asked
 * for. Each such test carries a warning that names it. */
static void
test_no_ioengine (void)
{
  g_autoptr (DmkResult) r = load ("fio-3.33-noengine.json");
  g_autoptr (GArray) jobs = job_file_jobs ("fio-3.33-noengine.fio");

  g_assert_cmpuint (check_against_job_file (r, "fio-3.33-noengine.json", "fio-3.33-noengine.fio"),
                    ==, 0);
  g_assert_cmpuint (r->warnings->len, ==, jobs->len);
  for (guint i = 0; i < jobs->len; i++)
    {
      JobFileJob *j = &g_array_index (jobs, JobFileJob, i);
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      const char *w = g_ptr_array_index (r->warnings, i);
      g_autofree char *asked = g_strdup_printf ("iodepth=%u", j->spec.queue_depth);
      DmkTestSpec spec;
      DmkDirection dir;

      g_test_message ("%s", w);
      g_assert_true (dmk_warning_names_test (w, &spec, &dir));
      g_assert_true (dmk_test_spec_equal (&spec, &t->spec));
      g_assert_cmpint (dir, ==, t->direction);
      g_assert_nonnull (strstr (w, j->name));
      g_assert_nonnull (strstr (w, asked));
      g_assert_nonnull (strstr (w, "psync"));
    }
  g_assert_null (find (r, "SEQ1M Q8T1", DMK_DIRECTION_READ));
}

/* The same file with fio's count of depth changed to 8 (as an asynchronous default engine, fio's
 * windowsaio, would give): the depth asked for stands. */
static void
test_no_ioengine_async_default (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root = fio_root ("fio-3.33-noengine.json", parser);
  JsonObject *levels = json_object_get_object_member (
    json_array_get_object_element (json_object_get_array_member (root, "jobs"), 0),
    "iodepth_level");
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-fio-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "windows.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = NULL;

  json_object_set_double_member (levels, "1", 0.0);
  json_object_set_double_member (levels, "8", 100.0);
  json_generator_set_root (gen, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (gen, path, NULL));
  r = dmk_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (find (r, "SEQ1M Q8T1", DMK_DIRECTION_READ));
  g_assert_cmpuint (r->warnings->len, ==, 2); /* the other two jobs still ran at depth 1 */
  g_unlink (path);
  g_rmdir (dir);
}

/* path's refusal, its message checked for each of says. */
static void
assert_refused (const char *path, const char *const *says)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) all = dmk_result_load_all (path, &error);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *named = g_strdup_printf ("“%s” cannot be compared: ", base);

  g_assert_null (all);
  g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, named));
  for (guint i = 0; says[i] != NULL; i++)
    g_assert_nonnull (strstr (error->message, says[i]));
  g_assert_null (strstr (error->message, "group_reporting sum"));
  g_assert_null (strstr (error->message, "no test results"));
  g_assert_null (strstr (error->message, "is not a GDiskMark result"));
}

/* Issue 47 items 1 and 7: refusals that name their real cause. */
static void
test_refusals (void)
{
  const char *client[] = { "job 3 (“rnd4k-q8-write”): fio --client left out its options",
                           "numjobs > 1", "run the job file without --client", NULL };
  const char *old[] = { "job 1 (“test”): fio before 2.3 writes no job options",
                        "sequentially or at random", "fio 2.3 or later", NULL };
  const char *sum[] = { "fio’s unified_rw_reporting merges reads and writes", "“All clients” sum",
                        "again without unified_rw_reporting", NULL };
  const char *cut[] = { "it is fio’s JSON output, but not valid JSON (line ", "it ends too soon",
                        "Save fio’s output again", NULL };
  g_autofree char *p1 = sample ("fio-3.33-client-noengine.json");
  g_autofree char *p2 = sample ("fio-2.2.10-write-no-options.json");
  g_autofree char *p3 = sample ("fio-2.6-client-mixed.json");
  g_autofree char *p4 = sample ("fio-3.33.json");
  g_autofree char *text = NULL;
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-fio-XXXXXX", NULL);
  g_autofree char *cut_path = g_build_filename (dir, "cut.json", NULL);
  gsize len = 0;

  assert_refused (p1, client);
  assert_refused (p2, old);
  assert_refused (p3, sum);
  /* fio's output cut in half. */
  g_assert_true (g_file_get_contents (p4, &text, &len, NULL));
  g_assert_true (g_file_set_contents (cut_path, text, (gssize) (len / 2), NULL));
  assert_refused (cut_path, cut);
  g_unlink (cut_path);
  g_rmdir (dir);
}

/* The fio 2.2.10 job with the options it ran added, as fio 2.3 and later write them: it imports
 * at fio's bw (KiB/s: fio 2 has no bw_bytes), at the depth fio counted. */
static void
test_old_with_options (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *root = fio_root ("fio-2.2.10-write-no-options.json", parser);
  JsonObject *job = json_array_get_object_element (json_object_get_array_member (root, "jobs"), 0);
  JsonObject *opts = json_object_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-import-fio-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "with-options.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = NULL;
  JsonObject *w = json_object_get_object_member (job, "write");
  DmkTestResult *t;

  json_object_set_string_member (opts, "rw", "randwrite");
  json_object_set_string_member (opts, "bs", "4k");
  json_object_set_string_member (opts, "iodepth", "32");
  json_object_set_string_member (opts, "ioengine", "libaio");
  json_object_set_object_member (job, "job options", opts);
  json_generator_set_root (gen, json_parser_get_root (parser));
  g_assert_true (json_generator_to_file (gen, path, NULL));
  r = dmk_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->tests->len, ==, 1);
  t = find (r, "RND4K Q32T1", DMK_DIRECTION_WRITE);
  g_assert_nonnull (t);
  g_assert_cmpfloat_with_epsilon (t->mb_per_s, json_object_get_double_member (w, "bw") * 1024 / 1e6,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (t->iops, json_object_get_double_member (w, "iops"), 1e-9);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/import-fio/json", test_fio_json);
  g_test_add_func ("/import-fio/clones", test_fio_clones);
  g_test_add_func ("/import-fio/variants", test_fio_variants);
  g_test_add_func ("/import-fio/group-sum", test_fio_group_sum);
  g_test_add_func ("/import-fio/client-server", test_fio_client_server);
  g_test_add_func ("/import-fio/client-names", test_client_names);
  g_test_add_func ("/import-fio/paths-agree", test_paths_agree);
  g_test_add_func ("/import-fio/no-ioengine", test_no_ioengine);
  g_test_add_func ("/import-fio/no-ioengine-async-default", test_no_ioengine_async_default);
  g_test_add_func ("/import-fio/refusals", test_refusals);
  g_test_add_func ("/import-fio/old-with-options", test_old_with_options);
  return g_test_run ();
}
