/* dmk-iozone-sweep.c: iozone -a's loop over file sizes, chained in the caller's main context:
 * each file size is one DmkRunner run (a worker thread) of the records that fit it. */
#include "config.h"

#include "dmk-iozone-sweep.h"

struct _DmkIozoneSweep
{
  GObject parent_instance;

  DmkIozoneTable *table;
  DmkIozoneProgressFunc progress;
  gpointer progress_data;
  GDestroyNotify progress_destroy;
  const DmkFdProvider *const *providers;
  DmkDeviceIdentity consent;
  gboolean has_consent;

  /* While running: the task, its settings and where it is. */
  GTask *task;
  char *path;
  char *comment;
  DmkSettings settings;
  guint file;
  guint n_done;
  double *weights; /* each file size's share of the sweep's bytes */
  double within;   /* the share of the running file size done: it never goes back */
  GPtrArray *warnings;
};

G_DEFINE_FINAL_TYPE (DmkIozoneSweep, dmk_iozone_sweep, G_TYPE_OBJECT)

void
dmk_iozone_settings_apply (DmkSettings *s)
{
  g_return_if_fail (s != NULL);
  g_free (s->profile);
  s->profile = g_strdup (DMK_PROFILE_CUSTOM);
  s->reread = TRUE;
  s->interval_s = 0;
  s->passes = 2;
}

static void
dmk_iozone_sweep_finalize (GObject *object)
{
  DmkIozoneSweep *self = DMK_IOZONE_SWEEP (object);

  if (self->progress_destroy != NULL)
    self->progress_destroy (self->progress_data);
  dmk_iozone_table_free (self->table);
  dmk_device_identity_clear (&self->consent);
  g_free (self->path);
  g_free (self->comment);
  g_free (self->weights);
  dmk_settings_clear (&self->settings);
  g_ptr_array_unref (self->warnings);
  G_OBJECT_CLASS (dmk_iozone_sweep_parent_class)->finalize (object);
}

static void
dmk_iozone_sweep_class_init (DmkIozoneSweepClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dmk_iozone_sweep_finalize;
}

static void
dmk_iozone_sweep_init (DmkIozoneSweep *self)
{
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  dmk_settings_init_default (&self->settings);
}

DmkIozoneSweep *
dmk_iozone_sweep_new (DmkIozoneTable *table)
{
  DmkIozoneSweep *self;

  g_return_val_if_fail (table != NULL && table->n_files > 0 && table->n_records > 0, NULL);
  self = g_object_new (DMK_TYPE_IOZONE_SWEEP, NULL);
  self->table = table;
  return self;
}

DmkIozoneTable *
dmk_iozone_sweep_get_table (DmkIozoneSweep *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_SWEEP (self), NULL);
  return self->table;
}

void
dmk_iozone_sweep_set_progress_func (DmkIozoneSweep *self, DmkIozoneProgressFunc func,
                                    gpointer user_data, GDestroyNotify destroy)
{
  g_return_if_fail (DMK_IS_IOZONE_SWEEP (self));
  if (self->progress_destroy != NULL)
    self->progress_destroy (self->progress_data);
  self->progress = func;
  self->progress_data = user_data;
  self->progress_destroy = destroy;
}

void
dmk_iozone_sweep_set_fd_providers (DmkIozoneSweep *self, const DmkFdProvider *const *providers)
{
  g_return_if_fail (DMK_IS_IOZONE_SWEEP (self));
  self->providers = providers;
}

void
dmk_iozone_sweep_set_write_consent (DmkIozoneSweep *self, const DmkDeviceIdentity *identity)
{
  g_return_if_fail (DMK_IS_IOZONE_SWEEP (self));
  dmk_device_identity_clear (&self->consent);
  self->has_consent = identity != NULL;
  if (identity != NULL)
    dmk_device_identity_copy (&self->consent, identity);
}

gboolean
dmk_iozone_sweep_get_running (DmkIozoneSweep *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_SWEEP (self), FALSE);
  return self->task != NULL;
}

guint
dmk_iozone_sweep_get_n_done (DmkIozoneSweep *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_SWEEP (self), 0);
  return self->n_done;
}

GPtrArray *
dmk_iozone_sweep_get_warnings (DmkIozoneSweep *self)
{
  g_return_val_if_fail (DMK_IS_IOZONE_SWEEP (self), NULL);
  return self->warnings;
}

/* The records of the table that fit file f: iozone skips a record larger than its file. */
static guint
records_that_fit (DmkIozoneTable *table, guint f)
{
  guint n = 0;

  while (n < table->n_records && table->records[n] <= table->files[f])
    n++;
  return n;
}

static void
report (DmkIozoneSweep *self, const DmkProgress *run, gboolean filled)
{
  DmkIozoneProgress p = { 0 };
  double before = 0;

  /* A run's opening and layout phases say test 0 again: its share so far is kept. */
  if (run != NULL && run->n_tests > 0)
    self->within = MAX (self->within, (run->test_index +
                                       (run->phase == DMK_PHASE_TEST_DONE ? 1.0 : 0.0)) /
                                        run->n_tests);
  if (self->progress == NULL || self->file >= self->table->n_files)
    return;
  for (guint f = 0; f < self->file; f++)
    before += self->weights[f];
  p.file = self->file;
  p.file_bytes = self->table->files[self->file];
  p.n_files = self->table->n_files;
  p.fraction = CLAMP (before + self->within * self->weights[self->file], 0.0, 1.0);
  p.run = run;
  p.filled = filled;
  self->progress (&p, self->progress_data);
}

static void
on_run_progress (const DmkProgress *p, gpointer data)
{
  DmkIozoneSweep *self = data;

  if (self->task == NULL)
    return;
  report (self, p, FALSE);
  /* The cells fill as their test ends, not only when the file size's run does. */
  if (p->phase == DMK_PHASE_TEST_DONE && p->test != NULL &&
      dmk_iozone_table_fill_test (self->table, self->file, p->test))
    report (self, NULL, TRUE);
}

static void start_file (DmkIozoneSweep *self);

static void
end (DmkIozoneSweep *self, GError *error)
{
  GTask *task = g_steal_pointer (&self->task);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

static void
on_file_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (DmkIozoneSweep) self = data;
  g_autoptr (DmkResult) result = NULL;
  GError *error = NULL;

  result = dmk_runner_run_finish (DMK_RUNNER (source), res, NULL, &error);
  if (result == NULL)
    {
      end (self, error);
      return;
    }
  dmk_iozone_table_fill (self->table, self->file, result);
  if (self->n_done == 0)
    for (guint i = 0; i < result->warnings->len; i++)
      g_ptr_array_add (self->warnings, g_strdup (g_ptr_array_index (result->warnings, i)));
  self->n_done++;
  self->within = 1;
  report (self, NULL, TRUE);
  self->file++;
  self->within = 0;
  if (self->file == self->table->n_files)
    end (self, NULL);
  else if (!g_cancellable_set_error_if_cancelled (g_task_get_cancellable (self->task), &error))
    start_file (self);
  else
    end (self, error);
}

static void
start_file (DmkIozoneSweep *self)
{
  g_autoptr (DmkRunner) runner = dmk_runner_new ();
  g_autoptr (GArray) jobs = NULL;

  jobs = dmk_iozone_jobs (self->table->mask, self->table->records,
                          records_that_fit (self->table, self->file));
  self->settings.size_bytes = self->table->files[self->file];
  dmk_runner_set_progress_func (runner, on_run_progress, g_object_ref (self), g_object_unref);
  if (self->providers != NULL)
    dmk_runner_set_fd_providers (runner, self->providers);
  if (self->has_consent)
    dmk_runner_set_write_consent (runner, &self->consent);
  report (self, NULL, FALSE);
  dmk_runner_run_async (runner, self->path, &self->settings, jobs, self->comment,
                        g_task_get_cancellable (self->task), on_file_done, g_object_ref (self));
}

void
dmk_iozone_sweep_run_async (DmkIozoneSweep *self, const char *path, const DmkSettings *settings,
                            const char *comment, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  double total = 0;

  g_return_if_fail (DMK_IS_IOZONE_SWEEP (self));
  g_return_if_fail (path != NULL && settings != NULL);
  g_return_if_fail (self->task == NULL && self->path == NULL);

  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, dmk_iozone_sweep_run_async);
  self->path = g_strdup (path);
  self->comment = g_strdup (comment);
  dmk_settings_clear (&self->settings);
  dmk_settings_copy (&self->settings, settings);
  dmk_iozone_settings_apply (&self->settings);
  self->settings.mix_read_percent =
    (self->table->mask & (1u << DMK_IOZONE_RANDOM_MIX)) != 0 ? DMK_IOZONE_MIX_READ_PERCENT : 0;
  self->weights = g_new0 (double, self->table->n_files);
  for (guint f = 0; f < self->table->n_files; f++)
    {
      g_autoptr (GArray) jobs = dmk_iozone_jobs (self->table->mask, self->table->records,
                                                 records_that_fit (self->table, f));
      self->weights[f] = (double) self->table->files[f] * jobs->len;
      total += self->weights[f];
    }
  for (guint f = 0; f < self->table->n_files; f++)
    self->weights[f] = total > 0 ? self->weights[f] / total : 1.0 / self->table->n_files;
  start_file (self);
}

gboolean
dmk_iozone_sweep_run_finish (DmkIozoneSweep *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (DMK_IS_IOZONE_SWEEP (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
