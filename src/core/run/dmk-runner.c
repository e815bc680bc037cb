/* dmk-runner.c: the runner object every kind of run starts from, the task a run lives in, and
 * its progress delivered to the caller's main context. */
#include "config.h"

#include "dmk-run-private.h"

struct _DmkRunner
{
  GObject parent_instance;

  DmkProgressFunc progress_func;
  gpointer progress_data;
  GDestroyNotify progress_destroy;
  GPtrArray *providers; /* DmkFdProvider*, not owned */
  DmkDeviceIdentity consent;
  gboolean has_consent;
};

G_DEFINE_FINAL_TYPE (DmkRunner, dmk_runner, G_TYPE_OBJECT)

static void
dmk_runner_finalize (GObject *object)
{
  DmkRunner *self = DMK_RUNNER (object);

  if (self->progress_destroy != NULL)
    self->progress_destroy (self->progress_data);
  g_clear_pointer (&self->providers, g_ptr_array_unref);
  dmk_device_identity_clear (&self->consent);
  G_OBJECT_CLASS (dmk_runner_parent_class)->finalize (object);
}

static void
dmk_runner_class_init (DmkRunnerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dmk_runner_finalize;
}

static void
dmk_runner_init (DmkRunner *self)
{
  self->providers = g_ptr_array_new ();
}

DmkRunner *
dmk_runner_new (void)
{
  return g_object_new (DMK_TYPE_RUNNER, NULL);
}

void
dmk_runner_set_progress_func (DmkRunner *runner, DmkProgressFunc func, gpointer user_data,
                              GDestroyNotify destroy)
{
  g_return_if_fail (DMK_IS_RUNNER (runner));
  if (runner->progress_destroy != NULL)
    runner->progress_destroy (runner->progress_data);
  runner->progress_func = func;
  runner->progress_data = user_data;
  runner->progress_destroy = destroy;
}

void
dmk_runner_set_fd_providers (DmkRunner *runner, const DmkFdProvider *const *providers)
{
  g_return_if_fail (DMK_IS_RUNNER (runner));
  g_ptr_array_set_size (runner->providers, 0);
  for (guint i = 0; providers != NULL && providers[i] != NULL; i++)
    g_ptr_array_add (runner->providers, (gpointer) providers[i]);
}

void
dmk_runner_set_write_consent (DmkRunner *runner, const DmkDeviceIdentity *identity)
{
  g_return_if_fail (DMK_IS_RUNNER (runner));
  dmk_device_identity_clear (&runner->consent);
  runner->has_consent = identity != NULL;
  if (identity != NULL)
    dmk_device_identity_copy (&runner->consent, identity);
}

/* ---- the task ---- */

static void
run_data_free (RunData *d)
{
  g_object_unref (d->runner);
  g_main_context_unref (d->context);
  g_free (d->path);
  dmk_settings_clear (&d->settings);
  g_clear_pointer (&d->jobs, g_array_unref);
  g_free (d->comment);
  g_ptr_array_unref (d->providers);
  dmk_device_identity_clear (&d->consent);
  g_clear_pointer (&d->target, dmk_target_free);
  g_clear_pointer (&d->result, dmk_result_unref);
  g_free (d->disk);
  g_free (d->counters_file);
  dmk_link_clear (&d->link);
  g_free (d->temp_sensor);
  g_clear_pointer (&d->partial, dmk_result_unref);
  g_free (d);
}

GTask *
_dmk_run_task_new (DmkRunner *runner, gpointer source_tag, const char *path,
                   const DmkSettings *settings, GArray *jobs, const char *comment,
                   DmkResultKind kind, GCancellable *cancellable, GAsyncReadyCallback callback,
                   gpointer user_data)
{
  GTask *task = g_task_new (runner, cancellable, callback, user_data);
  RunData *d = g_new0 (RunData, 1);

  g_task_set_source_tag (task, source_tag);
  g_task_set_name (task, "dmk-run");
  d->runner = g_object_ref (runner);
  d->context = g_main_context_ref_thread_default ();
  d->path = g_strdup (path);
  dmk_settings_copy (&d->settings, settings);
  if (d->settings.mode == DMK_MODE_READ)
    d->settings.mix_read_percent = 0; /* the result must not claim a mix that never ran */
  d->jobs = jobs;
  d->comment = g_strdup (comment);
  d->providers = g_ptr_array_copy (runner->providers, NULL, NULL);
  g_ptr_array_add (d->providers, NULL);
  d->has_consent = runner->has_consent;
  if (runner->has_consent)
    dmk_device_identity_copy (&d->consent, &runner->consent);
  d->kind = kind;
  g_task_set_task_data (task, d, (GDestroyNotify) run_data_free);
  return task;
}

DmkResult *
_dmk_run_task_finish (DmkRunner *runner, GAsyncResult *result, gpointer source_tag,
                      DmkResult **partial, GError **error)
{
  GTask *task = G_TASK (result);
  DmkResult *r;

  g_return_val_if_fail (g_task_is_valid (result, runner), NULL);
  g_return_val_if_fail (g_task_get_source_tag (task) == source_tag, NULL);
  r = g_task_propagate_pointer (task, error);
  if (partial != NULL)
    {
      RunData *d = g_task_get_task_data (task);

      *partial = r == NULL && d != NULL && d->partial != NULL ? dmk_result_ref (d->partial)
                                                               : NULL;
    }
  return r;
}

/* ---- progress, delivered in the caller's main context ---- */

typedef struct
{
  DmkRunner *runner;
  DmkProgress progress;
  DmkTestResult *test;
} ProgressMsg;

static void
progress_msg_free (gpointer data)
{
  ProgressMsg *m = data;

  g_object_unref (m->runner);
  dmk_test_result_free (m->test);
  g_free (m);
}

static gboolean
progress_dispatch (gpointer data)
{
  ProgressMsg *m = data;

  m->progress.test = m->test;
  if (m->runner->progress_func != NULL)
    m->runner->progress_func (&m->progress, m->runner->progress_data);
  return G_SOURCE_REMOVE;
}

void
_dmk_run_post (RunData *d, const DmkProgress *p, const DmkTestResult *test)
{
  ProgressMsg *m = g_new0 (ProgressMsg, 1);
  GSource *source;

  m->runner = g_object_ref (d->runner);
  m->progress = *p;
  m->progress.test = NULL;
  if (test != NULL)
    m->test = dmk_test_result_copy (test);
  /* Always from the caller's context, by its own thread. g_main_context_invoke () would call
   * progress_dispatch right here, in the worker, whenever the caller's thread did not own its
   * context at that moment (between two iterations): the window's handlers then ran in a run's
   * thread (ASan: a title freed by the main thread while a worker compared it). */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, progress_dispatch, m, progress_msg_free);
  g_source_set_static_name (source, "dmk-run-progress");
  g_source_attach (source, d->context);
  g_source_unref (source);
}

gboolean
_dmk_run_sleep (GCancellable *cancellable, gint64 us)
{
  gint64 end = g_get_monotonic_time () + us;

  while (!g_cancellable_is_cancelled (cancellable))
    {
      gint64 left = end - g_get_monotonic_time ();

      if (left <= 0)
        return TRUE;
      g_usleep (MIN (left, DMK_RUN_TICK_US));
    }
  return FALSE;
}
