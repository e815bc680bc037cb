/* gdiskmark-cli.h: what gdiskmark-cli's commands share: the command table's entry, the output
 * and I/O options (each command keeps its own in a struct), running a job, reporting. */
#pragma once

#include <gio/gio.h>

#include "dmk-core.h"

#define EXIT_RUN_FAILED 1
#define EXIT_USAGE 2
#define EXIT_DATA_BAD 3 /* what was read back is not what was written */
#define EXIT_CANCELLED 130

typedef struct
{
  GMainLoop *loop;
  GCancellable *cancellable;
  DmkResult *result;
  GError *error;
  gboolean progress;
  gboolean progress_line; /* a progress line is on screen */
  guint signal_sources[2]; /* SIGINT's and SIGTERM's, while a job runs */
} Cli;

typedef enum
{
  FORMAT_TEXT,
  FORMAT_JSON,
  FORMAT_CSV,
  FORMAT_XLSX,
  FORMAT_ODS,
  FORMAT_IOZONE, /* what iozone -a -R prints (the iozone command's) */
  FORMAT_MARKDOWN, /* forum text (share's) */
  FORMAT_BBCODE,
} Format;

#define FORMAT_BIT(f) (1u << (f))

/* The exit statuses a command's help lists. */
typedef enum
{
  CLI_EXIT_RUN = 1 << 0,     /* 1: the run failed (an I/O job, or writing what it measured) */
  CLI_EXIT_FAILED = 1 << 1,  /* 1: failed (a file that could not be read or written) */
  CLI_EXIT_DATA = 1 << 2,    /* 3: data did not read back as written */
  CLI_EXIT_CANCEL = 1 << 3,  /* 130: interrupted */
} CliExits;

typedef struct _CliCommand CliCommand;

/* A command's handler: argv[0] is its name (the program's for the default run). */
typedef int (*CliCommandFunc) (const CliCommand *command, int argc, char **argv);

/* One row of the command table (gdiskmark-cli-commands.c), which drives the dispatch, the usage,
 * `help COMMAND` and the shell completion's list (`help --commands`). */
struct _CliCommand
{
  const char *name;     /* NULL: the default run, which takes no command word */
  const char *synopsis; /* its arguments, like "[TARGET]" (translatable) */
  const char *summary;  /* one line (translatable) */
  guint formats;        /* FORMAT_BITs its output options write; 0: it writes no output */
  guint exits;          /* CliExits beside 0 and 2, which every command has */
  DmkResultKind kind;   /* the scans': which one (the others leave it 0) */
  CliCommandFunc run;
};

/* The output options, the same in every command that writes output (cli_output_add_options);
 * cli_output_parse sets format. */
typedef struct
{
  char *format_name; /* --format */
  gboolean json;     /* --json */
  char *output;      /* --output; NULL or "-": standard output */
  gboolean quiet;    /* --quiet */
  gboolean share;    /* --share: the result through the privacy filter (the default run's) */
  const CliCommand *command;
  Format format;
} CliOutput;

/* The run options that the grid, the scans, iozone and the capacity check share, parsed into
 * these by GOption; each command's entries say which of them it takes. */
typedef struct
{
  char *mode, *data, *engine, *size, *score, *comment;
  /* G_MININT means "not given", so that any number a user types, -1 too, is validated. */
  int passes, time, interval, warmup;
  gboolean buffered, poll, until_stable, allow_write_device, allow_stacked_loop, no_history;
} CliIo;

#define CLI_IO_INIT                                                                                \
  {                                                                                                \
    .passes = G_MININT, .time = G_MININT, .interval = G_MININT, .warmup = G_MININT                 \
  }

/* ---- gdiskmark-cli-commands.c ---- */

/* Runs the command argv names (or the default run); returns the exit status. */
int cli_dispatch (int argc, char **argv);
/* The option context of command: its usage line from the table, description (may be NULL) and
 * then the exit statuses the command has; the program's name becomes "gdiskmark-cli NAME". */
GOptionContext *cli_context_new (const CliCommand *command, const char *description);
/* Parses the command line; bad usage ends the program. "help" or "--help" among the arguments
 * prints the command's help and exits: neither is ever taken for a target or a file. */
void cli_parse (GOptionContext *ctx, int *argc, char ***argv);

/* ---- gdiskmark-cli-output.c ---- */

/* Adds --format/-f, --json/-j, --output/-o and --quiet/-q for command (its formats) into out. */
void cli_output_add_options (GOptionContext *ctx, CliOutput *out, const CliCommand *command);
/* The format asked for with --format/--json, or told by --output's extension, into out->format;
 * one the command does not write is a usage error. */
void cli_output_parse (CliOutput *out);
/* Whether --output can be written (a regular file or none yet, in a writable folder); says why
 * not. */
gboolean cli_output_check (const CliOutput *out);
/* Writes text to --output, or stdout; on failure prints it and says why. */
gboolean cli_output_write (const CliOutput *out, const char *text);
/* Whether the output goes to standard output. */
gboolean cli_output_is_stdout (const CliOutput *out);
/* Whether out's format is a spreadsheet's (xlsx, ods), and which. */
gboolean cli_output_sheet_format (const CliOutput *out, DmkSheetFormat *format);
/* Writes result in out's format (a spreadsheet too) to --output or stdout; on failure prints it
 * as text and says why. */
gboolean cli_output_result (const CliOutput *out, DmkResult *result);
/* Writes the result in out's format and its warnings on stderr, and adds a finished run to the
 * history unless no_history; returns the exit status. */
int report_result (const Cli *cli, const CliOutput *out, gboolean no_history);

/* ---- gdiskmark-cli-common.c: the privacy filter as --share and share use it ---- */

/* The privacy filter's context for result here: this machine's home, user and host, and the
 * serial or WWN of the drive beneath the result's target where it is on this machine. */
typedef struct
{
  DmkShareContext context;
  char *serial, *wwn;
} CliShareContext;

void cli_share_context (const DmkResult *result, CliShareContext *c);
void cli_share_context_clear (CliShareContext *c);
/* result through the filter with that context, keeping keep; with tell, what was left out is
 * said on stderr. */
DmkResult *cli_share_redact (DmkResult *result, DmkShareKeep keep, gboolean tell);

/* ---- gdiskmark-cli-common.c ---- */

void init_i18n (void);
/* g_print and g_printerr with control and bidi characters escaped (dmk_text_escape_controls). */
void init_terminal (void);
void die_usage (const char *format, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
guint non_negative (const char *option, int value);
void clear_progress (Cli *cli);
/* The Cli of a job: its main loop and cancellable, and progress unless --quiet or stderr is no
 * terminal. cli_clear frees them. */
void cli_init (Cli *cli, const CliOutput *out);
void cli_clear (Cli *cli);
/* While a job runs, Ctrl+C and SIGTERM stop it (its cancellable) and what it measured is kept;
 * once it has ended they end the program at once again, so that nothing after it (saving to
 * the history) can outlive a kill. */
void catch_stop_signals (Cli *cli);
void release_stop_signals (Cli *cli);
/* --data, --engine, --size, --passes, --time, --buffered and --allow-write-device into s; bad
 * values end the program with a usage error. */
/* Every result in the files argv[1…argc-1], in their order (fio --client's output holds one
 * per host); NULL when one cannot be read, having said why. */
GPtrArray *cli_load_results (int argc, char **argv);
void parse_io_options (const CliIo *io, DmkSettings *s);
/* The consent --allow-write-device gives: to the block device target as it is now, into *out
 * (clear it after); FALSE when there is none (no --allow-write-device, or a folder). named says
 * the user named target on the command line: a device that only a job file's filename= names
 * gets no consent (the run ends with a usage error saying so). */
gboolean cli_write_consent (const CliIo *io, const char *target, gboolean named,
                            DmkDeviceIdentity *out);
/* Exit status after a run that gave no result, having said why. */
int report_failure (const Cli *cli);
/* Terminal columns text takes: CJK characters take two, combining marks none. */
glong cli_display_width (const char *text);

/* How long a write to the history waits for another process ($GDISKMARK_HISTORY_BUSY_MS). */
int history_busy_ms (void);

/* ---- the commands' handlers ---- */

int run_main (const CliCommand *command, int argc, char **argv);      /* the default run */
int compare_main (const CliCommand *command, int argc, char **argv);  /* compare */
int history_main (const CliCommand *command, int argc, char **argv);  /* history */
int devices_main (const CliCommand *command, int argc, char **argv);  /* devices */
int targets_main (const CliCommand *command, int argc, char **argv);  /* targets */
int capacity_main (const CliCommand *command, int argc, char **argv); /* capacity */
int iozone_main (const CliCommand *command, int argc, char **argv);   /* iozone */
int scan_main (const CliCommand *command, int argc, char **argv); /* sustained, sweep, surface */
int share_main (const CliCommand *command, int argc, char **argv);    /* share */
