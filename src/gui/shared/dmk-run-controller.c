/* dmk-run-controller.c: one run at a time of any kind, off the main thread; the window and its
 * views bind to it. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-run-controller.h"

struct _DmkRunController
{
  GObject parent_instance;

  GtkWindow *window; /* weak */
  DmkRunJob job;
  DmkRunner *runner;
  GCancellable *cancellable; /* while a job runs */
  DmkResultKind kind;
  char *path;
  int phase;
  gint64 started_us;
  gint64 ended_us;
  gboolean stopping;
  GtkApplication *inhibit_app;
  guint inhibit_cookie;

  DmkResult *result;
  GError *error;
  DmkCapacityReport *capacity_report;
  DmkDeviceIdentity consent;
  gboolean has_consent;
};

G_DEFINE_FINAL_TYPE (DmkRunController, dmk_run_controller, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_STOPPING,
  PROP_PHASE,
  PROP_KIND,
  PROP_JOB,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_PROGRESS,
  SIGNAL_CAPACITY_PROGRESS,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
inhibit (DmkRunController *self, gboolean on)
{
  if (on && self->window != NULL && gtk_window_get_application (self->window) != NULL)
    {
      self->inhibit_app = g_object_ref (gtk_window_get_application (self->window));
      self->inhibit_cookie = gtk_application_inhibit (self->inhibit_app, self->window,
                                                      GTK_APPLICATION_INHIBIT_SUSPEND,
                                                      _("Running a disk benchmark"));
    }
  else if (!on && self->inhibit_app != NULL)
    {
      if (self->inhibit_cookie != 0)
        gtk_application_uninhibit (self->inhibit_app, self->inhibit_cookie);
      self->inhibit_cookie = 0;
      g_clear_object (&self->inhibit_app);
    }
}

static void
on_progress (const DmkProgress *p, gpointer user_data)
{
  DmkRunController *self = user_data;

  if ((int) p->phase != self->phase)
    {
      self->phase = (int) p->phase;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
    }
  g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, p);
}

static void end_job (DmkRunController *self, GError *error);

typedef DmkResult *(*FinishFunc) (DmkRunner *runner, GAsyncResult *result, DmkResult **partial,
                                  GError **error);

static FinishFunc
finish_func (DmkResultKind kind)
{
  switch (kind)
    {
    case DMK_KIND_SWEEP:
      return dmk_sweep_run_finish;
    case DMK_KIND_SUSTAINED:
      return dmk_sustained_run_finish;
    case DMK_KIND_SURFACE:
      return dmk_surface_run_finish;
    case DMK_KIND_GRID:
    default:
      return dmk_runner_run_finish;
    }
}

static void
run_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DmkRunController) self = user_data;
  DmkRunner *runner = DMK_RUNNER (source);
  GError *error = NULL;
  DmkResult *partial = NULL;
  DmkResult *result = finish_func (self->kind) (runner, res, &partial, &error);

  dmk_runner_set_progress_func (runner, NULL, NULL, NULL);
  g_clear_pointer (&self->result, dmk_result_unref);
  self->result = result != NULL ? result : partial;
  g_clear_object (&self->runner);
  end_job (self, error);
}

/* However a job ended: error (transfer full) NULL or why; then "finished". */
static void
end_job (DmkRunController *self, GError *error)
{
  g_clear_error (&self->error);
  self->error = error;
  self->ended_us = g_get_monotonic_time ();
  g_clear_object (&self->cancellable);
  inhibit (self, FALSE);
  self->phase = -1;
  self->stopping = FALSE;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

/* One job at a time, and none without a target. */
static gboolean
may_start (DmkRunController *self, const char *path, GError **error)
{
  if (self->cancellable != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("A benchmark is running already"));
      return FALSE;
    }
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Choose a folder to test first."));
      return FALSE;
    }
  return TRUE;
}

static void
begin_job (DmkRunController *self, DmkRunJob job, const char *path)
{
  self->job = job;
  g_free (self->path);
  self->path = g_strdup (path);
  self->cancellable = g_cancellable_new ();
  self->phase = DMK_PHASE_OPEN;
  self->started_us = g_get_monotonic_time ();
  self->ended_us = 0;
  self->stopping = FALSE;
  inhibit (self, TRUE);
}

static void
notify_begun (DmkRunController *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JOB]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
start_async (DmkRunController *self, const DmkRunRequest *r)
{
  switch (r->kind)
    {
    case DMK_KIND_SWEEP:
      dmk_sweep_run_async (self->runner, r->path, r->settings, r->specs, r->comment,
                           self->cancellable, run_done, g_object_ref (self));
      break;
    case DMK_KIND_SUSTAINED:
      dmk_sustained_run_async (self->runner, r->path, r->settings, r->scan, r->comment,
                               self->cancellable, run_done, g_object_ref (self));
      break;
    case DMK_KIND_SURFACE:
      dmk_surface_run_async (self->runner, r->path, r->settings, r->scan, r->comment,
                             self->cancellable, run_done, g_object_ref (self));
      break;
    case DMK_KIND_GRID:
    default:
      dmk_runner_run_async (self->runner, r->path, r->settings, r->jobs, r->comment,
                            self->cancellable, run_done, g_object_ref (self));
      break;
    }
}

gboolean
dmk_run_controller_start (DmkRunController *self, const DmkRunRequest *r, GError **error)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), FALSE);
  g_return_val_if_fail (r != NULL && r->settings != NULL, FALSE);
  if (!may_start (self, r->path, error))
    return FALSE;
  g_return_val_if_fail ((r->kind == DMK_KIND_GRID && r->jobs != NULL && r->jobs->len > 0) ||
                          (r->kind == DMK_KIND_SWEEP && r->specs != NULL) ||
                          ((r->kind == DMK_KIND_SUSTAINED || r->kind == DMK_KIND_SURFACE) &&
                           r->scan != NULL),
                        FALSE);

  self->kind = r->kind;
  begin_job (self, DMK_RUN_JOB_RUN, r->path);
  self->runner = dmk_runner_new ();
  dmk_runner_set_fd_providers (self->runner, dmk_default_fd_providers ());
  dmk_runner_set_write_consent (self->runner, self->has_consent ? &self->consent : NULL);
  dmk_runner_set_progress_func (self->runner, on_progress, self, NULL);
  start_async (self, r);
  notify_begun (self);
  return TRUE;
}

/* ---- the capacity check and the iozone sweep ---- */

static void
on_capacity_progress (const DmkCapacityProgress *p, gpointer user_data)
{
  DmkRunController *self = user_data;

  if (self->job == DMK_RUN_JOB_CAPACITY && self->cancellable != NULL)
    g_signal_emit (self, signals[SIGNAL_CAPACITY_PROGRESS], 0, p);
}

static void
capacity_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DmkRunController) self = user_data;
  GError *error = NULL;

  g_clear_pointer (&self->capacity_report, dmk_capacity_report_free);
  self->capacity_report = dmk_capacity_check_finish (res, &error);
  end_job (self, error);
}

gboolean
dmk_run_controller_start_capacity (DmkRunController *self, const char *path,
                                   const DmkSettings *settings, const DmkDeviceIdentity *consent,
                                   GError **error)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), FALSE);
  g_return_val_if_fail (path != NULL && settings != NULL, FALSE);
  if (!may_start (self, path, error))
    return FALSE;
  g_clear_pointer (&self->capacity_report, dmk_capacity_report_free);
  begin_job (self, DMK_RUN_JOB_CAPACITY, path);
  dmk_capacity_check_async (path, settings, consent, dmk_default_fd_providers (),
                            on_capacity_progress, self,
                            self->cancellable, capacity_done, g_object_ref (self));
  notify_begun (self);
  return TRUE;
}

static void
iozone_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DmkRunController) self = user_data;
  GError *error = NULL;

  dmk_iozone_sweep_run_finish (DMK_IOZONE_SWEEP (source), res, &error);
  end_job (self, error);
}

gboolean
dmk_run_controller_start_iozone (DmkRunController *self, DmkIozoneSweep *sweep, const char *path,
                                 const DmkSettings *settings, const DmkDeviceIdentity *consent,
                                 GError **error)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), FALSE);
  g_return_val_if_fail (DMK_IS_IOZONE_SWEEP (sweep) && path != NULL && settings != NULL, FALSE);
  if (!may_start (self, path, error))
    return FALSE;
  begin_job (self, DMK_RUN_JOB_IOZONE, path);
  dmk_iozone_sweep_set_fd_providers (sweep, dmk_default_fd_providers ());
  dmk_iozone_sweep_set_write_consent (sweep, consent);
  dmk_iozone_sweep_run_async (sweep, path, settings, NULL, self->cancellable, iozone_done,
                              g_object_ref (self));
  notify_begun (self);
  return TRUE;
}

void
dmk_run_controller_set_write_consent (DmkRunController *self, const DmkDeviceIdentity *identity)
{
  g_return_if_fail (DMK_IS_RUN_CONTROLLER (self));
  dmk_device_identity_clear (&self->consent);
  self->has_consent = identity != NULL;
  if (identity != NULL)
    dmk_device_identity_copy (&self->consent, identity);
}

void
dmk_run_controller_stop (DmkRunController *self)
{
  g_return_if_fail (DMK_IS_RUN_CONTROLLER (self));
  if (self->cancellable == NULL || self->stopping)
    return;
  self->stopping = TRUE;
  g_cancellable_cancel (self->cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
}

gboolean
dmk_run_controller_get_running (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), FALSE);
  return self->cancellable != NULL;
}

DmkRunJob
dmk_run_controller_get_job (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), DMK_RUN_JOB_RUN);
  return self->job;
}

const DmkCapacityReport *
dmk_run_controller_get_capacity_report (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), NULL);
  return self->capacity_report;
}

DmkResultKind
dmk_run_controller_get_kind (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), DMK_KIND_GRID);
  return self->kind;
}

gboolean
dmk_run_controller_get_stopping (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), FALSE);
  return self->stopping;
}

int
dmk_run_controller_get_phase (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), -1);
  return self->cancellable != NULL ? self->phase : -1;
}

const char *
dmk_run_controller_get_path (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), NULL);
  return self->path;
}

double
dmk_run_controller_get_elapsed (DmkRunController *self)
{
  gint64 end;

  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), 0);
  if (self->started_us == 0)
    return 0;
  end = self->ended_us != 0 ? self->ended_us : g_get_monotonic_time ();
  return (double) (end - self->started_us) / G_USEC_PER_SEC;
}

DmkResult *
dmk_run_controller_get_result (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), NULL);
  return self->result;
}

const GError *
dmk_run_controller_get_error (DmkRunController *self)
{
  g_return_val_if_fail (DMK_IS_RUN_CONTROLLER (self), NULL);
  return self->error;
}

static void
dmk_run_controller_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  DmkRunController *self = DMK_RUN_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->cancellable != NULL);
      break;
    case PROP_JOB:
      g_value_set_int (value, (int) self->job);
      break;
    case PROP_STOPPING:
      g_value_set_boolean (value, self->stopping);
      break;
    case PROP_PHASE:
      g_value_set_int (value, dmk_run_controller_get_phase (self));
      break;
    case PROP_KIND:
      g_value_set_int (value, (int) self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_run_controller_dispose (GObject *object)
{
  DmkRunController *self = DMK_RUN_CONTROLLER (object);

  /* The pending run holds a reference, so this only happens with no run or at exit. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  inhibit (self, FALSE);
  if (self->window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
  self->window = NULL;
  g_clear_object (&self->runner);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (dmk_run_controller_parent_class)->dispose (object);
}

static void
dmk_run_controller_finalize (GObject *object)
{
  DmkRunController *self = DMK_RUN_CONTROLLER (object);

  g_clear_pointer (&self->result, dmk_result_unref);
  g_clear_pointer (&self->capacity_report, dmk_capacity_report_free);
  g_clear_error (&self->error);
  g_free (self->path);
  dmk_device_identity_clear (&self->consent);
  G_OBJECT_CLASS (dmk_run_controller_parent_class)->finalize (object);
}

static void
dmk_run_controller_class_init (DmkRunControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dmk_run_controller_get_property;
  object_class->dispose = dmk_run_controller_dispose;
  object_class->finalize = dmk_run_controller_finalize;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                     G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_STOPPING] = g_param_spec_boolean ("stopping", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                      G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PHASE] = g_param_spec_int ("phase", NULL, NULL, -1, G_MAXINT, -1,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                               G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, DMK_KIND_GRID, G_MAXINT,
                                            DMK_KIND_GRID,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                              G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_JOB] = g_param_spec_int ("job", NULL, NULL, DMK_RUN_JOB_RUN, DMK_RUN_JOB_IOZONE,
                                           DMK_RUN_JOB_RUN,
                                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                             G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (const DmkProgress *): valid during the emission only. */
  signals[SIGNAL_PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                           1, G_TYPE_POINTER);
  /* (const DmkCapacityProgress *): a capacity check's; valid during the emission only. */
  signals[SIGNAL_CAPACITY_PROGRESS] =
    g_signal_new ("capacity-progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* However the job ended: see get_result, get_capacity_report and get_error. */
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                           0);
}

static void
dmk_run_controller_init (DmkRunController *self)
{
  self->phase = -1;
}

DmkRunController *
dmk_run_controller_new (GtkWindow *window)
{
  DmkRunController *self = g_object_new (DMK_TYPE_RUN_CONTROLLER, NULL);

  self->window = window;
  if (window != NULL)
    g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  return self;
}
