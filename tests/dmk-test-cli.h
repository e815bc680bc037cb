/* dmk-test-cli.h: running gdiskmark-cli as a user does, for the CLI's tests. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

extern const char *cli_path; /* the program under test ($GDISKMARK_CLI) */
extern const char *cli_cwd;  /* where run_cli runs the CLI; NULL: here */

typedef struct
{
  int status; /* exit code, or 128 + signal */
  char *out;
  char *err;
  long maxrss_kib;
} CliRun;

void cli_run_clear (CliRun *r);
/* Runs the CLI with args (NULL-terminated, without the program) and env_extra (name, value
 * pairs), capturing its output and peak RSS. */
void run_cli (CliRun *r, const char *const *args, const char *const *env_extra);
/* What the CLI prints for args, which it must run with exit status 0. */
char *cli_output (const char *const *args);
/* The CLI fails args with status, one line on stderr naming needle, nothing on stdout. */
void expect_failure (const char *const *args, int status, const char *needle);
void assert_dir_empty (const char *dir);
guint count_lines (const char *s);

G_END_DECLS
