/* dmk-spec.h: test specs ("SEQ1M Q8T1"), built-in profiles and run settings with their ranges. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DMK_PATTERN_SEQUENTIAL,
  DMK_PATTERN_RANDOM,
  DMK_PATTERN_BACKWARD, /* iozone's read backwards: offsets descending ("BWD1M Q1T1") */
  DMK_PATTERN_STRIDED,  /* iozone's -j: every stride-th record ("STR4K Q1T1 S17") */
  DMK_PATTERN_RECORD,   /* iozone's record rewrite (-i 4): one record again and again, each
                         * thread its slice's first ("REC4K Q1T1") */
} DmkPattern;

typedef enum
{
  DMK_DIRECTION_READ,
  DMK_DIRECTION_WRITE,
  DMK_DIRECTION_MIX,
} DmkDirection;

typedef enum
{
  DMK_MODE_READ_WRITE,
  DMK_MODE_READ,
  DMK_MODE_WRITE,
} DmkMode;

typedef enum
{
  DMK_DATA_RANDOM,
  DMK_DATA_ZERO,
} DmkData;

/* Which pass is a test's score: the best (CrystalDiskMark's), or the median. */
typedef enum
{
  DMK_SCORE_BEST,
  DMK_SCORE_MEDIAN,
} DmkScore;

typedef enum
{
  DMK_ENGINE_LIBAIO,
  DMK_ENGINE_PSYNC,
  DMK_ENGINE_IO_URING,
} DmkEngineKind;

/* Limits of a custom test spec. */
#define DMK_SPEC_MIN_BLOCK 512u
#define DMK_SPEC_MAX_BLOCK (64u * 1024 * 1024)
#define DMK_SPEC_MAX_QD 512u
#define DMK_SPEC_MAX_THREADS 64u
#define DMK_SPEC_MAX_STRIDE 65536u

typedef struct
{
  DmkPattern pattern;
  guint32 block_size; /* bytes */
  guint queue_depth;
  guint threads;
  guint stride; /* DMK_PATTERN_STRIDED: in records, 2 or more; else 0 */
} DmkTestSpec;

/* Settings ranges, as in CrystalDiskMark. */
#define DMK_PASSES_MIN 1u
#define DMK_PASSES_MAX 9u
#define DMK_SIZE_MIN ((guint64) 16 << 20)
#define DMK_SIZE_MAX ((guint64) 64 << 30)
#define DMK_MEASURE_MIN 1u
#define DMK_MEASURE_MAX 60u
#define DMK_INTERVAL_MAX 600u
#define DMK_WARMUP_MAX 60
#define DMK_WARMUP_AS_MEASURE (-1)
#define DMK_MIX_MIN 1u
#define DMK_MIX_MAX 99u
/* The read share of a mixed test unless one is given: CrystalDiskMark's 70 %. */
#define DMK_MIX_DEFAULT 70u
/* Every I/O buffer is aligned to a page at least, and a device's I/O to 4 KiB at least, whatever
 * smaller alignment the kernel states: what every drive and filesystem takes for O_DIRECT. */
#define DMK_ALIGN_FLOOR 4096u

typedef struct
{
  char *profile;          /* profile name, or "custom" */
  DmkMode mode;
  guint passes;
  guint64 size_bytes;
  guint measure_s;
  int warmup_s;           /* the discarded warm-up pass; DMK_WARMUP_AS_MEASURE: as a pass */
  guint interval_s;
  DmkData data;
  DmkEngineKind engine;
  /* The engine was named (--engine, a fio job, the preference changed): every test runs on it.
   * Otherwise a test may run on libaio where io_uring is slower (dmk_engine_for_test). */
  gboolean engine_asked;
  gboolean direct;
  gboolean poll;          /* io_uring polled I/O (IORING_SETUP_IOPOLL), where the device has it */
  guint mix_read_percent; /* 0 = no mix test */
  gboolean allow_write_device;
  /* With allow_write_device: a loop device whose file is on FUSE or overlayfs may be written too
   * (those hide whether the data is in use elsewhere; the user says they know: a fake disk). */
  gboolean allow_stacked_loop;
  /* Every block written carries its offset and the run's stamp; reads check them (--verify). */
  gboolean verify;
  gboolean until_stable;  /* add passes while their RSD is 2.5% or more, up to 3× passes */
  DmkScore score;
  /* iozone's re-read and re-write: each test is two passes, each over its whole region once, the
   * second over the same data as the first; no warm-up (--reread). */
  gboolean reread;
} DmkSettings;

char *dmk_test_spec_to_name (const DmkTestSpec *spec);
gboolean dmk_test_spec_parse (const char *text, DmkTestSpec *out, GError **error);
gboolean dmk_test_spec_validate (const DmkTestSpec *spec, GError **error);
char *dmk_format_block_size (guint32 block_size); /* "1M", "512K", "4K" */
/* The name's first three letters: "SEQ", "RND", "BWD", "STR". */
const char *dmk_pattern_prefix (DmkPattern pattern);
gboolean dmk_test_spec_equal (const DmkTestSpec *a, const DmkTestSpec *b);
/* Seconds of the warm-up pass each test starts with (0: none). */
guint dmk_settings_warmup_s (const DmkSettings *settings);

/* The id a result keeps for tests picked one by one; it is not a profile to look up. */
#define DMK_PROFILE_CUSTOM "custom"

typedef struct
{
  const char *id;       /* "classic": settings, JSON, --profile, the schema's choices */
  const char *tests[5]; /* spec names, NULL-terminated */
  const char *name;     /* English, N_() marked: "Classic (CrystalDiskMark 3)" */
  const char *short_name; /* English, N_() marked, for tight places: "Classic" */
  guint measure_s;        /* a profile's own timing (the Flash profile's 1 s); 0: the user's */
  guint interval_s;       /* the same for the rest between tests; 0: the user's */
} DmkProfile;

/* The built-in profiles in menu order, ending with an entry whose id is NULL. */
const DmkProfile *dmk_profiles (void);
/* The built-in profile id, or NULL. */
const DmkProfile *dmk_profile_find (const char *id);
/* The ids of dmk_profiles(), NULL-terminated. */
const char *const *dmk_profile_names (void);
/* "classic, default, nvme, …": the ids for a help text or an error message. */
char *dmk_profile_list (void);
gboolean dmk_profile_lookup (const char *name, GArray **specs_out, GError **error);
/* The profile's name for people, translated: "Classic (CrystalDiskMark 3)", "NVMe SSD", "Custom";
 * an unknown id as it is. */
const char *dmk_profile_display_name (const char *id);
/* The same, short, for tight places: "Classic", "NVMe SSD", "Custom". */
const char *dmk_profile_short_name (const char *id);
/* The display name in English, for the text report. */
const char *dmk_profile_report_name (const char *id);

/* Sets the measure time and interval of settings' profile where it has its own (the Flash
 * profile: 1 s and 30 s, CrystalDiskMark 9's), leaving them where it has none. */
void dmk_settings_apply_profile_timing (DmkSettings *settings);
void dmk_settings_init_default (DmkSettings *settings);
void dmk_settings_clear (DmkSettings *settings);
void dmk_settings_copy (DmkSettings *dest, const DmkSettings *src);
gboolean dmk_settings_validate (const DmkSettings *settings, GError **error);

const char *dmk_mode_to_string (DmkMode mode);
gboolean dmk_mode_from_string (const char *s, DmkMode *out);
const char *dmk_data_to_string (DmkData data);
gboolean dmk_data_from_string (const char *s, DmkData *out);
const char *dmk_score_to_string (DmkScore score); /* "best", "median" */
gboolean dmk_score_from_string (const char *s, DmkScore *out);
const char *dmk_engine_kind_to_string (DmkEngineKind kind);
gboolean dmk_engine_kind_from_string (const char *s, DmkEngineKind *out);
const char *dmk_direction_to_string (DmkDirection dir);
/* "Read", "Write", "Mix", translated, for people. */
const char *dmk_direction_label (DmkDirection dir);
/* "Read", "Write", "Mix" in English, for the C-locale report and comparison text. */
const char *dmk_direction_report_label (DmkDirection dir);
/* "read", "write", "mixed", translated, inside a sentence. */
const char *dmk_direction_lower_label (DmkDirection dir);
gboolean dmk_direction_from_string (const char *s, DmkDirection *out);
/* A test's read share where dir is a mix (settings' share, else GDiskMark's default), else 0:
 * 30 % and 70 % reads are two tests, and every name of a mix says which (one rule for all). */
guint dmk_settings_mix_share (const DmkSettings *settings, DmkDirection dir);
/* "Mix R70%" (English, as dmk_direction_report_label ()); the bare label where share is 0. */
char *dmk_direction_share_label (DmkDirection dir, guint share);
/* "Mix R70%" translated, for people (as dmk_direction_label ()); owned by GLib (interned). */
const char *dmk_direction_share_ui_label (DmkDirection dir, guint share);
/* "mix R70%" (as dmk_direction_to_string (), for CSV); the bare word where share is 0. */
char *dmk_direction_share_string (DmkDirection dir, guint share);
/* Reads what dmk_direction_share_string () writes; *share is 0 for a bare direction. */
gboolean dmk_direction_share_from_string (const char *s, DmkDirection *dir, guint *share);
/* "RND4K Q1T1 Read", "RND4K Q1T1 Mix R70%": a test's name in reports, the comparison and the
 * history. */
char *dmk_test_full_name (const DmkTestSpec *spec, DmkDirection dir, guint share);
const char *dmk_pattern_to_string (DmkPattern pattern);
gboolean dmk_pattern_from_string (const char *s, DmkPattern *out);

gboolean dmk_parse_size (const char *text, guint64 *out, GError **error);
char *dmk_format_size (guint64 bytes); /* "1 GiB", "512 MiB" */

G_END_DECLS
