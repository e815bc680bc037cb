/* gdiskmark-cli-history.c: gdiskmark-cli history: every run so far per drive as text, JSON or
 * CSV with, for each test, the earlier runs' median and spread and the newest run against them;
 * import, show and delete; and the automatic save after a run. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "gdiskmark-cli.h"

typedef struct
{
  CliOutput out;
  gboolean csv;
  gint64 drive;
  char *rate;
} HistoryOptions;

/* Where GOption puts history's options (one command runs per process). */
static HistoryOptions opts;

static DmkHistory *
open_store (void)
{
  g_autofree char *path = dmk_history_default_path ();
  g_autoptr (GError) error = NULL;
  DmkHistory *h = dmk_history_open (path, history_busy_ms (), &error);

  if (h == NULL)
    g_printerr ("gdiskmark-cli: %s\n", error->message);
  return h;
}

/* The entries' results, each drive's in a list of its own, oldest first. */
static GPtrArray *
results_of (GPtrArray *entries, guint from, guint to)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);

  for (guint i = from; i < to; i++)
    {
      DmkResult *r = dmk_history_entry_result (g_ptr_array_index (entries, i), NULL);
      if (r != NULL)
        g_ptr_array_add (out, r);
    }
  return out;
}

static char *
test_name (const DmkHistoryStat *s)
{
  return dmk_test_full_name (&s->spec, s->direction, s->mix);
}

/* ---- text ---- */

static void
text_drive (GString *out, const DmkHistoryEntry *e)
{
  g_autofree char *size = dmk_format_size (e->drive.size_bytes);
  /* The number apart: a msgid cannot hold G_GINT64_FORMAT. */
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, e->drive_id);

  /* TRANSLATORS: "Drive 3: Samsung SSD 980, 931.5 GiB" */
  if (e->drive.size_bytes > 0)
    g_string_append_printf (out, _("Drive %s: %s, %s"), id, e->drive.model, size);
  else
    /* TRANSLATORS: a drive whose file tells no size: "Drive 3: fio /dev/nvme0n1" */
    g_string_append_printf (out, _("Drive %s: %s"), id, e->drive.model);
  if (e->drive.filesystem != NULL)
    g_string_append_printf (out, _(", %s filesystem"), e->drive.filesystem);
  if (e->drive.serial != NULL)
    g_string_append_printf (out, _(", serial %s"), e->drive.serial);
  if (e->drive.firmware != NULL)
    g_string_append_printf (out, _(", firmware %s"), e->drive.firmware);
  g_string_append_c (out, '\n');
  {
    g_autofree char *rated = dmk_rated_describe (&e->rated);

    /* "  Rated 3500 MB/s read, 3000 MB/s write" (history --rate) */
    if (rated != NULL)
      g_string_append_printf (out, "  %s\n", rated);
  }
}

/* What of a run's settings sets it apart from the usual (best pass, a fixed number of passes,
 * unverified, direct I/O, random data), which the history does not pool with other runs:
 * "  median pass, until stable, verified"; NULL when none. */
static char *
settings_tags (const DmkSettings *s)
{
  const char *tags[] = { s->score == DMK_SCORE_MEDIAN ? _("median pass") : NULL,
                         s->until_stable ? _("until stable") : NULL,
                         s->verify ? _("verified") : NULL, !s->direct ? _("buffered") : NULL,
                         s->data == DMK_DATA_ZERO ? _("zero data") : NULL };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tags); i++)
    if (tags[i] != NULL)
      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "  ", tags[i]);
  return g_string_free (out, out->len == 0);
}

static void
text_entry (GString *out, const DmkHistoryEntry *e)
{
  g_autoptr (DmkResult) r = dmk_history_entry_result (e, NULL);

  g_autofree char *how = r != NULL ? settings_tags (&r->settings) : NULL;

  g_string_append_printf (out, "  #%-5" G_GINT64_FORMAT " %s  %s  %s  %s%s", e->id, e->date,
                          e->target ? e->target : "?", e->kind, e->engine ? e->engine : "",
                          how != NULL ? how : "");
  for (guint i = 0; r != NULL && r->kind == DMK_KIND_GRID && i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);
      g_autofree char *name = dmk_test_spec_to_name (&t->spec);
      g_autofree char *mb_per_s = dmk_format_number (t->mb_per_s, 1);
      guint share = dmk_settings_mix_share (&r->settings, t->direction);
      /* "RND4K Q1T1 R 999.9", a mix with its read share: "RND4K Q1T1 M R70% 994.6". */
      g_autofree char *share_text = share > 0 ? g_strdup_printf (" R%u%%", share) : g_strdup ("");
      g_string_append_printf (out, "%s%s %c%s %s", i == 0 ? "\n        " : ", ", name,
                              dmk_direction_report_label (t->direction)[0], share_text, mb_per_s);
    }
  if (r != NULL && r->comment != NULL && *r->comment != '\0')
    /* TRANSLATORS: a run's comment in the history, quoted */
    g_string_append_printf (out, _("\n        “%s”"), r->comment);
  g_string_append_c (out, '\n');
}

static void
text_stats (GString *out, GArray *stats)
{
  for (guint i = 0; i < stats->len; i++)
    {
      const DmkHistoryStat *s = &g_array_index (stats, DmkHistoryStat, i);
      g_autofree char *name = test_name (s);
      g_autofree char *verdict = dmk_history_stat_verdict (s);
      /* Numbers as in every report: a point before the decimals, whatever the locale. */
      g_autofree char *median = dmk_format_number (s->median, 1);
      g_autofree char *min = dmk_format_number (s->min, 1);
      g_autofree char *max = dmk_format_number (s->max, 1);
      g_autofree char *rsd = dmk_format_number (s->rsd, 1);
      g_autofree char *newest = dmk_format_number (s->newest, 1);
      if (s->n_earlier == 0)
        {
          /* TRANSLATORS: "SEQ1M Q1T1 Read: newest 199.0 MB/s: the first run of this test on
           * this drive" */
          g_string_append_printf (out, _("  %s: newest %s MB/s: %s\n"), name, newest, verdict);
          continue;
        }
      /* TRANSLATORS: "SEQ1M Q1T1 Read: median of the 4 earlier runs 201.3 MB/s (190.0–204.1,
       * RSD 1.2 %); newest 199.0: -1.1 % against the earlier runs' median (within noise: …)" */
      g_string_append_printf (out,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "  %s: median of the %u earlier run %s MB/s (%s–%s, "
                                           "RSD %s %%); newest %s: %s\n",
                                           "  %s: median of the %u earlier runs %s MB/s (%s–%s, "
                                           "RSD %s %%); newest %s: %s\n",
                                           s->n_earlier),
                              name, s->n_earlier, median, min, max, rsd, newest, verdict);
    }
}

/* The earlier runs measured otherwise than the newest, which none of the above pooled. */
static void
text_left_out (GString *out, GPtrArray *results)
{
  g_autofree char *left_out = dmk_history_left_out_text (results);

  if (left_out != NULL)
    g_string_append_printf (out, "  %s\n", left_out);
}

/* The conditions the newest run differs in from the earlier runs it was set against. */
static void
text_conditions (GString *out, GPtrArray *results)
{
  g_autofree char *differ = dmk_history_conditions_text (results);

  if (differ != NULL)
    g_string_append_printf (out, "  %s\n", differ);
}

static char *
history_text (GPtrArray *entries)
{
  GString *out = g_string_new (NULL);
  g_autofree char *text = NULL;

  for (guint i = 0; i < entries->len;)
    {
      DmkHistoryEntry *first = g_ptr_array_index (entries, i);
      g_autoptr (GPtrArray) results = NULL;
      g_autoptr (GArray) stats = NULL;
      guint end = i;

      while (end < entries->len &&
             ((DmkHistoryEntry *) g_ptr_array_index (entries, end))->drive_id == first->drive_id)
        end++;
      text_drive (out, first);
      for (guint k = i; k < end; k++)
        text_entry (out, g_ptr_array_index (entries, k));
      results = results_of (entries, i, end);
      stats = dmk_history_stats (results);
      text_stats (out, stats);
      text_left_out (out, results);
      text_conditions (out, results);
      g_string_append_c (out, '\n');
      i = end;
    }
  if (entries->len == 0)
    g_string_append (out, _("No runs in the history yet.\n"));
  g_string_append (out, _("MB/s = 1,000,000 bytes/s; a score is a run’s best pass, or its median "
                          "pass where the run was set so. The newest run is set against the "
                          "earlier runs of the same settings (engine, test size, score rule, "
                          "until-stable, verification, direct or buffered I/O, test data): its "
                          "score against their median, its passes against theirs (Welch’s t-test, "
                          "two-sided: beyond noise when p < 0.05). Runs under other conditions "
                          "(on battery, another power profile or CPU governor, NVMe power saving, "
                          "a filesystem fuller by over 20 points or past 90 percent) are set "
                          "against it all the same, and said.\n"));
  /* What it quotes (a model, a serial, a target, from a device or an imported file) may hold
   * ESC, CR or bidi controls: shown, never obeyed, as in every other report. */
  text = g_string_free (out, FALSE);
  return dmk_text_escape_controls (text, TRUE);
}

/* ---- import, show, delete ---- */

/* The drive an imported result joins: --drive's, else the one drive measured here of the same
 * kind, model and size (a file tells no serial), else a drive of its own. */
static gint64
import_one (DmkHistory *h, DmkResult *r, const char *file, GError **error)
{
  DmkDriveId drive;
  gint64 alike, id, same;
  guint n_alike = 0;

  /* A file imported again, or a run of this store saved as JSON, is already there. */
  same = dmk_history_find_same (h, r, error);
  if (same != 0)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, same);
      g_autofree char *drive_number = g_strdup_printf ("%" G_GINT64_FORMAT, opts.drive);

      if (same < 0)
        return 0;
      /* Kept apart before, now said to belong to a drive: it moves there, once. */
      if (opts.drive > 0)
        {
          if (!dmk_history_move_entry (h, same, opts.drive, error))
            return 0;
          /* TRANSLATORS: %s is a file, an entry's number, a drive's number */
          g_printerr (_("gdiskmark-cli: %s: already in the history as entry %s, now on drive "
                        "%s\n"),
                      file, number, drive_number);
          return 0;
        }
      /* TRANSLATORS: %s is a file, then an entry's number */
      g_printerr (_("gdiskmark-cli: %s: already in the history as entry %s, not added again\n"),
                  file, number);
      return 0;
    }
  if (opts.drive > 0)
    return dmk_history_add_to_drive (h, r, opts.drive, "import", error);
  /* A file may come from another machine: its facts, never this machine's sysfs. */
  dmk_drive_id_from_result (r, FALSE, &drive);
  alike = dmk_history_find_alike (h, &drive, &n_alike, error);
  if (alike < 0)
    id = 0;
  else if (alike > 0)
    id = dmk_history_add_to_drive (h, r, alike, "import", error);
  else
    {
      id = dmk_history_add (h, r, &drive, "import", error);
      if (id > 0 && n_alike > 1)
        g_printerr (g_dngettext (GETTEXT_PACKAGE,
                                 "gdiskmark-cli: %s: %u drive in the history has its model (%s) "
                                 "and size; the run is kept apart. If it was measured on it, "
                                 "import it again with --drive NUMBER (see gdiskmark-cli "
                                 "history)\n",
                                 "gdiskmark-cli: %s: %u drives in the history have its model "
                                 "(%s) and size; the run is kept apart. If it was measured on one "
                                 "of them, import it again with --drive NUMBER (see gdiskmark-cli "
                                 "history)\n",
                                 n_alike),
                    file, n_alike, drive.model);
    }
  dmk_drive_id_clear (&drive);
  return id;
}

/* Every file is read first, and then their runs go in as one transaction: a batch is imported
 * whole or not at all, also when it is interrupted (Ctrl+C, a kill), so importing it again never
 * doubles a part of it. */
static int
history_import (DmkHistory *h, int argc, char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr (GError) error = NULL;
  guint added = 0, there = 0;

  if (argc < 1)
    die_usage (_("history import needs at least one result file"));
  for (int i = 0; i < argc; i++)
    {
      GPtrArray *all = dmk_result_load_all (argv[i], &error);

      if (all == NULL)
        {
          g_printerr (_("gdiskmark-cli: %s\nNothing was imported: fix or leave out that file, "
                        "then import again\n"),
                      error->message);
          return EXIT_RUN_FAILED;
        }
      g_ptr_array_add (files, all);
    }
  if (!dmk_history_begin (h, &error))
    {
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  for (guint i = 0; i < files->len && error == NULL; i++)
    {
      GPtrArray *all = g_ptr_array_index (files, i);

      for (guint k = 0; k < all->len && error == NULL; k++)
        if (import_one (h, g_ptr_array_index (all, k), argv[i], &error) > 0)
          added++;
        else if (error == NULL)
          there++;
    }
  if (error != NULL || !dmk_history_commit (h, &error))
    {
      dmk_history_rollback (h);
      g_printerr (_("gdiskmark-cli: %s\nNothing was imported\n"), error->message);
      return EXIT_RUN_FAILED;
    }
  g_print (g_dngettext (GETTEXT_PACKAGE, "Imported %u run into %s\n",
                        "Imported %u runs into %s\n", added),
           added, dmk_history_get_path (h));
  if (there > 0)
    g_print (g_dngettext (GETTEXT_PACKAGE, "%u run was in the history already\n",
                          "%u runs were in the history already\n", there),
             there);
  return 0;
}

static gint64
parse_id (int argc, char **argv, const char *verb)
{
  char *end = NULL;
  gint64 id;

  if (argc != 1)
    die_usage (_("history %s needs one entry number (see gdiskmark-cli history)"), verb);
  id = g_ascii_strtoll (argv[0], &end, 10);
  if (end == argv[0] || *end != '\0' || id <= 0)
    die_usage (_("“%s” is not an entry number (see gdiskmark-cli history)"), argv[0]);
  return id;
}

static int
history_show (DmkHistory *h, gint64 id)
{
  g_autoptr (GPtrArray) all = dmk_history_list (h, NULL, NULL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      DmkHistoryEntry *e = g_ptr_array_index (all, i);
      g_autoptr (DmkResult) r = NULL;
      if (e->id != id)
        continue;
      r = dmk_history_entry_result (e, &error);
      if (r == NULL)
        {
          g_printerr ("gdiskmark-cli: %s\n", error->message);
          return EXIT_RUN_FAILED;
        }
      /* The drive's rating as it is kept now, which may be newer than the run. */
      if (!dmk_history_get_rating (h, &e->drive, &r->rated, &error))
        {
          g_printerr ("gdiskmark-cli: %s\n", error->message);
          return EXIT_RUN_FAILED;
        }
      return cli_output_result (&opts.out, r) ? 0 : EXIT_RUN_FAILED;
    }
  {
    g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, id);

    g_printerr (_("gdiskmark-cli: the history has no entry %s (see gdiskmark-cli history)\n"),
                number);
  }
  return EXIT_RUN_FAILED;
}

static int
history_list (DmkHistory *h, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autofree char *out = NULL;
  DmkSheetFormat sheet;

  if (argc > 1)
    die_usage (_("Give one drive, not %d (see history --help)"), argc);
  entries = dmk_history_list (h, argc == 1 ? argv[0] : NULL, &error);
  if (entries == NULL)
    {
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  if (cli_output_sheet_format (&opts.out, &sheet))
    {
      if (dmk_history_save_sheet (entries, sheet, opts.out.output, &error))
        return 0;
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  out = opts.out.format == FORMAT_JSON  ? dmk_history_to_json (entries)
        : opts.out.format == FORMAT_CSV ? dmk_history_to_csv (entries)
                                        : history_text (entries);
  return cli_output_write (&opts.out, out) ? 0 : EXIT_RUN_FAILED;
}

/* --rate: the drive's rated speed kept in the history, by the one drive DRIVE names. */
static int
history_rate (DmkHistory *h, int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autofree char *said = NULL, *number = NULL;
  DmkRated rated;
  DmkDriveId drive;
  gint64 drive_id = 0;
  guint n_drives = 0;

  if (!dmk_rated_parse (opts.rate, &rated, &error))
    die_usage ("%s", error->message);
  if (argc != 1)
    die_usage (_("--rate needs one drive: its number, a path a run was made on, or part of its "
                 "model or serial (see gdiskmark-cli history)"));
  entries = dmk_history_list (h, argv[0], &error);
  if (entries == NULL)
    {
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      DmkHistoryEntry *e = g_ptr_array_index (entries, i);

      if (e->drive_id != drive_id)
        n_drives++;
      drive_id = e->drive_id;
    }
  if (n_drives != 1)
    {
      if (n_drives == 0)
        g_printerr (_("gdiskmark-cli: no drive in the history matches “%s”: run a test on it "
                      "first, or see the drives with “gdiskmark-cli history”\n"),
                    argv[0]);
      else
        g_printerr (_("gdiskmark-cli: %u drives in the history match “%s”: give the drive’s "
                      "number (see gdiskmark-cli history)\n"),
                    n_drives, argv[0]);
      return EXIT_RUN_FAILED;
    }
  if (!dmk_history_drive_by_number (h, drive_id, &drive, &error) ||
      !dmk_history_set_rating (h, &drive, &rated, &error))
    {
      dmk_drive_id_clear (&drive);
      g_printerr ("gdiskmark-cli: %s\n", error->message);
      return EXIT_RUN_FAILED;
    }
  number = g_strdup_printf ("%" G_GINT64_FORMAT, drive_id);
  said = dmk_rated_describe (&rated);
  if (said != NULL)
    /* TRANSLATORS: "Drive 3, Samsung SSD 980: Rated 3500 MB/s read, 3000 MB/s write" */
    g_print (_("Drive %s, %s: %s\n"), number, drive.model, said);
  else
    /* TRANSLATORS: "Drive 3, Samsung SSD 980: no rated speed" */
    g_print (_("Drive %s, %s: no rated speed\n"), number, drive.model);
  dmk_drive_id_clear (&drive);
  return 0;
}

static const GOptionEntry history_entries[] = {
  { "csv", 0, 0, G_OPTION_ARG_NONE, &opts.csv, N_("Print CSV (same as --format=csv)"), NULL },
  { "drive", 'd', 0, G_OPTION_ARG_INT64, &opts.drive,
    N_("import: add the runs to drive NUMBER (by default, to the one drive of their model and "
       "size, or a drive of their own)"),
    N_("NUMBER") },
  { "rate", 0, 0, G_OPTION_ARG_STRING, &opts.rate,
    N_("Keep the drive’s rated speed, as its box says, in MB/s: READ,WRITE (“3500,3000”; "
       "“3500,” for reads only; “none” forgets it). Every later run of the drive says its "
       "share of it"),
    N_("READ,WRITE") },
  { NULL }
};

/* gdiskmark-cli history [DRIVE], history import|show|delete */
int
history_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = cli_context_new (
    command, _("DRIVE is a drive’s number, a path a run was made on, or part of a model or "
               "serial. The history is $XDG_DATA_HOME/gdiskmark/history.sqlite "
               "($GDISKMARK_HISTORY if set); every finished run is added unless --no-history is "
               "given."));
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkHistory) h = NULL;
  const char *verb;

  g_option_context_set_summary (
    ctx, _("  gdiskmark-cli history import [--drive N] FILE.json… — add results saved before\n"
           "  gdiskmark-cli history show ID — one entry as a result\n"
           "  gdiskmark-cli history delete ID — forget an entry\n"
           "  gdiskmark-cli history --rate READ,WRITE DRIVE — the drive’s rated speed"));
  g_option_context_add_main_entries (ctx, history_entries, GETTEXT_PACKAGE);
  cli_output_add_options (ctx, &opts.out, command);
  cli_parse (ctx, &argc, &argv);
  if (opts.csv)
    {
      g_free (opts.out.format_name);
      opts.out.format_name = g_strdup ("csv");
    }
  cli_output_parse (&opts.out);
  if (!cli_output_check (&opts.out))
    return EXIT_USAGE;
  h = open_store ();
  if (h == NULL)
    return EXIT_RUN_FAILED;
  verb = argc > 1 ? argv[1] : "";
  if (opts.drive != 0 && strcmp (verb, "import") != 0)
    die_usage (_("--drive is for history import"));
  if (opts.drive < 0)
    die_usage (_("--drive takes a drive’s number (see gdiskmark-cli history)"));
  if (opts.rate != NULL)
    return history_rate (h, argc - 1, argv + 1);
  if (strcmp (verb, "import") == 0)
    return history_import (h, argc - 2, argv + 2);
  if (strcmp (verb, "show") == 0)
    return history_show (h, parse_id (argc - 2, argv + 2, "show"));
  if (strcmp (verb, "delete") == 0)
    {
      if (!dmk_history_delete (h, parse_id (argc - 2, argv + 2, "delete"), &error))
        {
          g_printerr ("gdiskmark-cli: %s\n", error->message);
          return EXIT_RUN_FAILED;
        }
      return 0;
    }
  return history_list (h, argc - 1, argv + 1);
}
