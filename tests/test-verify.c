/* test-verify.c: --verify (issue 25): a device that flips one byte on read is caught, in JSON,
 * text and the exit status; every byte of a stamp counts; a clean device and a folder report 0
 * mismatches; and a device is never stamped without consent. */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-fuse.h"
#include "dmk-test-loop.h"

#define FLIP_AT (((guint64) 5 << 20) + 100)

/* gdiskmark-cli --verify, a short read-write run of two tests on target; its exit status, and
 * its JSON parsed into *out. */
static int
run_verify (const char *target, const char *mode, JsonObject **out, JsonParser *parser)
{
  g_autofree char *mode_arg = g_strdup_printf ("--mode=%s", mode);
  const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "-q", "--json", "--verify",
                         "--allow-write-device", "--allow-stacked-loop", "-n", "1", "-t", "1",
                         "-w", "0", "-i", "0", "-s", "16MiB", mode_arg, "--test", "SEQ1M Q8T1", "--test",
                         "RND4K Q32T1", target, NULL };
  g_autofree char *json = NULL;
  int status = dmk_test_run_tool (argv, &json);

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  *out = json_node_get_object (json_parser_get_root (parser));
  return status;
}

static JsonObject *
verify_of (JsonObject *o)
{
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (o, "settings"),
                                                 "verify"));
  return json_object_get_object_member (o, "verify");
}

/* The fake disk of 64 MiB of one test, flipping a byte at FLIP_AT when flip is not NULL. */
typedef struct
{
  gboolean ready;
} Fake;

static void
fake_set_up (Fake *f, gconstpointer flip)
{
  g_autofree char *at = g_strdup_printf ("%" G_GUINT64_FORMAT, FLIP_AT);
  const char *options[] = { "--flip", at, NULL };

  f->ready = dmk_test_fuse_setup ((guint64) 64 << 20, flip != NULL ? options : NULL);
}

static void
fake_tear_down (Fake *f, gconstpointer flip)
{
  dmk_test_fuse_cleanup ();
}

static void
test_flip_caught (Fake *f, gconstpointer flip)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *o, *v;
  JsonArray *warnings;

  if (!f->ready)
    return;
  g_assert_cmpint (run_verify (dmk_test_fuse_loop, "read", &o, parser), ==, 3);
  v = verify_of (o);
  g_assert_cmpint (json_object_get_int_member (v, "mismatches"), >, 0);
  g_assert_cmpint (json_object_get_int_member (v, "checked_blocks"), >,
                   json_object_get_int_member (v, "mismatches"));
  /* The flipped byte's 4 KiB block, to the block. */
  g_assert_cmpint (json_object_get_int_member (v, "first_mismatch_offset"), ==,
                   FLIP_AT - FLIP_AT % DMK_STAMP_SIZE);
  warnings = json_object_get_array_member (o, "warnings");
  g_assert_cmpuint (json_array_get_length (warnings), >, 0);
  g_test_message ("%s", json_array_get_string_element (warnings, 0));
  /* One flipped block is one block, however many reads met it (the JSON counts the reads). */
  g_assert_cmpint (json_object_get_int_member (v, "mismatches"), >, 1);
  g_assert_true (g_str_has_prefix (json_array_get_string_element (warnings, 0),
                                   "Verify failed: 1 of the 4096 blocks did not hold what was "
                                   "written when read back at the end (the first at offset "
                                   "5242880); reads found a bad block "));
}

/* Every byte of a stamp counts: one flipped bit anywhere in a block, header or body (the check
 * compares whole vectors of words), makes it bad; the untouched block and its neighbour check
 * clean. */
static void
test_stamp_every_byte (void)
{
  const guint64 run_id = G_GUINT64_CONSTANT (0x1234567890abcdef), offset = (guint64) 7 << 20;
  guint8 *buf = g_malloc (2 * DMK_STAMP_SIZE);

  dmk_stamp_fill (buf, 2 * DMK_STAMP_SIZE, run_id, offset);
  g_assert_cmpint (dmk_stamp_check (buf, run_id, offset, NULL), ==, DMK_STAMP_OK);
  g_assert_cmpint (dmk_stamp_check (buf + DMK_STAMP_SIZE, run_id, offset + DMK_STAMP_SIZE, NULL),
                   ==, DMK_STAMP_OK);
  for (guint at = 0; at < DMK_STAMP_SIZE; at++)
    {
      guint8 bit = (guint8) (1u << (at % 8));

      buf[at] ^= bit;
      g_assert_cmpint (dmk_stamp_check (buf, run_id, offset, NULL), !=, DMK_STAMP_OK);
      buf[at] ^= bit;
    }
  g_assert_cmpint (dmk_stamp_check (buf, run_id, offset, NULL), ==, DMK_STAMP_OK);
  /* A block is its offset's: the next block's stamp is not this one's. */
  g_assert_cmpint (dmk_stamp_check (buf + DMK_STAMP_SIZE, run_id, offset, NULL), ==,
                   DMK_STAMP_MOVED);
  g_free (buf);
}

/* The same fake device without the flip: everything checked, nothing wrong, exit 0. */
static void
test_clean_device (Fake *f, gconstpointer flip)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *o, *v;

  if (!f->ready)
    return;
  g_assert_cmpint (run_verify (dmk_test_fuse_loop, "read-write", &o, parser), ==, 0);
  v = verify_of (o);
  g_assert_cmpint (json_object_get_int_member (v, "mismatches"), ==, 0);
  /* At least the final read-back of all 16 MiB. */
  g_assert_cmpint (json_object_get_int_member (v, "checked_blocks"), >=, (16 << 20) / 4096);
  g_assert_true (json_object_get_null_member (v, "first_mismatch_offset"));
}

/* A folder: the stamps go into the hidden test file; the result file keeps the count. */
static void
test_folder_round_trip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gdiskmark-verify-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "r.json", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DmkResult) r = NULL;
  g_autofree char *text = NULL;
  JsonObject *o, *v;

  g_assert_cmpint (run_verify (dir, "read-write", &o, parser), ==, 0);
  v = verify_of (o);
  g_assert_cmpint (json_object_get_int_member (v, "mismatches"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (v, "checked_blocks"), >=, (16 << 20) / 4096);
  {
    const char *argv[] = { g_getenv ("GDISKMARK_CLI"), "-q", "--verify", "-n", "1", "-t", "1",
                           "-w", "0", "-i", "0", "-s", "16MiB", "--test", "RND4K Q32T1", "-o",
                           file, dir, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 0);
  }
  r = dmk_result_load (file, &error);
  g_assert_no_error (error);
  g_assert_true (r->settings.verify);
  g_assert_cmpuint (r->verify.checked, >, 0);
  g_assert_cmpuint (r->verify.bad, ==, 0);
  text = dmk_result_to_text (r);
  g_assert_nonnull (strstr (text, "0 mismatches"));
  g_assert_cmpint (g_unlink (file), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0); /* nothing else was left there */
}

/* Without --allow-write-device a device is refused, not stamped. */
static void
test_device_needs_consent (DmkTestLoopFixture *f, gconstpointer seed)
{
  const char *cli = g_getenv ("GDISKMARK_CLI");
  g_autofree char *before = NULL, *after = NULL;

  if (!f->ready)
    return;
  before = dmk_test_loop_checksum ();
  {
    const char *argv[] = { cli, "-q", "--verify", "--mode=read", "-n", "1", "-t", "1", "-s",
                           "16MiB", dmk_test_loop, NULL };
    g_assert_cmpint (dmk_test_run_tool (argv, NULL), ==, 2);
  }
  after = dmk_test_loop_checksum ();
  g_assert_cmpstr (before, ==, after);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  dmk_test_loop_cleanup_on_signals (dmk_test_fuse_cleanup);
  g_test_add ("/verify/flip-caught", Fake, "flip", fake_set_up, test_flip_caught,
              fake_tear_down);
  g_test_add_func ("/verify/stamp-every-byte", test_stamp_every_byte);
  g_test_add ("/verify/clean-device", Fake, NULL, fake_set_up, test_clean_device,
              fake_tear_down);
  g_test_add_func ("/verify/folder-round-trip", test_folder_round_trip);
  g_test_add ("/verify/device-needs-consent", DmkTestLoopFixture, GUINT_TO_POINTER (7),
              dmk_test_loop_fixture_seeded, test_device_needs_consent,
              dmk_test_loop_fixture_teardown);
  return g_test_run ();
}
