/* dmk-compare-header.c: a comparison column's header, its tooltip and its screen reader label. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-compare-header.h"
#include "dmk-import.h"
#include "dmk-spread.h"

struct _DmkCompareHeader
{
  GtkBox parent_instance;

  /* template children */
  GtkLabel *title_label;
  GtkMenuButton *menu_button;
  GtkLabel *place_label;
  GtkLabel *date_label;
  GtkLabel *profile_label;
  GtkLabel *comment_label;
  GtkLabel *warning_label;
  GtkLabel *baseline_label;

  DmkResult *result;
  char *source;
};

G_DEFINE_FINAL_TYPE (DmkCompareHeader, dmk_compare_header, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_RESULT,
  PROP_SOURCE,
  PROP_BASELINE,
  PROP_MENU_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
has_text (const char *s)
{
  return s != NULL && *s != '\0';
}

/* A line of the tooltip, under the ones before it. */
static void
add_line (GString *s, const char *line)
{
  if (s->len > 0)
    g_string_append_c (s, '\n');
  g_string_append (s, line);
}

static char *
make_tooltip (DmkResult *r, const char *source)
{
  GString *s = g_string_new (NULL);
  g_autofree char *date = has_text (r->date) ? dmk_format_date_human (r->date) : NULL;
  g_autofree char *owned = NULL;
  const char *tool = dmk_result_tool_label (r, &owned);

  /* Only what the result knows: a file that does not name its drive gets no "Target: ?". */
  if (tool != NULL)
    add_line (s, tool);
  if (has_text (r->target.path))
    {
      g_autofree char *target = g_strdup_printf (_("Target: %s"), r->target.path);
      add_line (s, target);
    }
  if (has_text (r->target.model))
    add_line (s, r->target.model);
  if (has_text (r->target.device) && g_strcmp0 (r->target.device, r->target.path) != 0)
    add_line (s, r->target.device);
  if (has_text (r->target.filesystem))
    add_line (s, r->target.filesystem);
  if (date != NULL)
    add_line (s, date);
  add_line (s, dmk_profile_display_name (r->settings.profile));
  {
    /* The drive's rated speed, as the user gave it: each cell's tooltip says its share. */
    g_autofree char *rated = dmk_rated_describe (&r->rated);

    if (rated != NULL)
      add_line (s, rated);
  }
  if (tool == NULL && r->kind == DMK_KIND_GRID)
    {
      g_autofree char *rule = dmk_score_rule_text (&r->settings, TRUE);
      /* TRANSLATORS: how the column's scores were taken: "Score: best of 5 passes after a 5 s
       * warm-up" */
      g_autofree char *score = g_strdup_printf (_("Score: %s"), rule);
      add_line (s, score);
    }
  /* The comment is where a CrystalDiskMark user names the drive. */
  if (has_text (r->comment))
    g_string_append_printf (s, "\n“%s”", r->comment);
  for (guint i = 0; i < r->warnings->len; i++)
    g_string_append_printf (s, "\n⚠ %s", (char *) r->warnings->pdata[i]);
  add_line (s, source != NULL ? source : _("The run in the main window"));
  return g_string_free (s, FALSE);
}

/* A line of the header, shown only when it says something: no "?", no empty line. */
static void
set_line (GtkLabel *label, const char *text)
{
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), has_text (text));
}

/* The lines: title (the drive's model, else the target), where, when, how, and the comment. */
static void
update_lines (DmkCompareHeader *self)
{
  DmkResult *r = self->result;
  g_autofree char *date = has_text (r->date) ? dmk_format_date_human (r->date) : NULL;
  g_autofree char *size = dmk_format_size (r->settings.size_bytes);
  const char *profile = dmk_profile_short_name (r->settings.profile);
  /* TRANSLATORS: a column header's profile line: "Default · 1 GiB" */
  g_autofree char *how = r->settings.size_bytes > 0 ? g_strdup_printf (_("%s · %s"), profile, size)
                                                    : g_strdup (profile);
  g_autofree char *comment = has_text (r->comment) ? g_strdup_printf (_("“%s”"), r->comment)
                                                   : NULL;
  g_autofree char *owned = NULL;
  const char *tool = dmk_result_tool_label (r, &owned);

  if (tool != NULL)
    {
      /* Another tool's result: its name is the title, so no one takes it for ours. */
      gtk_label_set_text (self->title_label, tool);
      set_line (self->place_label, r->target.path);
    }
  else if (has_text (r->target.model))
    {
      gtk_label_set_text (self->title_label, r->target.model);
      set_line (self->place_label, r->target.path);
    }
  else
    {
      gtk_label_set_text (self->title_label,
                          has_text (r->target.path) ? r->target.path : _("Unknown target"));
      set_line (self->place_label, has_text (r->target.filesystem) ? r->target.filesystem
                                                                   : r->target.device);
    }
  set_line (self->date_label, date);
  set_line (self->profile_label, how);
  set_line (self->comment_label, comment);
  if (r->warnings->len > 0)
    {
      /* TRANSLATORS: a comparison column whose result has warnings: "⚠ 2 warnings" */
      g_autofree char *badge = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "⚠ %u warning", "⚠ %u warnings", r->warnings->len),
        r->warnings->len);
      gtk_label_set_text (self->warning_label, badge);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->warning_label), r->warnings->len > 0);
}

static void
update (DmkCompareHeader *self)
{
  g_autofree char *tooltip = NULL;
  g_autoptr (GString) joined = g_string_new (NULL);
  g_autofree char *a11y = NULL;

  if (self->result == NULL)
    return;
  update_lines (self);
  tooltip = make_tooltip (self->result, self->source);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip);
  /* Every line but the badge, as the header shows them. */
  for (GtkLabel **l = (GtkLabel *[]){ self->title_label, self->place_label, self->date_label,
                                      self->profile_label, self->comment_label,
                                      self->warning_label, NULL };
       *l != NULL; l++)
    if (gtk_widget_get_visible (GTK_WIDGET (*l)))
      g_string_append_printf (joined, "%s%s", joined->len ? ", " : "", gtk_label_get_text (*l));
  /* TRANSLATORS: what a screen reader says for a column's menu button: "Options for
   * Samsung SSD 980, /dev/nvme0n1, 2026-11-30 14:02, Default · 1 GiB" */
  a11y = g_strdup_printf (_("Options for %s"), joined->str);
  dmk_menu_button_name (self->menu_button, a11y);
}

void
dmk_compare_header_set_result (DmkCompareHeader *self, DmkResult *result)
{
  g_return_if_fail (DMK_IS_COMPARE_HEADER (self));
  if (result == self->result)
    return;
  if (result != NULL)
    dmk_result_ref (result);
  g_clear_pointer (&self->result, dmk_result_unref);
  self->result = result;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
}

void
dmk_compare_header_set_source (DmkCompareHeader *self, const char *source)
{
  g_return_if_fail (DMK_IS_COMPARE_HEADER (self));
  if (g_strcmp0 (source, self->source) == 0)
    return;
  g_free (self->source);
  self->source = g_strdup (source);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

gboolean
dmk_compare_header_get_baseline (DmkCompareHeader *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_HEADER (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->baseline_label));
}

void
dmk_compare_header_set_baseline (DmkCompareHeader *self, gboolean baseline)
{
  g_return_if_fail (DMK_IS_COMPARE_HEADER (self));
  baseline = !!baseline;
  if (baseline == dmk_compare_header_get_baseline (self))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->baseline_label), baseline);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASELINE]);
}

GMenuModel *
dmk_compare_header_get_menu_model (DmkCompareHeader *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_HEADER (self), NULL);
  return gtk_menu_button_get_menu_model (self->menu_button);
}

void
dmk_compare_header_set_menu_model (DmkCompareHeader *self, GMenuModel *menu_model)
{
  g_return_if_fail (DMK_IS_COMPARE_HEADER (self));
  if (menu_model == gtk_menu_button_get_menu_model (self->menu_button))
    return;
  gtk_menu_button_set_menu_model (self->menu_button, menu_model);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MENU_MODEL]);
}

const char *
dmk_compare_header_get_title (DmkCompareHeader *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_HEADER (self), NULL);
  return gtk_label_get_text (self->title_label);
}

GtkWidget *
dmk_compare_header_get_menu_button (DmkCompareHeader *self)
{
  g_return_val_if_fail (DMK_IS_COMPARE_HEADER (self), NULL);
  return GTK_WIDGET (self->menu_button);
}

char *
dmk_compare_header_get_text (DmkCompareHeader *self)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (DMK_IS_COMPARE_HEADER (self), NULL);
  for (GtkLabel **l = (GtkLabel *[]){ self->title_label, self->place_label, self->date_label,
                                      self->profile_label, self->comment_label,
                                      self->warning_label, self->baseline_label, NULL };
       *l != NULL; l++)
    if (gtk_widget_get_visible (GTK_WIDGET (*l)))
      g_string_append_printf (s, "%s%s", s->len ? "\n" : "", gtk_label_get_text (*l));
  return g_string_free (s, FALSE);
}

static void
dmk_compare_header_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  DmkCompareHeader *self = DMK_COMPARE_HEADER (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      g_value_set_boxed (value, self->result);
      break;
    case PROP_SOURCE:
      g_value_set_string (value, self->source);
      break;
    case PROP_BASELINE:
      g_value_set_boolean (value, dmk_compare_header_get_baseline (self));
      break;
    case PROP_MENU_MODEL:
      g_value_set_object (value, dmk_compare_header_get_menu_model (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_compare_header_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  DmkCompareHeader *self = DMK_COMPARE_HEADER (object);

  switch (prop_id)
    {
    case PROP_RESULT:
      dmk_compare_header_set_result (self, g_value_get_boxed (value));
      break;
    case PROP_SOURCE:
      dmk_compare_header_set_source (self, g_value_get_string (value));
      break;
    case PROP_BASELINE:
      dmk_compare_header_set_baseline (self, g_value_get_boolean (value));
      break;
    case PROP_MENU_MODEL:
      dmk_compare_header_set_menu_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_compare_header_finalize (GObject *object)
{
  DmkCompareHeader *self = DMK_COMPARE_HEADER (object);

  g_clear_pointer (&self->result, dmk_result_unref);
  g_free (self->source);
  G_OBJECT_CLASS (dmk_compare_header_parent_class)->finalize (object);
}

static void
dmk_compare_header_class_init (DmkCompareHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = dmk_compare_header_get_property;
  object_class->set_property = dmk_compare_header_set_property;
  object_class->finalize = dmk_compare_header_finalize;

  properties[PROP_RESULT] = g_param_spec_boxed ("result", NULL, NULL, DMK_TYPE_RESULT, flags);
  properties[PROP_SOURCE] = g_param_spec_string ("source", NULL, NULL, NULL, flags);
  properties[PROP_BASELINE] = g_param_spec_boolean ("baseline", NULL, NULL, FALSE, flags);
  properties[PROP_MENU_MODEL] =
    g_param_spec_object ("menu-model", NULL, NULL, G_TYPE_MENU_MODEL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/gdiskmark/GDiskMark/dmk-compare-header.ui");
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, title_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, menu_button);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, place_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, date_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, profile_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, comment_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, warning_label);
  gtk_widget_class_bind_template_child (widget_class, DmkCompareHeader, baseline_label);
}

static void
dmk_compare_header_init (DmkCompareHeader *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
