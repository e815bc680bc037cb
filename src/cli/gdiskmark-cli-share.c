/* gdiskmark-cli-share.c: gdiskmark-cli share: saved results as forum text (Markdown, BBCode) or
 * JSON to post, with the serial, WWN, UUIDs, host and user names, home paths and mount labels left
 * out unless --include names them; and the same filter for the default run's --share. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gdiskmark-cli.h"

typedef struct
{
  CliOutput out;
  char *include;
} ShareOptions;

/* Where GOption puts share's options (one command runs per process). */
static ShareOptions opts;

static const GOptionEntry share_entries[] = {
  { "include", 'I', 0, G_OPTION_ARG_STRING, &opts.include,
    N_("Keep these, left out by default: serial, wwn, uuid, host, user, paths, label, all "
       "(commas between)"),
    N_("WHAT") },
  { NULL }
};

/* The text of the results in out's format, each through the filter: JSON for one, forum text
 * for one to four. */
static char *
share_text (const CliOutput *out, GPtrArray *results, DmkShareKeep keep)
{
  DmkShareMarkup markup = out->format == FORMAT_BBCODE ? DMK_SHARE_BBCODE : DMK_SHARE_MARKDOWN;
  g_autoptr (GPtrArray) shared =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);

  if (out->format == FORMAT_JSON && results->len != 1)
    die_usage (_("--format=json shares one result; give one file, or choose markdown or bbcode "
                 "for a comparison"));
  if (results->len > 4)
    die_usage (_("share puts at most four results side by side; these files hold %u"),
               results->len);
  for (guint i = 0; i < results->len; i++)
    g_ptr_array_add (shared, cli_share_redact (g_ptr_array_index (results, i), keep,
                                               !out->quiet));
  if (out->format == FORMAT_JSON)
    return dmk_result_to_json (g_ptr_array_index (shared, 0));
  if (shared->len == 1)
    return dmk_share_result_text (g_ptr_array_index (shared, 0), markup);
  return dmk_share_compare_text ((DmkResult *const *) shared->pdata, shared->len, markup);
}

int
share_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = cli_context_new (
    command, _("Prints a saved result as a Markdown or BBCode table with the drive’s facts, or as "
               "JSON; two to four files make one table with a column each. The drive’s serial, "
               "WWN and UUIDs, the host name, the user name, paths under the home folder (shown "
               "as ~) and mount labels are left out unless --include names them; what was left "
               "out is said on standard error (not with --quiet)."));
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  DmkShareKeep keep = DMK_SHARE_KEEP_NONE;

  g_option_context_add_main_entries (ctx, share_entries, GETTEXT_PACKAGE);
  cli_output_add_options (ctx, &opts.out, command);
  cli_parse (ctx, &argc, &argv);
  cli_output_parse (&opts.out);
  /* Neither --format nor the --output file's extension chose: Markdown, the most read. */
  if (opts.out.format == FORMAT_TEXT)
    opts.out.format = FORMAT_MARKDOWN;
  if (opts.include != NULL && !dmk_share_keep_parse (opts.include, &keep, &error))
    die_usage ("--include: %s", error->message);
  if (argc < 2)
    die_usage (_("share needs a result file (see share --help)"));
  if (argc > 5)
    die_usage (_("share puts at most four results side by side"));
  if (!cli_output_check (&opts.out))
    return EXIT_USAGE;
  results = cli_load_results (argc, argv);
  if (results == NULL)
    return EXIT_RUN_FAILED;
  text = share_text (&opts.out, results, keep);
  return cli_output_write (&opts.out, text) ? 0 : EXIT_RUN_FAILED;
}
