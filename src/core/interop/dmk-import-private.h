/* dmk-import-private.h: what the importers of other tools' results share (interop/ only). */
#pragma once

#include "dmk-import.h"

G_BEGIN_DECLS

/* "“cdm.txt” cannot be compared: what"; always FALSE. */
gboolean _dmk_import_fail (GError **error, const char *name, const char *what);
/* A number a tool printed: finite, not negative and below max. */
gboolean _dmk_import_number (const char *text, double max, double *out);
/* The date in ISO 8601 with this machine's offset: the tools write local time without one. */
char *_dmk_import_local_date (int y, int mo, int d, int h, int mi, int s);
/* Adds a test; a second one for the same test replaces the first. iops 0: from the rate;
 * lat_us 0: not measured. */
void _dmk_import_add_test (DmkResult *r, const DmkTestSpec *spec, DmkDirection dir, double mb,
                           double iops, double lat_us);
/* Adds a test after any others of the same test (fio's jobs, each its own name). */
DmkTestResult *_dmk_import_append_test (DmkResult *r, const DmkTestSpec *spec, DmkDirection dir,
                                        double mb, double iops, double lat_us);

/* GDiskMark's own text report, from its first lines ("GDiskMark 0.1.0 (C) …"), read back
 * (dmk-import-own.c). */
gboolean _dmk_import_is_own_text (const char *data, gsize length);
DmkResult *_dmk_import_own_text (const char *data, gsize length, const char *name, GError **error);
/* Any CSV GDiskMark writes, by its header; only a result's grid of tests reads back as a result,
 * the others are refused with what they are (dmk-import-own-csv.c). */
gboolean _dmk_import_is_own_csv (const char *data, gsize length);
DmkResult *_dmk_import_own_csv (const char *data, gsize length, const char *name, GError **error);

/* fio's JSON (dmk-import-fio-facts.c): o's member key when it is an object, a number or a string,
 * else NULL or FALSE (json-glib's getters complain otherwise). */
JsonObject *_dmk_fio_member_object (JsonObject *o, const char *key);
gboolean _dmk_fio_member_number (JsonObject *o, const char *key, double *out);
const char *_dmk_fio_option_of (JsonObject *o, const char *key);
/* Whether root's "fio version" is before major.minor (FALSE when it says none). */
gboolean _dmk_fio_version_before (JsonObject *root, guint major, guint minor);
/* fio's synchronous engines do one I/O at a time whatever iodepth says ("note: both iodepth >= 1
 * and synchronous I/O engine are selected, queue depth will be capped at 1"). */
gboolean _dmk_fio_sync_engine (const char *engine);

/* What an entry of fio's output did, from its numbers alone. */
typedef struct
{
  gboolean moved[2];      /* read, write: the side moved bytes */
  guint64 block_size[2];  /* each I/O's size (io_bytes / total_ios); 0: not one size, or none */
  gboolean mixed;         /* reads and writes in one "mixed" side (unified_rw_reporting): its
                           * block size is block_size[0] */
  gboolean has_levels;    /* iodepth_level is there */
  gboolean depth_one;     /* most of its I/O was submitted at depth 1 */
} DmkFioFacts;

/* kib: io_bytes in KiB (fio before 3.0). */
void _dmk_fio_facts_read (JsonObject *job, gboolean kib, DmkFioFacts *facts);
/* The test of a job GDiskMark exported ("RND4K-Q4T4-Read", "SEQ1M-Q8T1-Mix70": dmk-fio-export.c),
 * as fio ran it (a backward test runs forward in fio); FALSE for any other name. */
gboolean _dmk_fio_own_name (const char *jobname, DmkTestSpec *spec, DmkDirection *dir,
                            guint *mix);

G_END_DECLS
