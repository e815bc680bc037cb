/* dmk-test-fio.h: what the fio job tests share (test-fio-export.c, test-fio-import-jobs.c,
 * test-fio-cli.c). */
#pragma once

#include <glib.h>

/* examples/crystaldiskmark.fio in the source tree. */
char *example_job (void);

/* Asserts that two arrays of DmkJob hold the same tests in the same directions. */
void assert_same_jobs (GArray *a, GArray *b);

/* A job as people write it (the options of public CrystalDiskMark-like jobs): two tests, with
 * options that change only fio's reports, logs, clocks, random numbers or start, and options at
 * fio's defaults. */
extern const char wild_job[];
