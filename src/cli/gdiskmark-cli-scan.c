/* gdiskmark-cli-scan.c: gdiskmark-cli sustained, sweep and surface: how a drive behaves over
 * time, block size and position, in text, JSON or CSV. */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gdiskmark-cli.h"

static char *opt_span = NULL;
static char *opt_test = NULL;
static char *opt_pattern = NULL;
static char *opt_min = NULL;
static char *opt_max = NULL;
static char *opt_sample_size = NULL;
static int opt_depth = 1;
static int opt_threads = 1;
static int opt_samples = 100;
static int opt_access = 1000;

#define COMMON_ENTRIES                                                                             \
  { "data", 'd', 0, G_OPTION_ARG_STRING, &opt_data, N_("Test data: random or zero (default: random)"), \
    N_("DATA") },                                                                                  \
    { "engine", 'e', 0, G_OPTION_ARG_STRING, &opt_engine,                                          \
      N_("I/O engine: io_uring, libaio or psync (default: io_uring, or libaio where the kernel refuses it)"), N_("ENGINE") },                         \
    { "buffered", 0, 0, G_OPTION_ARG_NONE, &opt_buffered,                                          \
      N_("Go through the page cache instead of direct I/O"), NULL },                               \
    { "allow-write-device", 0, 0, G_OPTION_ARG_NONE, &opt_allow_write_device,                      \
      N_("Allow writes to a block device, destroying its data"), NULL },                           \
    { "format", 'f', 0, G_OPTION_ARG_STRING, &opt_format,                                          \
      N_("text, json or csv (default: from the --output file’s extension, else text)"),           \
      N_("FORMAT") },                                                                              \
    { "json", 'j', 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON (same as --format=json)"),     \
      NULL },                                                                                      \
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, N_("Write the result to FILE"),        \
      N_("FILE") },                                                                                \
    { "comment", 'c', 0, G_OPTION_ARG_STRING, &opt_comment, N_("A comment to keep with the result"), \
      N_("TEXT") },                                                                                \
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &opt_quiet, N_("Show no progress"), NULL },              \
    { "no-history", 0, 0, G_OPTION_ARG_NONE, &opt_no_history,                                      \
      N_("Do not add the run to the history"), NULL }

static const GOptionEntry sustained_entries[] = {
  { "span", 0, 0, G_OPTION_ARG_STRING, &opt_span,
    N_("How much to write: a size (8G), “free” (a folder’s free space less a margin) or “device” "
       "(a whole device; needs --allow-write-device) (default: 8G)"),
    N_("SPAN") },
  { "test", 'T', 0, G_OPTION_ARG_STRING, &opt_test,
    N_("The writes, a sequential test (default: SEQ1M Q8T1)"), N_("TEST") },
  COMMON_ENTRIES,
  { NULL }
};

static const GOptionEntry sweep_entries[] = {
  { "pattern", 0, 0, G_OPTION_ARG_STRING, &opt_pattern,
    N_("seq or rnd (default: seq)"), N_("PATTERN") },
  { "queue-depth", 'Q', 0, G_OPTION_ARG_INT, &opt_depth, N_("Queue depth (default: 1)"), N_("N") },
  { "threads", 'J', 0, G_OPTION_ARG_INT, &opt_threads, N_("Threads (default: 1)"), N_("N") },
  { "min", 0, 0, G_OPTION_ARG_STRING, &opt_min,
    N_("Smallest block size (default: 512, or the target’s direct-I/O alignment)"), N_("SIZE") },
  { "max", 0, 0, G_OPTION_ARG_STRING, &opt_max, N_("Largest block size (default: 64M)"),
    N_("SIZE") },
  { "mode", 'm', 0, G_OPTION_ARG_STRING, &opt_mode,
    N_("Directions: read-write, read or write (default: read-write)"), N_("MODE") },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opt_size,
    N_("Test file size or device span, 16M–64G (default: 1G)"), N_("SIZE") },
  { "time", 't', 0, G_OPTION_ARG_INT, &opt_time, N_("Seconds per block size (default: 2)"),
    N_("SECONDS") },
  { "passes", 'n', 0, G_OPTION_ARG_INT, &opt_passes,
    N_("Measured passes per block size, the best kept (default: 1)"), N_("N") },
  COMMON_ENTRIES,
  { NULL }
};

static const GOptionEntry surface_entries[] = {
  { "samples", 0, 0, G_OPTION_ARG_INT, &opt_samples,
    N_("Samples spread evenly over the span (default: 100)"), N_("N") },
  { "sample-size", 0, 0, G_OPTION_ARG_STRING, &opt_sample_size,
    N_("Size of each sample (default: 10M)"), N_("SIZE") },
  { "test", 'T', 0, G_OPTION_ARG_STRING, &opt_test,
    N_("The I/O in a sample, sequential (default: SEQ1M Q1T1; SEQ1M Q8T1 for a deeper queue)"),
    N_("TEST") },
  { "access-reads", 0, 0, G_OPTION_ARG_INT, &opt_access,
    N_("Random reads for the access time, 0 for none (default: 1000)"), N_("N") },
  { "mode", 'm', 0, G_OPTION_ARG_STRING, &opt_mode,
    N_("read or write (default: read; write on a device needs --allow-write-device)"),
    N_("MODE") },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opt_size,
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
  parse_io_options (s);
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

  if (opt_test == NULL)
    return;
  if (!dmk_test_spec_parse (opt_test, spec, &error))
    die_usage ("%s", error->message);
  if (spec->pattern != DMK_PATTERN_SEQUENTIAL)
    die_usage (_("--test must be sequential (SEQ…): “%s” is random"), opt_test);
}

static void
parse_scan (DmkScanOptions *o, DmkResultKind kind)
{
  g_autoptr (GError) error = NULL;

  dmk_scan_options_init (o, kind);
  parse_test (&o->spec);
  if (kind == DMK_KIND_SUSTAINED)
    {
      if (opt_span == NULL)
        ;
      else if (strcmp (opt_span, "free") == 0)
        o->span = DMK_SPAN_FREE;
      else if (strcmp (opt_span, "device") == 0)
        o->span = DMK_SPAN_DEVICE;
      else if (!dmk_parse_size (opt_span, &o->span_bytes, &error))
        die_usage (_("--span: %s (or give “free” or “device”)"), error->message);
      if (o->span_bytes < DMK_SIZE_MIN)
        die_usage (_("--span must be at least 16 MiB"));
      return;
    }
  if (opt_mode != NULL && strcmp (opt_mode, "write") == 0)
    o->direction = DMK_DIRECTION_WRITE;
  else if (opt_mode != NULL && strcmp (opt_mode, "read") != 0)
    die_usage (_("Unknown mode “%s”: a surface scan reads or writes"), opt_mode);
  o->samples = non_negative ("--samples", opt_samples);
  o->access_reads = non_negative ("--access-reads", opt_access);
  if (opt_sample_size != NULL && !dmk_parse_size (opt_sample_size, &o->sample_bytes, &error))
    die_usage ("--sample-size: %s", error->message);
  if (opt_size != NULL && !dmk_parse_size (opt_size, &o->span_bytes, &error))
    die_usage ("%s", error->message);
}

static GArray *
parse_sweep (DmkSettings *s)
{
  g_autoptr (GError) error = NULL;
  DmkPattern pattern = DMK_PATTERN_SEQUENTIAL;
  GArray *specs;

  if (opt_pattern != NULL && !dmk_pattern_from_string (opt_pattern, &pattern))
    die_usage (_("Unknown pattern “%s”: choose seq or rnd"), opt_pattern);
  if (opt_mode != NULL && !dmk_mode_from_string (opt_mode, &s->mode))
    die_usage (_("Unknown mode “%s”: choose read-write, read or write"), opt_mode);
  specs = dmk_sweep_specs (pattern, non_negative ("--queue-depth", opt_depth),
                           non_negative ("--threads", opt_threads),
                           parse_block ("--min", opt_min, DMK_SPEC_MIN_BLOCK),
                           parse_block ("--max", opt_max, DMK_SPEC_MAX_BLOCK), &error);
  if (specs == NULL)
    die_usage ("%s", error->message);
  return specs;
}

static const char *
summary (DmkResultKind kind)
{
  switch (kind)
    {
    case DMK_KIND_SUSTAINED:
      return _("[TARGET] — write sequentially through a span and find where the speed falls "
               "(the cache cliff)");
    case DMK_KIND_SWEEP:
      return _("[TARGET] — read and write at every block size from 512 B to 64 MiB");
    default:
      return _("[TARGET] — read samples spread over the whole span, and the access time");
    }
}

static void
start_scan (Cli *cli, DmkRunner *runner, DmkResultKind kind, const char *target,
            const DmkSettings *settings, GArray *specs, const DmkScanOptions *options)
{
  if (kind == DMK_KIND_SWEEP)
    {
      scan_finish = dmk_sweep_run_finish;
      dmk_sweep_run_async (runner, target, settings, specs, opt_comment, cli->cancellable,
                           on_scan_done, cli);
    }
  else if (kind == DMK_KIND_SUSTAINED)
    {
      scan_finish = dmk_sustained_run_finish;
      dmk_sustained_run_async (runner, target, settings, options, opt_comment, cli->cancellable,
                               on_scan_done, cli);
    }
  else
    {
      scan_finish = dmk_surface_run_finish;
      dmk_surface_run_async (runner, target, settings, options, opt_comment, cli->cancellable,
                             on_scan_done, cli);
    }
}

int
scan_main (DmkResultKind kind, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (summary (kind));
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkRunner) runner = NULL;
  g_autoptr (GArray) specs = NULL;
  DmkSettings settings;
  DmkDeviceIdentity consent;
  DmkScanOptions options;
  Cli cli = { 0 };
  const char *target;
  Format format;
  int status;

  g_option_context_add_main_entries (ctx, kind == DMK_KIND_SUSTAINED ? sustained_entries
                                          : kind == DMK_KIND_SWEEP   ? sweep_entries
                                                                     : surface_entries,
                                     GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_set_description (
    ctx, _("TARGET is a directory (a hidden test file is created there and always removed) or a "
           "block device. Default: the current directory. MB/s = 1,000,000 bytes/s. A stop "
           "(Ctrl+C) prints what was measured and exits with 130."));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    die_usage (_("%s (see %s --help)"), error->message, argv[0]);
  if (argc > 2)
    die_usage (_("Give one target, not %d (see --help)"), argc - 1);
  target = argc == 2 ? argv[1] : ".";
  format = parse_format (TRUE);
  parse_common (&settings, kind);
  if (kind == DMK_KIND_SWEEP)
    specs = parse_sweep (&settings);
  else
    parse_scan (&options, kind);
  if (opt_output != NULL && !check_output_writable (opt_output))
    return EXIT_USAGE;

  cli.loop = g_main_loop_new (NULL, FALSE);
  cli.cancellable = g_cancellable_new ();
  cli.progress = !opt_quiet && isatty (STDERR_FILENO);
  runner = dmk_runner_new ();
  if (cli.progress)
    dmk_runner_set_progress_func (runner, on_scan_progress, &cli, NULL);
  dmk_runner_set_fd_providers (runner, dmk_default_fd_providers ());
  if (cli_write_consent (target, TRUE, &consent))
    dmk_runner_set_write_consent (runner, &consent);
  dmk_device_identity_clear (&consent);
  catch_stop_signals (&cli);
  start_scan (&cli, runner, kind, target, &settings, specs, &options);
  g_main_loop_run (cli.loop);
  release_stop_signals (&cli);
  clear_progress (&cli);

  if (cli.result != NULL)
    {
      status = report_result (&cli, format);
      if (cli.error != NULL)
        status = report_failure (&cli);
    }
  else
    status = report_failure (&cli);
  g_clear_pointer (&cli.result, dmk_result_unref);
  g_clear_error (&cli.error);
  g_clear_object (&cli.cancellable);
  g_clear_pointer (&cli.loop, g_main_loop_unref);
  dmk_settings_clear (&settings);
  return status;
}
