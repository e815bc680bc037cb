/* dmk-describe.h: sentences about tests, devices and a run's progress, for every front end. */
#pragma once

#include <glib.h>

#include "dmk-runner.h"
#include "dmk-spec.h"

G_BEGIN_DECLS

/* "Sequential 1 MiB, queue 8, 1 thread, read": how a screen reader names a test. Translated. */
char *dmk_describe_test (const DmkTestSpec *spec, DmkDirection direction);

/* The status line for p: "Preparing the test file, 40%", "SEQ1M Q8T1 Read, pass 2/5", …
 * Translated. NULL for a phase with nothing new to say (a pass or a test ended: the numbers
 * show it). */
char *dmk_progress_describe (const DmkProgress *p);

/* What a scan found, in a sentence or two for people: "3.00 GiB written at 950.30 MB/s on
 * average. Cache cliff after …"; NULL for a grid or a scan without numbers. Translated. */
char *dmk_describe_scan_result (const DmkResult *result);

/* A result's date for people: "30 Nov 2026, 18:09" in local time and the user's language.
 * iso8601 itself when it is not an ISO 8601 date, "?" when it is NULL or empty. */
char *dmk_format_date_human (const char *iso8601);

G_END_DECLS
