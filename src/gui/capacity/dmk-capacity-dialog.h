/* dmk-capacity-dialog.h: Check Capacity…: the capacity check of a target, its progress, a Stop,
 * and what it found. */
#pragma once

#include <adwaita.h>

#include "dmk-capacity-chart.h"
#include "dmk-core.h"

G_BEGIN_DECLS

#define DMK_TYPE_CAPACITY_DIALOG (dmk_capacity_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DmkCapacityDialog, dmk_capacity_dialog, DMK, CAPACITY_DIALOG, AdwWindow)

/* Starts the check of path with settings at once; consent is the device writes were allowed
 * on (NULL for a folder): a device is written only if it is still that one. Closing the dialog
 * stops it. */
GtkWindow *dmk_capacity_dialog_new (GtkWindow *parent, const char *path,
                                    const DmkSettings *settings,
                                    const DmkDeviceIdentity *consent);

/* Stops the check, as the Stop button does. */
void dmk_capacity_dialog_stop (DmkCapacityDialog *self);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* For the tests: whether the check is still going, the report (NULL until it finished) and the
 * verdict shown (the summary, or why it failed). */
gboolean dmk_capacity_dialog_get_running (DmkCapacityDialog *self);
const DmkCapacityReport *dmk_capacity_dialog_get_report (DmkCapacityDialog *self);
const char *dmk_capacity_dialog_get_verdict (DmkCapacityDialog *self);
DmkCapacityChart *dmk_capacity_dialog_get_chart (DmkCapacityDialog *self);
#endif

G_END_DECLS
