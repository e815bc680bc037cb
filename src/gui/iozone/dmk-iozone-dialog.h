/* dmk-iozone-dialog.h: iozone Sweep…: the window's target swept over file sizes × record sizes
 * for the operations chosen (dmk-iozone-sweep.c), its heat map filling as cells are measured,
 * Stop, and Save as CSV, .xlsx or .ods. */
#pragma once

#include <adwaita.h>

#include "dmk-core.h"
#include "dmk-iozone-heatmap.h"
#include "dmk-run-controller.h"

G_BEGIN_DECLS

#define DMK_TYPE_IOZONE_DIALOG (dmk_iozone_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DmkIozoneDialog, dmk_iozone_dialog, DMK, IOZONE_DIALOG, AdwWindow)

/* A dialog for path with settings (engine, data, direct I/O), whose sweeps run is the window's
 * run controller. On a device (is_device) the write operations are offered only with consent
 * (non-NULL: the device writes were allowed on, whose identity the runs check before any
 * write); otherwise they are off and say why. */
GtkWindow *dmk_iozone_dialog_new (GtkWindow *parent, DmkRunController *run, const char *path,
                                  const DmkSettings *settings, gboolean is_device,
                                  const DmkDeviceIdentity *consent);

/* Start, as its button does; FALSE (and the reason in the status line) when nothing can run. */
gboolean dmk_iozone_dialog_start (DmkIozoneDialog *self);
/* Stops the sweep, as Stop does; closing the dialog stops it too. */
void dmk_iozone_dialog_stop (DmkIozoneDialog *self);
/* Writes the table shown to path, whole or not at all, in the format its extension names
 * (.csv, .ods, .xlsx where built with libxlsxwriter). */
gboolean dmk_iozone_dialog_save (DmkIozoneDialog *self, const char *path, GError **error);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* For the tests. Bounds in bytes, as the size lists offer them (powers of two); the table is
 * NULL before the first Start. */
void dmk_iozone_dialog_set_bounds (DmkIozoneDialog *self, guint64 min_file, guint64 max_file,
                                   guint32 min_record, guint32 max_record);
gboolean dmk_iozone_dialog_get_running (DmkIozoneDialog *self);
GtkWidget *dmk_iozone_dialog_get_start_button (DmkIozoneDialog *self);
GtkWidget *dmk_iozone_dialog_get_save_button (DmkIozoneDialog *self);
GtkCheckButton *dmk_iozone_dialog_get_op_button (DmkIozoneDialog *self, DmkIozoneOp op);
GtkDropDown *dmk_iozone_dialog_get_op_chooser (DmkIozoneDialog *self);
DmkIozoneHeatmap *dmk_iozone_dialog_get_heatmap (DmkIozoneDialog *self);
DmkIozoneTable *dmk_iozone_dialog_get_table (DmkIozoneDialog *self);
const char *dmk_iozone_dialog_get_status (DmkIozoneDialog *self);
/* The file size running (its index) and the cells measured so far in this sweep. */
guint dmk_iozone_dialog_get_file (DmkIozoneDialog *self);
guint dmk_iozone_dialog_get_n_measured (DmkIozoneDialog *self);
#endif

G_END_DECLS
