/* dmk-fio-job.c: a fio job file read as GDiskMark's tests: its sections, what every job must
 * share, and how fio's defaults differ from GDiskMark's. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-file.h"
#include "dmk-fio-private.h"

/* Whether the jobs are the built-in profile pr's tests, in any order. A profile with its own
 * timing (the Flash profile: the default tests at 1 s) counts only for jobs that keep it. */
static gboolean
profile_matches (const DmkProfile *pr, const DmkSettings *settings, GArray *jobs)
{
  g_autoptr (GArray) plan = NULL;
  DmkSettings s = *settings;
  guint matched = 0;

  if (pr->measure_s > 0 && settings->measure_s != pr->measure_s)
    return FALSE;
  s.profile = (char *) pr->id;
  plan = dmk_runner_plan (&s, NULL, NULL);
  if (plan == NULL || plan->len != jobs->len)
    return FALSE;
  for (guint i = 0; i < plan->len; i++)
    for (guint j = 0; j < jobs->len; j++)
      {
        const DmkJob *a = &g_array_index (plan, DmkJob, i);
        const DmkJob *b = &g_array_index (jobs, DmkJob, j);
        if (a->direction == b->direction && dmk_test_spec_equal (&a->spec, &b->spec))
          {
            matched++;
            break;
          }
      }
  return matched == jobs->len;
}

/* The built-in profile whose tests the jobs are (crystaldiskmark.fio is the classic profile), so
 * that the result and its report name it; one whose own timing the jobs keep comes first. */
static void
match_profile (DmkSettings *settings, GArray *jobs)
{
  for (guint timed = 2; timed-- > 0;)
    for (const DmkProfile *pr = dmk_profiles (); pr->id != NULL; pr++)
      if ((pr->measure_s > 0) == (timed == 1) && profile_matches (pr, settings, jobs))
        {
          g_free (settings->profile);
          settings->profile = g_strdup (pr->id);
          return;
        }
}

/* Takes a value from the job's own section, else from [global]. */
#define PICK(f) (sec->f != -1 ? sec->f : global->f)
#define LINE(f) (sec->f ? sec->f : global->f)

/* What every job of the file must agree on, GDiskMark running all tests with one of each. */
typedef struct
{
  gint64 size, runtime, ramp, loops, direct, engine, data, mix;
  guint size_at;
  gboolean time_based, engine_given;
  const char *filename, *directory;
} Shared;

static gboolean
same_for_all (Parser *p, gint64 *have, gint64 value, guint line, const char *key)
{
  if (value == -1)
    return TRUE;
  if (*have != -1 && *have != value)
    {
      p->line = line;
      return _dmk_fio_fail (p,
                            _("%s differs from an earlier job’s: GDiskMark runs all tests with "
                              "one %s"),
                            key, key);
    }
  *have = value;
  return TRUE;
}

/* The job's size (sequential threads in slices, offset_increment = size, cover size ×
 * numjobs), checked against the other jobs'. */
static gboolean
shared_size (Parser *p, Section *global, Section *sec, Shared *sh, const DmkJob *j)
{
  gint64 inc = PICK (offset_increment), sz = PICK (size);

  if (sz == -1)
    return inc == -1 || _dmk_fio_fail (p, _("job “%s”: offset_increment needs a size"),
                                       sec->name);
  if (inc != -1 && inc != sz)
    return _dmk_fio_fail (p,
                          _("job “%s”: offset_increment must equal size (each thread its own "
                            "slice), or be left out"),
                          sec->name);
  sh->size_at = LINE (size_line);
  if (inc != -1 && j->spec.pattern != DMK_PATTERN_RANDOM)
    {
      guint64 whole;

      /* A product that wraps could land on any size, 16 MiB among them: checked. */
      if (!g_uint64_checked_mul (&whole, (guint64) sz, j->spec.threads) ||
          whole > (guint64) DMK_SIZE_MAX)
        {
          g_autofree char *most = dmk_format_size (DMK_SIZE_MAX);
          /* Apart: a msgid cannot hold G_GINT64_FORMAT. */
          g_autofree char *bytes = g_strdup_printf ("%" G_GINT64_FORMAT, sz);

          p->line = sh->size_at;
          /* TRANSLATORS: "job “seq”: size × numjobs (4294967296 bytes × 16) is more than the
           * 64 GiB GDiskMark tests at most" */
          return _dmk_fio_fail (p,
                                _("job “%s”: size × numjobs (%s bytes × %u) is more than the %s "
                                  "GDiskMark tests at most"),
                                sec->name, bytes, j->spec.threads, most);
        }
      sz = (gint64) whole;
    }
  return same_for_all (p, &sh->size, sz, sh->size_at, "size");
}

static gboolean
shared_options (Parser *p, Section *global, Section *sec, Shared *sh, const DmkJob *j)
{
  if (!shared_size (p, global, sec, sh, j) ||
      !same_for_all (p, &sh->runtime, PICK (runtime), LINE (runtime_line), "runtime") ||
      !same_for_all (p, &sh->ramp, PICK (ramp), LINE (ramp_line), "ramp_time") ||
      !same_for_all (p, &sh->loops, PICK (loops), LINE (loops_line), "loops") ||
      /* A job that says nothing has fio's default (buffered, psync), not the others' value. */
      !same_for_all (p, &sh->direct, PICK (direct) != -1 ? PICK (direct) : 0, LINE (direct_line),
                     "direct") ||
      !same_for_all (p, &sh->data, PICK (data), LINE (data_line), "buffer data"))
    return FALSE;
  /* fio's default mix is 50 % reads. */
  if (j->direction == DMK_DIRECTION_MIX &&
      !same_for_all (p, &sh->mix, PICK (rwmixread) != -1 ? PICK (rwmixread) : 50,
                     LINE (mix_line), "rwmixread"))
    return FALSE;
  sh->time_based |= sec->time_based;
  sh->engine_given |= PICK (engine) != -1;
  /* Jobs may name different engines (GDiskMark's own export does, on a loop device): each test
   * runs on its job's, the first job's is the run's. */
  if (sh->engine == -1)
    sh->engine = PICK (engine) != -1 ? PICK (engine) : DMK_ENGINE_PSYNC;
  return TRUE;
}

/* Every job must test the same target: the first job's decides. */
static gboolean
shared_target (Parser *p, Section *global, Section *sec, Shared *sh, gboolean first)
{
  const char *f = sec->filename != NULL ? sec->filename : global->filename;
  const char *d = sec->directory != NULL ? sec->directory : global->directory;

  if (!first && (g_strcmp0 (f, sh->filename) != 0 || g_strcmp0 (d, sh->directory) != 0))
    {
      p->line = sec->target_line;
      return _dmk_fio_fail (p,
                            _("job “%s” names another file: GDiskMark tests one target at a "
                              "time"),
                            sec->name);
    }
  sh->filename = f;
  sh->directory = d;
  return TRUE;
}

/* fio's default engine is psync, and it caps a synchronous engine's depth at 1 ("note: both
 * iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1"). */
static void
cap_sync_depth (Parser *p, Section *global, Section *sec, DmkJob *j)
{
  gint64 engine = PICK (engine);

  if ((engine != -1 && engine != DMK_ENGINE_PSYNC) || j->spec.queue_depth <= 1)
    return;
  g_ptr_array_add (p->job->notes,
                   g_strdup_printf (_("job “%s” runs at queue depth 1, not its iodepth=%u, as fio "
                                      "runs it: %s does one I/O at a time"),
                                    sec->name, j->spec.queue_depth,
                                    engine == -1 ? _("psync, fio’s default engine,") : "psync"));
  j->spec.queue_depth = 1;
}

/* rw=read:GAP: a strided test when the gap is whole records (GDiskMark's stride S reads one
 * record and skips S-1). */
static gboolean
strided_spec (Parser *p, const Section *rw, const char *name, DmkTestSpec *spec)
{
  if (spec->pattern != DMK_PATTERN_STRIDED)
    return TRUE;
  p->line = rw->rw_line;
  if (rw->gap % spec->block_size != 0 || rw->gap / spec->block_size + 1 > DMK_SPEC_MAX_STRIDE)
    return _dmk_fio_fail (p,
                          _("job “%s”: the gap after rw= must be a whole number of blocks (bs), "
                            "fewer than %u"),
                          name, DMK_SPEC_MAX_STRIDE);
  spec->stride = (guint) (rw->gap / spec->block_size + 1);
  return TRUE;
}

static gboolean
add_job (Parser *p, Section *global, Section *sec, Shared *sh, gboolean first)
{
  DmkJob j = { 0 };

  p->line = sec->line;
  if (PICK (direction) == -1)
    return _dmk_fio_fail (p,
                          _("job “%s” says no rw= (read, write, randread, randwrite, rw or "
                            "randrw)"),
                          sec->name);
  j.direction = (DmkDirection) PICK (direction);
  j.spec.pattern = (DmkPattern) PICK (pattern);
  j.spec.block_size = PICK (bs) != -1 ? (guint32) PICK (bs) : 4096; /* fio's default bs */
  j.spec.queue_depth = PICK (iodepth) != -1 ? (guint) PICK (iodepth) : 1;
  j.spec.threads = PICK (numjobs) != -1 ? (guint) PICK (numjobs) : 1;
  if (!strided_spec (p, sec->direction != -1 ? sec : global, sec->name, &j.spec))
    return FALSE;
  if (!shared_options (p, global, sec, sh, &j) || !shared_target (p, global, sec, sh, first))
    return FALSE;
  /* fio starts a job without stonewall together with the jobs before it. */
  if (!first && PICK (stonewall) != 1)
    {
      p->line = sec->line;
      return _dmk_fio_fail (p,
                            _("job “%s” has no stonewall, so fio would run it at the same time "
                              "as the job before it; GDiskMark runs one test at a time: add "
                              "stonewall to it or to [global]"),
                            sec->name);
    }
  cap_sync_depth (p, global, sec, &j);
  j.has_engine = TRUE;
  j.engine = (DmkEngineKind) (PICK (engine) != -1 ? PICK (engine) : DMK_ENGINE_PSYNC);
  g_array_append_val (p->job->jobs, j);
  g_ptr_array_add (p->job->names, g_strdup (sec->name));
  return TRUE;
}

#undef PICK
#undef LINE

/* How long a pass is, and how many: fio's time_based, runtime, ramp_time and loops, or its
 * defaults where the file says nothing (no warm-up, one run). A runtime or ramp_time longer than
 * GDiskMark's longest (fio's examples run 900 s) is shortened to it, and a note says so: the
 * tests stay the file's, only the time they are measured for is shorter, where refusing would
 * leave the user to edit the file to the same end. */
static void
apply_timing (DmkFioJob *job, const Shared *sh)
{
  if (sh->time_based && sh->runtime != -1)
    {
      job->settings.measure_s = (guint) MIN (sh->runtime, (gint64) DMK_MEASURE_MAX);
      job->has_runtime = TRUE;
      if (sh->runtime > DMK_MEASURE_MAX)
        g_ptr_array_add (job->notes,
                         g_strdup_printf (_("each pass lasts %u s, GDiskMark’s longest, where fio "
                                            "would run each job for runtime=%u s"),
                                          DMK_MEASURE_MAX, (guint) sh->runtime));
    }
  else if (!sh->time_based)
    {
      /* fio ends such a job after its size or its runtime, whichever comes first. GDiskMark
       * measures for a time over a test file of that size: its pass time, never longer than
       * the runtime. */
      g_ptr_array_add (job->notes,
                       g_strdup (_("fio would end each job after its size; GDiskMark measures "
                                   "each for its pass time over a test file of that size")));
      if (sh->runtime != -1)
        {
          job->runtime_cap = (guint) MIN (sh->runtime, (gint64) DMK_MEASURE_MAX);
          job->settings.measure_s = MIN (job->settings.measure_s, job->runtime_cap);
          /* TRANSLATORS: "runtime=60 without time_based only limits each job (fio ends it after
           * its size or 60 s, whichever comes first): GDiskMark measures each pass for its pass
           * time, at most 60 s" */
          g_ptr_array_add (job->notes,
                           g_strdup_printf (_("runtime=%u without time_based only limits each "
                                              "job (fio ends it after its size or %u s, "
                                              "whichever comes first): GDiskMark measures each "
                                              "pass for its pass time, at most %u s"),
                                            (guint) sh->runtime, (guint) sh->runtime,
                                            job->runtime_cap));
        }
    }
  job->settings.warmup_s = sh->ramp != -1 ? (int) MIN (sh->ramp, (gint64) DMK_WARMUP_MAX) : 0;
  if (sh->ramp > DMK_WARMUP_MAX)
    g_ptr_array_add (job->notes,
                     g_strdup_printf (_("each test warms up for %u s, GDiskMark’s longest, where "
                                        "fio would ramp each job up for ramp_time=%u s"),
                                      (guint) DMK_WARMUP_MAX, (guint) sh->ramp));
  job->has_ramp = sh->ramp != -1;
  job->settings.passes = sh->loops != -1 ? (guint) sh->loops : 1;
  job->has_loops = sh->loops != -1;
}

static gboolean
apply_shared (Parser *p, const Shared *sh)
{
  DmkFioJob *job = p->job;
  gboolean reads = FALSE, writes = FALSE;

  if (sh->size != -1)
    {
      if (sh->size % (1 << 20) != 0 || sh->size < (gint64) DMK_SIZE_MIN ||
          sh->size > (gint64) DMK_SIZE_MAX)
        {
          p->line = sh->size_at;
          return _dmk_fio_fail (p, _("size: GDiskMark tests a whole number of MiB from 16 MiB "
                                     "to 64 GiB"));
        }
      job->settings.size_bytes = (guint64) sh->size;
      job->has_size = TRUE;
    }
  apply_timing (job, sh);
  /* fio's default is buffered I/O; GDiskMark's is direct. The file decides. */
  job->settings.direct = sh->direct == 1;
  job->has_direct = TRUE;
  /* Without ioengine, fio's default (psync): the run fio would do. */
  job->settings.engine = (DmkEngineKind) sh->engine;
  job->settings.engine_asked = TRUE; /* the file's, or fio's default: what fio would run */
  {
    /* A job keeps its own engine only where the file's jobs differ; else the run's engine is
     * the file's (and --engine may still replace it). */
    gboolean differ = FALSE;

    for (guint i = 0; i < job->jobs->len; i++)
      differ |= g_array_index (job->jobs, DmkJob, i).engine != job->settings.engine;
    for (guint i = 0; !differ && i < job->jobs->len; i++)
      g_array_index (job->jobs, DmkJob, i).has_engine = FALSE;
  }
  job->has_engine = sh->engine_given;
  if (sh->data != -1)
    job->settings.data = (DmkData) sh->data;
  job->settings.mix_read_percent = sh->mix != -1 ? (guint) sh->mix : 0;
  g_free (job->settings.profile);
  job->settings.profile = g_strdup (DMK_PROFILE_CUSTOM);
  for (guint i = 0; i < job->jobs->len; i++)
    {
      DmkDirection d = g_array_index (job->jobs, DmkJob, i).direction;
      reads |= d == DMK_DIRECTION_READ;
      writes |= d != DMK_DIRECTION_READ;
    }
  job->settings.mode = reads && writes ? DMK_MODE_READ_WRITE
                       : writes        ? DMK_MODE_WRITE
                                       : DMK_MODE_READ;
  match_profile (&job->settings, job->jobs);
  return TRUE;
}

/* The target the jobs name, if any: a block device or a folder as it is; a file's folder, since
 * fio would write a file of that name and GDiskMark never touches a named file. */
static void
choose_target (DmkFioJob *job, const char *filename, const char *directory)
{
  if (filename != NULL && g_path_is_absolute (filename))
    job->target = g_strdup (filename);
  else if (filename != NULL && directory != NULL)
    job->target = g_build_filename (directory, filename, NULL);
  else if (directory != NULL)
    job->target = g_strdup (directory);
  else if (filename != NULL)
    job->target = g_strdup (filename);
  if (job->target != NULL && !_dmk_fio_is_block_device (job->target) &&
      !g_file_test (job->target, G_FILE_TEST_IS_DIR))
    {
      char *dir = g_path_get_dirname (job->target);
      job->target_note = g_strdup_printf (_("GDiskMark tests in %s with its own hidden file, not "
                                            "with %s"),
                                          dir, job->target);
      g_free (job->target);
      job->target = dir;
    }
}

static gboolean
finish (Parser *p, Section *global, GArray *sections)
{
  Shared sh = { -1, -1, -1, -1, -1, -1, -1, -1, 0, global->time_based, FALSE, global->filename,
                global->directory };

  if (sections->len == 0)
    {
      p->line = global->line;
      return _dmk_fio_fail (p, _("the file has no job: add a section like [Seq-Read] with "
                                 "rw=read"));
    }
  for (guint i = 0; i < sections->len; i++)
    if (!add_job (p, global, &g_array_index (sections, Section, i), &sh, i == 0))
      return FALSE;
  if (!apply_shared (p, &sh))
    return FALSE;
  choose_target (p->job, sh.filename, sh.directory);
  if (p->ignored->len > 0)
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (p->ignored, NULL);
      names = g_strjoinv (", ", (char **) p->ignored->pdata);
      g_ptr_array_remove_index (p->ignored, p->ignored->len - 1);
      /* TRANSLATORS: "GDiskMark runs the job without what changes only fio’s own reports, logs,
       * clocks, random numbers or file layout, not the I/O: clat_percentiles, gtod_reduce" */
      g_ptr_array_add (p->job->notes,
                       g_strdup_printf (_("GDiskMark runs the job without what changes only "
                                          "fio’s own reports, logs, clocks, random numbers or "
                                          "file layout, not the I/O: %s"),
                                        names));
    }
  return TRUE;
}

/* A section header "[name]": [global] only before the first job. */
static gboolean
parse_header (Parser *p, char *line, Section **cur, Section *global, GArray *sections)
{
  char *close = strchr (line, ']');
  Section s;

  if (close == NULL || close[1] != '\0' || close == line + 1)
    return _dmk_fio_fail (p, _("“%s” is not a section header: write it like [Seq-Read]"), line);
  *close = '\0';
  if (strcmp (line + 1, "global") == 0)
    {
      if (sections->len > 0)
        return _dmk_fio_fail (p, _("[global] must come before the first job"));
      *cur = global;
      return TRUE;
    }
  if (sections->len >= DMK_FIO_JOB_SECTIONS_MAX)
    return _dmk_fio_fail (p, _("more than %u jobs"), DMK_FIO_JOB_SECTIONS_MAX);
  _dmk_fio_section_init (&s, line + 1, p->line);
  g_array_append_val (sections, s);
  *cur = &g_array_index (sections, Section, sections->len - 1);
  return TRUE;
}

static gboolean
parse_line (Parser *p, char *line, Section **cur, Section *global, GArray *sections)
{
  char *eq;

  if (*line == '\0')
    return TRUE;
  if (*line == '[')
    return parse_header (p, line, cur, global, sections);
  if (g_str_has_prefix (line, "include ") || g_str_has_prefix (line, "include\t"))
    return _dmk_fio_fail (p, _("fio’s “include” is not supported: put the options in this "
                               "file"));
  eq = strchr (line, '=');
  if (eq == NULL)
    return _dmk_fio_set_option (p, *cur, line, NULL);
  *eq = '\0';
  g_strstrip (line);
  return _dmk_fio_set_option (p, *cur, line, g_strstrip (eq + 1));
}

static gboolean
check_text (const char *text, gsize len, const char *name, GError **error)
{
  if (len > DMK_FIO_JOB_FILE_MAX)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("%s is too large to be a fio job file (more than 1 MiB)"), name);
      return FALSE;
    }
  if (memchr (text, '\0', len) != NULL || !g_utf8_validate (text, (gssize) len, NULL))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("%s is not a fio job file: it is not text"), name);
      return FALSE;
    }
  return TRUE;
}

DmkFioJob *
dmk_fio_job_parse (const char *text, gssize length, const char *name, GError **error)
{
  g_autoptr (GPtrArray) ignored = g_ptr_array_new_with_free_func (g_free);
  Parser p = { name != NULL ? name : "job", 0, NULL, error, ignored };
  g_autoptr (GArray) sections = g_array_new (FALSE, TRUE, sizeof (Section));
  g_auto (GStrv) lines = NULL;
  g_autofree char *copy = NULL;
  Section global, *cur = &global;
  gsize len = length < 0 ? strlen (text) : (gsize) length;
  gboolean ok = TRUE;

  if (!check_text (text, len, p.name, error))
    return NULL;
  g_array_set_clear_func (sections, (GDestroyNotify) _dmk_fio_section_clear);
  p.job = g_new0 (DmkFioJob, 1);
  dmk_settings_init_default (&p.job->settings);
  p.job->jobs = g_array_new (FALSE, TRUE, sizeof (DmkJob));
  p.job->names = g_ptr_array_new_with_free_func (g_free);
  p.job->notes = g_ptr_array_new_with_free_func (g_free);
  _dmk_fio_section_init (&global, "global", 1);
  copy = g_strndup (text, len);
  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; ok && lines[i] != NULL; i++)
    {
      /* fio ends a line at its first ; or #: "direct=1 # non-buffered IO" is direct=1. */
      lines[i][strcspn (lines[i], ";#")] = '\0';
      p.line = i + 1;
      ok = parse_line (&p, g_strstrip (lines[i]), &cur, &global, sections);
    }
  if (ok)
    ok = finish (&p, &global, sections);
  _dmk_fio_section_clear (&global);
  if (!ok)
    {
      dmk_fio_job_free (p.job);
      return NULL;
    }
  return p.job;
}

DmkFioJob *
dmk_fio_job_load (const char *path, GError **error)
{
  g_autofree char *name = g_filename_display_name (path);
  g_autofree char *text = NULL;
  DmkFileStatus status;
  gsize len = 0;
  int errsv = 0;

  /* Never blocks on a FIFO, never reads /dev/zero until memory runs out. */
  text = dmk_file_read_regular (path, DMK_FIO_JOB_FILE_MAX, &len, &status, &errsv);
  switch (status)
    {
    case DMK_FILE_READ:
      return dmk_fio_job_parse (text, (gssize) len, name, error);
    case DMK_FILE_OPEN_FAILED:
    case DMK_FILE_READ_FAILED:
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_FOUND, _("Cannot read the fio job “%s”: %s"),
                   name, g_strerror (errsv));
      break;
    case DMK_FILE_FOLDER:
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("“%s” is a folder, not a fio job file"), name);
      break;
    case DMK_FILE_NOT_REGULAR:
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("“%s” is not a fio job file: it is a pipe, a device or a socket, not a "
                     "regular file"),
                   name);
      break;
    case DMK_FILE_TOO_LARGE:
    default:
      g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                   _("%s is too large to be a fio job file (more than 1 MiB)"), name);
      break;
    }
  return NULL;
}

gboolean
dmk_fio_job_settings (const DmkFioJob *job, const DmkFioOverrides *o, DmkSettings *s,
                      GError **error)
{
  g_return_val_if_fail (job != NULL && o != NULL && s != NULL, FALSE);
  dmk_settings_copy (s, &job->settings);
  if (o->has_size && !job->has_size)
    s->size_bytes = o->size_bytes;
  if (o->has_time && !job->has_runtime)
    s->measure_s = job->runtime_cap > 0 ? MIN (o->measure_s, job->runtime_cap) : o->measure_s;
  if (o->has_warmup && !job->has_ramp)
    s->warmup_s = (int) o->warmup_s;
  if (o->has_passes && !job->has_loops)
    s->passes = o->passes;
  if (o->has_engine && !job->has_engine)
    s->engine = o->engine;
  if (o->has_data)
    s->data = o->data;
  if (o->buffered)
    s->direct = FALSE;
  if (o->has_interval)
    s->interval_s = o->interval_s;
  s->poll = o->poll;
  s->allow_write_device = o->allow_write_device;
  return dmk_settings_validate (s, error);
}

void
dmk_fio_job_add_notes (const DmkFioJob *job, const char *target, GPtrArray *warnings)
{
  g_return_if_fail (job != NULL && warnings != NULL);
  for (guint i = 0; i < job->notes->len; i++)
    g_ptr_array_add (warnings, g_strdup_printf (_("fio job: %s"), (char *) job->notes->pdata[i]));
  if (job->target_note != NULL && g_strcmp0 (target, job->target) == 0)
    g_ptr_array_add (warnings, g_strdup_printf (_("fio job: %s"), job->target_note));
}

void
dmk_fio_job_free (DmkFioJob *job)
{
  if (job == NULL)
    return;
  dmk_settings_clear (&job->settings);
  g_clear_pointer (&job->jobs, g_array_unref);
  g_clear_pointer (&job->names, g_ptr_array_unref);
  g_clear_pointer (&job->notes, g_ptr_array_unref);
  g_free (job->target_note);
  g_free (job->target);
  g_free (job);
}

GArray *
dmk_fio_jobs_to_run (GArray *jobs, const DmkTestSpec *row, gboolean reads_only,
                     const char *target, GError **error)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (DmkJob));
  gboolean of_row = FALSE;

  g_return_val_if_fail (jobs != NULL, NULL);
  for (guint i = 0; i < jobs->len; i++)
    {
      const DmkJob *j = &g_array_index (jobs, DmkJob, i);

      if (row != NULL && !dmk_test_spec_equal (row, &j->spec))
        continue;
      of_row = TRUE;
      if (!reads_only || j->direction == DMK_DIRECTION_READ)
        g_array_append_vals (out, j, 1);
    }
  if (out->len > 0)
    return out;
  g_array_unref (out);
  if (!of_row)
    g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                 _("The job has no such test to run"));
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED,
                 _("The job’s tests here all write, and write tests on %s need your consent"),
                 target);
  return NULL;
}
