/* dmk-chain-verdict.c: the sentences that name a result's bottleneck in its chain. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-chain-verdict.h"

static char *
below_most (const DmkChainLink *link)
{
  g_autofree char *rate = dmk_chain_format_rate (link->bytes_per_s);

  if (link->device_most == NULL || link->held_by == NULL)
    return NULL;
  if (strcmp (link->held_by, "link") == 0 && link->most != NULL)
    {
      g_autofree char *most = dmk_chain_format_rate (link->most_bytes_per_s);
      /* TRANSLATORS: "This PCIe 4.0 x4 drive runs at PCIe 3.0 x2: at most 1.97 GB/s; both ends
       * support PCIe 4.0 x4 (7.88 GB/s): a riser, an adapter, a cable or power saving holds the
       * link down." */
      return g_strdup_printf (_("This %s drive runs at %s: at most %s; both ends support %s "
                                "(%s): a riser, an adapter, a cable or power saving holds the "
                                "link down."),
                              link->device_most, link->what, rate, link->most, most);
    }
  if (strcmp (link->held_by, "port") == 0)
    /* TRANSLATORS: "This USB 3.0 (5 Gb/s) drive runs at USB 2.0 (480 Mb/s), all its port
     * allows: at most 53 MB/s. A faster port would carry more." */
    return g_strdup_printf (_("This %s drive runs at %s, all its port allows: at most %s. A "
                              "faster port would carry more."),
                            link->device_most, link->what, rate);
  return NULL;
}

static char *
link_verdict (const DmkChainLink *link)
{
  switch (link->kind)
    {
    case DMK_CHAIN_LAYER:
      if (g_strcmp0 (link->driver, "crypt") == 0)
        /* TRANSLATORS: "dm-crypt encryption (dm-0) sits between the test and the drive: the
         * CPU encrypts …" */
        return g_strdup_printf (_("dm-crypt encryption (%s) sits between the test and the "
                                  "drive: %s."),
                                link->node, dmk_chain_layer_cost (link));
      return NULL;
    case DMK_CHAIN_VIRTUAL:
      /* TRANSLATORS: "This is a virtual disk (virtio): the host's storage and cache set …" */
      return g_strdup_printf (_("This is a virtual disk (%s): the host's storage and cache set "
                                "these numbers, not a drive."),
                              link->what);
    case DMK_CHAIN_USB:
      if (link->uas_capable && g_strcmp0 (link->driver, "usb-storage") == 0)
        return g_strdup (_("This drive offers UAS but the usb-storage driver is bound to it, "
                           "which sends one command at a time: deep queues gain nothing and "
                           "sequential rates lose some. A quirk (usb-storage.quirks=…:u) or a "
                           "known-bad bridge turns UAS off."));
      return below_most (link);
    case DMK_CHAIN_PCIE:
    case DMK_CHAIN_SATA:
    case DMK_CHAIN_MMC:
    default:
      return below_most (link);
    }
}

/* The best test whose number comes near the slowest link's ceiling, said as such. */
static char *
near_ceiling (const DmkChainLink *slowest, const DmkResult *result)
{
  const DmkTestResult *best = NULL;
  g_autofree char *name = NULL, *rate = NULL;
  double ceiling;

  if (slowest == NULL || result == NULL)
    return NULL;
  ceiling = (double) slowest->bytes_per_s / 1e6;
  for (guint i = 0; i < result->tests->len; i++)
    {
      const DmkTestResult *t = g_ptr_array_index (result->tests, i);

      /* Far above the ceiling is a cache, not the link: the plausibility check says that. */
      if (t->mb_per_s >= ceiling * DMK_CHAIN_NEAR && t->mb_per_s <= ceiling * DMK_CHAIN_ABOVE &&
          (best == NULL || t->mb_per_s > best->mb_per_s))
        best = t;
    }
  if (best == NULL)
    return NULL;
  name = dmk_test_spec_to_name (&best->spec);
  rate = dmk_chain_format_rate (slowest->bytes_per_s);
  /* TRANSLATORS: "SEQ1M Q8T1 Read 1923 MB/s is 98% of what PCIe 3.0 x2 carries (1.97 GB/s):
   * the link sets this number, not the drive." */
  return g_strdup_printf (_("%s %s %.0f MB/s is %.0f%% of what %s carries (%s): the link sets "
                            "this number, not the drive."),
                          name, dmk_direction_report_label (best->direction), best->mb_per_s,
                          100.0 * best->mb_per_s / ceiling, slowest->what, rate);
}

/* A drive that reached its own warning temperature slows itself down (NVMe's host-controlled
 * thermal management, a SATA drive's firmware): the tests after that point measure the heat. */
static char *
too_hot (const DmkResult *result)
{
  const DmkTemperature *t = result != NULL ? &result->temperature : NULL;

  if (t == NULL || !t->known || t->warning_c <= 0 || t->peak_c < t->warning_c)
    return NULL;
  /* TRANSLATORS: "The drive reached 82 °C, at or above its own warning temperature (80 °C): …" */
  return g_strdup_printf (_("The drive reached %.0f °C, at or above its own warning temperature "
                            "(%.0f °C): drives slow themselves down there, so the tests after it "
                            "may measure the heat, not the drive. Let it cool and run again, or "
                            "give it airflow or a heat sink."),
                          t->peak_c, t->warning_c);
}

GPtrArray *
dmk_chain_verdict (const DmkChain *chain, const DmkResult *result)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  char *line;

  for (guint i = 0; chain != NULL && i < chain->links->len; i++)
    if ((line = link_verdict (g_ptr_array_index (chain->links, i))) != NULL)
      g_ptr_array_add (out, line);
  if ((line = near_ceiling (dmk_chain_slowest (chain), result)) != NULL)
    g_ptr_array_add (out, line);
  if ((line = too_hot (result)) != NULL)
    g_ptr_array_add (out, line);
  return out;
}
