/* dmk-window.c: the main window: top bar, result grid, running the core, settings, shortcuts. */
#include "config.h"

#include <glib/gi18n.h>
#include <sys/stat.h>

#include "dmk-gui-utils.h"
#include "dmk-compare-window.h"
#include "dmk-target-item.h"
#include "dmk-window.h"

#define N_COLUMNS_MAX 3
#define FIRST_TEST_ROW 2 /* grid rows: 0 top bar, 1 headings, then one row per test */

typedef struct
{
  GtkWidget *button;
  GtkLabel *label;
  DmkResultCell *cells[N_COLUMNS_MAX]; /* read, write, mix; NULL when not shown */
} Row;

struct _DmkWindow
{
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkMenuButton *menu_button;
  GtkGrid *grid;
  GtkButton *all_button;
  GtkLabel *all_label;
  GtkWidget *controls_box;
  GtkDropDown *passes_dropdown;
  GtkDropDown *size_dropdown;
  GtkDropDown *target_dropdown;
  GtkDropDown *unit_dropdown;
  GtkEntry *comment_entry;
  GtkLabel *status_label;

  GSettings *settings;
  GArray *specs;   /* DmkTestSpec, one per grid row */
  GPtrArray *rows; /* Row* */
  GtkWidget *headings[N_COLUMNS_MAX];
  guint n_columns;
  DmkUnit unit;
  gboolean grid_dirty; /* the profile changed during a run: rebuild when it ends */

  /* Targets: folders, then block devices (a later issue fills that store), then actions. */
  GListStore *folders;
  GListStore *devices;
  GListStore *actions;
  GtkFlattenListModel *targets;
  char *target_path;
  gboolean updating_targets;
  GCancellable *scan_cancellable;
  GtkFileChooserNative *chooser;
  gboolean scanning_devices;
  gboolean rescan_devices; /* asked for while a scan ran */
  gboolean device_writes_allowed; /* confirmed for target_path, this session only */
  AdwMessageDialog *allow_dialog;

  /* the run */
  DmkRunner *runner;
  GCancellable *cancellable;
  GtkWidget *run_button; /* the button that started the run and now says Stop */
  int run_row;           /* its row, or -1 for All */
  GtkApplication *inhibit_app;
  guint inhibit_cookie;
  gboolean close_after_run;
  gboolean disposed;
  int phase;
  gint64 run_started_us;
  DmkResult *last_result;
  char *last_error;
  GtkWindow *error_dialog;

  /* a saved result shown read-only until the next run */
  DmkResult *opened;
  char *opened_name;
  char *opened_path;
  GtkWindow *compare; /* weak: the comparison this window opened, when there is no application */
  GtkFileChooserNative *file_chooser; /* save or open */
};

G_DEFINE_FINAL_TYPE (DmkWindow, dmk_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  SIGNAL_RUN_FINISHED,
  SIGNAL_DEVICES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* CrystalDiskMark's size choices, in MiB. */
static const int sizes_mib[] = { 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
                                 65536 };

static void rebuild_grid (DmkWindow *self);
static void apply_target_state (DmkWindow *self);
static DmkTargetItem *current_device (DmkWindow *self);

/* ---- small helpers ---- */

static int
column_for (DmkDirection dir)
{
  return dir == DMK_DIRECTION_READ ? 0 : dir == DMK_DIRECTION_WRITE ? 1 : 2;
}

static Row *
row_for_spec (DmkWindow *self, const DmkTestSpec *spec, guint *index)
{
  for (guint i = 0; i < self->specs->len && i < self->rows->len; i++)
    if (dmk_test_spec_equal (&g_array_index (self->specs, DmkTestSpec, i), spec))
      {
        if (index != NULL)
          *index = i;
        return g_ptr_array_index (self->rows, i);
      }
  return NULL;
}

static DmkResultCell *
cell_for (DmkWindow *self, const DmkTestSpec *spec, DmkDirection dir)
{
  Row *row = row_for_spec (self, spec, NULL);

  return row != NULL ? row->cells[column_for (dir)] : NULL;
}

static void
read_settings (DmkWindow *self, DmkSettings *s)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "mode");
  g_autofree char *data = g_settings_get_string (self->settings, "data");
  g_autofree char *engine = g_settings_get_string (self->settings, "engine");

  dmk_settings_init_default (s);
  g_free (s->profile);
  s->profile = g_settings_get_string (self->settings, "profile");
  if (!dmk_mode_from_string (mode, &s->mode))
    s->mode = DMK_MODE_READ_WRITE;
  if (!dmk_data_from_string (data, &s->data))
    s->data = DMK_DATA_RANDOM;
  if (!dmk_engine_kind_from_string (engine, &s->engine))
    s->engine = DMK_ENGINE_LIBAIO;
  s->passes = (guint) g_settings_get_int (self->settings, "passes");
  s->size_bytes = (guint64) g_settings_get_int (self->settings, "size-mib") << 20;
  s->measure_s = (guint) g_settings_get_int (self->settings, "measure-time");
  s->interval_s = (guint) g_settings_get_int (self->settings, "interval");
  s->direct = g_settings_get_boolean (self->settings, "direct");
  s->mix_read_percent = g_settings_get_boolean (self->settings, "mix")
                          ? (guint) g_settings_get_int (self->settings, "mix-ratio")
                          : 0;
  s->allow_write_device = FALSE;
  if (current_device (self) != NULL)
    {
      if (self->device_writes_allowed)
        s->allow_write_device = TRUE;
      else
        {
          /* Without the confirmation a device only ever sees reads. */
          s->mode = DMK_MODE_READ;
          s->mix_read_percent = 0;
        }
    }
}

static void
set_status (DmkWindow *self, const char *text)
{
  gtk_label_set_text (self->status_label, text);
}

static void
show_error (DmkWindow *self, const char *message)
{
  g_free (self->last_error);
  self->last_error = g_strdup (message);
  dmk_show_error (GTK_WINDOW (self), &self->error_dialog, _("The Benchmark Failed"), message);
}

/* ---- the grid ---- */

/* CrystalDiskMark 3's short row names for the classic profile; CrystalDiskMark 8's two-line
 * names for the rest. */
static char *
row_markup (const DmkTestSpec *spec, const char *profile)
{
  g_autofree char *name = dmk_test_spec_to_name (spec);
  g_auto (GStrv) parts = g_strsplit (name, " ", 2);

  if (g_strcmp0 (profile, "classic") == 0)
    {
      if (g_str_equal (name, "SEQ1M Q1T1"))
        return g_strdup_printf ("<span size=\"large\" weight=\"bold\">%s</span>", _("Seq"));
      if (g_str_equal (name, "RND512K Q1T1"))
        return g_strdup ("<span size=\"large\" weight=\"bold\">512K</span>");
      if (g_str_equal (name, "RND4K Q1T1"))
        return g_strdup ("<span size=\"large\" weight=\"bold\">4K</span>");
      if (g_str_equal (name, "RND4K Q32T1"))
        return g_strdup ("<span size=\"large\" weight=\"bold\">4K</span>\nQD32");
    }
  return g_strdup_printf ("<span size=\"large\" weight=\"bold\">%s</span>\n%s", parts[0],
                          parts[1] ? parts[1] : "");
}

static void
set_button_label (DmkWindow *self, GtkWidget *button, int row, gboolean stop)
{
  GtkLabel *label = button == GTK_WIDGET (self->all_button)
                      ? self->all_label
                      : ((Row *) g_ptr_array_index (self->rows, row))->label;

  if (stop)
    {
      g_autofree char *markup =
        g_strdup_printf ("<span size=\"large\" weight=\"bold\">%s</span>", _("_Stop"));
      gtk_label_set_markup_with_mnemonic (label, markup);
      gtk_widget_add_css_class (button, "stop");
    }
  else
    {
      gtk_widget_remove_css_class (button, "stop");
      if (button == GTK_WIDGET (self->all_button))
        gtk_label_set_text_with_mnemonic (label, _("_All"));
      else
        {
          g_autofree char *profile = g_settings_get_string (self->settings, "profile");
          g_autofree char *markup =
            row_markup (&g_array_index (self->specs, DmkTestSpec, row), profile);
          gtk_label_set_markup (label, markup);
        }
    }
}

static void
update_headings (DmkWindow *self)
{
  const char *unit = dmk_unit_label (self->unit);

  for (guint c = 0; c < N_COLUMNS_MAX; c++)
    {
      g_autofree char *markup = NULL;
      if (self->headings[c] == NULL)
        continue;
      if (c == 2)
        {
          int r = self->opened != NULL && self->opened->settings.mix_read_percent > 0
                    ? (int) self->opened->settings.mix_read_percent
                    : g_settings_get_int (self->settings, "mix-ratio");
          /* TRANSLATORS: the mixed test's column heading: "Mix R70% (MB/s)" */
          markup = g_markup_printf_escaped (_("Mix <small>R%d%% (%s)</small>"), r, unit);
        }
      else
        markup = g_markup_printf_escaped ("%s <small>(%s)</small>",
                                          dmk_direction_label (c == 0 ? DMK_DIRECTION_READ
                                                                  : DMK_DIRECTION_WRITE),
                                          unit);
      gtk_label_set_markup (GTK_LABEL (self->headings[c]), markup);
    }
}

static void
update_title (DmkWindow *self)
{
  g_autofree char *profile = g_settings_get_string (self->settings, "profile");
  g_autofree char *mode = g_settings_get_string (self->settings, "mode");
  DmkTargetItem *device = current_device (self);
  const char *mode_label = g_str_equal (mode, "read") ||
                               (device != NULL && !self->device_writes_allowed)
                             ? _("Read Only")
                           : g_str_equal (mode, "write") ? _("Write Only")
                                                         : _("Read & Write");
  g_autofree char *subtitle = NULL;

  if (self->opened != NULL)
    {
      /* TRANSLATORS: the window subtitle while a saved result is shown */
      subtitle = g_strdup_printf (_("Opened: %s — read-only until a new run"), self->opened_name);
      adw_window_title_set_subtitle (self->window_title, subtitle);
      return;
    }
  if (g_settings_get_boolean (self->settings, "mix") &&
      (device == NULL || self->device_writes_allowed))
    subtitle = g_strdup_printf (_("%s · %s + Mix"), dmk_profile_short_name (profile), mode_label);
  else
    subtitle = g_strdup_printf (_("%s · %s"), dmk_profile_short_name (profile), mode_label);
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
rebuild_grid (DmkWindow *self)
{
  g_autofree char *profile = g_settings_get_string (self->settings, "profile");
  g_autoptr (GArray) specs = NULL;
  GtkLayoutChild *lc;

  if (self->runner != NULL)
    {
      self->grid_dirty = TRUE;
      return;
    }
  self->grid_dirty = FALSE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      gtk_grid_remove (self->grid, row->button);
      for (guint c = 0; c < N_COLUMNS_MAX; c++)
        if (row->cells[c] != NULL)
          gtk_grid_remove (self->grid, GTK_WIDGET (row->cells[c]));
    }
  g_ptr_array_set_size (self->rows, 0);
  for (guint c = 0; c < N_COLUMNS_MAX; c++)
    if (self->headings[c] != NULL)
      {
        gtk_grid_remove (self->grid, self->headings[c]);
        self->headings[c] = NULL;
      }

  if (self->opened != NULL)
    {
      /* The opened result's own tests, in its order, whatever the profile is now. */
      gboolean mix = FALSE;

      specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      for (guint i = 0; i < self->opened->tests->len; i++)
        {
          DmkTestResult *t = g_ptr_array_index (self->opened->tests, i);
          gboolean seen = FALSE;

          mix = mix || t->direction == DMK_DIRECTION_MIX;
          for (guint j = 0; j < specs->len && !seen; j++)
            seen = dmk_test_spec_equal (&g_array_index (specs, DmkTestSpec, j), &t->spec);
          if (!seen)
            g_array_append_val (specs, t->spec);
        }
      g_free (profile);
      profile = g_strdup (self->opened->settings.profile);
      g_array_set_size (self->specs, 0);
      g_array_append_vals (self->specs, specs->data, specs->len);
      self->n_columns = mix ? 3 : 2;
    }
  else
    {
      if (!dmk_profile_lookup (profile, &specs, NULL))
        dmk_profile_lookup ("default", &specs, NULL);
      g_array_set_size (self->specs, 0);
      g_array_append_vals (self->specs, specs->data, specs->len);
      self->n_columns = g_settings_get_boolean (self->settings, "mix") ? 3 : 2;
    }

  lc = gtk_layout_manager_get_layout_child (gtk_widget_get_layout_manager (GTK_WIDGET (self->grid)),
                                            self->controls_box);
  gtk_grid_layout_child_set_column_span (GTK_GRID_LAYOUT_CHILD (lc), (int) self->n_columns);

  for (guint c = 0; c < self->n_columns; c++)
    {
      GtkWidget *h = gtk_label_new (NULL);
      gtk_widget_add_css_class (h, "column-heading");
      gtk_label_set_xalign (GTK_LABEL (h), 0.5);
      gtk_grid_attach (self->grid, h, (int) c + 1, 1, 1, 1);
      self->headings[c] = h;
    }
  update_headings (self);

  for (guint i = 0; i < self->specs->len; i++)
    {
      const DmkTestSpec *spec = &g_array_index (self->specs, DmkTestSpec, i);
      g_autofree char *markup = row_markup (spec, profile);
      g_autofree char *name = dmk_test_spec_to_name (spec);
      g_autofree char *tooltip = NULL;
      g_autofree char *what = NULL;
      g_autofree char *a11y = NULL;
      Row *row = g_new0 (Row, 1);

      row->label = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_markup (row->label, markup);
      gtk_label_set_justify (row->label, GTK_JUSTIFY_CENTER);
      row->button = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (row->button), GTK_WIDGET (row->label));
      gtk_widget_add_css_class (row->button, "test-button");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row->button), "win.run-test");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (row->button),
                                              g_variant_new_int32 ((gint32) i));
      if (i < 9)
        /* TRANSLATORS: tooltip of a test's button: "Run SEQ1M Q8T1 alone (Alt+1)" */
        tooltip = g_strdup_printf (_("Run %s alone (Alt+%u)"), name, i + 1);
      else
        tooltip = g_strdup_printf (_("Run %s alone"), name);
      gtk_widget_set_tooltip_text (row->button, tooltip);
      {
        g_autofree char *full = dmk_describe_test (spec, DMK_DIRECTION_READ);
        char *comma = strrchr (full, ',');
        if (comma != NULL)
          *comma = '\0'; /* drop the direction: the button runs all of them */
        what = g_steal_pointer (&full);
      }
      a11y = g_strdup_printf (_("Run %s"), what);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      a11y, -1);
      gtk_grid_attach (self->grid, row->button, 0, (int) i + FIRST_TEST_ROW, 1, 1);
      for (guint c = 0; c < self->n_columns; c++)
        {
          DmkDirection dir = c == 0 ? DMK_DIRECTION_READ : c == 1 ? DMK_DIRECTION_WRITE
                                                                  : DMK_DIRECTION_MIX;
          row->cells[c] = DMK_RESULT_CELL (dmk_result_cell_new (spec, dir, self->unit));
          gtk_grid_attach (self->grid, GTK_WIDGET (row->cells[c]), (int) c + 1,
                           (int) i + FIRST_TEST_ROW, 1, 1);
        }
      g_ptr_array_add (self->rows, row);
    }
  if (self->opened != NULL)
    for (guint i = 0; i < self->opened->tests->len; i++)
      {
        DmkTestResult *t = g_ptr_array_index (self->opened->tests, i);
        DmkResultCell *cell = cell_for (self, &t->spec, t->direction);
        if (cell != NULL)
          dmk_result_cell_set_result (cell, t);
      }
  update_title (self);
  apply_target_state (self);
}

static void
apply_unit (DmkWindow *self)
{
  g_autofree char *nick = g_settings_get_string (self->settings, "unit");

  self->unit = dmk_unit_from_nick (nick);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      for (guint c = 0; c < N_COLUMNS_MAX; c++)
        if (row->cells[c] != NULL)
          dmk_result_cell_set_unit (row->cells[c], self->unit);
    }
  update_headings (self);
}

static void
on_settings_changed (GSettings *settings, const char *key, DmkWindow *self)
{
  if (g_str_equal (key, "profile") || g_str_equal (key, "mix"))
    {
      /* Setting up a new run: the opened result gives way. */
      if (self->opened != NULL && self->runner == NULL)
        {
          g_clear_pointer (&self->opened, dmk_result_unref);
          g_clear_pointer (&self->opened_name, g_free);
          g_clear_pointer (&self->opened_path, g_free);
        }
      rebuild_grid (self);
    }
  else if (g_str_equal (key, "mix-ratio"))
    update_headings (self);
  else if (g_str_equal (key, "unit"))
    apply_unit (self);
  if (g_str_equal (key, "mode") || g_str_equal (key, "profile") || g_str_equal (key, "mix"))
    update_title (self);
}

/* ---- running ---- */

static void
set_running (DmkWindow *self, gboolean running)
{
  GActionMap *map = G_ACTION_MAP (self);
  GtkActionable *button = GTK_ACTIONABLE (self->run_button);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "start")),
                               !running);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "run-test")),
                               !running);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (map, "stop")),
                               running);
  /* Detach before retargeting: a parameterless win.stop must never meet an int target. */
  gtk_actionable_set_action_name (button, NULL);
  gtk_actionable_set_action_target_value (button, NULL);
  if (running)
    gtk_actionable_set_action_name (button, "win.stop");
  else if (self->run_row >= 0)
    {
      gtk_actionable_set_action_target_value (button, g_variant_new_int32 (self->run_row));
      gtk_actionable_set_action_name (button, "win.run-test");
    }
  else
    gtk_actionable_set_action_name (button, "win.start");
  set_button_label (self, self->run_button, self->run_row, running);

  /* Controls that would change the run in progress; the unit only changes what is shown. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->passes_dropdown), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->size_dropdown), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->target_dropdown), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->menu_button), !running);
  apply_target_state (self);

  if (running)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      if (app != NULL)
        {
          self->inhibit_app = g_object_ref (app);
          self->inhibit_cookie = gtk_application_inhibit (app, GTK_WINDOW (self),
                                                          GTK_APPLICATION_INHIBIT_SUSPEND,
                                                          _("Running a disk benchmark"));
        }
    }
  else if (self->inhibit_app != NULL)
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
  DmkWindow *self = user_data;
  g_autofree char *name = dmk_test_spec_to_name (&p->spec);
  g_autofree char *status = NULL;
  const char *dir = dmk_direction_label (p->direction);
  DmkResultCell *cell = NULL;

  self->phase = (int) p->phase;
  if (p->phase >= DMK_PHASE_WARMUP && p->phase <= DMK_PHASE_TEST_DONE)
    cell = cell_for (self, &p->spec, p->direction);
  switch (p->phase)
    {
    case DMK_PHASE_OPEN:
      if (current_device (self) != NULL)
        /* TRANSLATORS: opening a block device may wait for the password dialog */
        status = g_strdup_printf (_("Opening %s (this may ask for authentication)…"),
                                  self->target_path);
      else
        status = g_strdup_printf (_("Opening %s…"), self->target_path);
      break;
    case DMK_PHASE_LAYOUT:
      status = g_strdup_printf (_("Preparing the test file, %.0f%%"), p->fraction * 100.0);
      break;
    case DMK_PHASE_WARMUP:
      /* TRANSLATORS: "SEQ1M Q8T1 Read, warming up" */
      status = g_strdup_printf (_("%s %s, warming up"), name, dir);
      if (cell != NULL)
        dmk_result_cell_set_live (cell, 0, 0, p->n_passes);
      break;
    case DMK_PHASE_MEASURE:
      /* TRANSLATORS: "SEQ1M Q8T1 Read, pass 2/5" */
      status = g_strdup_printf (_("%s %s, pass %u/%u"), name, dir, p->pass, p->n_passes);
      if (cell != NULL && p->live_mb_per_s > 0)
        dmk_result_cell_set_live (cell, p->live_mb_per_s, p->pass, p->n_passes);
      break;
    case DMK_PHASE_PASS_DONE:
      if (cell != NULL)
        dmk_result_cell_set_live (cell, p->live_mb_per_s, p->pass, p->n_passes);
      break;
    case DMK_PHASE_TEST_DONE:
      if (cell != NULL && p->test != NULL)
        dmk_result_cell_set_result (cell, p->test);
      break;
    case DMK_PHASE_INTERVAL:
      /* TRANSLATORS: counting down the rest before the next test */
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Interval: %s %s in %u second",
                                             "Interval: %s %s in %u seconds",
                                             p->interval_remaining_s),
                                name, dir, p->interval_remaining_s);
      break;
    default:
      break;
    }
  if (status != NULL)
    set_status (self, status);
}

static void
run_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DmkWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) result = dmk_runner_run_finish (DMK_RUNNER (source), res, &error);

  dmk_runner_set_progress_func (DMK_RUNNER (source), NULL, NULL, NULL);
  if (self->disposed)
    return;
  g_clear_object (&self->runner);
  g_clear_object (&self->cancellable);
  set_running (self, FALSE);
  self->phase = -1;

  /* Cells of the tests that did not finish would otherwise keep a dimmed pass. */
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      for (guint c = 0; c < N_COLUMNS_MAX; c++)
        if (row->cells[c] != NULL && dmk_result_cell_is_live (row->cells[c]))
          dmk_result_cell_clear (row->cells[c]);
    }

  if (result != NULL)
    {
      g_autofree char *status = NULL;
      double secs = (double) (g_get_monotonic_time () - self->run_started_us) / G_USEC_PER_SEC;

      for (guint i = 0; i < result->tests->len; i++)
        {
          DmkTestResult *t = g_ptr_array_index (result->tests, i);
          DmkResultCell *cell = cell_for (self, &t->spec, t->direction);
          if (cell != NULL)
            dmk_result_cell_set_result (cell, t);
        }
      g_clear_pointer (&self->last_result, dmk_result_unref);
  g_clear_pointer (&self->opened, dmk_result_unref);
  g_clear_pointer (&self->opened_name, g_free);
  g_clear_pointer (&self->opened_path, g_free);
      self->last_result = dmk_result_ref (result);
      status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Done: %u test in %.0f s",
                                             "Done: %u tests in %.0f s", result->tests->len),
                                result->tests->len, secs);
      set_status (self, status);
      for (guint i = 0; i < result->warnings->len; i++)
        {
          g_autofree char *escaped = g_markup_escape_text (result->warnings->pdata[i], -1);
          AdwToast *toast = adw_toast_new (escaped);
          adw_toast_set_timeout (toast, 10);
          adw_toast_overlay_add_toast (self->toast_overlay, toast);
        }
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    set_status (self, _("Stopped"));
  else
    {
      g_autofree char *status = g_strdup_printf (_("Failed: %s"), error->message);
      set_status (self, status);
      if (!self->close_after_run)
        show_error (self, error->message);
    }
  if (self->grid_dirty)
    rebuild_grid (self);
  g_signal_emit (self, signals[SIGNAL_RUN_FINISHED], 0);
  if (self->close_after_run)
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
start_run (DmkWindow *self, int row_index)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) specs = NULL;
  g_autoptr (GArray) jobs = NULL;
  DmkSettings settings;

  if (self->runner != NULL)
    return;
  if (self->target_path == NULL)
    {
      show_error (self, _("Choose a folder to test first."));
      return;
    }
  if (self->opened != NULL)
    {
      /* The grid is the opened file's; the run is the profile's. A row's test keeps its
       * meaning: find it among the profile's rows. */
      DmkTestSpec spec = { 0 };
      gboolean have_spec = row_index >= 0 && (guint) row_index < self->specs->len;
      guint found = 0;

      if (have_spec)
        spec = g_array_index (self->specs, DmkTestSpec, row_index);
      g_clear_pointer (&self->opened, dmk_result_unref);
      g_clear_pointer (&self->opened_name, g_free);
      g_clear_pointer (&self->opened_path, g_free);
      rebuild_grid (self);
      if (have_spec)
        {
          if (row_for_spec (self, &spec, &found) == NULL)
            {
              g_autofree char *name = dmk_test_spec_to_name (&spec);
              g_autofree char *msg = g_strdup_printf (_("%s is not a test of this profile"), name);
              adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (msg));
              return;
            }
          row_index = (int) found;
        }
    }
  read_settings (self, &settings);
  if (row_index >= 0)
    {
      if ((guint) row_index >= self->specs->len)
        {
          dmk_settings_clear (&settings);
          return;
        }
      specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
      g_array_append_val (specs, g_array_index (self->specs, DmkTestSpec, row_index));
    }
  else
    specs = g_array_ref (self->specs);

  jobs = dmk_runner_plan (&settings, specs, &error);
  if (jobs == NULL)
    {
      show_error (self, error->message);
      dmk_settings_clear (&settings);
      return;
    }
  for (guint i = 0; i < jobs->len; i++)
    {
      const DmkJob *job = &g_array_index (jobs, DmkJob, i);
      DmkResultCell *cell = cell_for (self, &job->spec, job->direction);
      if (cell != NULL)
        dmk_result_cell_clear (cell);
    }

  g_clear_pointer (&self->last_error, g_free);
  self->runner = dmk_runner_new ();
  dmk_runner_set_fd_providers (self->runner, dmk_default_fd_providers ());
  dmk_runner_set_progress_func (self->runner, on_progress, self, NULL);
  self->cancellable = g_cancellable_new ();
  self->run_row = row_index;
  self->run_button = row_index >= 0
                       ? ((Row *) g_ptr_array_index (self->rows, row_index))->button
                       : GTK_WIDGET (self->all_button);
  self->phase = DMK_PHASE_OPEN;
  self->run_started_us = g_get_monotonic_time ();
  set_running (self, TRUE);
  set_status (self, _("Starting…"));
  dmk_runner_run_async (self->runner, self->target_path, &settings, specs,
                        gtk_editable_get_text (GTK_EDITABLE (self->comment_entry)),
                        self->cancellable, run_done, g_object_ref (self));
  dmk_settings_clear (&settings);
}

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  start_run (DMK_WINDOW (user_data), -1);
}

static void
run_test_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  start_run (DMK_WINDOW (user_data), g_variant_get_int32 (param));
}

static void
stop_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (user_data);

  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  set_status (self, _("Stopping…"));
}

/* ---- targets ---- */

static guint
find_target (DmkWindow *self, const char *path)
{
  GListModel *model = G_LIST_MODEL (self->targets);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);
      if (dmk_target_item_get_kind (item) != DMK_TARGET_ITEM_CHOOSER &&
          g_strcmp0 (dmk_target_item_get_path (item), path) == 0)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
select_target_silently (DmkWindow *self, guint pos)
{
  self->updating_targets = TRUE;
  gtk_drop_down_set_selected (self->target_dropdown, pos);
  self->updating_targets = FALSE;
}

/* The device item of the current target, or NULL when the target is a folder. */
static DmkTargetItem *
current_device (DmkWindow *self)
{
  GListModel *model;
  guint n;

  if (self->devices == NULL || self->target_path == NULL)
    return NULL;
  model = G_LIST_MODEL (self->devices);
  n = g_list_model_get_n_items (model);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);
      if (g_strcmp0 (dmk_target_item_get_path (item), self->target_path) == 0)
        return item; /* the store keeps it alive */
    }
  return NULL;
}

/* Write and mix cells of a device show why they will not run; the allow action follows. */
static void
apply_target_state (DmkWindow *self)
{
  DmkTargetItem *device = current_device (self);
  g_autofree char *reason = NULL;
  GAction *allow;

  if (self->rows == NULL)
    return;
  if (device != NULL && dmk_target_item_get_in_use (device))
    {
      self->device_writes_allowed = FALSE;
      if (self->opened == NULL)
        reason = g_strdup_printf (_("Write tests would destroy the data on %s, which is in use: "
                                  "unmount it first"),
                                self->target_path);
    }
  else if (device != NULL && !self->device_writes_allowed && self->opened == NULL)
    reason = g_strdup_printf (_("Write tests would destroy the data on %s: allow them from the "
                                "menu"),
                              self->target_path);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      for (guint c = 1; c < N_COLUMNS_MAX; c++)
        if (row->cells[c] != NULL)
          dmk_result_cell_set_blocked (row->cells[c], reason);
    }
  update_title (self);
  allow = g_action_map_lookup_action (G_ACTION_MAP (self), "allow-device-writes");
  if (allow != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (allow),
                                 device != NULL && !dmk_target_item_get_in_use (device) &&
                                   !self->device_writes_allowed && self->runner == NULL);
}

static void
set_target (DmkWindow *self, const char *path)
{
  if (g_strcmp0 (self->target_path, path) != 0)
    {
      /* Per device: a new target starts read-only. */
      self->device_writes_allowed = FALSE;
      if (self->allow_dialog != NULL)
        gtk_window_destroy (GTK_WINDOW (self->allow_dialog));
    }
  g_free (self->target_path);
  self->target_path = g_strdup (path);
  apply_target_state (self);
}

/* ---- block devices ---- */

static void scan_devices (DmkWindow *self);

static void
device_scan_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_task_return_pointer (task, dmk_target_list_devices (), (GDestroyNotify) g_ptr_array_unref);
}

static void
device_scan_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (source);
  g_autoptr (GPtrArray) found = g_task_propagate_pointer (G_TASK (res), NULL);
  guint n_old;

  if (found == NULL || self->disposed)
    return;
  self->scanning_devices = FALSE;
  /* A device that went away stays while it is the target, so the list never jumps under the
   * user; it is marked in use, so nothing writes to whatever takes its name. */
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->devices));
  for (guint i = 0; i < n_old; i++)
    {
      g_autoptr (DmkTargetItem) old = g_list_model_get_item (G_LIST_MODEL (self->devices), i);
      gboolean there = FALSE;

      if (g_strcmp0 (dmk_target_item_get_path (old), self->target_path) != 0)
        continue;
      for (guint j = 0; j < found->len && !there; j++)
        there = g_str_equal (dmk_target_item_get_path (found->pdata[j]), self->target_path);
      if (!there)
        {
          dmk_target_item_set_device (old, dmk_target_item_get_model (old),
                                      dmk_target_item_get_size (old), TRUE);
          g_ptr_array_add (found, g_object_ref (old));
        }
    }
  self->updating_targets = TRUE;
  g_list_store_splice (self->devices, 0, n_old, found->pdata, found->len);
  self->updating_targets = FALSE;
  if (self->target_path != NULL)
    select_target_silently (self, find_target (self, self->target_path));
  apply_target_state (self);
  g_signal_emit (self, signals[SIGNAL_DEVICES_CHANGED], 0);
  if (self->rescan_devices)
    {
      self->rescan_devices = FALSE;
      scan_devices (self);
    }
}

/* sysfs and mountinfo are quick, but a dying disk can stall them: list devices off the main
 * thread, as the folders are. */
static void
scan_devices (DmkWindow *self)
{
  g_autoptr (GTask) task = NULL;

  if (self->scanning_devices)
    {
      self->rescan_devices = TRUE;
      return;
    }
  self->scanning_devices = TRUE;
  task = g_task_new (self, self->scan_cancellable, device_scan_done, NULL);
  g_task_run_in_thread (task, device_scan_thread);
}

/* Coming back to the window is when a stick was plugged in or a disk mounted elsewhere. */
static void
on_active_changed (DmkWindow *self, GParamSpec *pspec, gpointer data)
{
  if (gtk_window_is_active (GTK_WINDOW (self)) && self->runner == NULL)
    scan_devices (self);
}

static void
allow_response (AdwMessageDialog *dialog, const char *response, DmkWindow *self)
{
  DmkTargetItem *device = current_device (self);
  g_autofree char *path = g_strdup (g_object_get_data (G_OBJECT (dialog), "device"));

  /* Also when answered from code (adw_message_dialog_response), which does not close it;
   * destroying twice is harmless in GTK 4.8. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (g_str_equal (response, "destroy") && device != NULL &&
      g_strcmp0 (path, self->target_path) == 0 && !dmk_target_item_get_in_use (device) &&
      self->runner == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("Write tests are allowed on %s until you choose "
                                                "another target"),
                                              self->target_path);
      self->device_writes_allowed = TRUE;
      apply_target_state (self);
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (msg));
    }
}

static void
allow_device_writes_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (user_data);
  DmkTargetItem *device = current_device (self);
  g_autofree char *size = NULL, *body = NULL, *what = NULL;
  const char *model;
  AdwMessageDialog *dialog;

  if (device == NULL || dmk_target_item_get_in_use (device) || self->runner != NULL ||
      self->device_writes_allowed)
    return;
  if (self->allow_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->allow_dialog));
      return;
    }
  size = dmk_format_size (dmk_target_item_get_size (device));
  model = dmk_target_item_get_model (device);
  /* TRANSLATORS: "/dev/sdb (SanDisk Ultra, 29 GiB)" */
  what = model != NULL ? g_strdup_printf (_("%s (%s, %s)"), self->target_path, model, size)
                       : g_strdup_printf (_("%s (%s)"), self->target_path, size);
  body = g_strdup_printf (_("Write tests write over the whole test area of %s. All data on this "
                            "device will be destroyed: its files, partitions and file systems "
                            "cannot be recovered afterwards.\n\nAllow this only for a device whose "
                            "contents you no longer need."),
                          what);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("Destroy All Data on This Device?"),
                                                       body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "destroy",
                                    _("_Destroy Data and Test"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "destroy", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "device", g_strdup (self->target_path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (allow_response), self);
  self->allow_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->allow_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
describe_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  DmkTargetItem *item = data;
  char *texts[2];

  dmk_target_describe_folder (dmk_target_item_get_path (item), &texts[0], &texts[1]);
  g_task_return_pointer (task, g_memdup2 (texts, sizeof texts), NULL);
}

static void
describe_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkTargetItem *item = g_task_get_task_data (G_TASK (res));
  g_autofree char **texts = g_task_propagate_pointer (G_TASK (res), NULL);

  if (texts == NULL)
    return;
  dmk_target_item_set_subtitle (item, texts[0]);
  dmk_target_item_set_summary (item, texts[1]);
  g_free (texts[0]);
  g_free (texts[1]);
}

/* statvfs and sysfs can block on a sick filesystem: describe folders off the main thread. */
static void
describe_async (DmkWindow *self, DmkTargetItem *item)
{
  g_autoptr (GTask) task = g_task_new (self, self->scan_cancellable, describe_done, NULL);

  g_task_set_task_data (task, g_object_ref (item), g_object_unref);
  g_task_run_in_thread (task, describe_thread);
}

void
dmk_window_set_target_path (DmkWindow *self, const char *path)
{
  guint pos;

  g_return_if_fail (DMK_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  pos = find_target (self, path);
  if (pos == GTK_INVALID_LIST_POSITION)
    {
      struct stat st;
      gboolean is_device = g_str_has_prefix (path, "/dev/") && stat (path, &st) == 0 &&
                           S_ISBLK (st.st_mode);
      g_autoptr (DmkTargetItem) item =
        dmk_target_item_new (is_device ? DMK_TARGET_ITEM_DEVICE : DMK_TARGET_ITEM_FOLDER, path,
                             NULL, NULL);

      if (is_device)
        {
          /* In use until the scan says otherwise: never offer writes on what is unknown. */
          dmk_target_item_set_device (item, NULL, 0, TRUE);
          self->updating_targets = TRUE;
          g_list_store_append (self->devices, item);
          self->updating_targets = FALSE;
          scan_devices (self);
        }
      else
        {
          g_list_store_append (self->folders, item);
          describe_async (self, item);
        }
      pos = find_target (self, path);
    }
  set_target (self, path);
  select_target_silently (self, pos);
  g_settings_set_string (self->settings, "last-target", path);
}

static void
chooser_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  DmkWindow *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path != NULL)
        dmk_window_set_target_path (self, path);
      else
        adw_toast_overlay_add_toast (self->toast_overlay,
                                     adw_toast_new (_("Only local folders can be tested")));
    }
  g_clear_object (&self->chooser);
}

static void
choose_folder (DmkWindow *self)
{
  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Choose a Folder to Test"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_target_selected (GtkDropDown *dropdown, GParamSpec *pspec, DmkWindow *self)
{
  DmkTargetItem *item = gtk_drop_down_get_selected_item (dropdown);

  if (self->updating_targets || item == NULL)
    return;
  if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_CHOOSER)
    {
      /* "Choose Folder…" is an action, not a target: keep showing the current one. */
      select_target_silently (self, self->target_path ? find_target (self, self->target_path)
                                                      : GTK_INVALID_LIST_POSITION);
      choose_folder (self);
      return;
    }
  set_target (self, dmk_target_item_get_path (item));
  g_settings_set_string (self->settings, "last-target", self->target_path);
  if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_DEVICE)
    scan_devices (self); /* mounted since the list was made? */
}

static void
scan_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  g_task_return_pointer (task, dmk_target_list_folders (), (GDestroyNotify) g_ptr_array_unref);
}

static void
scan_done (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (source);
  g_autoptr (GPtrArray) found = g_task_propagate_pointer (G_TASK (res), NULL);
  g_autoptr (GPtrArray) merged = NULL;
  guint n_old;

  if (found == NULL || self->disposed)
    return;
  /* Found mounts in mount order, then folders the user chose, which the scan cannot know. */
  merged = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (merged, g_object_ref (found->pdata[i]));
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->folders));
  for (guint i = 0; i < n_old; i++)
    {
      g_autoptr (DmkTargetItem) old = g_list_model_get_item (G_LIST_MODEL (self->folders), i);
      gboolean dup = FALSE;
      for (guint j = 0; j < found->len && !dup; j++)
        dup = g_str_equal (dmk_target_item_get_path (found->pdata[j]),
                           dmk_target_item_get_path (old));
      if (!dup)
        g_ptr_array_add (merged, g_object_ref (old));
    }
  self->updating_targets = TRUE;
  g_list_store_splice (self->folders, 0, n_old, merged->pdata, merged->len);
  self->updating_targets = FALSE;
  if (self->target_path != NULL)
    select_target_silently (self, find_target (self, self->target_path));
}

static void
target_setup (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer two_lines)
{
  GtkWidget *box = gtk_box_new (two_lines ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                two_lines ? 2 : 6);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *sub = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_MIDDLE);
  /* In the button the path gives way, never the fill level. The list is as wide as the button,
   * so there the details wrap rather than lose the device model. */
  if (two_lines)
    {
      gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (sub), PANGO_WRAP_WORD_CHAR);
    }
  gtk_widget_add_css_class (sub, "dim-label");
  if (two_lines)
    gtk_widget_add_css_class (sub, "caption");
  else
    gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), sub);
  gtk_list_item_set_child (list_item, box);
}

static void
target_bind (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer two_lines)
{
  DmkTargetItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *sub = gtk_widget_get_last_child (box);
  GBinding *binding;

  gtk_label_set_text (GTK_LABEL (title), dmk_target_item_get_title (item));
  binding = g_object_bind_property (item, two_lines ? "subtitle" : "summary", sub, "label",
                                    G_BINDING_SYNC_CREATE);
  g_object_set_data (G_OBJECT (list_item), "binding", binding);
  gtk_widget_set_visible (sub, dmk_target_item_get_kind (item) != DMK_TARGET_ITEM_CHOOSER);
}

static void
target_unbind (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer two_lines)
{
  GBinding *binding = g_object_get_data (G_OBJECT (list_item), "binding");

  if (binding != NULL)
    g_binding_unbind (binding);
  g_object_set_data (G_OBJECT (list_item), "binding", NULL);
}

static GtkListItemFactory *
target_factory (gboolean two_lines)
{
  GtkListItemFactory *f = gtk_signal_list_item_factory_new ();

  g_signal_connect (f, "setup", G_CALLBACK (target_setup), GINT_TO_POINTER (two_lines));
  g_signal_connect (f, "bind", G_CALLBACK (target_bind), GINT_TO_POINTER (two_lines));
  g_signal_connect (f, "unbind", G_CALLBACK (target_unbind), GINT_TO_POINTER (two_lines));
  return f;
}

static void
setup_targets (DmkWindow *self)
{
  g_autoptr (GListStore) sections = g_list_store_new (G_TYPE_LIST_MODEL);
  g_autoptr (DmkTargetItem) chooser = NULL;
  g_autoptr (GtkListItemFactory) button_factory = target_factory (FALSE);
  g_autoptr (GtkListItemFactory) list_factory = target_factory (TRUE);
  g_autofree char *last = g_settings_get_string (self->settings, "last-target");
  const char *home = g_get_home_dir ();

  self->folders = g_list_store_new (DMK_TYPE_TARGET_ITEM);
  self->devices = g_list_store_new (DMK_TYPE_TARGET_ITEM);
  self->actions = g_list_store_new (DMK_TYPE_TARGET_ITEM);
  chooser = dmk_target_item_new (DMK_TARGET_ITEM_CHOOSER, NULL, _("Choose Folder…"), NULL);
  g_list_store_append (self->actions, chooser);
  g_list_store_append (sections, self->folders);
  g_list_store_append (sections, self->devices);
  g_list_store_append (sections, self->actions);
  self->targets = gtk_flatten_list_model_new (G_LIST_MODEL (g_object_ref (sections)));

  gtk_drop_down_set_factory (self->target_dropdown, button_factory);
  gtk_drop_down_set_list_factory (self->target_dropdown, list_factory);
  self->updating_targets = TRUE;
  gtk_drop_down_set_model (self->target_dropdown, G_LIST_MODEL (self->targets));
  self->updating_targets = FALSE;
  g_signal_connect (self->target_dropdown, "notify::selected", G_CALLBACK (on_target_selected),
                    self);

  /* What needs no I/O now; the mounts and their descriptions arrive from a thread. */
  if (home != NULL)
    {
      g_autoptr (DmkTargetItem) item = dmk_target_item_new (DMK_TARGET_ITEM_FOLDER, home, NULL,
                                                            NULL);
      self->updating_targets = TRUE;
      g_list_store_append (self->folders, item);
      self->updating_targets = FALSE;
      describe_async (self, item);
    }
  if (last != NULL && last[0] != '\0')
    dmk_window_set_target_path (self, last);
  else if (home != NULL)
    {
      set_target (self, home);
      select_target_silently (self, 0);
    }
  {
    g_autoptr (GTask) task = g_task_new (self, self->scan_cancellable, scan_done, NULL);
    g_task_run_in_thread (task, scan_thread);
  }
  scan_devices (self);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active_changed), NULL);
}

/* ---- settings ↔ dropdowns ---- */

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

static gboolean
size_get (GValue *value, GVariant *variant, gpointer data)
{
  int mib = g_variant_get_int32 (variant);
  guint best = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes_mib); i++)
    if (sizes_mib[i] <= mib)
      best = i;
  g_value_set_uint (value, best);
  return TRUE;
}

static GVariant *
size_set (const GValue *value, const GVariantType *type, gpointer data)
{
  guint sel = g_value_get_uint (value);
  return g_variant_new_int32 (sizes_mib[sel < G_N_ELEMENTS (sizes_mib) ? sel : 6]);
}

static void
setup_dropdowns (DmkWindow *self)
{
  g_autoptr (GtkStringList) sizes = gtk_string_list_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sizes_mib); i++)
    {
      g_autofree char *s = dmk_format_size ((guint64) sizes_mib[i] << 20);
      gtk_string_list_append (sizes, s);
    }
  gtk_drop_down_set_model (self->size_dropdown, G_LIST_MODEL (sizes));
  dmk_unit_dropdown_setup (self->unit_dropdown, self->settings);

  g_settings_bind_with_mapping (self->settings, "passes", self->passes_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, passes_get, passes_set, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "size-mib", self->size_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, size_get, size_set, NULL, NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->passes_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Passes"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->size_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Test size"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->target_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Target"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->comment_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Comment"), -1);
}

/* ---- save, copy, open ---- */

static void
toast (DmkWindow *self, const char *text)
{
  dmk_toast (self->toast_overlay, text);
}

static void
show_file_error (DmkWindow *self, const char *heading, const char *message)
{
  dmk_show_error (GTK_WINDOW (self), &self->error_dialog, heading, message);
}

/* What Copy and Save share: the opened result, else the last run's. */
static DmkResult *
shown_result (DmkWindow *self)
{
  return self->opened != NULL ? self->opened : self->last_result;
}

static gboolean
need_result (DmkWindow *self)
{
  if (shown_result (self) != NULL)
    return TRUE;
  toast (self, _("Nothing to save yet: run a test first"));
  return FALSE;
}

gboolean
dmk_window_save_text (DmkWindow *self, const char *filename, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  if (shown_result (self) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There are no results yet"));
      return FALSE;
    }
  text = dmk_result_to_text (shown_result (self));
  return g_file_set_contents (filename, text, -1, error);
}

gboolean
dmk_window_save_results (DmkWindow *self, const char *filename, GError **error)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  if (shown_result (self) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There are no results yet"));
      return FALSE;
    }
  return dmk_result_save (shown_result (self), filename, error);
}

gboolean
dmk_window_save_image (DmkWindow *self, const char *filename, GError **error)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  return dmk_save_widget_png (GTK_WIDGET (self), filename, error);
}

gboolean
dmk_window_copy (DmkWindow *self)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  if (shown_result (self) == NULL)
    {
      toast (self, _("Nothing to copy yet: run a test first"));
      return FALSE;
    }
  text = dmk_result_to_text (shown_result (self));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  toast (self, _("Results copied"));
  return TRUE;
}

static void
show_opened (DmkWindow *self, DmkResult *result, const char *path)
{
  g_clear_pointer (&self->opened, dmk_result_unref);
  g_free (self->opened_name);
  g_free (self->opened_path);
  self->opened = dmk_result_ref (result);
  self->opened_name = g_path_get_basename (path);
  self->opened_path = g_strdup (path);
  rebuild_grid (self);
  {
    /* TRANSLATORS: the status line under an opened result: "Measured on /home/ann, 2026-…" */
    g_autofree char *status = g_strdup_printf (_("Measured on %s, %s"),
                                               result->target.path ? result->target.path : "?",
                                               result->date ? result->date : "?");
    set_status (self, status);
  }
}

gboolean
dmk_window_open_file (DmkWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autoptr (DmkResult) result = NULL;

  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  path = g_file_get_path (file);
  name = g_file_get_basename (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("“%s”: only local files can be opened"), name);
      return FALSE;
    }
  if (self->runner != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                   _("“%s”: stop the benchmark before opening results"), name);
      return FALSE;
    }
  result = dmk_result_load (path, error);
  if (result == NULL)
    return FALSE;
  show_opened (self, result, path);
  return TRUE;
}

/* The comparison window: the application's one, else the one this window opened (tests). */
DmkCompareWindow *
dmk_window_get_compare_window (DmkWindow *self, gboolean create)
{
  GtkApplication *app;

  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  app = gtk_window_get_application (GTK_WINDOW (self));
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    if (DMK_IS_COMPARE_WINDOW (l->data))
      return l->data;
  if (self->compare != NULL || !create)
    return (DmkCompareWindow *) self->compare;
  self->compare = GTK_WINDOW (dmk_compare_window_new (app));
  g_object_add_weak_pointer (G_OBJECT (self->compare), (gpointer *) &self->compare);
  dmk_compare_window_set_main_window (DMK_COMPARE_WINDOW (self->compare), GTK_WINDOW (self));
  return DMK_COMPARE_WINDOW (self->compare);
}

/* One file fills the grid; several go side by side in the comparison. Every failure is shown at
 * once, with its file name. */
void
dmk_window_open_files (DmkWindow *self, GFile **files, guint n_files)
{
  g_autoptr (GString) errors = g_string_new (NULL);

  g_return_if_fail (DMK_IS_WINDOW (self));
  if (n_files > 1)
    {
      DmkCompareWindow *cmp = dmk_window_get_compare_window (self, TRUE);

      gtk_window_present (GTK_WINDOW (cmp));
      dmk_compare_window_add_files (cmp, files, n_files);
      return;
    }
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!dmk_window_open_file (self, files[i], &error))
        g_string_append_printf (errors, "%s%s", errors->len ? "\n" : "", error->message);
    }
  if (errors->len > 0)
    show_file_error (self, g_dngettext (GETTEXT_PACKAGE, "Could Not Open the Results",
                                        "Could Not Open All Results", n_files),
                     errors->str);
}

DmkResult *
dmk_window_get_shown_result (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return shown_result (self);
}

const char *
dmk_window_get_shown_source (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->opened != NULL ? self->opened_path : NULL;
}

/* Adds what the grid shows to the comparison (once) and brings the comparison up. */
void
dmk_window_compare (DmkWindow *self)
{
  DmkCompareWindow *cmp;
  DmkResult *result;

  g_return_if_fail (DMK_IS_WINDOW (self));
  cmp = dmk_window_get_compare_window (self, TRUE);
  result = shown_result (self);
  /* Already there: the comparison says so in a toast. */
  if (result != NULL)
    dmk_compare_window_add_result (cmp, result, dmk_window_get_shown_source (self));
  gtk_window_present (GTK_WINDOW (cmp));
}

const char *
dmk_window_get_opened_name (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->opened != NULL ? self->opened_name : NULL;
}

static void
report_file_job (GtkWindow *window, gboolean ok, const char *text)
{
  if (ok)
    toast (DMK_WINDOW (window), text);
  else
    show_file_error (DMK_WINDOW (window), _("Could Not Save"), text);
}

static gboolean
save_text_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_text (DMK_WINDOW (window), path, error);
}

static gboolean
save_image_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_image (DMK_WINDOW (window), path, error);
}

static gboolean
save_results_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_window_save_results (DMK_WINDOW (window), path, error);
}

static void
open_files_job (GtkWindow *window, GFile **files, guint n_files)
{
  dmk_window_open_files (DMK_WINDOW (window), files, n_files);
}

static const DmkFileJob save_text_file = { N_("Save Results as Text"), N_("Text"), "text/plain",
                                           "txt", NULL, save_text_job };
static const DmkFileJob save_image_file = { N_("Save Image"), N_("PNG Image"), "image/png", "png",
                                            NULL, save_image_job };
static const DmkFileJob save_results_file = { N_("Save Results"), N_("GDiskMark Results"),
                                              "application/json", "json", NULL,
                                              save_results_job };
static const DmkFileJob open_results_file = { N_("Open Results"), N_("GDiskMark Results"),
                                              "application/json", "json", open_files_job, NULL };

static void
run_file_chooser (DmkWindow *self, const DmkFileJob *job)
{
  if (self->file_chooser != NULL || self->runner != NULL)
    return;
  if (job->save != NULL && !need_result (self))
    return;
  dmk_file_job_start (GTK_WINDOW (self), job, "GDiskMark_", report_file_job,
                      &self->file_chooser);
}

static void
copy_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_window_copy (DMK_WINDOW (user_data));
}

static void
save_text_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_text_file);
}

static void
save_image_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_image_file);
}

static void
save_results_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &save_results_file);
}

static void
open_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  run_file_chooser (DMK_WINDOW (user_data), &open_results_file);
}

static void
compare_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  dmk_window_compare (DMK_WINDOW (user_data));
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, DmkWindow *self)
{
  GSList *list = g_value_get_boxed (value);
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  /* One file replaces the grid, which a run is using; several go to the comparison, any time. */
  if (files->len == 0 || (files->len == 1 && self->runner != NULL))
    return FALSE;
  dmk_window_open_files (self, (GFile **) files->pdata, files->len);
  return TRUE;
}

/* ---- window ---- */

/* The menu's fifty-odd rows are built when it first opens, not while the window starts. */
static void
create_primary_menu (GtkMenuButton *button, gpointer user_data)
{
  DmkWindow *self = user_data;
  g_autoptr (GtkBuilder) builder = NULL;

  if (gtk_menu_button_get_menu_model (button) != NULL)
    return;
  builder = gtk_builder_new_from_resource ("/io/github/gdiskmark/GDiskMark/dmk-menus.ui");
  gtk_menu_button_set_menu_model (button,
                                  G_MENU_MODEL (gtk_builder_get_object (builder, "primary_menu")));
  (void) self;
}

static gboolean
focus_shortcut (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  DmkWindow *self = DMK_WINDOW (widget);
  const char *which = g_variant_get_string (args, NULL);
  GtkWidget *target = NULL;

  if (g_str_equal (which, "passes"))
    target = GTK_WIDGET (self->passes_dropdown);
  else if (g_str_equal (which, "size"))
    target = GTK_WIDGET (self->size_dropdown);
  else if (g_str_equal (which, "target"))
    target = GTK_WIDGET (self->target_dropdown);
  else if (g_str_equal (which, "unit"))
    target = GTK_WIDGET (self->unit_dropdown);
  else if (g_str_equal (which, "comment"))
    target = GTK_WIDGET (self->comment_entry);
  return target != NULL && gtk_widget_grab_focus (target);
}

static gboolean
dmk_window_close_request (GtkWindow *window)
{
  DmkWindow *self = DMK_WINDOW (window);
  int w = 0, h = 0;

  gtk_window_get_default_size (window, &w, &h);
  if (w > 0 && h > 0)
    {
      g_settings_set_int (self->settings, "window-width", w);
      g_settings_set_int (self->settings, "window-height", h);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  if (self->runner != NULL)
    {
      /* Let the worker see the cancel and the test file vanish before the window goes; the
       * runner answers within about 100 ms. */
      self->close_after_run = TRUE;
      g_cancellable_cancel (self->cancellable);
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return TRUE;
    }
  return GTK_WINDOW_CLASS (dmk_window_parent_class)->close_request (window);
}

static void
dmk_window_dispose (GObject *object)
{
  DmkWindow *self = DMK_WINDOW (object);

  self->disposed = TRUE;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->runner != NULL)
    dmk_runner_set_progress_func (self->runner, NULL, NULL, NULL);
  g_cancellable_cancel (self->scan_cancellable);
  if (self->inhibit_app != NULL && self->inhibit_cookie != 0)
    gtk_application_uninhibit (self->inhibit_app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  g_clear_object (&self->inhibit_app);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
  g_clear_object (&self->file_chooser);
  if (self->error_dialog != NULL)
    gtk_window_destroy (self->error_dialog);
  if (self->allow_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->allow_dialog));
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_WINDOW);

  g_clear_object (&self->runner);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->scan_cancellable);
  g_clear_object (&self->settings);
  g_clear_object (&self->targets);
  g_clear_object (&self->folders);
  g_clear_object (&self->devices);
  g_clear_object (&self->actions);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->specs, g_array_unref);
  g_clear_pointer (&self->last_result, dmk_result_unref);
  g_clear_pointer (&self->last_error, g_free);
  g_clear_pointer (&self->target_path, g_free);
  g_clear_pointer (&self->opened, dmk_result_unref);
  g_clear_pointer (&self->opened_name, g_free);
  g_clear_pointer (&self->opened_path, g_free);
  if (self->compare != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->compare), (gpointer *) &self->compare);
  self->compare = NULL;
  G_OBJECT_CLASS (dmk_window_parent_class)->dispose (object);
}

static void
dmk_window_class_init (DmkWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  static const struct
  {
    guint key;
    const char *which;
  } focus_keys[] = {
    { GDK_KEY_p, "passes" }, { GDK_KEY_s, "size" },       { GDK_KEY_t, "target" },
    { GDK_KEY_u, "unit" },   { GDK_KEY_c, "comment" },
  };

  object_class->dispose = dmk_window_dispose;
  window_class->close_request = dmk_window_close_request;

  /* Emitted when a run ends, however it ended. */
  signals[SIGNAL_RUN_FINISHED] = g_signal_new ("run-finished", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 0);
  /* Emitted when a scan of the block devices has updated the target list. */
  signals[SIGNAL_DEVICES_CHANGED] = g_signal_new ("devices-changed", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 0);

  g_type_ensure (DMK_TYPE_RESULT_CELL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/gdiskmark/GDiskMark/dmk-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, grid);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, all_button);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, all_label);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, controls_box);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, passes_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, size_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, target_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, unit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, comment_entry);
  gtk_widget_class_bind_template_child (widget_class, DmkWindow, status_label);

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
  /* CrystalDiskMark's keys for copying and saving. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK,
                                       "win.save-text", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "win.save-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, GDK_CONTROL_MASK, "win.compare",
                                       NULL);
  for (guint i = 0; i < G_N_ELEMENTS (focus_keys); i++)
    gtk_widget_class_add_binding (widget_class, focus_keys[i].key, GDK_ALT_MASK, focus_shortcut,
                                  "s", focus_keys[i].which);
}

static const GActionEntry win_actions[] = {
  { "start", start_activated, NULL, NULL, NULL },
  { "run-test", run_test_activated, "i", NULL, NULL },
  { "stop", stop_activated, NULL, NULL, NULL },
  { "allow-device-writes", allow_device_writes_activated, NULL, NULL, NULL },
  { "copy", copy_activated, NULL, NULL, NULL },
  { "save-text", save_text_activated, NULL, NULL, NULL },
  { "save-image", save_image_activated, NULL, NULL, NULL },
  { "save-results", save_results_activated, NULL, NULL, NULL },
  { "open", open_activated, NULL, NULL, NULL },
  { "compare", compare_activated, NULL, NULL, NULL },
};

static const char *const settings_actions[] = {
  "profile", "mode", "mix", "mix-ratio", "data", "measure-time", "interval", "engine", "direct",
};

static void
dmk_window_init (DmkWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  self->rows = g_ptr_array_new_with_free_func (g_free);
  self->scan_cancellable = g_cancellable_new ();
  self->phase = -1;
  self->run_row = -1;
  self->run_button = GTK_WIDGET (self->all_button);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  g_simple_action_set_enabled (
    G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "stop")), FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (settings_actions); i++)
    {
      g_autoptr (GAction) action = g_settings_create_action (self->settings, settings_actions[i]);
      g_action_map_add_action (G_ACTION_MAP (self), action);
    }

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu, self, NULL);
  setup_dropdowns (self);
  {
    g_autofree char *nick = g_settings_get_string (self->settings, "unit");
    self->unit = dmk_unit_from_nick (nick);
  }
  rebuild_grid (self);
  setup_targets (self);
  apply_target_state (self);
  g_signal_connect (self->settings, "changed", G_CALLBACK (on_settings_changed), self);
  {
    GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
    g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  }
}

DmkWindow *
dmk_window_new (GtkApplication *application)
{
  return g_object_new (DMK_TYPE_WINDOW, "application", application, NULL);
}

/* ---- hooks ---- */

const char *
dmk_window_get_target_path (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->target_path;
}

gboolean
dmk_window_is_running (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  return self->runner != NULL;
}

guint
dmk_window_get_n_rows (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), 0);
  return self->rows->len;
}

guint
dmk_window_get_n_cells (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), 0);
  return self->rows->len * self->n_columns;
}

DmkResultCell *
dmk_window_get_cell (DmkWindow *self, guint row, DmkDirection direction)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  if (row >= self->rows->len)
    return NULL;
  return ((Row *) g_ptr_array_index (self->rows, row))->cells[column_for (direction)];
}

const char *
dmk_window_get_cell_text (DmkWindow *self, guint row, DmkDirection direction)
{
  DmkResultCell *cell = dmk_window_get_cell (self, row, direction);

  return cell != NULL ? dmk_result_cell_get_text (cell) : NULL;
}

GtkWidget *
dmk_window_get_all_button (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->all_button);
}

GtkWidget *
dmk_window_get_test_button (DmkWindow *self, guint row)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  if (row >= self->rows->len)
    return NULL;
  return ((Row *) g_ptr_array_index (self->rows, row))->button;
}

GtkWidget *
dmk_window_get_target_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->target_dropdown);
}

GtkWidget *
dmk_window_get_unit_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->unit_dropdown);
}

GtkWidget *
dmk_window_get_passes_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->passes_dropdown);
}

GtkWidget *
dmk_window_get_size_dropdown (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->size_dropdown);
}

GtkWidget *
dmk_window_get_menu_button (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->menu_button);
}

const char *
dmk_window_get_status_text (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->status_label);
}

int
dmk_window_get_phase (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), -1);
  return self->runner != NULL ? self->phase : -1;
}

DmkResult *
dmk_window_get_last_result (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->last_result;
}

const char *
dmk_window_get_last_error (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->last_error;
}

GtkWindow *
dmk_window_get_error_dialog (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->error_dialog;
}

GSettings *
dmk_window_get_settings (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->settings;
}

gboolean
dmk_window_get_device_writes_allowed (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), FALSE);
  return self->device_writes_allowed;
}

AdwMessageDialog *
dmk_window_get_allow_dialog (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return self->allow_dialog;
}

void
dmk_window_refresh_devices (DmkWindow *self)
{
  g_return_if_fail (DMK_IS_WINDOW (self));
  scan_devices (self);
}

const char *
dmk_window_get_subtitle (DmkWindow *self)
{
  g_return_val_if_fail (DMK_IS_WINDOW (self), NULL);
  return adw_window_title_get_subtitle (self->window_title);
}
