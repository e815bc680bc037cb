/* dmk-rated.c: the drive's rated speed and each result's share of it, in words, in the JSON and
 * in the text report. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-rated.h"
#include "dmk-units.h"

gboolean
dmk_rated_known (const DmkRated *rated)
{
  return rated != NULL && (rated->read_mb_per_s > 0 || rated->write_mb_per_s > 0);
}

double
dmk_rated_of (const DmkRated *rated, DmkDirection direction)
{
  if (rated == NULL)
    return 0;
  if (direction == DMK_DIRECTION_READ)
    return rated->read_mb_per_s;
  if (direction == DMK_DIRECTION_WRITE)
    return rated->write_mb_per_s;
  return 0;
}

/* One side of "3500,3000": empty or 0 is none; else a decimal number of MB/s in range. */
static gboolean
parse_side (const char *text, const char *what, double *out, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text));
  char *end = NULL;
  double v;

  *out = 0;
  if (*t == '\0')
    return TRUE;
  v = g_ascii_strtod (t, &end);
  if (end == t || *end != '\0' || !isfinite (v) || v < 0 || v > DMK_RATED_MAX_MB_S)
    {
      /* TRANSLATORS: "“fast” is not a rated read speed: give MB/s (1 MB/s = 1,000,000 bytes/s)
       * from 1 to 1000000, as the box says" */
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a rated %s speed: give MB/s (1 MB/s = 1,000,000 bytes/s) from "
                     "1 to 1000000, as the box says"),
                   t, what);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

gboolean
dmk_rated_parse (const char *text, DmkRated *out, GError **error)
{
  g_auto (GStrv) sides = NULL;
  g_autofree char *bare = NULL;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  bare = g_strstrip (g_strdup (text));
  if (g_ascii_strcasecmp (bare, "none") == 0)
    return TRUE;
  sides = g_strsplit (bare, ",", -1);
  if (g_strv_length (sides) != 2)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a rating: give READ,WRITE in MB/s as the box says "
                     "(“3500,3000”; “3500,” for reads only), or “none” to forget it"),
                   bare);
      return FALSE;
    }
  /* TRANSLATORS: the %s of "“x” is not a rated %s speed" */
  return parse_side (sides[0], _("read"), &out->read_mb_per_s, error) &&
         parse_side (sides[1], _("write"), &out->write_mb_per_s, error);
}

const DmkTestResult *
dmk_rated_best_test (const DmkResult *result, DmkDirection direction)
{
  const DmkTestResult *best = NULL;

  g_return_val_if_fail (result != NULL, NULL);
  for (guint i = 0; i < result->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (result->tests, i);

      if (t->spec.pattern != DMK_PATTERN_SEQUENTIAL || t->direction != direction ||
          !(t->mb_per_s > 0))
        continue;
      if (best == NULL || t->mb_per_s > best->mb_per_s)
        best = t;
    }
  return best;
}

gboolean
dmk_rated_share (const DmkResult *result, const DmkTestResult *test, double *percent)
{
  double rated;

  g_return_val_if_fail (result != NULL && test != NULL, FALSE);
  rated = dmk_rated_of (&result->rated, test->direction);
  if (test->spec.pattern != DMK_PATTERN_SEQUENTIAL || !(rated > 0) || !(test->mb_per_s > 0))
    return FALSE;
  if (percent != NULL)
    *percent = test->mb_per_s / rated * 100.0;
  return TRUE;
}

/* MB/s as people read a box's number: whole from 100, one decimal below; C locale. */
static char *
speed (double mb_per_s)
{
  return dmk_format_number (mb_per_s, mb_per_s >= 100 ? 0 : 1);
}

char *
dmk_rated_share_text (const DmkResult *result, const DmkTestResult *test)
{
  g_autofree char *rated = NULL;
  double pct;

  if (!dmk_rated_share (result, test, &pct))
    return NULL;
  rated = speed (dmk_rated_of (&result->rated, test->direction));
  /* TRANSLATORS: a sequential test's score against the drive's rated speed, which the user
   * gave: "46 % of the rated 3500 MB/s" */
  return g_strdup_printf (_("%.0f %% of the rated %s MB/s"), pct, rated);
}

char *
dmk_rated_describe (const DmkRated *rated)
{
  g_autofree char *read = NULL, *write = NULL;

  if (!dmk_rated_known (rated))
    return NULL;
  read = speed (rated->read_mb_per_s);
  write = speed (rated->write_mb_per_s);
  if (rated->write_mb_per_s <= 0)
    /* TRANSLATORS: the drive's rated speed as the user gave it: "Rated 3500 MB/s read" */
    return g_strdup_printf (_("Rated %s MB/s read"), read);
  if (rated->read_mb_per_s <= 0)
    return g_strdup_printf (_("Rated %s MB/s write"), write);
  /* TRANSLATORS: "Rated 3500 MB/s read, 3000 MB/s write" */
  return g_strdup_printf (_("Rated %s MB/s read, %s MB/s write"), read, write);
}

/* The sentence when the result has no sequential test of a rated direction. */
static char *
nothing_measured (const char *rated_text, DmkDirection direction, gboolean report)
{
  gboolean read = direction == DMK_DIRECTION_READ;

  if (report)
    return g_strdup_printf ("%s MB/s %s; no sequential %s was measured", rated_text,
                            read ? "read" : "write", read ? "read" : "write");
  /* TRANSLATORS: the drive's rating when the result has no sequential test of it */
  return read ? g_strdup_printf (_("Rated %s MB/s read; no sequential read was measured"),
                                 rated_text)
              : g_strdup_printf (_("Rated %s MB/s write; no sequential write was measured"),
                                 rated_text);
}

char *
dmk_rated_sentence (const DmkResult *result, DmkDirection direction, gboolean report)
{
  double rated = dmk_rated_of (&result->rated, direction);
  const DmkTestResult *best = dmk_rated_best_test (result, direction);
  g_autofree char *rated_text = NULL, *name = NULL, *measured = NULL;
  gboolean read = direction == DMK_DIRECTION_READ;
  double pct = 0;

  if (!(rated > 0))
    return NULL;
  rated_text = speed (rated);
  if (best == NULL || !dmk_rated_share (result, best, &pct))
    return nothing_measured (rated_text, direction, report);
  name = dmk_test_spec_to_name (&best->spec);
  measured = speed (best->mb_per_s);
  if (report)
    return g_strdup_printf ("%s %s %s MB/s is %.0f %% of the rated %s MB/s (the best "
                            "sequential %s)",
                            name, dmk_direction_report_label (direction), measured, pct,
                            rated_text, read ? "read" : "write");
  return read
           /* TRANSLATORS: "SEQ1M Q8T1 Read 1600 MB/s is 46 % of the rated 3500 MB/s (the best
            * sequential read)" */
           ? g_strdup_printf (_("%s Read %s MB/s is %.0f %% of the rated %s MB/s (the best "
                                "sequential read)"),
                              name, measured, pct, rated_text)
           : g_strdup_printf (_("%s Write %s MB/s is %.0f %% of the rated %s MB/s (the best "
                                "sequential write)"),
                              name, measured, pct, rated_text);
}

/* ---- JSON and text ---- */

static void
write_share (JsonBuilder *b, DmkResult *r, DmkDirection direction)
{
  const DmkTestResult *best = dmk_rated_best_test (r, direction);
  g_autofree char *name = NULL;
  double pct;

  if (best == NULL || !dmk_rated_share (r, best, &pct))
    return;
  name = dmk_test_spec_to_name (&best->spec);
  json_builder_set_member_name (b, dmk_direction_to_string (direction));
  json_builder_begin_object (b);
  _dmk_jb_string (b, "test", name);
  _dmk_jb_double (b, "mb_per_s", best->mb_per_s);
  _dmk_jb_double (b, "percent", pct);
  json_builder_end_object (b);
}

void
_dmk_result_write_rated (JsonBuilder *b, DmkResult *r)
{
  if (!dmk_rated_known (&r->rated))
    return;
  json_builder_set_member_name (b, "rated");
  json_builder_begin_object (b);
  _dmk_jb_double (b, "read_mb_per_s", r->rated.read_mb_per_s);
  _dmk_jb_double (b, "write_mb_per_s", r->rated.write_mb_per_s);
  /* For other readers: the best sequential test of each direction and its share. */
  write_share (b, r, DMK_DIRECTION_READ);
  write_share (b, r, DMK_DIRECTION_WRITE);
  json_builder_end_object (b);
}

void
_dmk_result_read_rated (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *ro;

  if (rd->failed || !json_object_has_member (o, "rated"))
    return;
  ro = _dmk_rd_object (rd, o, "", "rated");
  if (ro == NULL)
    return;
  r->rated.read_mb_per_s = _dmk_rd_number (rd, ro, "rated.", "read_mb_per_s", 0,
                                           DMK_RATED_MAX_MB_S);
  r->rated.write_mb_per_s = _dmk_rd_number (rd, ro, "rated.", "write_mb_per_s", 0,
                                            DMK_RATED_MAX_MB_S);
  if (rd->failed)
    memset (&r->rated, 0, sizeof r->rated);
}

void
_dmk_report_append_rated (GString *s, DmkResult *r)
{
  static const DmkDirection directions[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE };

  /* A grid's or a sweep's tests: a scan's one rate is not a box's sequential number. */
  if (r->kind != DMK_KIND_GRID && r->kind != DMK_KIND_SWEEP)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    {
      g_autofree char *line = dmk_rated_sentence (r, directions[i], TRUE);

      if (line != NULL)
        g_string_append_printf (s, "  Rated: %s\n", line);
    }
}
