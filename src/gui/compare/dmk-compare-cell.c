/* dmk-compare-cell.c: a comparison cell, and what it says for one test of one result. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "dmk-compare-cell.h"
#include "dmk-gui-utils.h"
#include "dmk-result-cell.h"

struct _DmkCompareCell
{
  GtkBox parent_instance;

  /* template children */
  GtkLabel *star_label;
  GtkLabel *uncertain_label;
  GtkLabel *value_label;
  GtkLabel *delta_label;
  GtkLevelBar *meter;

  DmkCompareTrend trend;
  gboolean best;
  gboolean missing;
  gboolean uncertain;
  char *description;
};

G_DEFINE_ENUM_TYPE (DmkCompareTrend, dmk_compare_trend,
                    G_DEFINE_ENUM_VALUE (DMK_COMPARE_TREND_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (DMK_COMPARE_TREND_BETTER, "better"),
                    G_DEFINE_ENUM_VALUE (DMK_COMPARE_TREND_WORSE, "worse"))

G_DEFINE_FINAL_TYPE (DmkCompareCell, dmk_compare_cell, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_VALUE,
  PROP_DELTA,
  PROP_TREND,
  PROP_BEST,
  PROP_MISSING,
  PROP_UNCERTAIN,
  PROP_FRACTION,
  PROP_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- what a cell says ---- */

/* "+12.3%" with a real minus sign; translators may space it as their language does. */
static char *
format_delta (double percent)
{
  const char *sign = percent > 0.05 ? "+" : percent < -0.05 ? "−" : "±";

  /* TRANSLATORS: a change against the baseline column: "+12.3%", "−4.0%". %s is the sign. */
  return g_strdup_printf (_("%s%.1f%%"), sign, fabs (percent));
}

/* The bar is the value against the row's best, so lengths compare at a glance. */
static double
meter_fraction (DmkComparison *cmp, guint row, int best, double value)
{
  double best_value = 0;

  if (best < 0)
    return value > 0 ? 1.0 : 0.0;
  if (!dmk_comparison_value (cmp, row, (guint) best, &best_value) || !(value > 0))
    return 0.0;
  return CLAMP (dmk_unit_higher_is_better (cmp->unit) ? value / best_value : best_value / value,
                0.0, 1.0);
}

/* The change against the baseline in words. The best is never worse than a value it was ranked
 * against: a better baseline is one a warning leaves out, and the sentence says so. */
static void
describe_delta (GString *s, DmkComparison *cmp, guint row, gboolean best, double pct)
{
  gboolean better = (pct > 0) == dmk_unit_higher_is_better (cmp->unit);
  g_autofree char *d = g_strdup_printf ("%.1f", fabs (pct));

  g_string_append (s, ", ");
  if (fabs (pct) < 0.05)
    g_string_append (s, _("same as the baseline"));
  else if (better)
    /* TRANSLATORS: "12.3 percent better than the baseline" */
    g_string_append_printf (s, _("%s percent better than the baseline"), d);
  else if (best && dmk_comparison_flagged (cmp, row, cmp->baseline))
    /* TRANSLATORS: said of the best value of a row whose baseline is faster but left out of
     * the ranking: "75.9 percent below the baseline, which a warning about this test leaves
     * out of the ranking" */
    g_string_append_printf (s,
                            _("%s percent below the baseline, which a warning about this test "
                              "leaves out of the ranking"),
                            d);
  else
    /* TRANSLATORS: "12.3 percent worse than the baseline" */
    g_string_append_printf (s, _("%s percent worse than the baseline"), d);
}

/* One sentence for a screen reader: the test, the column, the value and how it compares. */
static char *
describe (DmkComparison *cmp, guint row, guint column, const char *header, const char *value,
          gboolean best, gboolean have_delta, double pct)
{
  DmkCompareRow *r = &g_array_index (cmp->rows, DmkCompareRow, row);
  g_autofree char *what = dmk_describe_test (&r->spec, r->direction);
  GString *s;

  if (!dmk_comparison_value (cmp, row, column, NULL))
    /* TRANSLATORS: a screen reader's words for an empty comparison cell: "Sequential 1 MiB,
     * queue 8, 1 thread, read, Samsung SSD 980: not measured" */
    return g_strdup_printf (_("%s, %s: not measured"), what, header);
  s = g_string_new (NULL);
  /* TRANSLATORS: "Sequential 1 MiB, queue 8, 1 thread, read, Samsung SSD 980: 3456.78 MB/s" */
  g_string_append_printf (s, _("%s, %s: %s %s"), what, header, value, dmk_unit_label (cmp->unit));
  if (best)
    g_string_append_printf (s, ", %s", _("best"));
  else if (dmk_comparison_flagged (cmp, row, column))
    g_string_append_printf (s, ", %s", _("not ranked: its result has a warning about this test"));
  if (dmk_comparison_uncertain (cmp, row, column))
    g_string_append_printf (s, ", %s",
                            _("uncertain: its passes scatter (a warning about this test), so "
                              "its place in the row may not repeat"));
  if (have_delta)
    {
      describe_delta (s, cmp, row, best, pct);
      if (dmk_comparison_within_noise (cmp, row, column))
        g_string_append_printf (s, ", %s",
                                _("within noise: smaller than the two results’ spread"));
    }
  else if (column == cmp->baseline && cmp->results->len > 1)
    g_string_append_printf (s, ", %s", _("the baseline"));
  /* Its share of its drive's rated speed, where the user gave one (sequential tests). */
  {
    DmkTestResult *t = dmk_comparison_get (cmp, row, column);
    g_autofree char *share =
      t != NULL ? dmk_rated_share_text (g_ptr_array_index (cmp->results, column), t) : NULL;

    if (share != NULL)
      g_string_append_printf (s, ", %s", share);
  }
  return g_string_free (s, FALSE);
}

void
dmk_compare_cell_facts (DmkComparison *cmp, guint row, guint column, int best,
                        DmkCompareCellFacts *out)
{
  double v = 0;
  gboolean noise;

  g_return_if_fail (cmp != NULL && out != NULL);
  g_return_if_fail (row < cmp->rows->len && column < cmp->results->len);
  memset (out, 0, sizeof *out);
  /* What a tool did not measure (0) is missing too: "—", never ranked. */
  out->missing = !dmk_comparison_value (cmp, row, column, &v);
  out->best = !out->missing && best == (int) column;
  out->uncertain = dmk_comparison_uncertain (cmp, row, column);
  out->value = !out->missing ? dmk_unit_format (cmp->unit, v) : g_strdup ("—");
  out->fraction = !out->missing ? meter_fraction (cmp, row, best, v) : 0.0;
  /* The baseline's own cells say nothing there: its header says it is the baseline. */
  if (!out->missing && column != cmp->baseline &&
      (out->have_delta = dmk_comparison_delta (cmp, row, column, &out->percent)))
    out->delta = format_delta (out->percent);
  else
    out->delta = g_strdup ("");
  noise = out->have_delta && dmk_comparison_within_noise (cmp, row, column);
  if (noise)
    {
      /* TRANSLATORS: a change smaller than the results' spread: "+1.2% (noise)" */
      g_autofree char *marked = g_strdup_printf (_("%s (noise)"), out->delta);
      g_free (out->delta);
      out->delta = g_steal_pointer (&marked);
    }
  /* A change within noise is neither better nor worse: it takes no colour. */
  out->trend = DMK_COMPARE_TREND_NONE;
  if (out->have_delta && !noise && fabs (out->percent) >= 0.05)
    out->trend = (out->percent > 0) == dmk_unit_higher_is_better (cmp->unit)
                   ? DMK_COMPARE_TREND_BETTER
                   : DMK_COMPARE_TREND_WORSE;
}

void
dmk_compare_cell_facts_clear (DmkCompareCellFacts *facts)
{
  g_clear_pointer (&facts->value, g_free);
  g_clear_pointer (&facts->delta, g_free);
}

char *
dmk_compare_legend_text (DmkComparison *cmp, DmkUnit unit, gboolean picture)
{
  GString *text = g_string_new (NULL);

  if (unit == DMK_UNIT_US)
    g_string_append (text, _("★ the best in its row (the lowest mean latency) · changes are "
                             "against the baseline column · latency is the mean per I/O"));
  else if (unit == DMK_UNIT_IOPS)
    g_string_append (text, _("★ the best in its row · changes are against the baseline column · "
                             "IOPS are I/O operations per second"));
  else
    g_string_append (text, _("★ the best in its row · changes are against the baseline column · "
                             "1 MB/s = 1,000,000 bytes per second"));
  /* A picture has no tooltips to point to. */
  if (cmp != NULL && dmk_comparison_any_unranked (cmp))
    g_string_append_printf (text, "\n%s",
                            picture ? _("A value with a warning about its test is not ranked · "
                                        "— not measured, never ranked")
                                    : _("A value with a warning about its test is not "
                                        "ranked (its tooltip says so) · — not measured, "
                                        "never ranked"));
  if (cmp != NULL && dmk_comparison_any_uncertain (cmp))
    g_string_append_printf (text, "\n%s",
                            picture ? _("~ uncertain: the value’s passes scatter; it is ranked "
                                        "all the same")
                                    : _("~ uncertain: the value’s passes scatter; it is "
                                        "ranked all the same (its tooltip says so)"));
  return g_string_free (text, FALSE);
}

GtkWidget *
dmk_compare_cell_new_for_comparison (DmkComparison *cmp, guint row, guint column, int best,
                                     const char *header)
{
  g_auto (DmkCompareCellFacts) f = { 0 };
  g_autofree char *description = NULL;

  g_return_val_if_fail (cmp != NULL, NULL);
  g_return_val_if_fail (row < cmp->rows->len && column < cmp->results->len, NULL);
  dmk_compare_cell_facts (cmp, row, column, best, &f);
  description = describe (cmp, row, column, header, f.value, f.best, f.have_delta, f.percent);

  /* The description is the tooltip too: it says when a warning leaves the value unranked. */
  return g_object_new (DMK_TYPE_COMPARE_CELL, "value", f.value, "delta", f.delta, "trend",
                       f.trend, "best", f.best, "missing", f.missing, "uncertain", f.uncertain,
                       "fraction", f.fraction, "description", description, NULL);
}

/* ---- the widget ---- */

const char *
dmk_compare_cell_get_value (DmkCompareCell *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_CELL (self), NULL);
  return gtk_label_get_text (self->value_label);
}

void
dmk_compare_cell_set_value (DmkCompareCell *self, const char *value)
{
  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  if (g_strcmp0 (value, gtk_label_get_text (self->value_label)) == 0)
    return;
  gtk_label_set_text (self->value_label, value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

const char *
dmk_compare_cell_get_delta (DmkCompareCell *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_CELL (self), NULL);
  return gtk_label_get_text (self->delta_label);
}

void
dmk_compare_cell_set_delta (DmkCompareCell *self, const char *delta)
{
  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  if (g_strcmp0 (delta, gtk_label_get_text (self->delta_label)) == 0)
    return;
  gtk_label_set_text (self->delta_label, delta);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELTA]);
}

void
dmk_compare_cell_set_trend (DmkCompareCell *self, DmkCompareTrend trend)
{
  static const char *const classes[] = { "dim-label", "better", "worse" };
  GtkWidget *delta;

  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  g_return_if_fail (trend < G_N_ELEMENTS (classes));
  if (trend == self->trend)
    return;
  delta = GTK_WIDGET (self->delta_label);
  gtk_widget_remove_css_class (delta, classes[self->trend]);
  gtk_widget_add_css_class (delta, classes[trend]);
  self->trend = trend;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREND]);
}

gboolean
dmk_compare_cell_get_best (DmkCompareCell *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_CELL (self), FALSE);
  return self->best;
}

void
dmk_compare_cell_set_best (DmkCompareCell *self, gboolean best)
{
  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  best = !!best;
  if (best == self->best)
    return;
  self->best = best;
  if (best)
    gtk_widget_add_css_class (GTK_WIDGET (self), "best");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "best");
  gtk_widget_set_visible (GTK_WIDGET (self->star_label), best);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BEST]);
}

/* A test the result lacks: dimmed, and no bar at all (an empty bar would read as zero). */
void
dmk_compare_cell_set_missing (DmkCompareCell *self, gboolean missing)
{
  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  missing = !!missing;
  if (missing == self->missing)
    return;
  self->missing = missing;
  if (missing)
    gtk_widget_add_css_class (GTK_WIDGET (self), "missing");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "missing");
  gtk_widget_set_visible (GTK_WIDGET (self->meter), !missing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MISSING]);
}

gboolean
dmk_compare_cell_get_uncertain (DmkCompareCell *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_CELL (self), FALSE);
  return self->uncertain;
}

void
dmk_compare_cell_set_uncertain (DmkCompareCell *self, gboolean uncertain)
{
  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  uncertain = !!uncertain;
  if (uncertain == self->uncertain)
    return;
  self->uncertain = uncertain;
  gtk_widget_set_visible (GTK_WIDGET (self->uncertain_label), uncertain);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNCERTAIN]);
}

double
dmk_compare_cell_get_fraction (DmkCompareCell *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_CELL (self), 0.0);
  return gtk_level_bar_get_value (self->meter);
}

void
dmk_compare_cell_set_fraction (DmkCompareCell *self, double fraction)
{
  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  fraction = CLAMP (fraction, 0.0, 1.0);
  if (fraction == gtk_level_bar_get_value (self->meter))
    return;
  gtk_level_bar_set_value (self->meter, fraction);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

void
dmk_compare_cell_set_description (DmkCompareCell *self, const char *description)
{
  g_return_if_fail (DMK_IS_COMPARE_CELL (self));
  if (g_strcmp0 (description, self->description) == 0)
    return;
  g_free (self->description);
  self->description = g_strdup (description);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    description, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), description);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
}

static void
dmk_compare_cell_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DmkCompareCell *self = DMK_COMPARE_CELL (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_string (value, dmk_compare_cell_get_value (self));
      break;
    case PROP_DELTA:
      g_value_set_string (value, dmk_compare_cell_get_delta (self));
      break;
    case PROP_TREND:
      g_value_set_enum (value, self->trend);
      break;
    case PROP_BEST:
      g_value_set_boolean (value, self->best);
      break;
    case PROP_MISSING:
      g_value_set_boolean (value, self->missing);
      break;
    case PROP_UNCERTAIN:
      g_value_set_boolean (value, self->uncertain);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, dmk_compare_cell_get_fraction (self));
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_compare_cell_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  DmkCompareCell *self = DMK_COMPARE_CELL (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      dmk_compare_cell_set_value (self, g_value_get_string (value));
      break;
    case PROP_DELTA:
      dmk_compare_cell_set_delta (self, g_value_get_string (value));
      break;
    case PROP_TREND:
      dmk_compare_cell_set_trend (self, g_value_get_enum (value));
      break;
    case PROP_BEST:
      dmk_compare_cell_set_best (self, g_value_get_boolean (value));
      break;
    case PROP_MISSING:
      dmk_compare_cell_set_missing (self, g_value_get_boolean (value));
      break;
    case PROP_UNCERTAIN:
      dmk_compare_cell_set_uncertain (self, g_value_get_boolean (value));
      break;
    case PROP_FRACTION:
      dmk_compare_cell_set_fraction (self, g_value_get_double (value));
      break;
    case PROP_DESCRIPTION:
      dmk_compare_cell_set_description (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_compare_cell_finalize (GObject *object)
{
  DmkCompareCell *self = DMK_COMPARE_CELL (object);

  g_free (self->description);
  G_OBJECT_CLASS (dmk_compare_cell_parent_class)->finalize (object);
}

static void
dmk_compare_cell_class_init (DmkCompareCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = dmk_compare_cell_get_property;
  object_class->set_property = dmk_compare_cell_set_property;
  object_class->finalize = dmk_compare_cell_finalize;

  properties[PROP_VALUE] = g_param_spec_string ("value", NULL, NULL, "", flags);
  properties[PROP_DELTA] = g_param_spec_string ("delta", NULL, NULL, "", flags);
  properties[PROP_TREND] = g_param_spec_enum ("trend", NULL, NULL, DMK_TYPE_COMPARE_TREND,
                                              DMK_COMPARE_TREND_NONE, flags);
  properties[PROP_BEST] = g_param_spec_boolean ("best", NULL, NULL, FALSE, flags);
  properties[PROP_MISSING] = g_param_spec_boolean ("missing", NULL, NULL, FALSE, flags);
  properties[PROP_UNCERTAIN] = g_param_spec_boolean ("uncertain", NULL, NULL, FALSE, flags);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0, flags);
  properties[PROP_DESCRIPTION] = g_param_spec_string ("description", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/gdiskmark/GDiskMark/dmk-compare-cell.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkCompareCell, star_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareCell, uncertain_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareCell, value_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareCell, delta_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareCell, meter);
}

static void
dmk_compare_cell_init (DmkCompareCell *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dmk_numbers_label (self->value_label);
  /* One plain colour: the bar is a proportion, not a low/high/full warning. */
  gtk_level_bar_remove_offset_value (self->meter, GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (self->meter, GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (self->meter, GTK_LEVEL_BAR_OFFSET_FULL);
}
