/* dmk-compare-window.c: results side by side. The core's DmkComparison decides the rows, the best
 * value of each row and the deltas; this file only lays them out, one column per result. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "dmk-gui-utils.h"
#include "dmk-compare-window.h"
#include "dmk-result-cell.h"
#include "dmk-window.h"

typedef struct
{
  DmkResult *result;
  char *source; /* the file it was read from, or NULL for a run */
} Column;

typedef struct
{
  GtkWidget *widget;
  char *value; /* as shown: "1234.56", or "—" where the result lacks the test */
  char *delta; /* "+12.3%", "Baseline", or "" */
  gboolean best;
} Cell;

struct _DmkCompareWindow
{
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkMenuButton *add_button;
  GtkMenuButton *menu_button;
  GtkDropDown *unit_dropdown;
  GtkStack *stack;
  GtkWidget *table_box;
  GtkGrid *grid;
  GtkLabel *legend_label;

  GSettings *settings;
  DmkUnit unit;
  GPtrArray *columns; /* Column* */
  guint baseline;
  DmkComparison *cmp;   /* what the table shows; rebuilt with it */
  GPtrArray *cells;     /* Cell*, row by row, one per column */
  GPtrArray *headers;   /* GtkWidget*: each column's header */
  GPtrArray *menus;     /* GtkWidget*: each header's menu button */
  GtkWindow *main_window; /* weak */
  GtkWindow *error_dialog; /* weak */
  GtkFileChooserNative *file_chooser;
};

G_DEFINE_FINAL_TYPE (DmkCompareWindow, dmk_compare_window, ADW_TYPE_APPLICATION_WINDOW)

static void
column_free (Column *c)
{
  dmk_result_unref (c->result);
  g_free (c->source);
  g_free (c);
}

static void
cell_free (Cell *c)
{
  g_free (c->value);
  g_free (c->delta);
  g_free (c);
}

static void
toast (DmkCompareWindow *self, const char *text)
{
  dmk_toast (self->toast_overlay, text);
}

static void
show_error (DmkCompareWindow *self, const char *heading, const char *message)
{
  dmk_show_error (GTK_WINDOW (self), &self->error_dialog, heading, message);
}

/* ---- what a cell and a header say ---- */

/* "+12.3%" with a real minus sign; translators may space it as their language does. */
static char *
format_delta (double percent)
{
  const char *sign = percent > 0.05 ? "+" : percent < -0.05 ? "−" : "±";

  /* TRANSLATORS: a change against the baseline column: "+12.3%", "−4.0%". %s is the sign. */
  return g_strdup_printf (_("%s%.1f%%"), sign, fabs (percent));
}

/* "2026-11-30 14:02" in local time, or the stored text when it is not a date. */
static char *
format_date (const char *iso)
{
  g_autoptr (GDateTime) dt = iso ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;
  g_autoptr (GDateTime) local = dt ? g_date_time_to_local (dt) : NULL;

  return local ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup (iso ? iso : "");
}

static gboolean
has_text (const char *s)
{
  return s != NULL && *s != '\0';
}

/* A header's lines: title (the drive's model, else the target), where, when, how. */
static GStrv
header_lines (Column *col)
{
  DmkResult *r = col->result;
  GStrvBuilder *b = g_strv_builder_new ();
  g_autofree char *date = format_date (r->date);
  g_autofree char *size = dmk_format_size (r->settings.size_bytes);
  const char *profile = dmk_profile_short_name (r->settings.profile);
  GStrv lines;

  if (has_text (r->target.model))
    {
      g_strv_builder_add (b, r->target.model);
      g_strv_builder_add (b, has_text (r->target.path) ? r->target.path : "?");
    }
  else
    {
      g_strv_builder_add (b, has_text (r->target.path) ? r->target.path : _("Unknown target"));
      g_strv_builder_add (b, has_text (r->target.filesystem) ? r->target.filesystem
                             : has_text (r->target.device) ? r->target.device
                                                           : "");
    }
  g_strv_builder_add (b, date);
  {
    /* TRANSLATORS: a column header's profile line: "Default · 1 GiB" */
    g_autofree char *line = g_strdup_printf (_("%s · %s"), profile ? profile : "?", size);
    g_strv_builder_add (b, line);
  }
  /* The comment is where users name the drive or the conditions. */
  if (has_text (r->comment))
    {
      g_autofree char *quoted = g_strdup_printf (_("“%s”"), r->comment);
      g_strv_builder_add (b, quoted);
    }
  lines = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return lines;
}

static char *
header_tooltip (Column *col)
{
  DmkResult *r = col->result;
  GString *s = g_string_new (NULL);
  g_autofree char *date = format_date (r->date);

  g_string_append_printf (s, _("Target: %s"), has_text (r->target.path) ? r->target.path : "?");
  if (has_text (r->target.model))
    g_string_append_printf (s, "\n%s", r->target.model);
  if (has_text (r->target.device) && g_strcmp0 (r->target.device, r->target.path) != 0)
    g_string_append_printf (s, "\n%s", r->target.device);
  if (has_text (r->target.filesystem))
    g_string_append_printf (s, "\n%s", r->target.filesystem);
  g_string_append_printf (s, "\n%s", date);
  g_string_append_printf (s, "\n%s", dmk_profile_display_name (r->settings.profile));
  if (has_text (r->comment))
    g_string_append_printf (s, "\n“%s”", r->comment);
  if (col->source != NULL)
    g_string_append_printf (s, "\n%s", col->source);
  else
    g_string_append_printf (s, "\n%s", _("The run in the main window"));
  return g_string_free (s, FALSE);
}

/* ---- the table ---- */

static GtkWidget *
make_label (const char *text, const char *css_class, float xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GMenuModel *
column_menu (DmkCompareWindow *self, guint column)
{
  GMenu *menu = g_menu_new ();
  GMenu *order = g_menu_new ();
  guint n = self->columns->len;

  if (column != self->baseline)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_("Use as _Baseline"), NULL);
      g_menu_item_set_action_and_target (item, "win.baseline", "u", column);
      g_menu_append_item (menu, item);
    }
  if (column > 0)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_("Move _Left"), NULL);
      g_menu_item_set_action_and_target (item, "win.move", "(uu)", column, column - 1);
      g_menu_append_item (order, item);
    }
  if (column + 1 < n)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_("Move _Right"), NULL);
      g_menu_item_set_action_and_target (item, "win.move", "(uu)", column, column + 1);
      g_menu_append_item (order, item);
    }
  if (g_menu_model_get_n_items (G_MENU_MODEL (order)) > 0)
    g_menu_append_section (menu, NULL, G_MENU_MODEL (order));
  g_object_unref (order);
  {
    g_autoptr (GMenu) last = g_menu_new ();
    g_autoptr (GMenuItem) item = g_menu_item_new (_("_Remove"), NULL);
    g_menu_item_set_action_and_target (item, "win.remove", "u", column);
    g_menu_append_item (last, item);
    g_menu_append_section (menu, NULL, G_MENU_MODEL (last));
  }
  return G_MENU_MODEL (menu);
}

static GtkWidget *
make_header (DmkCompareWindow *self, guint column)
{
  Column *col = g_ptr_array_index (self->columns, column);
  g_auto (GStrv) lines = header_lines (col);
  g_autofree char *tooltip = header_tooltip (col);
  g_autofree char *joined = g_strjoinv (", ", lines);
  g_autoptr (GMenuModel) menu = column_menu (self, column);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 1);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  GtkWidget *title = make_label (lines[0], "compare-title", 0);
  GtkWidget *button = gtk_menu_button_new ();

  gtk_widget_add_css_class (box, "compare-header");
  gtk_widget_set_tooltip_text (box, tooltip);
  /* Models are long ("Samsung SSD 980 PRO 1TB"): three lines, then an ellipsis. */
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (title), 3);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 12);
  gtk_label_set_width_chars (GTK_LABEL (title), 10);
  gtk_widget_set_valign (title, GTK_ALIGN_START);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (top), title);

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), menu);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, _("Column Options"));
  {
    /* TRANSLATORS: what a screen reader says for a column's menu button: "Options for
     * Samsung SSD 980, /dev/nvme0n1, 2026-11-30 14:02, Default · 1 GiB" */
    g_autofree char *a11y = g_strdup_printf (_("Options for %s"), joined);
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y,
                                    -1);
  }
  gtk_box_append (GTK_BOX (top), button);
  gtk_box_append (GTK_BOX (box), top);
  g_ptr_array_add (self->menus, button);

  for (guint i = 1; lines[i] != NULL; i++)
    {
      GtkWidget *line = make_label (lines[i], "compare-detail", 0);
      gtk_label_set_ellipsize (GTK_LABEL (line), i == 1 ? PANGO_ELLIPSIZE_MIDDLE
                                                        : PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (line), 14);
      gtk_box_append (GTK_BOX (box), line);
    }
  if (column == self->baseline && self->columns->len > 1)
    {
      GtkWidget *badge = make_label (_("Baseline"), "compare-baseline", 0.5);
      gtk_widget_set_halign (badge, GTK_ALIGN_START);
      gtk_widget_set_margin_top (badge, 3);
      gtk_box_append (GTK_BOX (box), badge);
    }
  return box;
}

/* The bar is the value against the row's best, so lengths compare at a glance. */
static double
meter_fraction (DmkComparison *cmp, guint row, int best, double value)
{
  DmkTestResult *b;
  double best_value;

  if (best < 0)
    return value > 0 ? 1.0 : 0.0;
  b = dmk_comparison_get (cmp, row, (guint) best);
  best_value = dmk_test_result_value (b, cmp->unit);
  if (!(best_value > 0) || !(value > 0))
    return 0.0;
  return CLAMP (dmk_unit_higher_is_better (cmp->unit) ? value / best_value : best_value / value,
                0.0, 1.0);
}

/* best is the row's best column (or -1), title the column's header title: both the same for a
 * whole row or column, so the caller works them out once. */
static Cell *
make_cell (DmkCompareWindow *self, guint row, guint column, int best, const char *header)
{
  DmkComparison *cmp = self->cmp;
  DmkCompareRow *r = &g_array_index (cmp->rows, DmkCompareRow, row);
  DmkTestResult *t = dmk_comparison_get (cmp, row, column);
  Cell *cell = g_new0 (Cell, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *star = make_label ("★", "compare-star", 0);
  GtkWidget *value, *delta, *meter;
  g_autofree char *what = dmk_describe_test (&r->spec, r->direction);
  g_autofree char *a11y = NULL;
  double v = 0, pct = 0;
  gboolean have_delta = FALSE;

  cell->best = t != NULL && best == (int) column;
  if (t != NULL)
    {
      v = dmk_test_result_value (t, cmp->unit);
      cell->value = dmk_unit_format (cmp->unit, v);
    }
  else
    cell->value = g_strdup ("—");
  /* The baseline's own cells say nothing there: its header says it is the baseline. */
  if (t != NULL && column != cmp->baseline &&
      (have_delta = dmk_comparison_delta (cmp, row, column, &pct)))
    cell->delta = format_delta (pct);
  else
    cell->delta = g_strdup ("");

  gtk_widget_add_css_class (box, "compare-cell");
  if (cell->best)
    gtk_widget_add_css_class (box, "best");
  if (t == NULL)
    gtk_widget_add_css_class (box, "missing");
  gtk_widget_set_focusable (box, TRUE);

  gtk_widget_set_visible (star, cell->best);
  gtk_widget_set_valign (star, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (line), star);
  value = make_label (cell->value, "value", 1);
  gtk_widget_set_hexpand (value, TRUE);
  gtk_box_append (GTK_BOX (line), value);
  gtk_box_append (GTK_BOX (box), line);

  delta = make_label (cell->delta, "delta", 1);
  if (have_delta && fabs (pct) >= 0.05)
    {
      gboolean better = (pct > 0) == dmk_unit_higher_is_better (cmp->unit);
      gtk_widget_add_css_class (delta, better ? "better" : "worse");
    }
  else
    gtk_widget_add_css_class (delta, "dim-label");
  gtk_box_append (GTK_BOX (box), delta);

  meter = gtk_level_bar_new_for_interval (0.0, 1.0);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (meter), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (meter), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (meter), GTK_LEVEL_BAR_OFFSET_FULL);
  gtk_level_bar_set_value (GTK_LEVEL_BAR (meter), t != NULL ? meter_fraction (cmp, row, best, v) : 0);
  gtk_widget_add_css_class (meter, "compare-meter");
  gtk_widget_set_visible (meter, t != NULL);
  gtk_box_append (GTK_BOX (box), meter);

  /* The cell speaks for itself as one sentence; its parts stay quiet. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (star), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (delta), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (meter), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  if (t == NULL)
    /* TRANSLATORS: a screen reader's words for an empty comparison cell: "Sequential 1 MiB,
     * queue 8, 1 thread, read, Samsung SSD 980: not measured" */
    a11y = g_strdup_printf (_("%s, %s: not measured"), what, header);
  else
    {
      GString *s = g_string_new (NULL);
      /* TRANSLATORS: "Sequential 1 MiB, queue 8, 1 thread, read, Samsung SSD 980: 3456.78 MB/s" */
      g_string_append_printf (s, _("%s, %s: %s %s"), what, header, cell->value,
                              dmk_unit_label (cmp->unit));
      if (cell->best)
        g_string_append_printf (s, ", %s", _("best"));
      if (have_delta)
        {
          gboolean better = (pct > 0) == dmk_unit_higher_is_better (cmp->unit);
          g_autofree char *d = g_strdup_printf ("%.1f", fabs (pct));
          g_string_append (s, ", ");
          if (fabs (pct) < 0.05)
            g_string_append (s, _("same as the baseline"));
          else
            /* TRANSLATORS: "12.3 percent better than the baseline" */
            g_string_append_printf (s, better ? _("%s percent better than the baseline")
                                              : _("%s percent worse than the baseline"),
                                    d);
        }
      else if (column == cmp->baseline && self->columns->len > 1)
        g_string_append_printf (s, ", %s", _("the baseline"));
      a11y = g_string_free (s, FALSE);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  gtk_widget_set_tooltip_text (box, a11y);
  cell->widget = box;
  return cell;
}

static char *
row_markup (const DmkCompareRow *row)
{
  g_autofree char *name = dmk_test_spec_to_name (&row->spec);
  g_auto (GStrv) parts = g_strsplit (name, " ", 2);

  return g_markup_printf_escaped ("<span size=\"large\" weight=\"bold\">%s</span>\n%s", parts[0],
                                  parts[1] ? parts[1] : "");
}

static void
update_legend (DmkCompareWindow *self)
{
  g_autofree char *text = NULL;

  if (self->unit == DMK_UNIT_US)
    text = g_strdup (_("★ the best in its row (the lowest mean latency) · changes are against "
                       "the baseline column · latency is the mean per I/O"));
  else if (self->unit == DMK_UNIT_IOPS)
    text = g_strdup (_("★ the best in its row · changes are against the baseline column · IOPS "
                       "are I/O operations per second"));
  else
    text = g_strdup (_("★ the best in its row · changes are against the baseline column · "
                       "1 MB/s = 1,000,000 bytes per second"));
  gtk_label_set_text (self->legend_label, text);
}

static void
update_actions (DmkCompareWindow *self)
{
  static const char *const need_columns[] = { "copy", "export-text", "export-csv", "save-image",
                                              "clear" };
  gboolean any = self->columns->len > 0;

  for (guint i = 0; i < G_N_ELEMENTS (need_columns); i++)
    g_simple_action_set_enabled (
      G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), need_columns[i])), any);
}

static void
rebuild (DmkCompareWindow *self)
{
  GtkWidget *child;
  g_autoptr (GPtrArray) results = g_ptr_array_new ();
  g_autoptr (GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  guint n = self->columns->len;
  int grid_row = 1;
  int last_dir = -1;
  int best;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->cells, 0);
  g_ptr_array_set_size (self->headers, 0);
  g_ptr_array_set_size (self->menus, 0);
  g_clear_pointer (&self->cmp, dmk_comparison_free);

  for (guint c = 0; c < n; c++)
    g_ptr_array_add (results, ((Column *) g_ptr_array_index (self->columns, c))->result);
  if (self->baseline >= n)
    self->baseline = 0;
  self->cmp = dmk_comparison_new (results, self->unit, self->baseline);

  {
    g_autofree char *subtitle =
      n == 0 ? g_strdup ("")
             : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u result", "%u results", n), n);
    adw_window_title_set_subtitle (self->window_title, subtitle);
  }
  gtk_stack_set_visible_child_name (self->stack, n == 0 ? "empty" : "table");
  update_actions (self);
  update_legend (self);
  if (n == 0)
    return;

  for (guint c = 0; c < n; c++)
    {
      g_auto (GStrv) lines = header_lines (g_ptr_array_index (self->columns, c));
      GtkWidget *header = make_header (self, c);

      g_ptr_array_add (titles, g_strdup (lines[0]));
      g_ptr_array_add (self->headers, header);
      gtk_grid_attach (self->grid, header, (int) c + 1, 0, 1, 1);
    }
  for (guint r = 0; r < self->cmp->rows->len; r++)
    {
      DmkCompareRow *row = &g_array_index (self->cmp->rows, DmkCompareRow, r);
      g_autofree char *markup = row_markup (row);
      GtkWidget *label;

      if ((int) row->direction != last_dir)
        {
          g_autofree char *heading =
            g_markup_printf_escaped ("%s <small>(%s)</small>", dmk_direction_label (row->direction),
                                     dmk_unit_label (self->unit));
          GtkWidget *h = make_label (NULL, "column-heading", 0);

          gtk_label_set_markup (GTK_LABEL (h), heading);
          gtk_widget_set_margin_top (h, grid_row > 1 ? 10 : 4);
          gtk_grid_attach (self->grid, h, 0, grid_row++, (int) n + 1, 1);
          last_dir = (int) row->direction;
        }
      label = make_label (NULL, "compare-row-name", 0);
      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
      gtk_grid_attach (self->grid, label, 0, grid_row, 1, 1);
      best = dmk_comparison_best_column (self->cmp, r);
      for (guint c = 0; c < n; c++)
        {
          Cell *cell = make_cell (self, r, c, best, titles->pdata[c]);
          g_ptr_array_add (self->cells, cell);
          gtk_grid_attach (self->grid, cell->widget, (int) c + 1, grid_row, 1, 1);
        }
      grid_row++;
    }
}

/* Grows the window to show the whole table when the screen has room: eight columns should read
 * at a glance, not through a scrollbar. Never shrinks it, never touches a maximized window. */
static void
fit_to_table (DmkCompareWindow *self)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GListModel *monitors = gdk_display_get_monitors (display);
  g_autoptr (GdkMonitor) monitor = NULL;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  GdkRectangle area = { 0, 0, 1280, 800 };
  int nat_w = 0, nat_h = 0, w = 0, h = 0;

  if (self->columns->len == 0 || gtk_window_is_maximized (GTK_WINDOW (self)) ||
      gtk_window_is_fullscreen (GTK_WINDOW (self)))
    return;
  if (surface != NULL && gdk_display_get_monitor_at_surface (display, surface) != NULL)
    monitor = g_object_ref (gdk_display_get_monitor_at_surface (display, surface));
  else if (g_list_model_get_n_items (monitors) > 0)
    monitor = g_list_model_get_item (monitors, 0);
  if (monitor != NULL)
    gdk_monitor_get_geometry (monitor, &area);
  gtk_widget_measure (self->table_box, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat_w, NULL, NULL);
  gtk_widget_measure (self->table_box, GTK_ORIENTATION_VERTICAL, nat_w, NULL, &nat_h, NULL, NULL);
  gtk_window_get_default_size (GTK_WINDOW (self), &w, &h);
  /* Plus the header bar and the window's own margins: about 60 px in Adwaita. */
  w = MAX (w, MIN (nat_w + 24, area.width * 9 / 10));
  h = MAX (h, MIN (nat_h + 64, area.height * 9 / 10));
  gtk_window_set_default_size (GTK_WINDOW (self), w, h);
}

/* ---- adding and arranging columns ---- */

gboolean
dmk_compare_window_add_result (DmkCompareWindow *self, DmkResult *result, const char *source)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  for (guint c = 0; c < self->columns->len; c++)
    {
      Column *col = g_ptr_array_index (self->columns, c);
      if (col->result == result || (source != NULL && g_strcmp0 (col->source, source) == 0))
        {
          g_autofree char *name = source ? g_path_get_basename (source) : NULL;
          g_autofree char *msg =
            name ? g_strdup_printf (_("“%s” is already in the comparison"), name)
                 : g_strdup (_("This run is already in the comparison"));
          toast (self, msg);
          return FALSE;
        }
    }
  {
    Column *col = g_new0 (Column, 1);
    col->result = dmk_result_ref (result);
    col->source = g_strdup (source);
    g_ptr_array_add (self->columns, col);
  }
  rebuild (self);
  fit_to_table (self);
  return TRUE;
}

gboolean
dmk_compare_window_add_file (DmkCompareWindow *self, GFile *file, GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr (DmkResult) result = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("“%s”: only local files can be opened"), name);
      return FALSE;
    }
  result = dmk_result_load (path, error);
  if (result == NULL)
    return FALSE;
  dmk_compare_window_add_result (self, result, path);
  return TRUE;
}

guint
dmk_compare_window_add_files (DmkCompareWindow *self, GFile **files, guint n_files)
{
  g_autoptr (GString) errors = g_string_new (NULL);
  guint added = 0;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr (GError) error = NULL;
      guint before = self->columns->len;

      if (!dmk_compare_window_add_file (self, files[i], &error))
        g_string_append_printf (errors, "%s%s", errors->len ? "\n" : "", error->message);
      else if (self->columns->len > before)
        added++;
    }
  if (errors->len > 0)
    show_error (self, g_dngettext (GETTEXT_PACKAGE, "Could Not Add the Results",
                                   "Could Not Add All Results", n_files),
                errors->str);
  return added;
}

void
dmk_compare_window_set_main_window (DmkCompareWindow *self, GtkWindow *main_window)
{
  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  if (self->main_window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->main_window), (gpointer *) &self->main_window);
  self->main_window = main_window;
  if (main_window != NULL)
    g_object_add_weak_pointer (G_OBJECT (main_window), (gpointer *) &self->main_window);
}

static DmkWindow *
window_with_result (DmkCompareWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (self->main_window != NULL && DMK_IS_WINDOW (self->main_window) &&
      dmk_window_get_shown_result (DMK_WINDOW (self->main_window)) != NULL)
    return DMK_WINDOW (self->main_window);
  /* Most recently used first. */
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    if (DMK_IS_WINDOW (l->data) && dmk_window_get_shown_result (l->data) != NULL)
      return l->data;
  return NULL;
}

gboolean
dmk_compare_window_add_current (DmkCompareWindow *self)
{
  DmkWindow *win;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  win = window_with_result (self);
  if (win == NULL)
    {
      toast (self, _("There is no run to add: run a benchmark in the main window first"));
      return FALSE;
    }
  return dmk_compare_window_add_result (self, dmk_window_get_shown_result (win),
                                        dmk_window_get_shown_source (win));
}

void
dmk_compare_window_remove_column (DmkCompareWindow *self, guint column)
{
  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  g_return_if_fail (column < self->columns->len);
  g_ptr_array_remove_index (self->columns, column);
  if (self->baseline > column)
    self->baseline--;
  else if (self->baseline == column)
    self->baseline = 0;
  rebuild (self);
}

void
dmk_compare_window_move_column (DmkCompareWindow *self, guint column, guint to)
{
  Column *col;

  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  g_return_if_fail (column < self->columns->len && to < self->columns->len);
  if (column == to)
    return;
  col = g_ptr_array_steal_index (self->columns, column);
  g_ptr_array_insert (self->columns, (int) to, col);
  /* The baseline is a result, not a position: it follows its column. */
  if (self->baseline == column)
    self->baseline = to;
  else if (column < self->baseline && to >= self->baseline)
    self->baseline--;
  else if (column > self->baseline && to <= self->baseline)
    self->baseline++;
  rebuild (self);
}

void
dmk_compare_window_set_baseline (DmkCompareWindow *self, guint column)
{
  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  g_return_if_fail (column < self->columns->len);
  self->baseline = column;
  rebuild (self);
}

/* ---- exporting ---- */

DmkComparison *
dmk_compare_window_get_comparison (DmkCompareWindow *self)
{
  g_autoptr (GPtrArray) results = g_ptr_array_new ();

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  for (guint c = 0; c < self->columns->len; c++)
    g_ptr_array_add (results, ((Column *) g_ptr_array_index (self->columns, c))->result);
  return dmk_comparison_new (results, self->unit, self->baseline);
}

char *
dmk_compare_window_to_text (DmkCompareWindow *self)
{
  g_autoptr (DmkComparison) cmp = dmk_compare_window_get_comparison (self);
  return dmk_comparison_to_text (cmp);
}

char *
dmk_compare_window_to_csv (DmkCompareWindow *self)
{
  g_autoptr (DmkComparison) cmp = dmk_compare_window_get_comparison (self);
  return dmk_comparison_to_csv (cmp);
}

static gboolean
need_columns (DmkCompareWindow *self, GError **error)
{
  if (self->columns->len > 0)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is nothing to compare yet"));
  return FALSE;
}

gboolean
dmk_compare_window_export_text (DmkCompareWindow *self, const char *filename, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (!need_columns (self, error))
    return FALSE;
  text = dmk_compare_window_to_text (self);
  return g_file_set_contents (filename, text, -1, error);
}

gboolean
dmk_compare_window_export_csv (DmkCompareWindow *self, const char *filename, GError **error)
{
  g_autofree char *csv = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (!need_columns (self, error))
    return FALSE;
  csv = dmk_compare_window_to_csv (self);
  return g_file_set_contents (filename, csv, -1, error);
}

/* The whole table with its legend, even the part scrolled out of view. */
gboolean
dmk_compare_window_save_image (DmkCompareWindow *self, const char *filename, GError **error)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (!need_columns (self, error))
    return FALSE;
  return dmk_save_widget_png (self->table_box, filename, error);
}

gboolean
dmk_compare_window_copy (DmkCompareWindow *self)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), FALSE);
  if (self->columns->len == 0)
    {
      toast (self, _("Nothing to copy yet: add results first"));
      return FALSE;
    }
  text = dmk_compare_window_to_text (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  toast (self, _("Comparison copied"));
  return TRUE;
}

static void
report_file_job (GtkWindow *window, gboolean ok, const char *text)
{
  if (ok)
    toast (DMK_COMPARE_WINDOW (window), text);
  else
    show_error (DMK_COMPARE_WINDOW (window), _("Could Not Save"), text);
}

static void
add_files_job (GtkWindow *window, GFile **files, guint n_files)
{
  dmk_compare_window_add_files (DMK_COMPARE_WINDOW (window), files, n_files);
}

static gboolean
export_text_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_export_text (DMK_COMPARE_WINDOW (window), path, error);
}

static gboolean
export_csv_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_export_csv (DMK_COMPARE_WINDOW (window), path, error);
}

static gboolean
save_image_job (GtkWindow *window, const char *path, GError **error)
{
  return dmk_compare_window_save_image (DMK_COMPARE_WINDOW (window), path, error);
}

static const DmkFileJob add_file = { N_("Add Results"), N_("GDiskMark Results"),
                                     "application/json", "json", add_files_job, NULL };
static const DmkFileJob text_file = { N_("Export Comparison as Text"), N_("Text"), "text/plain",
                                      "txt", NULL, export_text_job };
static const DmkFileJob csv_file = { N_("Export Comparison as CSV"), N_("CSV"), "text/csv", "csv",
                                     NULL, export_csv_job };
static const DmkFileJob image_file = { N_("Save Image"), N_("PNG Image"), "image/png", "png", NULL,
                                       save_image_job };

static void
run_chooser (DmkCompareWindow *self, const DmkFileJob *job)
{
  if (self->file_chooser != NULL)
    return;
  dmk_file_job_start (GTK_WINDOW (self), job, "GDiskMark_Compare_", report_file_job,
                      &self->file_chooser);
}

/* ---- actions ---- */

static void
add_files_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &add_file);
}

static void
add_current_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  dmk_compare_window_add_current (self);
}

static void
copy_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  dmk_compare_window_copy (self);
}

static void
export_text_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &text_file);
}

static void
export_csv_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &csv_file);
}

static void
save_image_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  run_chooser (self, &image_file);
}

static void
clear_activated (GSimpleAction *a, GVariant *p, gpointer user_data)
{
  DmkCompareWindow *self = user_data;

  g_ptr_array_set_size (self->columns, 0);
  self->baseline = 0;
  rebuild (self);
}

/* The table is rebuilt after a column's menu acted; keyboard focus goes to the menu button of the
 * column that was acted on (or its neighbour), not back to the window. */
static void
focus_column (DmkCompareWindow *self, guint column)
{
  if (self->menus->len == 0)
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->add_button));
      return;
    }
  gtk_widget_grab_focus (g_ptr_array_index (self->menus, MIN (column, self->menus->len - 1)));
}

static void
baseline_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  guint column = g_variant_get_uint32 (p);

  if (column < DMK_COMPARE_WINDOW (self)->columns->len)
    {
      dmk_compare_window_set_baseline (self, column);
      focus_column (self, column);
    }
}

static void
move_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  guint from, to, n = DMK_COMPARE_WINDOW (self)->columns->len;

  g_variant_get (p, "(uu)", &from, &to);
  if (from < n && to < n)
    {
      dmk_compare_window_move_column (self, from, to);
      focus_column (self, to);
    }
}

static void
remove_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  guint column = g_variant_get_uint32 (p);

  if (column < DMK_COMPARE_WINDOW (self)->columns->len)
    {
      dmk_compare_window_remove_column (self, column);
      focus_column (self, column);
    }
}

static const GActionEntry actions[] = {
  { "add-files", add_files_activated, NULL, NULL, NULL },
  { "add-current", add_current_activated, NULL, NULL, NULL },
  { "copy", copy_activated, NULL, NULL, NULL },
  { "export-text", export_text_activated, NULL, NULL, NULL },
  { "export-csv", export_csv_activated, NULL, NULL, NULL },
  { "save-image", save_image_activated, NULL, NULL, NULL },
  { "clear", clear_activated, NULL, NULL, NULL },
  { "baseline", baseline_activated, "u", NULL, NULL },
  { "move", move_activated, "(uu)", NULL, NULL },
  { "remove", remove_activated, "u", NULL, NULL },
};

static void
on_unit_changed (GSettings *settings, const char *key, DmkCompareWindow *self)
{
  g_autofree char *nick = g_settings_get_string (settings, "unit");
  DmkUnit unit = dmk_unit_from_nick (nick);

  if (unit != self->unit)
    {
      self->unit = unit;
      rebuild (self);
    }
}

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, DmkCompareWindow *self)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = g_value_get_boxed (value); l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  if (files->len == 0)
    return FALSE;
  dmk_compare_window_add_files (self, (GFile **) files->pdata, files->len);
  return TRUE;
}

static gboolean
focus_unit (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  return gtk_widget_grab_focus (GTK_WIDGET (DMK_COMPARE_WINDOW (widget)->unit_dropdown));
}

static void
dmk_compare_window_dispose (GObject *object)
{
  DmkCompareWindow *self = DMK_COMPARE_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  dmk_compare_window_set_main_window (self, NULL);
  if (self->file_chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->file_chooser));
      g_clear_object (&self->file_chooser);
    }
  G_OBJECT_CLASS (dmk_compare_window_parent_class)->dispose (object);
}

static void
dmk_compare_window_finalize (GObject *object)
{
  DmkCompareWindow *self = DMK_COMPARE_WINDOW (object);

  g_clear_pointer (&self->cmp, dmk_comparison_free);
  g_ptr_array_unref (self->columns);
  g_ptr_array_unref (self->cells);
  g_ptr_array_unref (self->headers);
  g_ptr_array_unref (self->menus);
  G_OBJECT_CLASS (dmk_compare_window_parent_class)->finalize (object);
}

static void
dmk_compare_window_class_init (DmkCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct
  {
    guint key;
    GdkModifierType mods;
    const char *action;
  } keys[] = {
    { GDK_KEY_o, GDK_CONTROL_MASK, "win.add-files" },
    { GDK_KEY_r, GDK_CONTROL_MASK, "win.add-current" },
    { GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.copy" },
    { GDK_KEY_t, GDK_CONTROL_MASK, "win.export-text" },
    { GDK_KEY_e, GDK_CONTROL_MASK, "win.export-csv" },
    { GDK_KEY_s, GDK_CONTROL_MASK, "win.save-image" },
  };

  object_class->dispose = dmk_compare_window_dispose;
  object_class->finalize = dmk_compare_window_finalize;

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/gdiskmark/GDiskMark/dmk-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, add_button);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, unit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, table_box);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, grid);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareWindow, legend_label);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action,
                                         NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_u, GDK_ALT_MASK, focus_unit, NULL);
}

static void
dmk_compare_window_init (DmkCompareWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_free);
  self->cells = g_ptr_array_new_with_free_func ((GDestroyNotify) cell_free);
  self->headers = g_ptr_array_new ();
  self->menus = g_ptr_array_new ();
  self->settings = g_settings_new (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  dmk_unit_dropdown_setup (self->unit_dropdown, self->settings);
  {
    g_autofree char *nick = g_settings_get_string (self->settings, "unit");
    self->unit = dmk_unit_from_nick (nick);
  }
  g_signal_connect (self->settings, "changed::unit", G_CALLBACK (on_unit_changed), self);
  {
    GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
    g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  }
  rebuild (self);
}

DmkCompareWindow *
dmk_compare_window_new (GtkApplication *application)
{
  return g_object_new (DMK_TYPE_COMPARE_WINDOW, "application", application, NULL);
}

/* ---- hooks ---- */

guint
dmk_compare_window_get_baseline (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  return self->baseline;
}

guint
dmk_compare_window_get_n_columns (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  return self->columns->len;
}

DmkResult *
dmk_compare_window_get_result (DmkCompareWindow *self, guint column)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return ((Column *) g_ptr_array_index (self->columns, column))->result;
}

DmkUnit
dmk_compare_window_get_unit (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), DMK_UNIT_MB_S);
  return self->unit;
}

guint
dmk_compare_window_get_n_rows (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), 0);
  return self->columns->len > 0 ? self->cmp->rows->len : 0;
}

char *
dmk_compare_window_get_row_name (DmkCompareWindow *self, guint row)
{
  DmkCompareRow *r;
  g_autofree char *name = NULL;

  g_return_val_if_fail (row < dmk_compare_window_get_n_rows (self), NULL);
  r = &g_array_index (self->cmp->rows, DmkCompareRow, row);
  name = dmk_test_spec_to_name (&r->spec);
  return g_strdup_printf ("%s %s", name,
                          r->direction == DMK_DIRECTION_READ    ? "Read"
                          : r->direction == DMK_DIRECTION_WRITE ? "Write"
                                                                : "Mix");
}

static Cell *
get_cell (DmkCompareWindow *self, guint row, guint column)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (row < dmk_compare_window_get_n_rows (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return g_ptr_array_index (self->cells, row * self->columns->len + column);
}

const char *
dmk_compare_window_get_cell_text (DmkCompareWindow *self, guint row, guint column)
{
  Cell *cell = get_cell (self, row, column);
  return cell ? cell->value : NULL;
}

const char *
dmk_compare_window_get_delta_text (DmkCompareWindow *self, guint row, guint column)
{
  Cell *cell = get_cell (self, row, column);
  return cell ? cell->delta : NULL;
}

gboolean
dmk_compare_window_cell_is_best (DmkCompareWindow *self, guint row, guint column)
{
  Cell *cell = get_cell (self, row, column);
  return cell != NULL && cell->best;
}

GtkWidget *
dmk_compare_window_get_cell (DmkCompareWindow *self, guint row, guint column)
{
  Cell *cell = get_cell (self, row, column);
  return cell ? cell->widget : NULL;
}

char *
dmk_compare_window_get_header_text (DmkCompareWindow *self, guint column)
{
  GString *s = g_string_new (NULL);
  GtkWidget *header;

  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (column < self->headers->len, NULL);
  header = g_ptr_array_index (self->headers, column);
  /* Every label of the header, in order, as drawn. */
  for (GtkWidget *w = gtk_widget_get_first_child (header); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *label = GTK_IS_LABEL (w) ? w : gtk_widget_get_first_child (w);
      if (label != NULL && GTK_IS_LABEL (label))
        g_string_append_printf (s, "%s%s", s->len ? "\n" : "",
                                gtk_label_get_text (GTK_LABEL (label)));
    }
  return g_string_free (s, FALSE);
}

GtkWidget *
dmk_compare_window_get_header_menu (DmkCompareWindow *self, guint column)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (column < self->menus->len, NULL);
  return g_ptr_array_index (self->menus, column);
}

GtkWindow *
dmk_compare_window_get_error_dialog (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  return self->error_dialog;
}

GtkWidget *
dmk_compare_window_get_table (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  return self->table_box;
}

const char *
dmk_compare_window_get_page (DmkCompareWindow *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}
