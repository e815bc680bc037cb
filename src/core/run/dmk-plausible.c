/* dmk-plausible.c: numbers that cannot be true, found from what sysfs says about the hardware.
 *
 * The links and what each carries are the chain's (dmk-chain.h: USB 2.0 53 MB/s of bulk
 * transfers, USB 3.0 500 MB/s, SATA 150/300/600 MB/s, PCIe by generation and lanes); the
 * slowest link on the way from the disk up to the root counts, the same one the verdict names. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "dmk-file.h"
#include "dmk-chain.h"
#include "dmk-plausible.h"
#include "dmk-series.h"
#include "dmk-spread.h"

/* A result more than this above a limit is refused as impossible (measurement and rounding
 * stay far below it). */
#define MARGIN 1.05
/* Random reads one at a time on a rotating disk: a 15,000 rpm drive seeks and turns in about
 * 5 ms (200 IOPS); more than twice that is a cache. */
#define ROTATIONAL_IOPS_MAX 400.0

void
dmk_link_clear (DmkLink *link)
{
  g_clear_pointer (&link->what, g_free);
  link->bytes_per_s = 0;
}

/* The chain's slowest link (dmk-chain.h): one reading of sysfs, one ceiling per link, the same
 * the verdict names ("USB 2.0 (480 Mb/s)" carries 53 MB/s of bulk transfers, not 60). */
gboolean
dmk_link_find (const char *root, const char *disk, DmkLink *link)
{
  g_autoptr (DmkChain) chain = NULL;
  const DmkChainLink *slowest;

  memset (link, 0, sizeof *link);
  if (root == NULL || disk == NULL)
    return FALSE;
  chain = dmk_chain_find (root, disk);
  slowest = dmk_chain_slowest (chain);
  if (slowest == NULL)
    return FALSE;
  link->bytes_per_s = slowest->bytes_per_s;
  link->what = g_strdup (slowest->what);
  return TRUE;
}

static void
add_once (DmkResult *result, char *warning)
{
  for (guint i = 0; i < result->warnings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (result->warnings, i), warning) == 0)
      {
        g_free (warning);
        return;
      }
  g_ptr_array_add (result->warnings, warning);
}

/* A best pass out of a wide scatter is luck as much as the drive: the warning says how wide
 * (NULL: the passes agree). */
static char *
spread_warning (const DmkTestResult *test, DmkSpread *spread)
{
  g_autofree char *name = NULL;

  if (!dmk_test_result_spread (test, spread) || spread->n < 2 ||
      spread->rsd_percent < DMK_SPREAD_WARN_RSD)
    return NULL;
  name = dmk_test_spec_to_name (&test->spec);
  /* TRANSLATORS: "SEQ1M Q8T1 Read: the passes scatter by 7.3% (relative standard deviation;
   * 310.2 to 498.0 MB/s): this score is not one to repeat; run more passes or find what else
   * uses the drive." */
  return g_strdup_printf (_("%s %s: the passes scatter by %.1f%% (relative standard "
                            "deviation; %.1f to %.1f MB/s): this score is not one to repeat; "
                            "run more passes or find what else uses the drive."),
                          name, dmk_direction_report_label (test->direction),
                          spread->rsd_percent, spread->min, spread->max);
}

static void
check_spread (DmkResult *result, const DmkTestResult *test)
{
  DmkSpread spread;
  char *warning = spread_warning (test, &spread);

  if (warning != NULL)
    add_once (result, warning);
}

typedef struct
{
  const DmkTestResult *test;
  double rsd_percent;
} Scatter;

static int
by_scatter_down (gconstpointer a, gconstpointer b)
{
  const Scatter *x = a, *y = b;

  return (x->rsd_percent < y->rsd_percent) - (x->rsd_percent > y->rsd_percent);
}

/* test's scatter warning among result's: the one written again in this language, or one saved
 * in another that names the test and carries its scatter, lowest and highest pass. */
static const char *
find_spread_warning (const DmkResult *result, const DmkTestResult *test, DmkSpread *spread)
{
  g_autofree char *again = spread_warning (test, spread);

  if (again == NULL)
    return NULL;
  for (guint w = 0; w < result->warnings->len; w++)
    {
      const char *warning = g_ptr_array_index (result->warnings, w);
      g_autofree char *name = NULL, *named = NULL;
      DmkTestSpec spec;
      DmkDirection direction;

      if (strcmp (warning, again) == 0)
        return warning;
      if (!dmk_warning_names_test (warning, &spec, &direction) || direction != test->direction)
        continue;
      name = dmk_test_spec_to_name (&test->spec);
      named = dmk_test_spec_to_name (&spec);
      if (strcmp (name, named) == 0 && dmk_spread_warning_carries (warning, spread))
        return warning;
    }
  return NULL;
}

/* The scatter warnings of result's tests (their texts into scatter_texts), the worst first. */
static GArray *
find_scatter (const DmkResult *result, GHashTable *scatter_texts)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (Scatter));

  for (guint i = 0; i < result->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (result->tests, i);
      DmkSpread spread;
      const char *warning = find_spread_warning (result, t, &spread);

      if (warning != NULL)
        {
          Scatter sc = { t, spread.rsd_percent };

          g_array_append_val (found, sc);
          g_hash_table_add (scatter_texts, (gpointer) warning);
        }
    }
  g_array_sort (found, by_scatter_down);
  return found;
}

GPtrArray *
dmk_result_notes (const DmkResult *result)
{
  GPtrArray *notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) scatter_texts = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) scatter = find_scatter (result, scatter_texts);
  g_autoptr (GString) tests = g_string_new (NULL);

  for (guint w = 0; w < result->warnings->len; w++)
    {
      const char *text = g_ptr_array_index (result->warnings, w);

      if (scatter->len < 2 || !g_hash_table_contains (scatter_texts, text))
        g_ptr_array_add (notes, g_strdup (text));
    }
  if (scatter->len < 2)
    return notes;
  for (guint i = 0; i < scatter->len; i++)
    {
      const Scatter *sc = &g_array_index (scatter, Scatter, i);
      g_autofree char *name = dmk_test_spec_to_name (&sc->test->spec);

      /* TRANSLATORS: one test in the list of those whose passes scatter: "SEQ1M Q8T1 Read
       * 13.1%" */
      g_string_append_printf (tests, _("%s%s %s %.1f%%"), i > 0 ? _(", ") : "", name,
                              dmk_direction_report_label (sc->test->direction),
                              sc->rsd_percent);
    }
  /* TRANSLATORS: the scatter warnings of several tests as one note, the worst first: "6 tests:
   * the passes scatter by up to 13.1% (relative standard deviation; SEQ1M Q8T1 Read 13.1%,
   * RND4K Q1T1 Write 6.0%, …): these scores are not ones to repeat; run more passes or find
   * what else uses the drive." */
  g_ptr_array_add (notes,
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%u test: the passes scatter by up to %.1f%% "
                                                 "(relative standard deviation; %s): this score "
                                                 "is not one to repeat; run more passes or find "
                                                 "what else uses the drive.",
                                                 "%u tests: the passes scatter by up to %.1f%% "
                                                 "(relative standard deviation; %s): these "
                                                 "scores are not ones to repeat; run more passes "
                                                 "or find what else uses the drive.",
                                                 scatter->len),
                                    scatter->len,
                                    g_array_index (scatter, Scatter, 0).rsd_percent, tests->str));
  return notes;
}

/* A re-read this much faster than the first pass over the same data was answered by a cache: the
 * page cache with buffered I/O, else the drive's or the host's. A re-write is not judged so: a
 * first write that made a new file allocated its blocks (iozone's Writer against its Re-writer),
 * and a cache that takes writes takes the first pass's as well. */
#define REREAD_CACHED_RATIO 1.5

static void
check_reread (DmkResult *result, const DmkTestResult *test, const char *name, const char *dir)
{
  const DmkPass *first, *second;

  if (!result->settings.reread || test->direction != DMK_DIRECTION_READ || test->passes == NULL ||
      test->passes->len < 2)
    return;
  first = &g_array_index (test->passes, DmkPass, 0);
  second = &g_array_index (test->passes, DmkPass, 1);
  if (first->mb_per_s <= 0 || second->mb_per_s < first->mb_per_s * REREAD_CACHED_RATIO)
    return;
  /* TRANSLATORS: "SEQ1M Q1T1 Read: the second pass over the same data ran at 2650.3 MB/s, 26.5 ×
   * the first (100.0 MB/s): a cache answered it (…)" */
  add_once (result,
            g_strdup_printf (_("%s %s: the second pass over the same data ran at %.1f MB/s, %.1f × "
                               "the first (%.1f MB/s): a cache answered it (%s), not the drive."),
                             name, dir, second->mb_per_s, second->mb_per_s / first->mb_per_s,
                             first->mb_per_s,
                             result->settings.direct ? _("the drive’s or the host’s")
                                                     : _("the page cache: buffered I/O")));
}

void
dmk_plausibility_check_test (DmkResult *result, const DmkTestResult *test, const DmkLink *link)
{
  g_autofree char *name = dmk_test_spec_to_name (&test->spec);
  const char *dir = dmk_direction_report_label (test->direction);

  if (link != NULL && link->bytes_per_s > 0 &&
      test->mb_per_s * 1e6 > (double) link->bytes_per_s * MARGIN)
    /* TRANSLATORS: "SEQ1M Q8T1 Read: 3200.0 MB/s is more than the USB 3.0 (5 Gb/s) link can
     * carry (500 MB/s): a cache answered, not the drive." */
    add_once (result,
              g_strdup_printf (_("%s %s: %.1f MB/s is more than the %s link can carry (%.0f MB/s): "
                                 "a cache answered, not the drive."),
                               name, dir, test->mb_per_s, link->what,
                               (double) link->bytes_per_s / 1e6));
  if (result->target.rotational && test->spec.pattern == DMK_PATTERN_RANDOM &&
      test->spec.block_size <= 16384 && test->spec.queue_depth * test->spec.threads == 1 &&
      test->direction == DMK_DIRECTION_READ && test->iops > ROTATIONAL_IOPS_MAX)
    add_once (result,
              g_strdup_printf (_("%s %s: %.0f IOPS one at a time is more than a rotating disk "
                                 "can seek (a few hundred), and this disk says it rotates: a "
                                 "cache answered, or the disk is not what it says (virtual "
                                 "disks often claim to rotate)."),
                               name, dir, test->iops));
  check_spread (result, test);
  check_reread (result, test, name, dir);
}

void
dmk_plausibility_check_run (DmkResult *result, const char *disk, guint64 ram_bytes)
{
  if (!result->settings.direct && ram_bytes > 0 && result->settings.size_bytes < ram_bytes)
    {
      g_autofree char *size = dmk_format_size (result->settings.size_bytes);
      g_autofree char *ram = dmk_format_size (ram_bytes);
      add_once (result,
                g_strdup_printf (_("Buffered I/O on a test size of %s, less than this machine’s "
                                   "%s of memory: the page cache can hold all of it, so these "
                                   "numbers can be memory speed."),
                                 size, ram));
    }
  if (disk != NULL && g_str_has_prefix (disk, "dm-"))
    add_once (result,
              g_strdup_printf (_("The target is on device-mapper (%s: LVM, dm-crypt or the "
                                 "like): its queues, and for dm-crypt the encryption, are part "
                                 "of these numbers."),
                               disk));
}

guint64
dmk_sysinfo_ram_bytes (void)
{
  g_autofree char *text = NULL;
  const char *at;

  if (!g_file_get_contents ("/proc/meminfo", &text, NULL, NULL))
    return 0;
  at = strstr (text, "MemTotal:");
  if (at == NULL)
    return 0;
  return g_ascii_strtoull (at + strlen ("MemTotal:"), NULL, 10) * 1024;
}

/* hwmonN/temp1_input in dir/hwmon/ (drivetemp, newer NVMe) or dir itself (older NVMe). */
static char *
sensor_in (const char *dir)
{
  const char *const places[] = { "hwmon", "" };

  for (guint p = 0; p < G_N_ELEMENTS (places); p++)
    {
      g_autofree char *base = g_build_filename (dir, places[p], NULL);
      g_autoptr (GDir) d = g_dir_open (base, 0, NULL);
      const char *name;

      while (d != NULL && (name = g_dir_read_name (d)) != NULL)
        if (g_str_has_prefix (name, "hwmon") && g_ascii_isdigit (name[5]))
          {
            char *input = g_build_filename (base, name, "temp1_input", NULL);
            if (g_file_test (input, G_FILE_TEST_IS_REGULAR))
              return input;
            g_free (input);
          }
    }
  return NULL;
}

char *
dmk_temperature_sensor (const char *root, const char *disk)
{
  g_autofree char *device = NULL;
  char *found;

  if (root == NULL || disk == NULL || strchr (disk, '/') != NULL)
    return NULL;
  /* The disk's device (a SCSI disk for drivetemp, the NVMe controller), then its parent. */
  device = g_build_filename (root, "block", disk, "device", NULL);
  found = sensor_in (device);
  if (found == NULL)
    {
      g_autofree char *parent = g_build_filename (device, "device", NULL);
      found = sensor_in (parent);
    }
  return found;
}

gboolean
dmk_temperature_read (const char *sensor, double *celsius)
{
  g_autofree char *text = NULL;
  char *end = NULL;
  gint64 milli;

  if (sensor == NULL || !g_file_get_contents (sensor, &text, NULL, NULL))
    return FALSE;
  milli = g_ascii_strtoll (text, &end, 10);
  if (end == text || milli < DMK_CELSIUS_MIN * 1000 || milli > DMK_CELSIUS_MAX * 1000)
    return FALSE;
  *celsius = (double) milli / 1000.0;
  return TRUE;
}

gboolean
dmk_temperature_warning (const char *sensor, double *celsius)
{
  g_autofree char *dir = NULL, *max = NULL;

  if (sensor == NULL || !g_str_has_suffix (sensor, "temp1_input"))
    return FALSE;
  dir = g_path_get_dirname (sensor);
  max = g_build_filename (dir, "temp1_max", NULL);
  /* A threshold of 0 °C or below is "not set", not a limit. */
  return dmk_temperature_read (max, celsius) && *celsius > 0;
}
