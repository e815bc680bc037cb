/* test-card.c: the result card and the comparison card against goldens in tests/golden/ (compared
 * with ImageMagick's compare), their text layer, their SVG, and Copy Image read back from the
 * display's clipboard as image/png by another program (xclip). */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>

#include "dmk-gui-utils.h"
#include "dmk-share-dialog.h"
#include "dmk-test-gui.h"

/* Pixels may differ by this much (fuzz) and this many may differ at all: another freetype or
 * cairo build moves antialiasing, never a number or a bar. */
#define FUZZ "8%"
#define MAX_DIFFERENT_PIXELS 600

static DmkTestResult *
make_test (const char *name, DmkDirection dir, const double *passes, guint n)
{
  DmkTestSpec spec;
  DmkTestResult *t;

  g_assert_true (dmk_test_spec_parse (name, &spec, NULL));
  t = dmk_test_result_new (&spec, dir);
  for (guint i = 0; i < n; i++)
    {
      DmkPass pass = { passes[i], passes[i] * 1e6 / spec.block_size, 0, 5.0 };

      dmk_test_result_add_pass_series (t, &pass, NULL, NULL);
    }
  t->latency_us.mean = 1e6 / (t->iops > 0 ? t->iops : 1) * spec.queue_depth * spec.threads;
  return t;
}

static DmkResult *
make_result (const char *profile, const char *model, const char *transport, guint64 size)
{
  DmkResult *r = dmk_result_new ();

  dmk_settings_init_default (&r->settings);
  g_free (r->settings.profile);
  r->settings.profile = g_strdup (profile);
  r->tool_name = g_strdup ("gdiskmark");
  r->tool_version = g_strdup ("0.9.0");
  r->engine = g_strdup ("io_uring");
  r->date = g_strdup ("2026-12-07T14:30:00+00:00");
  r->target.path = g_strdup ("~/bench");
  r->target.kind = DMK_TARGET_DIRECTORY;
  r->target.filesystem = g_strdup ("ext4");
  r->target.model = g_strdup (model);
  r->target.transport = g_strdup (transport);
  r->target.size_bytes = size;
  return r;
}

static void
add (DmkResult *r, const char *name, DmkDirection dir, double a, double b, double c)
{
  const double passes[] = { a, b, c, (a + b) / 2, (b + c) / 2 };

  g_ptr_array_add (r->tests, make_test (name, dir, passes, G_N_ELEMENTS (passes)));
}

/* CrystalDiskMark 8's default profile on a SATA SSD. */
static DmkResult *
fixture_default (void)
{
  DmkResult *r = make_result ("default", "Samsung SSD 870 EVO 1TB", "sata", 1000204886016);

  add (r, "SEQ1M Q8T1", DMK_DIRECTION_READ, 556.1, 559.4, 558.2);
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_READ, 521.3, 524.9, 523.0);
  add (r, "RND4K Q32T1", DMK_DIRECTION_READ, 402.5, 398.2, 405.7);
  add (r, "RND4K Q1T1", DMK_DIRECTION_READ, 48.31, 49.02, 47.88);
  add (r, "SEQ1M Q8T1", DMK_DIRECTION_WRITE, 530.2, 532.8, 529.9);
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_WRITE, 498.7, 501.1, 499.4);
  add (r, "RND4K Q32T1", DMK_DIRECTION_WRITE, 355.6, 361.2, 358.0);
  add (r, "RND4K Q1T1", DMK_DIRECTION_WRITE, 121.4, 118.9, 120.2);
  return r;
}

/* The same profile on a USB enclosure whose passes scatter (a warning leaves one value unranked),
 * and on a hard disk: the comparison's columns. */
static DmkResult *
fixture_default_usb (void)
{
  DmkResult *r = make_result ("default", "Samsung SSD 870 EVO 1TB", "usb", 1000204886016);

  g_free (r->target.path);
  r->target.path = g_strdup ("/media/usb");
  add (r, "SEQ1M Q8T1", DMK_DIRECTION_READ, 420.1, 425.3, 423.0);
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_READ, 380.2, 384.9, 381.0);
  add (r, "RND4K Q32T1", DMK_DIRECTION_READ, 250.5, 258.2, 255.7);
  add (r, "RND4K Q1T1", DMK_DIRECTION_READ, 30.31, 31.02, 30.88);
  add (r, "SEQ1M Q8T1", DMK_DIRECTION_WRITE, 601.2, 380.8, 590.9);
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_WRITE, 400.7, 401.1, 399.4);
  add (r, "RND4K Q32T1", DMK_DIRECTION_WRITE, 220.6, 221.2, 219.0);
  add (r, "RND4K Q1T1", DMK_DIRECTION_WRITE, 121.0, 120.9, 120.5);
  g_ptr_array_add (r->warnings, g_strdup ("SEQ1M Q8T1 Write: the passes scatter (RSD 20.1%, "
                                          "380.80–601.20 MB/s): the score may not repeat"));
  return r;
}

static DmkResult *
fixture_default_hdd (void)
{
  DmkResult *r = make_result ("default", "ST2000DM008-2FR102", "sata", 2000398934016);

  g_free (r->target.path);
  r->target.path = g_strdup ("/srv/data");
  r->target.rotational = TRUE;
  add (r, "SEQ1M Q8T1", DMK_DIRECTION_READ, 210.1, 208.3, 209.0);
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_READ, 190.2, 191.9, 191.0);
  add (r, "RND4K Q32T1", DMK_DIRECTION_READ, 1.85, 1.82, 1.84);
  add (r, "RND4K Q1T1", DMK_DIRECTION_READ, 0.61, 0.62, 0.60);
  add (r, "SEQ1M Q8T1", DMK_DIRECTION_WRITE, 200.2, 198.8, 199.9);
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_WRITE, 185.7, 186.1, 185.4);
  add (r, "RND4K Q32T1", DMK_DIRECTION_WRITE, 1.95, 1.92, 1.90);
  add (r, "RND4K Q1T1", DMK_DIRECTION_WRITE, 1.41, 1.39, 1.40);
  return r;
}

/* The NVMe profile with a 70/30 mix. */
static DmkResult *
fixture_nvme (void)
{
  DmkResult *r = make_result ("nvme", "WD_BLACK SN850X 2000GB", "nvme", 2000398934016);
  static const char *const tests[] = { "SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16",
                                       "RND4K Q1T1" };
  static const double read[] = { 7251.4, 6890.2, 4210.7, 88.41 };
  static const double write[] = { 6702.9, 6510.3, 3890.1, 241.7 };
  static const double mix[] = { 5320.6, 5101.8, 2980.4, 112.9 };

  r->settings.mix_read_percent = 70;
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      add (r, tests[i], DMK_DIRECTION_READ, read[i], read[i] * 0.99, read[i] * 0.985);
      add (r, tests[i], DMK_DIRECTION_WRITE, write[i] * 0.97, write[i], write[i] * 0.98);
      add (r, tests[i], DMK_DIRECTION_MIX, mix[i] * 0.95, mix[i] * 0.99, mix[i]);
    }
  return r;
}

/* A USB stick whose passes scatter, with warnings and a comment in Japanese. */
static DmkResult *
fixture_warnings (void)
{
  DmkResult *r = make_result ("classic", "SanDisk Ultra USB 3.0", "usb", 61530439680);

  g_free (r->target.filesystem);
  r->target.filesystem = g_strdup ("exfat");
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_READ, 131.2, 98.4, 120.7);
  add (r, "RND512K Q1T1", DMK_DIRECTION_READ, 88.2, 80.1, 86.4);
  add (r, "RND4K Q1T1", DMK_DIRECTION_READ, 7.12, 6.41, 7.05);
  add (r, "RND4K Q32T1", DMK_DIRECTION_READ, 9.81, 9.66, 9.75);
  add (r, "SEQ1M Q1T1", DMK_DIRECTION_WRITE, 41.2, 22.8, 38.5);
  add (r, "RND512K Q1T1", DMK_DIRECTION_WRITE, 3.21, 2.95, 3.18);
  add (r, "RND4K Q1T1", DMK_DIRECTION_WRITE, 0.84, 0.79, 0.91);
  add (r, "RND4K Q32T1", DMK_DIRECTION_WRITE, 0.95, 0.88, 0.93);
  g_ptr_array_add (r->warnings, g_strdup ("SEQ1M Q1T1 Write: the passes scatter (RSD 24.6%, "
                                          "22.80–41.20 MB/s): the score may not repeat"));
  g_ptr_array_add (r->warnings, g_strdup ("The drive is on USB 2.0 (480 Mb/s): no read can "
                                          "pass 60 MB/s there"));
  r->comment = g_strdup ("会社のノートPCのUSBメモリ。夏の暑い日に測定しました。");
  return r;
}

static char *
golden_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "golden", name, NULL);
}

/* Renders card at width and compares the PNG with the golden of that name; with
 * GDISKMARK_UPDATE_GOLDEN set, writes the golden instead (look at it before committing it). */
static void
check_golden (DmkCard *card, int width, gboolean dark, const char *name)
{
  DmkCardOptions options = { dark, width };
  g_autoptr (GError) error = NULL;
  g_autofree char *golden = golden_path (name);
  g_autofree char *dir = g_dir_make_tmp ("card-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, name, NULL);
  g_autofree char *diff = g_build_filename (dir, "diff.png", NULL);
  g_autofree char *out = NULL, *err = NULL;
  int status = 0, w = 0, h = 0;
  g_autoptr (GdkTexture) texture = NULL;

  g_assert_no_error (error);
  g_assert_true (dmk_card_save (card, &options, DMK_CARD_PNG, png, &error));
  g_assert_no_error (error);
  dmk_card_get_size (card, &options, &w, &h);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, w);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, h);
  if (width > 0)
    g_assert_cmpint (w, ==, width);
  if (g_getenv ("GDISKMARK_UPDATE_GOLDEN") != NULL)
    {
      g_autofree char *source =
        g_build_filename (g_getenv ("GDISKMARK_UPDATE_GOLDEN"), name, NULL);
      g_autofree char *cmd = g_strdup_printf ("cp %s %s", png, source);
      g_assert_cmpint (system (cmd), ==, 0);
    }
  else
    {
      const char *argv[] = { "/usr/bin/compare", "-metric", "AE", "-fuzz", FUZZ, png, golden,
                             diff, NULL };

      if (!g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE))
        {
          g_test_skip ("ImageMagick's compare is not installed (package imagemagick)");
          return;
        }
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                   &err, &status, &error));
      g_assert_no_error (error);
      /* compare prints the count of different pixels on stderr; it exits 1 when they differ. */
      g_test_message ("%s: %s pixels differ", name, err);
      g_assert_cmpint (g_ascii_strtoll (err, NULL, 10), <=, MAX_DIFFERENT_PIXELS);
      g_assert_true (g_ascii_isdigit (err[0]));
    }
  g_unlink (png);
  g_unlink (diff);
  g_rmdir (dir);
}

static void
test_golden_default (void)
{
  g_autoptr (DmkResult) r = fixture_default ();
  g_autoptr (DmkCard) card = dmk_card_new_for_result (r);

  check_golden (card, 600, FALSE, "card-default.png");
  check_golden (card, 600, TRUE, "card-default-dark.png");
}

static void
test_golden_nvme (void)
{
  g_autoptr (DmkResult) r = fixture_nvme ();
  g_autoptr (DmkCard) card = dmk_card_new_for_result (r);

  check_golden (card, 600, FALSE, "card-nvme-mix.png");
}

static void
test_golden_warnings (void)
{
  g_autoptr (DmkResult) r = fixture_warnings ();
  g_autoptr (DmkCard) card = dmk_card_new_for_result (r);

  check_golden (card, 600, FALSE, "card-warnings-ja.png");
}

static void
test_golden_compare (void)
{
  g_autoptr (GPtrArray) results =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  g_autoptr (DmkCard) card = NULL;

  g_ptr_array_add (results, fixture_default ());
  g_ptr_array_add (results, fixture_default_usb ());
  g_ptr_array_add (results, fixture_default_hdd ());
  card = dmk_card_new_for_comparison (results, DMK_UNIT_MB_S, 0);
  check_golden (card, 0, FALSE, "card-compare.png");
}

/* tests/share/alice.json (a real run with private things written in) as this machine's: its
 * host name where "@HOST@" is. */
static DmkResult *
alice (char **path_out)
{
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "share", "alice.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GString) json = NULL;
  g_autoptr (GError) error = NULL;
  DmkResult *r;

  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  json = g_string_new (text);
  g_string_replace (json, "@HOST@", g_get_host_name (), 0);
  r = dmk_result_from_json (json->str, json->len, &error);
  g_assert_no_error (error);
  if (path_out != NULL)
    {
      g_autofree char *dir = g_dir_make_tmp ("card-alice-XXXXXX", &error);

      g_assert_no_error (error);
      *path_out = g_build_filename (dir, "alice.json", NULL);
      g_assert_true (g_file_set_contents (*path_out, json->str, json->len, NULL));
    }
  return r;
}

/* What the card draws of a result with a serial, a home path, a host and a user name: its
 * numbers and drive, and none of those once redacted; the same card of the whole result has
 * them (the test could not fail otherwise). */
static void
test_private (void)
{
  g_autoptr (DmkResult) r = alice (NULL);
  g_autoptr (DmkResult) shared = dmk_share_redact (r, DMK_SHARE_KEEP_NONE, NULL, NULL);
  g_autoptr (DmkCard) whole = dmk_card_new_for_result (r);
  g_autoptr (DmkCard) card = dmk_card_new_for_result (shared);
  DmkCardOptions options = { FALSE, 600 };
  g_autofree char *whole_text = dmk_card_get_text (whole, &options);
  g_autofree char *text = dmk_card_get_text (card, &options);
  g_autoptr (GBytes) svg = dmk_card_render (card, &options, DMK_CARD_SVG, NULL);
  static const char *const secrets[] = { "S6PNNS0T123456A", "/home/alice", "alice", "Alice",
                                         "5002538f4123abcd", "BACKUP2TB" };
  gboolean any = FALSE;

  g_test_message ("the card's text layer:\n%s", text);
  for (guint i = 0; i < G_N_ELEMENTS (secrets); i++)
    {
      any |= strstr (whole_text, secrets[i]) != NULL;
      g_assert_null (strstr (text, secrets[i]));
    }
  g_assert_true (any);
  g_assert_null (strstr (text, g_get_host_name ()));
  g_assert_nonnull (strstr (text, "Samsung SSD 870 EVO 1TB"));
  for (guint i = 0; i < shared->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (shared->tests, i);
      g_autofree char *value = dmk_unit_format (DMK_UNIT_MB_S, t->mb_per_s);

      g_assert_nonnull (strstr (text, value));
    }
  /* The SVG is a picture of glyphs (no text to search), and well formed enough to start as one. */
  g_assert_nonnull (svg);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (svg, NULL), "<?xml"));
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg), "<svg"));
}

static void
communicated (GObject *source, GAsyncResult *res, gpointer data)
{
  GBytes **out = data;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_subprocess_communicate_finish (G_SUBPROCESS (source), res, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (*out);
}

/* Runs xclip to read the display's clipboard as target while this process serves it. */
static GBytes *
read_clipboard_as (const char *target)
{
  const char *argv[] = { "xclip", "-selection", "clipboard", "-t", target, "-o", NULL };
  g_autoptr (GSubprocess) p = NULL;
  g_autoptr (GError) error = NULL;
  GBytes *out = NULL;

  p = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                         &error);
  g_assert_no_error (error);
  g_subprocess_communicate_async (p, NULL, NULL, communicated, &out);
  while (out == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_subprocess_get_successful (p));
  return out;
}

/* Copy Image in the comparison window: another program reads an image/png off the display's
 * clipboard, and its pixels are the card's. */
static void
test_copy_image (void)
{
  g_autoptr (GPtrArray) results =
    g_ptr_array_new_with_free_func ((GDestroyNotify) dmk_result_unref);
  DmkCompareWindow *cmp = dmk_compare_window_new (NULL);
  DmkCardOptions options = { FALSE, 0 };
  g_autoptr (DmkCard) card = NULL;
  g_autoptr (GBytes) targets = NULL, png = NULL, want = NULL;
  g_autoptr (GdkTexture) got = NULL, expected = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree guchar *a = NULL, *b = NULL;
  int w, h;

  if (!g_file_test ("/usr/bin/xclip", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("xclip is not installed (package xclip)");
      gtk_window_destroy (GTK_WINDOW (cmp));
      return;
    }
  g_ptr_array_add (results, fixture_default ());
  g_ptr_array_add (results, fixture_default_usb ());
  for (guint i = 0; i < results->len; i++)
    dmk_compare_window_add_result (cmp, g_ptr_array_index (results, i), NULL);
  gtk_window_present (GTK_WINDOW (cmp));
  g_assert_true (iterate_until (widget_shown, cmp));
  g_action_group_activate_action (G_ACTION_GROUP (cmp), "copy-image", NULL);
  targets = read_clipboard_as ("TARGETS");
  g_test_message ("the clipboard offers:\n%.*s", (int) g_bytes_get_size (targets),
                  (const char *) g_bytes_get_data (targets, NULL));
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (targets, NULL), g_bytes_get_size (targets),
                                  "image/png"));
  png = read_clipboard_as ("image/png");
  g_assert_true (g_str_has_prefix (g_bytes_get_data (png, NULL), "\x89PNG"));
  got = gdk_texture_new_from_bytes (png, &error);
  g_assert_no_error (error);
  /* The window's card is of the results made fit to share. */
  for (guint i = 0; i < results->len; i++)
    {
      DmkResult *whole = g_ptr_array_index (results, i);
      g_ptr_array_index (results, i) = dmk_share_redact (whole, DMK_SHARE_KEEP_NONE, NULL, NULL);
      dmk_result_unref (whole);
    }
  card = dmk_card_new_for_comparison (results, DMK_UNIT_MB_S, 0);
  want = dmk_card_render (card, &options, DMK_CARD_PNG, &error);
  g_assert_no_error (error);
  expected = gdk_texture_new_from_bytes (want, &error);
  g_assert_no_error (error);
  w = gdk_texture_get_width (expected);
  h = gdk_texture_get_height (expected);
  g_assert_cmpint (gdk_texture_get_width (got), ==, w);
  g_assert_cmpint (gdk_texture_get_height (got), ==, h);
  a = g_malloc ((gsize) w * h * 4);
  b = g_malloc ((gsize) w * h * 4);
  gdk_texture_download (got, a, (gsize) w * 4);
  gdk_texture_download (expected, b, (gsize) w * 4);
  g_assert_cmpmem (a, (gsize) w * h * 4, b, (gsize) w * h * 4);
  gtk_window_destroy (GTK_WINDOW (cmp));
}

static gboolean share_dialog_open (gpointer data);

static gboolean
share_dialog_closed (gpointer data)
{
  DmkShareDialog *dialog = NULL;

  return !share_dialog_open (&dialog);
}

static gboolean
share_dialog_open (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (DMK_IS_SHARE_DIALOG (w) && widget_shown (w))
        {
          *(DmkShareDialog **) data = DMK_SHARE_DIALOG (w);
          return TRUE;
        }
    }
  return FALSE;
}

/* Every control a user can reach says what it is: buttons by their labels, the boxes and the
 * switch by their rows' titles. */
static void
assert_named (GtkWidget *widget)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_BUTTON (c) && !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (c)) &&
          gtk_button_get_label (GTK_BUTTON (c)) != NULL)
        g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (c)), !=, "");
      if (GTK_IS_CHECK_BUTTON (c) || GTK_IS_SWITCH (c))
        {
          GtkWidget *row = gtk_widget_get_ancestor (c, ADW_TYPE_ACTION_ROW);
          g_assert_nonnull (row);
          g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), !=, "");
        }
      assert_named (c);
    }
}

/* The Share dialog: opened by its shortcut, it fits a window 546 px wide; nothing private is
 * ticked, the Left Out list names the serial and the home folder, and ticking the serial keeps
 * it in the shared JSON only. */
static void
test_share_dialog (void)
{
  g_autofree char *dir = make_target_dir ();
  g_autofree char *path = NULL;
  g_autoptr (DmkResult) r = alice (&path);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *json_path = g_build_filename (dir, "shared.json", NULL);
  g_autofree char *json = NULL;
  DmkWindow *win = new_window (dir);
  DmkShareDialog *dialog = NULL;
  int min = 0;

  g_assert_true (dmk_window_open_file (win, file, &error));
  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (win), 546, 700);
  gtk_window_present (GTK_WINDOW (win));
  g_assert_true (iterate_until (widget_shown, win));
  if (!press_key (GTK_WIDGET (win), "ctrl+shift+s"))
    {
      g_test_skip ("xdotool is not installed (package xdotool)");
      destroy_window (win);
      return;
    }
  g_assert_true (iterate_until (share_dialog_open, &dialog));
  settle ();
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL,
                      NULL);
  g_test_message ("the Share dialog: %d px wide, at least %d", gtk_widget_get_width (
                    GTK_WIDGET (dialog)), min);
  g_assert_cmpint (min, <=, 546);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, 546);
  assert_named (GTK_WIDGET (dialog));
  if (g_getenv ("DMK_SHOTS_DIR") != NULL)
    {
      g_autofree char *shot = g_build_filename (g_getenv ("DMK_SHOTS_DIR"), "share-dialog.png",
                                                NULL);
      g_assert_true (dmk_save_widget_png (GTK_WIDGET (dialog), shot, NULL));
    }
  g_assert_cmpint (dmk_share_dialog_get_keep (dialog), ==, DMK_SHARE_KEEP_NONE);
  g_assert_nonnull (strstr (dmk_share_dialog_get_left_out (dialog), "S6PNNS0T123456A"));
  g_assert_nonnull (strstr (dmk_share_dialog_get_left_out (dialog), "/home/alice"));
  dmk_share_dialog_set_form (dialog, DMK_SHARE_FORM_JSON);
  g_assert_true (dmk_share_dialog_save (dialog, json_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (json_path, &json, NULL, NULL));
  g_assert_null (strstr (json, "S6PNNS0T123456A"));
  g_assert_null (strstr (json, "/home/alice"));
  g_clear_pointer (&json, g_free);
  dmk_share_dialog_set_keep (dialog, DMK_SHARE_KEEP_SERIAL);
  g_assert_null (strstr (dmk_share_dialog_get_left_out (dialog), "S6PNNS0T123456A"));
  g_assert_true (dmk_share_dialog_save (dialog, json_path, &error));
  g_assert_true (g_file_get_contents (json_path, &json, NULL, NULL));
  g_assert_nonnull (strstr (json, "S6PNNS0T123456A"));
  g_assert_null (strstr (json, "/home/alice"));
  /* The forum text: Markdown and BBCode of the shared result, never the serial. */
  for (DmkShareForm form = DMK_SHARE_FORM_MARKDOWN; form <= DMK_SHARE_FORM_BBCODE; form++)
    {
      g_autoptr (DmkResult) shared = dmk_share_redact (r, DMK_SHARE_KEEP_NONE, NULL, NULL);
      g_autofree char *want = dmk_share_result_text (shared, form == DMK_SHARE_FORM_MARKDOWN
                                                               ? DMK_SHARE_MARKDOWN
                                                               : DMK_SHARE_BBCODE);

      dmk_share_dialog_set_keep (dialog, DMK_SHARE_KEEP_NONE);
      dmk_share_dialog_set_form (dialog, form);
      g_clear_pointer (&json, g_free);
      g_assert_true (dmk_share_dialog_save (dialog, json_path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (json_path, &json, NULL, NULL));
      g_assert_cmpstr (json, ==, want);
      g_assert_null (strstr (json, "S6PNNS0T123456A"));
      g_assert_true (dmk_share_dialog_copy (dialog));
    }
  /* Escape closes it: the first one takes the toast away where one is shown. */
  for (guint i = 0; i < 3 && !share_dialog_closed (NULL); i++)
    {
      g_assert_true (press_key (GTK_WIDGET (dialog), "Escape"));
      settle ();
    }
  g_assert_true (share_dialog_closed (NULL));
  g_unlink (json_path);
  destroy_window (win);
}

int
main (int argc, char **argv)
{
  /* The dates are drawn in local time: the goldens' are UTC. */
  g_setenv ("TZ", "UTC", TRUE);
  setlocale (LC_ALL, "");
  if (!dmk_test_gui_init (&argc, &argv, "card"))
    return g_test_run ();
  reset_settings ();
  g_test_add_func ("/card/private", test_private);
  g_test_add_func ("/card/copy-image", test_copy_image);
  g_test_add_func ("/card/share-dialog", test_share_dialog);
  g_test_add_func ("/card/golden/default", test_golden_default);
  g_test_add_func ("/card/golden/nvme-mix", test_golden_nvme);
  g_test_add_func ("/card/golden/warnings-ja", test_golden_warnings);
  g_test_add_func ("/card/golden/compare", test_golden_compare);
  return g_test_run ();
}
