/* gdiskmark-cli-run.c: the default run (no command word): the grid of tests on a target, its
 * options, a fio job file in or out, progress on a terminal, the result in text, JSON or CSV. */
#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dmk-core.h"
#include "gdiskmark-cli.h"

typedef struct
{
  CliIo io;
  CliOutput out;
  char *profile;
  char **tests;
  int mix; /* -1: not given */
  gboolean version, verify, reread, print_fio_job;
  char *job_file;
} RunOptions;

/* Where GOption puts the run's options (one command runs per process). */
static RunOptions opts = { .io = CLI_IO_INIT, .mix = -1 };

static gboolean
parse_mix (const char *name, const char *value, gpointer data, GError **error)
{
  char *end = NULL;
  gint64 v;

  if (value == NULL || *value == '\0')
    {
      opts.mix = DMK_MIX_DEFAULT;
      return TRUE;
    }
  v = g_ascii_strtoll (value, &end, 10);
  if (end == value || *end != '\0' || v < DMK_MIX_MIN || v > DMK_MIX_MAX)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--mix takes a read percentage between %u and %u, not “%s”"), DMK_MIX_MIN,
                   DMK_MIX_MAX, value);
      return FALSE;
    }
  opts.mix = (int) v;
  return TRUE;
}

/* Not const: the --profile description is filled from the core's profile table at start-up. */
static GOptionEntry entries[] = {
  { "profile", 'p', 0, G_OPTION_ARG_STRING, &opts.profile, NULL, N_("NAME") },
  { "mode", 'm', 0, G_OPTION_ARG_STRING, &opts.io.mode,
    N_("read-write, read or write (default: read-write)"), N_("MODE") },
  { "mix", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_CALLBACK, parse_mix,
    N_("Also run a mixed test with this share of reads (default: 70)"), N_("READ_PERCENT") },
  { "passes", 'n', 0, G_OPTION_ARG_INT, &opts.io.passes,
    N_("Measured passes per test, 1–9 (default: 5)"), N_("N") },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opts.io.size,
    N_("Test size, 16MiB–64GiB, like 64MiB or 1GiB (default: 1GiB)"), N_("SIZE") },
  { "time", 't', 0, G_OPTION_ARG_INT, &opts.io.time,
    N_("Measure time per pass, 1–60 seconds (default: 5)"), N_("SECONDS") },
  { "until-stable", 0, 0, G_OPTION_ARG_NONE, &opts.io.until_stable,
    /* "2.5% or" is no format: this text is never given to printf. */
    /* xgettext:no-c-format */
    N_("Add passes while they scatter by 2.5% or more (relative standard deviation), up to 3× "
       "--passes"),
    NULL },
  { "score", 0, 0, G_OPTION_ARG_STRING, &opts.io.score,
    N_("Which pass is a test’s score: best (CrystalDiskMark’s, the default) or median"),
    N_("RULE") },
  { "warmup", 'w', 0, G_OPTION_ARG_INT, &opts.io.warmup,
    N_("Warm-up before each test’s passes, 0–60 seconds, not measured (default: as --time)"),
    N_("SECONDS") },
  { "interval", 'i', 0, G_OPTION_ARG_INT, &opts.io.interval,
    N_("Rest between tests, 0–600 seconds (default: 5)"), N_("SECONDS") },
  { "data", 'd', 0, G_OPTION_ARG_STRING, &opts.io.data,
    N_("Test data: random or zero (default: random)"), N_("DATA") },
  { "engine", 'e', 0, G_OPTION_ARG_STRING, &opts.io.engine,
    N_("I/O engine: io_uring, libaio or psync (default: io_uring, or libaio where the kernel "
       "refuses it)"),
    N_("ENGINE") },
  { "buffered", 0, 0, G_OPTION_ARG_NONE, &opts.io.buffered,
    N_("Go through the page cache instead of direct I/O (flatters the numbers)"), NULL },
  { "poll", 0, 0, G_OPTION_ARG_NONE, &opts.io.poll,
    N_("Polled I/O (io_uring IOPOLL), on devices with poll queues"), NULL },
  { "test", 'T', 0, G_OPTION_ARG_STRING_ARRAY, &opts.tests,
    N_("Run this test instead of the profile’s, like “RND4K Q32T16”; repeatable"), N_("SPEC") },
  { "allow-write-device", 0, 0, G_OPTION_ARG_NONE, &opts.io.allow_write_device,
    N_("Allow write tests on a block device, destroying the data on it"), NULL },
  { "allow-stacked-loop", 0, 0, G_OPTION_ARG_NONE, &opts.io.allow_stacked_loop,
    N_("With --allow-write-device: also write a loop device whose file is on FUSE or overlayfs, "
       "which hide whether its data is in use elsewhere (a fake disk of a test setup)"),
    NULL },
  { "verify", 0, 0, G_OPTION_ARG_NONE, &opts.verify,
    N_("Stamp every block written with its offset and check every block read; exit status 3 on "
       "a mismatch (writes the test region first: on a device, needs --allow-write-device)"),
    NULL },
  { "reread", 0, 0, G_OPTION_ARG_NONE, &opts.reread,
    N_("iozone’s re-read and re-write: each test reads (or writes) the whole test size once and "
       "then again over the same data, no warm-up; both are reported (with --buffered the second "
       "shows the page cache)"),
    NULL },
  { "job-file", 0, 0, G_OPTION_ARG_FILENAME, &opts.job_file,
    N_("Run the tests of this fio job file (its subset of fio’s options) instead of a profile"),
    N_("FILE") },
  { "print-fio-job", 0, 0, G_OPTION_ARG_NONE, &opts.print_fio_job,
    N_("Print the fio job file that runs the same tests, and run nothing"), NULL },
  { "comment", 'c', 0, G_OPTION_ARG_STRING, &opts.io.comment,
    N_("A comment to keep with the result"), N_("TEXT") },
  { "no-history", 0, 0, G_OPTION_ARG_NONE, &opts.io.no_history,
    N_("Do not add the run to the history"), NULL },
  { "share", 0, 0, G_OPTION_ARG_NONE, &opts.out.share,
    N_("Leave out of the output what is private (the drive’s serial, WWN and UUIDs, host and user "
       "names, home paths as ~, mount labels), as “share” does; the history keeps everything"),
    NULL },
  { "version", 'V', 0, G_OPTION_ARG_NONE, &opts.version, N_("Show the version and exit"), NULL },
  { NULL }
};

/* --help lists the profiles of the core's table, so a new profile needs no edit here. */
static void
set_profile_help (void)
{
  static char *help = NULL;
  g_autofree char *list = dmk_profile_list ();
  DmkSettings defaults;

  dmk_settings_init_default (&defaults);
  /* TRANSLATORS: --profile's help; the first %s lists the profile ids, the second the default */
  /* TRANSLATORS: the last %s is the CLI's default profile; the window's is "default" */
  help = g_strdup_printf (_("Tests to run, one of: %s (default: %s, CrystalDiskMark 3’s eight; "
                            "the window starts with default)"),
                          list, defaults.profile);
  dmk_settings_clear (&defaults);
  for (guint i = 0; entries[i].long_name != NULL; i++)
    if (strcmp (entries[i].long_name, "profile") == 0)
      entries[i].description = help;
}

static void
on_progress (const DmkProgress *p, gpointer user_data)
{
  Cli *cli = user_data;
  g_autofree char *status = dmk_progress_describe (p);
  g_autofree char *mb = dmk_unit_format (DMK_UNIT_MB_S, p->phase == DMK_PHASE_TEST_DONE && p->test
                                                          ? p->test->mb_per_s
                                                          : p->live_mb_per_s);
  const char *unit = dmk_unit_label (DMK_UNIT_MB_S);
  g_autofree char *line = NULL;

  /* The window's status line, numbered because a terminal shows no grid of tests. */
  switch (p->phase)
    {
    case DMK_PHASE_OPEN:
    case DMK_PHASE_LAYOUT:
      line = g_steal_pointer (&status);
      break;
    case DMK_PHASE_WARMUP:
    case DMK_PHASE_INTERVAL:
      line = g_strdup_printf ("[%u/%u] %s", p->test_index + 1, p->n_tests, status);
      break;
    case DMK_PHASE_MEASURE:
    case DMK_PHASE_PASS_DONE:
      {
        DmkProgress measuring = *p;
        g_autofree char *pass = NULL;

        /* A finished pass reads like the pass it was: its number and its throughput. */
        measuring.phase = DMK_PHASE_MEASURE;
        pass = dmk_progress_describe (&measuring);
        line = g_strdup_printf ("[%u/%u] %s: %s %s", p->test_index + 1, p->n_tests, pass, mb,
                                unit);
      }
      break;
    case DMK_PHASE_TEST_DONE:
      {
        g_autofree char *name = dmk_test_spec_to_name (&p->spec);
        clear_progress (cli);
        fprintf (stderr, "[%u/%u] %s %s: %s %s\n", p->test_index + 1, p->n_tests, name,
                 dmk_direction_label (p->direction), mb, unit);
      }
      return;
    default:
      return;
    }
  fprintf (stderr, "\r\033[K%s", line);
  cli->progress_line = TRUE;
}

static void
on_run_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Cli *cli = user_data;

  DmkResult *partial = NULL;

  cli->result = dmk_runner_run_finish (DMK_RUNNER (source), res, &partial, &cli->error);
  /* A stop keeps the tests that finished; they are reported, marked interrupted, and the exit
   * status still says the run was stopped. */
  if (cli->result == NULL)
    cli->result = partial;
  g_main_loop_quit (cli->loop);
}

/* The settings and the jobs of the command line: the one plan of the run. */
static GArray *
parse_settings (DmkSettings *s)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = NULL;
  GArray *jobs;

  dmk_settings_init_default (s);
  if (opts.profile != NULL)
    {
      if (!dmk_profile_lookup (opts.profile, NULL, &error))
        die_usage ("%s", error->message);
      g_free (s->profile);
      s->profile = g_strdup (opts.profile);
      /* The profile's own timing, which --time and --interval below still override. */
      dmk_settings_apply_profile_timing (s);
    }
  if (opts.io.mode != NULL && !dmk_mode_from_string (opts.io.mode, &s->mode))
    die_usage (_("Unknown mode “%s”: choose read-write, read or write"), opts.io.mode);
  parse_io_options (&opts.io, s);
  s->verify = opts.verify;
  s->reread = opts.reread;
  if (opts.io.interval != G_MININT)
    s->interval_s = non_negative ("--interval", opts.io.interval);
  if (opts.mix != -1)
    s->mix_read_percent = (guint) opts.mix;
  if (s->mix_read_percent > 0 && s->mode == DMK_MODE_READ)
    die_usage (_("--mix writes (the mixed test's share of writes): it cannot run with "
                 "--mode=read; leave out --mix to test reads only"));
  if (opts.tests != NULL && opts.tests[0] != NULL)
    {
      specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      for (guint i = 0; opts.tests[i] != NULL; i++)
        {
          DmkTestSpec spec;
          if (!dmk_test_spec_parse (opts.tests[i], &spec, &error))
            die_usage ("%s", error->message);
          g_array_append_val (specs, spec);
        }
      g_free (s->profile);
      s->profile = g_strdup (DMK_PROFILE_CUSTOM);
    }
  jobs = dmk_runner_plan (s, specs, &error);
  if (jobs == NULL)
    die_usage ("%s", error->message);
  return jobs;
}

/* An option the job file already sets is not used: say so rather than ignore it unseen. */
static void
warn_overridden (const DmkFioJob *job, const DmkFioOverrides *o)
{
  const struct
  {
    gboolean given, set;
    const char *option, *key;
  } pairs[] = {
    { o->has_size, job->has_size, "--size", "size" },
    { o->has_time, job->has_runtime, "--time", "runtime" },
    { o->has_warmup, job->has_ramp, "--warmup", "ramp_time" },
    { o->has_passes, job->has_loops, "--passes", "loops" },
    { o->has_engine, job->has_engine, "--engine", "ioengine" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    if (pairs[i].given && pairs[i].set)
      /* TRANSLATORS: "--size is not used: job.fio sets size=; change it there" */
      g_printerr (_("gdiskmark-cli: warning: %s is not used: %s sets %s=; change it there\n"),
                  pairs[i].option, opts.job_file, pairs[i].key);
}

/* A fio job file's tests and settings; command-line options fill in what the file leaves out
 * (fio's own defaults where GDiskMark's differ: no warm-up, one pass, buffered I/O). */
static DmkFioJob *
parse_job_file (DmkSettings *s)
{
  g_autoptr (GError) error = NULL;
  DmkFioOverrides o = { 0 };
  DmkFioJob *job;

  if (opts.profile != NULL || (opts.tests != NULL && opts.tests[0] != NULL) ||
      opts.io.mode != NULL || opts.mix != -1)
    die_usage (_("--job-file says which tests run: leave out --profile, --test, --mode and "
                 "--mix"));
  job = dmk_fio_job_load (opts.job_file, &error);
  if (job == NULL)
    die_usage ("%s", error->message);
  o.has_size = opts.io.size != NULL;
  if (o.has_size && !dmk_parse_size (opts.io.size, &o.size_bytes, &error))
    die_usage ("%s", error->message);
  o.has_time = opts.io.time != G_MININT;
  o.measure_s = o.has_time ? non_negative ("--time", opts.io.time) : 0;
  o.has_warmup = opts.io.warmup != G_MININT;
  o.warmup_s = o.has_warmup ? non_negative ("--warmup", opts.io.warmup) : 0;
  o.has_passes = opts.io.passes != G_MININT;
  o.passes = o.has_passes ? non_negative ("--passes", opts.io.passes) : 0;
  o.has_engine = opts.io.engine != NULL;
  if (o.has_engine && !dmk_engine_kind_from_string (opts.io.engine, &o.engine))
    die_usage (_("Unknown engine “%s”: choose io_uring, libaio or psync"), opts.io.engine);
  o.has_data = opts.io.data != NULL;
  if (o.has_data && !dmk_data_from_string (opts.io.data, &o.data))
    die_usage (_("Unknown test data “%s”: choose random or zero"), opts.io.data);
  o.has_interval = opts.io.interval != G_MININT;
  o.interval_s = o.has_interval ? non_negative ("--interval", opts.io.interval) : 0;
  o.buffered = opts.io.buffered;
  o.poll = opts.io.poll;
  o.allow_write_device = opts.io.allow_write_device;
  if (!dmk_fio_job_settings (job, &o, s, &error))
    die_usage ("%s: %s", opts.job_file, error->message);
  s->allow_stacked_loop = opts.io.allow_stacked_loop;
  s->verify = opts.verify;
  s->until_stable = opts.io.until_stable;
  if (opts.io.score != NULL && !dmk_score_from_string (opts.io.score, &s->score))
    die_usage (_("Unknown score “%s”: choose best or median"), opts.io.score);
  warn_overridden (job, &o);
  return job;
}

/* fio has no backward order: the job runs such a test forward, and says so in a comment. */
static void
warn_backward (GArray *jobs)
{
  for (guint i = 0; i < jobs->len; i++)
    {
      const DmkJob *job = &g_array_index (jobs, DmkJob, i);
      g_autofree char *name = NULL;

      if (job->spec.pattern != DMK_PATTERN_BACKWARD)
        continue; /* a record rewrite's job says the same in the job file */
      name = dmk_test_spec_to_name (&job->spec);
      g_printerr (_("gdiskmark-cli: warning: fio cannot do %s %s backwards: the job does it "
                    "forward (rw=%s), so fio’s number is a forward one\n"),
                  name, dmk_direction_lower_label (job->direction),
                  job->direction == DMK_DIRECTION_READ ? "read"
                  : job->direction == DMK_DIRECTION_WRITE ? "write" : "rw");
    }
}

/* --print-fio-job: the job file of these settings and jobs; returns the exit status. */
static int
print_fio_job (const DmkSettings *s, GArray *jobs, const char *target)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_canonicalize_filename (target, NULL);
  g_autofree char *text = NULL;

  text = dmk_fio_job_export (s, jobs, path, &error);
  if (text == NULL && g_error_matches (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED))
    {
      /* A run on a device without consent does its read tests: the job says the same. */
      g_autoptr (GArray) reads = dmk_fio_jobs_to_run (jobs, NULL, TRUE, path, NULL);

      if (reads != NULL)
        {
          g_clear_error (&error);
          text = dmk_fio_job_export (s, reads, path, &error);
          g_printerr (_("gdiskmark-cli: the read tests only, as a run on a device does them: "
                        "writes need --allow-write-device\n"));
        }
    }
  if (text == NULL)
    {
      g_printerr ("gdiskmark-cli: %s (--allow-write-device)\n", error->message);
      return EXIT_USAGE;
    }
  warn_backward (jobs);
  return cli_output_write (&opts.out, text) ? 0 : EXIT_RUN_FAILED;
}

static GOptionContext *
new_run_context (const CliCommand *command)
{
  GOptionContext *ctx;

  ctx = cli_context_new (
    command, _("TARGET is a directory (a hidden test file is created there and always removed) "
               "or a block device (read tests unless --allow-write-device). Default: the "
               "current directory; a folder named like a command is given as ./NAME.\nMB/s = "
               "1,000,000 bytes/s."));
  set_profile_help ();
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  cli_output_add_options (ctx, &opts.out, command);
  return ctx;
}

/* Runs the benchmark on target until it finishes, fails or is interrupted; cli->result or
 * cli->error says which. Returns the runner, which the caller keeps until it exits. */
static DmkRunner *
run_to_end (Cli *cli, const char *target, gboolean named, const DmkSettings *settings,
            GArray *jobs)
{
  DmkDeviceIdentity consent;
  DmkRunner *runner;

  cli_init (cli, &opts.out);
  runner = dmk_runner_new ();
  if (cli->progress)
    dmk_runner_set_progress_func (runner, on_progress, cli, NULL);
  dmk_runner_set_fd_providers (runner, dmk_default_fd_providers ());
  if (cli_write_consent (&opts.io, target, named, &consent))
    dmk_runner_set_write_consent (runner, &consent);
  dmk_device_identity_clear (&consent);

  catch_stop_signals (cli);
  dmk_runner_run_async (runner, target, settings, jobs, opts.io.comment, cli->cancellable,
                        on_run_done, cli);
  g_main_loop_run (cli->loop);
  release_stop_signals (cli);
  clear_progress (cli);
  return runner;
}

/* Whether word is a whole number, which --mix's separate word must be to be its value. */
static gboolean
is_number (const char *word)
{
  return g_ascii_string_to_signed (word, 10, G_MININT64, G_MAXINT64, NULL, NULL);
}

/* GOption gives an optional value the next word when it is separate: "--mix 70 DIR" is 70 %, as
 * it should be, but "--mix /dev/sdb" would read the target as the percentage. A --mix that no
 * number follows is the default. */
static void
join_mix (int argc, char **argv)
{
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    if (strcmp (argv[i], "--mix") == 0 && (i + 1 == argc || !is_number (argv[i + 1])))
      argv[i] = (char *) "--mix="; /* the default, DMK_MIX_DEFAULT */
}

/* The run and its report, after the command line was read; returns the exit status. */
static int
run_and_report (const char *target, gboolean named, DmkSettings *settings, GArray *jobs,
                DmkFioJob *job)
{
  g_autoptr (DmkRunner) runner = NULL;
  Cli cli;
  int status;

  runner = run_to_end (&cli, target, named, settings, jobs);
  /* The note about the job's own file only where the job's target was tested. */
  if (cli.result != NULL && job != NULL)
    dmk_fio_job_add_notes (job, target, cli.result->warnings);
  status = cli.result == NULL ? report_failure (&cli)
                              : report_result (&cli, &opts.out, opts.io.no_history);
  /* "Choose a smaller test size": a job file's size is changed in the file, not by --size. */
  if (job != NULL && job->has_size && g_error_matches (cli.error, DMK_ERROR, DMK_ERROR_NO_SPACE))
    g_printerr (_("gdiskmark-cli: the test size is the job file’s size=: change it in %s\n"),
                opts.job_file);
  if (cli.result != NULL && cli.error != NULL)
    status = report_failure (&cli);
  if (g_error_matches (cli.error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED) && opts.verify)
    g_printerr (_("gdiskmark-cli: --verify writes stamps over the test region before the tests, "
                  "even with --mode=read\n"));
  /* Data that did not read back as written fails the run, whatever else went well. */
  if (status == 0 && cli.result != NULL && cli.result->settings.verify &&
      cli.result->verify.bad > 0)
    status = EXIT_DATA_BAD;
  cli_clear (&cli);
  return status;
}

/* gdiskmark-cli [OPTION…] [TARGET] */
int
run_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = new_run_context (command);
  g_autoptr (GArray) planned = NULL;
  g_autoptr (DmkFioJob) job = NULL;
  GArray *jobs;
  DmkSettings settings;
  const char *target;
  int status;

  join_mix (argc, argv);
  cli_parse (ctx, &argc, &argv);
  if (opts.version)
    {
      g_print ("gdiskmark-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (argc > 2)
    die_usage (_("Give one target, not %d (see --help)"), argc - 1);
  if (opts.job_file != NULL)
    job = parse_job_file (&settings);
  else
    planned = parse_settings (&settings);
  jobs = job != NULL ? job->jobs : planned;
  /* The command line's target wins over the job file's, so a job runs anywhere. */
  target = argc == 2 ? argv[1] : job != NULL && job->target != NULL ? job->target : ".";
  if (!cli_output_check (&opts.out))
    status = EXIT_USAGE;
  else if (opts.print_fio_job)
    status = print_fio_job (&settings, jobs, target);
  else
    {
      cli_output_parse (&opts.out);
      status = run_and_report (target, argc == 2, &settings, jobs, job);
    }
  dmk_settings_clear (&settings);
  return status;
}
