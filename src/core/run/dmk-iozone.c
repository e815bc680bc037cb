/* dmk-iozone.c: iozone's automatic mode as plans over the one pipeline: the tests of each
 * operation, and the file size × record size table its -R report lays out, as text and CSV. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-iozone.h"

static const struct
{
  const char *name;
  const char *report; /* iozone's -R heading, as iozone 3.4xx/3.5xx's dump_excel () prints it */
  DmkPattern pattern;
  DmkDirection direction;
  guint pass;   /* 0: the first pass over the data; 1: the second (re-read, re-write) */
  guint column; /* its column in iozone -a's own table after KB and reclen (gengnuplot.sh's $3 +) */
  gboolean psync; /* iozone's pwrite/pread: the job runs on the psync engine, whatever the run's */
} ops[DMK_IOZONE_N_OPS] = {
  [DMK_IOZONE_WRITE] = { "write", "Writer report", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_WRITE, 0,
                         0 },
  [DMK_IOZONE_REWRITE] = { "rewrite", "Re-writer report", DMK_PATTERN_SEQUENTIAL,
                           DMK_DIRECTION_WRITE, 1, 1 },
  [DMK_IOZONE_READ] = { "read", "Reader report", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_READ, 0,
                        2 },
  [DMK_IOZONE_REREAD] = { "reread", "Re-Reader report", DMK_PATTERN_SEQUENTIAL,
                          DMK_DIRECTION_READ, 1, 3 },
  [DMK_IOZONE_RANDOM_READ] = { "random-read", "Random read report", DMK_PATTERN_RANDOM,
                               DMK_DIRECTION_READ, 0, 4 },
  [DMK_IOZONE_RANDOM_WRITE] = { "random-write", "Random write report", DMK_PATTERN_RANDOM,
                                DMK_DIRECTION_WRITE, 0, 5 },
  [DMK_IOZONE_BACKWARD] = { "backward", "Backward read report", DMK_PATTERN_BACKWARD,
                            DMK_DIRECTION_READ, 0, 6 },
  [DMK_IOZONE_STRIDE] = { "stride", "Stride read report", DMK_PATTERN_STRIDED, DMK_DIRECTION_READ,
                          0, 8 },
  /* iozone's rewriterec_perf_test (): the first record, written file size / record times. */
  [DMK_IOZONE_RECORD_REWRITE] = { "record-rewrite", "Record rewrite report", DMK_PATTERN_RECORD,
                                  DMK_DIRECTION_WRITE, 0, 7 },
  /* iozone runs its random mix only in throughput mode (-t): no column, and a heading of ours. */
  [DMK_IOZONE_RANDOM_MIX] = { "random-mix", "Random mix report", DMK_PATTERN_RANDOM,
                              DMK_DIRECTION_MIX, 0, DMK_IOZONE_NO_COLUMN },
  [DMK_IOZONE_PWRITE] = { "pwrite", "Pwrite report", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_WRITE,
                          0, 13, TRUE },
  [DMK_IOZONE_REPWRITE] = { "repwrite", "Re-Pwrite report", DMK_PATTERN_SEQUENTIAL,
                            DMK_DIRECTION_WRITE, 1, 14, TRUE },
  [DMK_IOZONE_PREAD] = { "pread", "Pread report", DMK_PATTERN_SEQUENTIAL, DMK_DIRECTION_READ, 0,
                         15, TRUE },
  [DMK_IOZONE_REPREAD] = { "repread", "Re-Pread report", DMK_PATTERN_SEQUENTIAL,
                           DMK_DIRECTION_READ, 1, 16, TRUE },
};

const char *
dmk_iozone_op_name (DmkIozoneOp op)
{
  g_return_val_if_fail ((guint) op < DMK_IOZONE_N_OPS, NULL);
  return ops[op].name;
}

guint
dmk_iozone_op_column (DmkIozoneOp op)
{
  g_return_val_if_fail ((guint) op < DMK_IOZONE_N_OPS, 0);
  return ops[op].column;
}

const char *
dmk_iozone_op_report (DmkIozoneOp op)
{
  g_return_val_if_fail ((guint) op < DMK_IOZONE_N_OPS, NULL);
  return ops[op].report;
}

gboolean
dmk_iozone_ops_parse (const char *text, guint *mask, GError **error)
{
  g_auto (GStrv) names = g_strsplit (text != NULL ? text : "", ",", -1);
  guint m = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *n = g_strstrip (names[i]);
      guint op;

      if (strcmp (n, "all") == 0)
        {
          m |= DMK_IOZONE_ALL_OPS;
          continue;
        }
      for (op = 0; op < DMK_IOZONE_N_OPS && strcmp (n, ops[op].name) != 0; op++)
        ;
      if (op == DMK_IOZONE_N_OPS)
        {
          g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                       _("Unknown operation “%s”: choose from write, rewrite, read, reread, "
                         "random-read, random-write, backward, stride, record-rewrite, "
                         "random-mix, pwrite, repwrite, pread, repread or all"),
                       n);
          return FALSE;
        }
      m |= 1u << op;
    }
  if (m == 0)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT, _("No operation was chosen"));
      return FALSE;
    }
  *mask = m;
  return TRUE;
}

static DmkTestSpec
op_spec (DmkIozoneOp op, guint32 record)
{
  DmkTestSpec spec = { ops[op].pattern, record, 1, 1, 0 };

  if (ops[op].pattern == DMK_PATTERN_STRIDED)
    spec.stride = DMK_IOZONE_STRIDE_RECORDS;
  return spec;
}

GArray *
dmk_iozone_jobs (guint mask, const guint32 *records, guint n_records)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (DmkJob));

  for (guint r = 0; r < n_records; r++)
    for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
      {
        /* A re-operation is the second pass of its first one's test: one job for both. */
        DmkJob job = { .spec = op_spec (op, records[r]), .direction = ops[op].direction };

        /* iozone's Writer writes a new file for each record size and its Re-writer that file
         * again: the sequential write's first pass writes a new file, its second the same. */
        job.new_file = op == DMK_IOZONE_WRITE || op == DMK_IOZONE_REWRITE ||
                       op == DMK_IOZONE_PWRITE || op == DMK_IOZONE_REPWRITE;
        job.has_engine = ops[op].psync;
        job.engine = ops[op].psync ? DMK_ENGINE_PSYNC : DMK_ENGINE_IO_URING;
        gboolean dup = FALSE;

        if ((mask & (1u << op)) == 0)
          continue;
        for (guint j = 0; j < jobs->len; j++)
          dup |= dmk_test_spec_equal (&g_array_index (jobs, DmkJob, j).spec, &job.spec) &&
                 g_array_index (jobs, DmkJob, j).direction == job.direction &&
                 g_array_index (jobs, DmkJob, j).has_engine == job.has_engine;
        if (!dup)
          g_array_append_val (jobs, job);
      }
  return jobs;
}

DmkIozoneTable *
dmk_iozone_table_new (guint mask, const guint64 *files, guint n_files, const guint32 *records,
                      guint n_records)
{
  DmkIozoneTable *t = g_new0 (DmkIozoneTable, 1);
  gsize n = (gsize) DMK_IOZONE_N_OPS * n_files * n_records;

  t->mask = mask;
  t->n_files = n_files;
  t->n_records = n_records;
  t->files = g_memdup2 (files, sizeof (guint64) * n_files);
  t->records = g_memdup2 (records, sizeof (guint32) * n_records);
  t->mb_per_s = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    t->mb_per_s[i] = NAN;
  return t;
}

void
dmk_iozone_table_free (DmkIozoneTable *table)
{
  if (table == NULL)
    return;
  g_free (table->files);
  g_free (table->records);
  g_free (table->mb_per_s);
  g_free (table);
}

double *
dmk_iozone_table_cell (DmkIozoneTable *table, DmkIozoneOp op, guint file, guint record)
{
  g_return_val_if_fail (op < DMK_IOZONE_N_OPS && file < table->n_files &&
                          record < table->n_records, NULL);
  return &table->mb_per_s[((gsize) op * table->n_files + file) * table->n_records + record];
}

gboolean
dmk_iozone_table_fill_test (DmkIozoneTable *table, guint file, const DmkTestResult *test)
{
  gboolean filled = FALSE;

  g_return_val_if_fail (table != NULL && test != NULL && file < table->n_files, FALSE);
  for (guint op = 0; op < DMK_IOZONE_N_OPS; op++)
    for (guint r = 0; r < table->n_records && (table->mask & (1u << op)) != 0; r++)
      {
        DmkTestSpec spec = op_spec (op, table->records[r]);

        /* A pwrite or pread test is the one that ran on the psync engine by its job's own
         * choice, which the runner names (the others run on the run's engine). */
        gboolean psync = test->engine != NULL && strcmp (test->engine, "psync") == 0;

        if (test->direction != ops[op].direction || !dmk_test_spec_equal (&test->spec, &spec) ||
            psync != ops[op].psync || test->passes == NULL || test->passes->len <= ops[op].pass)
          continue;
        *dmk_iozone_table_cell (table, op, file, r) =
          g_array_index (test->passes, DmkPass, ops[op].pass).mb_per_s;
        filled = TRUE;
      }
  return filled;
}

void
dmk_iozone_table_fill (DmkIozoneTable *table, guint file, DmkResult *result)
{
  /* Backwards: where a run holds a test twice, the first one's numbers are the ones kept. */
  for (guint i = result->tests->len; i-- > 0;)
    dmk_iozone_table_fill_test (table, file, g_ptr_array_index (result->tests, i));
}
