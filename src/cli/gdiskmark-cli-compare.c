/* gdiskmark-cli-compare.c: gdiskmark-cli compare: saved results (GDiskMark's and other tools')
 * side by side, one column per result, as text or CSV. */
#include "config.h"

#include <glib/gi18n.h>

#include "gdiskmark-cli.h"

typedef struct
{
  CliOutput out;
  char *unit;
  int baseline;
} CompareOptions;

/* Where GOption puts compare's options (one command runs per process). */
static CompareOptions opts = { .baseline = 1 };

static const GOptionEntry compare_entries[] = {
  { "unit", 'u', 0, G_OPTION_ARG_STRING, &opts.unit,
    N_("MB/s, GB/s, IOPS or us (default: MB/s)"), N_("UNIT") },
  { "baseline", 'b', 0, G_OPTION_ARG_INT, &opts.baseline,
    N_("The file the others are compared with, counted from 1 (default: 1)"), N_("N") },
  { NULL }
};

int
compare_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = cli_context_new (
    command, _("One column per result file, one row per test; “—” where a result lacks the test, "
               "* marks the best, and each column shows its change against the baseline."));
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (DmkComparison) cmp = NULL;
  g_autofree char *out = NULL;
  DmkUnit unit = DMK_UNIT_MB_S;
  DmkSheetFormat sheet;

  g_option_context_add_main_entries (ctx, compare_entries, GETTEXT_PACKAGE);
  cli_output_add_options (ctx, &opts.out, command);
  cli_parse (ctx, &argc, &argv);
  cli_output_parse (&opts.out);
  if (opts.unit != NULL && !dmk_unit_from_string (opts.unit, &unit))
    die_usage (_("Unknown unit “%s”: choose MB/s, GB/s, IOPS or us"), opts.unit);
  if (argc < 2)
    die_usage (_("compare needs at least one result file (see compare --help)"));
  if (!cli_output_check (&opts.out))
    return EXIT_USAGE;
  results = cli_load_results (argc, argv);
  if (results == NULL)
    return EXIT_RUN_FAILED;
  if (opts.baseline < 1 || opts.baseline > (int) results->len)
    die_usage (_("--baseline must be between 1 and %u, the number of columns"), results->len);
  cmp = dmk_comparison_new (results, unit, (guint) opts.baseline - 1);
  if (cli_output_sheet_format (&opts.out, &sheet))
    {
      g_autoptr (GError) error = NULL;

      if (dmk_comparison_save_sheet (cmp, sheet, opts.out.output, &error))
        return 0;
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  out = opts.out.format == FORMAT_CSV ? dmk_comparison_to_csv (cmp) : dmk_comparison_to_text (cmp);
  return cli_output_write (&opts.out, out) ? 0 : EXIT_RUN_FAILED;
}
