/* dmk-scan-view.h: one scan's page in the window (Sustained, Sweep, Surface): its settings,
 * Run/Stop, its chart drawn live, its numbers, and saving them. It runs through the window's
 * run controller, which keeps one run at a time in the window; the window says where and with
 * which settings. */
#pragma once

#include <gtk/gtk.h>

#include "dmk-core.h"
#include "dmk-run-controller.h"
#include "dmk-scan-chart.h"
#include "dmk-target-chooser.h"

G_BEGIN_DECLS

#define DMK_TYPE_SCAN_VIEW (dmk_scan_view_get_type ())
G_DECLARE_FINAL_TYPE (DmkScanView, dmk_scan_view, DMK, SCAN_VIEW, GtkWidget)

/* kind: DMK_KIND_SUSTAINED, DMK_KIND_SWEEP or DMK_KIND_SURFACE; run is the window's controller,
 * target its chooser (whose room marks the sizes that do not fit), settings where its own
 * choices are kept (may be NULL). */
GtkWidget *dmk_scan_view_new (DmkResultKind kind, DmkRunController *run, DmkTargetChooser *target,
                              GSettings *settings);

/* Where the window puts the shared target chooser while this page is shown. */
GtkBox *dmk_scan_view_get_target_slot (DmkScanView *self);

/* Starts a scan of path with the window's settings (data, engine, direct I/O, the device's write
 * consent) and the view's own choices. Its Run button emits "start-clicked": the window answers
 * with this call. FALSE with error when it cannot start. Stop goes to the controller. */
gboolean dmk_scan_view_start (DmkScanView *self, const char *path, const DmkSettings *settings,
                              const char *comment, GError **error);

/* Shows a finished or opened result of the view's kind; source is the file or NULL. */
void dmk_scan_view_set_result (DmkScanView *self, DmkResult *result, const char *source);


/* Saving: the same for the view's menu and the tests. */
gboolean dmk_scan_view_save_json (DmkScanView *self, const char *path, GError **error);
gboolean dmk_scan_view_save_csv (DmkScanView *self, const char *path, GError **error);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* Property "running": the controller runs this view's kind. */
gboolean dmk_scan_view_get_running (DmkScanView *self);
DmkResult *dmk_scan_view_get_result (DmkScanView *self);
DmkScanChart *dmk_scan_view_get_chart (DmkScanView *self);
/* The access-time chart of a surface view; NULL for the others. */
DmkScanChart *dmk_scan_view_get_access_chart (DmkScanView *self);
const char *dmk_scan_view_get_status (DmkScanView *self);
GtkWidget *dmk_scan_view_get_start_button (DmkScanView *self);
#endif

G_END_DECLS
