/* test-chain.c: every limit between a drive and the number, on the fake sysfs trees that
 * tests/sysfs/make-trees builds (tests/sysfs/README says what each follows): each tree's chain,
 * its ceilings after line encoding, and the verdict for a result near the slowest ceiling. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "dmk-core.h"
#include "dmk-test-cli.h"
#include "dmk-test-loop.h"

static char *trees;

/* The ceilings, from the buses' specifications (not from the code under test). */
#define PCIE_128B130B(gt, lanes) ((guint64) ((gt) * 1e9 * 128 / 130 / 8 * (lanes)))
#define SATA_8B10B(gbit) ((guint64) ((gbit) * 1e9 * 8 / 10 / 8))
#define USB3_5G ((guint64) (5e9 * 8 / 10 / 8))
/* USB 2.0 high speed: 13 bulk packets of 512 bytes per 125 µs microframe. */
#define USB2_BULK ((guint64) (13 * 512 * 8000))

typedef struct
{
  DmkChainKind kind;
  const char *node;
  const char *what;
  guint64 bytes_per_s;
  const char *most; /* NULL: at its most */
  const char *held_by;
  const char *driver;
} WantLink;

typedef struct
{
  const char *tree;
  const char *disk;
  double mb_per_s; /* SEQ1M Q8T1 Read of the result judged */
  WantLink links[3];
  const char *verdict[3]; /* a piece of each sentence, in order */
} Case;

static const Case cases[] = {
  { "nvme-max", "nvme0n1", 7400,
    { { DMK_CHAIN_PCIE, "0000:3e:00.0", "PCIe 4.0 x4", PCIE_128B130B (16, 4), NULL, NULL, NULL } },
    { "SEQ1M Q8T1 Read 7400 MB/s is 94% of what PCIe 4.0 x4 carries (7.88 GB/s)" } },
  { "nvme-down", "nvme0n1", 1900,
    { { DMK_CHAIN_PCIE, "0000:3e:00.0", "PCIe 3.0 x2", PCIE_128B130B (8, 2), "PCIe 4.0 x4", "link",
        NULL } },
    { "This PCIe 4.0 x4 drive runs at PCIe 3.0 x2: at most 1.97 GB/s; both ends support PCIe "
      "4.0 x4 (7.88 GB/s)",
      "SEQ1M Q8T1 Read 1900 MB/s is 96% of what PCIe 3.0 x2 carries (1.97 GB/s)" } },
  { "sata-3g", "sda", 285,
    { { DMK_CHAIN_SATA, "ata2", "SATA 3.0 Gb/s", SATA_8B10B (3.0), "SATA 6.0 Gb/s", "link", NULL } },
    { "This SATA 6.0 Gb/s drive runs at SATA 3.0 Gb/s: at most 300 MB/s; both ends support "
      "SATA 6.0 Gb/s (600 MB/s)",
      "SEQ1M Q8T1 Read 285 MB/s is 95% of what SATA 3.0 Gb/s carries (300 MB/s)" } },
  { "usb3-on-usb2", "sda", 50,
    { { DMK_CHAIN_USB, "1-6", "USB 2.0 (480 Mb/s)", USB2_BULK, NULL, "port", "uas" } },
    { "This USB 3.0 (5 Gb/s) drive runs at USB 2.0 (480 Mb/s), all its port allows: at most "
      "53 MB/s",
      "SEQ1M Q8T1 Read 50 MB/s is 94% of what USB 2.0 (480 Mb/s) carries (53 MB/s)" } },
  { "usb3-bot", "sdc", 455,
    { { DMK_CHAIN_USB, "2-1.3", "USB 3.0 (5 Gb/s)", USB3_5G, NULL, NULL, "usb-storage" },
      { DMK_CHAIN_USB, "2-1", "USB 3.0 (5 Gb/s)", USB3_5G, NULL, NULL, NULL } },
    { "This drive offers UAS but the usb-storage driver is bound to it",
      "SEQ1M Q8T1 Read 455 MB/s is 91% of what USB 3.0 (5 Gb/s) carries (500 MB/s)" } },
  { "sd-card", "mmcblk0", 70,
    { { DMK_CHAIN_MMC, "mmc0", "SD (sd uhs SDR104, 148 MHz, 4 bit)", 148500000 * 4 / 8, NULL, NULL,
        NULL } },
    { "SEQ1M Q8T1 Read 70 MB/s is 94% of what SD (sd uhs SDR104, 148 MHz, 4 bit) carries "
      "(74 MB/s)" } },
  { "dm-crypt-nvme", "dm-0", 3700,
    { { DMK_CHAIN_LAYER, "dm-0", "luks-5a4f9c1e", 0, NULL, NULL, "crypt" },
      { DMK_CHAIN_PCIE, "0000:3e:00.0", "PCIe 3.0 x4", PCIE_128B130B (8, 4), NULL, NULL, NULL } },
    { "dm-crypt encryption (dm-0) sits between the test and the drive: the CPU encrypts",
      "SEQ1M Q8T1 Read 3700 MB/s is 94% of what PCIe 3.0 x4 carries (3.94 GB/s)" } },
  { "virtio", "vda", 2500,
    { { DMK_CHAIN_VIRTUAL, "virtio1", "virtio", 0, NULL, NULL, NULL } },
    { "This is a virtual disk (virtio): the host's storage and cache set these numbers" } },
};

static void
build_trees (void)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "sysfs", "make-trees", NULL);
  const char *argv[] = { "/bin/sh", script, NULL, NULL };
  g_autoptr (GError) error = NULL;
  int status = -1;

  trees = g_dir_make_tmp ("gdiskmark-chain-XXXXXX", &error);
  g_assert_no_error (error);
  argv[2] = trees;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status,
                &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
remove_trees (void)
{
  const char *argv[] = { "rm", "-rf", trees, NULL };

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                NULL);
  g_clear_pointer (&trees, g_free);
}

static DmkResult *
result_at (double mb_per_s)
{
  DmkResult *result = dmk_result_new ();
  DmkTestSpec spec;
  DmkTestResult *test;

  g_assert_true (dmk_test_spec_parse ("SEQ1M Q8T1", &spec, NULL));
  test = dmk_test_result_new (&spec, DMK_DIRECTION_READ);
  test->mb_per_s = mb_per_s;
  g_ptr_array_add (result->tests, test);
  result->date = g_strdup ("2026-12-07T15:00:00+00:00");
  return result;
}

/* A whole result as the CLI saved one (a fuzzing seed). */
static DmkResult *
saved_result (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fuzz", "seeds",
                                                 "grid-default-mix.json", NULL);
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  DmkResult *result;

  g_assert_true (g_file_get_contents (path, &data, NULL, &error));
  result = dmk_result_from_json (data, -1, &error);
  g_assert_no_error (error);
  return result;
}

static void
check_links (const Case *c, const DmkChain *chain)
{
  guint n = 0;

  while (n < G_N_ELEMENTS (c->links) && c->links[n].node != NULL)
    n++;
  g_assert_cmpuint (chain->links->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const WantLink *w = &c->links[i];
      const DmkChainLink *l = g_ptr_array_index (chain->links, i);
      g_autofree char *line = dmk_chain_link_describe (l);

      g_test_message ("%s: %s", c->tree, line);
      g_assert_cmpint (l->kind, ==, w->kind);
      g_assert_cmpstr (l->node, ==, w->node);
      g_assert_cmpstr (l->what, ==, w->what);
      g_assert_cmpuint (l->bytes_per_s, ==, w->bytes_per_s);
      g_assert_cmpstr (l->most, ==, w->most);
      g_assert_cmpstr (l->held_by, ==, w->held_by);
      g_assert_cmpstr (l->driver, ==, w->driver);
    }
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *root = g_build_filename (trees, c->tree, NULL);
  g_autoptr (DmkChain) chain = dmk_chain_find (root, c->disk);
  g_autoptr (DmkChain) copy = dmk_chain_copy (chain);
  DmkResult *result = result_at (c->mb_per_s);
  g_autoptr (GPtrArray) verdict = dmk_chain_verdict (chain, result);
  guint n = 0;

  check_links (c, chain);
  check_links (c, copy);
  while (n < G_N_ELEMENTS (c->verdict) && c->verdict[n] != NULL)
    n++;
  for (guint i = 0; i < verdict->len; i++)
    g_test_message ("%s verdict: %s", c->tree, (char *) g_ptr_array_index (verdict, i));
  g_assert_cmpuint (verdict->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (strstr (g_ptr_array_index (verdict, i), c->verdict[i]));
  dmk_result_unref (result);
}

/* A result well below every ceiling has no near-ceiling sentence, nor one far above it; a link
 * at its most none. */
static void
test_below (void)
{
  g_autofree char *root = g_build_filename (trees, "nvme-max", NULL);
  g_autoptr (DmkChain) chain = dmk_chain_find (root, "nvme0n1");
  DmkResult *result = result_at (3500);
  g_autoptr (GPtrArray) verdict = dmk_chain_verdict (chain, result);

  g_assert_cmpuint (verdict->len, ==, 0);
  dmk_result_unref (result);
  /* Far above the link's ceiling is a cache, not the link. */
  {
    g_autofree char *down = g_build_filename (trees, "nvme-down", NULL);
    g_autoptr (DmkChain) slow = dmk_chain_find (down, "nvme0n1");
    DmkResult *cached = result_at (14000);
    g_autoptr (GPtrArray) said = dmk_chain_verdict (slow, cached);

    g_assert_cmpuint (said->len, ==, 1);
    g_assert_nonnull (strstr (g_ptr_array_index (said, 0), "runs at PCIe 3.0 x2"));
    dmk_result_unref (cached);
  }
}

/* Names that lead out of the tree, and a disk sysfs does not have, give an empty chain. */
static void
test_hostile (void)
{
  const char *names[] = { "../../etc", "..", "", "nonexistent", "nvme0n1/../../x" };
  g_autofree char *root = g_build_filename (trees, "nvme-max", NULL);
  g_autofree char *evil = g_build_filename (root, "block", "evil", NULL);

  g_assert_cmpint (symlink ("/sys/devices", evil), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (DmkChain) chain = dmk_chain_find (root, names[i]);
      g_assert_cmpuint (chain->links->len, ==, 0);
    }
  {
    g_autoptr (DmkChain) chain = dmk_chain_find (root, "evil");
    g_assert_cmpuint (chain->links->len, ==, 0);
  }
  g_unlink (evil);
}

/* The machine's state, read through the same root: a laptop on battery; none in a tree without
 * it. The fill level of a real folder lies between 0 and 100 %. */
static void
test_conditions (void)
{
  g_autofree char *root = g_build_filename (trees, "nvme-down", NULL);
  g_autofree char *bare = g_build_filename (trees, "virtio", NULL);
  g_autofree char *text = NULL;
  DmkConditions c;

  dmk_conditions_init (&c);
  dmk_conditions_read (root, NULL, &c);
  g_assert_cmpint (c.power, ==, DMK_POWER_BATTERY);
  g_assert_cmpstr (c.platform_profile, ==, "low-power");
  g_assert_cmpstr (c.cpu_governor, ==, "powersave");
  g_assert_cmpint (c.nvme_apst_us, ==, 100000);
  g_assert_cmpfloat (c.fill_percent, <, 0);
  text = dmk_conditions_describe (&c);
  g_assert_cmpstr (text, ==, "on battery; platform profile low-power; CPU governor powersave; "
                             "NVMe power saving (APST) with wake-ups up to 100000 µs");
  dmk_conditions_read (bare, trees, &c);
  g_assert_cmpint (c.power, ==, DMK_POWER_UNKNOWN);
  g_assert_null (c.platform_profile);
  g_assert_null (c.cpu_governor);
  g_assert_cmpint (c.nvme_apst_us, ==, -1);
  g_assert_cmpfloat (c.fill_percent, >=, 0);
  g_assert_cmpfloat (c.fill_percent, <=, 100);
  dmk_conditions_clear (&c);
}

/* The chain and the conditions go into the JSON and come back; the text says the links, the
 * verdict and the conditions. */
static void
test_result_files (void)
{
  g_autofree char *root = g_build_filename (trees, "nvme-down", NULL);
  DmkResult *result = saved_result (), *back;
  g_autofree char *json = NULL, *again = NULL, *text = NULL;
  g_autoptr (GError) error = NULL;

  result->chain = dmk_chain_find (root, "nvme0n1");
  dmk_conditions_read (root, NULL, &result->conditions);
  json = dmk_result_to_json (result);
  g_assert_nonnull (strstr (json, "\"verdict\""));
  g_assert_nonnull (strstr (json, "\"power\" : \"battery\""));
  back = dmk_result_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back->chain);
  g_assert_cmpuint (back->chain->links->len, ==, 1);
  g_assert_cmpint (back->conditions.power, ==, DMK_POWER_BATTERY);
  g_assert_cmpint (back->conditions.nvme_apst_us, ==, 100000);
  again = dmk_result_to_json (back);
  g_assert_cmpstr (again, ==, json);
  text = dmk_result_to_text (back);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "   Link: PCIe 3.0 x2 (0000:3e:00.0): at most 1.97 GB/s"));
  g_assert_nonnull (strstr (text, "  Limit: This PCIe 4.0 x4 drive runs at PCIe 3.0 x2"));
  g_assert_nonnull (strstr (text, "   When: on battery; platform profile low-power"));
  dmk_result_unref (back);
  dmk_result_unref (result);
}

/* A file's chain that is not one is refused with the field named. */
static void
test_bad_files (void)
{
  const char *bad[][2] = {
    { "\"chain\": {\"links\": [ {\"kind\": \"warp\"} ]}", "chain.links[0].kind" },
    { "\"chain\": {\"links\": [ 7 ]}", "chain.links[0]" },
    { "\"conditions\": {\"power\": \"nuclear\"}", "conditions.power" },
    { "\"conditions\": {\"power\": \"ac\", \"fill_percent\": 140}", "conditions.fill_percent" },
  };
  DmkResult *result = saved_result ();
  g_autofree char *json = dmk_result_to_json (result);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *head = g_strndup (json, strrchr (json, '}') - json);
      g_autofree char *doc = g_strdup_printf ("%s, %s}", g_strchomp (head), bad[i][0]);
      g_autoptr (GError) error = NULL;
      DmkResult *r = dmk_result_from_json (doc, -1, &error);

      g_assert_null (r);
      g_assert_error (error, DMK_ERROR, DMK_ERROR_PARSE);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, bad[i][1]));
    }
  dmk_result_unref (result);
}

/* The line after the device's own in targets' listing, or NULL. */
static char *
line_after (const char *listing, const char *device, guint n)
{
  g_auto (GStrv) lines = g_strsplit (listing, "\n", -1);
  g_autofree char *head = g_strdup_printf ("  %s ", device);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], head))
      {
        for (guint k = 1; k <= n; k++)
          if (lines[i + k - 1] == NULL || lines[i + k] == NULL)
            return NULL;
        return g_strdup (lines[i + n]);
      }
  return NULL;
}

/* gdiskmark-cli targets on a real loop device: its chain as this machine's sysfs has it, then
 * as the nvme-down tree has it (the loop device planted there under the drive's node), and a
 * real run through that tree records the chain, the verdict and the conditions. */
static void
test_cli (void)
{
  g_autofree char *root = g_build_filename (trees, "nvme-down", NULL);
  g_autofree char *name = NULL, *plant = NULL, *want = NULL, *line = NULL, *json = NULL;
  g_autofree char *out = NULL, *data = NULL;
  const char *targets[] = { "targets", NULL };
  const char *env[] = { "GDISKMARK_SYSFS_ROOT", root, NULL };
  CliRun run = { 0 };
  DmkResult *result;

  if (cli_path == NULL)
    {
      g_test_skip ("GDISKMARK_CLI is not set");
      return;
    }
  if (!dmk_test_loop_setup (3))
    return;
  name = g_path_get_basename (dmk_test_loop);
  out = cli_output (targets);
  line = line_after (out, dmk_test_loop, 1);
  want = g_strdup_printf ("      Link: loop device %s on %s: its I/O goes through the backing "
                          "file's filesystem, with direct I/O", name, dmk_test_image);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, want));

  plant = g_build_filename (root, "block", name, NULL);
  g_assert_cmpint (symlink ("../devices/pci0000:00/0000:00:1d.0/0000:3e:00.0/nvme/nvme0/nvme0n1",
                            plant), ==, 0);
  run_cli (&run, targets, env);
  g_assert_cmpint (run.status, ==, 0);
  g_clear_pointer (&line, g_free);
  line = line_after (run.out, dmk_test_loop, 1);
  g_assert_cmpstr (line, ==, "      Link: PCIe 3.0 x2 (0000:3e:00.0): at most 1.97 GB/s; both ends "
                             "support PCIe 4.0 x4 (7.88 GB/s)");
  g_clear_pointer (&line, g_free);
  line = line_after (run.out, dmk_test_loop, 2);
  g_assert_true (g_str_has_prefix (line, "      Limit: This PCIe 4.0 x4 drive runs at PCIe 3.0 "
                                         "x2: at most 1.97 GB/s"));
  cli_run_clear (&run);

  json = g_build_filename (trees, "run.json", NULL);
  {
    const char *args[] = { "-p", "demo", "-m", "read", "-n", "1", "-t", "1", "-w", "0", "-i", "0",
                           "-s", "32MiB", "-o", json, dmk_test_loop, NULL };
    run_cli (&run, args, env);
  }
  g_assert_cmpint (run.status, ==, 0);
  cli_run_clear (&run);
  g_assert_true (g_file_get_contents (json, &data, NULL, NULL));
  result = dmk_result_from_json (data, -1, NULL);
  g_assert_nonnull (result);
  g_assert_nonnull (result->chain);
  g_assert_cmpuint (result->chain->links->len, ==, 1);
  g_assert_cmpstr (((DmkChainLink *) result->chain->links->pdata[0])->what, ==, "PCIe 3.0 x2");
  g_assert_cmpint (result->conditions.power, ==, DMK_POWER_BATTERY);
  g_assert_cmpstr (result->conditions.cpu_governor, ==, "powersave");
  g_assert_nonnull (strstr (data, "This PCIe 4.0 x4 drive runs at PCIe 3.0 x2"));
  dmk_result_unref (result);
  g_unlink (plant);
  dmk_test_loop_cleanup ();
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  cli_path = g_getenv ("GDISKMARK_CLI");
  dmk_test_loop_cleanup_on_signals (NULL);
  build_trees ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/chain/%s", cases[i].tree);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/chain/below-ceiling", test_below);
  g_test_add_func ("/chain/hostile", test_hostile);
  g_test_add_func ("/chain/conditions", test_conditions);
  g_test_add_func ("/chain/result-files", test_result_files);
  g_test_add_func ("/chain/bad-files", test_bad_files);
  g_test_add_func ("/chain/cli", test_cli);
  status = g_test_run ();
  remove_trees ();
  return status;
}
