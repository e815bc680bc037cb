/* gdiskmark-cli-commands.c: the command table, in the manner of gio's: it dispatches, writes the
 * usage and each command's usage line and exit statuses, and answers `help [COMMAND]` and
 * `help --commands` (the shell completion's list). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "gdiskmark-cli.h"

#define TEXT FORMAT_BIT (FORMAT_TEXT)
#define JSON FORMAT_BIT (FORMAT_JSON)
#define CSV FORMAT_BIT (FORMAT_CSV)
/* The spreadsheets: .xlsx and .ods, each a file of its own (--output). */
#define SHEETS (FORMAT_BIT (FORMAT_XLSX) | FORMAT_BIT (FORMAT_ODS))

static int help_main (const CliCommand *command, int argc, char **argv);

#define RUN_EXITS (CLI_EXIT_RUN | CLI_EXIT_CANCEL)

/* The first row is the default run, which takes no command word; the others in the order the
 * usage lists them. */
static const CliCommand commands[] = {
  { .synopsis = N_("[TARGET]"), .summary = N_("measure a disk like CrystalDiskMark"),
    .formats = TEXT | JSON | CSV | SHEETS, .exits = RUN_EXITS | CLI_EXIT_DATA, .run = run_main },
  { .name = "compare", .synopsis = N_("FILE.json…"),
    .summary = N_("compare saved results, one column each"), .formats = TEXT | CSV | SHEETS,
    .exits = CLI_EXIT_FAILED, .run = compare_main },
  { .name = "devices", .synopsis = "", .summary = N_("list the block devices to test"),
    .formats = TEXT | JSON, .exits = CLI_EXIT_FAILED, .run = devices_main },
  { .name = "targets", .synopsis = N_("[FOLDER…]"),
    .summary = N_("list the folders and devices, described as the window does"),
    .formats = TEXT | JSON, .exits = CLI_EXIT_FAILED, .run = targets_main },
  { .name = "capacity", .synopsis = N_("TARGET"),
    .summary = N_("check how much a device or a folder really holds"), .formats = TEXT | JSON,
    .exits = RUN_EXITS | CLI_EXIT_DATA, .run = capacity_main },
  { .name = "sustained", .synopsis = N_("[TARGET]"),
    .summary = N_("write sequentially through a span and find where the speed falls (the cache "
                  "cliff)"),
    .formats = TEXT | JSON | CSV, .exits = RUN_EXITS, .kind = DMK_KIND_SUSTAINED,
    .run = scan_main },
  { .name = "sweep", .synopsis = N_("[TARGET]"),
    .summary = N_("read and write at every block size from 512 B to 64 MiB"),
    .formats = TEXT | JSON | CSV, .exits = RUN_EXITS, .kind = DMK_KIND_SWEEP, .run = scan_main },
  { .name = "surface", .synopsis = N_("[TARGET]"),
    .summary = N_("read samples spread over the whole span, and the access time"),
    .formats = TEXT | JSON | CSV, .exits = RUN_EXITS, .kind = DMK_KIND_SURFACE,
    .run = scan_main },
  { .name = "iozone", .synopsis = N_("[TARGET]"),
    .summary = N_("iozone’s automatic mode: every file size × record size, for each operation"),
    .formats = TEXT | JSON | CSV | SHEETS | FORMAT_BIT (FORMAT_IOZONE),
    .exits = RUN_EXITS, .run = iozone_main },
  { .name = "share", .synopsis = N_("FILE…"),
    .summary = N_("a saved result as Markdown, BBCode or JSON to post, nothing private in it"),
    .formats = JSON | FORMAT_BIT (FORMAT_MARKDOWN) | FORMAT_BIT (FORMAT_BBCODE),
    .exits = CLI_EXIT_FAILED, .run = share_main },
  { .name = "history", .synopsis = N_("[DRIVE]"),
    .summary = N_("every run so far, per drive; import, show and delete runs"),
    .formats = TEXT | JSON | CSV | SHEETS, .exits = CLI_EXIT_FAILED, .run = history_main },
  { .name = "help", .synopsis = N_("[COMMAND]"),
    .summary = N_("show the usage, or a command’s options"), .run = help_main },
};

static const CliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (commands[i].name != NULL && strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

int
cli_dispatch (int argc, char **argv)
{
  const CliCommand *command = argc > 1 ? find_command (argv[1]) : NULL;

  g_set_prgname ("gdiskmark-cli");
  if (command != NULL)
    return command->run (command, argc - 1, argv + 1);
  /* Anything else is the default run's: its options, or its target. */
  return commands[0].run (&commands[0], argc, argv);
}

/* A row's head in the usage's list: the command and its arguments. */
static char *
command_head (const CliCommand *command)
{
  /* The default run is the one without a command word: its row starts with the options, as
   * GOption's usage line does (and in its words). */
  if (command->name == NULL)
    return g_strdup_printf ("%s %s", g_dgettext ("glib20", "[OPTION…]"), _(command->synopsis));
  if (*command->synopsis == '\0')
    return g_strdup (command->name);
  return g_strdup_printf ("%s %s", command->name, _(command->synopsis));
}

/* The default run's usage lists every command, each with its one line. */
static char *
command_list (void)
{
  GString *out = g_string_new (_("Commands (“gdiskmark-cli help COMMAND” shows one’s options):"));
  char *heads[G_N_ELEMENTS (commands)];
  glong width = 0;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      heads[i] = command_head (&commands[i]);
      width = MAX (width, cli_display_width (heads[i]));
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_string_append_printf (out, "\n  %s", heads[i]);
      for (glong w = cli_display_width (heads[i]); w < width + 2; w++)
        g_string_append_c (out, ' ');
      g_string_append (out, _(commands[i].summary));
      g_free (heads[i]);
    }
  return g_string_free (out, FALSE);
}

/* "Exit status: 0 success, 1 the run failed, 2 bad usage, 130 interrupted.": every status the
 * command can end with, so that a script knows them all from --help. */
static char *
exit_statuses (const CliCommand *command)
{
  g_autoptr (GString) list = g_string_new (_("0 success"));

  if (command->exits & CLI_EXIT_RUN)
    g_string_append_printf (list, ", %s", _("1 the run failed"));
  else if (command->exits & CLI_EXIT_FAILED)
    g_string_append_printf (list, ", %s", _("1 a file could not be read or written"));
  g_string_append_printf (list, ", %s", _("2 bad usage"));
  if (command->exits & CLI_EXIT_DATA)
    g_string_append_printf (list, ", %s", _("3 data did not read back as written"));
  if (command->exits & CLI_EXIT_CANCEL)
    g_string_append_printf (list, ", %s", _("130 interrupted"));
  /* TRANSLATORS: %s lists the statuses: "0 success, 1 the run failed, 2 bad usage" */
  return g_strdup_printf (_("Exit status: %s."), list->str);
}

GOptionContext *
cli_context_new (const CliCommand *command, const char *description)
{
  g_autofree char *usage = NULL, *exits = exit_statuses (command), *text = NULL;
  GOptionContext *ctx;

  /* GOption's usage line starts with the program's name: the command's belongs there. */
  if (command->name != NULL)
    {
      g_autofree char *prgname = g_strconcat ("gdiskmark-cli ", command->name, NULL);
      g_set_prgname (prgname);
    }
  if (*command->synopsis != '\0')
    /* TRANSLATORS: a command's usage line after "gdiskmark-cli NAME [OPTION…]": its
     * arguments, then what it does ("[TARGET] — check how much …") */
    usage = g_strdup_printf (_("%s — %s"), _(command->synopsis), _(command->summary));
  else
    usage = g_strdup_printf ("— %s", _(command->summary));
  ctx = g_option_context_new (usage);
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  text = description != NULL ? g_strdup_printf ("%s\n%s", description, exits)
                             : g_steal_pointer (&exits);
  g_option_context_set_description (ctx, text);
  if (command->name == NULL)
    {
      g_autofree char *list = command_list ();
      g_option_context_set_summary (ctx, list);
    }
  return ctx;
}

G_GNUC_NORETURN static void
print_help (GOptionContext *ctx)
{
  char *help = g_option_context_get_help (ctx, TRUE, NULL);

  g_print ("%s", help);
  /* exit() runs no g_autofree. */
  g_free (help);
  exit (0);
}

void
cli_parse (GOptionContext *ctx, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;

  if (!g_option_context_parse (ctx, argc, argv, &error))
    die_usage (_("%s (see %s --help)"), error->message, g_get_prgname ());
  /* "gdiskmark-cli help" in a folder with a help/ in it is the help, never a run on ./help;
   * "--help" reaches here only after "--". Write ./help for a folder of that name. */
  for (int i = 1; i < *argc; i++)
    if (strcmp ((*argv)[i], "help") == 0 || strcmp ((*argv)[i], "--help") == 0)
      print_help (ctx);
}

/* gdiskmark-cli help [COMMAND], help --commands */
static int
help_main (const CliCommand *command, int argc, char **argv)
{
  static gboolean list = FALSE;
  const GOptionEntry entries[] = {
    { "commands", 0, 0, G_OPTION_ARG_NONE, &list,
      N_("Print the commands’ names, one a line (for shell completion), and nothing else"),
      NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = cli_context_new (command, NULL);
  char *help_argv[] = { NULL, (char *) "--help", NULL };
  const CliCommand *topic = &commands[0];

  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  cli_parse (ctx, &argc, &argv);
  if (list)
    {
      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        if (commands[i].name != NULL)
          g_print ("%s\n", commands[i].name);
      return 0;
    }
  if (argc > 2)
    die_usage (_("help takes one command, not %d (see gdiskmark-cli --help)"), argc - 1);
  if (argc == 2 && (topic = find_command (argv[1])) == NULL)
    die_usage (_("Unknown command “%s” (see gdiskmark-cli --help)"), argv[1]);
  /* Exactly what `COMMAND --help` prints: the command's own options, from its own parser,
   * which prints them and exits. */
  help_argv[0] = topic->name != NULL ? (char *) topic->name : (char *) "gdiskmark-cli";
  g_set_prgname ("gdiskmark-cli");
  return topic->run (topic, 2, help_argv);
}
