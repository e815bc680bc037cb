/* test-history-import.c: `gdiskmark-cli history import` puts each foreign result on its own
 * drive, never adds a run twice, and keeps comments and the tool that measured (issue 47, 2). */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "dmk-test-cli.h"

static char *scratch;

static char *
import_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "imports", name, NULL);
}

/* A store of its own in a fresh folder. */
static char *
fresh_store (const char *name)
{
  g_autofree char *dir = g_build_filename (scratch, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  return g_build_filename (dir, "history.sqlite", NULL);
}

/* Runs the CLI with the store at store: its exit status, stdout and stderr in r. */
static void
run_on (CliRun *r, const char *store, const char *const *args)
{
  const char *env[] = { "GDISKMARK_HISTORY", store, NULL };

  run_cli (r, args, env);
  g_test_message ("%s %s: %d\n%s%s", args[0], args[1] ? args[1] : "", r->status, r->out, r->err);
}

/* `history --json` of the store, parsed: its "drives". */
static JsonArray *
drives_of (const char *store, JsonParser *parser)
{
  const char *args[] = { "history", "--json", NULL };
  CliRun r = { 0 };
  JsonObject *root;

  run_on (&r, store, args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, r.out, -1, NULL));
  cli_run_clear (&r);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "schema"), ==, "gdiskmark-history/2");
  return json_object_get_array_member (root, "drives");
}

static guint
count_entries (JsonArray *drives)
{
  guint n = 0;

  for (guint i = 0; i < json_array_get_length (drives); i++)
    n += json_array_get_length (
      json_object_get_array_member (json_array_get_object_element (drives, i), "entries"));
  return n;
}

/* The drive whose model holds needle. */
static JsonObject *
drive_named (JsonArray *drives, const char *needle)
{
  for (guint i = 0; i < json_array_get_length (drives); i++)
    {
      JsonObject *d = json_array_get_object_element (drives, i);

      if (strstr (json_object_get_string_member (d, "model"), needle) != NULL)
        return d;
    }
  g_error ("no drive named like “%s”", needle);
}

/* Whether any test of the drive's statistics set its newest run against earlier runs. */
static gboolean
has_verdict (JsonObject *drive)
{
  JsonArray *stats = json_object_get_array_member (drive, "stats");

  for (guint i = 0; i < json_array_get_length (stats); i++)
    {
      JsonObject *s = json_array_get_object_element (stats, i);

      if (json_object_get_int_member (s, "earlier_entries") > 0)
        return TRUE;
    }
  return FALSE;
}

/* Two Windows volumes from CrystalDiskMark texts, a KDiskMark run on Linux and a fio run: four
 * machines, four drives, and no statistics across them. A second text of the first volume (the
 * same letter and size, printed another way by another version) joins it. */
static void
test_four_sources (void)
{
  g_autofree char *store = fresh_store ("four");
  g_autofree char *cdm6 = import_file ("cdm6.txt");
  g_autofree char *nvme = import_file ("cdm8-nvme.txt");
  g_autofree char *kdm = import_file ("kdiskmark-3.0.0.txt");
  g_autofree char *fio = import_file ("fio-3.33.json");
  g_autofree char *cdm9 = import_file ("cdm9-real.txt");
  const char *args[] = { "history", "import", cdm6, nvme, kdm, fio, NULL };
  const char *again[] = { "history", "import", cdm9, NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) parser2 = json_parser_new ();
  JsonArray *drives;
  JsonObject *c;
  double size;
  CliRun r = { 0 };

  run_on (&r, store, args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Imported 4 runs"));
  cli_run_clear (&r);
  drives = drives_of (store, parser);
  g_assert_cmpuint (json_array_get_length (drives), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *d = json_array_get_object_element (drives, i);

      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (d, "entries")), ==, 1);
      g_assert_false (has_verdict (d));
      /* A drive is named by what its file says, never by nothing. */
      g_assert_cmpstr (json_object_get_string_member (d, "model"), !=, "");
    }
  /* cdm6.txt: "C: 25.6% (61.0/238.0 GiB)"; cdm8-nvme.txt: "D: 12% (110/931GiB)". */
  c = drive_named (drives, "CrystalDiskMark C:");
  size = (double) json_object_get_int_member (c, "size_bytes");
  g_assert_cmpfloat_with_epsilon (size / 238.0 / 1073741824.0, 1.0, 0.005);
  size = (double) json_object_get_int_member (drive_named (drives, "CrystalDiskMark D:"),
                                              "size_bytes");
  g_assert_cmpfloat_with_epsilon (size / 931.0 / 1073741824.0, 1.0, 0.005);
  drive_named (drives, "KDiskMark");
  drive_named (drives, "fio");

  /* cdm9-real.txt: "C: 61% (145/238GiB)", the same volume six years on. */
  run_on (&r, store, again);
  g_assert_cmpint (r.status, ==, 0);
  cli_run_clear (&r);
  drives = drives_of (store, parser2);
  g_assert_cmpuint (json_array_get_length (drives), ==, 4);
  c = drive_named (drives, "CrystalDiskMark C:");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (c, "entries")), ==, 2);
}

/* The same file twice in one batch and again later: one entry, and each time said so. */
static void
test_twice (void)
{
  g_autofree char *store = fresh_store ("twice");
  g_autofree char *cdm6 = import_file ("cdm6.txt");
  const char *args[] = { "history", "import", cdm6, cdm6, NULL };
  const char *again[] = { "history", "import", cdm6, NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  CliRun r = { 0 };

  run_on (&r, store, args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Imported 1 run"));
  g_assert_nonnull (strstr (r.out, "1 run was in the history already"));
  g_assert_nonnull (strstr (r.err, "already in the history as entry 1"));
  cli_run_clear (&r);
  run_on (&r, store, again);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Imported 0 runs"));
  cli_run_clear (&r);
  g_assert_cmpuint (count_entries (drives_of (store, parser)), ==, 1);
}

/* A run measured here goes into the store; its own JSON imported afterwards is that run. Its
 * comment (with a comma, a quote and CJK) is in the history's JSON and CSV as written. */
static void
test_own_run (void)
{
  g_autofree char *store = fresh_store ("own");
  g_autofree char *dir = g_build_filename (scratch, "own", "target", NULL);
  g_autofree char *json = g_build_filename (scratch, "own", "run.json", NULL);
  const char *comment = "東芝, \"second\" slot";
  const char *run[] = { "-s", "16MiB", "-n", "1", "-t", "1", "-w", "0", "-i", "0",
                        "-T", "SEQ1M Q1T1", "-q", "-c", comment, "-o", json, dir, NULL };
  const char *import[] = { "history", "import", json, NULL };
  const char *csv[] = { "history", "--format=csv", NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_auto (GStrv) lines = NULL;
  JsonArray *drives;
  JsonObject *entry;
  CliRun r = { 0 };

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  run_on (&r, store, run);
  g_assert_cmpint (r.status, ==, 0);
  cli_run_clear (&r);
  run_on (&r, store, import);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "already in the history as entry 1"));
  cli_run_clear (&r);
  /* Its text too (scores to three decimals, the date to the second, the size rounded). */
  {
    g_autofree char *txt = g_build_filename (scratch, "own", "run.txt", NULL);
    const char *show[] = { "history", "show", "1", "-o", txt, NULL };
    const char *import_txt[] = { "history", "import", txt, NULL };

    run_on (&r, store, show);
    g_assert_cmpint (r.status, ==, 0);
    cli_run_clear (&r);
    run_on (&r, store, import_txt);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.err, "already in the history as entry 1"));
    cli_run_clear (&r);
  }
  drives = drives_of (store, parser);
  g_assert_cmpuint (count_entries (drives), ==, 1);
  entry = json_array_get_object_element (
    json_object_get_array_member (json_array_get_object_element (drives, 0), "entries"), 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "comment"), ==, comment);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (entry, "tool"), "gdiskmark "));

  run_on (&r, store, csv);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\r\n", -1);
  g_assert_true (g_str_has_suffix (lines[0], ",tool,comment"));
  /* RFC 4180: the comment quoted, its quotes doubled, at the end of the row. */
  g_assert_true (g_str_has_suffix (lines[1], ",\"東芝, \"\"second\"\" slot\""));
  cli_run_clear (&r);
}

/* Two runs of one folder saved as GDiskMark's text (its size printed rounded) join the drive
 * their JSON made; the same run as text and as JSON is one entry. A result's CSV, which names no
 * drive, is a drive of its own, never the nameless one of every such file. */
static void
test_own_text_joins (void)
{
  g_autofree char *store = fresh_store ("own-text");
  g_autofree char *json = import_file ("gdiskmark-0.1.0-folder.json");
  g_autofree char *txt = import_file ("gdiskmark-0.1.0-folder.txt");
  g_autofree char *csv = import_file ("gdiskmark-0.1.0-folder.csv");
  g_autofree char *other = import_file ("gdiskmark-0.1.0-loop-reread.txt");
  const char *args[] = { "history", "import", json, txt, NULL };
  const char *more[] = { "history", "import", csv, other, NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) parser2 = json_parser_new ();
  JsonArray *drives;
  CliRun r = { 0 };

  run_on (&r, store, args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "already in the history as entry 1"));
  cli_run_clear (&r);
  drives = drives_of (store, parser);
  g_assert_cmpuint (json_array_get_length (drives), ==, 1);
  g_assert_cmpuint (count_entries (drives), ==, 1);
  run_on (&r, store, more);
  g_assert_cmpint (r.status, ==, 0);
  cli_run_clear (&r);
  drives = drives_of (store, parser2);
  g_assert_cmpuint (count_entries (drives), ==, 3);
  /* The folder, the loop device, and the CSV's own. */
  g_assert_cmpuint (json_array_get_length (drives), ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (drives, i),
                                                    "model"),
                     !=, "");
}

/* A CrystalDiskMark comment is kept. */
static void
test_foreign_comment (void)
{
  g_autofree char *store = fresh_store ("comment");
  g_autofree char *nvme = import_file ("cdm8-nvme.txt");
  g_autofree char *text = NULL;
  const char *args[] = { "history", "import", nvme, NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *entry;
  CliRun r = { 0 };
  const char *line;

  run_on (&r, store, args);
  g_assert_cmpint (r.status, ==, 0);
  cli_run_clear (&r);
  g_assert_true (g_file_get_contents (nvme, &text, NULL, NULL));
  line = strstr (text, "Comment: ");
  g_assert_nonnull (line);
  entry = json_array_get_object_element (
    json_object_get_array_member (
      json_array_get_object_element (drives_of (store, parser), 0), "entries"),
    0);
  g_assert_true (g_str_has_prefix (line + strlen ("Comment: "),
                                   json_object_get_string_member (entry, "comment")));
  g_assert_cmpstr (json_object_get_string_member (entry, "tool"), ==, "CrystalDiskMark 8.0.4 x64");
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  g_assert_nonnull (cli_path);
  scratch = g_dir_make_tmp ("gdiskmark-test-history-import-XXXXXX", NULL);
  g_assert_nonnull (scratch);
  g_test_add_func ("/history-import/four-sources", test_four_sources);
  g_test_add_func ("/history-import/twice", test_twice);
  g_test_add_func ("/history-import/own-run", test_own_run);
  g_test_add_func ("/history-import/foreign-comment", test_foreign_comment);
  g_test_add_func ("/history-import/own-text-joins", test_own_text_joins);
  status = g_test_run ();
  if (status == 0)
    {
      const char *argv_rm[] = { "rm", "-rf", scratch, NULL };

      g_spawn_sync (NULL, (char **) argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                    NULL, NULL);
    }
  g_free (scratch);
  return status;
}
