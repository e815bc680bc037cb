/* gdiskmark-cli-output.c: the output options every command that writes output takes (--format,
 * --json, --output, --quiet, defined once here), the format they choose, and writing output:
 * any text, or a run's result with its warnings and its entry in the history. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gdiskmark-cli.h"

/* In Format's order. */
static const char *const format_names[] = { "text", "json",   "csv",     "xlsx",
                                            "ods",  "iozone", "markdown", "bbcode" };

/* "text, json or csv": the names of the formats in the set. */
static char *
format_list (guint formats)
{
  GString *out = g_string_new (NULL);
  guint n = 0, total = 0;

  for (guint f = 0; f < G_N_ELEMENTS (format_names); f++)
    total += (formats & FORMAT_BIT (f)) != 0;
  for (guint f = 0; f < G_N_ELEMENTS (format_names); f++)
    {
      if ((formats & FORMAT_BIT (f)) == 0)
        continue;
      if (n > 0)
        /* TRANSLATORS: joins the last two names of a list of formats: "text, json or csv" */
        g_string_append (out, n + 1 < total ? ", " : _(" or "));
      g_string_append (out, format_names[f]);
      n++;
    }
  return g_string_free (out, FALSE);
}

/* --format's help: the command's formats. Kept for the program's life: GOption holds the
 * pointer and prints it in --help (one command runs per process). */
static const char *
format_help (guint formats)
{
  static char *help = NULL;
  g_autofree char *list = format_list (formats);

  g_free (help);
  if (formats & FORMAT_BIT (FORMAT_IOZONE))
    help = g_strdup_printf (_("Output format: %s; iozone is what iozone -a -R prints (KB/s, "
                              "1 KB = 1024 bytes), for the scripts that read iozone’s output; "
                              "xlsx and ods write a spreadsheet and need --output (default: from "
                              "the --output file’s extension, else text)"),
                            list);
  else if (formats & FORMAT_BIT (FORMAT_XLSX))
    help = g_strdup_printf (_("Output format: %s; xlsx and ods write a spreadsheet and need "
                              "--output (default: from the --output file’s extension, else "
                              "text)"),
                            list);
  else if (formats & FORMAT_BIT (FORMAT_MARKDOWN))
    help = g_strdup_printf (_("Output format: %s (default: from the --output file’s extension, "
                              "else markdown)"),
                            list);
  else
    help = g_strdup_printf (_("Output format: %s (default: from the --output file’s extension, "
                              "else text)"),
                            list);
  return help;
}

void
cli_output_add_options (GOptionContext *ctx, CliOutput *out, const CliCommand *command)
{
  gboolean has_json = (command->formats & FORMAT_BIT (FORMAT_JSON)) != 0;
  /* GOption copies the entries: they may point into out, which the caller keeps. */
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &out->format_name, format_help (command->formats),
      N_("FORMAT") },
    /* Where there is no JSON to write, -j is still known, so that it is refused saying what
     * the command writes, but --help does not offer it. */
    { "json", 'j', has_json ? 0 : G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &out->json,
      N_("Print JSON (same as --format=json)"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out->output,
      N_("Write to FILE instead of standard output (“-” is standard output)"), N_("FILE") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &out->quiet, N_("Show no progress"), NULL },
    { NULL }
  };

  out->command = command;
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
}

gboolean
cli_output_is_stdout (const CliOutput *out)
{
  return out->output == NULL || strcmp (out->output, "-") == 0;
}

/* The format an --output file's extension names (-o run.json), among the command's. */
static gboolean
format_from_extension (const CliOutput *out, Format *format)
{
  g_autofree char *lower = NULL;

  if (cli_output_is_stdout (out))
    return FALSE;
  lower = g_ascii_strdown (out->output, -1);
  for (Format f = FORMAT_JSON; f < G_N_ELEMENTS (format_names); f++)
    {
      g_autofree char *suffix = g_strconcat (".", format_names[f], NULL);

      if ((out->command->formats & FORMAT_BIT (f)) && g_str_has_suffix (lower, suffix))
        {
          *format = f;
          return TRUE;
        }
    }
  return FALSE;
}

void
cli_output_parse (CliOutput *out)
{
  guint formats = out->command->formats;
  g_autofree char *list = format_list (formats);
  const char *name = out->json ? "json" : out->format_name;
  gboolean known = FALSE;

  if (out->json && out->format_name != NULL && strcmp (out->format_name, "json") != 0)
    die_usage (_("--json and --format=%s contradict each other"), out->format_name);
  if (out->json && (formats & FORMAT_BIT (FORMAT_JSON)) == 0)
    die_usage (_("%s writes %s, not json"), out->command->name, list);
  out->format = FORMAT_TEXT;
  if (name == NULL)
    {
      format_from_extension (out, &out->format);
      return;
    }
  for (Format f = FORMAT_TEXT; f < G_N_ELEMENTS (format_names) && !known; f++)
    if ((formats & FORMAT_BIT (f)) && strcmp (name, format_names[f]) == 0)
      {
        out->format = f;
        known = TRUE;
      }
  if (!known)
    die_usage (_("Unknown format “%s”: choose %s"), name, list);
  /* A workbook is a file of its own, never a stream on standard output. */
  if (out->format == FORMAT_XLSX && cli_output_is_stdout (out))
    die_usage (_("--format=xlsx writes a workbook: give its file with --output"));
  if (out->format == FORMAT_ODS && cli_output_is_stdout (out))
    die_usage (_("--format=ods writes a spreadsheet: give its file with --output"));
}

gboolean
cli_output_check (const CliOutput *out)
{
  g_autofree char *dir = NULL;
  g_autoptr (GError) error = NULL;

  if (cli_output_is_stdout (out))
    return TRUE;
  dir = g_path_get_dirname (out->output);
  if (!dmk_output_check (out->output, &error))
    {
      g_printerr ("gdiskmark-cli: --output: %s\n", error->message);
      return FALSE;
    }
  if (access (dir, W_OK) != 0)
    {
      g_printerr (_("gdiskmark-cli: cannot write --output “%s”: %s; choose another place\n"),
                  out->output, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* Standard output, flushed: a write that fails there (a full disk, a closed pipe) is a failure
 * of the run's output too. */
static gboolean
write_stdout (const char *text)
{
  if (fputs (text, stdout) < 0 || fflush (stdout) != 0)
    {
      int err = errno;
      g_printerr (_("gdiskmark-cli: could not write to standard output: %s\n"), g_strerror (err));
      clearerr (stdout);
      return FALSE;
    }
  return TRUE;
}

gboolean
cli_output_write (const CliOutput *out, const char *text)
{
  g_autoptr (GError) error = NULL;

  if (cli_output_is_stdout (out))
    return write_stdout (text);
  if (!dmk_output_save (out->output, text, strlen (text), &error))
    {
      /* Never lose a finished run: print it, then say what went wrong. */
      write_stdout (text);
      g_printerr (_("gdiskmark-cli: %s (printed above instead)\n"), error->message);
      return FALSE;
    }
  return TRUE;
}

/* When the store fails, says where the run was kept instead and what to do. */
static void
save_to_history (DmkResult *result)
{
  g_autoptr (GError) error = NULL;

  if (!dmk_history_save_run (NULL, result, TRUE, history_busy_ms (), NULL, NULL, &error))
    g_printerr (_("gdiskmark-cli: warning: %s\n"), error->message);
}

gboolean
cli_output_sheet_format (const CliOutput *out, DmkSheetFormat *format)
{
  if (out->format != FORMAT_XLSX && out->format != FORMAT_ODS)
    return FALSE;
  *format = out->format == FORMAT_XLSX ? DMK_SHEET_XLSX : DMK_SHEET_ODS;
  return TRUE;
}

gboolean
cli_output_result (const CliOutput *out, DmkResult *whole)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  /* --share: what is written goes through the privacy filter; the history keeps the whole. */
  g_autoptr (DmkResult) result = out->share ? cli_share_redact (whole, DMK_SHARE_KEEP_NONE,
                                                                !out->quiet)
                                            : dmk_result_ref (whole);
  DmkSheetFormat sheet;

  if (cli_output_sheet_format (out, &sheet))
    {
      if (dmk_result_save_sheet (result, sheet, out->output, &error))
        return TRUE;
      /* Never lose a finished run: print it, then say what went wrong. */
      text = dmk_result_to_text (result);
      write_stdout (text);
      g_printerr (_("gdiskmark-cli: %s (printed above instead)\n"), error->message);
      return FALSE;
    }
  /* A scan's CSV is its own table: one row per block size, interval or sample. */
  text = out->format == FORMAT_JSON  ? dmk_result_to_json (result)
         : out->format == FORMAT_CSV ? dmk_result_to_csv (result)
                                     : dmk_result_to_text (result);
  return cli_output_write (out, text);
}

/* Writes the result in its format, then its warnings on stderr (JSON carries them itself). */
int
report_result (const Cli *cli, const CliOutput *out, gboolean no_history)
{
  int status = 0;

  /* The drive's rating, kept in the history, goes into what is printed; one that cannot be read
   * is said by the save below, if at all. */
  if (!no_history && cli->error == NULL &&
      !dmk_history_rate_result (NULL, cli->result, TRUE, NULL, history_busy_ms (), NULL))
    memset (&cli->result->rated, 0, sizeof cli->result->rated);
  if (!cli_output_result (out, cli->result))
    status = EXIT_RUN_FAILED;
  /* Only a whole run: a stopped one is not this drive's normal. */
  if (!no_history && cli->error == NULL)
    save_to_history (cli->result);
  if (out->format != FORMAT_JSON)
    for (guint i = 0; i < cli->result->warnings->len; i++)
      g_printerr (_("gdiskmark-cli: warning: %s\n"),
                  (char *) g_ptr_array_index (cli->result->warnings, i));
  return status;
}

