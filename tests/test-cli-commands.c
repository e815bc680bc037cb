/* test-cli-commands.c: gdiskmark-cli's command table (issue 45): help is never a target, every
 * command listed with its line and exit statuses, the same output options everywhere, --mix's
 * separate word, and every CSV in one dialect in a decimal-comma locale. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-test-cli.h"

/* "help" is never a target: in a folder that has a help/ it prints the usage and runs nothing,
 * also after options, after "--" and after a bare --mix. */
static void
test_help_not_a_target (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-help-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "help", NULL);
  g_autofree char *history = g_build_filename (dir, "history.sqlite", NULL);
  const char *env[] = { "GDISKMARK_HISTORY", history, NULL };
  const char *usage_args[] = { "--help", NULL };
  const char *const calls[][5] = { { "help" }, { "-q", "-n", "1", "help" }, { "--", "help" },
                                   { "--mix", "help" }, { "--", "--help" } };
  g_autofree char *usage = cli_output (usage_args);

  g_assert_true (g_str_has_prefix (usage, "Usage:\n  gdiskmark-cli [OPTION…] [TARGET]"));
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_autoptr (GDir) d = NULL;
      CliRun r = { 0 };

      cli_cwd = dir;
      run_cli (&r, calls[i], env);
      cli_cwd = NULL;
      g_test_message ("%s: exit %d, stderr: %s", calls[i][0], r.status, r.err);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_cmpstr (r.out, ==, usage);
      g_assert_cmpstr (r.err, ==, "");
      /* Nothing ran: no test file in help/, no history beside it. */
      assert_dir_empty (sub);
      d = g_dir_open (dir, 0, NULL);
      g_assert_cmpstr (g_dir_read_name (d), ==, "help");
      g_assert_null (g_dir_read_name (d));
      cli_run_clear (&r);
    }
  g_rmdir (sub);
  g_rmdir (dir);
}

/* The usage lists every command of the table with its line, and every exit status. */
static void
test_help_lists_commands (void)
{
  const char *list_args[] = { "help", "--commands", NULL };
  const char *usage_args[] = { "help", NULL };
  const char *const names[] = { "iozone", "history",   "capacity", "devices", "targets",
                                "compare", "sustained", "sweep",    "surface", "help" };
  g_autofree char *list = cli_output (list_args), *usage = cli_output (usage_args);
  g_auto (GStrv) commands = g_strsplit (g_strchomp (list), "\n", -1);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_true (g_strv_contains ((const char *const *) commands, names[i]));
  for (guint i = 0; commands[i] != NULL; i++)
    {
      g_autofree char *row = g_strdup_printf ("\n  %s ", commands[i]);
      g_assert_nonnull (strstr (usage, row));
    }
  g_assert_nonnull (strstr (usage, "[TARGET]  measure a disk like CrystalDiskMark\n"));
  g_assert_nonnull (strstr (usage, "Exit status: 0 success, 1 the run failed, 2 bad usage, 3 data "
                                   "did not read back as written, 130 interrupted."));
}

/* help COMMAND is COMMAND --help; an unknown one is bad usage. */
static void
test_help_command (void)
{
  const char *help_args[] = { "help", "iozone", NULL };
  const char *own_args[] = { "iozone", "--help", NULL };
  const char *unknown[] = { "help", "nope", NULL };
  g_autofree char *help = cli_output (help_args), *own = cli_output (own_args);

  g_assert_cmpstr (help, ==, own);
  g_assert_true (g_str_has_prefix (help, "Usage:\n  gdiskmark-cli iozone [OPTION…] [TARGET]"));
  g_assert_nonnull (strstr (help, "-n, --min-file=SIZE"));
  g_assert_nonnull (strstr (help, "--max-record=SIZE"));
  g_assert_nonnull (strstr (help, "-i, --ops=LIST"));
  g_assert_nonnull (strstr (help, "Exit status: 0 success, 1 the run failed, 2 bad usage, 130 "
                                  "interrupted."));
  expect_failure (unknown, 2, "Unknown command “nope”");
}

/* The output options have the same letters in every command that writes output; -j where it
 * writes JSON, and refused where it does not. */
static void
test_output_options_everywhere (void)
{
  const char *const json[] = { "", "devices", "targets", "capacity", "sustained", "sweep",
                               "surface", "history", "iozone" };
  const char *const no_json[] = { "compare" };

  for (guint i = 0; i < G_N_ELEMENTS (json) + G_N_ELEMENTS (no_json); i++)
    {
      gboolean has_json = i < G_N_ELEMENTS (json);
      const char *name = has_json ? json[i] : no_json[i - G_N_ELEMENTS (json)];
      const char *args[] = { *name != '\0' ? name : "--help", "--help", NULL };
      g_autofree char *help = cli_output (args);

      g_test_message ("%s --help", name);
      g_assert_nonnull (strstr (help, "  -q, --quiet "));
      g_assert_nonnull (strstr (help, "  -o, --output=FILE "));
      g_assert_nonnull (strstr (help, "  -f, --format=FORMAT "));
      g_assert_true ((strstr (help, "  -j, --json ") != NULL) == has_json);
      g_assert_nonnull (strstr (help, "\nExit status: 0 success, "));
    }
  {
    const char *a[] = { "compare", "--json", "x.json", NULL };
    expect_failure (a, 2, "compare writes text, csv, xlsx or ods, not json");
  }
}

/* --mix takes its percentage as a separate word too; a word that is no number is the target. */
static void
test_mix_separate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-mix-XXXXXX", NULL);
  g_autofree char *in_dir = g_strdup_printf ("directory=%s\n", dir);
  const char *run[] = { "--mix", "70", "-q", "-n", "1", "-t", "1", "-w", "0", "-i", "0", "-s",
                        "16MiB", "--test", "SEQ1M Q1T1", "--no-history", "--json", dir, NULL };
  const char *bare[] = { "--mix", dir, "--print-fio-job", "-T", "SEQ1M Q1T1", NULL };
  const char *given[] = { "--mix", "55", dir, "--print-fio-job", "-T", "SEQ1M Q1T1", NULL };
  g_autofree char *json = cli_output (run), *job = cli_output (bare), *job55 = cli_output (given);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) result = dmk_result_from_json (json, -1, &error);
  guint mixed = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (result->settings.mix_read_percent, ==, 70);
  for (guint i = 0; i < result->tests->len; i++)
    mixed += ((DmkTestResult *) g_ptr_array_index (result->tests, i))->direction ==
             DMK_DIRECTION_MIX;
  g_assert_cmpuint (mixed, ==, 1);
  g_assert_nonnull (strstr (job, in_dir));
  g_assert_nonnull (strstr (job, "\nrwmixread=70\n"));
  g_assert_nonnull (strstr (job55, in_dir));
  g_assert_nonnull (strstr (job55, "\nrwmixread=55\n"));
  assert_dir_empty (dir);
  g_rmdir (dir);
}

/* Whether the C library has locale (as locale -a names it, "de_DE.utf8"). */
static gboolean
have_locale (const char *locale)
{
  g_autofree char *list = NULL;
  const char *argv[] = { "locale", "-a", NULL };
  g_auto (GStrv) lines = NULL;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &list, NULL, NULL, NULL))
    return FALSE;
  lines = g_strsplit (list, "\n", -1);
  return g_strv_contains ((const char *const *) lines, locale);
}

/* Reads table (CSV) with Python's csv module, as other programs read ours: every row has the
 * header's number of fields, and no number has a decimal comma. */
static void
assert_csv_parses (const char *what, const char *table)
{
  const char *check =
    "import csv, re, sys\n"
    "rows = list(csv.reader(sys.stdin))\n"
    "n = len(rows[0])\n"
    "bad = [r for r in rows if len(r) != n]\n"
    "commas = [f for r in rows[1:] for f in r if re.fullmatch(r'-?\\d+,\\d+', f)]\n"
    "print(len(rows), n, len(bad), len(commas))\n"
    "sys.exit(1 if bad or commas or len(rows) < 2 else 0)\n";
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;

  p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                        "/usr/bin/python3", "-c", check, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (p, table, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("%s: rows, columns, rows of another width, decimal commas: %s", what, out);
  g_assert_true (g_subprocess_get_if_exited (p));
  g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 0);
}

/* Issue 45: in a locale that writes a decimal comma, every CSV the CLI writes (a result, a
 * comparison, the history, an iozone sweep) still has its header's columns and decimal points,
 * and the history's text listing too; one writer makes them all. */
static void
test_csv_in_comma_locale (void)
{
  g_autofree char *dir = g_dir_make_tmp ("dmk-cli-csv-XXXXXX", NULL);
  g_autofree char *history = g_build_filename (dir, "history.sqlite", NULL);
  g_autofree char *json = g_build_filename (dir, "run.json", NULL);
  g_autofree char *cdm = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "imports",
                                           "cdm8-nvme.txt", NULL);
  const char *env[] = { "LC_ALL", "de_DE.UTF-8", "GDISKMARK_HISTORY", history, NULL };
  const char *run[] = { "-q", "-n", "2", "-t", "1", "-w", "0", "-i", "0", "-s", "16MiB",
                        "--test", "SEQ1M Q1T1", "--test", "RND4K Q1T1", "-o", json, dir, NULL };
  const char *result_csv[] = { "history", "show", "1", "--format=csv", NULL };
  const char *compare_csv[] = { "compare", "--format=csv", json, cdm, NULL };
  const char *history_csv[] = { "history", "--csv", NULL };
  const char *history_text[] = { "history", NULL };
  const char *iozone_csv[] = { "iozone", "--quiet", "-n", "16MiB", "-g", "16MiB", "-y", "1MiB",
                               "-q", "1MiB", "-i", "read,write", "-f", "csv", dir, NULL };
  const char *const *tables[] = { result_csv, compare_csv, history_csv, iozone_csv };
  const char *names[] = { "result CSV", "compare CSV", "history CSV", "iozone CSV" };
  CliRun r = { 0 };

  if (!have_locale ("de_DE.utf8"))
    {
      g_test_skip ("the de_DE.UTF-8 locale is not installed (locales-all, or locale-gen)");
      return;
    }
  run_cli (&r, run, env);
  g_assert_cmpint (r.status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      run_cli (&r, tables[i], env);
      g_assert_cmpint (r.status, ==, 0);
      assert_csv_parses (names[i], r.out);
    }
  run_cli (&r, history_text, env);
  g_assert_cmpint (r.status, ==, 0);
  /* A first run: "newest 201.3 MB/s" (later ones: "median of the … earlier runs 201.3 MB/s"). */
  g_assert_true (g_regex_match_simple ("newest [0-9]+\\.[0-9] MB/s", r.out, 0, 0));
  /* No decimal comma ("1595,1"); the legend's "1,000,000" groups thousands. */
  g_assert_false (g_regex_match_simple ("\\b[0-9]+,[0-9]{1,2}\\b", r.out, 0, 0));
  cli_run_clear (&r);
  {
    const char *rm[] = { "rm", "-rf", dir, NULL };
    g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  if (cli_path == NULL)
    {
      g_test_message ("GDISKMARK_CLI is not set");
      return 77;
    }
  g_test_add_func ("/cli/help-not-a-target", test_help_not_a_target);
  g_test_add_func ("/cli/help-lists-commands", test_help_lists_commands);
  g_test_add_func ("/cli/help-command", test_help_command);
  g_test_add_func ("/cli/output-options", test_output_options_everywhere);
  g_test_add_func ("/cli/mix-separate", test_mix_separate);
  g_test_add_func ("/cli/csv-in-comma-locale", test_csv_in_comma_locale);
  return g_test_run ();
}
