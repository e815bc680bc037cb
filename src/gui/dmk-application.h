/* dmk-application.h: the GDiskMark application: one window, app actions, hidden tool options. */
#pragma once

#include <adwaita.h>

#include "dmk-compare-window.h"
#include "dmk-scan-compare.h"

G_BEGIN_DECLS

#define DMK_TYPE_APPLICATION (dmk_application_get_type ())
G_DECLARE_FINAL_TYPE (DmkApplication, dmk_application, DMK, APPLICATION, AdwApplication)

DmkApplication *dmk_application_new (void);
/* Non-zero when the screenshot mode failed. */
int dmk_application_get_exit_status (DmkApplication *self);
/* Where F1 finds the guide's pages when they are not installed (the build tree); NULL: help:. */
void dmk_application_set_help_dir (DmkApplication *self, const char *dir);
/* The comparison window (created, not shown, when create is TRUE and there is none); its current
 * run is the most recently used main window's result. */
DmkCompareWindow *dmk_application_get_compare_window (DmkApplication *self, gboolean create);
/* The comparison of sustained writes, sweeps or surfaces (kind), made (not shown) if needed. */
DmkScanCompare *dmk_application_get_scan_compare (DmkApplication *self, DmkResultKind kind);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* Result files app.compare-files is still reading (in a worker thread). */
guint dmk_application_get_n_loading (DmkApplication *self);
#endif

G_END_DECLS
