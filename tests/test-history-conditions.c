/* test-history-conditions.c: the conditions of a run beside the history's verdict and in the
 * comparison (issue 49): results written as JSON files with their conditions, imported into a
 * store of their own by the real gdiskmark-cli, and its text, JSON and CSV read back (the CSV by
 * Python's csv module); the comparison's rows of facts in its text and CSV. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-test-cli.h"
#include "dmk-test-history.h"

static void
set_conditions (DmkResult *r, DmkPower power, const char *profile, const char *governor,
                gint64 apst, double fill)
{
  dmk_conditions_clear (&r->conditions);
  r->conditions.power = power;
  r->conditions.platform_profile = g_strdup (profile);
  r->conditions.cpu_governor = g_strdup (governor);
  r->conditions.nvme_apst_us = apst;
  r->conditions.fill_percent = fill;
}

/* r written by the result's own JSON writer into dir, as a user's saved file; r is freed. */
static char *
save (DmkResult *r, const char *dir, const char *name)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (dmk_result_save (r, path, &error));
  g_assert_no_error (error);
  dmk_result_unref (r);
  return path;
}

static CliRun
run_on (const char *store, const char *const *args)
{
  const char *env[] = { "GDISKMARK_HISTORY", store, NULL };
  CliRun r = { 0 };

  run_cli (&r, args, env);
  g_test_message ("%s: %d\n%s%s", args[0], r.status, r.out, r.err);
  g_assert_cmpint (r.status, ==, 0);
  return r;
}

/* Drive X (a SATA-like device, no APST said): E1 stored before conditions were recorded, E2–E4
 * pooled with known conditions, E5 verified (left out of the verdict, so never counted), the
 * newest on battery with another profile and a full filesystem. Drive Y on NVMe: APST off this
 * time. Drive Z: the newest knows nothing, so nothing is claimed. */
static char *
make_store (void)
{
  const double rate[] = { 200.1, 199.8, 200.4 };
  g_autofree char *dir = fresh_dir ("conditions");
  char *store = g_build_filename (dir, "history.sqlite", NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  DmkResult *r;
  CliRun run;

  g_ptr_array_add (files, g_strdup ("history"));
  g_ptr_array_add (files, g_strdup ("import"));
  g_ptr_array_add (files, save (make_result ("X", rate, 3), dir, "e1.json"));
  r = make_result ("X", rate, 3);
  set_conditions (r, DMK_POWER_AC, "balanced", "performance", 0, 40);
  g_ptr_array_add (files, save (r, dir, "e2.json"));
  r = make_result ("X", rate, 3);
  set_conditions (r, DMK_POWER_AC, "balanced", "performance", 0, 80);
  g_ptr_array_add (files, save (r, dir, "e3.json"));
  r = make_result ("X", rate, 3);
  set_conditions (r, DMK_POWER_BATTERY, "balanced", "performance", 0, 93);
  g_ptr_array_add (files, save (r, dir, "e4.json"));
  r = make_result ("X", rate, 3);
  set_conditions (r, DMK_POWER_AC, "performance", "schedutil", 0, 10);
  r->settings.verify = TRUE;
  g_ptr_array_add (files, save (r, dir, "e5.json"));
  r = make_result ("X", rate, 3);
  set_conditions (r, DMK_POWER_BATTERY, "low-power", "performance", 100000, 95);
  g_ptr_array_add (files, save (r, dir, "newest.json"));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("y%u.json", i);

      r = make_result ("Y", rate, 3);
      g_free (r->target.device);
      r->target.device = g_strdup ("/dev/nvme9n1");
      set_conditions (r, DMK_POWER_AC, NULL, NULL, i < 2 ? 100000 : 0, -1);
      g_ptr_array_add (files, save (r, dir, name));
    }
  r = make_result ("Z", rate, 3);
  set_conditions (r, DMK_POWER_BATTERY, NULL, NULL, -1, -1);
  g_ptr_array_add (files, save (r, dir, "z0.json"));
  g_ptr_array_add (files, save (make_result ("Z", rate, 3), dir, "z1.json"));
  g_ptr_array_add (files, NULL);
  run = run_on (store, (const char *const *) files->pdata);
  g_assert_nonnull (strstr (run.out, "Imported 11 runs"));
  cli_run_clear (&run);
  g_ptr_array_unref (files);
  return store;
}

static char *store;

/* The text says what differed, counting runs, and that they were compared all the same. */
static void
test_text (void)
{
  const char *args[] = { "history", NULL };
  CliRun run = run_on (store, args);
  g_auto (GStrv) drives = g_strsplit (run.out, "Drive ", -1);

  /* Drives X, Y, Z in the order imported (after the text before "Drive 1"). */
  g_assert_cmpuint (g_strv_length (drives), ==, 4);
  g_assert_nonnull (strstr (drives[1], "Conditions differed (compared all the same): on battery "
                                       "this time; 2 earlier runs on AC; platform profile "
                                       "low-power this time; 3 earlier runs with balanced; "
                                       "filesystem 95 % full this time; 1 earlier run 40 % full, "
                                       "1 earlier run 80 % full\n"));
  /* Nothing about the governor (the same) or APST (not an NVMe drive); the verified run is left
   * out, and said so, not counted in the conditions. */
  g_assert_null (strstr (drives[1], "CPU governor"));
  g_assert_null (strstr (drives[1], "APST"));
  g_assert_nonnull (strstr (drives[1], "1 earlier run was verified: not compared"));
  g_assert_nonnull (strstr (drives[2], "Conditions differed (compared all the same): NVMe power "
                                       "saving: APST off this time; 2 earlier runs with APST up "
                                       "to 100000 µs\n"));
  g_assert_null (strstr (drives[3], "Conditions differed"));
  cli_run_clear (&run);
}

static JsonObject *
drive_of (JsonArray *drives, const char *model)
{
  for (guint i = 0; i < json_array_get_length (drives); i++)
    {
      JsonObject *d = json_array_get_object_element (drives, i);
      if (g_strcmp0 (json_object_get_string_member (d, "model"), model) == 0)
        return d;
    }
  g_error ("no drive %s", model);
}

static JsonObject *
diff_of (JsonObject *drive, const char *condition)
{
  JsonArray *a = json_object_get_array_member (drive, "newest_conditions_differ");

  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonObject *d = json_array_get_object_element (a, i);
      if (g_strcmp0 (json_object_get_string_member (d, "condition"), condition) == 0)
        return d;
    }
  return NULL;
}

static void
test_json (void)
{
  const char *args[] = { "history", "--json", NULL };
  CliRun run = run_on (store, args);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *drives, *values, *entries;
  JsonObject *x, *d, *stat;

  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  drives = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                         "drives");
  x = drive_of (drives, "X");
  /* The base is the verdict's: four earlier runs pooled (E1 too), the verified one left out. */
  stat = json_array_get_object_element (json_object_get_array_member (x, "stats"), 0);
  g_assert_cmpint (json_object_get_int_member (stat, "earlier_entries"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (stat, "earlier_left_out"), ==, 1);
  d = diff_of (x, "power");
  g_assert_nonnull (d);
  g_assert_cmpstr (json_object_get_string_member (d, "newest"), ==, "battery");
  g_assert_cmpint (json_object_get_int_member (d, "earlier_entries"), ==, 4);
  /* E1's unknown power is neither the same nor different. */
  g_assert_cmpint (json_object_get_int_member (d, "earlier_known"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (d, "earlier_differing"), ==, 2);
  values = json_object_get_array_member (d, "earlier_values");
  g_assert_cmpuint (json_array_get_length (values), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (values, 0),
                                                  "value"), ==, "ac");
  d = diff_of (x, "fill_percent");
  g_assert_nonnull (d);
  g_assert_cmpfloat (json_object_get_double_member (d, "newest"), ==, 95);
  g_assert_cmpint (json_object_get_int_member (d, "earlier_differing"), ==, 2);
  g_assert_nonnull (diff_of (x, "platform_profile"));
  g_assert_null (diff_of (x, "cpu_governor"));
  g_assert_null (diff_of (x, "nvme_apst_us"));
  d = diff_of (drive_of (drives, "Y"), "nvme_apst_us");
  g_assert_nonnull (d);
  g_assert_cmpfloat (json_object_get_double_member (d, "newest"), ==, 0);
  values = json_object_get_array_member (drive_of (drives, "Z"), "newest_conditions_differ");
  g_assert_cmpuint (json_array_get_length (values), ==, 0);
  /* Each entry carries its own conditions: null for the one stored before they were. */
  entries = json_object_get_array_member (x, "entries");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (entries, 0),
                                              "conditions"));
  g_assert_cmpstr (json_object_get_string_member (
                     json_object_get_object_member (json_array_get_object_element (entries, 5),
                                                    "conditions"),
                     "cpu_governor"),
                   ==, "performance");
  cli_run_clear (&run);
}

/* Python's csv module reads path; every row must have the header's column count. The rows come
 * back as JSON objects by column name, each with its cells in order as "cells". */
static JsonArray *
read_csv (const char *path, JsonParser *parser)
{
  const char *script = "import csv, json, sys\n"
                       "rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))\n"
                       "bad = [i for i, r in enumerate(rows) if len(r) != len(rows[0])]\n"
                       "assert not bad, 'rows %s differ from the header' % bad\n"
                       "print(json.dumps([dict(zip(rows[0], r), cells=r) for r in rows[1:]]))\n";
  const char *argv[] = { "/usr/bin/python3", "-c", script, path, NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, NULL));
  g_test_message ("%s", err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  return json_node_get_array (json_parser_get_root (parser));
}

static char *
write_out (const char *name, const char *text)
{
  g_autofree char *dir = fresh_dir ("out");
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
test_csv (void)
{
  const char *args[] = { "history", "--csv", NULL };
  CliRun run = run_on (store, args);
  g_autofree char *path = write_out ("history.csv", run.out);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *rows = read_csv (path, parser);
  guint newest = 0, unknown = 0;

  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      const char *model = json_object_get_string_member (row, "model");
      const char *role = json_object_get_string_member (row, "pooled_as");
      const char *differ = json_object_get_string_member (row, "conditions_differ");

      if (g_strcmp0 (model, "X") == 0 && g_strcmp0 (role, "newest") == 0)
        {
          newest++;
          g_assert_cmpstr (differ, ==, "power battery (earlier: ac 2); platform_profile low-power "
                                       "(earlier: balanced 3); fill_percent 95 (earlier: 40 1, "
                                       "80 1)");
          g_assert_cmpstr (json_object_get_string_member (row, "power"), ==, "battery");
          g_assert_cmpstr (json_object_get_string_member (row, "fill_percent"), ==, "95");
          g_assert_cmpstr (json_object_get_string_member (row, "nvme_apst_us"), ==, "100000");
        }
      else if (g_strcmp0 (model, "Y") == 0 && g_strcmp0 (role, "newest") == 0)
        g_assert_cmpstr (differ, ==, "nvme_apst_us 0 (earlier: 100000 2)");
      else
        g_assert_cmpstr (differ, ==, "");
      unknown += g_strcmp0 (model, "X") == 0 &&
                 g_strcmp0 (json_object_get_string_member (row, "power"), "") == 0;
    }
  g_assert_cmpuint (newest, ==, 1);
  /* E1 alone knows no power. */
  g_assert_cmpuint (unknown, ==, 1);
  cli_run_clear (&run);
}

/* Two results side by side: one on USB 2.0 on battery, one that knows neither link nor power
 * but its governor. */
static void
test_compare (void)
{
  const double rates[] = { 40.1, 39.8 };
  g_autofree char *dir = fresh_dir ("compare");
  g_autofree char *a = NULL, *b = NULL, *csv_path = NULL;
  DmkResult *r = make_result ("Stick", rates, 2);
  DmkChainLink *link = dmk_chain_link_new (DMK_CHAIN_USB, "sdb", "2-1");
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *rows;
  g_autofree char *text = NULL, *csv = NULL;
  g_autofree char *rate = NULL, *cell = NULL, *escaped = NULL, *bottleneck = NULL;
  guint facts = 0;

  link->what = g_strdup ("USB 2.0 (480 Mb/s)");
  link->bytes_per_s = 41600000;
  link->device_most = g_strdup ("USB 3.0 (5 Gb/s)");
  link->held_by = g_strdup ("port");
  r->chain = dmk_chain_new ();
  g_ptr_array_add (r->chain->links, link);
  set_conditions (r, DMK_POWER_BATTERY, NULL, "powersave", -1, -1);
  a = save (r, dir, "a.json");
  r = make_result ("Other", rates, 2);
  set_conditions (r, DMK_POWER_UNKNOWN, NULL, "performance", -1, -1);
  b = save (r, dir, "b.json");
  {
    const char *args[] = { "compare", a, b, NULL };
    const char *cargs[] = { "compare", "--format=csv", a, b, NULL };

    text = cli_output (args);
    csv = cli_output (cargs);
  }
  g_test_message ("%s\n%s", text, csv);
  g_assert_true (g_regex_match_simple ("\nInterface +USB 2\\.0 \\(480 Mb/s\\) +— *\n", text, 0,
                                       0));
  /* The link's ceiling as the chain says it, with what the device could do on another port. */
  rate = dmk_chain_format_rate (41600000);
  cell = g_strdup_printf ("at most %s; could be USB 3.0 (5 Gb/s)", rate);
  escaped = g_regex_escape_string (cell, -1);
  bottleneck = g_strdup_printf ("\nBottleneck +%s +— *\n", escaped);
  g_assert_true (g_regex_match_simple (bottleneck, text, 0, 0));
  g_assert_true (g_regex_match_simple ("\nPower +battery +— *\n", text, 0, 0));
  g_assert_true (g_regex_match_simple ("\nCPU governor +powersave +performance *\n", text, 0, 0));
  /* No result knows these: no row. */
  g_assert_null (strstr (text, "Platform profile"));
  g_assert_null (strstr (text, "APST"));
  g_assert_null (strstr (text, "fill"));
  csv_path = write_out ("compare.csv", csv);
  rows = read_csv (csv_path, parser);
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);
      const char *fact = json_object_get_string_member (row, "test");
      const char *kind = json_object_get_string_member (row, "direction");
      JsonArray *cells = json_object_get_array_member (row, "cells");
      /* The third and fourth columns: the two results'. */
      const char *first = json_array_get_string_element (cells, 2);
      const char *second = json_array_get_string_element (cells, 3);

      if (g_strcmp0 (kind, "chain") != 0 && g_strcmp0 (kind, "condition") != 0)
        continue;
      facts++;
      if (g_strcmp0 (fact, "interface") == 0 || g_strcmp0 (fact, "power") == 0)
        {
          g_assert_cmpstr (first, ==, *fact == 'i' ? "USB 2.0 (480 Mb/s)" : "battery");
          g_assert_cmpstr (second, ==, "");
        }
      else if (g_strcmp0 (fact, "cpu_governor") == 0)
        {
          g_assert_cmpstr (first, ==, "powersave");
          g_assert_cmpstr (second, ==, "performance");
        }
      else if (g_strcmp0 (fact, "bottleneck_mb_per_s") == 0)
        g_assert_cmpstr (first, ==, "41.6");
      else if (g_strcmp0 (fact, "link_could_be") == 0)
        g_assert_cmpstr (first, ==, "USB 3.0 (5 Gb/s)");
      else
        g_error ("unexpected fact row %s", fact);
    }
  /* interface, its ceiling in MB/s, what it could be, power, governor. */
  g_assert_cmpuint (facts, ==, 5);
}

int
main (int argc, char *argv[])
{
  int status;

  dmk_test_history_init (&argc, &argv);
  cli_path = g_getenv ("GDISKMARK_CLI");
  if (cli_path == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return 0;
    }
  store = make_store ();
  g_test_add_func ("/history/conditions/text", test_text);
  g_test_add_func ("/history/conditions/json", test_json);
  g_test_add_func ("/history/conditions/csv", test_csv);
  g_test_add_func ("/compare/facts", test_compare);
  status = dmk_test_history_run ();
  g_free (store);
  return status;
}
