/* gdiskmark-cli-iozone.c: gdiskmark-cli iozone: iozone's automatic mode (-a), file sizes ×
 * record sizes for the chosen operations: text, JSON, CSV, .xlsx, .ods or iozone -R's output. */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gdiskmark-cli.h"

typedef struct
{
  CliIo io;
  CliOutput out;
  char *min_file, *max_file, *min_record, *max_record, *ops;
} IozoneOptions;

/* Where GOption puts iozone's options (one command runs per process). */
static IozoneOptions opts = { .io = CLI_IO_INIT };

static const GOptionEntry iozone_entries[] = {
  { "min-file", 'n', 0, G_OPTION_ARG_STRING, &opts.min_file,
    N_("Smallest file size, a power of two, 16MiB or more, as iozone’s -n (default: 16MiB)"),
    N_("SIZE") },
  { "max-file", 'g', 0, G_OPTION_ARG_STRING, &opts.max_file,
    N_("Largest file size, a power of two, as iozone’s -g (default: 64MiB)"), N_("SIZE") },
  { "min-record", 'y', 0, G_OPTION_ARG_STRING, &opts.min_record,
    N_("Smallest record size, a power of two, as iozone’s -y (default: 4KiB)"), N_("SIZE") },
  /* Not 'q', which is --quiet here as everywhere; iozone's -q SIZE still works (join_max_record) */
  { "max-record", 0, 0, G_OPTION_ARG_STRING, &opts.max_record,
    N_("Largest record size, a power of two, as iozone’s -q; -q SIZE works too (default: 1MiB)"),
    N_("SIZE") },
  { "ops", 'i', 0, G_OPTION_ARG_STRING, &opts.ops,
    N_("Operations, comma-separated: write, rewrite, read, reread, random-read, random-write, "
       "backward, stride, record-rewrite, random-mix, pwrite, repwrite, pread, repread, or all "
       "(default: all)"),
    N_("LIST") },
  { "engine", 'e', 0, G_OPTION_ARG_STRING, &opts.io.engine,
    N_("I/O engine: io_uring, libaio or psync (default: io_uring)"), N_("ENGINE") },
  { "data", 'd', 0, G_OPTION_ARG_STRING, &opts.io.data,
    N_("Test data: random or zero (default: random)"), N_("DATA") },
  { "buffered", 0, 0, G_OPTION_ARG_NONE, &opts.io.buffered,
    N_("Use the page cache instead of direct I/O, as iozone does by default"), NULL },
  { NULL }
};

/* The tables in the format asked for; xlsx and ods are this command's own. */
static int
write_tables (DmkIozoneTable *table)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  Format format = opts.out.format;

  if (format == FORMAT_XLSX || format == FORMAT_ODS)
    {
      if (format == FORMAT_XLSX ? dmk_iozone_table_save_xlsx (table, opts.out.output, &error)
                                : dmk_iozone_table_save_ods (table, opts.out.output, &error))
        return 0;
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  text = format == FORMAT_CSV      ? dmk_iozone_table_to_csv (table)
         : format == FORMAT_JSON   ? dmk_iozone_table_to_json (table)
         : format == FORMAT_IOZONE ? dmk_iozone_table_to_iozone (table)
                                   : dmk_iozone_table_to_text (table);
  return cli_output_write (&opts.out, text) ? 0 : EXIT_RUN_FAILED;
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
  dmk_iozone_sweep_run_async (sweep, target, s, opts.io.comment, cli->cancellable, on_done, cli);
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
  guint64 min_file =
    parse_power ("--min-file", opts.min_file, 16 << 20, DMK_SIZE_MIN, DMK_SIZE_MAX);
  guint64 max_file = parse_power ("--max-file", opts.max_file, MAX (64 << 20, min_file), min_file,
                                  DMK_SIZE_MAX);
  guint64 min_rec = parse_power ("--min-record", opts.min_record, 4096, DMK_SPEC_MIN_BLOCK,
                                 DMK_SPEC_MAX_BLOCK);
  guint64 max_rec = parse_power ("--max-record", opts.max_record, MAX (1 << 20, min_rec), min_rec,
                                 DMK_SPEC_MAX_BLOCK);
  g_autoptr (GArray) files = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint mask = 0;

  if (!dmk_iozone_ops_parse (opts.ops != NULL ? opts.ops : "all", &mask, &error))
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

static gboolean
is_size (const char *word)
{
  guint64 v;

  return dmk_parse_size (word, &v, NULL);
}

/* iozone's own letters stay, and -q is its largest record size: a -q that a size follows (or
 * with one attached, -q1M) is --max-record; a -q without one is --quiet, as in every command.
 * Strings made here go into owned. */
static void
join_max_record (int argc, char **argv, GPtrArray *owned)
{
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    if (strcmp (argv[i], "-q") == 0 && i + 1 < argc && is_size (argv[i + 1]))
      argv[i] = (char *) "--max-record";
    else if (g_str_has_prefix (argv[i], "-q") && is_size (argv[i] + 2))
      {
        argv[i] = g_strconcat ("--max-record=", argv[i] + 2, NULL);
        g_ptr_array_add (owned, argv[i]);
      }
}

/* gdiskmark-cli iozone [TARGET] */
int
iozone_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = cli_context_new (
    command, _("Each file size is one run of the re-read schedule (--reread): each test goes over "
               "the whole file once and then again, no warm-up, at queue depth 1 and one thread, "
               "as iozone does; a stride reads one record in 17 (iozone’s -j 17). Values are "
               "MB/s (1,000,000 bytes/s), except in --format=iozone, which is iozone -a -R’s own "
               "output in KB/s (1024 bytes/s). TARGET is a directory (default: the current one)."));
  g_autoptr (GPtrArray) owned = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (DmkIozoneSweep) sweep = NULL;
  DmkSettings s;
  Cli cli;
  const char *target;
  int status = 0;

  g_option_context_add_main_entries (ctx, iozone_entries, GETTEXT_PACKAGE);
  cli_output_add_options (ctx, &opts.out, command);
  join_max_record (argc, argv, owned);
  cli_parse (ctx, &argc, &argv);
  if (argc > 2)
    die_usage (_("Give one target, not %d (see --help)"), argc - 1);
  target = argc == 2 ? argv[1] : ".";
  cli_output_parse (&opts.out);
  sweep = dmk_iozone_sweep_new (parse_table ());
  dmk_settings_init_default (&s);
  parse_io_options (&opts.io, &s);
  dmk_iozone_settings_apply (&s);
  if (!cli_output_check (&opts.out))
    return EXIT_USAGE;

  cli_init (&cli, &opts.out);
  catch_stop_signals (&cli);
  if (run_sweep (&cli, target, &s, sweep))
    status = write_tables (dmk_iozone_sweep_get_table (sweep));
  else
    status = report_failure (&cli);
  cli_clear (&cli);
  dmk_settings_clear (&s);
  return status;
}
