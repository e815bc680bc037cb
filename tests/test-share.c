/* test-share.c: a shared result leaves out what is private (issue 50): the filter field by field,
 * what it keeps when asked, and that the ordinary save keeps everything. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "dmk-core.h"
#include "dmk-test-share.h"

#define SERIAL SHARE_SERIAL
#define WWN SHARE_WWN
#define UUID SHARE_UUID
#define LABEL SHARE_LABEL
#define HOST "alice-laptop"

static const DmkShareContext alice = {
  .home_dir = "/home/alice",
  .user_name = "alice",
  .real_name = "Alice Liddell",
  .host_name = HOST ".example.org",
};

static DmkResult *
alice_result (void)
{
  g_autofree char *json = share_fixture_text (HOST);
  g_autoptr (GError) error = NULL;
  DmkResult *r = dmk_result_from_json (json, -1, &error);

  g_assert_no_error (error);
  return r;
}

static char *
shared_json (DmkShareKeep keep)
{
  g_autoptr (DmkResult) r = alice_result ();

  return dmk_share_to_json (r, keep, &alice);
}

/* One assertion per private thing, each named in the failure. */
static void
test_filter_each_field (void)
{
  g_autofree char *json = shared_json (DMK_SHARE_KEEP_NONE);

  g_assert_null (strstr (json, SERIAL));
  g_assert_null (strstr (json, WWN));
  g_assert_null (strstr (json, UUID));
  g_assert_null (strstr (json, LABEL));
  g_assert_null (strstr (json, HOST));
  g_assert_null (strstr (json, "/home/"));
  g_assert_null (strstr (json, "alice"));
  /* What is not private stays: the model, the numbers' section, the filesystem. */
  g_assert_nonnull (strstr (json, "Samsung SSD 870 EVO 1TB"));
  g_assert_nonnull (strstr (json, "\"ext4\""));
  g_assert_nonnull (strstr (json, "\"~/bench\""));
}

static void
test_filter_left_out (void)
{
  g_autoptr (DmkResult) r = alice_result ();
  g_autoptr (GPtrArray) left_out = NULL;
  g_autoptr (DmkResult) shared = dmk_share_redact (r, DMK_SHARE_KEEP_NONE, &alice, &left_out);
  g_autoptr (GString) all = g_string_new (NULL);

  for (guint i = 0; i < left_out->len; i++)
    g_string_append_printf (all, "%s\n", (char *) g_ptr_array_index (left_out, i));
  g_test_message ("left out:\n%s", all->str);
  g_assert_nonnull (strstr (all->str, "Serial number: " SERIAL "\n"));
  g_assert_nonnull (strstr (all->str, "World Wide Name (WWN): 0x" WWN "\n"));
  g_assert_nonnull (strstr (all->str, "UUID: " UUID "\n"));
  g_assert_nonnull (strstr (all->str, "Host name: " HOST "\n"));
  g_assert_nonnull (strstr (all->str, "User name: alice\n"));
  g_assert_nonnull (strstr (all->str, "Home folder (shown as ~): /home/alice\n"));
  g_assert_nonnull (strstr (all->str, "Mount label: " LABEL "\n"));
  /* The real name and the full host name were not in the result: not listed. */
  g_assert_null (strstr (all->str, "Liddell"));
  g_assert_null (strstr (all->str, "example.org"));
  g_assert_cmpuint (left_out->len, ==, 7);
  g_assert_cmpstr (shared->target.path, ==, "~/bench");
  g_assert_cmpstr (shared->target.device, ==, "/dev/disk/by-id/ata-Samsung_SSD_870_EVO_1TB_(serial)-part2");
  g_assert_cmpstr (shared->comment, ==, "Run by (user) on (host), drive WWN (WWN)");
}

/* The copy is deep: the original keeps everything, and so does its ordinary JSON. */
static void
test_filter_original_kept (void)
{
  g_autoptr (DmkResult) r = alice_result ();
  g_autoptr (DmkResult) shared = dmk_share_redact (r, DMK_SHARE_KEEP_NONE, &alice, NULL);
  g_autofree char *json = dmk_result_to_json (r);

  g_assert_cmpstr (r->target.path, ==, "/home/alice/bench");
  g_assert_nonnull (strstr (json, SERIAL));
  g_assert_nonnull (strstr (json, WWN));
  g_assert_nonnull (strstr (json, UUID));
  g_assert_nonnull (strstr (json, LABEL));
  g_assert_nonnull (strstr (json, HOST));
  g_assert_nonnull (strstr (json, "/home/alice"));
  g_assert_cmpuint (shared->tests->len, ==, r->tests->len);
}

static void
test_filter_keep_each (void)
{
  static const struct
  {
    DmkShareKeep keep;
    const char *kept;
  } cases[] = {
    { DMK_SHARE_KEEP_SERIAL, SERIAL }, { DMK_SHARE_KEEP_WWN, WWN },
    { DMK_SHARE_KEEP_UUID, UUID },     { DMK_SHARE_KEEP_HOST, HOST },
    { DMK_SHARE_KEEP_LABEL, LABEL },
  };
  const char *all[] = { SERIAL, WWN, UUID, HOST, LABEL };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *json = shared_json (cases[c].keep);

      for (guint i = 0; i < G_N_ELEMENTS (all); i++)
        if (strcmp (all[i], cases[c].kept) == 0)
          g_assert_nonnull (strstr (json, all[i]));
        else
          g_assert_null (strstr (json, all[i]));
    }
}

/* A home path kept with the user left out shows where it was without whose it was. */
static void
test_filter_paths_without_user (void)
{
  g_autoptr (DmkResult) r = alice_result ();
  g_autoptr (DmkResult) paths = dmk_share_redact (r, DMK_SHARE_KEEP_PATHS, &alice, NULL);
  g_autoptr (DmkResult) both =
    dmk_share_redact (r, DMK_SHARE_KEEP_PATHS | DMK_SHARE_KEEP_USER, &alice, NULL);

  g_assert_cmpstr (paths->target.path, ==, "/home/(user)/bench");
  g_assert_cmpstr (both->target.path, ==, "/home/alice/bench");
}

/* The shapes of private things in paths, wherever a result holds a string. */
static void
test_filter_shapes (void)
{
  static const struct
  {
    const char *in, *out;
  } cases[] = {
    { "/dev/disk/by-id/nvme-Samsung_SSD_980_PRO_1TB_S5GXNF0R123456X",
      "/dev/disk/by-id/nvme-Samsung_SSD_980_PRO_1TB_(serial)" },
    { "/dev/disk/by-id/nvme-Samsung_SSD_980_PRO_1TB_S5GXNF0R123456X_1-part2",
      "/dev/disk/by-id/nvme-Samsung_SSD_980_PRO_1TB_(serial)_1-part2" },
    { "/dev/disk/by-id/virtio-BHYVE0123456", "/dev/disk/by-id/virtio-(serial)" },
    { "/dev/disk/by-id/nvme-eui.0025385b11b0a1c2", "/dev/disk/by-id/nvme-(WWN)" },
    { "/dev/disk/by-id/wwn-0x5000c500a1b2c3d4-part1", "/dev/disk/by-id/wwn-(WWN)-part1" },
    { "/dev/disk/by-id/usb-SanDisk_Ultra_4C530001230417115123-0:0",
      "/dev/disk/by-id/usb-SanDisk_Ultra_(serial)-0:0" },
    { "/dev/disk/by-partuuid/0d7e3a4b-01", "/dev/disk/by-partuuid/(UUID)" },
    { "/dev/disk/by-label/Photos", "/dev/disk/by-label/(label)" },
    { "Loop device (/var/home/bob/disk.img)", "Loop device (~/disk.img)" },
    { "/media/carol/My Stick/x", "/media/(user)/(label)/x" },
    { "/home/alicebob/x by Alice Liddell", "~/x by (user)" },
    { "alice-laptop.example.org and alice-laptop", "(host) and (host)" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (DmkResult) r = dmk_result_new ();
      g_autoptr (DmkResult) shared = NULL;

      g_ptr_array_add (r->warnings, g_strdup (cases[c].in));
      shared = dmk_share_redact (r, DMK_SHARE_KEEP_NONE, &alice, NULL);
      g_assert_cmpstr (g_ptr_array_index (shared->warnings, 0), ==, cases[c].out);
    }
}

/* The chain of links is shared (it says why a number is what it is), but not a loop's backing
 * file under the home folder; a copy keeps the chain and the run's conditions. */
static void
test_filter_chain (void)
{
  g_autoptr (DmkResult) r = alice_result ();
  g_autoptr (DmkResult) copy = NULL;
  g_autoptr (DmkResult) shared = NULL;
  g_autofree char *json = NULL;
  DmkChainLink *loop, *usb;

  dmk_chain_free (r->chain);
  r->chain = dmk_chain_new ();
  loop = dmk_chain_link_new (DMK_CHAIN_LAYER, "loop3", "loop3");
  loop->layer_backing = g_strdup ("/home/alice/images/" SERIAL ".img");
  g_ptr_array_add (r->chain->links, loop);
  usb = dmk_chain_link_new (DMK_CHAIN_USB, "sdb", "2-1");
  usb->what = g_strdup ("USB 2.0 (480 Mb/s)");
  usb->bytes_per_s = 53248000;
  g_ptr_array_add (r->chain->links, usb);
  r->conditions.cpu_governor = g_strdup ("powersave");

  copy = dmk_result_copy (r);
  g_assert_nonnull (copy->chain);
  g_assert_cmpuint (copy->chain->links->len, ==, 2);
  g_assert_cmpstr (copy->conditions.cpu_governor, ==, "powersave");

  json = dmk_share_to_json (r, DMK_SHARE_KEEP_NONE, &alice);
  g_assert_null (strstr (json, "/home/"));
  g_assert_null (strstr (json, SERIAL));
  g_assert_nonnull (strstr (json, "~/images/"));
  g_assert_nonnull (strstr (json, "USB 2.0 (480 Mb/s)"));
  shared = dmk_share_redact (r, DMK_SHARE_KEEP_NONE, &alice, NULL);
  /* What a card and the forum text name as the interface: the link as negotiated. */
  g_assert_cmpstr (dmk_chain_interface (shared->chain), ==, "USB 2.0 (480 Mb/s)");
}

static void
test_filter_parse (void)
{
  DmkShareKeep keep;
  g_autoptr (GError) error = NULL;

  g_assert_true (dmk_share_keep_parse ("serial, host", &keep, NULL));
  g_assert_cmpint (keep, ==, DMK_SHARE_KEEP_SERIAL | DMK_SHARE_KEEP_HOST);
  g_assert_true (dmk_share_keep_parse ("", &keep, NULL));
  g_assert_cmpint (keep, ==, DMK_SHARE_KEEP_NONE);
  g_assert_true (dmk_share_keep_parse ("all", &keep, NULL));
  g_assert_cmpint (keep, ==, DMK_SHARE_KEEP_ALL);
  g_assert_false (dmk_share_keep_parse ("serial,passwords", &keep, &error));
  g_assert_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "“passwords”"));
  for (DmkShareKeep k = 1; k < DMK_SHARE_KEEP_ALL; k <<= 1)
    {
      g_assert_nonnull (dmk_share_keep_nick (k));
      g_assert_true (dmk_share_keep_parse (dmk_share_keep_nick (k), &keep, NULL));
      g_assert_cmpint (keep, ==, k);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/share/filter/each-field", test_filter_each_field);
  g_test_add_func ("/share/filter/left-out", test_filter_left_out);
  g_test_add_func ("/share/filter/original-kept", test_filter_original_kept);
  g_test_add_func ("/share/filter/keep-each", test_filter_keep_each);
  g_test_add_func ("/share/filter/paths-without-user", test_filter_paths_without_user);
  g_test_add_func ("/share/filter/shapes", test_filter_shapes);
  g_test_add_func ("/share/filter/parse", test_filter_parse);
  g_test_add_func ("/share/filter/chain", test_filter_chain);
  return g_test_run ();
}
