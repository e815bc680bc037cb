/* gdiskmark-cli.h: what the grid's front end (gdiskmark-cli.c) shares with the scans'
 * subcommands (gdiskmark-cli-scan.c). */
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
} Format;

/* Options that every run takes, parsed into these by GOption. */
extern char *opt_score;
extern char *opt_mode, *opt_data, *opt_engine, *opt_size, *opt_output, *opt_comment, *opt_format;
extern gboolean opt_buffered, opt_allow_write_device, opt_allow_stacked_loop, opt_json, opt_quiet;
extern int opt_passes, opt_time, opt_interval, opt_warmup;
extern gboolean opt_poll, opt_until_stable;
extern gboolean opt_no_history;

void init_i18n (void);
/* g_print and g_printerr with control and bidi characters escaped (see dmk_text_escape_controls). */
void init_terminal (void);
void die_usage (const char *format, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
guint non_negative (const char *option, int value);
void clear_progress (Cli *cli);
/* While a job runs, Ctrl+C and SIGTERM stop it (its cancellable) and what it measured is kept;
 * once it has ended they end the program at once again, so that nothing after it (saving to
 * the history) can outlive a kill. */
void catch_stop_signals (Cli *cli);
void release_stop_signals (Cli *cli);
/* --data, --engine, --size, --passes, --time, --buffered and --allow-write-device into s; bad
 * values end the program with a usage error. */
void parse_io_options (DmkSettings *s);
/* The consent --allow-write-device gives: to the block device target as it is now, into *out
 * (clear it after); FALSE when there is none (no --allow-write-device, or a folder). named says
 * the user named target on the command line: a device that only a job file's filename= names
 * gets no consent (the run ends with a usage error saying so). */
gboolean cli_write_consent (const char *target, gboolean named, DmkDeviceIdentity *out);
/* The format asked for with --format/--json, or told by --output's extension. */
Format parse_format (gboolean allow_json);
gboolean check_output_writable (const char *path);
/* Writes to --output, or stdout; on failure prints it and says why. */
gboolean write_output (const char *text);
/* Exit status after a run that gave no result, having said why. */
int report_failure (const Cli *cli);
/* Writes the result in format and its warnings on stderr, and adds a finished run to the
 * history unless --no-history; returns the exit status. */
int report_result (const Cli *cli, Format format);

/* How long a write to the history waits for another process ($GDISKMARK_HISTORY_BUSY_MS). */
int history_busy_ms (void);
/* gdiskmark-cli history [DRIVE], history import|delete|show */
int history_main (int argc, char **argv);

/* gdiskmark-cli devices, gdiskmark-cli targets */
int devices_main (int argc, char **argv);
int targets_main (int argc, char **argv);

/* gdiskmark-cli capacity */
int capacity_main (int argc, char **argv);

/* gdiskmark-cli iozone */
int iozone_main (int argc, char **argv);

/* gdiskmark-cli sustained|sweep|surface */
int scan_main (DmkResultKind kind, int argc, char **argv);
