/* dmk-result.h: a run's results (every pass kept), and its files: JSON written and read, text and
 * CSV, for every kind of result. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dmk-chain.h"
#include "dmk-conditions.h"
#include "dmk-histogram.h"
#include "dmk-sheet-file.h"
#include "dmk-spec.h"
#include "dmk-stamp.h"
#include "dmk-target.h"

G_BEGIN_DECLS

#define DMK_RESULT_SCHEMA "gdiskmark-result/1"

/* Who made GDiskMark, named the same in the text report, the About window and the metainfo. */
#define DMK_AUTHORS "The GDiskMark authors"
#define DMK_COPYRIGHT "© 2026 " DMK_AUTHORS

typedef struct
{
  double mb_per_s; /* 10^6 bytes per second */
  double iops;
  guint64 bytes;
  double seconds;
} DmkPass;

typedef struct
{
  double mean, p50, p90, p99, p99_9, p99_99; /* microseconds */
} DmkLatency;

/* Why a test ran the passes it ran, under "until stable". */
typedef enum
{
  DMK_STABILITY_OFF,    /* not asked: the passes set */
  DMK_STABILITY_STABLE, /* the RSD fell below 2.5% (at once, or after passes added) */
  DMK_STABILITY_LIMIT,  /* 3× the passes ran and the RSD stayed at 2.5% or more */
} DmkStability;

typedef struct
{
  DmkTestSpec spec;
  DmkDirection direction;
  DmkStability stability;
  guint passes_asked; /* with stability not OFF: the passes set, before any added */
  double mb_per_s; /* the best pass */
  double iops;
  DmkLatency latency_us; /* of the best pass */
  GArray *passes;        /* DmkPass, in run order */
  /* GArray of DmkSample (dmk-series.h) per pass, in the order of passes; an entry is NULL for
   * a pass without one (files from before series were kept). */
  GPtrArray *series;
  /* Another tool's name for the test (fio's job name), NULL for GDiskMark's own: two jobs of
   * the same test in one fio output are two tests, told apart by it. */
  char *name;
  /* The engine this test ran on where it is not the run's (tool.engine): libaio for a deep
   * queue of small I/O on a loop device (dmk_engine_for_test); NULL where it is the run's. */
  char *engine;
  /* When this test was measured where it is not the run's date: a row run again over a result
   * keeps the other rows, each with the date it was measured (ISO 8601); NULL: the run's. */
  char *date;
} DmkTestResult;

/* What a result holds: the grid of tests (CrystalDiskMark's), or one of the scans of
 * dmk-scan.h. A sweep is a grid of one spec at many block sizes. */
typedef enum
{
  DMK_KIND_GRID,
  DMK_KIND_SUSTAINED,
  DMK_KIND_SWEEP,
  DMK_KIND_SURFACE,
} DmkResultKind;

/* The drive's temperature where it tells one without privileges (hwmon: NVMe, drivetemp). */
typedef struct
{
  gboolean known;
  double before_c, peak_c, after_c; /* °C: before the first test, the highest during, after */
  /* The drive's own warning threshold (hwmon temp1_max: NVMe's WCTEMP, drivetemp's SCT limit),
   * above which drives slow themselves down; 0 where it tells none. */
  double warning_c;
} DmkTemperature;

/* The drive's rated speed, as its box or data sheet says (MB/s, 10^6 bytes/s), given by the user
 * and kept with the drive in the history (dmk-rated.h); 0 where not given. */
typedef struct
{
  double read_mb_per_s;
  double write_mb_per_s;
} DmkRated;

typedef struct _DmkSustained DmkSustained;
typedef struct _DmkSurface DmkSurface;

typedef struct
{
  gatomicrefcount ref;
  DmkResultKind kind;
  char *tool_name;
  char *tool_version;
  char *engine;
  char *date; /* ISO 8601 with offset */
  DmkTargetInfo target;
  DmkSettings settings;
  GPtrArray *tests; /* DmkTestResult* */
  GPtrArray *warnings; /* char* */
  char *comment;
  char *os; /* not in the JSON schema's required keys; kept for the text report */
  DmkTemperature temperature;
  DmkSustained *sustained; /* DMK_KIND_SUSTAINED only */
  DmkSurface *surface;     /* DMK_KIND_SURFACE only */
  /* --verify: the blocks read (in read passes and the final read-back) checked against the stamps
   * written; bad counts the mismatches. Only when settings.verify. */
  DmkStampTally verify;
  /* Every limit between the drive and the number (dmk-chain.h), as it was when the run began;
   * NULL where not known (older files, other tools' results). */
  DmkChain *chain;
  /* The machine's state when the run began: power, profiles, fill level. */
  DmkConditions conditions;
  /* The drive's rating when the result was shown or saved: from the history, never measured. */
  DmkRated rated;
} DmkResult;

GType dmk_result_get_type (void) G_GNUC_CONST;
#define DMK_TYPE_RESULT (dmk_result_get_type ())

DmkResult *dmk_result_new (void);
DmkResult *dmk_result_ref (DmkResult *result);
void dmk_result_unref (DmkResult *result);
/* A deep copy with a reference count of its own: every string, test, pass, series and scan. */
DmkResult *dmk_result_copy (const DmkResult *result);

DmkTestResult *dmk_test_result_new (const DmkTestSpec *spec, DmkDirection direction);
/* A deep copy: every field and its own array of every pass. */
DmkTestResult *dmk_test_result_copy (const DmkTestResult *test);
void dmk_test_result_free (DmkTestResult *test);
/* Whether warning is about one test ("RND4K Q1T1 Read: …"), and which; else the whole run's. */
gboolean dmk_warning_names_test (const char *warning, DmkTestSpec *spec, DmkDirection *direction);
/* Appends a pass with its series (transfer full; may be NULL) and, when it is the best so far,
 * makes it the score with its latency. */
void dmk_test_result_add_pass_series (DmkTestResult *test, const DmkPass *pass,
                                      const DmkHistogram *hist, GArray *series);
/* A pass's latency in µs from its histogram (of ns). */
void dmk_latency_from_histogram (const DmkHistogram *hist, DmkLatency *out);
/* Whether another tool measured the result (CrystalDiskMark, KDiskMark, fio: read from its
 * file), by its tool's name. */
gboolean dmk_result_is_foreign (const DmkResult *result);
/* The result for spec and direction, or NULL. */
DmkTestResult *dmk_result_find (DmkResult *result, const DmkTestSpec *spec, DmkDirection direction);

/* ---- files (dmk-result-write.c, dmk-result-read.c, dmk-report.c, dmk-csv.c) ---- */

char *dmk_result_to_json (DmkResult *result);
/* GDiskMark's own JSON only (dmk_result_load () in interop/ also knows other tools' files).
 * Errors are DMK_ERROR_PARSE phrases without a file name: "not a GDiskMark result (it is
 * empty)". */
DmkResult *dmk_result_from_json (const char *data, gssize length, GError **error);
/* The result in o, a parsed file named name (NULL: none) whose "schema" is checked first. */
DmkResult *dmk_result_from_json_object (JsonObject *o, const char *name, GError **error);
gboolean dmk_result_save (DmkResult *result, const char *filename, GError **error);

/* The top-level object of data, parsed by parser; NULL with a DMK_ERROR_PARSE error naming the
 * file (name, or none) when it is not text, nests too deep, is not strict JSON, is empty or is
 * not an object. json-glib recurses once per level of nesting, so nothing deeper than
 * DMK_JSON_MAX_DEPTH reaches it, whatever the syntax around the brackets. */
#define DMK_JSON_MAX_DEPTH 32
JsonObject *dmk_json_parse_root (JsonParser *parser, const char *data, gsize length,
                                 const char *name, GError **error);
/* The same guard and parse for JSON of any kind (another tool's): FALSE with the line (0 when
 * none can be told) and the reason, translated ("it ends too soon"), when data is not JSON. */
gboolean dmk_json_load_checked (JsonParser *parser, const char *data, gsize length, guint *line,
                                char **reason);
/* "“x.json” is not a GDiskMark result (line 3: reason)": line 0 when none can be told, name
 * NULL for data from no file. */
void dmk_set_not_a_result_error (GError **error, const char *name, guint line,
                                 const char *reason);

/* CrystalDiskMark 8's text layout for a grid, and the same header and footer around the scans;
 * always in English and the C locale. */
char *dmk_result_to_text (DmkResult *result);
/* CSV a spreadsheet opens as it is: a grid's tests, a sweep's block sizes, a sustained write's
 * intervals or a surface's points (see the README for the columns). */
char *dmk_result_to_csv (DmkResult *result);
/* The CSV's table as a spreadsheet file (.ods or .xlsx): numbers as numeric cells with every
 * digit, which a spreadsheet in any locale reads as numbers. */
gboolean dmk_result_save_sheet (DmkResult *result, DmkSheetFormat format, const char *path,
                                GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkResult, dmk_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkTestResult, dmk_test_result_free)

G_END_DECLS
