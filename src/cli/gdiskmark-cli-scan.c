/* gdiskmark-cli-scan.c: gdiskmark-cli sustained, sweep and surface: how a drive behaves over
 * time, block size and position, in text, JSON or CSV. */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gdiskmark-cli.h"

typedef struct
{
  CliIo io;
  CliOutput out;
  char *span, *test, *pattern, *min, *max, *sample_size;
  int depth, threads, samples, access;
} ScanOptions;

/* Where GOption puts a scan's options (one command runs per process). */
static ScanOptions opts = {
  .io = CLI_IO_INIT, .depth = 1, .threads = 1, .samples = 100, .access = 1000
};

/* What the three scans take beside their own options (and the output options). */
#define COMMON_ENTRIES                                                                           \
  { "data", 'd', 0, G_OPTION_ARG_STRING, &opts.io.data,                                          \
    N_("Test data: random or zero (default: random)"), N_("DATA") },                             \
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &opts.io.engine,                                    \
      N_("I/O engine: io_uring, libaio or psync (default: io_uring, or libaio where the kernel " \
         "refuses it)"),                                                                         \
      N_("ENGINE") },                                                                            \
    { "buffered", 0, 0, G_OPTION_ARG_NONE, &opts.io.buffered,                                    \
      N_("Go through the page cache instead of direct I/O"), NULL },                             \
    { "allow-write-device", 0, 0, G_OPTION_ARG_NONE, &opts.io.allow_write_device,                \
      N_("Allow writes to a block device, destroying its data"), NULL },                         \
    { "comment", 'c', 0, G_OPTION_ARG_STRING, &opts.io.comment,                                  \
      N_("A comment to keep with the result"), N_("TEXT") },                                     \
    { "no-history", 0, 0, G_OPTION_ARG_NONE, &opts.io.no_history,                                \
      N_("Do not add the run to the history"), NULL }

static const GOptionEntry sustained_entries[] = {
  { "span", 0, 0, G_OPTION_ARG_STRING, &opts.span,
    N_("How much to write: a size (8G), “free” (a folder’s free space less a margin) or “device” "
       "(a whole device; needs --allow-write-device) (default: 8G)"),
    N_("SPAN") },
  { "test", 'T', 0, G_OPTION_ARG_STRING, &opts.test,
    N_("The writes, a sequential test (default: SEQ1M Q8T1)"), N_("TEST") },
  COMMON_ENTRIES,
  { NULL }
};

static const GOptionEntry sweep_entries[] = {
  { "pattern", 0, 0, G_OPTION_ARG_STRING, &opts.pattern,
    N_("seq or rnd (default: seq)"), N_("PATTERN") },
  { "queue-depth", 'Q', 0, G_OPTION_ARG_INT, &opts.depth, N_("Queue depth (default: 1)"), N_("N") },
  { "threads", 'J', 0, G_OPTION_ARG_INT, &opts.threads, N_("Threads (default: 1)"), N_("N") },
  { "min", 0, 0, G_OPTION_ARG_STRING, &opts.min,
    N_("Smallest block size (default: 512, or the target’s direct-I/O alignment)"), N_("SIZE") },
  { "max", 0, 0, G_OPTION_ARG_STRING, &opts.max, N_("Largest block size (default: 64M)"),
    N_("SIZE") },
  { "mode", 'm', 0, G_OPTION_ARG_STRING, &opts.io.mode,
    N_("Directions: read-write, read or write (default: read-write)"), N_("MODE") },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opts.io.size,
    N_("Test file size or device span, 16M–64G (default: 1G)"), N_("SIZE") },
  { "time", 't', 0, G_OPTION_ARG_INT, &opts.io.time, N_("Seconds per block size (default: 2)"),
    N_("SECONDS") },
  { "passes", 'n', 0, G_OPTION_ARG_INT, &opts.io.passes,
    N_("Measured passes per block size, the best kept (default: 1)"), N_("N") },
  COMMON_ENTRIES,
  { NULL }
};

static const GOptionEntry surface_entries[] = {
  { "samples", 0, 0, G_OPTION_ARG_INT, &opts.samples,
    N_("Samples spread evenly over the span (default: 100)"), N_("N") },
  { "sample-size", 0, 0, G_OPTION_ARG_STRING, &opts.sample_size,
    N_("Size of each sample (default: 10M)"), N_("SIZE") },
  { "test", 'T', 0, G_OPTION_ARG_STRING, &opts.test,
    N_("The I/O in a sample, sequential (default: SEQ1M Q1T1; SEQ1M Q8T1 for a deeper queue)"),
    N_("TEST") },
  { "access-reads", 0, 0, G_OPTION_ARG_INT, &opts.access,
    N_("Random reads for the access time, 0 for none (default: 1000)"), N_("N") },
  { "mode", 'm', 0, G_OPTION_ARG_STRING, &opts.io.mode,
    N_("read or write (default: read; write on a device needs --allow-write-device)"),
    N_("MODE") },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opts.io.size,
    N_("For a folder, the test file to scan, 16M–64G (default: 1G); a device is scanned whole"),
    N_("SIZE") },
  COMMON_ENTRIES,
  { NULL }
};

/* ---- progress ---- */

static void
on_scan_progress (const DmkProgress *p, gpointer user_data)
{
  Cli *cli = user_data;
  g_autofree char *line = NULL;
  g_autofree char *mb = dmk_unit_format (DMK_UNIT_MB_S, p->sample_mb_per_s);
  const char *unit = dmk_unit_label (DMK_UNIT_MB_S);

  if (p->phase == DMK_PHASE_OPEN || p->phase == DMK_PHASE_LAYOUT)
    line = dmk_progress_describe (p);
  else if (p->phase == DMK_PHASE_MEASURE && p->bytes_done > 0)
    {
      g_autofree char *done = dmk_format_size (p->bytes_done);
      /* TRANSLATORS: "41% · 3 GiB · 950.3 MB/s": progress of a sustained write or a surface
       * scan, and the newest sample's rate */
      line = g_strdup_printf (_("%.0f%% · %s · %s %s"), 100.0 * p->fraction, done, mb, unit);
    }
  else if (p->phase != DMK_PHASE_TEST_DONE)
    {
      /* A sweep's tests report as the grid's do. */
      g_autofree char *status = dmk_progress_describe (p);
      line = g_strdup_printf ("[%u/%u] %s", p->test_index + 1, p->n_tests, status);
    }
  if (line == NULL)
    return;
  fprintf (stderr, "\r\033[K%s", line);
  cli->progress_line = TRUE;
}

typedef DmkResult *(*FinishFunc) (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                                  GError **error);

static FinishFunc scan_finish;

static void
on_scan_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Cli *cli = user_data;
  DmkResult *partial = NULL;

  cli->result = scan_finish (DMK_RUNNER (source), res, &partial, &cli->error);
  /* A stop keeps what was measured; it is reported, marked interrupted, and the exit status
   * still says the run was stopped. */
  if (cli->result == NULL)
    cli->result = partial;
  g_main_loop_quit (cli->loop);
}

/* ---- options ---- */

static void
parse_common (DmkSettings *s, DmkResultKind kind)
{
  g_autoptr (GError) error = NULL;

  dmk_settings_init_default (s);
  g_free (s->profile);
  s->profile = g_strdup (DMK_PROFILE_CUSTOM);
  if (kind == DMK_KIND_SWEEP)
    dmk_sweep_settings_apply (s);
  parse_io_options (&opts.io, s);
  if (!dmk_settings_validate (s, &error))
    die_usage ("%s", error->message);
}

static guint32
parse_block (const char *option, const char *text, guint32 fallback)
{
  g_autoptr (GError) error = NULL;
  guint64 v;

  if (text == NULL)
    return fallback;
  if (!dmk_parse_size (text, &v, &error))
    die_usage ("%s: %s", option, error->message);
  if (v > G_MAXUINT32)
    die_usage (_("%s: %s is too large for a block"), option, text);
  return (guint32) v;
}

static void
parse_test (DmkTestSpec *spec)
{
  g_autoptr (GError) error = NULL;

  if (opts.test == NULL)
    return;
  if (!dmk_test_spec_parse (opts.test, spec, &error))
    die_usage ("%s", error->message);
  if (spec->pattern != DMK_PATTERN_SEQUENTIAL)
    die_usage (_("--test must be sequential (SEQ…): “%s” is random"), opts.test);
}

static void
parse_scan (DmkScanOptions *o, DmkResultKind kind)
{
  g_autoptr (GError) error = NULL;

  dmk_scan_options_init (o, kind);
  parse_test (&o->spec);
  if (kind == DMK_KIND_SUSTAINED)
    {
      if (opts.span == NULL)
        ;
      else if (strcmp (opts.span, "free") == 0)
        o->span = DMK_SPAN_FREE;
      else if (strcmp (opts.span, "device") == 0)
        o->span = DMK_SPAN_DEVICE;
      else if (!dmk_parse_size (opts.span, &o->span_bytes, &error))
        die_usage (_("--span: %s (or give “free” or “device”)"), error->message);
      if (o->span_bytes < DMK_SIZE_MIN)
        die_usage (_("--span must be at least 16 MiB"));
      return;
    }
  if (opts.io.mode != NULL && strcmp (opts.io.mode, "write") == 0)
    o->direction = DMK_DIRECTION_WRITE;
  else if (opts.io.mode != NULL && strcmp (opts.io.mode, "read") != 0)
    die_usage (_("Unknown mode “%s”: a surface scan reads or writes"), opts.io.mode);
  o->samples = non_negative ("--samples", opts.samples);
  o->access_reads = non_negative ("--access-reads", opts.access);
  if (opts.sample_size != NULL && !dmk_parse_size (opts.sample_size, &o->sample_bytes, &error))
    die_usage ("--sample-size: %s", error->message);
  if (opts.io.size != NULL && !dmk_parse_size (opts.io.size, &o->span_bytes, &error))
    die_usage ("%s", error->message);
}

static GArray *
parse_sweep (DmkSettings *s)
{
  g_autoptr (GError) error = NULL;
  DmkPattern pattern = DMK_PATTERN_SEQUENTIAL;
  GArray *specs;

  if (opts.pattern != NULL && !dmk_pattern_from_string (opts.pattern, &pattern))
    die_usage (_("Unknown pattern “%s”: choose seq or rnd"), opts.pattern);
  if (opts.io.mode != NULL && !dmk_mode_from_string (opts.io.mode, &s->mode))
    die_usage (_("Unknown mode “%s”: choose read-write, read or write"), opts.io.mode);
  specs = dmk_sweep_specs (pattern, non_negative ("--queue-depth", opts.depth),
                           non_negative ("--threads", opts.threads),
                           parse_block ("--min", opts.min, DMK_SPEC_MIN_BLOCK),
                           parse_block ("--max", opts.max, DMK_SPEC_MAX_BLOCK), &error);
  if (specs == NULL)
    die_usage ("%s", error->message);
  return specs;
}

static void
start_scan (Cli *cli, DmkRunner *runner, DmkResultKind kind, const char *target,
            const DmkSettings *settings, GArray *specs, const DmkScanOptions *options)
{
  if (kind == DMK_KIND_SWEEP)
    {
      scan_finish = dmk_sweep_run_finish;
      dmk_sweep_run_async (runner, target, settings, specs, opts.io.comment, cli->cancellable,
                           on_scan_done, cli);
    }
  else if (kind == DMK_KIND_SUSTAINED)
    {
      scan_finish = dmk_sustained_run_finish;
      dmk_sustained_run_async (runner, target, settings, options, opts.io.comment, cli->cancellable,
                               on_scan_done, cli);
    }
  else
    {
      scan_finish = dmk_surface_run_finish;
      dmk_surface_run_async (runner, target, settings, options, opts.io.comment, cli->cancellable,
                             on_scan_done, cli);
    }
}

/* Runs the scan until it ends; what it measured, or why it did not, is in cli. Returns the
 * runner, which the caller keeps until it has reported. */
static DmkRunner *
run_scan (Cli *cli, DmkResultKind kind, const char *target, const DmkSettings *settings,
          GArray *specs, const DmkScanOptions *options)
{
  DmkRunner *runner = dmk_runner_new ();
  DmkDeviceIdentity consent;

  cli_init (cli, &opts.out);
  if (cli->progress)
    dmk_runner_set_progress_func (runner, on_scan_progress, cli, NULL);
  dmk_runner_set_fd_providers (runner, dmk_default_fd_providers ());
  if (cli_write_consent (&opts.io, target, TRUE, &consent))
    dmk_runner_set_write_consent (runner, &consent);
  dmk_device_identity_clear (&consent);
  catch_stop_signals (cli);
  start_scan (cli, runner, kind, target, settings, specs, options);
  g_main_loop_run (cli->loop);
  release_stop_signals (cli);
  clear_progress (cli);
  return runner;
}

/* gdiskmark-cli sustained|sweep|surface [TARGET] */
int
scan_main (const CliCommand *command, int argc, char **argv)
{
  static const GOptionEntry *const entries[] = {
    [DMK_KIND_SUSTAINED] = sustained_entries,
    [DMK_KIND_SWEEP] = sweep_entries,
    [DMK_KIND_SURFACE] = surface_entries,
  };
  DmkResultKind kind = command->kind;
  g_autoptr (GOptionContext) ctx = cli_context_new (
    command, _("TARGET is a directory (a hidden test file is created there and always removed) "
               "or a block device. Default: the current directory. MB/s = 1,000,000 bytes/s. A "
               "stop (Ctrl+C) prints what was measured and exits with 130."));
  g_autoptr (GArray) specs = NULL;
  g_autoptr (DmkRunner) runner = NULL;
  DmkSettings settings;
  DmkScanOptions options;
  Cli cli;
  const char *target;
  int status;

  g_option_context_add_main_entries (ctx, entries[kind], GETTEXT_PACKAGE);
  cli_output_add_options (ctx, &opts.out, command);
  cli_parse (ctx, &argc, &argv);
  if (argc > 2)
    die_usage (_("Give one target, not %d (see --help)"), argc - 1);
  target = argc == 2 ? argv[1] : ".";
  cli_output_parse (&opts.out);
  parse_common (&settings, kind);
  if (kind == DMK_KIND_SWEEP)
    specs = parse_sweep (&settings);
  else
    parse_scan (&options, kind);
  if (!cli_output_check (&opts.out))
    return EXIT_USAGE;

  runner = run_scan (&cli, kind, target, &settings, specs, &options);
  status = cli.result != NULL ? report_result (&cli, &opts.out, opts.io.no_history)
                              : report_failure (&cli);
  if (cli.result != NULL && cli.error != NULL)
    status = report_failure (&cli);
  cli_clear (&cli);
  dmk_settings_clear (&settings);
  return status;
}
