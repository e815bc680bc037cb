/* dmk-window-private.h: the main window's insides, shared by its files (dmk-window*.c), and the
 * window's operations its parts share. Nothing else includes it (the tests read the
 * insides through dmk-window-testing.h). */
#pragma once

#include "dmk-a11y.h"
#include "dmk-result-grid.h"
#include "dmk-run-controller.h"
#include "dmk-target-chooser.h"
#include "dmk-scan-view.h"
#include "dmk-window.h"

G_BEGIN_DECLS

struct _DmkWindow
{
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkMenuButton *menu_button;
  DmkResultGrid *grid;
  GtkWidget *controls_box;
  GtkDropDown *passes_dropdown;
  GtkDropDown *size_dropdown;
  DmkTargetChooser *target_chooser;
  GtkDropDown *unit_dropdown;
  GtkWidget *facts_box;
  GtkLabel *facts_label;
  GtkLabel *warnings_label;   /* the whole text, under Details */
  GtkWidget *warnings_row;    /* its one line and Details */
  GtkLabel *warnings_summary;
  GtkWidget *warnings_button;
  GtkButton *facts_close;
  GtkWidget *chain_button;    /* one line: what limits the drive; opens the chain's panel */
  GtkLabel *chain_summary;
  GtkListBox *chain_list;     /* the panel: every link, the verdict, the conditions */
  GtkEntry *comment_entry;
  GtkLabel *status_label;
  GtkProgressBar *progress_bar;
  AdwViewStack *view_stack;
  GtkWidget *benchmark_page;
  /* Sustained, Sweep, Surface (dmk-window-scans.c): each view is built into its page after the
   * first frame, or when it is first needed, whichever comes first. */
  GtkWidget *scan_pages[3];
  DmkScanView *scan_views[3];
  guint scans_idle;

  GSettings *settings;
  DmkRunController *run;

  /* What the grid shows: a run's result or an opened file's; NULL when the grid is empty. */
  DmkResult *shown;
  char *shown_source; /* the file it came from; NULL for a run */
  char *shown_name;
  /* What the drive's history says of the last run saved ("Against this drive's history: …"),
   * and the run it says it of (a reference); NULL until a save and its statistics came back. */
  char *history_verdict;
  char *history_left_out; /* what the verdict leaves unsaid (its tooltip): other conditions, runs
                           * not set against it and why */
  DmkResult *history_verdict_of;
  DmkResult *last_run; /* the last run's result, to come back to from an opened file */
  char *last_error;
  char *end_status; /* how the last run ended; NULL once a new plan or run replaced it */
  gboolean setting_comment;
  gboolean comment_typed; /* the user typed in the comment field since it last changed hands */
  char *facts_text; /* what the facts hook last returned */
  gboolean facts_of_result; /* the facts line is a result's or a job's, not the plan's */
  /* A fio job file opened: a plan to run as fio would, beside the user's own settings, which
   * it leaves as they are; NULL when the controls plan the run. */
  DmkFioJob *job;
  char *job_name;
  char *last_toast; /* what the last toast said, for the tests */

  /* the run in progress */
  DmkResult *before_run; /* what was shown when it started: it comes back if nothing finishes */
  char *before_run_source;
  int run_row; /* DMK_RESULT_GRID_ALL or a row */
  DmkSettings run_settings; /* its settings (profile NULL before the first run) */
  gboolean merge_run; /* one row of the shown result again: the rest stays */
  guint shown_samples, shown_pass; /* the newest interval the running cell's sparkline has */

  /* a profile change cleared a result: Undo brings both back */
  DmkResult *undo_result;
  char *undo_profile;
  gboolean undo_mix;
  GVariant *undo_custom; /* the custom tests before the Tests dialog changed them, or NULL */
  char *undo_status;     /* and how its run ended */
  gboolean restoring;
  /* the Tests dialog, while it is open: the plan it changes shows once it closes */
  GtkWindow *tests_dialog;
  GVariant *tests_before;
  gboolean plan_deferred;

  /* how far the run is, in seconds of planned work (dmk-window-progress.c) */
  struct
  {
    guint n_jobs, passes, measure_s, warmup_s, interval_s;
    double done_s;       /* planned seconds done at the last progress event */
    double phase_cap_s;  /* how long the current phase lasts at most */
    gint64 phase_us;     /* when it started */
    gint64 tests_us;     /* when the first test started: the pace is measured from there */
    guint tick;
    char *test_name;     /* "SEQ1M Q8T1 Read", for the title */
    guint test_index;
  } progress;

  /* the height the user gave the window (or it had at first), which it goes back to */
  int user_height;
  int last_height; /* the height of the last allocation */
  gboolean fitting;
  guint fit_source;

  gboolean close_after_run;
  GtkWindow *error_dialog;
  AdwMessageDialog *allow_dialog;
  AdwMessageDialog *close_dialog;
  GtkFileChooserNative *file_chooser;
  GCancellable *open_cancellable; /* the files being read in threads; cancelled in dispose */
  guint n_opening;                /* files read in threads, not yet shown */
  GMenu *recent_menu; /* Open Recent's rows (dmk-window-view.c) */
  GMenu *profile_menu; /* the Profile submenu's rows, once the menu is built */
};

/* The window is a star: its parts (dmk-window-<part>.c) call only what dmk-window.c, the hub,
 * declares here, never each other; the hub calls the parts' _dmk_window_<part>_* functions.
 * tests/check-layout keeps it so. */

/* ---- the hub (dmk-window.c) ---- */
/* The run the controls describe. Without the confirmation a device only ever sees reads; read
 * mode never writes (the mixed test included). */
void _dmk_window_read_settings (DmkWindow *self, DmkSettings *s);
/* The grid's plan: an open fio job's tests, or the controls' profile rows; and the mix column's
 * read percentage (0: none). */
GArray *_dmk_window_plan_specs (DmkWindow *self, char **profile, guint *mix);
/* The run of row (DMK_RESULT_GRID_ALL: every test), planned once: its settings (from the
 * controls, or the open fio job's) and jobs. FALSE with error when there is nothing to run. */
gboolean _dmk_window_plan_run (DmkWindow *self, int row, DmkSettings *s, GArray **jobs,
                               GError **error);
/* Takes job (transfer full) as the plan, named name; NULL goes back to the controls' plan. */
void _dmk_window_set_job (DmkWindow *self, DmkFioJob *job, const char *name);
/* The comment a run starts with (the field then shows it); same_result: a row run again over
 * the shown result, whose comment stays. */
const char *_dmk_window_comment_for_run (DmkWindow *self, gboolean same_result);
/* The comment field shows text (NULL: none), as a result's, not as typed; and what it holds
 * goes into the shown result. */
void _dmk_window_set_comment (DmkWindow *self, const char *text);
void _dmk_window_sync_comment (DmkWindow *self);
/* Shows result (NULL: an empty grid of the plan), from source (a file) or a run. */
void _dmk_window_show_result (DmkWindow *self, DmkResult *result, const char *source);
/* The same for a result of any kind: a scan in its own view, a grid in the Benchmark view. */
void _dmk_window_show_any_result (DmkWindow *self, DmkResult *result, const char *source);
/* Everything that follows from what is shown, the run and the controls. */
void _dmk_window_update_state (DmkWindow *self);
void _dmk_window_show_error (DmkWindow *self, const char *heading, const char *message);
void _dmk_window_toast (DmkWindow *self, const char *text);
/* The shown result with the comment field's text in it: what every export writes. */
DmkResult *_dmk_window_export_result (DmkWindow *self);
/* Actions follow the run and what is shown; one switched by name. */
void _dmk_window_update_actions (DmkWindow *self);
void _dmk_window_enable_action (DmkWindow *self, const char *name, gboolean enabled);
/* The Tests dialog opened and closed: the grid follows its changes once it is closed. */
void _dmk_window_tests_dialog_opened (DmkWindow *self, GtkWindow *dialog);
void _dmk_window_tests_dialog_closed (DmkWindow *self);
/* Whether the target is a block device (not a folder). */
gboolean _dmk_window_target_is_device (DmkWindow *self);

/* ---- the parts ---- */
/* Each part of the window (dmk-window-<part>.c) adds to the class and to each window what it
 * owns: its actions, key bindings and signal handlers; and gives them up in dispose. The hub
 * runs them in this order. Any of the three may be NULL. */
typedef struct
{
  void (*class_init) (GtkWidgetClass *widget_class);
  void (*init) (DmkWindow *self);
  void (*dispose) (DmkWindow *self);
} DmkWindowPart;

/* the Benchmark's run: the destroy-data question on a device, the start, progress and end */
extern const DmkWindowPart _dmk_window_run_part;
/* the window's other actions and key bindings, and the question before closing during a run */
extern const DmkWindowPart _dmk_window_actions_part;
/* the primary menu, zoom, the Custom profile's row, Open Recent, the test size dropdown */
extern const DmkWindowPart _dmk_window_view_part;
/* save, copy, open, drop */
extern const DmkWindowPart _dmk_window_files_part;
/* the scan views beside the Benchmark */
extern const DmkWindowPart _dmk_window_scans_part;
/* every finished run into the history, unless save-history is off; the drive's rated speed */
extern const DmkWindowPart _dmk_window_history_part;
/* the comment, which belongs to the result shown */
extern const DmkWindowPart _dmk_window_facts_part;

/* What the hub asks of two parts. dmk-window-facts.c: the facts, warnings, blocked cells, status
 * line and subtitle follow what is shown. dmk-window-scans.c: a sustained, sweep or surface
 * result in its view (FALSE for a grid). */
void _dmk_window_facts_update (DmkWindow *self);
gboolean _dmk_window_scans_show_result (DmkWindow *self, DmkResult *result, const char *source);

G_END_DECLS
