/* dmk-run-controller.h: one long job at a time in a window, off the main thread: a run of any
 * kind (the grid, a sweep, a sustained write, a surface scan), a capacity check or an iozone
 * sweep. It holds the job's cancellable (Stop), the suspend inhibit, the phase, and the last
 * result or error; the window asks before closing while it runs. No widgets. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_RUN_CONTROLLER (dmk_run_controller_get_type ())
G_DECLARE_FINAL_TYPE (DmkRunController, dmk_run_controller, DMK, RUN_CONTROLLER, GObject)

/* What a controller runs. */
typedef enum
{
  DMK_RUN_JOB_RUN,      /* a run of the runner: get_kind says which */
  DMK_RUN_JOB_CAPACITY, /* a capacity check (dmk-capacity.h) */
  DMK_RUN_JOB_IOZONE,   /* an iozone sweep (dmk-iozone-sweep.h) */
} DmkRunJob;

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
/* A capacity check of path (dmk_capacity_check_async); consent is the device the user gave the
 * check (its own question), NULL for a folder. Its progress arrives through
 * "capacity-progress", the end through "finished" (the report in get_capacity_report). FALSE
 * with error when a job runs already. */
gboolean dmk_run_controller_start_capacity (DmkRunController *self, const char *path,
                                            const DmkSettings *settings,
                                            const DmkDeviceIdentity *consent, GError **error);
/* The iozone sweep's run on path with settings (the sweep posts its own progress); consent is
 * the device its write operations may reach (NULL: none, they are refused on a device). The end
 * through "finished". FALSE with error when a job runs already. */
gboolean dmk_run_controller_start_iozone (DmkRunController *self, DmkIozoneSweep *sweep,
                                          const char *path, const DmkSettings *settings,
                                          const DmkDeviceIdentity *consent, GError **error);
/* The device writes were allowed on (NULL: none): each run started after this refuses to write
 * to a block device whose open fd reaches another one. Copied. */
void dmk_run_controller_set_write_consent (DmkRunController *self,
                                           const DmkDeviceIdentity *identity);
/* Asks the run to stop; the runner answers within about 100 ms, then "finished" is emitted. */
void dmk_run_controller_stop (DmkRunController *self);

/* Properties "running", "stopping", "phase", "job" (the current or last job) and "kind" (of the
 * current or last run). */
DmkRunJob dmk_run_controller_get_job (DmkRunController *self);
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
/* NULL when the job finished; G_IO_ERROR_CANCELLED when it was stopped. */
const GError *dmk_run_controller_get_error (DmkRunController *self);
/* After a capacity check's "finished": its report, or NULL when it failed or was stopped. */
const DmkCapacityReport *dmk_run_controller_get_capacity_report (DmkRunController *self);

G_END_DECLS
