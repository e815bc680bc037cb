/* dmk-test-scan.h: what the scan tests share (test-scan*.c). */
#pragma once

#include "dmk-core.h"

#define MIB ((guint64) 1 << 20)

typedef struct
{
  GMainLoop *loop;
  DmkResult *result;
  DmkResult *partial;
  GError *error;
  guint n_measure;
  guint64 last_bytes_done;
  double last_position;
  GCancellable *cancel_on_measure;
  char *fill_dir; /* fill this folder's free space at the first progress */
  guint64 fill_leave;
  DmkResult *(*finish) (DmkRunner *, GAsyncResult *, DmkResult **, GError **);
} Run;

/* Runs a scan on path to its end in this thread's main loop: the sweep of sweep_specs when not
 * NULL, else the sustained write or surface scan that o names. */
void run_scan (Run *run, const char *path, const DmkSettings *s, const DmkScanOptions *o,
               GArray *sweep_specs);
void run_clear (Run *run);
/* The default settings with one pass of 1 s and no interval. */
void settings_for_scan (DmkSettings *s);
/* r through JSON and back, of the same kind. */
DmkResult *json_round_trip (DmkResult *r);
/* The most bytes one interval of the series holds. */
guint64 fullest_interval (const GArray *series);
/* The free space of dir's filesystem for an unprivileged user. */
guint64 free_bytes (const char *dir);
