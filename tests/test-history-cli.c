/* test-history-cli.c: the history as gdiskmark-cli keeps it: every finished run and scan saved
 * (unless --no-history), a broken store that still keeps the run, a drive known by its identity
 * whatever loop device name it has, runs of another score rule, until-stable or verification
 * left out of the verdict and said so, and a throttled drive's slowdown told from noise, its
 * statistics recomputed from its JSON, CSV and text with scipy. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-loop.h"

/* The history CSV's five cells of a run's conditions, as a regular expression: whatever this
 * machine's are (a governor's list comes quoted). */
#define CONDITIONS "(,(\"[^\"]*\"|[^,\r\n\"]*)){5}"

static const char *cli_path;
static char *scratch;
static char *store; /* this test's history */

/* ---- running the CLI ---- */

/* Runs gdiskmark-cli with args against the test's store; its exit status, stdout and stderr. */
static int
run_cli (const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) l =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *o = NULL, *e = NULL;

  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (l, "GDISKMARK_HISTORY", store, TRUE);
  g_subprocess_launcher_setenv (l, "GDISKMARK_HISTORY_BUSY_MS", "300", TRUE);
  p = g_subprocess_launcher_spawnv (l, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, &o, &e, &error));
  g_assert_no_error (error);
  if (g_subprocess_get_exit_status (p) != 0)
    g_test_message ("gdiskmark-cli failed: %s", e);
  if (out != NULL)
    *out = g_steal_pointer (&o);
  if (err != NULL)
    *err = g_steal_pointer (&e);
  return g_subprocess_get_exit_status (p);
}

/* A quick grid run: SEQ1M Q1T1 read, passes of a second, with up to three more options. */
static void
quick_run_with (const char *target, const char *a, const char *b, const char *c)
{
  const char *args[] = { "--size=16MiB", "--passes=2", "--time=1", "--warmup=0", "--interval=0",
                         "--test=SEQ1M Q1T1", "--mode=read", "--quiet", "--json", target,
                         a, b, c, NULL };

  g_assert_cmpint (run_cli (args, NULL, NULL), ==, 0);
}

static void
quick_run (const char *target, const char *extra)
{
  quick_run_with (target, extra, NULL, NULL);
}

/* gdiskmark-cli history --json, parsed: its "drives". */
static JsonArray *
history_drives (JsonParser *parser)
{
  const char *args[] = { "history", "--json", NULL };
  g_autofree char *out = NULL;

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  return json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                       "drives");
}

static guint
total_entries (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *drives = history_drives (parser);
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (drives); i++)
    n += json_array_get_length (
      json_object_get_array_member (json_array_get_object_element (drives, i), "entries"));
  return n;
}

static void
new_store (const char *name)
{
  g_free (store);
  store = g_build_filename (scratch, name, "history.sqlite", NULL);
}

/* ---- the statistics recomputed with scipy ---- */

/* Writes history in format (NULL: text) to a file of the scratch folder; its path. */
static char *
history_file (const char *format)
{
  const char *args[] = { "history", format, NULL };
  g_autofree char *out = NULL;
  char *path = g_build_filename (scratch, format != NULL ? format + 2 : "text", NULL);

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 0);
  g_assert_true (g_file_set_contents (path, out, -1, NULL));
  return path;
}

/* The history's JSON, CSV and text recomputed by tests/check-history-welch.py with scipy's
 * Welch test (/usr/bin/python3 with python3-scipy): every number agrees, and n_welch tests
 * were made. Skipped without scipy. */
static void
recomputed_with_scipy (guint n_welch)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "check-history-welch.py", NULL);
  g_autofree char *json = history_file ("--json"), *csv = history_file ("--csv");
  g_autofree char *text = history_file (NULL), *out = NULL, *expect = NULL;
  const char *argv[] = { "/usr/bin/python3", script, json, csv, text, NULL };
  int status = dmk_test_run_tool (argv, &out);

  g_test_message ("check-history-welch.py: exit %d\n%s", status, out);
  if (status == 77)
    {
      g_test_skip ("/usr/bin/python3 lacks scipy (python3-scipy)");
      return;
    }
  g_assert_cmpint (status, ==, 0);
  expect = g_strdup_printf ("welch-tests %u\n", n_welch);
  g_assert_true (g_str_has_suffix (out, expect));
}

/* ---- every finished run, and --no-history ---- */

static void
test_auto_save (void)
{
  g_autofree char *target = g_build_filename (scratch, "target", NULL);
  const char *sweep[] = { "sweep", "--mode=read", "--time=1", "--min=1M", "--max=1M",
                          "--size=16MiB", "--quiet", "--json", target, NULL };
  const char *show[] = { "history", "show", "2", "--json", NULL };
  const char *del[] = { "history", "delete", "1", NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  JsonArray *drives, *entries;

  new_store ("auto");
  g_assert_cmpint (g_mkdir_with_parents (target, 0700), ==, 0);
  quick_run (target, NULL);
  g_assert_cmpuint (total_entries (), ==, 1);
  quick_run (target, "--no-history");
  g_assert_cmpuint (total_entries (), ==, 1);
  /* A scan is saved too, on the same drive as the grid run. */
  g_assert_cmpint (run_cli (sweep, NULL, NULL), ==, 0);
  drives = history_drives (parser);
  g_assert_cmpuint (json_array_get_length (drives), ==, 1);
  entries = json_object_get_array_member (json_array_get_object_element (drives, 0), "entries");
  g_assert_cmpuint (json_array_get_length (entries), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (entries, 0),
                                                  "kind"), ==, "grid");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (entries, 1),
                                                  "kind"), ==, "sweep");
  /* An entry opens as the result it was. */
  g_assert_cmpint (run_cli (show, &out, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\"kind\" : \"sweep\""));
  g_assert_cmpint (run_cli (del, NULL, NULL), ==, 0);
  g_assert_cmpuint (total_entries (), ==, 1);
}

static void
test_broken_store_keeps_run (void)
{
  g_autofree char *target = g_build_filename (scratch, "target", NULL);
  const char *args[] = { "--size=16MiB", "--passes=1", "--time=1", "--warmup=0", "--interval=0",
                         "--test=SEQ1M Q1T1", "--mode=read", "--quiet", target, NULL };
  g_autofree char *dir = NULL, *err = NULL, *kept = NULL;
  const char *at, *end;

  new_store ("broken");
  dir = g_path_get_dirname (store);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (target, 0700), ==, 0);
  g_assert_true (g_file_set_contents (store, "not a database, not at all, not even close.", -1,
                                      NULL));
  /* The run succeeds, and stderr says where it went and how to bring it back. */
  g_assert_cmpint (run_cli (args, NULL, &err), ==, 0);
  g_assert_nonnull (strstr (err, "damaged"));
  at = strstr (err, "history import ");
  g_assert_nonnull (at);
  at += strlen ("history import ");
  end = strstr (at, ".json");
  g_assert_nonnull (end);
  kept = g_strndup (at, end + strlen (".json") - at);
  g_assert_true (g_str_has_prefix (kept, dir));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));
}

/* ---- runs measured otherwise are not compared ---- */

/* The one stat of the one drive of the history's JSON. */
static JsonObject *
only_stat (JsonParser *parser, JsonObject **drive)
{
  JsonArray *drives = history_drives (parser);
  JsonArray *stats;

  g_assert_cmpuint (json_array_get_length (drives), ==, 1);
  *drive = json_array_get_object_element (drives, 0);
  stats = json_object_get_array_member (*drive, "stats");
  g_assert_cmpuint (json_array_get_length (stats), ==, 1);
  return json_array_get_object_element (stats, 0);
}

/* In a JSON array of {"why", "entries"}: the entries of why (0 when not there). */
static gint64
left_out_of (JsonObject *o, const char *member, const char *why)
{
  JsonArray *a = json_object_get_array_member (o, member);

  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *e = json_array_get_object_element (a, i);
      if (g_str_equal (json_object_get_string_member (e, "why"), why))
        return json_object_get_int_member (e, "entries");
    }
  return 0;
}

/* gdiskmark-cli history as text. */
static char *
history_text (void)
{
  const char *args[] = { "history", NULL };
  char *out = NULL;

  g_assert_cmpint (run_cli (args, &out, NULL), ==, 0);
  return out;
}

/* The case on a real folder: a best-of-2 run, then a median-scored, until-stable,
 * verified run: the second is not judged against the first (no "2 runs" pooled), and the text,
 * JSON and CSV say why; a second run of those settings is judged against the one before, and
 * the numbers are recomputed with scipy. */
static void
test_unlike (void)
{
  g_autofree char *target = g_build_filename (scratch, "unlike-target", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL, *csv = NULL, *csv_text = NULL;
  JsonObject *stat, *drive;

  new_store ("unlike");
  g_assert_cmpint (g_mkdir_with_parents (target, 0700), ==, 0);
  quick_run (target, NULL);
  quick_run_with (target, "--score=median", "--until-stable", "--verify");
  stat = only_stat (parser, &drive);
  g_assert_cmpint (json_object_get_int_member (stat, "entries"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (stat, "earlier_entries"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (stat, "newest_noise"), ==, "unknown");
  g_assert_true (json_object_get_null_member (stat, "welch"));
  g_assert_cmpint (json_object_get_int_member (stat, "earlier_left_out"), ==, 1);
  g_assert_cmpint (left_out_of (stat, "earlier_left_out_because", "score"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (drive, "earlier_runs_left_out"), ==, 1);
  g_assert_cmpint (left_out_of (drive, "earlier_runs_left_out_because", "score"), ==, 1);
  text = history_text ();
  g_test_message ("%s", text);
  g_assert_null (strstr (text, "median of the"));
  g_assert_null (strstr (text, "noise:"));
  g_assert_nonnull (strstr (text, "1 earlier run used another score rule (the best pass): not "
                                  "compared"));
  /* The CSV (CRLF, RFC 4180): the first run's row says why it was left out, the newest's how
   * many were. */
  csv = history_file ("--csv");
  g_assert_true (g_file_get_contents (csv, &csv_text, NULL, NULL));
  g_assert_nonnull (strstr (csv_text, "earlier_left_out,earlier_left_out_because,"
                                      "left_out_because,power,platform_profile,cpu_governor,"
                                      "nvme_apst_us,fill_percent,conditions_differ,tool,"
                                      "comment\r\n"));
  /* Each row ends with the tool that measured it and the comment (none here), after this
   * machine's conditions (whatever they are: five cells, a governor's list quoted) and, with no
   * conditions said, an empty cell. */
  g_assert_true (g_regex_match_simple (",score" CONDITIONS ",,gdiskmark ", csv_text, 0, 0));
  g_assert_true (g_regex_match_simple (",1,score 1," CONDITIONS ",,gdiskmark ", csv_text, 0, 0));
  recomputed_with_scipy (0);

  /* The same settings again: judged against the run before only, the first still left out. */
  quick_run_with (target, "--score=median", "--until-stable", "--verify");
  stat = only_stat (parser, &drive);
  g_assert_cmpint (json_object_get_int_member (stat, "earlier_entries"), ==, 1);
  g_assert_false (json_object_get_null_member (stat, "welch"));
  g_assert_cmpstr (json_object_get_string_member (stat, "newest_noise"), !=, "unknown");
  g_assert_cmpint (left_out_of (stat, "earlier_left_out_because", "score"), ==, 1);
  recomputed_with_scipy (1);

  /* Unverified, the rest alike: the two verified runs are left out for that. */
  quick_run_with (target, "--score=median", "--until-stable", NULL);
  stat = only_stat (parser, &drive);
  g_assert_cmpint (json_object_get_int_member (stat, "entries"), ==, 1);
  g_assert_cmpint (left_out_of (stat, "earlier_left_out_because", "verify"), ==, 2);
  g_assert_cmpint (left_out_of (stat, "earlier_left_out_because", "score"), ==, 1);
  g_clear_pointer (&text, g_free);
  text = history_text ();
  g_assert_nonnull (strstr (text, "2 earlier runs were verified: not compared"));
  /* And not until stable: the three until-stable runs are left out for that. */
  quick_run_with (target, "--score=median", NULL, NULL);
  stat = only_stat (parser, &drive);
  g_assert_cmpint (json_object_get_int_member (stat, "entries"), ==, 1);
  g_assert_cmpint (left_out_of (stat, "earlier_left_out_because", "until_stable"), ==, 3);
  g_clear_pointer (&text, g_free);
  text = history_text ();
  g_assert_nonnull (strstr (text, "3 earlier runs added passes until stable: not compared"));
  recomputed_with_scipy (0);
}

/* ---- loop devices of this test ---- */

#define MAX_LOOPS 4
static char *loops[MAX_LOOPS];
static char *images[MAX_LOOPS];

/* A 64 MiB sparse image in /dev/shm named with $GDISKMARK_TEST_TAG, attached with direct I/O. */
static char *
new_image (const char *name)
{
  const char *tag = g_getenv ("GDISKMARK_TEST_TAG");
  g_autofree char *base = g_strdup_printf ("gdiskmark-test-%s-%s-XXXXXX.img", tag ? tag : "history",
                                           name);
  char *path = g_build_filename ("/dev/shm", base, NULL);
  int fd = g_mkstemp (path);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 64 << 20), ==, 0);
  close (fd);
  return path;
}

static const char *
attach (guint slot, const char *image)
{
  const char *argv[] = { "losetup", "--direct-io=on", "-f", "--show", image, NULL };

  g_assert_null (loops[slot]);
  g_assert_cmpint (dmk_test_run_tool (argv, &loops[slot]), ==, 0);
  g_strstrip (loops[slot]);
  return loops[slot];
}

static void
detach (guint slot)
{
  const char *argv[] = { "losetup", "-d", loops[slot], NULL };

  if (loops[slot] == NULL)
    return;
  dmk_test_unthrottle (loops[slot]);
  dmk_test_run_tool (argv, NULL);
  g_clear_pointer (&loops[slot], g_free);
}

static void
cleanup_loops (void)
{
  for (guint i = 0; i < MAX_LOOPS; i++)
    {
      detach (i);
      if (images[i] != NULL)
        g_unlink (images[i]);
      g_clear_pointer (&images[i], g_free);
    }
}

static gboolean
can_attach (void)
{
  if (geteuid () != 0 || g_access ("/dev/shm", W_OK) != 0)
    {
      g_test_skip ("needs root and /dev/shm to attach loop devices (losetup)");
      return FALSE;
    }
  return TRUE;
}

/* The drive in drives whose model names image, and its entries. */
static JsonArray *
entries_of (JsonArray *drives, const char *image)
{
  for (guint i = 0; i < json_array_get_length (drives); i++)
    {
      JsonObject *d = json_array_get_object_element (drives, i);
      if (strstr (json_object_get_string_member (d, "model"), image) != NULL)
        return json_object_get_array_member (d, "entries");
    }
  g_assert_not_reached ();
}

static void
test_identity (void)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *first = NULL;
  const char *second;
  JsonArray *drives, *a;

  if (!can_attach ())
    return;
  new_store ("identity");
  images[0] = new_image ("a");
  images[1] = new_image ("b");
  first = g_strdup (attach (0, images[0]));
  quick_run (first, NULL);
  quick_run (attach (1, images[1]), NULL);
  /* Image a again, attached while its first name is still taken (so it gets another), then
   * its first attachment gone: the same drive under a new name. */
  second = attach (2, images[0]);
  detach (0);
  g_assert_cmpstr (second, !=, first);
  g_test_message ("image a: %s, then %s", first, second);
  quick_run (second, NULL);
  drives = history_drives (parser);
  g_assert_cmpuint (json_array_get_length (drives), ==, 2);
  a = entries_of (drives, images[0]);
  g_assert_cmpuint (json_array_get_length (a), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 0), "target"),
                   ==, first);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 1), "target"),
                   ==, second);
  g_assert_cmpuint (json_array_get_length (entries_of (drives, images[1])), ==, 1);
  /* Image a: its second run against its first, two passes each; image b: a first run. */
  recomputed_with_scipy (1);
  cleanup_loops ();
}

/* ---- a slower drive is beyond noise, the same one within it ---- */

static const char *
throttled_run (const char *dev, guint64 cap)
{
  const char *args[] = { "--size=64MiB", "--passes=3", "--time=2", "--warmup=1", "--interval=0",
                         "--engine=libaio", "--test=SEQ1M Q1T1", "--mode=read", "--quiet",
                         "--json", dev, NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *stat;
  static char noise[16];

  g_assert_true (dmk_test_throttle (dev, "read_bps", cap));
  g_assert_cmpint (run_cli (args, NULL, NULL), ==, 0);
  stat = json_array_get_object_element (
    json_object_get_array_member (json_array_get_object_element (history_drives (parser), 0),
                                  "stats"),
    0);
  g_test_message ("at %" G_GUINT64_FORMAT " MB/s: newest %.1f MB/s, %+.1f %%, %s", cap / 1000000,
                  json_object_get_double_member (stat, "newest_mb_per_s"),
                  json_object_get_double_member (stat, "newest_delta_percent"),
                  json_object_get_string_member (stat, "newest_noise"));
  g_strlcpy (noise, json_object_get_string_member (stat, "newest_noise"), sizeof noise);
  return noise;
}

static void
test_throttled (void)
{
  const char *dev;

  if (!can_attach () || !dmk_test_throttle_available ())
    return;
  new_store ("throttled");
  images[3] = new_image ("throttled");
  dev = attach (3, images[3]);
  g_assert_cmpstr (throttled_run (dev, 200000000), ==, "unknown");
  g_assert_cmpstr (throttled_run (dev, 200000000), ==, "within");
  recomputed_with_scipy (1);
  g_assert_cmpstr (throttled_run (dev, 150000000), ==, "beyond");
  recomputed_with_scipy (1);
  cleanup_loops ();
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  if (cli_path == NULL)
    {
      g_printerr ("GDISKMARK_CLI is not set\n");
      return 77;
    }
  scratch = g_dir_make_tmp ("gdiskmark-test-history-cli-XXXXXX", NULL);
  dmk_test_loop_cleanup_on_signals (cleanup_loops);
  g_test_add_func ("/history-cli/auto-save", test_auto_save);
  g_test_add_func ("/history-cli/broken-store", test_broken_store_keeps_run);
  g_test_add_func ("/history-cli/unlike", test_unlike);
  g_test_add_func ("/history-cli/identity", test_identity);
  g_test_add_func ("/history-cli/throttled", test_throttled);
  status = g_test_run ();
  cleanup_loops ();
  if (status == 0)
    {
      const char *rm[] = { "rm", "-rf", scratch, NULL };
      dmk_test_run_tool (rm, NULL);
    }
  g_free (scratch);
  g_free (store);
  return status;
}
