/* dmk-units.h: the units results are shown in, their names, and the one precision rule. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DMK_UNIT_MB_S,
  DMK_UNIT_GB_S,
  DMK_UNIT_IOPS,
  DMK_UNIT_US,
} DmkUnit;

#define DMK_N_UNITS 4

/* Decimals of a percentage change against a baseline, wherever a comparison prints one. */
#define DMK_DELTA_DECIMALS 1

/* Names in files and on the command line, never translated: "MB/s", "GB/s", "IOPS", "us". */
const char *dmk_unit_to_string (DmkUnit unit);
/* Also takes "mbps", "gbps", "µs", "usec", in any case. */
gboolean dmk_unit_from_string (const char *s, DmkUnit *out);
/* The GSettings nick: "mb-s", "gb-s", "iops", "us". */
const char *dmk_unit_nick (DmkUnit unit);
/* DMK_UNIT_MB_S for an unknown nick, so an old or edited setting still shows something. */
DmkUnit dmk_unit_from_nick (const char *s);
/* "MB/s", "µs" …, translated, for people. */
const char *dmk_unit_label (DmkUnit unit);
/* "megabytes per second" …, translated, for a screen reader. */
const char *dmk_unit_spoken (DmkUnit unit);

/* Latency is better low; everything else high. */
gboolean dmk_unit_higher_is_better (DmkUnit unit);
/* The value shown in unit, from a throughput, its IOPS and mean latency (also for a pass that is
 * still running, which has no DmkTestResult yet). */
double dmk_unit_value (DmkUnit unit, double mb_per_s, double iops, double latency_us);

/* Binary sizes, once: a GiB as a byte count and as a divisor. */
#define DMK_MIB ((guint64) 1 << 20)
#define DMK_GIB ((guint64) 1 << 30)
#define DMK_GIB_D 1073741824.0

/* A number in the C locale (a point before the decimals, whatever the user's locale), for every
 * file and report that a program or a spreadsheet reads: "1595.080". Not finite: "0". */
char *dmk_format_number (double value, guint decimals);
void dmk_append_number (GString *s, double value, guint decimals);

/* The precision of unit wherever a value is shown or compared: cells, comparison text and CSV. */
guint dmk_unit_decimals (DmkUnit unit);
/* value with dmk_unit_decimals() in the user's locale, for the screen: "1234.57". */
char *dmk_unit_format (DmkUnit unit, double value);
/* The same digits in the C locale, for text and CSV files: "1234.57". */
char *dmk_format_value (double value, DmkUnit unit);
/* The decimals value needs to show digits significant digits, at least min_decimals (a slow
 * 0.3338 MB/s keeps its four digits where two decimals made it 0.33, 1.15 % off). */
guint dmk_decimals_for_digits (double value, guint min_decimals, guint digits);
/* As dmk_format_value, with at least digits significant digits. */
char *dmk_format_value_digits (double value, DmkUnit unit, guint digits);
/* CrystalDiskMark's text report has its own, finer precision (MB/s to three decimals, IOPS to
 * one); the report and the single-result CSV use it. C locale. */
char *dmk_format_report_value (double value, DmkUnit unit);
/* A percentage change in the C locale with DMK_DELTA_DECIMALS: "+300.0", "-12.5"; without the
 * plus sign when plus_sign is FALSE, for CSV, where a bare number is what spreadsheets read. */
char *dmk_format_delta (double percent, gboolean plus_sign);

/* A meter's fill, 0–1: log10(MB/s × 10) / 6, or 1 − log10(µs) / 6 for latency. */
double dmk_unit_fill (DmkUnit unit, double mb_per_s, double latency_us);

G_END_DECLS
