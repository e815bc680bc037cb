/* dmk-preferences.c: the Preferences window. Each row is bound to its GSettings key, as the
 * window's actions are, so a change here, by a shortcut or in another window is the same one. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-core.h"
#include "dmk-gui-utils.h"
#include "dmk-preferences.h"

/* A key with a few choices: its values (strings or numbers) and what each is called. */
typedef struct
{
  const char *key;
  const char *title;
  const char *subtitle;
  const char *values[12]; /* for an "i" key, the numbers as text */
  const char *labels[12];
} Choice;

static const Choice mode_choice = {
  "mode", N_("_Mode"), N_("Whether tests read, write, or both"),
  { "read-write", "read", "write" }, { N_("Read & Write"), N_("Read Only"), N_("Write Only") }
};
static const Choice mix_choice = {
  "mix-ratio", N_("Read _Share of the Mixed Test"), NULL,
  { "90", "70", "50", "30", "10" },
  { N_("R90% / W10%"), N_("R70% / W30%"), N_("R50% / W50%"), N_("R30% / W70%"), N_("R10% / W90%") }
};
static const Choice data_choice = {
  "data", N_("Test _Data"), N_("What the write tests write"),
  { "random", "zero" }, { N_("Random"), N_("Zero (0x00)") }
};
static const Choice time_choice = {
  "measure-time", N_("Measure _Time"), N_("How long each pass measures"),
  { "1", "3", "5", "10", "20", "30", "60" },
  { N_("1 s"), N_("3 s"), N_("5 s"), N_("10 s"), N_("20 s"), N_("30 s"), N_("60 s") }
};
static const Choice interval_choice = {
  "interval", N_("_Interval"), N_("Rest between tests"),
  { "0", "1", "3", "5", "10", "30", "60", "180", "300", "600" },
  { N_("0 s"), N_("1 s"), N_("3 s"), N_("5 s"), N_("10 s"), N_("30 s"), N_("60 s"), N_("180 s"),
    N_("300 s"), N_("600 s") }
};
static const Choice score_choice = {
  "score", N_("S_core"), N_("Which pass is a test's score"),
  { "best", "median" }, { N_("Best Pass (CrystalDiskMark)"), N_("Median Pass") }
};
static const Choice engine_choice = {
  "engine", N_("_Engine"), N_("How the I/O is submitted"),
  { "io_uring", "libaio", "psync" },
  { N_("io_uring (libaio where refused)"), N_("Linux AIO (libaio)"), N_("Synchronous (psync)") }
};
static const Choice zoom_choice = {
  "zoom", N_("_Zoom"), N_("The size of the grid's numbers (Ctrl+plus, Ctrl+minus)"),
  { "100", "125", "150", "200", "250", "300" },
  { N_("100 %"), N_("125 %"), N_("150 %"), N_("200 %"), N_("250 %"), N_("300 %") }
};
static const Choice theme_choice = {
  "color-scheme", N_("_Style"), NULL,
  { "system", "light", "dark" }, { N_("Follow System"), N_("Light"), N_("Dark") }
};

static guint
n_values (const Choice *c)
{
  guint n = 0;

  while (n < G_N_ELEMENTS (c->values) && c->values[n] != NULL)
    n++;
  return n;
}

static gboolean
choice_get (GValue *value, GVariant *variant, gpointer data)
{
  const Choice *c = data;
  g_autofree char *text = g_variant_is_of_type (variant, G_VARIANT_TYPE_STRING)
                            ? g_variant_dup_string (variant, NULL)
                            : g_strdup_printf ("%d", g_variant_get_int32 (variant));

  for (guint i = 0; i < n_values (c); i++)
    if (g_strcmp0 (c->values[i], text) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE; /* a value set elsewhere (the command line's 2 s): the row keeps its own */
}

static GVariant *
choice_set (const GValue *value, const GVariantType *type, gpointer data)
{
  const Choice *c = data;
  guint i = g_value_get_uint (value);

  if (i >= n_values (c))
    return NULL;
  if (g_variant_type_equal (type, G_VARIANT_TYPE_STRING))
    return g_variant_new_string (c->values[i]);
  return g_variant_new_int32 ((gint32) g_ascii_strtoll (c->values[i], NULL, 10));
}

static AdwComboRow *
add_choice (AdwPreferencesGroup *group, GSettings *settings, const Choice *c)
{
  GtkStringList *labels = gtk_string_list_new (NULL);
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

  for (guint i = 0; i < n_values (c); i++)
    gtk_string_list_append (labels, _(c->labels[i]));
  adw_combo_row_set_model (row, G_LIST_MODEL (labels));
  g_object_unref (labels);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(c->title));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  if (c->subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(c->subtitle));
  g_settings_bind_with_mapping (settings, c->key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                choice_get, choice_set, (gpointer) c, NULL);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  return row;
}

static void
add_switch (AdwPreferencesGroup *group, GSettings *settings, const char *key, const char *title,
            const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), -1);
  g_settings_bind (settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (group, row);
}

static AdwPreferencesGroup *
new_group (AdwPreferencesPage *page, const char *title, const char *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (page, group);
  return group;
}

/* Under a profile with its own rest between tests (Flash Memory's 30 s), the Interval row says
 * that the profile's is the one that runs. */
static void
note_profile_interval (GSettings *settings, const char *key, AdwComboRow *row)
{
  g_autofree char *id = g_settings_get_string (settings, "profile");
  const DmkProfile *p = dmk_profile_find (id);
  g_autofree char *note = NULL;

  if (p != NULL && p->interval_s > 0)
    /* TRANSLATORS: the Interval row's subtitle under a profile with its own rest: "The Flash
     * Memory (CrystalDiskMark 9) profile rests 30 s between tests" */
    note = g_strdup_printf (_("The %s profile rests %u s between tests"),
                            dmk_profile_display_name (id), p->interval_s);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), note != NULL ? note : _("Rest between tests"));
  gtk_widget_set_sensitive (GTK_WIDGET (row), note == NULL);
}

static GtkWidget *
tests_page (GSettings *settings)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;
  AdwComboRow *interval;

  adw_preferences_page_set_title (page, _("Benchmark"));
  adw_preferences_page_set_icon_name (page, "drive-harddisk-symbolic");

  group = new_group (page, _("What Runs"), NULL);
  add_choice (group, settings, &mode_choice);
  add_switch (group, settings, "mix", _("Mi_xed Test"),
              _("Each test also runs reads and writes at once, in a third column"));
  add_choice (group, settings, &mix_choice);
  add_choice (group, settings, &data_choice);

  group = new_group (page, _("Timing"), NULL);
  add_choice (group, settings, &time_choice);
  interval = add_choice (group, settings, &interval_choice);
  g_signal_connect_object (settings, "changed::profile", G_CALLBACK (note_profile_interval),
                           interval, 0);
  note_profile_interval (settings, "profile", interval);

  group = new_group (page, _("Passes and Checks"),
                     _("How a test's score is taken, and what is checked on the way"));
  add_choice (group, settings, &score_choice);
  add_switch (group, settings, "until-stable", _("Add Passes _Until Stable"),
              /* xgettext:no-c-format */
              _("While the passes scatter by 2.5 % or more, up to three times the passes set"));
  add_switch (group, settings, "reread", _("_Re-read and Re-write (iozone)"),
              _("A second pass over the same data: what a cache answers"));
  add_switch (group, settings, "verify", _("_Verify Data"),
              _("Every block read is checked against what was written"));

  group = new_group (page, _("Input and Output"), NULL);
  add_choice (group, settings, &engine_choice);
  add_switch (group, settings, "direct", _("Di_rect I/O"),
              _("Past the page cache, so that the drive is measured and not the memory"));
  return GTK_WIDGET (page);
}

static GtkWidget *
general_page (GSettings *settings)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;

  adw_preferences_page_set_title (page, _("General"));
  adw_preferences_page_set_icon_name (page, "preferences-system-symbolic");
  group = new_group (page, _("History"), NULL);
  add_switch (group, settings, "save-history", _("_Keep Every Run in the History"),
              _("Each run is kept with its drive, for Drive → History"));
  group = new_group (page, _("Appearance"), NULL);
  add_choice (group, settings, &theme_choice);
  add_choice (group, settings, &zoom_choice);
  return GTK_WIDGET (page);
}

GtkWindow *
dmk_preferences_new (GtkWindow *parent, GSettings *settings)
{
  /* Its role is given at construction: GTK 4.8 fixes a window's role early. */
  AdwPreferencesWindow *self = g_object_new (ADW_TYPE_PREFERENCES_WINDOW, "accessible-role",
                                             GTK_ACCESSIBLE_ROLE_DIALOG, "transient-for", parent,
                                             "modal", TRUE, "destroy-with-parent", TRUE,
                                             "search-enabled", TRUE, NULL);

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  dmk_a11y_tidy_on_map ();
  gtk_window_set_title (GTK_WINDOW (self), _("Preferences"));
  gtk_window_set_default_size (GTK_WINDOW (self), 640, 720);
  dmk_close_on_escape (GTK_WINDOW (self));
  adw_preferences_window_add (self, ADW_PREFERENCES_PAGE (tests_page (settings)));
  adw_preferences_window_add (self, ADW_PREFERENCES_PAGE (general_page (settings)));
  return GTK_WINDOW (self);
}

static void
apply_color_scheme (GSettings *settings, const char *key, gpointer data)
{
  g_autofree char *scheme = g_settings_get_string (settings, "color-scheme");
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (g_strcmp0 (scheme, "light") == 0)
    adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  else if (g_strcmp0 (scheme, "dark") == 0)
    adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  else
    adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

void
dmk_preferences_follow_color_scheme (GSettings *settings)
{
  g_signal_connect (settings, "changed::color-scheme", G_CALLBACK (apply_color_scheme), NULL);
  apply_color_scheme (settings, "color-scheme", NULL);
}
