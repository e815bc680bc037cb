/* gdiskmark-cli-iozone.c: gdiskmark-cli iozone: iozone's automatic mode (-a), file sizes ×
 * record sizes for the chosen operations, as iozone’s table in text, CSV, .xlsx or .ods. */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gdiskmark-cli.h"

static char *opt_min_file = NULL;
static char *opt_max_file = NULL;
static char *opt_min_record = NULL;
static char *opt_max_record = NULL;
static char *opt_ops = NULL;

static const GOptionEntry iozone_entries[] = {
  { "min-file", 'n', 0, G_OPTION_ARG_STRING, &opt_min_file,
    N_("Smallest file size, a power of two, 16MiB or more, as iozone’s -n (default: 16MiB)"),
    N_("SIZE") },
  { "max-file", 'g', 0, G_OPTION_ARG_STRING, &opt_max_file,
    N_("Largest file size, a power of two, as iozone’s -g (default: 64MiB)"), N_("SIZE") },
  { "min-record", 'y', 0, G_OPTION_ARG_STRING, &opt_min_record,
    N_("Smallest record size, a power of two, as iozone’s -y (default: 4KiB)"), N_("SIZE") },
  { "max-record", 'q', 0, G_OPTION_ARG_STRING, &opt_max_record,
    N_("Largest record size, a power of two, as iozone’s -q (default: 1MiB)"), N_("SIZE") },
  { "ops", 'i', 0, G_OPTION_ARG_STRING, &opt_ops,
    N_("Operations, comma-separated: write, rewrite, read, reread, random-read, random-write, "
       "backward, stride, or all (default: all)"),
    N_("LIST") },
  { "engine", 'e', 0, G_OPTION_ARG_STRING, &opt_engine,
    N_("I/O engine: io_uring, libaio or psync (default: io_uring)"), N_("ENGINE") },
  { "data", 'd', 0, G_OPTION_ARG_STRING, &opt_data,
    N_("Test data: random or zero (default: random)"), N_("DATA") },
  { "buffered", 0, 0, G_OPTION_ARG_NONE, &opt_buffered,
    N_("Use the page cache instead of direct I/O, as iozone does by default"), NULL },
  { "format", 'f', 0, G_OPTION_ARG_STRING, &opt_format,
    N_("Output format: text, csv, xlsx (a workbook as iozone’s -R -b) or ods (an OpenDocument "
       "spreadsheet); xlsx and ods need --output (default: from the --output file’s extension, "
       "else text)"),
    N_("FORMAT") },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, N_("Write the tables to FILE"),
    N_("FILE") },
  { "quiet", 0, 0, G_OPTION_ARG_NONE, &opt_quiet, N_("No progress on stderr"), NULL },
  { NULL }
};

typedef enum
{
  SHEET_NONE,
  SHEET_XLSX,
  SHEET_ODS,
} Sheet;

/* xlsx and ods are this command's own: the others take text, json or csv. */
static Sheet
want_sheet (void)
{
  static const char *const names[] = { [SHEET_XLSX] = "xlsx", [SHEET_ODS] = "ods" };
  g_autofree char *lower = opt_output != NULL ? g_ascii_strdown (opt_output, -1) : NULL;

  for (Sheet k = SHEET_XLSX; k <= SHEET_ODS; k++)
    {
      g_autofree char *suffix = g_strconcat (".", names[k], NULL);

      if (g_strcmp0 (opt_format, names[k]) != 0 &&
          (opt_format != NULL || lower == NULL || !g_str_has_suffix (lower, suffix)))
        continue;
      if (opt_output == NULL && k == SHEET_XLSX)
        die_usage (_("--format=xlsx writes a workbook: give its file with --output"));
      if (opt_output == NULL)
        die_usage (_("--format=ods writes a spreadsheet: give its file with --output"));
      return k;
    }
  return SHEET_NONE;
}

static int
write_tables (DmkIozoneTable *table, Sheet sheet, Format format)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (sheet != SHEET_NONE)
    {
      if (sheet == SHEET_XLSX ? dmk_iozone_table_save_xlsx (table, opt_output, &error)
                              : dmk_iozone_table_save_ods (table, opt_output, &error))
        return 0;
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  text = format == FORMAT_CSV ? dmk_iozone_table_to_csv (table) : dmk_iozone_table_to_text (table);
  return write_output (text) ? 0 : EXIT_RUN_FAILED;
}

/* A power of two from option's text (fallback when not given) within [lo, hi]. */
static guint64
parse_power (const char *option, const char *text, guint64 fallback, guint64 lo, guint64 hi)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *low = dmk_format_size (lo), *high = dmk_format_size (hi);
  guint64 v = fallback;

  if (text != NULL && !dmk_parse_size (text, &v, &error))
    die_usage ("%s: %s", option, error->message);
  if (v < lo || v > hi || (v & (v - 1)) != 0)
    die_usage (_("%s must be a power of two from %s to %s"), option, low, high);
  return v;
}

static void
on_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Cli *cli = user_data;

  dmk_iozone_sweep_run_finish (DMK_IOZONE_SWEEP (source), res, &cli->error);
  g_main_loop_quit (cli->loop);
}

static void
on_progress (const DmkIozoneProgress *p, gpointer user_data)
{
  Cli *cli = user_data;
  g_autofree char *status = NULL;

  if (p->run == NULL)
    {
      /* Between tests and file sizes: the line goes, as each run's did at its end. */
      clear_progress (cli);
      return;
    }
  status = dmk_progress_describe (p->run);
  if (status == NULL)
    return;
  fprintf (stderr, "\r\033[K[%u/%u] %s", p->run->test_index + 1, p->run->n_tests, status);
  cli->progress_line = TRUE;
}

/* Every file size, one --reread run each (dmk-iozone-sweep.c); the first one's warnings said. */
static gboolean
run_sweep (Cli *cli, const char *target, const DmkSettings *s, DmkIozoneSweep *sweep)
{
  GPtrArray *warnings = dmk_iozone_sweep_get_warnings (sweep);

  if (cli->progress)
    dmk_iozone_sweep_set_progress_func (sweep, on_progress, cli, NULL);
  dmk_iozone_sweep_set_fd_providers (sweep, dmk_default_fd_providers ());
  dmk_iozone_sweep_run_async (sweep, target, s, opt_comment, cli->cancellable, on_done, cli);
  g_main_loop_run (cli->loop);
  release_stop_signals (cli);
  clear_progress (cli);
  for (guint i = 0; i < warnings->len; i++)
    g_printerr (_("gdiskmark-cli: warning: %s\n"), (const char *) g_ptr_array_index (warnings, i));
  return cli->error == NULL;
}

static DmkIozoneTable *
parse_table (void)
{
  g_autoptr (GError) error = NULL;
  guint64 min_file = parse_power ("--min-file", opt_min_file, 16 << 20, DMK_SIZE_MIN, DMK_SIZE_MAX);
  guint64 max_file = parse_power ("--max-file", opt_max_file, MAX (64 << 20, min_file), min_file,
                                  DMK_SIZE_MAX);
  guint64 min_rec = parse_power ("--min-record", opt_min_record, 4096, DMK_SPEC_MIN_BLOCK,
                                 DMK_SPEC_MAX_BLOCK);
  guint64 max_rec = parse_power ("--max-record", opt_max_record, MAX (1 << 20, min_rec), min_rec,
                                 DMK_SPEC_MAX_BLOCK);
  g_autoptr (GArray) files = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint mask = 0;

  if (!dmk_iozone_ops_parse (opt_ops != NULL ? opt_ops : "all", &mask, &error))
    die_usage ("--ops: %s", error->message);
  for (guint64 v = min_file; v <= max_file; v *= 2)
    g_array_append_val (files, v);
  for (guint64 v = min_rec; v <= max_rec; v *= 2)
    {
      guint32 r = (guint32) v;
      g_array_append_val (records, r);
    }
  return dmk_iozone_table_new (mask, (guint64 *) files->data, files->len,
                               (guint32 *) records->data, records->len);
}

int
iozone_main (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (
    _("[TARGET] — iozone’s automatic mode: every file size × record size, for each operation"));
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkIozoneSweep) sweep = NULL;
  DmkIozoneTable *table;
  DmkSettings s;
  Cli cli = { 0 };
  const char *target;
  Format format = FORMAT_TEXT;
  Sheet sheet;
  int status = 0;

  g_option_context_add_main_entries (ctx, iozone_entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_set_description (
    ctx, _("Each file size is one run of the re-read schedule (--reread): each test goes over "
           "the whole file once and then again, no warm-up, at queue depth 1 and one thread, as "
           "iozone does; a stride reads one record in 17 (iozone’s -j 17). Values are MB/s "
           "(1,000,000 bytes/s). TARGET is a directory (default: the current one)."));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    die_usage (_("%s (see %s --help)"), error->message, argv[0]);
  if (argc > 2)
    die_usage (_("Give one target, not %d (see --help)"), argc - 1);
  target = argc == 2 ? argv[1] : ".";
  sheet = want_sheet ();
  if (sheet == SHEET_NONE)
    format = parse_format (FALSE);
  sweep = dmk_iozone_sweep_new (parse_table ());
  table = dmk_iozone_sweep_get_table (sweep);
  dmk_settings_init_default (&s);
  parse_io_options (&s);
  dmk_iozone_settings_apply (&s);
  if (opt_output != NULL && !check_output_writable (opt_output))
    return EXIT_USAGE;

  cli.loop = g_main_loop_new (NULL, FALSE);
  cli.cancellable = g_cancellable_new ();
  cli.progress = !opt_quiet && isatty (STDERR_FILENO);
  catch_stop_signals (&cli);
  if (run_sweep (&cli, target, &s, sweep))
    status = write_tables (table, sheet, format);
  else
    status = report_failure (&cli);
  g_clear_error (&cli.error);
  g_clear_object (&cli.cancellable);
  g_clear_pointer (&cli.loop, g_main_loop_unref);
  dmk_settings_clear (&s);
  return status;
}
