/* dmk-window-progress.c: how far a run is: a progress bar with "Test 3 of 8" and the time left,
 * the running test in the title, and a desktop notification when a run ends unseen. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-window-private.h"

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

void
_dmk_window_progress_start (DmkWindow *self, const DmkSettings *settings, guint n_jobs)
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
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
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

void
_dmk_window_progress_update (DmkWindow *self, const DmkProgress *p)
{
  double before = self->progress.done_s;
  double cap = self->progress.phase_cap_s;

  if (p->phase < DMK_PHASE_WARMUP || p->phase == DMK_PHASE_PASS_DONE)
    return;
  if (self->progress.tests_us == 0)
    self->progress.tests_us = g_get_monotonic_time ();
  place (self, p);
  /* Live updates within one pass do not restart its clock. */
  if (self->progress.done_s != before || self->progress.phase_cap_s != cap)
    self->progress.phase_us = g_get_monotonic_time ();
  if (p->phase == DMK_PHASE_WARMUP || self->progress.test_name == NULL ||
      p->test_index != self->progress.test_index)
    {
      g_autofree char *name = dmk_test_spec_to_name (&p->spec);

      self->progress.test_index = p->test_index;
      g_free (self->progress.test_name);
      self->progress.test_name = g_strdup_printf ("%s %s", name,
                                                  dmk_direction_label (p->direction));
      set_title (self, self->progress.test_name);
    }
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

/* A run of minutes ends while the user looks elsewhere: tell them, with the numbers. Clicking
 * the notification brings the window up (app.present). */
static void
notify_end (DmkWindow *self, DmkResult *result)
{
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  g_autoptr (GNotification) notification = NULL;
  gboolean complete = result != NULL && dmk_run_controller_get_error (self->run) == NULL;

  g_clear_pointer (&self->notification_body, g_free);
  if (result == NULL || gtk_window_is_active (GTK_WINDOW (self)))
    return;
  self->notification_body = headline (result);
  if (app == NULL || g_application_get_dbus_connection (app) == NULL)
    return; /* no session bus: nobody to show it */
  notification = g_notification_new (complete ? _("Benchmark Finished") : _("Benchmark Stopped"));
  g_notification_set_body (notification, self->notification_body);
  g_notification_set_default_action (notification, "app.present");
  g_application_send_notification (app, "run-finished", notification);
}

void
_dmk_window_progress_stop (DmkWindow *self, DmkResult *result)
{
  g_clear_handle_id (&self->progress.tick, g_source_remove);
  g_clear_pointer (&self->progress.test_name, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  set_title (self, NULL);
  notify_end (self, result);
}
