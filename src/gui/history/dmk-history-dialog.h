/* dmk-history-dialog.h: the history of each drive: its runs with their scores, each test's
 * median, spread and the newest run's verdict; open an entry as a result, or delete it. */
#pragma once

#include <adwaita.h>

#include "dmk-compare-window.h"
#include "dmk-core.h"
#include "dmk-history-chart.h"

G_BEGIN_DECLS

#define DMK_TYPE_HISTORY_DIALOG (dmk_history_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DmkHistoryDialog, dmk_history_dialog, DMK, HISTORY_DIALOG, AdwWindow)

/* Called with an entry's result (transfer none) and a name for it, to show it. */
typedef void (*DmkHistoryOpenFunc) (DmkResult *result, const char *name, gpointer user_data);

/* The history in the store at path (NULL: the default), over parent. */
DmkHistoryDialog *dmk_history_dialog_new (GtkWindow *parent, const char *path,
                                          DmkHistoryOpenFunc open, gpointer user_data);
/* Reads the store again (after a run was added), in a thread; the dialog fills in when it is
 * read. */
void dmk_history_dialog_reload (DmkHistoryDialog *self);

/* Reads the store again and chooses the drive whose newest run on target is (the result the
 * window shows), when the history has one. */
void dmk_history_dialog_show_target (DmkHistoryDialog *self, const char *target);
void dmk_history_dialog_select_drive (DmkHistoryDialog *self, guint index);

#ifdef DMK_TESTING
/* What the tests read off its insides: only the tests' build of the window has these. */
/* The toast of the last Delete (its Undo), while it is there. */
AdwToast *dmk_history_dialog_get_last_toast (DmkHistoryDialog *self);
/* Whether a read of the store (or a delete) is still going on in its thread. */
gboolean dmk_history_dialog_get_loading (DmkHistoryDialog *self);
/* For the tests: the drives offered, the one chosen, its entries' rows and their buttons. */
guint dmk_history_dialog_get_n_drives (DmkHistoryDialog *self);
/* The tooltip of the statistics: what their verdicts leave unsaid, or NULL. */
const char *dmk_history_dialog_get_stats_tooltip (DmkHistoryDialog *self);
guint dmk_history_dialog_get_n_rows (DmkHistoryDialog *self);
/* which: "open", "delete" or "check" (the check that chooses it for the comparison). */
GtkWidget *dmk_history_dialog_get_row_button (DmkHistoryDialog *self, guint row,
                                              const char *which);
const char *dmk_history_dialog_get_stats_text (DmkHistoryDialog *self);
/* The chart, the chooser of its test, the Compare button and the comparison it last filled. */
DmkHistoryChart *dmk_history_dialog_get_chart (DmkHistoryDialog *self);
GtkDropDown *dmk_history_dialog_get_tests (DmkHistoryDialog *self);
GtkWidget *dmk_history_dialog_get_compare_button (DmkHistoryDialog *self);
DmkCompareWindow *dmk_history_dialog_get_compared (DmkHistoryDialog *self);
#endif

G_END_DECLS
