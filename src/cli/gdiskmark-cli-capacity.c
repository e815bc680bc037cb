/* gdiskmark-cli-capacity.c: gdiskmark-cli capacity: a stick's real size, or a folder's free space
 * verified, in text or JSON. */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "gdiskmark-cli.h"

static const GOptionEntry capacity_entries[] = {
  { "allow-write-device", 0, 0, G_OPTION_ARG_NONE, &opt_allow_write_device,
    N_("Allow the check to write to a block device, destroying its data"), NULL },
  { "allow-stacked-loop", 0, 0, G_OPTION_ARG_NONE, &opt_allow_stacked_loop,
    N_("With --allow-write-device: also write a loop device whose file is on FUSE or overlayfs, "
       "which hide whether its data is in use elsewhere (a fake disk of a test setup)"),
    NULL },
  { "format", 'f', 0, G_OPTION_ARG_STRING, &opt_format,
    N_("text or json (default: from the --output file’s extension, else text)"), N_("FORMAT") },
  { "json", 'j', 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON (same as --format=json)"), NULL },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, N_("Write the report to FILE"),
    N_("FILE") },
  { "quiet", 'q', 0, G_OPTION_ARG_NONE, &opt_quiet, N_("Show no progress"), NULL },
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
report_capacity (const DmkCapacityReport *report, Format format)
{
  g_autofree char *text = format == FORMAT_JSON ? dmk_capacity_report_to_json (report)
                                                : dmk_capacity_report_to_text (report);

  if (!write_output (text))
    return EXIT_RUN_FAILED;
  if (format == FORMAT_JSON && opt_output == NULL)
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

int
capacity_main (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (
    _("TARGET — check how much a device or a folder really holds"));
  g_autoptr (GError) error = NULL;
  CapacityCli c = { 0 };
  DmkSettings settings;
  DmkDeviceIdentity consent;
  gboolean has_consent;
  const char *target;
  Format format;
  int status;

  g_option_context_add_main_entries (ctx, capacity_entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_set_description (
    ctx, _("On a block device (with --allow-write-device; everything on it is lost), stamps blocks "
           "spread over it, each with its offset, reads them back and narrows the first bad one "
           "down to a block: fake-capacity sticks show where their real capacity ends and that "
           "their addresses wrap. On a folder, fills its free space with a hidden file that is "
           "never left behind and reads it back. Exit status: 0 all good, 1 the check failed, 2 "
           "bad usage, 3 data did not read back as written, 130 interrupted."));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    die_usage (_("%s (see capacity --help)"), error->message);
  if (argc != 2)
    die_usage (_("capacity needs one target, a device or a folder (see capacity --help)"));
  target = argv[1];
  format = parse_format (TRUE);
  if (format == FORMAT_CSV)
    die_usage (_("capacity prints text or json, not csv"));
  if (opt_output != NULL && !check_output_writable (opt_output))
    return EXIT_USAGE;

  dmk_settings_init_default (&settings);
  settings.allow_write_device = opt_allow_write_device;
  settings.allow_stacked_loop = opt_allow_stacked_loop;
  c.cli.loop = g_main_loop_new (NULL, FALSE);
  c.cli.cancellable = g_cancellable_new ();
  c.cli.progress = !opt_quiet && isatty (STDERR_FILENO);
  catch_stop_signals (&c.cli);
  has_consent = cli_write_consent (target, TRUE, &consent);
  dmk_capacity_check_async (target, &settings, has_consent ? &consent : NULL,
                            dmk_default_fd_providers (),
                            c.cli.progress ? on_capacity_progress : NULL, &c, c.cli.cancellable,
                            on_capacity_done, &c);
  g_main_loop_run (c.cli.loop);
  release_stop_signals (&c.cli);
  clear_progress (&c.cli);

  status = c.report != NULL ? report_capacity (c.report, format) : capacity_failure (&c.cli, target);
  g_clear_pointer (&c.report, dmk_capacity_report_free);
  g_clear_error (&c.cli.error);
  g_clear_object (&c.cli.cancellable);
  g_clear_pointer (&c.cli.loop, g_main_loop_unref);
  dmk_settings_clear (&settings);
  dmk_device_identity_clear (&consent);
  return status;
}
