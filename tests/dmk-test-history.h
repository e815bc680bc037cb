/* dmk-test-history.h: what the history tests share (test-history*.c but the CLI's). */
#pragma once

#include "dmk-core.h"

extern char *scratch; /* this run's folder; XDG_DATA_HOME and TMPDIR point inside it */

/* A new folder name under scratch. */
char *fresh_dir (const char *name);

/* A grid result on a made-up drive whose SEQ1M Q1T1 read passes are rates. Each is a run of its
 * own, a second after the one made before it: the store keeps a run once (issue 47). */
DmkResult *make_result (const char *model, const double *rates, guint n);

/* How many entries the store at path lists. */
guint count_entries (const char *path);

/* g_test_init, then this run's scratch folder, with XDG_DATA_HOME and TMPDIR inside it. */
void dmk_test_history_init (int *argc, char ***argv);

/* g_test_run, then the scratch folder removed when every test passed (else kept to look at). */
int dmk_test_history_run (void);
