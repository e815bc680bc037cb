/* gdiskmark-cli-capacity.c: gdiskmark-cli capacity: a stick's real size, or a folder's free space
 * verified, in text or JSON. */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "gdiskmark-cli.h"

typedef struct
{
  CliIo io;
  CliOutput out;
} CapacityOptions;

/* Where GOption puts the capacity check's options (one command runs per process). */
static CapacityOptions opts = { .io = CLI_IO_INIT };

static const GOptionEntry capacity_entries[] = {
  { "allow-write-device", 0, 0, G_OPTION_ARG_NONE, &opts.io.allow_write_device,
    N_("Allow the check to write to a block device, destroying its data"), NULL },
  { "allow-stacked-loop", 0, 0, G_OPTION_ARG_NONE, &opts.io.allow_stacked_loop,
    N_("With --allow-write-device: also write a loop device whose file is on FUSE or overlayfs, "
       "which hide whether its data is in use elsewhere (a fake disk of a test setup)"),
    NULL },
  { NULL }
};

typedef struct
{
  Cli cli;
  DmkCapacityReport *report;
} CapacityCli;

static void
on_capacity_progress (const DmkCapacityProgress *p, gpointer user_data)
{
  CapacityCli *c = user_data;
  g_autofree char *done = dmk_format_size (p->done_bytes);
  g_autofree char *total = dmk_format_size (p->total_bytes);
  /* TRANSLATORS: "Writing stamps, pass 2: 12 MiB of 16 MiB (75 %), 20.5 MB/s" */
  const char *what = p->phase == DMK_CAPACITY_WRITING ? _("Writing stamps") : _("Reading back");

  fputs ("\r\033[K", stderr);
  fprintf (stderr, _("%s, pass %u: %s of %s (%.0f %%), %.1f MB/s"), what, p->pass, done, total,
           p->fraction * 100, p->mb_per_s);
  c->cli.progress_line = TRUE;
}

static void
on_capacity_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  CapacityCli *c = user_data;

  c->report = dmk_capacity_check_finish (res, &c->cli.error);
  g_main_loop_quit (c->cli.loop);
}

/* The report in format; 0 when every stamp read back, EXIT_DATA_BAD when some did not. */
static int
report_capacity (const DmkCapacityReport *report)
{
  Format format = opts.out.format;
  g_autofree char *text = format == FORMAT_JSON ? dmk_capacity_report_to_json (report)
                                                : dmk_capacity_report_to_text (report);

  if (!cli_output_write (&opts.out, text))
    return EXIT_RUN_FAILED;
  if (format == FORMAT_JSON && opts.out.output == NULL)
    fputc ('\n', stdout);
  return dmk_capacity_report_passed (report) ? 0 : EXIT_DATA_BAD;
}

static int
capacity_failure (const Cli *cli, const char *target)
{
  if (g_error_matches (cli->error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED))
    {
      g_printerr (_("gdiskmark-cli: the capacity check writes over all of %s, destroying its "
                    "data: allow it explicitly with --allow-write-device\n"),
                  target);
      return EXIT_USAGE;
    }
  if (g_error_matches (cli->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_printerr (_("gdiskmark-cli: interrupted; a folder’s check file was removed\n"));
      return EXIT_CANCELLED;
    }
  return report_failure (cli);
}

/* Checks target until the check ends; the report, or why there is none, is in c. */
static void
run_check (CapacityCli *c, const char *target, const DmkSettings *settings)
{
  DmkDeviceIdentity consent;
  gboolean has_consent;

  cli_init (&c->cli, &opts.out);
  catch_stop_signals (&c->cli);
  has_consent = cli_write_consent (&opts.io, target, TRUE, &consent);
  dmk_capacity_check_async (target, settings, has_consent ? &consent : NULL,
                            dmk_default_fd_providers (),
                            c->cli.progress ? on_capacity_progress : NULL, c, c->cli.cancellable,
                            on_capacity_done, c);
  g_main_loop_run (c->cli.loop);
  release_stop_signals (&c->cli);
  clear_progress (&c->cli);
  dmk_device_identity_clear (&consent);
}

/* gdiskmark-cli capacity TARGET */
int
capacity_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = cli_context_new (
    command,
    _("On a block device (with --allow-write-device; everything on it is lost), stamps blocks "
      "spread over it, each with its offset, reads them back and narrows the first bad one "
      "down to a block: fake-capacity sticks show where their real capacity ends and that "
      "their addresses wrap. On a folder, fills its free space with a hidden file that is "
      "never left behind and reads it back."));
  CapacityCli c = { 0 };
  DmkSettings settings;
  const char *target;
  int status;

  g_option_context_add_main_entries (ctx, capacity_entries, GETTEXT_PACKAGE);
  cli_output_add_options (ctx, &opts.out, command);
  cli_parse (ctx, &argc, &argv);
  if (argc != 2)
    die_usage (_("capacity needs one target, a device or a folder (see capacity --help)"));
  target = argv[1];
  cli_output_parse (&opts.out);
  if (!cli_output_check (&opts.out))
    return EXIT_USAGE;

  dmk_settings_init_default (&settings);
  settings.allow_write_device = opts.io.allow_write_device;
  settings.allow_stacked_loop = opts.io.allow_stacked_loop;
  run_check (&c, target, &settings);
  status = c.report != NULL ? report_capacity (c.report) : capacity_failure (&c.cli, target);
  g_clear_pointer (&c.report, dmk_capacity_report_free);
  cli_clear (&c.cli);
  dmk_settings_clear (&settings);
  return status;
}
