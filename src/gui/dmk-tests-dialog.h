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

G_END_DECLS
