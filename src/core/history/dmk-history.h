/* dmk-history.h: every finished run remembered per drive in an SQLite store, and what a drive's
 * history says about its newest run. */
#pragma once

#include <glib.h>

#include "dmk-result.h"

G_BEGIN_DECLS

/* The schema that PRAGMA user_version names; older stores are migrated when opened. */
#define DMK_HISTORY_SCHEMA_VERSION 2
/* How long a writer waits for another process's transaction before it gives up. */
#define DMK_HISTORY_BUSY_MS 5000
/* The longest one operation of the store (an open, an add, a listing) may run once it has its
 * lock: the store is small, so only a planted statement that never ends comes near it. */
#define DMK_HISTORY_STEP_LIMIT_MS 10000

/* Who a drive is: the same drive under another device name (or re-attached) has the same key.
 * A device: its model, serial, firmware and size; a folder: its filesystem and the disk beneath. */
typedef struct
{
  char *key;
  char *kind; /* "device" or "folder" */
  char *model;
  char *serial;   /* NULL where the drive tells none (loop devices, imported files) */
  char *firmware; /* likewise */
  guint64 size_bytes;
  char *filesystem; /* folders */
  /* Not in the key: how far a drive's size may be from size_bytes and still be this drive's, for
   * dmk_history_find_alike (a size printed rounded, as GDiskMark's text prints it); 0: exact. */
  guint64 size_slack;
} DmkDriveId;

void dmk_drive_id_clear (DmkDriveId *id);
/* The identity of the drive a result was measured on, from its facts; with live, the serial and
 * firmware are read from sysfs for the target's disk (a run that just ended on this machine). */
void dmk_drive_id_from_result (const DmkResult *result, gboolean live, DmkDriveId *id);
/* The serial and firmware of the disk beneath path (a device or a folder), from sysfs. */
void dmk_drive_id_read_sysfs (const char *path, char **serial, char **firmware);

typedef struct _DmkHistory DmkHistory;

typedef struct
{
  gint64 id;
  gint64 drive_id;
  DmkDriveId drive;
  char *kind; /* dmk_result_kind_to_string () */
  char *target;
  char *device;
  char *engine;
  char *kernel;
  char *date;     /* the run's, ISO 8601 */
  char *settings; /* the result's "settings" object as JSON */
  char *source;   /* "run" or "import" */
  char *json;     /* the whole result */
  DmkRated rated; /* the drive's rated speed as kept now (dmk_history_set_rating); 0: none */
} DmkHistoryEntry;

void dmk_history_entry_free (DmkHistoryEntry *entry);
/* The entry's result, read back with the result JSON reader. */
DmkResult *dmk_history_entry_result (const DmkHistoryEntry *entry, GError **error);

/* $GDISKMARK_HISTORY, else $XDG_DATA_HOME/gdiskmark/history.sqlite. */
char *dmk_history_default_path (void);
/* Opens (creating it and its folder) and migrates the store: WAL, a busy timeout of busy_ms.
 * Errors are DMK_ERROR_HISTORY with a sentence that names the file. A symbolic link or anything
 * but a regular file at path is refused; the store is opened defensively (no triggers, views or
 * untrusted functions run, and no statement runs longer than DMK_HISTORY_STEP_LIMIT_MS). */
DmkHistory *dmk_history_open (const char *path, int busy_ms, GError **error);
void dmk_history_close (DmkHistory *history);
const char *dmk_history_get_path (DmkHistory *history);
/* Adds result for drive (source "run" or "import"); returns the entry's id, or 0 on error. */
gint64 dmk_history_add (DmkHistory *history, DmkResult *result, const DmkDriveId *drive,
                        const char *source, GError **error);
/* Adds result to the drive numbered drive_number, whatever its identity (an imported file that
 * the user says was measured on that drive); an error when the store has no such drive. */
gint64 dmk_history_add_to_drive (DmkHistory *history, DmkResult *result, gint64 drive_number,
                                 const char *source, GError **error);
/* Moves entry id to the drive numbered drive_number (a run imported apart, then said by the user
 * to belong to that drive); a drive left without entries is forgotten. */
gboolean dmk_history_move_entry (DmkHistory *history, gint64 id, gint64 drive_number,
                                 GError **error);
/* The drive a result read from a file (no serial or firmware) was measured on: the one drive
 * with a serial of drive's kind, model, size and filesystem, else the one without; 0 when there
 * is none or more than one (twins); -1 on error. *n_alike (may be NULL) gets how many match. */
gint64 dmk_history_find_alike (DmkHistory *history, const DmkDriveId *drive, guint *n_alike,
                               GError **error);
/* The entry that already holds result (the same tool, kind, target and every test's score, at a
 * date less than a second away: a file imported again, or a run saved here and then imported
 * from its JSON or its text); 0 when none, -1 on error. */
gint64 dmk_history_find_same (DmkHistory *history, const DmkResult *result, GError **error);
/* Entries oldest first, by drive; drive NULL for all, else a drive's number, an entry's target
 * or device path, or part of a model or serial. */
GPtrArray *dmk_history_list (DmkHistory *history, const char *drive, GError **error);
gboolean dmk_history_delete (DmkHistory *history, gint64 id, GError **error);
/* For a window: in a thread, opens the store at path (waiting up to DMK_HISTORY_BUSY_MS for
 * another process's lock, never in the caller's main loop), deletes entry delete_id first when
 * it is > 0, and lists every entry. */
void dmk_history_list_async (const char *path, gint64 delete_id, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data);
/* The entries; or NULL with error (G_IO_ERROR_CANCELLED when cancelled). A delete that failed
 * sets delete_error (may be NULL) while the entries are still listed. */
GPtrArray *dmk_history_list_finish (GAsyncResult *result, GError **delete_error,
                                    GError **error);
/* A batch of adds as one transaction, all or nothing (an import of many files): begin, the adds,
 * then commit, or rollback on the first failure. Between begin and commit or rollback, other
 * processes wait to write. */
gboolean dmk_history_begin (DmkHistory *history, GError **error);
gboolean dmk_history_commit (DmkHistory *history, GError **error);
void dmk_history_rollback (DmkHistory *history);

/* A listing's entries (dmk_history_list) as JSON ("gdiskmark-history/1": every drive, its
 * entries and each test's statistics) and as CSV (a row per test of each entry). */
char *dmk_history_to_json (GPtrArray *entries);
char *dmk_history_to_csv (GPtrArray *entries);
/* The CSV's table as a spreadsheet file (.ods or .xlsx), every number a numeric cell with every
 * digit. */
gboolean dmk_history_save_sheet (GPtrArray *entries, DmkSheetFormat format, const char *path,
                                 GError **error);

/* Saves a finished run in the store at path (NULL: the default). When the store cannot take it
 * (locked, full, read-only, damaged), the run is written as JSON beside the store (or in the data
 * folder, or the temporary folder) and FALSE is returned with an error that says where it is
 * and what to do; *saved_to (may be NULL) gets that file, or NULL when even that failed. */
gboolean dmk_history_save_run (const char *path, DmkResult *result, gboolean live, int busy_ms,
                               gint64 *id, char **saved_to, GError **error);

/* ---- the drive's rated speed (dmk-history-rated.c) ---- */

/* The key a rating of drive is kept under: its own, or, for a drive read from a file (no serial),
 * the one drive of the store it is alike (dmk_history_find_alike), so that a result opened from
 * its JSON meets the rating its run has. NULL on error. */
char *dmk_history_rating_key (DmkHistory *history, const DmkDriveId *drive, GError **error);
/* The rating kept for drive into *rated (zeros where none); FALSE on error. */
gboolean dmk_history_get_rating (DmkHistory *history, const DmkDriveId *drive, DmkRated *rated,
                                 GError **error);
/* Keeps rated for drive, in a transaction; rated NULL or without a rating forgets it. */
gboolean dmk_history_set_rating (DmkHistory *history, const DmkDriveId *drive,
                                 const DmkRated *rated, GError **error);
/* The identity of the drive numbered drive_number (as "gdiskmark-cli history" lists it); FALSE
 * with an error when the store has none. */
gboolean dmk_history_drive_by_number (DmkHistory *history, gint64 drive_number, DmkDriveId *drive,
                                      GError **error);
/* For a front end: opens the store at path (NULL: the default) and puts the rating kept for
 * result's drive (its identity: live as for dmk_history_save_run) into result->rated; with
 * set, first keeps *set as that drive's rating (zeros forget it). Waits up to busy_ms for
 * another process: call it in a thread from a window. */
gboolean dmk_history_rate_result (const char *path, DmkResult *result, gboolean live,
                                  const DmkRated *set, int busy_ms, GError **error);

/* ---- statistics (dmk-history-stats.c) ---- */

/* The two-sided 95 % critical value of Student's t with df degrees of freedom (df ≥ 1). */
double dmk_t_critical_95 (double df);
/* Welch's t-test of a against b: t, its degrees of freedom, the two-sided p-value (p may be
 * NULL) and whether p < 0.05. FALSE when either has fewer than two values. */
gboolean dmk_welch_test (const double *a, guint na, const double *b, guint nb, double *t,
                         double *df, double *p, gboolean *significant);

typedef enum
{
  DMK_NOISE_UNKNOWN, /* too few passes or entries to judge */
  DMK_NOISE_WITHIN,
  DMK_NOISE_BEYOND,
} DmkNoise;

/* Why a run (or one of its tests) was not pooled with the newest run: the first setting, in this
 * order, that changes what its numbers mean. */
typedef enum
{
  DMK_HISTORY_ALIKE,        /* pooled */
  DMK_HISTORY_OTHER_ENGINE, /* the run's engine, or this test's (a loop device's deep queue) */
  DMK_HISTORY_OTHER_SIZE,
  DMK_HISTORY_OTHER_SCORE,  /* best or median pass */
  DMK_HISTORY_OTHER_UNTIL_STABLE,
  DMK_HISTORY_OTHER_VERIFY,
  DMK_HISTORY_OTHER_CACHE,  /* direct or buffered I/O */
  DMK_HISTORY_OTHER_DATA,   /* random or zero */
  DMK_HISTORY_OTHER_MODE,   /* read, write or both */
  DMK_HISTORY_OTHER_REREAD, /* iozone's re-read */
  DMK_HISTORY_OTHER_MIX,    /* the mixed test's read share (the Mix tests only) */
  DMK_HISTORY_N_UNLIKE
} DmkHistoryUnlike;

/* An earlier entry of a test left out, and why. */
typedef struct
{
  guint index; /* in results */
  DmkHistoryUnlike why;
} DmkHistoryLeftOut;

/* One test of a drive's grid entries, on one base: the newest entry against the earlier ones.
 * Their scores' median, range and spread, the newest score against that median, and whether
 * the newest entry's passes differ from the earlier entries' passes by more than their noise
 * (Welch's t-test, two-sided, p < 0.05). */
typedef struct
{
  DmkTestSpec spec;
  DmkDirection direction;
  guint mix;               /* a mix's read share (the newest run's: only its like are pooled) */
  guint n_entries;         /* every entry pooled, the newest included */
  guint n_earlier;         /* of which before the newest: the base (n_entries - 1) */
  double median, min, max; /* MB/s, of the earlier entries' scores (the one's, when only one) */
  double rsd;              /* relative standard deviation of those scores, % */
  double newest;           /* the newest entry's score */
  double delta_percent;    /* newest against median */
  DmkNoise noise;
  double t, df, p_value;   /* Welch's test of the passes; NAN when it was not made */
  GArray *earlier_scores;  /* double: the earlier entries' scores, oldest first */
  GArray *newest_passes;   /* double: the passes the test used: the newest entry's */
  GArray *earlier_passes;  /* double: and every earlier entry's, oldest first */
  GArray *pooled;          /* guint: the indexes in results of the entries pooled, oldest first */
  /* The newest run measured this test. When not (a row run again measures one test), newest is
   * the newest run's that did, and nothing is judged: delta 0, noise unknown. */
  gboolean in_newest;
  /* The earlier entries of this test measured otherwise than the newest (another score rule,
   * verification, until-stable, engine, …): not pooled, counted by why, and listed. */
  guint n_left_out;
  guint left_out[DMK_HISTORY_N_UNLIKE];
  GArray *left_out_entries; /* DmkHistoryLeftOut, oldest first */
} DmkHistoryStat;

/* results: DmkResult* of one drive, oldest first (scans are skipped, and so are grids measured
 * otherwise than the newest grid: see DmkHistoryUnlike; they are counted in left_out). A test
 * that only runs measured otherwise have gets no stat. The array frees each stat's arrays. */
GArray *dmk_history_stats (GPtrArray *results);
/* Whether two runs measured alike enough to be pooled: the same engine, test size, score rule,
 * until-stable, verification, cache use, data, mode, re-read and mix. */
gboolean dmk_history_results_alike (const DmkResult *a, const DmkResult *b);
/* The first of those settings (the mix aside) in which run a differs from run b. */
DmkHistoryUnlike dmk_history_results_unlike (const DmkResult *a, const DmkResult *b);
/* "score", "until_stable", "verify", …: for JSON and CSV. */
const char *dmk_history_unlike_to_string (DmkHistoryUnlike why);
/* "3 earlier runs used another score rule (the best pass): not compared", translated; newest is
 * the run they were not compared with, whose settings say what the earlier ones had. */
char *dmk_history_unlike_sentence (DmkHistoryUnlike why, guint n, const DmkResult *newest);
/* How many earlier grid runs (before the newest grid) that measured any test the newest did
 * were left out, by why (counts[DMK_HISTORY_ALIKE] is 0); the total. A run is counted once: by
 * its settings, else (its tests' engines or mix share) by its first test's why. */
guint dmk_history_left_out (GPtrArray *results, guint counts[DMK_HISTORY_N_UNLIKE]);
/* Those runs in sentences, "; " apart; NULL when none was left out. */
char *dmk_history_left_out_text (GPtrArray *results);
/* "+6.1 % against the earlier runs' median (beyond noise: p = 0.002, 3 and 6 passes)",
 * "… (within noise: …)", translated. */
char *dmk_history_stat_verdict (const DmkHistoryStat *stat);

/* ---- conditions (dmk-history-conditions.c) ---- */

/* The conditions of a run (dmk-conditions.h) that change what its numbers mean. */
typedef enum
{
  DMK_CONDITION_POWER,
  DMK_CONDITION_PROFILE,
  DMK_CONDITION_GOVERNOR,
  DMK_CONDITION_APST, /* on NVMe only: elsewhere it does not touch the drive */
  DMK_CONDITION_FILL, /* differs when more than 20 points apart, or on either side of 90 % */
  DMK_N_CONDITIONS
} DmkCondition;

/* A condition value of earlier runs, and how many had it. */
typedef struct
{
  char *value;   /* as the JSON says it: "ac", "balanced", "100000", "42" (fill, rounded) */
  double number; /* APST and fill: the number; else NAN */
  guint entries;
} DmkHistoryConditionValue;

/* How one condition of the newest grid run differs from the earlier runs its verdict pooled
 * (those of any test's statistics). Conditions never leave a run out: a difference is said
 * beside the verdict, which keeps its base. An earlier run whose condition is unknown (stored
 * before conditions were recorded, or not readable there) is never counted as different. */
typedef struct
{
  DmkCondition condition;
  char *newest;      /* as values' value */
  double newest_number;
  guint n_earlier;   /* earlier runs pooled */
  guint n_known;     /* of which this condition is known */
  guint n_differ;    /* of which it differs */
  GArray *values;    /* DmkHistoryConditionValue of the differing runs, first seen first */
} DmkHistoryConditionDiff;

/* results as for dmk_history_stats: the conditions that differ (n_differ > 0), in the order of
 * DmkCondition; empty when none does or nothing is known. Frees each diff's insides. */
GArray *dmk_history_condition_diffs (GPtrArray *results);
/* "power", "platform_profile", "cpu_governor", "nvme_apst_us", "fill_percent". */
const char *dmk_condition_to_string (DmkCondition condition);
/* "Conditions differed (compared all the same): on battery this time; 3 earlier runs on AC",
 * translated; NULL when none differed. */
char *dmk_history_conditions_text (GPtrArray *results);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkHistory, dmk_history_close)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkHistoryEntry, dmk_history_entry_free)

G_END_DECLS
