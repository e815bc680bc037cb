/* dmk-share-text.c: forum text of shared results: the card's facts and a table of the scores, in
 * Markdown or BBCode, each cell's text escaped so that a comment cannot open markup of its own. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-compare.h"
#include "dmk-describe.h"
#include "dmk-rated.h"
#include "dmk-share-text.h"
#include "dmk-spread.h"
#include "dmk-units.h"

typedef struct
{
  DmkShareMarkup markup;
  GString *s;
} Out;

gboolean
dmk_share_markup_from_string (const char *s, DmkShareMarkup *out)
{
  if (g_strcmp0 (s, "markdown") == 0 || g_strcmp0 (s, "md") == 0)
    *out = DMK_SHARE_MARKDOWN;
  else if (g_strcmp0 (s, "bbcode") == 0)
    *out = DMK_SHARE_BBCODE;
  else
    return FALSE;
  return TRUE;
}

/* Text as itself: Markdown's inline punctuation escaped by a backslash (a cell starts after a
 * "|", so what counts only at a line's start needs nothing; a tilde too, which pairs for a
 * strikethrough on GitHub, except the "~" of "~/…", kept readable), its HTML by
 * entities. BBCode has no escape, so its brackets become full-width ones that look alike. A line
 * break would end a table's row: a space. */
static void
append_text (Out *o, const char *text)
{
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    {
      if (*p == '\n' || *p == '\r' || *p == '\t')
        g_string_append_c (o->s, ' ');
      else if (o->markup == DMK_SHARE_BBCODE)
        {
          if (*p == '[')
            g_string_append (o->s, "［");
          else if (*p == ']')
            g_string_append (o->s, "］");
          else
            g_string_append_c (o->s, *p);
        }
      else if (*p == '<')
        g_string_append (o->s, "&lt;");
      else if (*p == '&')
        g_string_append (o->s, "&amp;");
      else
        {
          if (strchr ("\\`*_[]|", *p) != NULL || (*p == '~' && p[1] != '/'))
            g_string_append_c (o->s, '\\');
          g_string_append_c (o->s, *p);
        }
    }
}

static void
append_title (Out *o, const char *title)
{
  g_string_append (o->s, o->markup == DMK_SHARE_MARKDOWN ? "### " : "[b]");
  append_text (o, title);
  g_string_append (o->s, o->markup == DMK_SHARE_MARKDOWN ? "\n\n" : "[/b]\n");
}

static void
append_fact (Out *o, const char *name, const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  g_string_append (o->s, o->markup == DMK_SHARE_MARKDOWN ? "- **" : "[*][b]");
  /* TRANSLATORS: a fact of a shared result: "Drive: Samsung SSD 870 EVO 1TB" */
  g_autofree char *label = g_strdup_printf (C_ ("share fact", "%s:"), name);
  append_text (o, label);
  g_string_append (o->s, o->markup == DMK_SHARE_MARKDOWN ? "** " : "[/b] ");
  append_text (o, value);
  g_string_append_c (o->s, '\n');
}

/* One row of cells; the header row in bold in BBCode, followed by Markdown's alignment row
 * (text left, numbers right). */
static void
append_row (Out *o, GPtrArray *cells, gboolean header)
{
  gboolean md = o->markup == DMK_SHARE_MARKDOWN;

  g_string_append (o->s, md ? "|" : "[tr]");
  for (guint i = 0; i < cells->len; i++)
    {
      g_string_append (o->s, md ? " " : header ? "[td][b]" : "[td]");
      append_text (o, g_ptr_array_index (cells, i));
      g_string_append (o->s, md ? " |" : header ? "[/b][/td]" : "[/td]");
    }
  g_string_append (o->s, md ? "\n" : "[/tr]\n");
  if (md && header)
    {
      g_string_append (o->s, "|");
      for (guint i = 0; i < cells->len; i++)
        g_string_append (o->s, i == 0 ? " --- |" : " ---: |");
      g_string_append_c (o->s, '\n');
    }
}

static const char *
interface_name (const char *transport)
{
  static const struct
  {
    const char *transport, *name;
  } names[] = {
    { "nvme", "NVMe" }, { "sata", "SATA" }, { "ata", "SATA" }, { "usb", "USB" },
    { "sas", "SAS" },   { "scsi", "SCSI" }, { "mmc", "SD/MMC" }, { "virtio", "virtio" },
  };

  for (guint i = 0; transport != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (transport, names[i].transport) == 0)
      return names[i].name;
  return transport;
}

/* The facts the result card shows, as a list. */
static void
append_facts (Out *o, const DmkResult *r)
{
  g_autofree char *capacity = r->target.size_bytes > 0 ? g_format_size (r->target.size_bytes)
                                                       : NULL;
  g_autofree char *rule = dmk_score_rule_text (&r->settings, TRUE);
  g_autofree char *profile = g_strdup_printf (
    /* TRANSLATORS: a shared result's profile and how its scores were taken: "Default
     * (CrystalDiskMark 8), best of 5 passes after a 5 s warm-up" */
    C_ ("share fact", "%s, %s"), dmk_profile_display_name (r->settings.profile), rule);
  g_autofree char *size = g_format_size_full (r->settings.size_bytes, G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *date = dmk_format_date_human (r->date);
  g_autofree char *tool = g_strdup_printf ("%s %s",
                                           dmk_result_is_foreign (r) ? r->tool_name : "GDiskMark",
                                           r->tool_version != NULL ? r->tool_version : "");

  g_strstrip (tool);
  if (o->markup == DMK_SHARE_BBCODE)
    g_string_append (o->s, "[list]\n");
  append_fact (o, _("Drive"), r->target.model);
  append_fact (o, _("Capacity"), capacity);
  /* The link as negotiated where the run read it ("PCIe 3.0 x2"), else the transport. */
  append_fact (o, _("Interface"), dmk_chain_interface (r->chain) != NULL
                                    ? dmk_chain_interface (r->chain)
                                    : interface_name (r->target.transport));
  append_fact (o, _("Filesystem"), r->target.filesystem);
  append_fact (o, _("Profile"), profile);
  append_fact (o, _("Test size"), size);
  append_fact (o, _("Date"), date);
  append_fact (o, _("Measured with"), tool);
  /* The rating the user gave the drive and the result's share of it: a forum reader asks "and
   * what does the box say?" first. */
  for (DmkDirection d = DMK_DIRECTION_READ; d <= DMK_DIRECTION_WRITE; d++)
    {
      g_autofree char *rated = dmk_rated_sentence (r, d, FALSE);

      /* TRANSLATORS: a shared result's fact: the drive's rated speed and its share of it */
      append_fact (o, C_ ("share fact", "Rated speed"), rated);
    }
  append_fact (o, _("Comment"), r->comment);
  for (guint i = 0; i < r->warnings->len; i++)
    append_fact (o, _("Warning"), g_ptr_array_index (r->warnings, i));
  g_string_append (o->s, o->markup == DMK_SHARE_BBCODE ? "[/list]\n" : "\n");
}

static void
table_begin (Out *o)
{
  if (o->markup == DMK_SHARE_BBCODE)
    g_string_append (o->s, "[table]\n");
}

static void
table_end (Out *o)
{
  g_string_append (o->s, o->markup == DMK_SHARE_BBCODE ? "[/table]\n" : "\n");
  /* TRANSLATORS: under a shared result's table: what its units are */
  append_text (o, _("MB/s = 1,000,000 bytes per second."));
  g_string_append_c (o->s, '\n');
}

static const DmkDirection directions[] = { DMK_DIRECTION_READ, DMK_DIRECTION_WRITE,
                                           DMK_DIRECTION_MIX };

static char *
direction_header (const DmkResult *r, DmkDirection d, const char *unit)
{
  if (d == DMK_DIRECTION_READ)
    /* TRANSLATORS: a column of a shared result's table: "Read (MB/s)" */
    return g_strdup_printf (_("Read (%s)"), unit);
  if (d == DMK_DIRECTION_WRITE)
    return g_strdup_printf (_("Write (%s)"), unit);
  /* TRANSLATORS: "Mix 70% read (MB/s)" */
  return g_strdup_printf (_("Mix %u%% read (%s)"), r->settings.mix_read_percent, unit);
}

/* The grid's rows: each spec once, in the result's order. */
static GArray *
result_specs (const DmkResult *r)
{
  GArray *specs = g_array_new (FALSE, FALSE, sizeof (DmkTestSpec));

  for (guint i = 0; i < r->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (r->tests, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < specs->len && !seen; j++)
        seen = dmk_test_spec_equal (&g_array_index (specs, DmkTestSpec, j), &t->spec);
      if (!seen)
        g_array_append_val (specs, t->spec);
    }
  return specs;
}

static void
append_result_table (Out *o, DmkResult *r)
{
  static const DmkUnit units[] = { DMK_UNIT_MB_S, DMK_UNIT_IOPS };
  g_autoptr (GArray) specs = result_specs (r);
  g_autoptr (GPtrArray) header = g_ptr_array_new_with_free_func (g_free);
  gboolean has[G_N_ELEMENTS (directions)] = { FALSE };

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    for (guint i = 0; i < r->tests->len; i++)
      has[d] |= ((DmkTestResult *) g_ptr_array_index (r->tests, i))->direction == directions[d];
  /* TRANSLATORS: the first column of a shared result's table */
  g_ptr_array_add (header, g_strdup (_("Test")));
  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
      if (has[d])
        g_ptr_array_add (header, direction_header (r, directions[d], dmk_unit_label (units[u])));
  table_begin (o);
  append_row (o, header, TRUE);
  for (guint i = 0; i < specs->len; i++)
    {
      const DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, i);
      g_autoptr (GPtrArray) row = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_add (row, dmk_test_spec_to_name (spec));
      for (guint u = 0; u < G_N_ELEMENTS (units); u++)
        for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
          {
            DmkTestResult *t = has[d] ? dmk_result_find (r, spec, directions[d]) : NULL;

            if (has[d])
              g_ptr_array_add (row, t != NULL ? dmk_format_value (dmk_test_result_value (t, units[u]),
                                                                  units[u])
                                              : g_strdup ("—"));
          }
      append_row (o, row, FALSE);
    }
  table_end (o);
}

char *
dmk_share_result_text (const DmkResult *shared, DmkShareMarkup markup)
{
  Out o = { markup, g_string_new (NULL) };
  g_autofree char *title = NULL;

  g_return_val_if_fail (shared != NULL, NULL);
  /* TRANSLATORS: the title of a shared result: "GDiskMark: Samsung SSD 870 EVO 1TB" */
  title = g_strdup_printf (_("GDiskMark: %s"),
                           shared->target.model != NULL ? shared->target.model : _("a drive"));
  append_title (&o, title);
  append_facts (&o, shared);
  append_result_table (&o, (DmkResult *) shared);
  return g_string_free (o.s, FALSE);
}

/* A comparison cell: "1234.56 ★ (+12.3%)", the ★ on the row's best, the change against the
 * first result from the second column on. */
static char *
compare_cell (DmkComparison *cmp, guint row, guint column)
{
  GString *cell;
  double value, percent;

  if (!dmk_comparison_value (cmp, row, column, &value))
    return g_strdup ("—");
  cell = g_string_new (NULL);
  g_autofree char *number = dmk_format_value (value, cmp->unit);

  g_string_append (cell, number);
  if (dmk_comparison_best_column (cmp, row) == (int) column)
    g_string_append (cell, " ★");
  if (column > 0 && dmk_comparison_delta (cmp, row, column, &percent))
    {
      g_autofree char *delta = dmk_format_delta (percent, TRUE);

      g_string_append_printf (cell, " (%s%%)", delta);
    }
  return g_string_free (cell, FALSE);
}

char *
dmk_share_compare_text (DmkResult *const *shared, guint n, DmkShareMarkup markup)
{
  Out o = { markup, g_string_new (NULL) };
  g_autoptr (GPtrArray) results = g_ptr_array_new ();
  g_autoptr (DmkComparison) cmp = NULL;
  g_autoptr (GPtrArray) header = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (shared != NULL && n >= 2 && n <= 4, NULL);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (results, shared[i]);
  cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  for (guint i = 0; i < n; i++)
    {
      /* TRANSLATORS: a result's heading in a shared comparison: "[1] Samsung SSD 870 EVO 1TB" */
      g_autofree char *title = g_strdup_printf (_("[%u] %s"), i + 1,
                                                shared[i]->target.model != NULL
                                                  ? shared[i]->target.model
                                                  : _("a drive"));

      append_title (&o, title);
      append_facts (&o, shared[i]);
    }
  g_ptr_array_add (header, g_strdup (_("Test")));
  for (guint i = 0; i < n; i++)
    /* TRANSLATORS: a column of a shared comparison: "[2] (MB/s)" */
    g_ptr_array_add (header, g_strdup_printf (_("[%u] (%s)"), i + 1,
                                              dmk_unit_label (DMK_UNIT_MB_S)));
  table_begin (&o);
  append_row (&o, header, TRUE);
  for (guint row = 0; row < cmp->rows->len; row++)
    {
      g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_add (cells, dmk_comparison_row_name (cmp, row));
      for (guint c = 0; c < n; c++)
        g_ptr_array_add (cells, compare_cell (cmp, row, c));
      append_row (&o, cells, FALSE);
    }
  table_end (&o);
  /* TRANSLATORS: under a shared comparison's table */
  append_text (&o, _("★ the best of the row; in brackets the change against [1]."));
  g_string_append_c (o.s, '\n');
  return g_string_free (o.s, FALSE);
}
