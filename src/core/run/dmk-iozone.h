/* dmk-iozone.h: iozone's automatic mode (-a) over the one pipeline: file sizes × record sizes for
 * the chosen operations, each a --reread run, and the table iozone's -R report lays out. */
#pragma once

#include <glib.h>

#include "dmk-result.h"
#include "dmk-runner.h"

G_BEGIN_DECLS

typedef enum
{
  DMK_IOZONE_WRITE,
  DMK_IOZONE_REWRITE,
  DMK_IOZONE_READ,
  DMK_IOZONE_REREAD,
  DMK_IOZONE_RANDOM_READ,
  DMK_IOZONE_RANDOM_WRITE,
  DMK_IOZONE_BACKWARD,
  DMK_IOZONE_STRIDE,
  DMK_IOZONE_RECORD_REWRITE, /* -i 4: one record written again and again, the file's size */
  DMK_IOZONE_RANDOM_MIX,     /* -i 8: random reads and writes, half each (iozone: -t only) */
  DMK_IOZONE_PWRITE,         /* -i 9: the write through pwrite (2), the psync engine */
  DMK_IOZONE_REPWRITE,
  DMK_IOZONE_PREAD,          /* -i 10: the read through pread (2), the psync engine */
  DMK_IOZONE_REPREAD,
  DMK_IOZONE_N_OPS,
} DmkIozoneOp;

/* iozone's -j default: a stride read reads one record in 17. */
#define DMK_IOZONE_STRIDE_RECORDS 17u
#define DMK_IOZONE_ALL_OPS ((1u << DMK_IOZONE_N_OPS) - 1)

/* "write", "rewrite", "read", "reread", "random-read", "random-write", "backward", "stride",
 * "record-rewrite", "random-mix", "pwrite", "repwrite", "pread", "repread". */
const char *dmk_iozone_op_name (DmkIozoneOp op);
/* iozone's -R heading, English: "Writer report", "Re-Reader report", … */
const char *dmk_iozone_op_report (DmkIozoneOp op);
/* Its column in iozone -a's own table, counting from 0 after KB and reclen: write 0, rewrite 1,
 * read 2, reread 3, random read 4, random write 5, backward 6, record rewrite 7, stride 8
 * (9 to 12 are its fwrite and fread, which GDiskMark does not run), pwrite 13, repwrite 14, pread
 * 15, repread 16; DMK_IOZONE_NO_COLUMN for the random mix, which iozone -a does not run. */
#define DMK_IOZONE_NO_COLUMN G_MAXUINT
guint dmk_iozone_op_column (DmkIozoneOp op);
/* Read and write shares of the random mix, as iozone's threads split by default. */
#define DMK_IOZONE_MIX_READ_PERCENT 50u
/* "write,read,stride" or "all": a mask of 1 << DmkIozoneOp. */
gboolean dmk_iozone_ops_parse (const char *text, guint *mask, GError **error);

/* The jobs of one run of one file size: each record size's tests for the operations in mask, in
 * iozone's order (writes first, so the reads find written data). */
GArray *dmk_iozone_jobs (guint mask, const guint32 *records, guint n_records);

typedef struct
{
  guint mask;
  guint n_files, n_records;
  guint64 *files;    /* bytes, ascending */
  guint32 *records;  /* bytes, ascending */
  double *mb_per_s;  /* [op][file][record]; NAN where not measured (record > file) */
} DmkIozoneTable;

DmkIozoneTable *dmk_iozone_table_new (guint mask, const guint64 *files, guint n_files,
                                      const guint32 *records, guint n_records);
void dmk_iozone_table_free (DmkIozoneTable *table);
double *dmk_iozone_table_cell (DmkIozoneTable *table, DmkIozoneOp op, guint file, guint record);
/* Fills file's row from a --reread run of dmk_iozone_jobs (): first passes and, for the re-
 * operations, second passes. */
void dmk_iozone_table_fill (DmkIozoneTable *table, guint file, DmkResult *result);
/* The same for one test as it ends (a run's DMK_PHASE_TEST_DONE): the cells of every operation
 * it measures; FALSE when it measures none of the table's. */
gboolean dmk_iozone_table_fill_test (DmkIozoneTable *table, guint file,
                                     const DmkTestResult *test);
/* GDiskMark's own text: one table per operation, rows file size (KiB), columns record size (KiB),
 * MB/s with a decimal; it says it is not iozone's output. */
char *dmk_iozone_table_to_text (DmkIozoneTable *table);
/* What iozone -a -R prints on standard output, for the parsers of it: iozone's own table (KB,
 * reclen and a column per operation, in KB/s with KB = 1024 bytes, integers) and, after its
 * "Excel output is below:" marker, a report per operation under iozone's heading, the record
 * sizes in KB quoted across and the file sizes in KB quoted down. */
char *dmk_iozone_table_to_iozone (DmkIozoneTable *table);
/* The table as JSON: each operation's cells with file and record size in bytes and MB/s. */
char *dmk_iozone_table_to_json (DmkIozoneTable *table);
/* operation,file_bytes,record_bytes,mb_per_s: one line a cell. */
char *dmk_iozone_table_to_csv (DmkIozoneTable *table);

/* The workbook iozone's -R -b makes: one sheet per operation (its heading, record sizes across,
 * file sizes down, MB/s), each with a chart of MB/s by record size, a line per file size. FALSE
 * with DMK_ERROR_INVALID_ARGUMENT in a build without libxlsxwriter. */
gboolean dmk_iozone_table_save_xlsx (DmkIozoneTable *table, const char *path, GError **error);
/* The same tables as an OpenDocument spreadsheet (.ods), one table per operation, without the
 * charts; every build has it. */
gboolean dmk_iozone_table_save_ods (DmkIozoneTable *table, const char *path, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DmkIozoneTable, dmk_iozone_table_free)

G_END_DECLS
