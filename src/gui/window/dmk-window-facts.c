/* dmk-window-facts.c: the lines that say whose numbers the grid shows (or which fio job it
 * plans), what changes their meaning, why a cell is empty, the status line and the subtitle. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dmk-window-private.h"

/* Why the coming run leaves cells of a direction empty, from the controls; NULL when it runs. */
static char *
controls_reason (DmkWindow *self, DmkDirection dir)
{
  DmkTargetItem *device = dmk_target_chooser_get_device (self->target_chooser);
  const char *path = dmk_window_get_target_path (self);
  /* An open fio job says its own directions; otherwise the controls do. */
  g_autofree char *mode = self->job != NULL
                            ? g_strdup (dmk_mode_to_string (self->job->settings.mode))
                            : g_settings_get_string (self->settings, "mode");
  g_autofree char *write = NULL;

  if (dir == DMK_DIRECTION_READ)
    return g_str_equal (mode, "write") ? g_strdup (_("Write Only mode: read tests do not run"))
                                       : NULL;
  if (device != NULL && dmk_target_item_get_in_use (device))
    write = g_strdup_printf (_("Write tests would destroy the data on %s, which is in use: "
                               "unmount it first"),
                             path);
  else if (device != NULL && !dmk_target_chooser_get_writes_allowed (self->target_chooser))
    write = g_strdup_printf (_("Write tests would destroy the data on %s: allow them from the "
                               "menu"),
                             path);
  else if (g_str_equal (mode, "read"))
    write = g_strdup (_("Read Only mode: write tests do not run"));
  if (write != NULL && dir == DMK_DIRECTION_MIX)
    return g_strdup_printf ("%s %s", _("The mixed test writes too."), write);
  return g_steal_pointer (&write);
}

/* Why a shown result has no value in a cell of a direction: how it was measured. */
static char *
result_reason (DmkResult *r, DmkDirection dir)
{
  if (dir == DMK_DIRECTION_READ && r->settings.mode == DMK_MODE_WRITE)
    return g_strdup (_("Not measured: this run was Write Only"));
  if (dir != DMK_DIRECTION_READ && r->settings.mode == DMK_MODE_READ)
    return g_strdup (_("Not measured: this run was Read Only, which never writes"));
  return g_strdup (_("Not measured in this result"));
}

/* Empty cells are a "—" that says why, the same in a folder and on a device; a shown result's
 * own values are never hidden. For a result of the current target the controls say what to do
 * about it ("allow them from the menu"); for another, how that result was measured. */
static void
update_blocked (DmkWindow *self)
{
  static const DmkDirection dirs[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE,
                                       DMK_DIRECTION_MIX };
  gboolean shown = self->shown != NULL && !dmk_run_controller_get_running (self->run);
  gboolean same_target = shown && g_strcmp0 (self->shown->target.path,
                                             dmk_window_get_target_path (self)) == 0;

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *reason = !shown || same_target ? controls_reason (self, dirs[i]) : NULL;

      if (shown && reason == NULL)
        reason = result_reason (self->shown, dirs[i]);
      dmk_result_grid_set_blocked (self->grid, dirs[i], reason);
    }
}

/* The passes a grid's tests ran: the passes set, or under "until stable" what ran ("3" or
 * "3–9" when tests ran different counts). */
static char *
passes_run (DmkResult *r)
{
  guint least = G_MAXUINT, most = 0;

  if (r->settings.reread)
    return g_strdup ("2");
  if (!r->settings.until_stable)
    return g_strdup_printf ("%u", r->settings.passes);
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);

      if (t->passes == NULL || t->passes->len == 0)
        continue;
      least = MIN (least, t->passes->len);
      most = MAX (most, t->passes->len);
    }
  if (most == 0)
    return g_strdup_printf ("%u", r->settings.passes);
  return least == most ? g_strdup_printf ("%u", most) : g_strdup_printf ("%u–%u", least, most);
}

/* What else decided the numbers: a profile's own rest between tests (the Flash profile's),
 * and verification with its count; "" when nothing. */
static char *
run_extras (DmkResult *r)
{
  const DmkProfile *p = dmk_profile_find (r->settings.profile);
  GString *s = g_string_new (NULL);

  if (p != NULL && p->interval_s > 0 && r->settings.interval_s > 0)
    /* TRANSLATORS: after the score's rule in the line over a result: the Flash profile's own
     * rest between tests: " · 30 s between tests" */
    g_string_append_printf (s, _(" · %u s between tests"), r->settings.interval_s);
  {
    const char *earliest = NULL;
    guint earlier = 0;

    for (guint i = 0; i < r->tests->len; i++)
      {
        DmkTestResult *t = g_ptr_array_index (r->tests, i);

        if (t->date == NULL)
          continue;
        earlier++;
        if (earliest == NULL || strcmp (t->date, earliest) < 0)
          earliest = t->date;
      }
    if (earlier > 0)
      {
        g_autofree char *when = dmk_format_date_human (earliest);

        /* TRANSLATORS: after the score's rule, when a row was run again over a result: the
         * tests kept from before and when they were measured: " · 6 tests from 2026-12-07
         * 11:40" */
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, " · %u test from %s",
                                                " · %u tests from %s", earlier),
                                earlier, when);
      }
  }
  if (r->settings.verify)
    {
      guint64 bad = r->verify.bad;
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, bad);

      /* TRANSLATORS: after the score's rule: every block read was checked against what was
       * written: " · verified, 0 mismatches" */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, " · verified, %s mismatch",
                                              " · verified, %s mismatches", bad),
                              count);
    }
  return g_string_free (s, FALSE);
}

static char *
describe_result (DmkResult *r)
{
  g_autofree char *date = dmk_format_date_human (r->date);
  g_autofree char *size = dmk_format_size (r->settings.size_bytes);
  const char *target = r->target.path ? r->target.path : "?";
  g_autofree char *where = r->target.filesystem && r->target.filesystem[0]
                             ? g_strdup_printf ("%s (%s)", target, r->target.filesystem)
                             : g_strdup (target);
  g_autofree char *rule = r->kind == DMK_KIND_GRID ? dmk_score_rule_text (&r->settings, TRUE)
                                                  : NULL;
  g_autofree char *passes = passes_run (r);
  g_autofree char *extras = run_extras (r);

  if (rule != NULL)
    /* TRANSLATORS: what a result belongs to and how its scores were taken: "/dev/shm (tmpfs) ·
     * 2026-11-30 22:31 · Default · 5 × 1 GiB · best of 5 passes after a 5 s warm-up"; the
     * passes are those run ("3–9" under until stable); the last %s is "" or more facts, each
     * starting " · " */
    return g_strdup_printf (_("%s · %s · %s · %s × %s · %s%s"), where, date,
                            dmk_profile_short_name (r->settings.profile), passes, size, rule,
                            extras);
  /* TRANSLATORS: what a result belongs to: "/dev/shm (tmpfs) · 2026-11-30 22:31 · Default ·
   * 5 × 1 GiB" */
  return g_strdup_printf (_("%s · %s · %s · %s × %s%s"), where, date,
                          dmk_profile_short_name (r->settings.profile), passes, size, extras);
}

/* The notes on the numbers (n of them, one a line in text, worst first): a short one in full,
 * more as one line (how many, and the first) with the whole text under Details, so that the
 * window keeps its size and the comment, the status line and the views stay on screen whatever
 * a result says. error: data did not read back as written. */
static void
set_notes (DmkWindow *self, const char *text, guint n, gboolean error)
{
  gboolean whole = n == 1 && g_utf8_strlen (text, -1) <= 90;
  g_autofree char *first = g_strndup (text, strcspn (text, "\n"));
  g_autofree char *summary = NULL;

  gboolean chain = gtk_widget_get_visible (self->chain_button);

  gtk_label_set_text (self->warnings_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_label), n > 0);
  /* The chain's line shares the row: beside notes it is one word, its summary in its tooltip. */
  gtk_widget_set_visible (self->warnings_row, n > 0 || chain);
  gtk_widget_set_visible (GTK_WIDGET (self->warnings_summary), n > 0);
  if (chain && n > 0)
    /* TRANSLATORS: the button beside a result's notes that opens its chain of links */
    gtk_label_set_text (self->chain_summary, _("Chain"));
  if (chain)
    /* Heard as it reads (GTK 4.8 said "GtkMenuButton"), its summary as its description. */
    dmk_menu_button_name (GTK_MENU_BUTTON (self->chain_button),
                          gtk_label_get_text (self->chain_summary));
  if (whole)
    summary = g_strdup (text);
  else
    /* TRANSLATORS: one line for all the notes on a result's numbers, the first of them after
     * the colon: "7 notes: ⚠ SEQ1M Q8T1 Read: the passes scatter by 13.1 %…" */
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u note: %s", "%u notes: %s", n), n,
                               first);
  gtk_label_set_text (self->warnings_summary, summary);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->warnings_summary), whole ? NULL : text);
  gtk_widget_set_visible (self->warnings_button, n > 0 && !whole);
  if (!whole)
    {
      /* TRANSLATORS: the button that shows every note; "Details of 7 notes" */
      g_autofree char *name = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "Details of %u note", "Details of %u notes", n), n);
      dmk_menu_button_name (GTK_MENU_BUTTON (self->warnings_button), name);
    }
  if (n == 0)
    gtk_menu_button_popdown (GTK_MENU_BUTTON (self->warnings_button));
  if (!chain)
    gtk_menu_button_popdown (GTK_MENU_BUTTON (self->chain_button));
  if (error)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->warnings_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->warnings_summary), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->warnings_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->warnings_summary), "error");
    }
}

/* A fio job's plan: what it runs, and that the user's own settings stay as they are. */
static void
show_job_facts (DmkWindow *self)
{
  g_autofree char *text = NULL, *size = dmk_format_size (self->job->settings.size_bytes);
  g_autoptr (GString) notes = g_string_new (NULL);
  guint n = self->job->jobs->len, n_notes = self->job->notes->len;

  /* TRANSLATORS: the line over the grid when a fio job is the plan: "fio job “cdm.fio”: 8 tests
   * as fio would run them (1 × 5 s, 1 GiB); your own settings are kept for later" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "fio job “%s”: %u test as fio would run it (%u × %u s, %s); "
                                       "your own settings are kept for later",
                                       "fio job “%s”: %u tests as fio would run them (%u × %u s, "
                                       "%s); your own settings are kept for later",
                                       n),
                          self->job_name, n, self->job->settings.passes,
                          self->job->settings.measure_s, size);
  for (guint i = 0; i < self->job->notes->len; i++)
    g_string_append_printf (notes, "%sⓘ %s", i > 0 ? "\n" : "",
                            (const char *) self->job->notes->pdata[i]);
  if (self->job->target_note != NULL &&
      g_strcmp0 (dmk_window_get_target_path (self), self->job->target) == 0)
    {
      g_string_append_printf (notes, "%sⓘ %s", notes->len > 0 ? "\n" : "",
                              self->job->target_note);
      n_notes++;
    }
  self->facts_of_result = TRUE;
  gtk_label_set_text (self->facts_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->facts_label), NULL);
  set_notes (self, notes->str, n_notes, FALSE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->facts_close), "win.close-job");
  gtk_button_set_label (self->facts_close, _("_Close Job"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->facts_close),
                               _("Back to your own profile and settings"));
  gtk_widget_set_visible (GTK_WIDGET (self->facts_close), TRUE);
  gtk_widget_set_visible (self->facts_box, TRUE);
}

/* With no result on screen the line says what Run does, and during a run what it does: the grid
 * keeps its place from an empty window to a run to its result. */
static void
show_plan_facts (DmkWindow *self)
{
  g_autofree char *size = NULL, *what = NULL, *text = NULL, *rule = NULL;
  const char *path = dmk_window_get_target_path (self);
  DmkSettings s;

  if (dmk_run_controller_get_running (self->run) && self->run_settings.profile != NULL)
    dmk_settings_copy (&s, &self->run_settings);
  else if (self->job != NULL)
    dmk_settings_copy (&s, &self->job->settings);
  else
    _dmk_window_read_settings (self, &s);
  size = dmk_format_size (s.size_bytes);
  rule = dmk_score_rule_text (&s, TRUE);
  /* TRANSLATORS: what a run does and how its scores are taken: "/home · Default · 5 × 1 GiB ·
   * best of 5 passes after a 5 s warm-up" */
  what = g_strdup_printf (_("%s · %s · %u × %s · %s"), path != NULL ? path : "?",
                          dmk_profile_short_name (s.profile), s.reread ? 2 : s.passes, size, rule);
  text = dmk_run_controller_get_running (self->run)
           /* TRANSLATORS: the line over the grid during a run */
           ? g_strdup_printf (_("Testing %s"), what)
           /* TRANSLATORS: the line over an empty grid */
           : g_strdup_printf (_("Ready to test %s"), what);
  dmk_settings_clear (&s);
  self->facts_of_result = FALSE;
  gtk_label_set_text (self->facts_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->facts_label), NULL);
  set_notes (self, "", 0, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->facts_close), FALSE);
  gtk_widget_set_visible (self->facts_box, TRUE);
}

/* One row of the chain's panel: a label a screen reader reads as the list's item. */
static void
add_chain_row (DmkWindow *self, const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* Sentences, not words: a popover gave a wrapping label its minimum, 16 characters. */
  gtk_label_set_width_chars (GTK_LABEL (label), 44);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_list_box_append (self->chain_list, label);
}

/* The drive's rating, as the user gave it, and the share of it each direction's best sequential
 * test measured: rows of the panel (the first one the line's, when nothing else says more). */
static void
add_rated_rows (DmkWindow *self, DmkResult *r, char **summary)
{
  static const DmkDirection directions[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE };
  g_autofree char *rating = dmk_rated_describe (&r->rated);

  if (rating == NULL)
    return;
  add_chain_row (self, rating);
  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    {
      g_autofree char *line = dmk_rated_sentence (r, directions[i], FALSE);

      if (line == NULL)
        continue;
      add_chain_row (self, line);
      if (*summary == NULL)
        *summary = g_steal_pointer (&line);
    }
  if (*summary == NULL)
    *summary = g_steal_pointer (&rating);
}

/* The line under the facts: what limits the drive (or its first link, or the conditions), and
 * the panel it opens with the whole chain, the verdict and the conditions; hidden without any. */
static void
update_chain (DmkWindow *self, DmkResult *r)
{
  g_autoptr (GPtrArray) verdict = NULL;
  g_autofree char *when = NULL, *summary = NULL;
  GtkWidget *row;

  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->chain_list))) != NULL)
    gtk_list_box_remove (self->chain_list, row);
  when = r != NULL ? dmk_conditions_describe (&r->conditions) : NULL;
  /* The verdict also speaks of the drive's heat, with or without a chain. */
  verdict = r != NULL ? dmk_chain_verdict (r->chain, r) : NULL;
  if (r == NULL || ((r->chain == NULL || r->chain->links->len == 0) && when == NULL &&
                    verdict->len == 0 && !dmk_rated_known (&r->rated)))
    {
      gtk_widget_set_visible (self->chain_button, FALSE);
      return;
    }
  for (guint i = 0; r->chain != NULL && i < r->chain->links->len; i++)
    {
      g_autofree char *line = dmk_chain_link_describe (r->chain->links->pdata[i]);
      /* TRANSLATORS: a row of the chain's panel: one link between the drive and the machine */
      g_autofree char *text = g_strdup_printf (_("Link: %s"), line);

      add_chain_row (self, text);
      if (summary == NULL)
        /* TRANSLATORS: the line under the facts when nothing limits the drive: its first link */
        summary = g_strdup_printf (_("Chain: %s"), line);
    }
  for (guint i = 0; verdict != NULL && i < verdict->len; i++)
    {
      /* TRANSLATORS: a row of the chain's panel: what limits the drive or the number */
      g_autofree char *text = g_strdup_printf (_("Limit: %s"), (char *) verdict->pdata[i]);

      add_chain_row (self, text);
      if (i == 0)
        {
          g_free (summary);
          summary = g_strdup (text);
        }
    }
  if (when != NULL)
    {
      /* TRANSLATORS: a row of the chain's panel: "Conditions: on battery; CPU governor …" */
      g_autofree char *text = g_strdup_printf (_("Conditions: %s"), when);

      add_chain_row (self, text);
      if (summary == NULL)
        summary = g_steal_pointer (&text);
    }
  add_rated_rows (self, r, &summary);
  gtk_label_set_text (self->chain_summary, summary);
  gtk_widget_set_tooltip_text (self->chain_button, summary);
  dmk_menu_button_name (GTK_MENU_BUTTON (self->chain_button), summary);
  gtk_widget_set_visible (self->chain_button, TRUE);
}

/* One line says whose numbers these are; more name what changes their meaning, for as long as
 * they are shown, wrapped rather than cut. */
static void
update_facts (DmkWindow *self)
{
  g_autofree char *what = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GString) warnings = g_string_new (NULL);
  g_autoptr (GPtrArray) notes = NULL;

  if (self->shown == NULL || dmk_run_controller_get_running (self->run))
    update_chain (self, NULL);
  if (self->shown == NULL && self->job != NULL && !dmk_run_controller_get_running (self->run))
    {
      show_job_facts (self);
      return;
    }
  if (self->shown == NULL || dmk_run_controller_get_running (self->run))
    {
      show_plan_facts (self);
      return;
    }
  update_chain (self, self->shown);
  what = describe_result (self->shown);
  if (self->shown_source != NULL)
    /* TRANSLATORS: "Viewing saved result “ssd.json”: /home (ext4) · …" */
    text = g_strdup_printf (_("Viewing saved result “%s”: %s"), self->shown_name, what);
  else if (self->history_verdict != NULL && self->history_verdict_of == self->shown)
    /* TRANSLATORS: the line over the numbers of a run, then what the drive's history says of
     * it: "Results of /home (ext4) · …\nAgainst this drive's history: every test within noise" */
    text = g_strdup_printf (_("Results of %s\n%s"), what, self->history_verdict);
  else
    /* TRANSLATORS: the line over the numbers of a run: "Results of /home (ext4) · …" */
    text = g_strdup_printf (_("Results of %s"), what);
  notes = dmk_result_notes (self->shown);
  for (guint i = 0; i < notes->len; i++)
    g_string_append_printf (warnings, "%s⚠ %s", i > 0 ? "\n" : "", (char *) notes->pdata[i]);
  self->facts_of_result = TRUE;
  gtk_label_set_text (self->facts_label, text);
  /* Which earlier runs the verdict left out, and why: one line too many for the window. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->facts_label),
                               self->history_verdict != NULL &&
                                   self->history_verdict_of == self->shown &&
                                   self->shown_source == NULL
                                 ? self->history_left_out
                                 : NULL);
  /* Data that did not read back as written is no longer a matter of how to read a number. */
  set_notes (self, warnings->str, notes->len,
             self->shown->settings.verify && self->shown->verify.bad > 0);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->facts_close), "win.close-result");
  gtk_button_set_label (self->facts_close, _("_Close Saved Result"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->facts_close),
                               _("Back to the last run, or to an empty grid"));
  gtk_widget_set_visible (GTK_WIDGET (self->facts_close), self->shown_source != NULL);
  gtk_widget_set_visible (self->facts_box, TRUE);
}

static void
update_status (DmkWindow *self)
{
  g_autofree char *text = NULL;
  DmkResult *r = self->shown;

  if (dmk_run_controller_get_running (self->run))
    return; /* progress writes it */
  if (r != NULL && self->shown_source != NULL)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Opened “%s”: %u test",
                                         "Opened “%s”: %u tests", r->tests->len),
                            self->shown_name, r->tests->len);
  else
    /* How the last run ended, while what it left is on screen; a new plan's grid is Ready. */
    text = g_strdup (self->end_status != NULL ? self->end_status : _("Ready"));
  gtk_label_set_text (self->status_label, text);
}

static void
update_title (DmkWindow *self)
{
  g_autofree char *subtitle = NULL;
  DmkSettings s;
  const char *mode_label;

  if (self->shown != NULL && !dmk_run_controller_get_running (self->run))
    dmk_settings_copy (&s, &self->shown->settings);
  else if (self->job != NULL)
    dmk_settings_copy (&s, &self->job->settings);
  else
    _dmk_window_read_settings (self, &s);
  mode_label = s.mode == DMK_MODE_READ    ? _("Read Only")
               : s.mode == DMK_MODE_WRITE ? _("Write Only")
                                          : _("Read & Write");
  if (self->job != NULL && (self->shown == NULL || dmk_run_controller_get_running (self->run)))
    /* TRANSLATORS: the window's subtitle while a fio job is the plan: "Job “cdm.fio” · Read &
     * Write" */
    subtitle = g_strdup_printf (_("Job “%s” · %s"), self->job_name, mode_label);
  else if (s.mix_read_percent > 0)
    subtitle = g_strdup_printf (_("%s · %s + Mix"), dmk_profile_short_name (s.profile),
                                mode_label);
  else
    subtitle = g_strdup_printf (_("%s · %s"), dmk_profile_short_name (s.profile), mode_label);
  {
    /* What changes the numbers is named where the profile is, as CrystalDiskMark's <0Fill>. */
    g_autoptr (GString) full = g_string_new (subtitle);

    if (s.data == DMK_DATA_ZERO)
      g_string_append_printf (full, " · <%s>", _("Zero Data"));
    if (!s.direct)
      g_string_append_printf (full, " · <%s>", _("Buffered"));
    if (s.engine == DMK_ENGINE_PSYNC)
      g_string_append (full, " · <psync>");
    adw_window_title_set_subtitle (self->window_title, full->str);
  }
  dmk_settings_clear (&s);
}

/* Every line that follows from what is shown, the run and the controls. */
void
_dmk_window_facts_update (DmkWindow *self)
{
  update_blocked (self);
  update_facts (self);
  update_status (self);
  update_title (self);
}

/* ---- the comment ---- */

void
_dmk_window_set_comment (DmkWindow *self, const char *text)
{
  self->setting_comment = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->comment_entry), text ? text : "");
  self->setting_comment = FALSE;
  self->comment_typed = FALSE;
}

/* The comment field is the shown result's comment: what is typed there is what is saved. */
void
_dmk_window_sync_comment (DmkWindow *self)
{
  if (self->shown == NULL)
    return;
  g_free (self->shown->comment);
  self->shown->comment = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->comment_entry)));
}

static void
on_comment_changed (GtkEditable *editable, DmkWindow *self)
{
  if (self->setting_comment)
    return;
  self->comment_typed = TRUE;
  _dmk_window_sync_comment (self);
}

static void
facts_init (DmkWindow *self)
{
  g_signal_connect (self->comment_entry, "changed", G_CALLBACK (on_comment_changed), self);
}

const DmkWindowPart _dmk_window_facts_part = { NULL, facts_init, NULL };
