/* test-result.c: the text report against golden files, JSON round trips and bad result files. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "dmk-core.h"

/* A result as a run would leave it, with fixed values so the report can be compared. */
static DmkResult *
make_result (const char *profile, guint mix)
{
  DmkResult *r = dmk_result_new ();
  g_autoptr (GArray) specs = NULL;
  DmkDirection dirs[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE, DMK_DIRECTION_MIX };
  guint n_dirs = mix ? 3 : 2;

  g_free (r->date);
  r->date = g_strdup ("2026-11-30T09:15:42+01:00");
  r->os = g_strdup ("Debian GNU/Linux 12 (bookworm) [6.1.0-27-amd64] (x86_64)");
  g_free (r->comment);
  r->comment = g_strdup ("Samsung 980, first run");
  r->target.path = g_strdup ("/home/user");
  r->target.kind = DMK_TARGET_DIRECTORY;
  r->target.filesystem = g_strdup ("ext4");
  r->target.device = g_strdup ("/dev/nvme0n1p2");
  r->target.model = g_strdup ("Samsung SSD 980 1TB");
  r->target.size_bytes = G_GUINT64_CONSTANT (1000204886016);
  r->target.free_bytes = G_GUINT64_CONSTANT (600122931609);
  g_free (r->settings.profile);
  r->settings.profile = g_strdup (profile);
  r->settings.mix_read_percent = mix;
  g_assert_true (dmk_profile_lookup (profile, &specs, NULL));
  for (guint d = 0; d < n_dirs; d++)
    for (guint i = 0; i < specs->len; i++)
      {
        DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, i);
        DmkTestResult *t = dmk_test_result_new (spec, dirs[d]);
        for (guint p = 0; p < 5; p++)
          {
            DmkPass pass;
            pass.seconds = 5.0 + p * 0.001;
            pass.iops = 1000.0 * (i + 1) * (d + 1) + p * 3.25;
            pass.bytes = (guint64) (pass.iops * pass.seconds) * spec->block_size;
            pass.mb_per_s = (double) pass.bytes / pass.seconds / 1e6;
            dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
          }
        t->latency_us.mean = 1e6 / t->iops * spec->queue_depth;
        t->latency_us.p50 = t->latency_us.mean * 0.9;
        t->latency_us.p90 = t->latency_us.mean * 1.5;
        t->latency_us.p99 = t->latency_us.mean * 3;
        t->latency_us.p99_9 = t->latency_us.mean * 7;
        t->latency_us.p99_99 = t->latency_us.mean * 20;
        g_ptr_array_add (r->tests, t);
      }
  return r;
}

static void
compare_golden (const char *text, const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "golden", name, NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;

  if (g_getenv ("GDISKMARK_UPDATE_GOLDEN") != NULL)
    {
      g_assert_true (g_file_set_contents (path, text, -1, &error));
      return;
    }
  g_assert_true (g_file_get_contents (path, &expected, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_text_classic (void)
{
  g_autoptr (DmkResult) r = make_result ("classic", 0);
  g_autofree char *text = dmk_result_to_text (r);

  compare_golden (text, "classic.txt");
}

static void
test_text_golden (void)
{
  g_autoptr (DmkResult) r = make_result ("default", 70);
  g_autofree char *c_text = dmk_result_to_text (r);

  compare_golden (c_text, "default-mix.txt");
}

/* A decimal-comma locale changes nothing in the report: it is C locale, always. */
static void
test_text_decimal_comma (void)
{
  g_autoptr (DmkResult) r = make_result ("default", 70);
  g_autofree char *c_text = dmk_result_to_text (r);
  g_autofree char *de_text = NULL, *printed = NULL;
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));

  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("needs the de_DE.UTF-8 locale (package locales-all)");
      return;
    }
  /* The locale is really in effect: printf writes a comma now. */
  printed = g_strdup_printf ("%.1f", 1.5);
  g_assert_cmpstr (printed, ==, "1,5");
  de_text = dmk_result_to_text (r);
  setlocale (LC_NUMERIC, old);
  g_assert_cmpstr (de_text, ==, c_text);
}

static void
test_text_block_device (void)
{
  g_autoptr (DmkResult) r = make_result ("real", 0);
  g_autofree char *text = NULL;

  /* A raw device read-only run: no filesystem, the device's size instead of usage. */
  g_free (r->target.path);
  r->target.path = g_strdup ("/dev/sdb");
  r->target.kind = DMK_TARGET_BLOCK_DEVICE;
  g_clear_pointer (&r->target.filesystem, g_free);
  g_free (r->target.device);
  r->target.device = g_strdup ("/dev/sdb");
  g_free (r->target.model);
  r->target.model = g_strdup ("SanDisk Ultra USB 3.0");
  r->target.size_bytes = G_GUINT64_CONSTANT (61530439680);
  r->target.free_bytes = 0;
  r->settings.mode = DMK_MODE_READ;
  g_free (r->comment);
  r->comment = g_strdup ("USB stick, reads only");
  for (guint i = r->tests->len; i > 0; i--)
    if (((DmkTestResult *) g_ptr_array_index (r->tests, i - 1))->direction != DMK_DIRECTION_READ)
      g_ptr_array_remove_index (r->tests, i - 1);
  text = dmk_result_to_text (r);
  compare_golden (text, "block-device.txt");
}

static void
test_best_pass (void)
{
  g_autoptr (DmkResult) r = make_result ("classic", 0);
  DmkTestResult *t = g_ptr_array_index (r->tests, 0);
  double best = 0;

  g_assert_cmpuint (t->passes->len, ==, 5);
  for (guint i = 0; i < t->passes->len; i++)
    best = MAX (best, g_array_index (t->passes, DmkPass, i).mb_per_s);
  g_assert_cmpfloat (t->mb_per_s, ==, best);
}

static void
test_json_roundtrip (void)
{
  g_autoptr (DmkResult) r = make_result ("default", 70);
  g_autoptr (DmkResult) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json = dmk_result_to_json (r);
  g_autofree char *json2 = NULL;
  g_autofree char *text = dmk_result_to_text (r);
  g_autofree char *text2 = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dmk-result-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "r.json", NULL);

  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  json2 = dmk_result_to_json (back);
  g_assert_cmpstr (json, ==, json2);
  g_assert_cmpuint (back->tests->len, ==, r->tests->len);
  g_assert_cmpuint (back->settings.mix_read_percent, ==, 70);

  /* Through a file too, and the text report of the loaded result is the same. */
  g_assert_true (dmk_result_save (back, file, &error));
  g_clear_pointer (&back, dmk_result_unref);
  back = dmk_result_load (file, &error);
  g_assert_no_error (error);
  text2 = dmk_result_to_text (back);
  g_assert_cmpstr (text, ==, text2);
  g_unlink (file);
  g_rmdir (dir);
}

static void
test_json_schema_keys (void)
{
  g_autoptr (DmkResult) r = make_result ("classic", 0);
  g_autofree char *json = dmk_result_to_json (r);
  const char *keys[] = { "\"schema\" : \"gdiskmark-result/1\"", "\"tool\"", "\"engine\"",
                         "\"date\"", "\"target\"", "\"kind\" : \"directory\"", "\"settings\"",
                         "\"measure_s\"", "\"interval_s\"", "\"mix_read_percent\"", "\"results\"",
                         "\"name\" : \"SEQ1M Q1T1\"", "\"pattern\" : \"sequential\"",
                         "\"direction\" : \"read\"", "\"block_size\" : 1048576", "\"queue_depth\"",
                         "\"mb_per_s\"", "\"latency_us\"", "\"p99_99\"", "\"passes\"",
                         "\"seconds\"", "\"warnings\"", "\"comment\"" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_test_message ("looking for %s", keys[i]);
      g_assert_nonnull (strstr (json, keys[i]));
    }
}

/* One result test with a series on its one pass: 4 intervals of 0.25 s. */
static DmkResult *
make_series_result (void)
{
  DmkResult *r = make_result ("demo", 0);
  DmkTestResult *t = g_ptr_array_index (r->tests, 0);
  GArray *series = g_array_new (FALSE, TRUE, sizeof (DmkSample));

  for (guint i = 0; i < 4; i++)
    {
      DmkSample s = { .end_s = 0.25 * (i + 1), .bytes = (i + 1) * 1000003, .ios = i + 1,
                      .latency_us = 100.5 + i };
      g_array_append_val (series, s);
    }
  /* It stands for the first pass. */
  g_ptr_array_index (t->series, 0) = series;
  return r;
}

static void
test_json_series (void)
{
  g_autoptr (DmkResult) r = make_series_result ();
  g_autofree char *json = dmk_result_to_json (r);
  g_autoptr (DmkResult) back = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *json2 = NULL;
  DmkTestResult *t;
  const GArray *series;
  DmkSeriesSummary sum;
  struct
  {
    const char *from, *to;
  } bad[] = {
    { "\"bytes\" : [\n", "\"bytes\" : [\n1,\n" },       /* columns of different lengths */
    { "2000006", "-1" },                                  /* negative size */
    { "2000006", "2.5" },                                 /* half a byte */
    { "0.75", "0.25" },                                   /* time going back */
    { "0.75", "1e999" },                                  /* infinity */
    { "101.5", "\"NaN\"" },
    { "101.5", "-3" },
    { "\"series\" : {", "\"series\" : [], \"x\" : {" },
  };

  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  json2 = dmk_result_to_json (back);
  g_assert_cmpstr (json, ==, json2);
  t = g_ptr_array_index (back->tests, 0);
  g_assert_cmpuint (t->series->len, ==, t->passes->len);
  series = g_ptr_array_index (t->series, 0);
  g_assert_nonnull (series);
  g_assert_cmpuint (series->len, ==, 4);
  g_assert_cmpfloat_with_epsilon (dmk_sample_mb_per_s (series, 1), 2000006 / 0.25 / 1e6, 1e-9);
  /* Passes without a series (older files, and the other passes here) load as NULL. */
  g_assert_null (g_ptr_array_index (t->series, 1));
  /* The summary: the mean is total bytes over total time, not the mean of the rates. */
  g_assert_true (dmk_series_summarize (t->series, &sum));
  g_assert_cmpuint (sum.n, ==, 4);
  g_assert_cmpfloat_with_epsilon (sum.mean, 10.0 * 1000003 / 1.0 / 1e6, 1e-9);
  g_assert_cmpfloat_with_epsilon (sum.min, 1000003 / 0.25 / 1e6, 1e-9);
  g_assert_cmpfloat_with_epsilon (sum.max, 4.0 * 1000003 / 0.25 / 1e6, 1e-9);
  g_assert_cmpfloat (sum.last, ==, sum.max);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GString) s = g_string_new (json);
      g_autoptr (DmkResult) loaded = NULL;
      g_autoptr (GError) e = NULL;

      g_assert_cmpuint (g_string_replace (s, bad[i].from, bad[i].to, 1), ==, 1);
      loaded = dmk_result_from_json (s->str, -1, &e);
      g_test_message ("%s → %s", bad[i].to, e ? e->message : "(loaded)");
      g_assert_null (loaded);
      g_assert_error (e, DMK_ERROR, DMK_ERROR_PARSE);
      g_assert_nonnull (strstr (e->message, "series"));
    }

  /* A million points: refused with the limit named, not loaded into memory as a curve. */
  {
    g_autoptr (GString) s = g_string_new (json);
    g_autoptr (GString) cols = g_string_new ("\"series\" : { ");
    const char *names[] = { "end_s", "bytes", "ios", "latency_us" };
    g_autoptr (DmkResult) loaded = NULL;
    g_autoptr (GError) e = NULL;
    char *at;

    for (guint c = 0; c < 4; c++)
      {
        g_string_append_printf (cols, "%s\"%s\" : [", c ? ", " : "", names[c]);
        for (guint i = 1; i <= 1000000; i++)
          g_string_append_printf (cols, i > 1 ? ",%u" : "%u", i);
        g_string_append (cols, "]");
      }
    g_string_append (cols, " }, \"was_series\" : {");
    at = strstr (s->str, "\"series\" : {");
    g_assert_nonnull (at);
    g_string_erase (s, at - s->str, strlen ("\"series\" : {"));
    g_string_insert (s, at - s->str, cols->str);
    loaded = dmk_result_from_json (s->str, -1, &e);
    g_assert_null (loaded);
    g_assert_error (e, DMK_ERROR, DMK_ERROR_PARSE);
    g_assert_nonnull (strstr (e->message, "100000 points"));
  }
}

static void
test_json_bad (void)
{
  g_autoptr (DmkResult) r = make_result ("classic", 0);
  g_autofree char *json = dmk_result_to_json (r);
  struct
  {
    const char *from, *to, *message;
  } edits[] = {
    { "gdiskmark-result/1", "gdiskmark-result/2", "newer" },
    { "gdiskmark-result/1", "something-else/1", "not a GDiskMark result" },
    { "\"passes\" : 5", "\"passes\" : \"five\"", "settings.passes" },
    { "\"passes\" : 5", "\"passes\" : 50", "settings.passes" },
    { "\"queue_depth\" : 1", "\"queue_depth\" : 1e400", "queue_depth" },
    { "\"kind\" : \"directory\"", "\"kind\" : \"floppy\"", "target.kind" },
    { "\"direction\" : \"read\"", "\"direction\" : 7", "direction" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GString) s = g_string_new (json);
      g_autoptr (DmkResult) bad = NULL;

      g_assert_cmpuint (g_string_replace (s, edits[i].from, edits[i].to, 1), ==, 1);
      bad = dmk_result_from_json (s->str, -1, &error);
      g_test_message ("%s → %s", edits[i].to, error ? error->message : "(loaded)");
      g_assert_null (bad);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, edits[i].message));
    }
  /* Truncated anywhere: an error, never a crash. */
  for (gsize len = 0; len < strlen (json); len += 97)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkResult) bad = dmk_result_from_json (json, (gssize) len, &error);
      g_assert_null (bad);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
    }
}

/* What json-glib would have said, which no message to a user may repeat. */
static void
assert_no_parser_words (const char *message)
{
  const char *raw[] = { "<data>", "Parse error", "nexpected character", "nexpected identifier",
                        "scanner:", "expected string constant" };

  for (guint i = 0; i < G_N_ELEMENTS (raw); i++)
    g_assert_null (strstr (message, raw[i]));
}

/* Loads dir/name holding contents (NULL: leave whatever is there) and checks the one failure:
 * named by its base name only, with the words wanted, in the domain and code wanted. */
static void
expect_bad_file (const char *dir, const char *name, const char *contents, gssize length,
                 int code, const char *wanted, const char *also)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *quoted = g_strdup_printf ("“%s”", name);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = NULL;

  if (contents != NULL)
    g_assert_true (g_file_set_contents (path, contents, length, NULL));
  r = dmk_result_load (path, &error);
  g_test_message ("%s → %s", name, error ? error->message : "(loaded)");
  g_assert_null (r);
  g_assert_error (error, DMK_ERROR, code);
  g_assert_nonnull (strstr (error->message, quoted));
  g_assert_null (strstr (error->message, dir));
  g_assert_nonnull (strstr (error->message, wanted));
  if (also != NULL)
    g_assert_nonnull (strstr (error->message, also));
  assert_no_parser_words (error->message);
}

static void
test_bad_files (void)
{
  g_autoptr (DmkResult) good = make_result ("classic", 0);
  g_autofree char *json = dmk_result_to_json (good);
  g_autofree char *dir = g_dir_make_tmp ("dmk-bad-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (dir, "results.json", NULL);
  const char binary[] = { '\x89', 'P', 'N', 'G', '\r', '\n', '\x1a', '\n', '\0', '\xff', '{' };
  const char *not_ours = "is not a GDiskMark result";
  g_autoptr (GString) s = g_string_new (NULL);
  g_autoptr (GDir) d = NULL;
  const char *entry;

  expect_bad_file (dir, "typo.json",
                   "{\n  \"schema\": \"gdiskmark-result/1\",\n  \"comment\": @\n}", -1,
                   DMK_ERROR_PARSE, not_ours, "(line 3: ");
  expect_bad_file (dir, "cut.json", json, (gssize) strlen (json) / 2, DMK_ERROR_PARSE, not_ours,
                   "ends too soon");
  expect_bad_file (dir, "notes.json", "{\"notes\": 1}", -1, DMK_ERROR_PARSE, not_ours,
                   "“schema”");
  expect_bad_file (dir, "list.json", "[1, 2]", -1, DMK_ERROR_PARSE, not_ours, "“schema”");
  expect_bad_file (dir, "other.json", "{\"schema\": \"something-else/1\"}", -1, DMK_ERROR_PARSE,
                   not_ours, "“schema”");
  expect_bad_file (dir, "empty.json", "", 0, DMK_ERROR_PARSE, not_ours, "empty");
  expect_bad_file (dir, "picture.json", binary, sizeof binary, DMK_ERROR_PARSE, not_ours, "text");

  g_string_assign (s, json);
  g_string_replace (s, "gdiskmark-result/1", "gdiskmark-result/2", 1);
  expect_bad_file (dir, "future.json", s->str, -1, DMK_ERROR_PARSE,
                   "was saved by a newer GDiskMark", "update GDiskMark");
  g_string_assign (s, json);
  g_assert_cmpuint (g_string_replace (s, "\"passes\" : 5", "\"passes\" : \"five\"", 1), ==, 1);
  expect_bad_file (dir, "edited.json", s->str, -1, DMK_ERROR_PARSE,
                   "is a damaged GDiskMark result", "“settings.passes” must be a whole number");

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  expect_bad_file (dir, "results.json", NULL, 0, DMK_ERROR_IO, "is a folder", NULL);
  expect_bad_file (dir, "missing.json", NULL, 0, DMK_ERROR_IO, "Could not open", NULL);

  g_rmdir (folder);
  d = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* main () sets TZ=UTC, so local time here is UTC whatever the machine's zone. */
static void
test_date_human (void)
{
  g_autofree char *evening = dmk_format_date_human ("2026-11-30T18:09:42Z");
  g_autofree char *morning = dmk_format_date_human ("2026-12-01T09:05:00+02:00");
  g_autofree char *junk = dmk_format_date_human ("last Tuesday");
  g_autofree char *none = dmk_format_date_human (NULL);
  g_autofree char *empty = dmk_format_date_human ("");

  g_assert_cmpstr (evening, ==, "30 Nov 2026, 18:09");
  /* Converted to local time, and no space left where %e pads a one-digit day. */
  g_assert_cmpstr (morning, ==, "1 Dec 2026, 07:05");
  g_assert_cmpstr (junk, ==, "last Tuesday");
  g_assert_cmpstr (none, ==, "?");
  g_assert_cmpstr (empty, ==, "?");
}

/* The one deep copy (the runner's progress, the window's cells): every pass is the copy's own. */
static void
test_copy_deep (void)
{
  g_autoptr (DmkResult) r = make_result ("default", 70);

  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      g_autoptr (DmkTestResult) copy = dmk_test_result_copy (t);
      g_autoptr (GArray) before = g_array_copy (t->passes);
      DmkTestResult saved = *t;
      DmkPass extra = { .mb_per_s = t->mb_per_s * 2, .iops = t->iops * 2, .seconds = 1 };

      g_assert_true (copy->passes != t->passes);
      g_assert_true (dmk_test_spec_equal (&copy->spec, &t->spec));
      g_assert_cmpint (copy->direction, ==, t->direction);
      g_assert_cmpuint (copy->passes->len, ==, t->passes->len);
      g_assert_cmpmem (copy->passes->data, copy->passes->len * sizeof (DmkPass), t->passes->data,
                       t->passes->len * sizeof (DmkPass));
      g_assert_cmpmem (&copy->latency_us, sizeof copy->latency_us, &t->latency_us,
                       sizeof t->latency_us);

      /* Mutate the original every way a run or a reload can: the copy must not notice. */
      for (guint p = 0; p < t->passes->len; p++)
        g_array_index (t->passes, DmkPass, p).mb_per_s = -1;
      dmk_test_result_add_pass_series (t, &extra, NULL, NULL);
      t->latency_us.p99 = -1;
      t->spec.queue_depth++;
      g_assert_cmpuint (copy->passes->len, ==, before->len);
      g_assert_cmpmem (copy->passes->data, copy->passes->len * sizeof (DmkPass), before->data,
                       before->len * sizeof (DmkPass));
      g_assert_cmpfloat (copy->mb_per_s, ==, saved.mb_per_s);
      g_assert_cmpfloat (copy->iops, ==, saved.iops);
      g_assert_cmpfloat (copy->latency_us.p99, ==, saved.latency_us.p99);
      g_assert_cmpuint (copy->spec.queue_depth, ==, saved.spec.queue_depth);
    }
  /* A test without passes (a file from a tool that kept none) copies to an empty array. */
  {
    DmkTestSpec spec = { DMK_PATTERN_RANDOM, 4096, 1, 1 };
    g_autoptr (DmkTestResult) empty = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
    g_autoptr (DmkTestResult) copy = dmk_test_result_copy (empty);
    g_assert_nonnull (copy->passes);
    g_assert_cmpuint (copy->passes->len, ==, 0);
  }
}

/* Another tool's result shown as GDiskMark's text says GDiskMark's own version and names the
 * tool that measured it on a Source line, which reads back: a CrystalDiskMark 8.0.4 result was
 * printed as "GDiskMark 8.0.4 x64". */
static void
test_foreign_text_names_source (void)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "imports", "cdm8-nvme.txt", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("dmk-result-source-XXXXXX", NULL);
  g_autofree char *again_file = g_build_filename (tmp, "again.txt", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_load (file, &error);
  g_autoptr (DmkResult) again = NULL;
  g_autofree char *text = NULL, *header = NULL, *source = NULL;

  g_assert_no_error (error);
  g_assert_true (dmk_result_is_foreign (r));
  text = dmk_result_to_text (r);
  header = g_strdup_printf ("GDiskMark %s (C)", PACKAGE_VERSION);
  source = g_strdup_printf (" Source: %s %s\n", r->tool_name, r->tool_version);
  g_assert_nonnull (strstr (text, header));
  g_assert_null (strstr (text, "GDiskMark 8.0.4"));
  g_assert_nonnull (strstr (text, source));
  g_assert_true (g_file_set_contents (again_file, text, -1, NULL));
  again = dmk_result_load (again_file, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->tool_name, ==, r->tool_name);
  g_assert_cmpstr (again->tool_version, ==, r->tool_version);
  g_assert_cmpuint (again->tests->len, ==, r->tests->len);
  g_unlink (again_file);
  g_rmdir (tmp);
}

int
main (int argc, char **argv)
{
  /* Before any GTimeZone is made: GLib keeps the first local zone it sees. */
  g_setenv ("TZ", "UTC", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/result/text-classic", test_text_classic);
  g_test_add_func ("/result/text-default-mix", test_text_golden);
  g_test_add_func ("/result/text-decimal-comma", test_text_decimal_comma);
  g_test_add_func ("/result/text-block-device", test_text_block_device);
  g_test_add_func ("/result/best-pass", test_best_pass);
  g_test_add_func ("/result/json-roundtrip", test_json_roundtrip);
  g_test_add_func ("/result/json-schema-keys", test_json_schema_keys);
  g_test_add_func ("/result/json-bad", test_json_bad);
  g_test_add_func ("/result/json-series", test_json_series);
  g_test_add_func ("/result/bad-files", test_bad_files);
  g_test_add_func ("/result/date-human", test_date_human);
  g_test_add_func ("/result/copy-deep", test_copy_deep);
  g_test_add_func ("/result/foreign-text-names-source", test_foreign_text_names_source);
  return g_test_run ();
}
