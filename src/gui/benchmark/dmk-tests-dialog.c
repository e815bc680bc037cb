/* dmk-tests-dialog.c: CrystalDiskMark's Settings dialog: each row's type, block size, queue depth
 * and threads, picked from CrystalDiskMark's steps so that no invalid test can be entered, kept in
 * GSettings as the "custom" profile in the CLI's --test names. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-a11y.h"
#include "dmk-core.h"
#include "dmk-gui-utils.h"
#include "dmk-settings-map.h"
#include "dmk-tests-dialog.h"

/* The window's Alt+1…9 reach nine rows; more would have no key. */
#define MAX_ROWS 9
#define N_BLOCKS 12 /* 4 KiB … 8 MiB */
#define N_QUEUES 10 /* 1 … 512 */
#define N_THREADS 7 /* 1 … 64 */
#define DEFAULT_STRIDE 17u /* iozone's: -j 17 */

struct _DmkTestsDialog
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;
  char *base_profile; /* what Reset to Profile goes back to */
  guint n_rows;
  AdwPreferencesGroup *groups[MAX_ROWS];
  AdwComboRow *combos[MAX_ROWS][DMK_TESTS_N_FIELDS];
  guint strides[MAX_ROWS]; /* a strided row's stride, in records */
  AdwActionRow *stride_rows[MAX_ROWS]; /* shown for a strided row only */
  GtkSpinButton *stride_spins[MAX_ROWS];
  AdwPreferencesPage *page;
  GtkWidget *reset_button;
  gboolean updating; /* the combos are being set from specs, not by a user */
};

G_DEFINE_FINAL_TYPE (DmkTestsDialog, dmk_tests_dialog, ADW_TYPE_PREFERENCES_WINDOW)

/* Steps are powers of two, from 4 KiB, 1 and 1: the combo's index is the exponent. */
static guint32
step_value (DmkTestsField field, guint index)
{
  return field == DMK_TESTS_FIELD_BLOCK ? 4096u << index : 1u << index;
}

static guint
step_count (DmkTestsField field)
{
  if (field == DMK_TESTS_FIELD_BLOCK)
    return N_BLOCKS;
  return field == DMK_TESTS_FIELD_QUEUE ? N_QUEUES : N_THREADS;
}

/* The step at or below value: a hand-edited setting between steps shows its nearest lower one. */
static guint
step_index (DmkTestsField field, guint32 value)
{
  guint i = 0;

  while (i + 1 < step_count (field) && step_value (field, i + 1) <= value)
    i++;
  return i;
}

static GListModel *
field_model (DmkTestsField field)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  if (field == DMK_TESTS_FIELD_TYPE)
    {
      /* In DmkPattern's order: the combo's index is the pattern. */
      gtk_string_list_append (list, _("Sequential"));
      gtk_string_list_append (list, _("Random"));
      /* TRANSLATORS: a test's type: sequential, offsets descending (iozone's read backwards) */
      gtk_string_list_append (list, _("Backward"));
      /* TRANSLATORS: a test's type: one block in every few (iozone's stride read) */
      gtk_string_list_append (list, _("Strided"));
      return G_LIST_MODEL (list);
    }
  for (guint i = 0; i < step_count (field); i++)
    {
      guint32 v = step_value (field, i);
      g_autofree char *label = NULL;

      if (field != DMK_TESTS_FIELD_BLOCK)
        label = g_strdup_printf ("%u", v);
      else if (v >= 1024 * 1024)
        /* TRANSLATORS: a block size */
        label = g_strdup_printf (_("%u MiB"), v >> 20);
      else
        /* TRANSLATORS: a block size */
        label = g_strdup_printf (_("%u KiB"), v >> 10);
      gtk_string_list_append (list, label);
    }
  return G_LIST_MODEL (list);
}

static void
row_spec (DmkTestsDialog *self, guint row, DmkTestSpec *spec)
{
  AdwComboRow **c = self->combos[row];

  spec->pattern = (DmkPattern) MIN (adw_combo_row_get_selected (c[DMK_TESTS_FIELD_TYPE]),
                                    (guint) DMK_PATTERN_STRIDED);
  /* The stride's row; iozone's default of 17 until one is chosen. */
  spec->stride = spec->pattern == DMK_PATTERN_STRIDED ? self->strides[row] : 0;
  spec->block_size = step_value (DMK_TESTS_FIELD_BLOCK,
                                 adw_combo_row_get_selected (c[DMK_TESTS_FIELD_BLOCK]));
  spec->queue_depth = step_value (DMK_TESTS_FIELD_QUEUE,
                                  adw_combo_row_get_selected (c[DMK_TESTS_FIELD_QUEUE]));
  spec->threads = step_value (DMK_TESTS_FIELD_THREADS,
                              adw_combo_row_get_selected (c[DMK_TESTS_FIELD_THREADS]));
}

GStrv
dmk_tests_dialog_get_names (DmkTestsDialog *self)
{
  GPtrArray *names = g_ptr_array_new ();

  g_return_val_if_fail (DMK_IS_TESTS_DIALOG (self), NULL);
  for (guint r = 0; r < self->n_rows; r++)
    {
      DmkTestSpec spec;
      row_spec (self, r, &spec);
      g_ptr_array_add (names, dmk_test_spec_to_name (&spec));
    }
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_free (names, FALSE);
}

/* Each group says its test by the name the grid and the CLI use. */
static void
update_names (DmkTestsDialog *self)
{
  g_auto (GStrv) names = dmk_tests_dialog_get_names (self);

  for (guint r = 0; r < self->n_rows; r++)
    adw_preferences_group_set_description (self->groups[r], names[r]);
}

/* A stride has a meaning for a strided row only: the others hide its row. */
static void
update_stride_rows (DmkTestsDialog *self)
{
  for (guint r = 0; r < self->n_rows; r++)
    {
      gboolean strided = adw_combo_row_get_selected (self->combos[r][DMK_TESTS_FIELD_TYPE])
                         == DMK_PATTERN_STRIDED;
      gtk_widget_set_visible (GTK_WIDGET (self->stride_rows[r]), strided);
      gtk_spin_button_set_value (self->stride_spins[r], self->strides[r]);
    }
}

static void
on_selected (AdwComboRow *combo, GParamSpec *pspec, DmkTestsDialog *self)
{
  g_auto (GStrv) names = NULL;

  if (self->updating)
    return;
  self->updating = TRUE;
  update_stride_rows (self);
  self->updating = FALSE;
  names = dmk_tests_dialog_get_names (self);
  update_names (self);
  dmk_settings_map_set_custom (self->settings, (const char *const *) names);
}

static void
show_specs (DmkTestsDialog *self, GArray *specs)
{
  self->updating = TRUE;
  for (guint r = 0; r < self->n_rows && r < specs->len; r++)
    {
      const DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, r);
      AdwComboRow **c = self->combos[r];

      adw_combo_row_set_selected (c[DMK_TESTS_FIELD_TYPE], (guint) spec->pattern);
      self->strides[r] = spec->pattern == DMK_PATTERN_STRIDED ? spec->stride : DEFAULT_STRIDE;
      adw_combo_row_set_selected (c[DMK_TESTS_FIELD_BLOCK],
                                  step_index (DMK_TESTS_FIELD_BLOCK, spec->block_size));
      adw_combo_row_set_selected (c[DMK_TESTS_FIELD_QUEUE],
                                  step_index (DMK_TESTS_FIELD_QUEUE, spec->queue_depth));
      adw_combo_row_set_selected (c[DMK_TESTS_FIELD_THREADS],
                                  step_index (DMK_TESTS_FIELD_THREADS, spec->threads));
    }
  update_stride_rows (self);
  self->updating = FALSE;
  update_names (self);
}

static void
on_stride (GtkSpinButton *spin, DmkTestsDialog *self)
{
  g_auto (GStrv) names = NULL;

  if (self->updating)
    return;
  for (guint r = 0; r < self->n_rows; r++)
    if (self->stride_spins[r] == spin)
      self->strides[r] = (guint) gtk_spin_button_get_value_as_int (spin);
  names = dmk_tests_dialog_get_names (self);
  update_names (self);
  dmk_settings_map_set_custom (self->settings, (const char *const *) names);
}

/* "Stride": every how many records a strided test reads one (iozone's -j), 2 and up. */
static void
add_stride (AdwPreferencesGroup *group, guint r, DmkTestsDialog *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (2, DMK_SPEC_MAX_STRIDE, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Stride"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  /* TRANSLATORS: under "Stride": a strided test reads one record, then skips this many less one */
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Records from one read to the next"));
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  row, NULL, -1);
  adw_preferences_group_add (group, row);
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (on_stride), self, 0);
  self->stride_rows[r] = ADW_ACTION_ROW (row);
  self->stride_spins[r] = GTK_SPIN_BUTTON (spin);
}

static void
on_reset (GtkButton *button, DmkTestsDialog *self)
{
  g_autoptr (GArray) specs = dmk_settings_map_specs (self->settings, self->base_profile, NULL);

  show_specs (self, specs);
  g_settings_set_string (self->settings, "profile", self->base_profile);
}

static AdwComboRow *
add_combo (AdwPreferencesGroup *group, DmkTestsField field, DmkTestsDialog *self)
{
  static const char *const titles[] = { N_("_Type"), N_("_Block Size"), N_("_Queue Depth"),
                                        N_("T_hreads") };
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr (GListModel) model = field_model (field);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(titles[field]));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), model);
  adw_preferences_group_add (group, row);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (on_selected), self, 0);
  return ADW_COMBO_ROW (row);
}

static void
build (DmkTestsDialog *self, GArray *specs)
{
  /* TRANSLATORS: the button that gives up the custom tests: "Reset to NVMe SSD" */
  g_autofree char *label = g_strdup_printf (_("_Reset to %s"),
                                            dmk_profile_short_name (self->base_profile));
  g_autofree char *tip = g_strdup_printf (_("The tests of the %s profile, which these custom "
                                            "tests were made from"),
                                          dmk_profile_short_name (self->base_profile));

  gtk_button_set_label (GTK_BUTTON (self->reset_button), label);
  gtk_widget_set_tooltip_text (self->reset_button, tip);
  self->n_rows = MIN (specs->len, MAX_ROWS);
  for (guint r = 0; r < self->n_rows; r++)
    {
      g_autofree char *title = g_strdup_printf (_("Test %u"), r + 1);

      self->groups[r] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (self->groups[r], title);
      for (guint f = 0; f < DMK_TESTS_N_FIELDS; f++)
        self->combos[r][f] = add_combo (self->groups[r], f, self);
      add_stride (self->groups[r], r, self);
      adw_preferences_page_add (self->page, self->groups[r]);
    }
  show_specs (self, specs);
}

GtkWindow *
dmk_tests_dialog_new (GtkWindow *parent, GSettings *settings)
{
  DmkTestsDialog *self;
  g_autofree char *profile = NULL;
  g_autoptr (GArray) specs = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  self = g_object_new (DMK_TYPE_TESTS_DIALOG, "accessible-role", GTK_ACCESSIBLE_ROLE_DIALOG,
                       "transient-for", parent, NULL);
  dmk_close_on_escape (GTK_WINDOW (self));
  self->settings = g_object_ref (settings);
  profile = g_settings_get_string (settings, "profile");
  /* Reset goes back to the profile the custom tests were made from. */
  self->base_profile = dmk_settings_map_get_base_profile (settings);
  specs = dmk_settings_map_specs (settings, profile, NULL);
  build (self, specs);
  dmk_name_mnemonic_buttons (GTK_WIDGET (self));
  return GTK_WINDOW (self);
}

static void
dmk_tests_dialog_finalize (GObject *object)
{
  DmkTestsDialog *self = DMK_TESTS_DIALOG (object);

  g_clear_object (&self->settings);
  g_free (self->base_profile);
  G_OBJECT_CLASS (dmk_tests_dialog_parent_class)->finalize (object);
}

static void
dmk_tests_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), DMK_TYPE_TESTS_DIALOG);
  G_OBJECT_CLASS (dmk_tests_dialog_parent_class)->dispose (object);
}

static void
dmk_tests_dialog_class_init (DmkTestsDialogClass *klass)
{
  /* A screen reader says it is a dialog (not a "frame", nor a "filler"). */
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_DIALOG);
  G_OBJECT_CLASS (klass)->dispose = dmk_tests_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = dmk_tests_dialog_finalize;
  gtk_widget_class_set_template_from_resource (
    GTK_WIDGET_CLASS (klass), "/io/github/gdiskmark/GDiskMark/dmk-tests-dialog.ui");
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkTestsDialog, page);
  gtk_widget_class_bind_template_child (GTK_WIDGET_CLASS (klass), DmkTestsDialog, reset_button);
  gtk_widget_class_bind_template_callback (GTK_WIDGET_CLASS (klass), on_reset);
}

static void
dmk_tests_dialog_init (DmkTestsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  dmk_a11y_tidy_on_map ();
  for (guint r = 0; r < MAX_ROWS; r++)
    self->strides[r] = DEFAULT_STRIDE;
}

#ifdef DMK_TESTING

guint
dmk_tests_dialog_get_n_rows (DmkTestsDialog *self)
{
  g_return_val_if_fail (DMK_IS_TESTS_DIALOG (self), 0);
  return self->n_rows;
}

AdwComboRow *
dmk_tests_dialog_get_combo (DmkTestsDialog *self, guint row, DmkTestsField field)
{
  g_return_val_if_fail (DMK_IS_TESTS_DIALOG (self), NULL);
  g_return_val_if_fail (row < self->n_rows && field < DMK_TESTS_N_FIELDS, NULL);
  return self->combos[row][field];
}

GtkSpinButton *
dmk_tests_dialog_get_stride (DmkTestsDialog *self, guint row)
{
  g_return_val_if_fail (DMK_IS_TESTS_DIALOG (self), NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);
  return self->stride_spins[row];
}

GtkWidget *
dmk_tests_dialog_get_reset_button (DmkTestsDialog *self)
{
  g_return_val_if_fail (DMK_IS_TESTS_DIALOG (self), NULL);
  return self->reset_button;
}

#endif
