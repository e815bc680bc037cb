/* dmk-capacity-dialog.h: Check Capacity…: the capacity check of a target, its progress, a Stop,
 * and what it found. */
#pragma once

#include <adwaita.h>

#include "dmk-capacity-chart.h"
#include "dmk-core.h"
#include "dmk-run-controller.h"

G_BEGIN_DECLS

#define DMK_TYPE_CAPACITY_DIALOG (dmk_capacity_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DmkCapacityDialog, dmk_capacity_dialog, DMK, CAPACITY_DIALOG, AdwWindow)

/* Check Capacity… of path, a folder or a block device: it first says what the check will do
 * (fill which filesystem's free space, how much, for how long at write_mb_per_s, the rate last
 * measured there (0: unknown), and the margin it leaves; or overwrite which device whole) and
 * starts only on the user's word; then run, the window's controller, runs it (Stop, suspend
 * inhibited, the window asks before closing). Closing the dialog stops it. */
GtkWindow *dmk_capacity_dialog_new (GtkWindow *parent, DmkRunController *run, const char *path,
                                    const DmkSettings *settings, double write_mb_per_s);
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
/* The question asked before anything is written, and its buttons. */
const char *dmk_capacity_dialog_get_question (DmkCapacityDialog *self);
const char *dmk_capacity_dialog_get_explanation (DmkCapacityDialog *self);
GtkWidget *dmk_capacity_dialog_get_start_button (DmkCapacityDialog *self);
GtkWidget *dmk_capacity_dialog_get_cancel_button (DmkCapacityDialog *self);
GtkWidget *dmk_capacity_dialog_get_stop_button (DmkCapacityDialog *self);
#endif

G_END_DECLS
