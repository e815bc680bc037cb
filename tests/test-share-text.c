/* test-share-text.c: `gdiskmark-cli share` and the run's --share (issue 50): nothing private in
 * the Markdown, the BBCode or the shared JSON while the ordinary save keeps it all; the Markdown
 * read back by python3-markdown and the BBCode by a reference reader here, each number the JSON's
 * to the precision shown. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-test-cli.h"
#include "dmk-test-share.h"

static const char *const formats[] = { "markdown", "bbcode", "json" };

static char *tmp_dir;

static char *
fixture (void)
{
  return share_fixture_file (tmp_dir, g_get_host_name ());
}

/* One assertion per private thing, each in each shared form. */
static void
test_cli_nothing_private (void)
{
  g_autofree char *file = fixture ();

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *format = g_strdup_printf ("--format=%s", formats[f]);
      const char *args[] = { "share", format, file, NULL };
      CliRun r = { 0 };

      g_test_message ("%s", format);
      run_cli (&r, args, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_null (strstr (r.out, SHARE_SERIAL));
      g_assert_null (strstr (r.out, SHARE_WWN));
      g_assert_null (strstr (r.out, SHARE_UUID));
      g_assert_null (strstr (r.out, SHARE_LABEL));
      g_assert_false (share_has_word (r.out, g_get_host_name ()));
      g_assert_false (share_has_word (r.out, SHARE_USER));
      g_assert_null (strstr (r.out, "/home/"));
      /* What was left out is said, on stderr only. */
      g_assert_nonnull (strstr (r.err, "left out: Serial number: " SHARE_SERIAL));
      g_assert_nonnull (strstr (r.out, "Samsung SSD 870 EVO 1TB"));
      cli_run_clear (&r);
    }
}

static void
test_cli_include_serial (void)
{
  g_autofree char *file = fixture ();
  const char *args[] = { "share", "--format=json", "--include=serial", "-q", file, NULL };
  g_autofree char *out = cli_output (args);

  g_assert_nonnull (strstr (out, SHARE_SERIAL));
  g_assert_null (strstr (out, SHARE_WWN));
  g_assert_null (strstr (out, SHARE_UUID));
  g_assert_null (strstr (out, SHARE_LABEL));
  g_assert_false (share_has_word (out, g_get_host_name ()));
  g_assert_false (share_has_word (out, SHARE_USER));
  g_assert_null (strstr (out, "/home/"));
}

static void
test_cli_refusals (void)
{
  g_autofree char *file = fixture ();
  const char *bad_include[] = { "share", "--include=serial,passwords", file, NULL };
  const char *bad_format[] = { "share", "--format=csv", file, NULL };
  const char *none[] = { "share", NULL };
  const char *json_two[] = { "share", "--format=json", file, file, NULL };
  const char *five[] = { "share", file, file, file, file, file, NULL };

  expect_failure (bad_include, 2, "“passwords”");
  expect_failure (bad_format, 2, "“csv”");
  expect_failure (none, 2, "share needs a result file");
  expect_failure (json_two, 2, "--format=json shares one result");
  expect_failure (five, 2, "at most four");
}

/* A real run in a folder under a home folder: the ordinary output keeps its path and the host
 * named in the comment; --share leaves both out, and the history still has the whole. */
static void
test_run_share (void)
{
  g_autofree char *home = g_build_filename (tmp_dir, "home-of-alice", NULL);
  g_autofree char *bench = g_build_filename (home, "bench", NULL);
  g_autofree char *comment = g_strdup_printf ("run on %s", g_get_host_name ());
  const char *env[] = { "HOME", home, NULL };
  const char *plain[] = { "-p", "demo", "-s", "16MiB", "-t", "1", "-w", "0", "-i", "0", "-n", "1",
                          "--no-history", "-q", "-j", "-c", comment, bench, NULL };
  const char *shared[] = { "-p", "demo", "-s", "16MiB", "-t", "1", "-w", "0", "-i", "0", "-n",
                           "1", "--no-history", "-q", "-j", "-c", comment, "--share", bench,
                           NULL };
  CliRun a = { 0 }, b = { 0 };

  g_assert_cmpint (g_mkdir_with_parents (bench, 0700), ==, 0);
  run_cli (&a, plain, env);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_nonnull (strstr (a.out, bench));
  g_assert_true (share_has_word (a.out, g_get_host_name ()));
  run_cli (&b, shared, env);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_null (strstr (b.out, home));
  g_assert_nonnull (strstr (b.out, "\"~/bench\""));
  g_assert_false (share_has_word (b.out, g_get_host_name ()));
  cli_run_clear (&a);
  cli_run_clear (&b);
  g_assert_cmpint (g_rmdir (bench), ==, 0);
  g_assert_cmpint (g_rmdir (home), ==, 0);
}

/* ---- the tables read back ---- */

/* The BBCode reference: [table] of [tr] rows of [td] cells, a cell's text with at most [b]…[/b]
 * around it; anything else inside the table fails the test. Rows of cells. */
static GPtrArray *
bbcode_table (const char *text)
{
  const char *start = strstr (text, "[table]");
  const char *end = strstr (text, "[/table]");
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  const char *p;

  if (start == NULL || end == NULL)
    g_error ("no [table]…[/table] in:\n%s", text);
  /* One table. */
  g_assert_true (strstr (start + 1, "[table]") == NULL);
  for (p = start + strlen ("[table]"); p < end;)
    {
      GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

      while (g_ascii_isspace (*p))
        p++;
      if (p >= end)
        {
          g_ptr_array_unref (cells);
          break;
        }
      g_assert_true (g_str_has_prefix (p, "[tr]"));
      p += strlen ("[tr]");
      while (g_str_has_prefix (p, "[td]"))
        {
          const char *close = strstr (p, "[/td]");
          g_autofree char *cell = NULL;

          g_assert_nonnull (close);
          cell = g_strndup (p + 4, (gsize) (close - p - 4));
          if (g_str_has_prefix (cell, "[b]") && g_str_has_suffix (cell, "[/b]"))
            {
              char *inner = g_strndup (cell + 3, strlen (cell) - 7);
              g_free (cell);
              cell = inner;
            }
          g_assert_null (strchr (cell, '['));
          g_assert_null (strchr (cell, ']'));
          g_ptr_array_add (cells, g_steal_pointer (&cell));
          p = close + strlen ("[/td]");
        }
      g_assert_true (g_str_has_prefix (p, "[/tr]"));
      p += strlen ("[/tr]");
      g_ptr_array_add (rows, cells);
    }
  return rows;
}

static const char markdown_reader[] =
  "import sys, markdown\n"
  "from html.parser import HTMLParser\n"
  "html = markdown.markdown(open(sys.argv[1], encoding='utf-8').read(), extensions=['tables'])\n"
  "class P(HTMLParser):\n"
  "    def __init__(s):\n"
  "        super().__init__(); s.rows = []; s.cell = None; s.tables = 0; s.li = None\n"
  "    def handle_starttag(s, t, a):\n"
  "        if t == 'table': s.tables += 1\n"
  "        if t == 'li': s.li = ''\n"
  "        if t == 'tr': s.rows.append([])\n"
  "        if t in ('td', 'th'): s.cell = ''\n"
  "    def handle_endtag(s, t):\n"
  "        if t in ('td', 'th'): s.rows[-1].append(s.cell.strip()); s.cell = None\n"
  "        if t == 'li': print('li\\t' + s.li); s.li = None\n"
  "    def handle_data(s, d):\n"
  "        if s.cell is not None: s.cell += d\n"
  "        if s.li is not None: s.li += d\n"
  "p = P(); p.feed(html)\n"
  "print('tables\\t%d' % p.tables)\n"
  "for r in p.rows: print('\\t'.join(r))\n";

/* The Markdown's table as python3-markdown renders it (its HTML's cells), and in items (may be
 * NULL) its list items' text, one a line; NULL when /usr/bin/python3 has no markdown module
 * (the test is skipped). */
static GPtrArray *
markdown_render (const char *text, GString *items)
{
  g_autofree char *md = g_build_filename (tmp_dir, "shared.md", NULL);
  const char *argv[] = { "/usr/bin/python3", "-c", markdown_reader, md, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *rows;
  int status;

  if (g_spawn_command_line_sync ("/usr/bin/python3 -c 'import markdown'", NULL, NULL, &status,
                                 NULL) == FALSE || !g_spawn_check_wait_status (status, NULL))
    return NULL;
  g_assert_true (g_file_set_contents (md, text, -1, NULL));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, NULL));
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_unlink (md);
  lines = g_strsplit (out, "\n", -1);
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint i = 0; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      if (g_str_has_prefix (lines[i], "li\t"))
        {
          if (items != NULL)
            g_string_append_printf (items, "%s\n", lines[i] + 3);
          continue;
        }
      if (g_str_has_prefix (lines[i], "tables\t"))
        {
          g_assert_cmpstr (lines[i], ==, "tables\t1"); /* one <table> */
          continue;
        }

      g_auto (GStrv) cells = g_strsplit (lines[i], "\t", -1);
      GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

      for (guint c = 0; cells[c] != NULL; c++)
        g_ptr_array_add (row, g_strdup (cells[c]));
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* The fixture's score of test in direction ("read") and key ("mb_per_s"), read with json-glib
 * straight from the file. */
static double
json_score (JsonObject *root, const char *test, const char *direction, const char *key)
{
  JsonArray *results = json_object_get_array_member (root, "results");

  for (guint i = 0; i < json_array_get_length (results); i++)
    {
      JsonObject *t = json_array_get_object_element (results, i);

      if (strcmp (json_object_get_string_member (t, "name"), test) == 0 &&
          strcmp (json_object_get_string_member (t, "direction"), direction) == 0)
        return json_object_get_double_member (t, key);
    }
  g_assert_not_reached ();
}

/* Every number cell equals the JSON's score to its own last digit: the header says which. */
static void
check_numbers (GPtrArray *rows, JsonObject *root)
{
  static const char *const heads[][3] = {
    { "Read (MB/s)", "read", "mb_per_s" },   { "Write (MB/s)", "write", "mb_per_s" },
    { "Read (IOPS)", "read", "iops" },       { "Write (IOPS)", "write", "iops" },
  };
  GPtrArray *header = g_ptr_array_index (rows, 0);
  guint checked = 0;

  g_assert_cmpstr (g_ptr_array_index (header, 0), ==, "Test");
  g_assert_cmpuint (header->len, ==, 1 + G_N_ELEMENTS (heads));
  g_assert_cmpuint (rows->len, ==, 1 + 4); /* the default profile's four tests */
  for (guint c = 1; c < header->len; c++)
    {
      g_assert_cmpstr (g_ptr_array_index (header, c), ==, heads[c - 1][0]);
      for (guint r = 1; r < rows->len; r++)
        {
          GPtrArray *row = g_ptr_array_index (rows, r);
          const char *cell = g_ptr_array_index (row, c);
          const char *point = strchr (cell, '.');
          guint decimals = point != NULL ? (guint) strlen (point + 1) : 0;
          double want = json_score (root, g_ptr_array_index (row, 0), heads[c - 1][1],
                                    heads[c - 1][2]);
          char *end;
          double got = g_ascii_strtod (cell, &end);

          g_assert_cmpuint (row->len, ==, header->len);
          g_assert_cmpint (*end, ==, '\0');
          g_assert_cmpfloat_with_epsilon (got, want, 0.5 * pow (10, -(double) decimals) + 1e-9);
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, 16);
}

static void
test_tables_read_back (void)
{
  g_autofree char *file = fixture ();
  const char *md_args[] = { "share", "-q", file, NULL };
  const char *bb_args[] = { "share", "-q", "--format=bbcode", file, NULL };
  g_autofree char *md = cli_output (md_args);
  g_autofree char *bb = cli_output (bb_args);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GPtrArray) bb_rows = bbcode_table (bb);
  g_autoptr (GPtrArray) md_rows = NULL;

  g_assert_true (json_parser_load_from_file (parser, file, NULL));
  check_numbers (bb_rows, json_node_get_object (json_parser_get_root (parser)));
  md_rows = markdown_render (md, NULL);
  if (md_rows == NULL)
    {
      g_test_skip ("/usr/bin/python3 has no markdown module (Debian: python3-markdown)");
      return;
    }
  check_numbers (md_rows, json_node_get_object (json_parser_get_root (parser)));
}

/* A comment with every character that means something to Markdown or BBCode comes out as it
 * was typed, and opens no markup of its own. */
static void
test_text_escaped (void)
{
  static const char comment[] = "*not bold* _nor this_ [a link](http://example.org) <b>x</b> "
                                "&amp; a | pipe `code` \\ back ~/x";
  g_autofree char *json = share_fixture_text ("alice-laptop");
  g_autoptr (DmkResult) r = dmk_result_from_json (json, -1, NULL);
  g_autofree char *md = NULL, *bb = NULL, *want = g_strdup_printf ("Comment: %s\n", comment);
  g_autoptr (GString) items = g_string_new (NULL);
  g_autoptr (GPtrArray) rows = NULL;

  g_assert_nonnull (r);
  g_free (r->comment);
  r->comment = g_strdup (comment);
  md = dmk_share_result_text (r, DMK_SHARE_MARKDOWN);
  bb = dmk_share_result_text (r, DMK_SHARE_BBCODE);
  /* BBCode: no bracket of the comment's reaches the text. */
  g_assert_nonnull (strstr (bb, "\n[*][b]Comment:[/b] *not bold* _nor this_ ［a link］"
                                "(http://example.org) <b>x</b> &amp; a | pipe `code` \\ back ~/x\n"));
  rows = markdown_render (md, items);
  if (rows == NULL)
    {
      g_test_skip ("/usr/bin/python3 has no markdown module (Debian: python3-markdown)");
      return;
    }
  g_test_message ("%s", items->str);
  g_assert_nonnull (strstr (items->str, want));
}

/* The rating the user gave the drive goes with the shared text, as the sentence the window says
 * (the best sequential read's share of it); a result without one gets no such line. Through the
 * real CLI, which redacts the file before it writes the text. */
static void
test_text_rated (void)
{
  g_autofree char *json = share_fixture_text ("alice-laptop");
  g_autoptr (DmkResult) r = dmk_result_from_json (json, -1, NULL);
  g_autofree char *rated_json = NULL, *file = g_build_filename (tmp_dir, "rated.json", NULL);
  g_autofree char *plain_file = g_build_filename (tmp_dir, "unrated.json", NULL);
  g_autofree char *want = NULL, *name = NULL, *md = NULL, *bb = NULL, *plain = NULL;
  const char *md_args[] = { "share", "-q", file, NULL };
  const char *bb_args[] = { "share", "-q", "--format=bbcode", file, NULL };
  const char *plain_args[] = { "share", "-q", plain_file, NULL };
  const DmkTestResult *best;

  g_assert_nonnull (r);
  g_assert_true (g_file_set_contents (plain_file, json, -1, NULL));
  r->rated.read_mb_per_s = 3500;
  best = dmk_rated_best_test (r, DMK_DIRECTION_READ);
  g_assert_nonnull (best);
  name = dmk_test_spec_to_name (&best->spec);
  want = dmk_rated_sentence (r, DMK_DIRECTION_READ, FALSE);
  g_assert_true (g_str_has_prefix (want, name));
  g_assert_nonnull (strstr (want, "% of the rated 3500 MB/s (the best sequential read)"));
  rated_json = dmk_result_to_json (r);
  g_assert_true (g_file_set_contents (file, rated_json, -1, NULL));
  md = cli_output (md_args);
  bb = cli_output (bb_args);
  plain = cli_output (plain_args);
  g_test_message ("%s", md);
  g_assert_nonnull (strstr (md, want));
  g_assert_nonnull (strstr (md, "Rated speed"));
  g_assert_nonnull (strstr (bb, "[*][b]Rated speed:[/b] "));
  g_assert_nonnull (strstr (bb, want));
  /* Only reads were rated: no sentence about writes, and none at all without a rating. */
  g_assert_null (strstr (md, "sequential write)"));
  g_assert_null (strstr (plain, "Rated speed"));
  g_assert_null (strstr (md, SHARE_SERIAL));
}

/* Two results side by side: one table, a column each, every test of either a row. */
static void
test_compare_tables (void)
{
  g_autofree char *file = fixture ();
  const char *md_args[] = { "share", "-q", file, file, NULL };
  const char *bb_args[] = { "share", "-q", "--format=bbcode", file, file, NULL };
  g_autofree char *md = cli_output (md_args);
  g_autofree char *bb = cli_output (bb_args);
  g_autoptr (GPtrArray) bb_rows = bbcode_table (bb);
  g_autoptr (GPtrArray) md_rows = markdown_render (md, NULL);

  g_assert_cmpuint (bb_rows->len, ==, 1 + 8);
  GPtrArray *first = g_ptr_array_index (bb_rows, 1);

  g_assert_cmpstr (g_ptr_array_index (first, 0), ==, "SEQ1M Q8T1 Read");
  g_assert_null (strstr (md, SHARE_SERIAL));
  g_assert_null (strstr (bb, SHARE_SERIAL));
  if (md_rows != NULL)
    g_assert_cmpuint (md_rows->len, ==, 1 + 8);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  if (cli_path == NULL)
    cli_path = "src/cli/gdiskmark-cli";
  tmp_dir = g_dir_make_tmp ("gdiskmark-share-XXXXXX", NULL);
  g_test_add_func ("/share/cli/nothing-private", test_cli_nothing_private);
  g_test_add_func ("/share/cli/include-serial", test_cli_include_serial);
  g_test_add_func ("/share/cli/refusals", test_cli_refusals);
  g_test_add_func ("/share/cli/run-share", test_run_share);
  g_test_add_func ("/share/text/tables-read-back", test_tables_read_back);
  g_test_add_func ("/share/text/compare", test_compare_tables);
  g_test_add_func ("/share/text/escaped", test_text_escaped);
  g_test_add_func ("/share/text/rated", test_text_rated);
  status = g_test_run ();
  {
    g_autofree char *json = g_build_filename (tmp_dir, "alice.json", NULL);
    g_unlink (json);
  }
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
