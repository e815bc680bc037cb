/* dmk-result.h: a run's results (every pass kept), saved and loaded as JSON, printed as text. */
#pragma once

#include <glib.h>

#include "dmk-histogram.h"
#include "dmk-spec.h"
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

typedef struct
{
  DmkTestSpec spec;
  DmkDirection direction;
  double mb_per_s; /* the best pass */
  double iops;
  DmkLatency latency_us; /* of the best pass */
  GArray *passes;        /* DmkPass, in run order */
  /* GArray of DmkSample (dmk-series.h) per pass, in the order of passes; an entry is NULL for
   * a pass without one (files from before series were kept). */
  GPtrArray *series;
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
} DmkTemperature;

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
} DmkResult;

GType dmk_result_get_type (void) G_GNUC_CONST;
#define DMK_TYPE_RESULT (dmk_result_get_type ())

DmkResult *dmk_result_new (void);
DmkResult *dmk_result_ref (DmkResult *result);
void dmk_result_unref (DmkResult *result);

DmkTestResult *dmk_test_result_new (const DmkTestSpec *spec, DmkDirection direction);
/* A deep copy: every field and its own array of every pass. */
DmkTestResult *dmk_test_result_copy (const DmkTestResult *test);
void dmk_test_result_free (DmkTestResult *test);
/* Appends a pass and, when it is the best so far, makes it the score with its latency. */
void dmk_test_result_add_pass (DmkTestResult *test, const DmkPass *pass, const DmkHistogram *hist);
/* The same, with the pass's series (transfer full; may be NULL). */
void dmk_test_result_add_pass_series (DmkTestResult *test, const DmkPass *pass,
                                      const DmkHistogram *hist, GArray *series);
/* The result for spec and direction, or NULL. */
DmkTestResult *dmk_result_find (DmkResult *result, const DmkTestSpec *spec, DmkDirection direction);

char *dmk_result_to_json (DmkResult *result);
/* Errors are DMK_ERROR_PARSE phrases without a file name: "not a GDiskMark result (it is empty)". */
DmkResult *dmk_result_from_json (const char *data, gssize length, GError **error);
gboolean dmk_result_save (DmkResult *result, const char *filename, GError **error);
/* Every error is one sentence naming the file by its base name: DMK_ERROR_IO when it cannot be
 * read, DMK_ERROR_PARSE when it is not a result this version can open. */
DmkResult *dmk_result_load (const char *filename, GError **error);

/* CrystalDiskMark 8's text layout; always in the C locale. */
char *dmk_result_to_text (DmkResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkResult, dmk_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkTestResult, dmk_test_result_free)

G_END_DECLS
