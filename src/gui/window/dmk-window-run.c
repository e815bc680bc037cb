/* dmk-window-run.c: the main window's run: starting it from the controls, showing its progress
 * in the grid (a progress bar with "Test 3 of 8" and the time left, the running test in the
 * title), what is shown when it ends however it ended, and a desktop notification when a run
 * ends unseen. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dmk-gui-utils.h"
#include "dmk-window-private.h"

/* ---- how far the run is ---- */

/* The plan in seconds: every test is a warm-up and its passes, with an interval before each but
 * the first. The run itself can take longer (layout, slow devices): the pace corrects that. */
static double
per_job_s (DmkWindow *self)
{
  return (double) self->progress.passes * self->progress.measure_s + self->progress.warmup_s;
}

static double
start_of_s (DmkWindow *self, guint index)
{
  return index * (per_job_s (self) + self->progress.interval_s);
}

static double
total_s (DmkWindow *self)
{
  guint n = self->progress.n_jobs;

  return n * per_job_s (self) + (n > 0 ? n - 1 : 0) * (double) self->progress.interval_s;
}

static char *
time_left_text (double seconds)
{
  guint s = (guint) (seconds + 0.5);

  if (s < 60)
    /* TRANSLATORS: the time a run has left, under a minute */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u second left", "%u seconds left", s),
                            s);
  s = (s + 59) / 60;
  /* TRANSLATORS: the time a run has left, estimated */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u minute left",
                                       "about %u minutes left", s),
                          s);
}

static void
show_progress (DmkWindow *self)
{
  double total = total_s (self);
  double phase = (double) (g_get_monotonic_time () - self->progress.phase_us) / G_USEC_PER_SEC;
  double done = self->progress.done_s + MIN (phase, self->progress.phase_cap_s);
  double left = MAX (total - done, 0);
  g_autofree char *when = NULL;
  g_autofree char *text = NULL;

  if (self->progress.tests_us == 0 || total <= 0)
    {
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
      gtk_progress_bar_set_text (self->progress_bar, _("Preparing the test file…"));
      return;
    }
  /* Past a few seconds, the time the run really takes per planned second refines the guess. */
  if (done > 2.0 * self->progress.measure_s)
    {
      double spent = (double) (g_get_monotonic_time () - self->progress.tests_us) / G_USEC_PER_SEC;
      left *= CLAMP (spent / done, 0.5, 4.0);
    }
  when = time_left_text (left);
  /* TRANSLATORS: the progress bar during a run: "Test 3 of 8 · about 2 minutes left" */
  text = g_strdup_printf (_("Test %u of %u · %s"), MIN (self->progress.test_index + 1,
                                                        self->progress.n_jobs),
                          self->progress.n_jobs, when);
  gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (done / total, 0, 1));
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static gboolean
tick (gpointer data)
{
  show_progress (data);
  return G_SOURCE_CONTINUE;
}

static void
set_title (DmkWindow *self, const char *test)
{
  g_autofree char *title = NULL;

  if (test == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("GDiskMark"));
      adw_window_title_set_title (self->window_title, _("GDiskMark"));
      return;
    }
  /* TRANSLATORS: the window's title during a run: "SEQ1M Q8T1 Read (3/8) — GDiskMark" */
  title = g_strdup_printf (_("%s (%u/%u) — GDiskMark"), test, self->progress.test_index + 1,
                           self->progress.n_jobs);
  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_window_title_set_title (self->window_title, test);
}

/* The bar keeps its place in the layout; idle, it is neither seen nor spoken. */
static void
show_progress_bar (DmkWindow *self, gboolean shown)
{
  gtk_widget_set_opacity (GTK_WIDGET (self->progress_bar), shown ? 1 : 0);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->progress_bar), GTK_ACCESSIBLE_STATE_HIDDEN,
                               !shown, -1);
}

static void
progress_start (DmkWindow *self, const DmkSettings *settings, guint n_jobs)
{
  self->progress.n_jobs = n_jobs;
  self->progress.passes = settings->passes;
  self->progress.measure_s = settings->measure_s;
  self->progress.warmup_s = dmk_settings_warmup_s (settings);
  self->progress.interval_s = settings->interval_s;
  self->progress.done_s = 0;
  self->progress.phase_cap_s = 0;
  self->progress.phase_us = g_get_monotonic_time ();
  self->progress.tests_us = 0;
  self->progress.test_index = 0;
  g_clear_pointer (&self->progress.test_name, g_free);
  if (self->progress.tick == 0)
    self->progress.tick = g_timeout_add (500, tick, self);
  show_progress_bar (self, TRUE);
  show_progress (self);
}

/* Where the run is in the plan when p arrives, and how long that phase may last. */
static void
place (DmkWindow *self, const DmkProgress *p)
{
  double start = start_of_s (self, p->test_index);

  switch (p->phase)
    {
    case DMK_PHASE_WARMUP:
      self->progress.done_s = start;
      self->progress.phase_cap_s = self->progress.warmup_s;
      break;
    case DMK_PHASE_MEASURE:
      self->progress.done_s =
        start + self->progress.warmup_s + (double) (p->pass - 1) * self->progress.measure_s;
      self->progress.phase_cap_s = self->progress.measure_s;
      break;
    case DMK_PHASE_TEST_DONE:
      self->progress.done_s = start + per_job_s (self);
      self->progress.phase_cap_s = 0;
      break;
    case DMK_PHASE_INTERVAL:
      self->progress.done_s = start - p->interval_remaining_s;
      self->progress.phase_cap_s = 1;
      break;
    default:
      return;
    }
}

static void
progress_update (DmkWindow *self, const DmkProgress *p)
{
  double before = self->progress.done_s;
  double cap = self->progress.phase_cap_s;
  gboolean moved = FALSE;

  if (p->phase < DMK_PHASE_WARMUP || p->phase == DMK_PHASE_PASS_DONE)
    return;
  if (self->progress.tests_us == 0)
    self->progress.tests_us = g_get_monotonic_time ();
  place (self, p);
  /* Live updates within one pass do not restart its clock. */
  if (self->progress.done_s != before || self->progress.phase_cap_s != cap)
    {
      self->progress.phase_us = g_get_monotonic_time ();
      moved = TRUE;
    }
  if (p->phase == DMK_PHASE_WARMUP || self->progress.test_name == NULL ||
      p->test_index != self->progress.test_index)
    {
      g_autofree char *name = dmk_test_spec_to_name (&p->spec);

      self->progress.test_index = p->test_index;
      g_free (self->progress.test_name);
      self->progress.test_name = g_strdup_printf ("%s %s", name,
                                                  dmk_direction_label (p->direction));
      set_title (self, self->progress.test_name);
      moved = TRUE;
    }
  /* Within a phase the bar follows the clock (tick): a new fraction at every live update was a
   * layout of the whole window, ten a second. */
  if (moved)
    show_progress (self);
}

/* The headline a notification gives: the first test's read and write, as CrystalDiskMark's top
 * row. */
static char *
headline (DmkResult *result)
{
  g_autoptr (GString) s = g_string_new (NULL);
  const DmkTestSpec *first;
  g_autofree char *name = NULL;

  if (result->tests->len == 0)
    return NULL;
  first = &((DmkTestResult *) result->tests->pdata[0])->spec;
  name = dmk_test_spec_to_name (first);
  g_string_append (s, name);
  for (DmkDirection d = DMK_DIRECTION_READ; d <= DMK_DIRECTION_MIX; d++)
    {
      DmkTestResult *t = dmk_result_find (result, first, d);
      g_autofree char *value = t ? dmk_unit_format (DMK_UNIT_MB_S, t->mb_per_s) : NULL;

      if (t != NULL)
        g_string_append_printf (s, " · %s %s %s", dmk_direction_label (d), value,
                                dmk_unit_label (DMK_UNIT_MB_S));
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* A run of minutes ends while the user looks elsewhere: tell them, with the numbers (a grid's
 * headline, a scan's sentence). Clicking the notification brings the window up (app.present). */
static void
notify_end (DmkWindow *self, DmkResult *result)
{
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  g_autoptr (GNotification) notification = NULL;
  gboolean complete = result != NULL && dmk_run_controller_get_error (self->run) == NULL;
  DmkResultKind kind = dmk_run_controller_get_kind (self->run);
  g_autofree char *summary = NULL, *body = NULL;

  if (result == NULL || gtk_window_is_active (GTK_WINDOW (self)) || app == NULL ||
      g_application_get_dbus_connection (app) == NULL)
    return; /* seen, or no session bus: nobody to show it */
  body = kind == DMK_KIND_GRID ? headline (result) : dmk_describe_scan_result (result);
  if (kind == DMK_KIND_GRID)
    summary = g_strdup (complete ? _("Benchmark Finished") : _("Benchmark Stopped"));
  else
    /* TRANSLATORS: a notification's title: "Sustained Write Finished", "Block-Size Sweep
     * Stopped" */
    summary = g_strdup_printf (complete ? _("%s Finished") : _("%s Stopped"),
                               dmk_result_kind_label (kind));
  notification = g_notification_new (summary);
  g_notification_set_body (notification, body);
  g_notification_set_default_action (notification, "app.present");
  g_application_send_notification (app, "run-finished", notification);
}

static void
progress_stop (DmkWindow *self, DmkResult *result)
{
  g_clear_handle_id (&self->progress.tick, g_source_remove);
  g_clear_pointer (&self->progress.test_name, g_free);
  show_progress_bar (self, FALSE);
  set_title (self, NULL);
  notify_end (self, result);
}

/* ---- starting and ending ---- */

static gboolean
same_run_settings (const DmkSettings *a, const DmkSettings *b)
{
  return g_strcmp0 (a->profile, b->profile) == 0 && a->mode == b->mode && a->data == b->data &&
         a->engine == b->engine && a->passes == b->passes && a->size_bytes == b->size_bytes &&
         a->measure_s == b->measure_s &&
         dmk_settings_warmup_s (a) == dmk_settings_warmup_s (b) && a->direct == b->direct &&
         a->mix_read_percent == b->mix_read_percent;
}

/* One row run again over a run's result: the new tests take their places, the others stay, so
 * what the grid shows stays one result. */
static void
merge_into (DmkResult *result, DmkResult *before)
{
  g_autoptr (GPtrArray) tests = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                  dmk_test_result_free);
  g_autoptr (GPtrArray) fresh = g_steal_pointer (&result->tests);

  for (guint i = 0; i < before->tests->len; i++)
    {
      DmkTestResult *old = g_ptr_array_index (before->tests, i);
      guint j;

      for (j = 0; j < fresh->len; j++)
        {
          DmkTestResult *t = g_ptr_array_index (fresh, j);
          if (t != NULL && t->direction == old->direction && dmk_test_spec_equal (&t->spec,
                                                                                   &old->spec))
            break;
        }
      if (j < fresh->len)
        g_ptr_array_add (tests, g_steal_pointer (&fresh->pdata[j]));
      else
        {
          /* Kept from the run before: it says when it was measured. */
          DmkTestResult *kept = dmk_test_result_copy (old);

          if (kept->date == NULL)
            kept->date = g_strdup (before->date);
          g_ptr_array_add (tests, kept);
        }
    }
  for (guint j = 0; j < fresh->len; j++)
    if (fresh->pdata[j] != NULL)
      g_ptr_array_add (tests, g_steal_pointer (&fresh->pdata[j]));
  g_ptr_array_set_free_func (fresh, NULL);
  result->tests = g_steal_pointer (&tests);
}

static gboolean
wants_writes (DmkWindow *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "mode");

  return g_str_equal (mode, "write");
}

static gboolean
reads_only (DmkWindow *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "mode");

  return g_str_equal (mode, "read");
}

/* A run that is not one row again over the shown result starts from an empty grid of the plan;
 * the row of an opened or other result runs the same test, wherever the plan has it. Returns the
 * row that now runs. */
static int
plan_grid (DmkWindow *self, int row, GArray *jobs)
{
  const DmkTestSpec *spec = &g_array_index (jobs, DmkJob, 0).spec;
  g_autoptr (GArray) plan = NULL;
  g_autofree char *profile = NULL;
  guint mix = 0;

  plan = _dmk_window_plan_specs (self, &profile, &mix);
  dmk_result_grid_set_plan (self->grid, profile, plan, mix);
  if (row < 0 || self->shown == NULL)
    return row;
  row = dmk_result_grid_find_row (self->grid, spec);
  if (row < 0)
    {
      g_autoptr (GArray) one = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));

      g_array_append_vals (one, spec, 1);
      dmk_result_grid_set_plan (self->grid, profile, one, mix);
      row = 0;
    }
  return row;
}

/* ---- the destroy-data confirmation ---- */

static void
identity_free (gpointer identity)
{
  dmk_device_identity_clear (identity);
  g_free (identity);
}

static void ask_device_writes (DmkWindow *self, int row);
static void run_start (DmkWindow *self, int row);

static void
allow_response (AdwMessageDialog *dialog, const char *response, DmkWindow *self)
{
  g_autofree char *path = g_strdup (g_object_get_data (G_OBJECT (dialog), "device"));
  const DmkDeviceIdentity *named = g_object_get_data (G_OBJECT (dialog), "identity");
  int row = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "row"));
  gboolean confirmed = g_str_equal (response, "destroy") &&
                       g_strcmp0 (path, dmk_window_get_target_path (self)) == 0 &&
                       !dmk_run_controller_get_running (self->run);
  /* For the device the question named, and only if it is still the one there. */
  gboolean allowed = confirmed && named != NULL &&
                     dmk_target_chooser_allow_writes (self->target_chooser, named);

  if (!confirmed)
    dmk_target_chooser_forget_consent_lost (self->target_chooser);
  /* Also when answered from code (adw_message_dialog_response), which does not close it. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (allowed)
    {
      /* Short enough for a toast's one line at the window's default width. */
      /* TRANSLATORS: %s is a device: "Writes allowed on /dev/sdb until you change the target" */
      g_autofree char *msg = g_strdup_printf (_("Writes allowed on %s until you change the target"),
                                              path);
      _dmk_window_toast (self, msg);
      /* "Destroy Data and Test": the test the user asked for runs now. */
      run_start (self, row);
    }
  else if (confirmed)
    /* Another device took the name while the question was open: ask about that one. */
    ask_device_writes (self, row);
}

static void
ask_device_writes (DmkWindow *self, int row)
{
  DmkTargetItem *device = dmk_target_chooser_get_device (self->target_chooser);
  const char *path = dmk_window_get_target_path (self);
  g_autofree char *body = NULL, *what = NULL;
  AdwMessageDialog *dialog;

  if (device == NULL || dmk_target_item_get_in_use (device) ||
      dmk_run_controller_get_running (self->run) ||
      dmk_target_chooser_get_writes_allowed (self->target_chooser))
    return;
  if (self->allow_dialog != NULL)
    {
      g_object_set_data (G_OBJECT (self->allow_dialog), "row", GINT_TO_POINTER (row));
      gtk_window_present (GTK_WINDOW (self->allow_dialog));
      return;
    }
  /* The question names the device there now, whatever the list saw last. */
  dmk_target_chooser_describe_target_now (self->target_chooser);
  device = dmk_target_chooser_get_device (self->target_chooser);
  if (dmk_target_item_get_in_use (device))
    return;
  what = dmk_describe_device (path, dmk_target_item_get_model (device),
                              dmk_target_item_get_size (device));
  {
    g_autofree char *warning = g_strdup_printf (
      _("Write tests write over the whole test area of %s. All data on this device will be "
        "destroyed: its files, partitions and file systems cannot be recovered afterwards.\n\n"
        "Allow this only for a device whose contents you no longer need."),
      what);

    /* What the kernel's exclusive open cannot see: a holder that never asked for it. */
    body = g_strdup_printf ("%s\n\n%s", warning,
                            _("A program that uses the device without locking it, such as a "
                              "virtual machine using it as its disk, is not noticed: close such "
                              "programs first."));
  }
  {
    char *whole = dmk_markup_unbroken_paths (body);

    g_free (body);
    body = whole;
  }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Destroy All Data on This Device?"),
                                                       NULL));
  adw_message_dialog_set_body_use_markup (dialog, TRUE);
  adw_message_dialog_set_body (dialog, body);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "destroy",
                                    _("_Destroy Data and Test"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "destroy", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "device", g_strdup (path), g_free);
  g_object_set_data (G_OBJECT (dialog), "row", GINT_TO_POINTER (row));
  {
    DmkDeviceIdentity *named = g_new0 (DmkDeviceIdentity, 1);

    dmk_device_identity_copy (named, &dmk_target_item_get_place (device)->identity);
    g_object_set_data_full (G_OBJECT (dialog), "identity", named, identity_free);
  }
  g_signal_connect (dialog, "response", G_CALLBACK (allow_response), self);
  self->allow_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->allow_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
run_start (DmkWindow *self, int row)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) jobs = NULL;
  DmkRunRequest request = { .kind = DMK_KIND_GRID };
  DmkSettings s;
  DmkTargetItem *device = dmk_target_chooser_get_device (self->target_chooser);

  if (dmk_run_controller_get_running (self->run))
    return;
  /* The device at the path now is the one writes were allowed on, or they are not. */
  if (device != NULL)
    dmk_target_chooser_recheck_consent (self->target_chooser);
  /* Write Only on a device without the confirmation would run nothing, and a device that took
   * the name of one the user allowed writes on is asked about rather than read in silence. */
  if (device != NULL && !dmk_target_chooser_get_writes_allowed (self->target_chooser) &&
      (wants_writes (self) ||
       (dmk_target_chooser_get_consent_lost (self->target_chooser) && !reads_only (self))) &&
      !dmk_target_item_get_in_use (device))
    {
      ask_device_writes (self, row);
      return;
    }
  /* The one plan of the run: what the grid clears, what the runner runs. */
  if (!_dmk_window_plan_run (self, row, &s, &jobs, &error))
    {
      _dmk_window_show_error (self, _("The Benchmark Could Not Start"), error->message);
      dmk_settings_clear (&s);
      return;
    }
  self->merge_run = row >= 0 && self->shown != NULL && self->shown_source == NULL &&
                    g_strcmp0 (self->shown->target.path, dmk_window_get_target_path (self)) == 0 &&
                    same_run_settings (&self->shown->settings, &s);
  request.path = dmk_window_get_target_path (self);
  request.settings = &s;
  request.jobs = jobs;
  request.comment = _dmk_window_comment_for_run (self, self->merge_run);
  if (!dmk_run_controller_start (self->run, &request, &error))
    {
      _dmk_window_show_error (self, _("The Benchmark Could Not Start"), error->message);
      dmk_settings_clear (&s);
      return;
    }
  progress_start (self, &s, jobs->len);
  /* What the facts line says during the run. */
  dmk_settings_clear (&self->run_settings);
  dmk_settings_copy (&self->run_settings, &s);
  dmk_settings_clear (&s);

  /* What was shown comes back if the run finishes no test. */
  g_clear_pointer (&self->before_run, dmk_result_unref);
  g_free (self->before_run_source);
  self->before_run = self->shown ? dmk_result_ref (self->shown) : NULL;
  self->before_run_source = g_strdup (self->shown_source);
  g_clear_pointer (&self->last_error, g_free);
  if (!self->merge_run)
    row = plan_grid (self, row, jobs);
  g_clear_pointer (&self->shown, dmk_result_unref);
  g_clear_pointer (&self->shown_source, g_free);
  g_clear_pointer (&self->shown_name, g_free);
  dmk_result_grid_clear_jobs (self->grid, jobs);
  self->run_row = row;
  /* Stop is enabled, then the button turns into Stop, then the run's other actions switch
   * off (_dmk_window_update_actions). */
  _dmk_window_enable_action (self, "stop", TRUE);
  _dmk_window_enable_action (self, "stop-row", TRUE);
  dmk_result_grid_set_stop_row (self->grid, row);
  g_clear_pointer (&self->end_status, g_free);
  gtk_label_set_text (self->status_label, _("Starting…"));
  _dmk_window_update_state (self);
}

/* How the run ended, for the status line while its result (or what was shown before it, when
 * nothing finished) is on screen: what this run did, a row's rerun being one test. */
static char *
end_status (DmkWindow *self, DmkResult *result, const GError *error, gboolean cancelled)
{
  guint done = result != NULL ? result->tests->len : 0;

  if (error != NULL && !cancelled)
    return g_strdup (self->last_error);
  if (cancelled && done > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Stopped after %u test: it is kept, marked interrupted",
                                         "Stopped after %u tests: they are kept, marked "
                                         "interrupted",
                                         done),
                            done);
  if (cancelled)
    return g_strdup (_("Stopped before any test finished"));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Done: %u test in %.0f s",
                                       "Done: %u tests in %.0f s", done),
                          done, dmk_run_controller_get_elapsed (self->run));
}

static void
on_progress (DmkRunController *run, const DmkProgress *p, DmkWindow *self)
{
  g_autofree char *status = NULL;
  const char *path = dmk_run_controller_get_path (run);

  if (dmk_run_controller_get_job (run) != DMK_RUN_JOB_RUN ||
      dmk_run_controller_get_kind (run) != DMK_KIND_GRID)
    return; /* a scan's progress is its view's, a check's or a sweep's its dialog's */
  switch (p->phase)
    {
    case DMK_PHASE_OPEN:
      if (dmk_target_chooser_get_device (self->target_chooser) != NULL)
        /* TRANSLATORS: opening a block device may wait for the password dialog */
        status = g_strdup_printf (_("Opening %s (this may ask for authentication)…"), path);
      else
        status = g_strdup_printf (_("Opening %s…"), path);
      break;
    case DMK_PHASE_WARMUP:
      self->shown_samples = 0;
      dmk_result_grid_set_live (self->grid, &p->spec, p->direction, 0, 0, p->n_passes);
      break;
    case DMK_PHASE_MEASURE:
      if (p->live_mb_per_s > 0)
        dmk_result_grid_set_live (self->grid, &p->spec, p->direction, p->live_mb_per_s, p->pass,
                                  p->n_passes);
      /* Each interval once, as it ends. */
      if (p->n_samples > 0 && (p->n_samples != self->shown_samples || p->pass != self->shown_pass))
        {
          dmk_result_grid_add_sample (self->grid, &p->spec, p->direction, p->pass,
                                      p->sample_end_s, p->sample_mb_per_s,
                                      p->sample_has_celsius ? p->sample_celsius : NAN);
          self->shown_samples = p->n_samples;
          self->shown_pass = p->pass;
        }
      break;
    case DMK_PHASE_PASS_DONE:
      dmk_result_grid_set_live (self->grid, &p->spec, p->direction, p->live_mb_per_s, p->pass,
                                p->n_passes);
      break;
    case DMK_PHASE_TEST_DONE:
      if (p->test != NULL)
        dmk_result_grid_set_test (self->grid, p->test);
      break;
    default:
      break;
    }
  progress_update (self, p);
  /* The CLI prints the same sentences. */
  if (status == NULL)
    status = dmk_progress_describe (p);
  if (status != NULL && !dmk_run_controller_get_stopping (run))
    gtk_label_set_text (self->status_label, status);
}

static void
on_stopping (DmkRunController *run, GParamSpec *pspec, DmkWindow *self)
{
  if (dmk_run_controller_get_kind (run) == DMK_KIND_GRID && dmk_run_controller_get_stopping (run))
    gtk_label_set_text (self->status_label, _("Stopping…"));
}

static void
on_finished (DmkRunController *run, DmkWindow *self)
{
  DmkResult *result = dmk_run_controller_get_result (run);
  const GError *error = dmk_run_controller_get_error (run);
  gboolean cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  if (dmk_run_controller_get_job (run) != DMK_RUN_JOB_RUN ||
      dmk_run_controller_get_kind (run) != DMK_KIND_GRID)
    {
      /* A scan's result is its view's, a capacity check's or an iozone sweep's its dialog's;
       * the window's actions, the desktop's notification (of a scan) and a pending close
       * follow. */
      if (dmk_run_controller_get_job (run) == DMK_RUN_JOB_RUN)
        notify_end (self, result);
      _dmk_window_update_actions (self);
      g_signal_emit_by_name (self, "run-finished");
      if (self->close_after_run)
        gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  progress_stop (self, result);
  /* Actions come back before the Stop button turns back into a run button under the pointer,
   * and win.stop goes only after. */
  _dmk_window_update_actions (self);
  dmk_result_grid_set_stop_row (self->grid, DMK_RESULT_GRID_NONE);
  _dmk_window_update_actions (self);
  dmk_result_grid_clear_live (self->grid);
  if (error != NULL && !cancelled)
    {
      g_free (self->last_error);
      self->last_error = g_strdup_printf (_("Failed: %s"), error->message);
    }
  g_free (self->end_status);
  self->end_status = end_status (self, result, error, cancelled);
  if (result != NULL)
    {
      if (self->merge_run && self->before_run != NULL && error == NULL)
        merge_into (result, self->before_run);
      g_free (result->comment);
      result->comment = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->comment_entry)));
      /* Where GDiskMark ran the job differently from fio, as the CLI says it. */
      if (self->job != NULL)
        dmk_fio_job_add_notes (self->job, result->target.path, result->warnings);
      g_clear_pointer (&self->last_run, dmk_result_unref);
      self->last_run = dmk_result_ref (result);
      /* Its warnings stay on screen with it (the facts lines), not in a toast that goes. */
      _dmk_window_show_result (self, result, NULL);
    }
  else
    /* Nothing finished: what was there before stays, as it was. */
    _dmk_window_show_result (self, self->before_run, self->before_run_source);
  g_clear_pointer (&self->before_run, dmk_result_unref);
  g_clear_pointer (&self->before_run_source, g_free);
  if (error != NULL && !cancelled && !self->close_after_run)
    _dmk_window_show_error (self, _("The Benchmark Failed"), error->message);
  g_signal_emit_by_name (self, "run-finished");
  if (self->close_after_run)
    gtk_window_destroy (GTK_WINDOW (self));
}

/* ---- the run's actions ---- */

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_start (DMK_WINDOW (user_data), DMK_RESULT_GRID_ALL);
}

static void
run_test_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_start (DMK_WINDOW (user_data), g_variant_get_int32 (param));
}

static void
stop_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_run_controller_stop (DMK_WINDOW (user_data)->run);
}

static void
allow_device_writes_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  ask_device_writes (DMK_WINDOW (user_data), DMK_RESULT_GRID_ALL);
}

static const GActionEntry run_actions[] = {
  { "start", start_activated, NULL, NULL, NULL },
  { "run-test", run_test_activated, "i", NULL, NULL },
  { "stop", stop_activated, NULL, NULL, NULL },
  /* What a row's Stop button does: its row is its target, as for win.run-test. */
  { "stop-row", stop_activated, "i", NULL, NULL },
  { "allow-device-writes", allow_device_writes_activated, NULL, NULL, NULL },
};

static void
run_class_init (GtkWidgetClass *widget_class)
{
  /* Escape stops a run; popovers and dialogs see it first, so it never surprises there. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.stop", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "win.start", NULL);
  for (guint i = 0; i < 9; i++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                           "win.run-test", "i", (gint32) i);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_1 + i, GDK_ALT_MASK,
                                           "win.run-test", "i", (gint32) i);
    }
}

static void
run_init (DmkWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), run_actions, G_N_ELEMENTS (run_actions),
                                   self);
  show_progress_bar (self, FALSE);
  g_signal_connect (self->run, "progress", G_CALLBACK (on_progress), self);
  g_signal_connect (self->run, "notify::stopping", G_CALLBACK (on_stopping), self);
  g_signal_connect (self->run, "finished", G_CALLBACK (on_finished), self);
}

const DmkWindowPart _dmk_window_run_part = { run_class_init, run_init, NULL };
