/* dmk-a11y.c: what a screen reader hears of GTK's and libadwaita's inner parts.
 *
 * GTK 4.8 names an unlabelled widget whose role is not structural by its type
 * (gtk_at_context_get_name_accumulate): "AdwGizmo", "GtkBuiltinIcon", "AdwWindowTitle",
 * "GtkStackPage"… An empty label is a name, so such parts get one. Composite controls
 * (a dropdown, a view switcher's tab) expose their inner labels beside their own name; their
 * inside is hidden from the screen reader, the control keeps its name. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-gui-utils.h"

/* Parts that are only drawing or layout: no name of their own. */
static const char *const quiet_types[] = {
  "AdwGizmo",       "AdwIndicatorBin", "AdwWindowTitle",    "AdwViewSwitcherBar",
  "GtkActionBar",   "GtkBuiltinIcon",  "GtkPopoverContent", "GtkScrollbar",
  "GtkFlowBoxChild", "GtkRange",          "GtkFlowBox",        "GtkTooltipWindow",
  "AdwLeaflet",      "AdwViewSwitcherTitle", "AdwSqueezer",    "GtkStackSwitcher",
  "AdwClampScrollable",
};

static char *title_as_shown (const char *title);

/* Parts whose icon is said by the part itself. */
static const char *const icon_holders[] = {
  "GtkButton", "GtkListItemWidget", "GtkModelButton", "GtkPopover", "AdwPreferencesRow",
};

/* The keys a shortcut label draws, as a screen reader says them: "Ctrl+Return, Alt+A". */
static void
name_shortcut_label (GtkWidget *widget)
{
  g_autofree char *accel = NULL;
  g_auto (GStrv) parts = NULL;
  g_autoptr (GString) spoken = g_string_new (NULL);

  g_object_get (widget, "accelerator", &accel, NULL);
  if (accel == NULL)
    return;
  parts = g_strsplit (accel, " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint key;
      GdkModifierType mods;
      g_autofree char *label = NULL;

      if (parts[i][0] == '\0' || !gtk_accelerator_parse (parts[i], &key, &mods))
        continue;
      label = gtk_accelerator_get_label (key, mods);
      g_string_append_printf (spoken, "%s%s", spoken->len > 0 ? ", " : "", label);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  spoken->str, -1);
}

/* A combo row's list is named by the row's title; its scroller neither says it again nor
 * takes the focus on the way to the list. */
static void
name_combo_row_list (GtkWidget *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW);
  g_autofree char *title = NULL;

  if (row == NULL)
    return;
  if (GTK_IS_SCROLLED_WINDOW (widget))
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                      -1);
      gtk_widget_set_focusable (widget, FALSE);
      return;
    }
  title = title_as_shown (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
}

static gboolean
is_type_named (GtkWidget *widget, const char *name)
{
  GType type = g_type_from_name (name);

  return type != 0 && g_type_is_a (G_OBJECT_TYPE (widget), type);
}

static gboolean
is_exactly (GtkWidget *widget, const char *name)
{
  GType type = g_type_from_name (name);

  return type != 0 && G_OBJECT_TYPE (widget) == type;
}

static gboolean
in_icon_holder (GtkWidget *widget)
{
  for (guint i = 0; i < G_N_ELEMENTS (icon_holders); i++)
    {
      GType type = g_type_from_name (icon_holders[i]);

      if (type != 0 && gtk_widget_get_ancestor (widget, type) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Only a stack's shown page is there (GTK 4.8 offers them all: a menu's closed submenus, a
 * dropdown's unused "(None)"), now and when the page changes. */
static void
hide_hidden_pages (GtkStack *stack)
{
  GtkWidget *shown = gtk_stack_get_visible_child (stack);

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (stack)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    gtk_accessible_update_state (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_STATE_HIDDEN, c != shown, -1);
}

static void
quiet (GtkAccessible *accessible)
{
  gtk_accessible_update_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
}

/* A title as shown: without its mnemonic's underscore; a page numbered "_1" (the Keyboard
 * Shortcuts window's) is "Page 1". */
static char *
title_as_shown (const char *title)
{
  GString *shown = g_string_new (NULL);
  gboolean digits = TRUE;

  for (const char *p = title; *p != '\0'; p++)
    {
      if (*p == '_' && p[1] != '_')
        continue;
      if (*p == '_')
        p++;
      digits = digits && g_ascii_isdigit (*p);
      g_string_append_c (shown, *p);
    }
  if (digits && shown->len > 0)
    {
      /* TRANSLATORS: a numbered page of a window, as a screen reader names it: "Page 2" */
      char *page = g_strdup_printf (_("Page %s"), shown->str);

      g_string_free (shown, TRUE);
      return page;
    }
  return g_string_free (shown, FALSE);
}

/* GtkStack's pages are spoken by their titles (as shown); one without is spoken by its type. */
static void
name_pages (GtkStack *stack)
{
  g_autoptr (GListModel) pages = G_LIST_MODEL (gtk_stack_get_pages (stack));

  for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
    {
      GtkStackPage *page = g_list_model_get_item (pages, i);
      const char *title = gtk_stack_page_get_title (page);
      g_autofree char *shown = title != NULL ? title_as_shown (title) : NULL;

      gtk_accessible_update_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      shown != NULL ? shown : "", -1);
      g_object_unref (page);
    }
}

/* A stack switcher's buttons are named as their pages (GTK 4.8 said "_1"). */
static void
name_switcher_buttons (GtkStackSwitcher *switcher)
{
  GtkStack *stack = gtk_stack_switcher_get_stack (switcher);
  g_autoptr (GListModel) pages = stack != NULL ? G_LIST_MODEL (gtk_stack_get_pages (stack))
                                               : NULL;
  guint i = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (switcher));
       c != NULL && pages != NULL && i < g_list_model_get_n_items (pages);
       c = gtk_widget_get_next_sibling (c), i++)
    {
      GtkStackPage *page = g_list_model_get_item (pages, i);
      const char *title = gtk_stack_page_get_title (page);
      g_autofree char *shown = title != NULL ? title_as_shown (title) : NULL;

      if (shown != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_PROPERTY_LABEL, shown,
                                        -1);
      g_object_unref (page);
    }
}

/* A squeezer or a leaflet shows one of its children; the others are not there (GTK 4.8 offered
 * them). */
static void
hide_squeezed (GtkWidget *squeezer)
{
  GtkWidget *shown = ADW_IS_SQUEEZER (squeezer)
                       ? adw_squeezer_get_visible_child (ADW_SQUEEZER (squeezer))
                       : adw_leaflet_get_visible_child (ADW_LEAFLET (squeezer));

  for (GtkWidget *c = gtk_widget_get_first_child (squeezer); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    gtk_accessible_update_state (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_STATE_HIDDEN, c != shown, -1);
}

/* A dropdown's button is named by the dropdown and its choice ("Passes 5"), not the dropdown's
 * name again; inside, the shown choice, a hidden "(None)" label and the arrow are not spoken. */
void
dmk_a11y_tidy_drop_down (GtkWidget *dropdown)
{
  GtkWidget *button = gtk_widget_get_first_child (dropdown);
  GtkWidget *inside = button != NULL ? gtk_widget_get_first_child (button) : NULL;
  GType item_type = g_type_from_name ("GtkListItemWidget");
  GtkWidget *item = NULL;
  GtkWidget *stack;

  if (!GTK_IS_TOGGLE_BUTTON (button) || inside == NULL)
    return;
  stack = gtk_widget_get_first_child (inside);
  if (GTK_IS_STACK (stack))
    item = gtk_stack_get_child_by_name (GTK_STACK (stack), "item");
  gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
  if (item != NULL && item_type != 0 && g_type_is_a (G_OBJECT_TYPE (item), item_type))
    gtk_accessible_update_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                    dropdown, item, NULL, -1);
  else
    gtk_accessible_update_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                    dropdown, NULL, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (inside), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

static gboolean
holds_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (holds_label (c))
      return TRUE;
  return FALSE;
}

/* A button or check box is named (by its label, GTK's or ours): the label inside it said the
 * name again. Its inside is hidden from the screen reader, now and when it changes. */
static void
hide_label_inside (GtkWidget *control)
{
  for (GtkWidget *c = gtk_widget_get_first_child (control); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (holds_label (c))
      gtk_accessible_update_state (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

static void
on_child_changed (GtkWidget *control, GParamSpec *pspec, gpointer data)
{
  hide_label_inside (control);
}

static GtkWidget *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = first_label (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* libadwaita's About window names its icon buttons by their icons ("GtkImage"), its license by
 * its type, and offers its scrollers and lists as nameless stops on the way to their rows. */
static void
tidy_about (GtkWidget *widget)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (GTK_IS_BUTTON (widget) && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget))) &&
      tooltip != NULL)
    {
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tooltip, -1);
    }
  else if (GTK_IS_BUTTON (widget) && tooltip == NULL && first_label (widget) != NULL)
    /* the version's button */
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_label_get_text (GTK_LABEL (first_label (widget))), -1);
  if (GTK_IS_IMAGE (widget))
    quiet (GTK_ACCESSIBLE (widget)); /* the application's icon, beside its name */
  if (GTK_IS_TEXT_VIEW (widget))
    /* TRANSLATORS: what a screen reader calls the About window's license text */
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("License"), -1);
  if (GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_LIST_BOX (widget))
    {
      quiet (GTK_ACCESSIBLE (widget));
      gtk_widget_set_focusable (widget, FALSE);
    }
}

/* Parts that are only drawing, and controls named once. */
static void
tidy_parts (GtkWidget *widget)
{
  for (guint i = 0; i < G_N_ELEMENTS (quiet_types); i++)
    if (is_exactly (widget, quiet_types[i]))
      {
        quiet (GTK_ACCESSIBLE (widget));
        break;
      }
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) == '\0')
    quiet (GTK_ACCESSIBLE (widget)); /* GTK names a label again when its text is set */
  if ((GTK_IS_BUTTON (widget) && !is_type_named (widget, "GtkModelButton")) ||
      GTK_IS_CHECK_BUTTON (widget))
    {
      hide_label_inside (widget);
      g_signal_connect (widget, "notify::child", G_CALLBACK (on_child_changed), NULL);
      g_signal_connect (widget, "notify::label", G_CALLBACK (on_child_changed), NULL);
    }
  if (GTK_IS_IMAGE (widget) && in_icon_holder (widget))
    quiet (GTK_ACCESSIBLE (widget)); /* a button's or a row's icon: the button has the name */
  if (GTK_IS_BUTTON (widget))
    dmk_name_mnemonic_buttons (widget);
  if (is_type_named (widget, "GtkShortcutLabel"))
    name_shortcut_label (widget);
  if (GTK_IS_LIST_VIEW (widget) || GTK_IS_SCROLLED_WINDOW (widget))
    name_combo_row_list (widget);
  if (GTK_IS_SCROLLED_WINDOW (widget) &&
      gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_PAGE) != NULL)
    {
      /* A preferences page's scroller: its rows take the focus, it need not. */
      quiet (GTK_ACCESSIBLE (widget));
      gtk_widget_set_focusable (widget, FALSE);
    }
}

/* What shows one child of several, and lists. */
static void
tidy_containers (GtkWidget *widget)
{
  if (GTK_IS_STACK_SWITCHER (widget))
    name_switcher_buttons (GTK_STACK_SWITCHER (widget));
  if (ADW_IS_SQUEEZER (widget) || ADW_IS_LEAFLET (widget))
    {
      g_signal_connect (widget, "notify::visible-child", G_CALLBACK (hide_squeezed), NULL);
      hide_squeezed (widget);
    }
  if (is_type_named (widget, "GtkListItemWidget"))
    dmk_name_row_by_labels (widget);
  if (GTK_IS_SEARCH_ENTRY (widget))
    {
      g_autofree char *placeholder = NULL;

      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      placeholder != NULL ? placeholder : _("Search"), -1);
    }
  if (GTK_IS_TOGGLE_BUTTON (widget) && GTK_IS_IMAGE (gtk_widget_get_first_child (widget)) &&
      g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (gtk_widget_get_first_child (widget))),
                 "edit-find-symbolic") == 0 &&
      gtk_widget_get_tooltip_text (widget) == NULL)
    /* GTK's own search button (the Keyboard Shortcuts window's) has neither name nor tooltip */
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Search"), -1);
  if (GTK_IS_STACK (widget))
    {
      name_pages (GTK_STACK (widget));
      g_signal_connect (widget, "notify::visible-child", G_CALLBACK (hide_hidden_pages), NULL);
      hide_hidden_pages (GTK_STACK (widget));
    }
  if (is_type_named (widget, "GtkModelButton"))
    /* A menu item is named by its label; its label, its shortcut and its check or arrow said
     * it again inside it. */
    for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
         c = gtk_widget_get_next_sibling (c))
      gtk_accessible_update_state (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/* Composite controls: a dropdown, view tabs, shortcut keys, the About window. */
static void
tidy_composites (GtkWidget *widget)
{
  if (GTK_IS_DROP_DOWN (widget))
    dmk_a11y_tidy_drop_down (widget);
  if (is_type_named (widget, "AdwViewSwitcher"))
    /* TRANSLATORS: what a screen reader calls the row of view tabs (Benchmark, Sustained…) */
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Views"), -1);
  if (is_type_named (widget, "AdwViewSwitcherButton") && gtk_widget_get_first_child (widget))
    {
      /* The tab is named by its label's text; the labels inside (wide and narrow) said it
       * again, and a label not yet given its text was named "GtkLabel". */
      GtkWidget *label = first_label (widget);

      if (label != NULL)
        {
          gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget),
                                         GTK_ACCESSIBLE_RELATION_LABELLED_BY);
          gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          gtk_label_get_text (GTK_LABEL (label)), -1);
        }
      gtk_accessible_update_state (GTK_ACCESSIBLE (gtk_widget_get_first_child (widget)),
                                   GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
    }
  if (is_type_named (widget, "GtkShortcutLabel"))
    /* Named by its keys; the key caps inside said them again. */
    for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
         c = gtk_widget_get_next_sibling (c))
      gtk_accessible_update_state (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  if (gtk_widget_get_ancestor (widget, ADW_TYPE_ABOUT_WINDOW) != NULL)
    tidy_about (widget);
}

static void
tidy (GtkWidget *widget)
{
  if (g_object_get_data (G_OBJECT (widget), "dmk-a11y-tidy") != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), "dmk-a11y-tidy", GINT_TO_POINTER (1));
  tidy_parts (widget);
  tidy_containers (widget);
  tidy_composites (widget);
}

/* A window's or popover's whole tree, shown or not: a squeezer's or a stack's other children
 * are never mapped, and GTK 4.8 offers them all the same. */
static void
tidy_tree (GtkWidget *widget)
{
  tidy (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    tidy_tree (c);
}

/* Something mapped since the last idle: every shown window's tree is tidied then (a widget
 * already tidied costs a look). Not at the map itself: a window realizes its accessible after
 * its children map, and a child's touched before that fixed the window's role as a "filler".
 * No widget is held meanwhile. */
static guint pending;

static gboolean
tidy_pending (gpointer data)
{
  g_autoptr (GList) windows = gtk_window_list_toplevels ();

  pending = 0;
  for (GList *l = windows; l != NULL; l = l->next)
    if (gtk_widget_get_mapped (l->data))
      tidy_tree (l->data);
  return G_SOURCE_REMOVE;
}

static gboolean
on_map (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data)
{
  if (pending == 0)
    pending = g_idle_add_full (G_PRIORITY_HIGH_IDLE, tidy_pending, NULL, NULL);
  return TRUE;
}

void
dmk_a11y_tidy_on_map (void)
{
  static gsize once;

  if (g_once_init_enter (&once))
    {
      guint signal = g_signal_lookup ("map", GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (signal, 0, on_map, NULL, NULL);
      g_once_init_leave (&once, 1);
    }
}

void
dmk_menu_button_name (GtkMenuButton *button, const char *label)
{
  GtkWidget *inner = gtk_widget_get_first_child (GTK_WIDGET (button));
  const char *tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (button));

  g_return_if_fail (GTK_IS_MENU_BUTTON (button));
  quiet (GTK_ACCESSIBLE (button));
  if (!GTK_IS_BUTTON (inner))
    return;
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  if (tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (inner), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    tooltip, -1);
}
