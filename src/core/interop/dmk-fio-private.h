/* dmk-fio-private.h: what the fio job reader's files share (interop/ only): the parser, one
 * section's options, and the option table. */
#pragma once

#include "dmk-fio.h"

G_BEGIN_DECLS

/* A job file larger than this is not a description of a few tests. */
#define DMK_FIO_JOB_FILE_MAX (1 << 20)
#define DMK_FIO_JOB_SECTIONS_MAX 256

typedef struct
{
  const char *name; /* the file's name, for messages */
  guint line;
  DmkFioJob *job;
  GError **error;
  GPtrArray *ignored; /* the options that change no I/O, each once, in the file's order */
} Parser;

/* What one section (or [global]) says; unset fields are -1 or NULL. */
typedef struct
{
  char *name;
  guint line;
  int pattern;   /* DmkPattern */
  int direction; /* DmkDirection */
  gint64 gap;    /* rw=read:GAP, in bytes; -1 when none */
  gint64 bs, iodepth, numjobs, rwmixread, size, offset_increment;
  gint64 runtime, ramp, loops, direct, engine, data, stonewall; /* runtime, ramp: as written */
  gboolean time_based;
  char *filename, *directory;
  guint rw_line, size_line, runtime_line, ramp_line, loops_line, mix_line;
  guint direct_line, engine_line, data_line, target_line;
} Section;

void _dmk_fio_section_init (Section *s, const char *name, guint line);
void _dmk_fio_section_clear (Section *s);
/* Fails the parse with "file:line: what"; always FALSE. */
gboolean _dmk_fio_fail (Parser *p, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* One key=value (v NULL for a bare flag) of section s, checked against the subset. */
gboolean _dmk_fio_set_option (Parser *p, Section *s, const char *key, const char *v);
gboolean _dmk_fio_is_block_device (const char *path);

G_END_DECLS
