/* dmk-window.c: the main window: what it shows (one result, or a run), its title and lines. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-gui-utils.h"
#include "dmk-settings-map.h"
#include "dmk-window-private.h"

G_DEFINE_FINAL_TYPE (DmkWindow, dmk_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  SIGNAL_RUN_FINISHED,
  SIGNAL_DEVICES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
_dmk_window_toast (DmkWindow *self, const char *text)
{
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  dmk_toast (self->toast_overlay, text);
}

void
_dmk_window_show_error (DmkWindow *self, const char *heading, const char *message)
{
  dmk_show_error (GTK_WINDOW (self), &self->error_dialog, heading, message);
}

/* Controls that would change the run in progress, or that an open fio job sets itself; the unit
 * only changes what is shown. */
static void
update_plan_controls (DmkWindow *self)
{
  gboolean free_to_change = !dmk_run_controller_get_running (self->run) && self->job == NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self->passes_dropdown), free_to_change);
  gtk_widget_set_sensitive (GTK_WIDGET (self->size_dropdown), free_to_change);
}

gboolean
_dmk_window_target_is_device (DmkWindow *self)
{
  return dmk_target_chooser_get_device (self->target_chooser) != NULL;
}

/* The run the controls describe. Without the confirmation a device only ever sees reads; read
 * mode never writes, the mixed test included. */
void
_dmk_window_read_settings (DmkWindow *self, DmkSettings *s)
{
  dmk_settings_map_read (self->settings, s);
  if (_dmk_window_target_is_device (self))
    {
      if (dmk_target_chooser_get_writes_allowed (self->target_chooser))
        s->allow_write_device = TRUE;
      else
        s->mode = DMK_MODE_READ;
    }
  if (s->mode == DMK_MODE_READ)
    s->mix_read_percent = 0;
}

/* The job's tests as the grid's rows (each test once, in the file's order), its mix. */
static GArray *
job_specs (DmkFioJob *job, char **profile, guint *mix)
{
  GArray *specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));

  for (guint i = 0; i < job->jobs->len; i++)
    {
      const DmkTestSpec *spec = &g_array_index (job->jobs, DmkJob, i).spec;
      gboolean seen = FALSE;

      for (guint j = 0; j < specs->len && !seen; j++)
        seen = dmk_test_spec_equal (&g_array_index (specs, DmkTestSpec, j), spec);
      if (!seen)
        g_array_append_vals (specs, spec, 1);
    }
  *profile = g_strdup (job->settings.profile);
  *mix = job->settings.mix_read_percent;
  return specs;
}

/* The plan the controls make: the profile's rows, and whether a mix column shows. The mix column
 * shows whenever Mix is on, so a blocked one can say why it stays empty. An open fio job plans
 * instead. */
GArray *
_dmk_window_plan_specs (DmkWindow *self, char **profile, guint *mix)
{
  if (self->job != NULL)
    return job_specs (self->job, profile, mix);
  return dmk_settings_map_plan (self->settings, profile, mix);
}

/* The job's run: its settings as fio would run it (the CLI's way), with what a file cannot say
 * from the window (the rest between tests, the device's consent), and its tests: row's only, and
 * on a device without consent its reads only. */
static gboolean
plan_job_run (DmkWindow *self, const DmkTestSpec *row_spec, DmkSettings *s, GArray **jobs,
              GError **error)
{
  gboolean reads_only = _dmk_window_target_is_device (self) &&
                        !dmk_target_chooser_get_writes_allowed (self->target_chooser);
  DmkFioOverrides o = { 0 };

  o.has_interval = TRUE;
  o.interval_s = (guint) g_settings_get_int (self->settings, "interval");
  o.allow_write_device = !reads_only && _dmk_window_target_is_device (self);
  if (!dmk_fio_job_settings (self->job, &o, s, error))
    return FALSE;
  *jobs = dmk_fio_jobs_to_run (self->job->jobs, row_spec, reads_only,
                               dmk_window_get_target_path (self), error);
  if (*jobs == NULL && error != NULL &&
      g_error_matches (*error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED))
    {
      /* TRANSLATORS: %s says that write tests need consent; the window says where to give it */
      char *advice = g_strdup_printf (_("%s: allow them from the menu"), (*error)->message);

      g_free ((*error)->message);
      (*error)->message = advice;
    }
  return *jobs != NULL;
}

gboolean
_dmk_window_plan_run (DmkWindow *self, int row, DmkSettings *s, GArray **jobs, GError **error)
{
  const DmkTestSpec *row_spec = NULL;
  g_autoptr (GArray) specs = NULL;

  *jobs = NULL;
  if (row >= 0 && (row_spec = dmk_result_grid_get_spec (self->grid, (guint) row)) == NULL)
    {
      dmk_settings_init_default (s);
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT, _("There is no test to run"));
      return FALSE;
    }
  if (self->job != NULL)
    return plan_job_run (self, row_spec, s, jobs, error);
  _dmk_window_read_settings (self, s);
  if (row_spec != NULL)
    {
      specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      g_array_append_vals (specs, row_spec, 1);
    }
  else if (g_strcmp0 (s->profile, DMK_PROFILE_CUSTOM) == 0)
    {
      /* The core knows built-in profiles only: custom tests go to it as the plan has them. */
      guint mix = 0;

      g_free (s->profile);
      specs = _dmk_window_plan_specs (self, &s->profile, &mix);
    }
  *jobs = dmk_runner_plan (s, specs, error);
  return *jobs != NULL;
}

static void
apply_plan (DmkWindow *self)
{
  g_autofree char *profile = NULL;
  guint mix = 0;
  g_autoptr (GArray) specs = _dmk_window_plan_specs (self, &profile, &mix);

  dmk_result_grid_set_plan (self->grid, profile, specs, mix);
}

/* ---- the window's height ---- */

/* GTK makes a window taller when its content needs it (a warning's lines) but never shorter
 * again: the window goes back to the height the user gave it, or had at first, as soon as the
 * content allows. */
/* The window's least height for what it shows at its width. The view stack measures its pages
 * without a width, so wrapped lines (the facts and warnings) would be counted at their natural
 * width, too few: the shown page is measured at its own width instead. */
static int
needed_height (DmkWindow *self, int width)
{
  GtkWidget *page = adw_view_stack_get_visible_child (self->view_stack);
  GtkWidget *content = adw_toast_overlay_get_child (self->toast_overlay);
  int min = 0, page_min = 0, stack_min = 0, content_min = 0;

  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_VERTICAL, width, &min, NULL, NULL,
                      NULL);
  /* The toast overlay (libadwaita 1.2) does not pass the width on to its child: wrapped lines
   * in a long translation are counted short. Its child is measured at its own width, and the
   * window's height around it (its frame) is added as it is now. */
  if (content != NULL && gtk_widget_get_mapped (content))
    {
      gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (content),
                          &content_min, NULL, NULL, NULL);
      min = MAX (min, content_min + gtk_widget_get_height (GTK_WIDGET (self)) -
                            gtk_widget_get_height (content));
    }
  if (page == NULL || !gtk_widget_get_mapped (page))
    return min;
  gtk_widget_measure (GTK_WIDGET (self->view_stack), GTK_ORIENTATION_VERTICAL,
                      gtk_widget_get_width (GTK_WIDGET (self->view_stack)), &stack_min, NULL,
                      NULL, NULL);
  gtk_widget_measure (page, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (page), &page_min,
                      NULL, NULL, NULL);
  return min + MAX (0, page_min - stack_min);
}

/* GTK makes a window taller when its content needs it (a warning's lines) but never shorter
 * again: the window goes back to the height the user gave it, or had at first, as soon as the
 * content allows; and it grows for lines the view stack did not count. */
static gboolean
fit_height (gpointer data)
{
  DmkWindow *self = data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  int min, target;

  self->fit_source = 0;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || self->user_height <= 0 ||
      gtk_window_is_maximized (GTK_WINDOW (self)) ||
      gtk_window_is_fullscreen (GTK_WINDOW (self)))
    return G_SOURCE_REMOVE;
  min = needed_height (self, width);
  target = MAX (min, self->user_height);
  if (height != target)
    {
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
      int def_w = 0, def_h = 0;
      /* The default size counts what the window draws around itself (its frame and shadow)
       * too: the surface's size less the widget's. */
      int frame = surface != NULL ? MAX (0, gdk_surface_get_height (surface) - height) : 0;

      gtk_window_get_default_size (GTK_WINDOW (self), &def_w, &def_h);
      self->fitting = TRUE;
      gtk_window_set_default_size (GTK_WINDOW (self), def_w > 0 ? def_w : width, target + frame);
    }
  return G_SOURCE_REMOVE;
}

static void
dmk_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  DmkWindow *self = DMK_WINDOW (widget);
  int min = 0;

  GTK_WIDGET_CLASS (dmk_window_parent_class)->size_allocate (widget, width, height, baseline);
  if (gtk_window_is_maximized (GTK_WINDOW (self)) || gtk_window_is_fullscreen (GTK_WINDOW (self)))
    return;
  min = needed_height (self, width);
  /* Shorter is always the user's (or this window's own fit); taller than the content needs is
   * the user's too; taller to hold the content is GTK's growth, which fit_height undoes. */
  /* Only a change of height can be the user's: content that shrinks leaves GTK's grown height
   * as it was, taller than now needed, and that is still GTK's, not a choice. */
  if (self->fitting)
    self->fitting = FALSE;
  else if (self->user_height <= 0 ||
           (height != self->last_height && (height < self->user_height || height > min)))
    self->user_height = height;
  self->last_height = height;
  /* Cut short (a line wrapped only once the width was known): fit again. */
  if (height < min && self->fit_source == 0)
    self->fit_source = g_idle_add_full (G_PRIORITY_LOW, fit_height, self, NULL);
}

/* Everything that follows from what is shown, the run and the controls. */
void
_dmk_window_update_state (DmkWindow *self)
{
  _dmk_window_facts_update (self);
  _dmk_window_update_actions (self);
  if (self->fit_source == 0)
    self->fit_source = g_idle_add_full (G_PRIORITY_LOW, fit_height, self, NULL);
}

DmkResult *
_dmk_window_export_result (DmkWindow *self)
{
  _dmk_window_sync_comment (self);
  return self->shown;
}

/* A comment belongs to the result it was typed for: a new run starts with what was typed since
 * the field last showed a result (for it, on purpose), else none; a row run again over the
 * shown result is that result. */
const char *
_dmk_window_comment_for_run (DmkWindow *self, gboolean same_result)
{
  if (!same_result && !self->comment_typed)
    _dmk_window_set_comment (self, NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->comment_entry));
}

/* Shows result (NULL: an empty grid of the controls' plan), from source (a file) or a run. */
void
_dmk_window_show_result (DmkWindow *self, DmkResult *result, const char *source)
{
  if (result != NULL)
    dmk_result_ref (result);
  g_clear_pointer (&self->shown, dmk_result_unref);
  g_clear_pointer (&self->last_toast, g_free);
  self->shown = result;
  g_free (self->shown_source);
  g_free (self->shown_name);
  self->shown_source = g_strdup (source);
  self->shown_name = source ? g_path_get_basename (source) : NULL;
  if (result != NULL)
    {
      dmk_result_grid_set_result (self->grid, result);
      _dmk_window_set_comment (self, result->comment);
    }
  else
    {
      /* Nothing shown: no result's comment either (closing an opened one takes its along). */
      apply_plan (self);
      _dmk_window_set_comment (self, NULL);
    }
  _dmk_window_update_state (self);
}

void
_dmk_window_set_job (DmkWindow *self, DmkFioJob *job, const char *name)
{
  g_clear_pointer (&self->job, dmk_fio_job_free);
  g_free (self->job_name);
  self->job = job;
  self->job_name = g_strdup (name);
  update_plan_controls (self);
  _dmk_window_show_result (self, NULL, NULL);
}

/* ---- the hub: what the window's parts ask of each other goes through here ---- */

void
dmk_window_set_target_path (DmkWindow *self, const char *path)
{
  g_return_if_fail (DMK_IS_WINDOW (self));
  g_return_if_fail (path != NULL);
  dmk_target_chooser_set_path (self->target_chooser, path);
}

gboolean
dmk_window_try_target_path (DmkWindow *self, const char *path, GError **error)
{
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  if (dmk_target_chooser_try_path (self->target_chooser, path, &local))
    return TRUE;
  _dmk_window_toast (self, local->message);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

const char *
dmk_window_get_target_path (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return dmk_target_chooser_get_path (self->target_chooser);
}

gboolean
dmk_window_is_running (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  return dmk_run_controller_get_running (self->run);
}

void
_dmk_window_enable_action (DmkWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The button that says Stop keeps win.stop enabled until it is a run button again, and a run
 * button's action is enabled before it turns into one: a button under the pointer never passes
 * through a disabled action, which would make GTK drop the next click there. */
void
_dmk_window_update_actions (DmkWindow *self)
{
  /* A scan is a run too: the grid waits for it. */
  gboolean running = dmk_run_controller_get_running (self->run);
  DmkTargetItem *device = dmk_target_chooser_get_device (self->target_chooser);

  gboolean stop = running || dmk_result_grid_get_stop_row (self->grid) != DMK_RESULT_GRID_NONE;

  _dmk_window_enable_action (self, "stop", stop);
  _dmk_window_enable_action (self, "stop-row", stop);
  _dmk_window_enable_action (self, "start", !running);
  _dmk_window_enable_action (self, "run-test", !running);
  _dmk_window_enable_action (self, "open", !running);
  _dmk_window_enable_action (self, "check-capacity", !running);
  _dmk_window_enable_action (self, "iozone-sweep", !running);
  _dmk_window_enable_action (self, "close-result", !running && self->shown_source != NULL);
  _dmk_window_enable_action (self, "close-job", !running && self->job != NULL);
  _dmk_window_enable_action (self, "allow-device-writes",
          !running && device != NULL && !dmk_target_item_get_in_use (device) &&
            !dmk_target_chooser_get_writes_allowed (self->target_chooser));
}

/* An opened or finished result in its view: a scan in its own, a grid in the Benchmark view. */
void
_dmk_window_show_any_result (DmkWindow *self, DmkResult *result, const char *source)
{
  if (_dmk_window_scans_show_result (self, result, source))
    return;
  adw_view_stack_set_visible_child (self->view_stack, self->benchmark_page);
  _dmk_window_show_result (self, result, source);
}

/* ---- controls ---- */

/* Whether the plan the controls make is the shown result's: its tests, in its order, and its
 * mix. A settings change that arrives for what is already shown (an Undo's own change, reported
 * again later by a settings backend that writes to disk) changes nothing. */
static gboolean
plan_is_shown (DmkWindow *self)
{
  g_autofree char *profile = NULL;
  guint mix = 0, n = 0;
  g_autoptr (GArray) specs = NULL;
  DmkResult *r = self->shown;

  if (r == NULL || self->job != NULL)
    return FALSE;
  specs = _dmk_window_plan_specs (self, &profile, &mix);
  if (mix != r->settings.mix_read_percent)
    return FALSE;
  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);

      if (t->direction == DMK_DIRECTION_MIX ||
          (n > 0 && dmk_test_spec_equal (&t->spec, &g_array_index (specs, DmkTestSpec, n - 1))))
        continue;
      if (n >= specs->len || !dmk_test_spec_equal (&t->spec, &g_array_index (specs, DmkTestSpec, n)))
        return FALSE;
      n++;
    }
  return n == specs->len;
}

/* A new profile means a new grid: the shown result goes, with an Undo that brings it back. */
static void
clear_for_new_plan (DmkWindow *self, const char *key)
{
  AdwToast *toast;

  if (self->shown == NULL)
    {
      g_clear_pointer (&self->end_status, g_free);
      apply_plan (self);
      _dmk_window_update_state (self);
      return;
    }
  if (plan_is_shown (self))
    {
      _dmk_window_update_state (self);
      return;
    }
  /* The status of the run whose result goes comes back with it. */
  g_free (self->undo_status);
  self->undo_status = g_steal_pointer (&self->end_status);
  g_clear_pointer (&self->undo_result, dmk_result_unref);
  self->undo_result = dmk_result_ref (self->shown);
  g_free (self->undo_profile);
  self->undo_profile = g_strdup (self->shown->settings.profile);
  self->undo_mix = self->shown->settings.mix_read_percent > 0;
  /* The Tests dialog's changes: Undo gives back the tests the result was made with. */
  g_clear_pointer (&self->undo_custom, g_variant_unref);
  self->undo_custom = g_steal_pointer (&self->tests_before);
  g_object_set_data_full (G_OBJECT (self), "undo-source", g_strdup (self->shown_source), g_free);
  _dmk_window_show_result (self, NULL, NULL);
  toast = adw_toast_new (_("Results cleared for the new test plan"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo-clear");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  (void) key;
}

void
_dmk_window_tests_dialog_opened (DmkWindow *self, GtkWindow *dialog)
{
  self->tests_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->tests_dialog);
  g_clear_pointer (&self->tests_before, g_variant_unref);
  self->tests_before = g_settings_get_value (self->settings, "custom-tests");
  self->plan_deferred = FALSE;
}

void
_dmk_window_tests_dialog_closed (DmkWindow *self)
{
  if (self->tests_dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->tests_dialog), (gpointer *) &self->tests_dialog);
  self->tests_dialog = NULL;
  if (self->plan_deferred && !dmk_run_controller_get_running (self->run) &&
      !gtk_widget_in_destruction (GTK_WIDGET (self)))
    clear_for_new_plan (self, "custom-tests");
  self->plan_deferred = FALSE;
  g_clear_pointer (&self->tests_before, g_variant_unref);
}

static gboolean
is_custom (DmkWindow *self)
{
  g_autofree char *profile = g_settings_get_string (self->settings, "profile");

  return g_str_equal (profile, DMK_PROFILE_CUSTOM);
}

static void
on_settings_changed (GSettings *settings, const char *key, DmkWindow *self)
{
  gboolean running = dmk_run_controller_get_running (self->run);

  if (self->restoring)
    return;
  if (g_str_equal (key, "profile") || g_str_equal (key, "mix") ||
      (g_str_equal (key, "custom-tests") && is_custom (self)))
    {
      /* A new profile is a new plan: an open fio job gives way to it. During a run the grid is
       * the run's: the next plan shows when it ends. */
      g_clear_pointer (&self->job, dmk_fio_job_free);
      update_plan_controls (self);
      /* The Tests dialog in front of a result: the result goes once the dialog closes, where
       * its Undo is seen. An empty grid follows the dialog's rows at once. */
      if (!running && self->tests_dialog != NULL && self->shown != NULL)
        self->plan_deferred = TRUE;
      else if (!running)
        clear_for_new_plan (self, key);
    }
  else if (g_str_equal (key, "mix-ratio"))
    {
      if (!running && self->shown == NULL)
        apply_plan (self);
    }
  else if (g_str_equal (key, "unit"))
    {
      g_autofree char *nick = g_settings_get_string (settings, "unit");
      dmk_result_grid_set_unit (self->grid, dmk_unit_from_nick (nick));
    }
  if (!running)
    _dmk_window_update_state (self);
}

static void
on_target_changed (DmkTargetChooser *chooser, GParamSpec *pspec, DmkWindow *self)
{
  const char *path = dmk_target_chooser_get_path (chooser);

  if (path != NULL)
    g_settings_set_string (self->settings, "last-target", path);
  /* Every run of every view checks its open fd against the device the user allowed. */
  dmk_run_controller_set_write_consent (self->run, dmk_target_chooser_get_consent (chooser));
  if (self->allow_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->allow_dialog));
  if (!dmk_run_controller_get_running (self->run))
    _dmk_window_update_state (self);
}

static void
on_devices_changed (DmkTargetChooser *chooser, DmkWindow *self)
{
  if (!dmk_run_controller_get_running (self->run))
    _dmk_window_update_state (self);
  g_signal_emit (self, signals[SIGNAL_DEVICES_CHANGED], 0);
}

/* Coming back to the window is when a stick was plugged in or a disk mounted elsewhere. */
static void
on_active_changed (DmkWindow *self, GParamSpec *pspec, gpointer data)
{
  if (gtk_window_is_active (GTK_WINDOW (self)) && !dmk_run_controller_get_running (self->run))
    dmk_target_chooser_refresh_devices (self->target_chooser);
}

static gboolean
passes_get (GValue *value, GVariant *variant, gpointer data)
{
  g_value_set_uint (value, (guint) MAX (g_variant_get_int32 (variant) - 1, 0));
  return TRUE;
}

static GVariant *
passes_set (const GValue *value, const GVariantType *type, gpointer data)
{
  guint sel = g_value_get_uint (value);
  return g_variant_new_int32 (sel == GTK_INVALID_LIST_POSITION ? 5 : (gint32) MIN (sel + 1, 9));
}

static void
setup_controls (DmkWindow *self)
{
  g_autofree char *nick = g_settings_get_string (self->settings, "unit");
  g_autofree char *last = g_settings_get_string (self->settings, "last-target");

  dmk_unit_dropdown_setup (self->unit_dropdown, self->settings);
  dmk_result_grid_set_unit (self->grid, dmk_unit_from_nick (nick));
  g_settings_bind_with_mapping (self->settings, "passes", self->passes_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, passes_get, passes_set, NULL, NULL);
  dmk_drop_down_set_accessible_label (self->passes_dropdown, _("Passes"));
  dmk_drop_down_set_accessible_label (self->size_dropdown, _("Test size"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->comment_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Comment"), -1);

  g_signal_connect_swapped (self->run, "notify::running", G_CALLBACK (update_plan_controls),
                            self);
  update_plan_controls (self);
  /* No run, of any view, may have its target changed under it. */
  g_object_bind_property (self->run, "running", self->target_chooser, "sensitive",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_object_bind_property (self->run, "running", self->menu_button, "sensitive",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);

  /* A saved target that has gone since falls back to home without a word; the setting keeps it
   * until the user chooses another. */
  if (last != NULL && last[0] != '\0')
    dmk_target_chooser_try_path (self->target_chooser, last, NULL);
  g_signal_connect (self->target_chooser, "notify::path", G_CALLBACK (on_target_changed), self);
  g_signal_connect (self->target_chooser, "notify::writes-allowed",
                    G_CALLBACK (on_target_changed), self);
  g_signal_connect (self->target_chooser, "devices-changed", G_CALLBACK (on_devices_changed),
                    self);
}

/* ---- the window ---- */

/* The window's parts, in the order they are set up (and the other way round when it goes). */
static const DmkWindowPart *const parts[] = {
  &_dmk_window_run_part,   &_dmk_window_actions_part, &_dmk_window_view_part,
  &_dmk_window_files_part, &_dmk_window_scans_part,   &_dmk_window_history_part,
  &_dmk_window_facts_part,
};

static void
dmk_window_dispose (GObject *object)
{
  DmkWindow *self = DMK_WINDOW (object);

  if (self->run != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      dmk_run_controller_stop (self->run);
    }
  if (self->error_dialog != NULL)
    gtk_window_destroy (self->error_dialog);
  if (self->allow_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->allow_dialog));
  if (self->close_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->close_dialog));
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  /* A scan in flight keeps the chooser alive after the window: it must not call back here. */
  if (self->target_chooser != NULL)
    g_signal_handlers_disconnect_by_data (self->target_chooser, self);
  g_clear_pointer (&self->history_verdict, g_free);
  g_clear_pointer (&self->history_left_out, g_free);
  g_clear_pointer (&self->history_verdict_of, dmk_result_unref);
  for (guint i = G_N_ELEMENTS (parts); i-- > 0;)
    if (parts[i]->dispose != NULL)
      parts[i]->dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_WINDOW);
  g_clear_object (&self->run);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->shown, dmk_result_unref);
  g_clear_pointer (&self->shown_source, g_free);
  g_clear_pointer (&self->shown_name, g_free);
  g_clear_pointer (&self->last_run, dmk_result_unref);
  g_clear_pointer (&self->before_run, dmk_result_unref);
  g_clear_pointer (&self->before_run_source, g_free);
  g_clear_pointer (&self->undo_result, dmk_result_unref);
  g_clear_pointer (&self->undo_profile, g_free);
  g_clear_pointer (&self->undo_custom, g_variant_unref);
  g_clear_pointer (&self->undo_status, g_free);
  g_clear_pointer (&self->tests_before, g_variant_unref);
  g_clear_pointer (&self->last_error, g_free);
  g_clear_pointer (&self->end_status, g_free);
  dmk_settings_clear (&self->run_settings);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  g_clear_pointer (&self->facts_text, g_free);
  g_clear_pointer (&self->job, dmk_fio_job_free);
  g_clear_pointer (&self->job_name, g_free);
  g_clear_pointer (&self->last_toast, g_free);
  g_clear_pointer (&self->progress.test_name, g_free);
  g_clear_handle_id (&self->progress.tick, g_source_remove);
  G_OBJECT_CLASS (dmk_window_parent_class)->dispose (object);
}

static void
dmk_window_class_init (DmkWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dmk_window_dispose;
  widget_class->size_allocate = dmk_window_size_allocate;

  /* Emitted when a run ends, however it ended. */
  signals[SIGNAL_RUN_FINISHED] = g_signal_new ("run-finished", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 0);
  /* Emitted when a scan of the block devices has updated the target list. */
  signals[SIGNAL_DEVICES_CHANGED] = g_signal_new ("devices-changed", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 0);

  g_type_ensure (DMK_TYPE_RESULT_GRID);
  g_type_ensure (DMK_TYPE_TARGET_CHOOSER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/gdiskmark/GDiskMark/dmk-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, grid);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, controls_box);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, passes_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, size_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, target_chooser);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, unit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, facts_box);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, facts_label);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, warnings_label);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, warnings_row);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, warnings_summary);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, warnings_button);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, facts_close);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, chain_button);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, chain_summary);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, chain_list);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, comment_entry);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, benchmark_page);
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i]->class_init != NULL)
      parts[i]->class_init (widget_class);
}

static void
dmk_window_init (DmkWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dmk_popovers_release_pointer_on_close ();
  dmk_a11y_tidy_on_map ();
  dmk_menu_button_name (self->menu_button, _("Main Menu"));

  self->settings = g_settings_new (APP_ID);
  self->run = dmk_run_controller_new (GTK_WINDOW (self));
  self->run_row = DMK_RESULT_GRID_NONE;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i]->init != NULL)
      parts[i]->init (self);
  setup_controls (self);
  apply_plan (self);
  g_signal_connect (self->settings, "changed", G_CALLBACK (on_settings_changed), self);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active_changed), NULL);
  dmk_window_keep_focus_shown (GTK_WINDOW (self));
  dmk_name_mnemonic_buttons (GTK_WIDGET (self));
  dmk_quiet_tooltips (GTK_WIDGET (self));
  dmk_hide_stack_pages (GTK_WIDGET (self->view_stack));
  _dmk_window_update_state (self);
  gtk_widget_grab_focus (dmk_result_grid_get_all_button (self->grid));
}

DmkWindow *
dmk_window_new (GtkApplication *application)
{
  return g_object_new (DMK_TYPE_WINDOW, "application", application, NULL);
}

const char *
dmk_window_get_last_error (DmkWindow *self)
{
  const GError *error;

  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  error = dmk_run_controller_get_error (self->run);
  return error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
           ? error->message
           : NULL;
}
