/* dmk-run-controller.h: one run at a time in a window, of any kind (the grid, a sweep, a
 * sustained write, a surface scan), off the main thread: runner, cancellable, suspend inhibit,
 * phase, and the last result or error. No widgets. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_RUN_CONTROLLER (dmk_run_controller_get_type ())
G_DECLARE_FINAL_TYPE (DmkRunController, dmk_run_controller, DMK, RUN_CONTROLLER, GObject)

/* window (may be NULL) is what the suspend inhibit is for, through its application. */
DmkRunController *dmk_run_controller_new (GtkWindow *window);

/* What to run: the grid's planned jobs (dmk_runner_plan), a sweep's specs, or a scan's
 * options (kind DMK_KIND_SUSTAINED or DMK_KIND_SURFACE). */
typedef struct
{
  DmkResultKind kind;
  const char *path;
  const DmkSettings *settings;
  GArray *jobs;                  /* DMK_KIND_GRID */
  GArray *specs;                 /* DMK_KIND_SWEEP */
  const DmkScanOptions *scan;    /* DMK_KIND_SUSTAINED, DMK_KIND_SURFACE */
  const char *comment;
} DmkRunRequest;

/* Starts the run request asks for. FALSE with error when there is a run already or nothing to
 * run; nothing changes then. Progress arrives through "progress" in the caller's main context,
 * the end through "finished". */
gboolean dmk_run_controller_start (DmkRunController *self, const DmkRunRequest *request,
                                   GError **error);
/* The device writes were allowed on (NULL: none): each run started after this refuses to write
 * to a block device whose open fd reaches another one. Copied. */
void dmk_run_controller_set_write_consent (DmkRunController *self,
                                           const DmkDeviceIdentity *identity);
/* Asks the run to stop; the runner answers within about 100 ms, then "finished" is emitted. */
void dmk_run_controller_stop (DmkRunController *self);

/* Properties "running", "stopping", "phase" and "kind" (of the current or last run). */
gboolean dmk_run_controller_get_running (DmkRunController *self);
DmkResultKind dmk_run_controller_get_kind (DmkRunController *self);
gboolean dmk_run_controller_get_stopping (DmkRunController *self);
/* The last DmkPhase seen in the current run, or -1 outside a run. */
int dmk_run_controller_get_phase (DmkRunController *self);
const char *dmk_run_controller_get_path (DmkRunController *self);
double dmk_run_controller_get_elapsed (DmkRunController *self);

/* After "finished": what the last run gave. A run that was stopped or failed after finishing
 * some tests gives those, with an "interrupted" warning, and its error too. NULL when no test
 * finished. */
DmkResult *dmk_run_controller_get_result (DmkRunController *self);
/* NULL when the run finished every test; G_IO_ERROR_CANCELLED when it was stopped. */
const GError *dmk_run_controller_get_error (DmkRunController *self);

G_END_DECLS
