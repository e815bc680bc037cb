/* gdiskmark-cli-common.c: what every gdiskmark-cli command shares: the I/O options, usage
 * errors, progress on a terminal, and writing a result or saying why there is none. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dmk-cli-build-tree-paths.h"
#include "gdiskmark-cli.h"

char *opt_mode = NULL;
char *opt_data = NULL;
char *opt_engine = NULL;
char *opt_size = NULL;
char *opt_output = NULL;
char *opt_comment = NULL;
/* G_MININT means "not given", so that any number a user types, -1 too, is validated. */
int opt_passes = G_MININT;
int opt_time = G_MININT;
int opt_interval = G_MININT;
gboolean opt_buffered = FALSE;
gboolean opt_allow_write_device = FALSE;
gboolean opt_allow_stacked_loop = FALSE;
gboolean opt_json = FALSE;
char *opt_format = NULL;
gboolean opt_quiet = FALSE;
int opt_warmup = G_MININT;
gboolean opt_poll = FALSE;
gboolean opt_no_history = FALSE;
gboolean opt_until_stable = FALSE;
char *opt_score = NULL;

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
parse_io_options (DmkSettings *s)
{
  g_autoptr (GError) error = NULL;

  if (opt_data != NULL && !dmk_data_from_string (opt_data, &s->data))
    die_usage (_("Unknown test data “%s”: choose random or zero"), opt_data);
  if (opt_engine != NULL && !dmk_engine_kind_from_string (opt_engine, &s->engine))
    die_usage (_("Unknown engine “%s”: choose io_uring, libaio or psync"), opt_engine);
  s->engine_asked = opt_engine != NULL;
  if (opt_size != NULL && !dmk_parse_size (opt_size, &s->size_bytes, &error))
    die_usage ("%s", error->message);
  if (opt_passes != G_MININT)
    s->passes = non_negative ("--passes", opt_passes);
  if (opt_time != G_MININT)
    s->measure_s = non_negative ("--time", opt_time);
  if (opt_warmup != G_MININT)
    s->warmup_s = (int) non_negative ("--warmup", opt_warmup);
  s->direct = !opt_buffered;
  s->poll = opt_poll;
  s->until_stable = opt_until_stable;
  if (opt_score != NULL && !dmk_score_from_string (opt_score, &s->score))
    die_usage (_("Unknown score “%s”: choose best or median"), opt_score);
  s->allow_write_device = opt_allow_write_device;
  s->allow_stacked_loop = opt_allow_stacked_loop;
}

gboolean
check_output_writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  if (strcmp (path, "-") == 0)
    return TRUE;
  if (!dmk_output_check (path, &error))
    {
      g_printerr ("gdiskmark-cli: --output: %s\n", error->message);
      return FALSE;
    }
  if (access (dir, W_OK) != 0)
    {
      g_printerr (_("gdiskmark-cli: cannot write --output “%s”: %s; choose another place\n"), path,
                  g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

gboolean
cli_write_consent (const char *target, gboolean named, DmkDeviceIdentity *out)
{
  memset (out, 0, sizeof *out);
  if (!opt_allow_write_device || !dmk_device_identity_read (target, out))
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

Format
parse_format (gboolean allow_json)
{
  if (opt_json && opt_format != NULL && strcmp (opt_format, "json") != 0)
    die_usage (_("--json and --format=%s contradict each other"), opt_format);
  if (opt_json || g_strcmp0 (opt_format, "json") == 0)
    {
      if (!allow_json)
        die_usage (_("compare prints text or csv, not json"));
      return FORMAT_JSON;
    }
  /* No format asked for: the output file's extension says it (-o run.json), else text. */
  if (opt_format == NULL && opt_output != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (opt_output, -1);
      if (allow_json && g_str_has_suffix (lower, ".json"))
        return FORMAT_JSON;
      if (g_str_has_suffix (lower, ".csv"))
        return FORMAT_CSV;
    }
  if (opt_format == NULL || strcmp (opt_format, "text") == 0)
    return FORMAT_TEXT;
  if (strcmp (opt_format, "csv") == 0)
    return FORMAT_CSV;
  die_usage (_("Unknown format “%s”: choose text, json or csv"), opt_format);
  return FORMAT_TEXT;
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
write_output (const char *text)
{
  g_autoptr (GError) error = NULL;

  if (opt_output == NULL || strcmp (opt_output, "-") == 0)
    return write_stdout (text);
  if (!dmk_output_save (opt_output, text, strlen (text), &error))
    {
      /* Never lose a finished run: print it, then say what went wrong. */
      write_stdout (text);
      g_printerr (_("gdiskmark-cli: %s (printed above instead)\n"), error->message);
      return FALSE;
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
  const char *localedir = g_getenv ("GDISKMARK_LOCALEDIR");
  gboolean build_tree = dmk_running_from_build_tree (DMK_BUILD_TREE_CLI);

  setlocale (LC_ALL, "");
  /* GDISKMARK_LOCALEDIR lets the tests pick the catalogs; `build/src/cli/gdiskmark-cli` speaks
   * the build tree's, as the window from the build tree does, and uses its helper. */
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

/* Writes the result in format, then its warnings on stderr (JSON carries them itself);
 * returns the exit status. */
int
history_busy_ms (void)
{
  /* Tests wait less for a store another process holds. */
  const char *env = g_getenv ("GDISKMARK_HISTORY_BUSY_MS");

  return env != NULL ? (int) g_ascii_strtoll (env, NULL, 10) : DMK_HISTORY_BUSY_MS;
}

/* When the store fails, says where the run was kept instead and what to do. */
static void
save_to_history (DmkResult *result)
{
  g_autoptr (GError) error = NULL;

  if (!dmk_history_save_run (NULL, result, TRUE, history_busy_ms (), NULL, NULL, &error))
    g_printerr (_("gdiskmark-cli: warning: %s\n"), error->message);
}

int
report_result (const Cli *cli, Format format)
{
  g_autofree char *out = NULL;
  int status = 0;

  /* A scan's CSV is its own table: one row per block size, interval or sample. */
  out = format == FORMAT_JSON  ? dmk_result_to_json (cli->result)
        : format == FORMAT_CSV ? dmk_result_to_csv (cli->result)
                               : dmk_result_to_text (cli->result);
  if (!write_output (out))
    status = EXIT_RUN_FAILED;
  /* Only a whole run: a stopped one is not this drive's normal. */
  if (!opt_no_history && cli->error == NULL)
    save_to_history (cli->result);
  if (format != FORMAT_JSON)
    for (guint i = 0; i < cli->result->warnings->len; i++)
      g_printerr (_("gdiskmark-cli: warning: %s\n"),
                  (char *) g_ptr_array_index (cli->result->warnings, i));
  return status;
}

