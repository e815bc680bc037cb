/* dmk-result-grid.c: CrystalDiskMark's grid for one result: it never looks at the window. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dmk-gui-utils.h"
#include "dmk-result-grid.h"

#define N_COLUMNS_MAX 3
#define FIRST_TEST_ROW 2 /* grid rows: 0 the All button and controls, 1 headings, then tests */

typedef struct
{
  GtkWidget *button;
  GtkLabel *label;
  DmkResultCell *cells[N_COLUMNS_MAX]; /* read, write, mix; NULL when not shown */
} Row;

struct _DmkResultGrid
{
  GtkWidget parent_instance;

  GtkGrid *grid;
  GtkButton *all_button;
  GtkLabel *all_label;
  GtkWidget *controls;

  /* the plan: what an empty grid shows */
  char *plan_profile;
  GArray *plan_specs;
  guint plan_mix;

  /* what is shown */
  DmkResult *result;
  char *profile;
  GArray *specs; /* DmkTestSpec, one per row */
  GPtrArray *rows; /* Row* */
  guint mix;       /* read percentage of the mix column, 0 without one */
  GtkWidget *headings[N_COLUMNS_MAX];
  guint n_columns;
  DmkUnit unit;
  char *blocked[N_COLUMNS_MAX];
  int stop_row;
};

static GtkBuildableIface *parent_buildable;

/* <child type="controls"> in a template puts that widget beside the "All" button. */
static void
dmk_result_grid_add_child (GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                           const char *type)
{
  if (g_strcmp0 (type, "controls") == 0 && GTK_IS_WIDGET (child))
    dmk_result_grid_set_controls (DMK_RESULT_GRID (buildable), GTK_WIDGET (child));
  else
    parent_buildable->add_child (buildable, builder, child, type);
}

static void
dmk_result_grid_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable = g_type_interface_peek_parent (iface);
  iface->add_child = dmk_result_grid_add_child;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (DmkResultGrid, dmk_result_grid, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                      dmk_result_grid_buildable_init))

static int
column_for (DmkDirection dir)
{
  return dir == DMK_DIRECTION_READ ? 0 : dir == DMK_DIRECTION_WRITE ? 1 : 2;
}

static DmkDirection
direction_for (guint column)
{
  return column == 0 ? DMK_DIRECTION_READ : column == 1 ? DMK_DIRECTION_WRITE : DMK_DIRECTION_MIX;
}

static Row *
row_at (DmkResultGrid *self, guint i)
{
  g_assert (i < self->rows->len);
  return g_ptr_array_index (self->rows, i);
}

int
dmk_result_grid_find_row (DmkResultGrid *self, const DmkTestSpec *spec)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), -1);
  for (guint i = 0; i < self->specs->len; i++)
    if (dmk_test_spec_equal (&g_array_index (self->specs, DmkTestSpec, i), spec))
      return (int) i;
  return -1;
}

static DmkResultCell *
cell_for (DmkResultGrid *self, const DmkTestSpec *spec, DmkDirection dir)
{
  int i = dmk_result_grid_find_row (self, spec);

  return i >= 0 ? row_at (self, (guint) i)->cells[column_for (dir)] : NULL;
}

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
update_button (DmkResultGrid *self, int row)
{
  gboolean stop = row == self->stop_row;
  GtkWidget *button = row == DMK_RESULT_GRID_ALL ? GTK_WIDGET (self->all_button)
                                                 : row_at (self, (guint) row)->button;
  GtkLabel *label = row == DMK_RESULT_GRID_ALL ? self->all_label
                                               : row_at (self, (guint) row)->label;
  GtkActionable *actionable = GTK_ACTIONABLE (button);

  /* Only the action's name changes, never to none and never the target's type: in GTK 4.8 a
   * button without an action, or with a target its action does not take, is insensitive for
   * that moment, and GTK then drops the next click of a pointer that rests on it. So the All
   * button swaps win.start and win.stop, a row's swaps win.run-test and win.stop-row (both "i"). */

  /* The stop action first: the button must never pass through a disabled action while the
   * pointer rests on it, or GTK drops the next click. */
  if (stop)
    {
      g_autofree char *markup =
        g_strdup_printf ("<span size=\"large\" weight=\"bold\">%s</span>", _("_Stop"));
      gtk_actionable_set_action_name (actionable,
                                      row == DMK_RESULT_GRID_ALL ? "win.stop" : "win.stop-row");
      gtk_label_set_markup_with_mnemonic (label, markup);
      gtk_widget_add_css_class (button, "stop");
      gtk_widget_set_tooltip_text (button, _("Stop the Benchmark (Escape)"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Stop the Benchmark"), -1);
      return;
    }
  gtk_widget_remove_css_class (button, "stop");
  if (row == DMK_RESULT_GRID_ALL)
    {
      gtk_actionable_set_action_name (actionable, "win.start");
      gtk_label_set_text_with_mnemonic (label, _("_All"));
      gtk_widget_set_tooltip_text (button, _("Run All Tests (Ctrl+Return)"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Run All Tests"), -1);
    }
  else
    {
      const DmkTestSpec *spec = &g_array_index (self->specs, DmkTestSpec, row);
      g_autofree char *markup = row_markup (spec, self->profile);
      g_autofree char *name = dmk_test_spec_to_name (spec);
      g_autofree char *tooltip = NULL;
      g_autofree char *what = dmk_describe_test (spec, DMK_DIRECTION_READ);
      g_autofree char *a11y = NULL;
      char *comma = strrchr (what, ',');

      if (comma != NULL)
        *comma = '\0'; /* drop the direction: the button runs all of them */
      if (row < 9)
        /* TRANSLATORS: tooltip of a test's button: "Run SEQ1M Q8T1 alone (Alt+1)" */
        tooltip = g_strdup_printf (_("Run %s alone (Alt+%d)"), name, row + 1);
      else
        tooltip = g_strdup_printf (_("Run %s alone"), name);
      a11y = g_strdup_printf (_("Run %s"), what);
      gtk_actionable_set_action_name (actionable, "win.run-test");
      gtk_label_set_markup (label, markup);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      a11y, -1);
    }
}

void
dmk_result_grid_set_stop_row (DmkResultGrid *self, int row)
{
  int old;

  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  if (row >= (int) self->rows->len)
    row = DMK_RESULT_GRID_NONE;
  old = self->stop_row;
  self->stop_row = row;
  if (row != DMK_RESULT_GRID_NONE)
    update_button (self, row);
  if (old != DMK_RESULT_GRID_NONE && old != row && old < (int) self->rows->len)
    update_button (self, old);
}

int
dmk_result_grid_get_stop_row (DmkResultGrid *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), DMK_RESULT_GRID_NONE);
  return self->stop_row;
}

static void
update_headings (DmkResultGrid *self)
{
  gboolean latency = self->unit == DMK_UNIT_US;
  /* TRANSLATORS: the unit in the column headings when the grid shows latency */
  const char *unit = latency ? _("µs, lower is better") : dmk_unit_label (self->unit);

  for (guint c = 0; c < self->n_columns && self->headings[c] != NULL; c++)
    {
      g_autofree char *markup = NULL;

      /* The bars say "faster" in every unit: in µs, the shorter the latency, the longer the bar. */
      gtk_widget_set_tooltip_text (self->headings[c],
                                   latency ? _("Mean latency in microseconds: lower is better. "
                                               "The bars show speed, so the lowest latency has "
                                               "the longest bar.")
                                           : NULL);
      if (c == 2)
        /* TRANSLATORS: the mixed test's column heading: "Mix R70% (MB/s)" */
        markup = g_markup_printf_escaped (_("Mix <small>R%d%% (%s)</small>"), (int) self->mix,
                                          unit);
      else
        markup = g_markup_printf_escaped ("%s <small>(%s)</small>",
                                          dmk_direction_label (direction_for (c)), unit);
      gtk_label_set_markup (GTK_LABEL (self->headings[c]), markup);
    }
}

/* Blocked cells say why they are empty; a cell with a value of the shown result keeps it. */
static void
apply_blocked (DmkResultGrid *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    for (guint c = 0; c < N_COLUMNS_MAX; c++)
      {
        DmkResultCell *cell = row_at (self, i)->cells[c];

        if (cell != NULL && dmk_result_cell_get_result (cell) == NULL &&
            !dmk_result_cell_is_live (cell))
          dmk_result_cell_set_blocked (cell, self->blocked[c]);
      }
}

static void
remove_rows (DmkResultGrid *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = row_at (self, i);

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
}

static gboolean
unparent_menu (gpointer popover)
{
  gtk_widget_unparent (popover);
  return G_SOURCE_REMOVE;
}

static void
on_row_menu_closed (GtkPopover *popover)
{
  GtkWidget *button = gtk_widget_get_parent (GTK_WIDGET (popover));

  /* The right click that opened the menu never got its release: the button would look pressed
   * until the next run. */
  if (button != NULL)
    gtk_widget_unset_state_flags (button, GTK_STATE_FLAG_ACTIVE);
  /* After the menu's own handlers are done with it (an item's action runs after "closed"). */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, unparent_menu, g_object_ref (popover),
                   g_object_unref);
}

/* A row's test button's menu: what to do with this test alone. */
static void
show_row_menu (GtkWidget *button)
{
  GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenuItem) item = g_menu_item_new (_("Copy as _fio Job"), NULL);
  GtkWidget *popover;

  g_menu_item_set_action_and_target_value (item, "win.copy-fio-job-row", target);
  g_menu_append_item (menu, item);
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (popover, button);
  dmk_quiet_tooltip_for (button, popover);
  g_signal_connect (popover, "closed", G_CALLBACK (on_row_menu_closed), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
on_row_button_pressed (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  show_row_menu (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));
}

static gboolean
on_row_menu_key (GtkWidget *button, GVariant *args, gpointer data)
{
  show_row_menu (button);
  return TRUE;
}

/* Right click, Shift+F10 or the Menu key open a row's menu. */
static void
add_row_menu (GtkWidget *button)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_row_button_pressed), NULL);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (click));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Shift>F10|Menu"),
                      gtk_callback_action_new (on_row_menu_key, NULL, NULL)));
  gtk_widget_add_controller (button, keys);
}

static Row *
add_row (DmkResultGrid *self, guint i)
{
  const DmkTestSpec *spec = &g_array_index (self->specs, DmkTestSpec, i);
  Row *row = g_new0 (Row, 1);

  row->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_justify (row->label, GTK_JUSTIFY_CENTER);
  row->button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (row->button), GTK_WIDGET (row->label));
  gtk_widget_add_css_class (row->button, "test-button");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (row->button),
                                          g_variant_new_int32 ((gint32) i));
  add_row_menu (row->button);
  gtk_grid_attach (self->grid, row->button, 0, (int) i + FIRST_TEST_ROW, 1, 1);
  for (guint c = 0; c < self->n_columns; c++)
    {
      row->cells[c] = DMK_RESULT_CELL (dmk_result_cell_new (spec, direction_for (c), self->unit));
      gtk_grid_attach (self->grid, GTK_WIDGET (row->cells[c]), (int) c + 1,
                       (int) i + FIRST_TEST_ROW, 1, 1);
    }
  g_ptr_array_add (self->rows, row);
  update_button (self, (int) i);
  return row;
}

/* Rows for specs under profile's names, with a mix column when mix > 0. */
static void
clear_cells (DmkResultGrid *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    for (guint c = 0; c < N_COLUMNS_MAX; c++)
      if (row_at (self, i)->cells[c] != NULL)
        {
          dmk_result_cell_set_blocked (row_at (self, i)->cells[c], NULL);
          dmk_result_cell_clear (row_at (self, i)->cells[c]);
        }
}

static void
build (DmkResultGrid *self, const char *profile, GArray *specs, guint mix)
{
  /* The same rows again keep their widgets: a button under the pointer stays the same button. */
  if (self->rows->len > 0 && g_strcmp0 (profile, self->profile) == 0 && mix == self->mix &&
      dmk_result_grid_has_layout (self, specs, mix))
    {
      clear_cells (self);
      return;
    }
  remove_rows (self);
  if (specs != self->specs)
    {
      g_array_set_size (self->specs, 0);
      if (specs != NULL)
        g_array_append_vals (self->specs, specs->data, specs->len);
    }
  if (profile != self->profile)
    {
      g_free (self->profile);
      self->profile = g_strdup (profile);
    }
  self->mix = mix;
  self->n_columns = mix > 0 ? 3 : 2;
  if (self->controls != NULL)
    {
      GtkLayoutManager *lm = gtk_widget_get_layout_manager (GTK_WIDGET (self->grid));
      GtkLayoutChild *lc = gtk_layout_manager_get_layout_child (lm, self->controls);
      gtk_grid_layout_child_set_column_span (GTK_GRID_LAYOUT_CHILD (lc), (int) self->n_columns);
    }
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
    add_row (self, i);
  if (self->stop_row >= (int) self->rows->len)
    self->stop_row = DMK_RESULT_GRID_NONE;
  if (self->stop_row != DMK_RESULT_GRID_NONE)
    update_button (self, self->stop_row);
}

void
dmk_result_grid_set_plan (DmkResultGrid *self, const char *profile, GArray *specs,
                          guint mix_read_percent)
{
  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  g_return_if_fail (specs != NULL);
  if (specs != self->plan_specs)
    {
      g_array_set_size (self->plan_specs, 0);
      g_array_append_vals (self->plan_specs, specs->data, specs->len);
    }
  if (profile != self->plan_profile)
    {
      g_free (self->plan_profile);
      self->plan_profile = g_strdup (profile);
    }
  self->plan_mix = mix_read_percent;
  g_clear_pointer (&self->result, dmk_result_unref);
  build (self, self->plan_profile, self->plan_specs, self->plan_mix);
  apply_blocked (self);
}

/* The result's own rows: its profile's tests in their order, then any other test it has. */
static GArray *
result_specs (DmkResult *result, guint *mix)
{
  g_autoptr (GArray) profile = NULL;
  GArray *specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));

  *mix = 0;
  if (dmk_profile_lookup (result->settings.profile, &profile, NULL))
    g_array_append_vals (specs, profile->data, profile->len);
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      gboolean seen = FALSE;

      if (t->direction == DMK_DIRECTION_MIX)
        *mix = result->settings.mix_read_percent > 0 ? result->settings.mix_read_percent
                                                     : DMK_MIX_DEFAULT;
      for (guint j = 0; j < specs->len && !seen; j++)
        seen = dmk_test_spec_equal (&g_array_index (specs, DmkTestSpec, j), &t->spec);
      if (!seen)
        g_array_append_val (specs, t->spec);
    }
  if (*mix == 0 && result->settings.mode != DMK_MODE_READ)
    *mix = result->settings.mix_read_percent;
  return specs;
}

/* result's warnings about test, one a line, or NULL. */
static char *
warnings_about (DmkResult *result, const DmkTestResult *test)
{
  g_autofree char *name = dmk_test_spec_to_name (&test->spec);
  GString *s = NULL;

  for (guint i = 0; i < result->warnings->len; i++)
    {
      const char *warning = g_ptr_array_index (result->warnings, i);
      g_autofree char *named = NULL;
      DmkTestSpec spec;
      DmkDirection direction;

      if (!dmk_warning_names_test (warning, &spec, &direction) || direction != test->direction)
        continue;
      named = dmk_test_spec_to_name (&spec);
      if (strcmp (named, name) != 0)
        continue;
      if (s == NULL)
        s = g_string_new (NULL);
      else
        g_string_append_c (s, '\n');
      g_string_append (s, warning);
    }
  return s != NULL ? g_string_free (s, FALSE) : NULL;
}

void
dmk_result_grid_set_result (DmkResultGrid *self, DmkResult *result)
{
  g_autoptr (GArray) specs = NULL;
  guint mix = 0;

  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  if (result == NULL)
    {
      dmk_result_grid_set_plan (self, self->plan_profile, self->plan_specs, self->plan_mix);
      return;
    }
  dmk_result_ref (result);
  g_clear_pointer (&self->result, dmk_result_unref);
  self->result = result;
  specs = result_specs (result, &mix);
  build (self, result->settings.profile, specs, mix);
  for (guint i = 0; i < result->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (result->tests, i);
      DmkResultCell *cell = cell_for (self, &t->spec, t->direction);

      if (cell != NULL)
        {
          g_autofree char *warning = warnings_about (result, t);

          g_autofree char *rated = dmk_rated_share_text (result, t);

          dmk_result_cell_set_result (cell, t);
          dmk_result_cell_set_warning (cell, warning);
          dmk_result_cell_set_rated (cell, rated);
        }
    }
  apply_blocked (self);
}

gboolean
dmk_result_grid_has_layout (DmkResultGrid *self, GArray *specs, guint mix_read_percent)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), FALSE);
  if (specs->len != self->specs->len || (mix_read_percent > 0) != (self->mix > 0))
    return FALSE;
  for (guint i = 0; i < specs->len; i++)
    if (!dmk_test_spec_equal (&g_array_index (specs, DmkTestSpec, i),
                              &g_array_index (self->specs, DmkTestSpec, i)))
      return FALSE;
  return TRUE;
}

void
dmk_result_grid_set_unit (DmkResultGrid *self, DmkUnit unit)
{
  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  self->unit = unit;
  for (guint i = 0; i < self->rows->len; i++)
    for (guint c = 0; c < N_COLUMNS_MAX; c++)
      if (row_at (self, i)->cells[c] != NULL)
        dmk_result_cell_set_unit (row_at (self, i)->cells[c], unit);
  update_headings (self);
}

void
dmk_result_grid_set_blocked (DmkResultGrid *self, DmkDirection direction, const char *reason)
{
  int c = column_for (direction);

  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  if (g_strcmp0 (self->blocked[c], reason) == 0)
    return;
  g_free (self->blocked[c]);
  self->blocked[c] = g_strdup (reason);
  apply_blocked (self);
}

void
dmk_result_grid_clear_jobs (DmkResultGrid *self, GArray *jobs)
{
  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  for (guint i = 0; i < jobs->len; i++)
    {
      const DmkJob *job = &g_array_index (jobs, DmkJob, i);
      DmkResultCell *cell = cell_for (self, &job->spec, job->direction);

      if (cell != NULL)
        {
          dmk_result_cell_set_blocked (cell, NULL);
          dmk_result_cell_clear (cell);
        }
    }
}

void
dmk_result_grid_set_live (DmkResultGrid *self, const DmkTestSpec *spec, DmkDirection direction,
                          double mb_per_s, guint pass, guint n_passes)
{
  DmkResultCell *cell;

  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  cell = cell_for (self, spec, direction);
  if (cell != NULL)
    dmk_result_cell_set_live (cell, mb_per_s, pass, n_passes);
}

void
dmk_result_grid_add_sample (DmkResultGrid *self, const DmkTestSpec *spec, DmkDirection direction,
                            guint pass, double end_s, double mb_per_s, double celsius)
{
  DmkResultCell *cell;

  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  cell = cell_for (self, spec, direction);
  if (cell != NULL)
    dmk_result_cell_add_sample (cell, pass, end_s, mb_per_s, celsius);
}

void
dmk_result_grid_set_test (DmkResultGrid *self, const DmkTestResult *test)
{
  DmkResultCell *cell;

  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  cell = cell_for (self, &test->spec, test->direction);
  if (cell != NULL)
    dmk_result_cell_set_result (cell, test);
}

void
dmk_result_grid_clear_live (DmkResultGrid *self)
{
  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  for (guint i = 0; i < self->rows->len; i++)
    for (guint c = 0; c < N_COLUMNS_MAX; c++)
      {
        DmkResultCell *cell = row_at (self, i)->cells[c];
        if (cell != NULL && dmk_result_cell_is_live (cell))
          dmk_result_cell_clear (cell);
      }
  apply_blocked (self);
}

void
dmk_result_grid_set_controls (DmkResultGrid *self, GtkWidget *controls)
{
  g_return_if_fail (DMK_IS_RESULT_GRID (self));
  if (self->controls != NULL)
    gtk_grid_remove (self->grid, self->controls);
  self->controls = controls;
  if (controls != NULL)
    gtk_grid_attach (self->grid, controls, 1, 0, (int) MAX (self->n_columns, 2), 1);
}

guint
dmk_result_grid_get_n_rows (DmkResultGrid *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), 0);
  return self->rows->len;
}

guint
dmk_result_grid_get_n_cells (DmkResultGrid *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), 0);
  return self->rows->len * self->n_columns;
}

const DmkTestSpec *
dmk_result_grid_get_spec (DmkResultGrid *self, guint row)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), NULL);
  return row < self->specs->len ? &g_array_index (self->specs, DmkTestSpec, row) : NULL;
}

DmkResultCell *
dmk_result_grid_get_cell (DmkResultGrid *self, guint row, DmkDirection direction)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), NULL);
  return row < self->rows->len ? row_at (self, row)->cells[column_for (direction)] : NULL;
}

GtkWidget *
dmk_result_grid_get_all_button (DmkResultGrid *self)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), NULL);
  return GTK_WIDGET (self->all_button);
}

GtkWidget *
dmk_result_grid_get_row_button (DmkResultGrid *self, guint row)
{
  g_return_val_if_fail (DMK_IS_RESULT_GRID (self), NULL);
  return row < self->rows->len ? row_at (self, row)->button : NULL;
}

static void
dmk_result_grid_dispose (GObject *object)
{
  DmkResultGrid *self = DMK_RESULT_GRID (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DMK_TYPE_RESULT_GRID);
  self->controls = NULL;
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  G_OBJECT_CLASS (dmk_result_grid_parent_class)->dispose (object);
}

static void
dmk_result_grid_finalize (GObject *object)
{
  DmkResultGrid *self = DMK_RESULT_GRID (object);

  g_clear_pointer (&self->result, dmk_result_unref);
  g_clear_pointer (&self->specs, g_array_unref);
  g_clear_pointer (&self->plan_specs, g_array_unref);
  g_free (self->plan_profile);
  g_free (self->profile);
  for (guint c = 0; c < N_COLUMNS_MAX; c++)
    g_free (self->blocked[c]);
  G_OBJECT_CLASS (dmk_result_grid_parent_class)->finalize (object);
}

static void
dmk_result_grid_class_init (DmkResultGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dmk_result_grid_dispose;
  object_class->finalize = dmk_result_grid_finalize;
  g_type_ensure (DMK_TYPE_RESULT_CELL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/gdiskmark/GDiskMark/"
                                               "dmk-result-grid.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkResultGrid, grid);
  gtk_widget_class_bind_template_child (widget_class, DmkResultGrid, all_button);
  gtk_widget_class_bind_template_child (widget_class, DmkResultGrid, all_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  /* A screen reader meets a named group, not the type's name. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dmk_result_grid_init (DmkResultGrid *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Benchmark results"), -1);
  self->specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  self->plan_specs = g_array_new (FALSE, TRUE, sizeof (DmkTestSpec));
  self->rows = g_ptr_array_new_with_free_func (g_free);
  self->stop_row = DMK_RESULT_GRID_NONE;
  self->n_columns = 2;
  update_button (self, DMK_RESULT_GRID_ALL);
}
