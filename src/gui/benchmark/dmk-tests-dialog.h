/* dmk-tests-dialog.h: CrystalDiskMark's Settings dialog: each row's test set one by one. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DMK_TYPE_TESTS_DIALOG (dmk_tests_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DmkTestsDialog, dmk_tests_dialog, DMK, TESTS_DIALOG, AdwPreferencesWindow)

typedef enum
{
  DMK_TESTS_FIELD_TYPE,
  DMK_TESTS_FIELD_BLOCK,
  DMK_TESTS_FIELD_QUEUE,
  DMK_TESTS_FIELD_THREADS,
  DMK_TESTS_N_FIELDS,
} DmkTestsField;

/* Starts from the settings' tests (the custom ones, else the profile's); every change is written
 * back as the "custom" profile. */
GtkWindow *dmk_tests_dialog_new (GtkWindow *parent, GSettings *settings);

GStrv dmk_tests_dialog_get_names (DmkTestsDialog *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* For tests: a row's combo row for field, the rows' names ("SEQ1M Q8T1") and Reset to Profile. */
guint dmk_tests_dialog_get_n_rows (DmkTestsDialog *self);
AdwComboRow *dmk_tests_dialog_get_combo (DmkTestsDialog *self, guint row, DmkTestsField field);
/* A row's stride (its row shown when the type is Strided). */
GtkSpinButton *dmk_tests_dialog_get_stride (DmkTestsDialog *self, guint row);
GtkWidget *dmk_tests_dialog_get_reset_button (DmkTestsDialog *self);
#endif

G_END_DECLS
