/* gdiskmark-cli-common.c: what every gdiskmark-cli command shares: the I/O options, usage
 * errors, a job's loop, progress and signals, reporting a result or why there is none, and the
 * privacy filter's context for --share and share. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dmk-cli-build-tree-paths.h"
#include "gdiskmark-cli.h"

void
die_usage (const char *format, ...)
{
  va_list ap;
  char *msg;

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_printerr ("gdiskmark-cli: %s\n", msg);
  /* exit() runs no g_autofree: freed by hand, so that a leak checker sees nothing lost. */
  g_free (msg);
  exit (EXIT_USAGE);
}

void
cli_init (Cli *cli, const CliOutput *out)
{
  memset (cli, 0, sizeof *cli);
  cli->loop = g_main_loop_new (NULL, FALSE);
  cli->cancellable = g_cancellable_new ();
  cli->progress = !out->quiet && isatty (STDERR_FILENO);
}

void
cli_clear (Cli *cli)
{
  g_clear_pointer (&cli->result, dmk_result_unref);
  g_clear_error (&cli->error);
  g_clear_object (&cli->cancellable);
  g_clear_pointer (&cli->loop, g_main_loop_unref);
}

void
clear_progress (Cli *cli)
{
  if (cli->progress_line)
    fputs ("\r\033[K", stderr);
  cli->progress_line = FALSE;
}

static gboolean
on_sigint (gpointer user_data)
{
  Cli *cli = user_data;

  g_cancellable_cancel (cli->cancellable);
  return G_SOURCE_CONTINUE;
}

void
catch_stop_signals (Cli *cli)
{
  cli->signal_sources[0] = g_unix_signal_add (SIGINT, on_sigint, cli);
  cli->signal_sources[1] = g_unix_signal_add (SIGTERM, on_sigint, cli);
}

void
release_stop_signals (Cli *cli)
{
  /* With its last source gone, GLib gives each signal its default again. */
  for (guint i = 0; i < G_N_ELEMENTS (cli->signal_sources); i++)
    g_clear_handle_id (&cli->signal_sources[i], g_source_remove);
}

/* Range checks belong to the core; a negative number cannot even reach it as a guint. */
guint
non_negative (const char *option, int value)
{
  if (value < 0)
    die_usage (_("%s cannot be negative (%d)"), option, value);
  return (guint) value;
}

void
parse_io_options (const CliIo *io, DmkSettings *s)
{
  g_autoptr (GError) error = NULL;

  if (io->data != NULL && !dmk_data_from_string (io->data, &s->data))
    die_usage (_("Unknown test data “%s”: choose random or zero"), io->data);
  if (io->engine != NULL && !dmk_engine_kind_from_string (io->engine, &s->engine))
    die_usage (_("Unknown engine “%s”: choose io_uring, libaio or psync"), io->engine);
  s->engine_asked = io->engine != NULL;
  if (io->size != NULL && !dmk_parse_size (io->size, &s->size_bytes, &error))
    die_usage ("%s", error->message);
  if (io->passes != G_MININT)
    s->passes = non_negative ("--passes", io->passes);
  if (io->time != G_MININT)
    s->measure_s = non_negative ("--time", io->time);
  if (io->warmup != G_MININT)
    s->warmup_s = (int) non_negative ("--warmup", io->warmup);
  s->direct = !io->buffered;
  s->poll = io->poll;
  s->until_stable = io->until_stable;
  if (io->score != NULL && !dmk_score_from_string (io->score, &s->score))
    die_usage (_("Unknown score “%s”: choose best or median"), io->score);
  s->allow_write_device = io->allow_write_device;
  s->allow_stacked_loop = io->allow_stacked_loop;
}

gboolean
cli_write_consent (const CliIo *io, const char *target, gboolean named, DmkDeviceIdentity *out)
{
  memset (out, 0, sizeof *out);
  if (!io->allow_write_device || !dmk_device_identity_read (target, out))
    return FALSE;
  if (!named)
    {
      dmk_device_identity_clear (out);
      die_usage (_("The job file names the device %s (filename=), which the command line does "
                   "not: --allow-write-device allows writes only on a device you name, so give "
                   "%s as the target too"),
                 target, target);
    }
  return TRUE;
}

/* Every message and list line goes to a terminal: what it quotes (a file's name, a value from
 * a job file, a drive's model) may hold ESC, C1 or bidi controls, which are shown, not obeyed. */
static void
print_escaped (FILE *stream, const char *text)
{
  g_autofree char *safe = dmk_text_escape_controls (text, TRUE);

  fputs (safe, stream);
  fflush (stream);
}

static void
print_out (const char *text)
{
  print_escaped (stdout, text);
}

static void
print_err (const char *text)
{
  print_escaped (stderr, text);
}

void
init_terminal (void)
{
  g_set_print_handler (print_out);
  g_set_printerr_handler (print_err);
}

void
init_i18n (void)
{
  const char *localedir = dmk_test_hook ("GDISKMARK_LOCALEDIR");
  gboolean build_tree = dmk_running_from_build_tree (DMK_BUILD_TREE_CLI);

  setlocale (LC_ALL, "");
  /* GDISKMARK_LOCALEDIR lets the tests pick the catalogs (a test build's uninstalled program
   * only); `build/src/cli/gdiskmark-cli` speaks the build tree's, as the window from the build
   * tree does, and uses its helper. */
  if (localedir == NULL)
    localedir = build_tree ? DMK_BUILD_TREE_LOCALEDIR : LOCALEDIR;
  if (build_tree)
    g_setenv ("GDISKMARK_HELPER", DMK_BUILD_TREE_HELPER, FALSE);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* Says why the run gave no result; returns the exit status. */
int
report_failure (const Cli *cli)
{
  if (g_error_matches (cli->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_printerr (_("gdiskmark-cli: interrupted; the test file was removed\n"));
      return EXIT_CANCELLED;
    }
  if (g_error_matches (cli->error, DMK_ERROR, DMK_ERROR_DIRECT_IO))
    g_printerr (_("gdiskmark-cli: %s (--buffered)\n"), cli->error->message);
  else
    g_printerr ("gdiskmark-cli: %s\n", cli->error->message);
  return g_error_matches (cli->error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT) ||
             g_error_matches (cli->error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED)
           ? EXIT_USAGE
           : EXIT_RUN_FAILED;
}

int
history_busy_ms (void)
{
  /* Tests wait less for a store another process holds (a test build's uninstalled program). */
  const char *env = dmk_test_hook ("GDISKMARK_HISTORY_BUSY_MS");

  return env != NULL ? (int) g_ascii_strtoll (env, NULL, 10) : DMK_HISTORY_BUSY_MS;
}

glong
cli_display_width (const char *text)
{
  glong w = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      w += g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;
    }
  return w;
}

/* The privacy filter as --share and share use it. */

void
cli_share_context (const DmkResult *result, CliShareContext *c)
{
  g_autofree char *id = NULL, *firmware = NULL;
  const char *space;

  memset (c, 0, sizeof *c);
  dmk_share_context_init_local (&c->context);
  /* Where the result's target is on this machine, its drive's serial (sysfs): NVMe and virtio
   * tell it alone, SATA and SCSI inside a WWID ("t10.ATA Model SERIAL", "naa.5002…"). */
  dmk_drive_id_read_sysfs (result->target.path, &id, &firmware);
  if (id == NULL)
    return;
  g_strstrip (id);
  space = strrchr (id, ' ');
  if (g_str_has_prefix (id, "naa.") || g_str_has_prefix (id, "eui."))
    c->wwn = g_strdup (id);
  else
    c->serial = g_strdup (space != NULL ? space + 1 : id);
  c->context.serial = c->serial;
  c->context.wwn = c->wwn;
}

void
cli_share_context_clear (CliShareContext *c)
{
  g_clear_pointer (&c->serial, g_free);
  g_clear_pointer (&c->wwn, g_free);
}

DmkResult *
cli_share_redact (DmkResult *result, DmkShareKeep keep, gboolean tell)
{
  CliShareContext c;
  g_autoptr (GPtrArray) left_out = NULL;
  DmkResult *shared;

  cli_share_context (result, &c);
  shared = dmk_share_redact (result, keep, &c.context, &left_out);
  cli_share_context_clear (&c);
  /* What was left out, on stderr: the user sees it, the shared text does not. */
  for (guint i = 0; tell && i < left_out->len; i++)
    g_printerr (_("gdiskmark-cli: left out: %s\n"), (char *) g_ptr_array_index (left_out, i));
  return shared;
}

GPtrArray *
cli_load_results (int argc, char **argv)
{
  g_autoptr (GPtrArray) results =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) all = dmk_result_load_all (argv[i], &error);

      if (all == NULL)
        {
          g_printerr ("gdiskmark-cli: %s\n", error->message);
          return NULL;
        }
      for (guint k = 0; k < all->len; k++)
        g_ptr_array_add (results, dmk_result_ref (g_ptr_array_index (all, k)));
    }
  return g_steal_pointer (&results);
}
