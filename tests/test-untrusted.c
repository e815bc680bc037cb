/* test-untrusted.c: files from elsewhere (a download, a mail, a shared folder) that try to crash,
 * hang or fool the app (issue 24, items 2–5): JSON nested past any stack behind syntax json-glib
 * accepts, loaders given a FIFO or /dev/zero, a job whose size × numjobs wraps, and text that
 * drives a terminal or a spreadsheet. Each through the core's loaders and the real CLI. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dmk-core.h"

static char *scratch; /* a folder of the test's own */

/* ---- the real CLI, bounded in time ---- */

typedef struct
{
  int status; /* the exit status, or 128 + the signal */
  char *out;
  char *err;
  double seconds;
} Cli;

static void
cli_clear (Cli *c)
{
  g_clear_pointer (&c->out, g_free);
  g_clear_pointer (&c->err, g_free);
}

/* gdiskmark-cli with args under timeout(1): a CLI that hangs ends as 124 after 10 s. FALSE (the
 * test skipped) when the CLI is not known. */
static gboolean
run_cli (Cli *c, const char *const *args)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  int wait_status = 0;

  memset (c, 0, sizeof *c);
  if (cli == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return FALSE;
    }
  g_ptr_array_add (argv, (gpointer) "timeout");
  g_ptr_array_add (argv, (gpointer) "-s");
  g_ptr_array_add (argv, (gpointer) "KILL");
  g_ptr_array_add (argv, (gpointer) "10");
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &c->out, &c->err, &wait_status, &error));
  g_assert_no_error (error);
  c->seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  c->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 128 + WTERMSIG (wait_status);
  g_test_message ("gdiskmark-cli %s: %d after %.2f s; stderr: %s", args[0], c->status,
                  c->seconds, c->err);
  return TRUE;
}

static char *
scratch_file (const char *name, const char *text, gssize len)
{
  char *path = g_build_filename (scratch, name, NULL);

  g_assert_true (g_file_set_contents (path, text, len, NULL));
  return path;
}

/* ---- item 2: nesting, whatever the syntax around the brackets ---- */

/* text with n '[' then n ']' at the place of "@" in tmpl. */
static char *
nested (const char *tmpl, gsize n)
{
  const char *at = strchr (tmpl, '@');
  GString *s = g_string_sized_new (strlen (tmpl) + 2 * n);

  g_assert_nonnull (at);
  g_string_append_len (s, tmpl, at - tmpl);
  for (gsize i = 0; i < n; i++)
    g_string_append_c (s, '[');
  for (gsize i = 0; i < n; i++)
    g_string_append_c (s, ']');
  g_string_append (s, at + 1);
  return g_string_free (s, FALSE);
}

/* What json-glib takes beside strict JSON, each hiding a quote or a bracket from a guard that
 * counts only strict JSON: block and line comments, single-quoted strings, escapes. */
static const char *const hiding[] = {
  "{\"schema\":\"x\", /* \" */ \"a\": @}",                /* the issue's file */
  "{\"schema\":\"x\", // \"\n \"a\": @}",
  "{\"schema\":\"x\", # \"\n \"a\": @}",
  "{\"schema\":\"x\", 'q': '\"', \"a\": @}",
  "{\"schema\":\"x\", \"s\": \"\\\"\", \"a\": @}",          /* an escaped quote */
  "{\"schema\":\"x\", \"s\": \"\\\\\", \"a\": @}",          /* an escaped backslash */
  "{\"schema\":\"x\", /* ] ] ] */ \"a\": @}",
  "{\"schema\":\"x\", \"a\": @ /* \"",                     /* a comment never closed */
  "{\"fio version\":\"fio-3.33\", /* \" */ \"jobs\": @}", /* fio's JSON, the importer's */
  "@",
};

static void
test_json_nesting (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hiding); i++)
    {
      g_autofree char *text = nested (hiding[i], 100000);
      g_autofree char *path = scratch_file ("deep.json", text, -1);
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkResult) from_text = dmk_result_from_json (text, -1, &error);
      g_autoptr (DmkResult) from_file = NULL;

      g_test_message ("%.40s…: %s", hiding[i], error != NULL ? error->message : "(loaded)");
      g_assert_null (from_text);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
      g_clear_error (&error);
      from_file = dmk_result_load (path, &error);
      g_assert_null (from_file);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
      /* The sentence names the file, as every loader's does. */
      g_assert_nonnull (strstr (error->message, "“deep.json”"));
      g_unlink (path);
    }
}

/* The same files in the real CLI: an error naming the file, exit 1, no signal. */
static void
test_json_nesting_cli (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hiding); i++)
    {
      g_autofree char *text = nested (hiding[i], 100000);
      g_autofree char *path = scratch_file ("deep.json", text, -1);
      const char *args[] = { "compare", path, NULL };
      Cli c;

      if (!run_cli (&c, args))
        return;
      g_assert_cmpint (c.status, ==, 1);
      /* fio's output is called that (issue 47 item 7), anything else not ours. */
      if (g_str_has_prefix (hiding[i], "{\"fio version\""))
        g_assert_nonnull (strstr (c.err, "“deep.json” cannot be compared: it is fio’s JSON "
                                         "output, but not valid JSON (line 1: "));
      else
        g_assert_nonnull (strstr (c.err, "“deep.json” is not a GDiskMark result"));
      cli_clear (&c);
      g_unlink (path);
    }
}

/* Nesting within the limit still loads as far as JSON goes: the guard refuses depth, not
 * results (a saved result is 5 levels deep). */
static void
test_json_depth_limit (void)
{
  g_autofree char *ok = nested ("{\"schema\":\"x\", \"a\": @}", DMK_JSON_MAX_DEPTH - 1);
  g_autofree char *deep = nested ("{\"schema\":\"x\", \"a\": @}", DMK_JSON_MAX_DEPTH);
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = dmk_result_from_json (ok, -1, &error);

  /* Parsed, then refused for its schema, not its depth. */
  g_assert_null (r);
  g_assert_nonnull (strstr (error->message, "schema"));
  g_clear_error (&error);
  r = dmk_result_from_json (deep, -1, &error);
  g_assert_null (r);
  g_assert_nonnull (strstr (error->message, "nested"));
}

/* ---- item 3: loaders read regular files only, and no more than their cap ---- */

/* A FIFO with no writer: an open without O_NONBLOCK waits for ever; a read with a writer that
 * never stops would too. */
static char *
make_fifo (const char *name)
{
  char *path = g_build_filename (scratch, name, NULL);

  g_unlink (path);
  g_assert_no_errno (mkfifo (path, 0600));
  return path;
}

static void
assert_refused_quickly (GError *error, gint64 start, const char *name)
{
  double s = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;

  g_assert_nonnull (error);
  g_test_message ("%s: %s (%.3f s)", name, error->message, s);
  g_assert_nonnull (strstr (error->message, name));
  g_assert_cmpfloat (s, <, 2.0);
}

static void
test_loaders_special_files (void)
{
  g_autofree char *fifo_json = make_fifo ("fifo.json");
  g_autofree char *fifo_fio = make_fifo ("fifo.fio");
  gint64 start;

  /* A hang here is a failure, not a test that never ends. */
  alarm (30);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkResult) r = NULL;

    start = g_get_monotonic_time ();
    r = dmk_result_load (fifo_json, &error);
    g_assert_null (r);
    assert_refused_quickly (error, start, "fifo.json");
    g_assert_nonnull (strstr (error->message, "not a file"));
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkFioJob) job = NULL;

    start = g_get_monotonic_time ();
    job = dmk_fio_job_load (fifo_fio, &error);
    g_assert_null (job);
    assert_refused_quickly (error, start, "fifo.fio");
    g_assert_nonnull (strstr (error->message, "not a regular file"));
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkResult) r = NULL;

    start = g_get_monotonic_time ();
    r = dmk_result_load ("/dev/zero", &error);
    g_assert_null (r);
    assert_refused_quickly (error, start, "zero");
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkFioJob) job = NULL;

    start = g_get_monotonic_time ();
    job = dmk_fio_job_load ("/dev/zero", &error);
    g_assert_null (job);
    assert_refused_quickly (error, start, "/dev/zero");
    g_assert_nonnull (strstr (error->message, "not a regular file"));
  }
  /* A folder is not a job either. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkFioJob) job = dmk_fio_job_load (scratch, &error);

    g_assert_null (job);
    g_assert_nonnull (strstr (error->message, "folder"));
  }
  alarm (0);
  g_unlink (fifo_json);
  g_unlink (fifo_fio);
}

/* A file one byte over a loader's cap is refused before it is read (sparse: no memory). */
static void
test_loaders_caps (void)
{
  const struct
  {
    const char *name;
    goffset size;
  } over[] = { { "big.json", (16 << 20) + 1 }, { "big.fio", (1 << 20) + 1 } };

  for (guint i = 0; i < G_N_ELEMENTS (over); i++)
    {
      g_autofree char *path = g_build_filename (scratch, over[i].name, NULL);
      g_autoptr (GError) error = NULL;
      int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

      g_assert_cmpint (fd, >=, 0);
      g_assert_no_errno (ftruncate (fd, over[i].size));
      close (fd);
      if (g_str_has_suffix (over[i].name, ".json"))
        g_assert_null (dmk_result_load (path, &error));
      else
        g_assert_null (dmk_fio_job_load (path, &error));
      g_test_message ("%s: %s", over[i].name, error->message);
      g_assert_nonnull (strstr (error->message, over[i].name));
      g_assert_nonnull (strstr (error->message, "too large"));
      g_unlink (path);
    }
}

/* The real CLI: --job-file and compare on a FIFO and /dev/zero end at once, saying why. */
static void
test_loaders_cli (void)
{
  g_autofree char *fifo = make_fifo ("pipe.fio");
  g_autofree char *job_fifo = g_strdup_printf ("--job-file=%s", fifo);
  const char *const runs[][4] = {
    { "--job-file=/dev/zero", scratch, NULL },
    { job_fifo, scratch, NULL },
    { "compare", fifo, NULL },
    { "compare", "/dev/zero", NULL },
  };
  const char *names[] = { "/dev/zero", "pipe.fio", "pipe.fio", "zero" };

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      Cli c;

      if (!run_cli (&c, runs[i]))
        return;
      /* Not 124 or 137: timeout(1) did not have to end it. */
      g_assert_cmpint (c.status, >=, 1);
      g_assert_cmpint (c.status, <=, 2);
      g_assert_cmpfloat (c.seconds, <, 5.0);
      g_assert_nonnull (strstr (c.err, names[i]));
      cli_clear (&c);
    }
  g_unlink (fifo);
}

/* ---- item 4: size × numjobs, checked ---- */

static void
test_job_size_overflow (void)
{
  /* 2^62 + 2^22 bytes × 4 threads wraps to exactly 16 MiB, a size GDiskMark would take. */
  const char *sizes[] = { "4503599627374592k", "8388607t", "8g" };
  const char *threads[] = { "4", "2", "16" };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *text = g_strdup_printf ("[global]\n"
                                               "directory=%s\n"
                                               "\n"
                                               "[seq]\n"
                                               "rw=read\n"
                                               "bs=1m\n"
                                               "numjobs=%s\n"
                                               "size=%s\n"
                                               "offset_increment=%s\n",
                                               scratch, threads[i], sizes[i], sizes[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (DmkFioJob) job = dmk_fio_job_parse (text, -1, "wrap.fio", &error);

      g_assert_null (job);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
      g_test_message ("%s × %s: %s", sizes[i], threads[i], error->message);
      /* The file, the line of size=, and both options. */
      g_assert_true (g_str_has_prefix (error->message, "wrap.fio:8: "));
      g_assert_nonnull (strstr (error->message, "size × numjobs"));
      g_assert_nonnull (strstr (error->message, "64 GiB"));
    }
  /* Within the limit the product is the test size, as before. */
  {
    g_autofree char *text = g_strdup_printf ("[global]\ndirectory=%s\n\n[seq]\nrw=read\n"
                                             "bs=1m\nnumjobs=4\nsize=16m\n"
                                             "offset_increment=16m\n",
                                             scratch);
    g_autoptr (GError) error = NULL;
    g_autoptr (DmkFioJob) job = dmk_fio_job_parse (text, -1, "ok.fio", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (job->settings.size_bytes, ==, 64 << 20);
  }
}

/* ---- item 5: text for terminals and spreadsheets ---- */

/* A saved result whose path and model try to clear the screen, turn the line around (RLO,
 * RLI) and run a formula in a spreadsheet. */
static DmkResult *
hostile_result (const char *path, const char *model)
{
  DmkResult *r = dmk_result_new ();
  g_autoptr (GArray) specs = NULL;

  g_free (r->date);
  r->date = g_strdup ("2026-11-01T10:00:00Z");
  r->target.path = g_strdup (path);
  r->target.model = g_strdup (model);
  g_assert_true (dmk_profile_lookup ("classic", &specs, NULL));
  for (guint i = 0; i < specs->len; i++)
    {
      DmkTestSpec *spec = &g_array_index (specs, DmkTestSpec, i);
      DmkTestResult *t = dmk_test_result_new (spec, DMK_DIRECTION_READ);
      DmkPass p = { 0 };

      p.iops = 1000.0 * (i + 1);
      p.seconds = 5.0;
      p.bytes = (guint64) (p.iops * p.seconds) * spec->block_size;
      p.mb_per_s = (double) p.bytes / p.seconds / 1e6;
      dmk_test_result_add_pass_series (t, &p, NULL, NULL);
      g_ptr_array_add (r->tests, t);
    }
  return r;
}

#define EVIL_PATH "/mnt/\033[2J\033]0;pwned\007x\u202Etxt.exe\u2066y\u2069\302\233z"
#define EVIL_MODEL "Disk\r\033[1A\x7f\u200F"

/* No byte a terminal acts on: C0 but the newline, DEL, C1, the bidi controls. */
static void
assert_inert (const char *text)
{
  const char *bidi[] = { "\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067",
                         "\u2068", "\u2069", "\u200E", "\u200F", "\u061C" };

  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_true (c == '\n' || c >= 0x20);
      g_assert_false (c >= 0x7f && c <= 0x9f);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bidi); i++)
    g_assert_null (strstr (text, bidi[i]));
}

static void
test_text_escape (void)
{
  g_autofree char *a = dmk_text_escape_controls (EVIL_PATH, TRUE);
  g_autofree char *b = dmk_text_escape_controls ("ok\n\xff\xe2\x80", FALSE);
  g_autofree char *c = dmk_text_escape_controls ("Größe — 5 µs ★\n", TRUE);

  g_assert_cmpstr (a, ==, "/mnt/\\x1b[2J\\x1b]0;pwned\\x07x\\u202etxt.exe\\u2066y\\u2069"
                          "\\u009bz");
  g_assert_cmpstr (b, ==, "ok\\x0a\\xff\\xe2\\x80");
  /* Text that is only text stays as it is. */
  g_assert_cmpstr (c, ==, "Größe — 5 µs ★\n");
}

static void
test_report_and_compare_text (void)
{
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (DmkComparison) cmp = NULL;
  g_autofree char *report = NULL, *table = NULL;

  g_ptr_array_add (results, hostile_result (EVIL_PATH, EVIL_MODEL));
  g_ptr_array_add (results, hostile_result ("/home", "Plain disk"));
  report = dmk_result_to_text (results->pdata[0]);
  assert_inert (report);
  g_assert_nonnull (strstr (report, "\\x1b[2J"));
  g_assert_nonnull (strstr (report, "\\u202e"));
  cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
  table = dmk_comparison_to_text (cmp);
  assert_inert (table);
  g_assert_nonnull (strstr (table, "\\u202etxt.exe"));
  /* The rest of the table is as before: the plain column keeps its words. */
  g_assert_nonnull (strstr (table, "/home (Plain disk"));
}

/* A field a spreadsheet would run: the cell starts with ' and is quoted. */
static void
test_csv_formulas (void)
{
  const char *fields[] = { "=HYPERLINK(\"http://evil\",\"x\")", "+1+1", "-2+3", "@SUM(A1)",
                           "\t=1", "\r=1" };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autoptr (GPtrArray) results =
        g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
      g_autoptr (DmkComparison) cmp = NULL;
      g_autoptr (GString) one = g_string_new (NULL);
      g_autofree char *csv = NULL;
      g_auto (GStrv) lines = NULL;
      DmkCsv writer;

      dmk_csv_init (&writer, one);
      dmk_csv_text (&writer, fields[i]);
      g_test_message ("%s → %s", fields[i], one->str);
      g_assert_true (g_str_has_prefix (one->str, "\"'"));
      assert_inert (one->str);

      g_ptr_array_add (results, hostile_result (fields[i], "Disk"));
      cmp = dmk_comparison_new (results, DMK_UNIT_MB_S, 0);
      csv = dmk_comparison_to_csv (cmp);
      lines = g_strsplit (csv, "\r\n", -1);
      /* The header's third field is the column's title, from the file: whatever it became
       * (a tab or CR is escaped first), a spreadsheet does not run it. */
      {
        const char *title = lines[0] + strlen ("test,direction,");

        g_assert_true (g_str_has_prefix (lines[0], "test,direction,"));
        if (*title == '"')
          title++;
        g_assert_null (strchr ("=+-@\t\r", *title));
        assert_inert (lines[0]);
      }
    }
  /* Ordinary text and numbers are left alone. */
  {
    g_autoptr (GString) plain = g_string_new (NULL);
    DmkCsv writer;

    dmk_csv_init (&writer, plain);
    dmk_csv_text (&writer, "/home (Disk 2026/11/01 10:00) [MB/s]");
    g_assert_cmpstr (plain->str, ==, "/home (Disk 2026/11/01 10:00) [MB/s]");
  }
}

/* The real CLI, printing such a file: compare as text and CSV, and the loader's own message
 * about a file whose name holds ESC. */
static void
test_cli_output_inert (void)
{
  g_autoptr (DmkResult) r = hostile_result (EVIL_PATH, EVIL_MODEL);
  g_autofree char *json = dmk_result_to_json (r);
  g_autofree char *file = scratch_file ("evil.json", json, -1);
  g_autofree char *bad_name = g_build_filename (scratch, "x\033[2J\u202E.json", NULL);
  const char *text_args[] = { "compare", file, NULL };
  const char *csv_args[] = { "compare", "--format=csv", file, NULL };
  const char *bad_args[] = { "compare", bad_name, NULL };
  Cli c;

  g_assert_true (g_file_set_contents (bad_name, "{", -1, NULL));
  if (!run_cli (&c, text_args))
    return;
  g_assert_cmpint (c.status, ==, 0);
  assert_inert (c.out);
  g_assert_nonnull (strstr (c.out, "\\x1b[2J"));
  cli_clear (&c);
  run_cli (&c, csv_args);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_null (strchr (c.out, '\033'));
  cli_clear (&c);
  run_cli (&c, bad_args);
  g_assert_cmpint (c.status, ==, 1);
  assert_inert (c.err);
  g_assert_nonnull (strstr (c.err, "x\\x1b[2J\\u202e.json"));
  cli_clear (&c);
  g_unlink (bad_name);
  g_unlink (file);
}

/* ---- every loader and the escaper over mutated input, with a fixed seed ---- */

/* Not a fuzzer's coverage search, a smoke test that runs everywhere the suite does (and under
 * ASan): bytes flipped, inserted and cut in valid inputs of each kind, every loader fed each. */
static void
test_mutated_inputs (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (24);
  g_autoptr (DmkResult) r = hostile_result ("/home", "Disk");
  g_autofree char *json = dmk_result_to_json (r);
  g_autofree char *text = dmk_result_to_text (r);
  const char *job = "[global]\nioengine=libaio\ndirect=1\nsize=1g\nruntime=5\ntime_based\n\n"
                    "[seq-read]\nrw=read\nbs=1m\niodepth=8\nnumjobs=1\n\n[rnd]\nstonewall\n"
                    "rw=randwrite\nbs=4k\niodepth=32\n";
  const char *seeds[] = { json, text, job };
  const char pokes[] = "[]{}\"'\\/*#\n=,:0123456789-+\x1b\xe2\x80\xae\xff";
  guint n = g_getenv ("GDISKMARK_TEST_SANITIZED") != NULL ? 2000 : 20000;

  for (guint i = 0; i < n; i++)
    {
      const char *seed = seeds[i % G_N_ELEMENTS (seeds)];
      GString *m = g_string_new (seed);
      guint edits = 1 + g_rand_int_range (rand, 0, 8);

      for (guint e = 0; e < edits && m->len > 0; e++)
        {
          gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) m->len);

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              m->str[at] = pokes[g_rand_int_range (rand, 0, sizeof pokes - 1)];
              break;
            case 1:
              g_string_insert_c (m, (gssize) at, pokes[g_rand_int_range (rand, 0,
                                                                         sizeof pokes - 1)]);
              break;
            case 2:
              g_string_erase (m, (gssize) at, MIN (m->len - at, 16));
              break;
            default:
              g_string_truncate (m, at);
              break;
            }
        }
      {
        g_autoptr (GError) e1 = NULL, e2 = NULL;
        g_autoptr (DmkResult) a = dmk_result_from_json (m->str, (gssize) m->len, &e1);
        g_autoptr (DmkFioJob) j = dmk_fio_job_parse (m->str, (gssize) m->len, "m.fio", &e2);
        g_autofree char *safe = dmk_text_escape_controls (m->str, TRUE);

        g_assert_true ((a == NULL) != (e1 == NULL));
        g_assert_true ((j == NULL) != (e2 == NULL));
        assert_inert (safe);
        if (i % 50 == 0)
          {
            /* The file loader too, which sniffs other tools' text first. */
            g_autofree char *path = scratch_file ("m.json", m->str, (gssize) m->len);
            g_autoptr (GError) e3 = NULL;
            g_autoptr (DmkResult) b = dmk_result_load (path, &e3);

            g_assert_true ((b == NULL) != (e3 == NULL));
            if (b != NULL)
              {
                g_autofree char *report = dmk_result_to_text (b);
                assert_inert (report);
              }
            g_unlink (path);
          }
      }
      g_string_free (m, TRUE);
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *tmpl = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpl = g_build_filename (g_get_tmp_dir (), "dmk-untrusted-XXXXXX", NULL);
  scratch = g_mkdtemp (tmpl);
  g_assert_nonnull (scratch);
  g_test_add_func ("/untrusted/json/nesting", test_json_nesting);
  g_test_add_func ("/untrusted/json/nesting-cli", test_json_nesting_cli);
  g_test_add_func ("/untrusted/json/depth-limit", test_json_depth_limit);
  g_test_add_func ("/untrusted/loaders/special-files", test_loaders_special_files);
  g_test_add_func ("/untrusted/loaders/caps", test_loaders_caps);
  g_test_add_func ("/untrusted/loaders/cli", test_loaders_cli);
  g_test_add_func ("/untrusted/job/size-times-numjobs", test_job_size_overflow);
  g_test_add_func ("/untrusted/text/escape", test_text_escape);
  g_test_add_func ("/untrusted/text/report-and-compare", test_report_and_compare_text);
  g_test_add_func ("/untrusted/text/csv-formulas", test_csv_formulas);
  g_test_add_func ("/untrusted/text/cli", test_cli_output_inert);
  g_test_add_func ("/untrusted/mutated-inputs", test_mutated_inputs);
  status = g_test_run ();
  g_rmdir (scratch);
  return status;
}
