/* dmk-fio.h: fio job files out (what a run does, for fio to do the same) and in (the subset of
 * fio's options that describes these tests, run by GDiskMark). */
#pragma once

#include <glib.h>

#include "dmk-runner.h"
#include "dmk-spec.h"

G_BEGIN_DECLS

/* The job file that makes fio run jobs (from dmk_runner_plan) with settings on target, a
 * directory or a block device: one [global] section, one section per job, stonewall between
 * them. Write jobs on a block device need settings->allow_write_device, as runs do. */
char *dmk_fio_job_export (const DmkSettings *settings, GArray *jobs, const char *target,
                          GError **error);

/* The same test as one fio command line. */
char *dmk_fio_command (const DmkSettings *settings, const DmkJob *job, const char *target);

typedef struct
{
  DmkSettings settings; /* what the file says; the rest as dmk_settings_init_default () */
  GArray *jobs;         /* DmkJob, in the file's order */
  GPtrArray *names;     /* each job's section name */
  char *target;         /* from filename= or directory=; NULL when the file names none */
  GPtrArray *notes;     /* where GDiskMark runs the file differently from fio, for the result */
  char *target_note;    /* the same about target itself: for a run on target only, or NULL */
  /* What the file set, so that command-line options fill in only the rest. */
  gboolean has_size, has_runtime, has_ramp, has_loops, has_engine, has_direct;
  guint runtime_cap; /* a job that is not time_based: fio's runtime, the longest a pass may be */
} DmkFioJob;

/* The notes of a run of job on target as the result's warnings ("fio job: …"): target_note only
 * when target is the job's own, not a target the command line or the window chose instead. */
void dmk_fio_job_add_notes (const DmkFioJob *job, const char *target, GPtrArray *warnings);

/* Parses a job file's text. name is the file's name in error messages ("job.fio:12: …"). */
DmkFioJob *dmk_fio_job_parse (const char *text, gssize length, const char *name,
                              GError **error);
DmkFioJob *dmk_fio_job_load (const char *path, GError **error);
void dmk_fio_job_free (DmkFioJob *job);

/* What a front end may change in a job's run: the options the file leaves out (has_* set where
 * given; the file's own value wins where it has one), and what a file cannot say. */
typedef struct
{
  gboolean has_size, has_time, has_warmup, has_passes, has_engine, has_data, has_interval;
  guint64 size_bytes;
  guint measure_s;
  guint warmup_s;
  guint passes;
  DmkEngineKind engine;
  DmkData data;
  guint interval_s;
  gboolean buffered; /* forces buffered I/O */
  gboolean poll;
  gboolean allow_write_device;
} DmkFioOverrides;

/* The settings job runs with: the file's, fio's defaults where they differ from GDiskMark's (no
 * warm-up, one pass, buffered I/O), then the overrides, the runtime cap kept. The one place they
 * are checked: FALSE with a DMK_ERROR naming what is out of range. */
gboolean dmk_fio_job_settings (const DmkFioJob *job, const DmkFioOverrides *overrides,
                               DmkSettings *out, GError **error);
/* The one place a job file's run (and its export) is planned: the jobs of jobs (a file's, or
 * dmk_runner_plan's) that run, in order: those of row only (NULL: all), and with reads_only (a
 * block device whose writes were not allowed) the read tests only. NULL with
 * DMK_ERROR_WRITE_NOT_ALLOWED, naming target, when reads_only leaves none; with
 * DMK_ERROR_INVALID_ARGUMENT when row leaves none. */
GArray *dmk_fio_jobs_to_run (GArray *jobs, const DmkTestSpec *row, gboolean reads_only,
                             const char *target, GError **error);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkFioJob, dmk_fio_job_free)

G_END_DECLS
