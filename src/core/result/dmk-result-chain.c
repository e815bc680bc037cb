/* dmk-result-chain.c: a result's chain, verdict and conditions written to and read from its
 * JSON, and said in its text. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-chain-verdict.h"
#include "dmk-result-chain.h"

/* A hostile file's chain stays this short. */
#define MAX_LINKS 64

static void
write_link (JsonBuilder *b, const DmkChainLink *l)
{
  json_builder_begin_object (b);
  _dmk_jb_string (b, "kind", dmk_chain_kind_to_string (l->kind));
  _dmk_jb_string (b, "disk", l->disk);
  _dmk_jb_string (b, "node", l->node);
  _dmk_jb_string (b, "what", l->what);
  _dmk_jb_int (b, "bytes_per_s", (gint64) l->bytes_per_s);
  if (l->most != NULL)
    _dmk_jb_string (b, "most", l->most);
  if (l->most_bytes_per_s > 0)
    _dmk_jb_int (b, "most_bytes_per_s", (gint64) l->most_bytes_per_s);
  if (l->device_most != NULL)
    _dmk_jb_string (b, "device_most", l->device_most);
  if (l->held_by != NULL)
    _dmk_jb_string (b, "held_by", l->held_by);
  if (l->driver != NULL)
    _dmk_jb_string (b, "driver", l->driver);
  if (l->kind == DMK_CHAIN_USB)
    {
      _dmk_jb_bool (b, "uas_capable", l->uas_capable);
      _dmk_jb_int (b, "usb_major", l->usb_major);
    }
  if (l->layer_backing != NULL)
    _dmk_jb_string (b, "backing_file", l->layer_backing);
  json_builder_end_object (b);
}

static void
write_conditions (JsonBuilder *b, const DmkConditions *c)
{
  json_builder_set_member_name (b, "conditions");
  json_builder_begin_object (b);
  _dmk_jb_string (b, "power", dmk_power_to_string (c->power));
  if (c->platform_profile != NULL)
    _dmk_jb_string (b, "platform_profile", c->platform_profile);
  if (c->cpu_governor != NULL)
    _dmk_jb_string (b, "cpu_governor", c->cpu_governor);
  if (c->nvme_apst_us >= 0)
    _dmk_jb_int (b, "nvme_apst_max_latency_us", c->nvme_apst_us);
  if (c->fill_percent >= 0)
    _dmk_jb_double (b, "fill_percent", c->fill_percent);
  json_builder_end_object (b);
}

void
dmk_chain_write_json (JsonBuilder *b, const DmkChain *chain, const DmkResult *result)
{
  g_autoptr (GPtrArray) verdict = dmk_chain_verdict (chain, result);

  json_builder_set_member_name (b, "links");
  json_builder_begin_array (b);
  for (guint i = 0; i < chain->links->len; i++)
    write_link (b, g_ptr_array_index (chain->links, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "verdict");
  json_builder_begin_array (b);
  for (guint i = 0; i < verdict->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (verdict, i));
  json_builder_end_array (b);
}

void
_dmk_result_write_chain (JsonBuilder *b, DmkResult *r)
{
  if (r->chain != NULL)
    {
      json_builder_set_member_name (b, "chain");
      json_builder_begin_object (b);
      dmk_chain_write_json (b, r->chain, r);
      json_builder_end_object (b);
    }
  if (dmk_conditions_known (&r->conditions))
    write_conditions (b, &r->conditions);
}

static DmkChainLink *
read_link (DmkJsonReader *rd, JsonObject *o, const char *w)
{
  g_autofree char *kind = _dmk_rd_string (rd, o, w, "kind", FALSE);
  DmkChainKind k = DMK_CHAIN_LAYER;
  DmkChainLink *l;

  if (!rd->failed && !dmk_chain_kind_from_string (kind, &k))
    /* TRANSLATORS: "“chain.links[1].kind” must be one of pcie, sata, usb, mmc, virtual, layer" */
    _dmk_rd_fail (rd, _("“%skind” must be one of pcie, sata, usb, mmc, virtual, layer"), w);
  l = dmk_chain_link_new (k, NULL, NULL);
  l->disk = _dmk_rd_string (rd, o, w, "disk", FALSE);
  l->node = _dmk_rd_string (rd, o, w, "node", FALSE);
  l->what = _dmk_rd_string (rd, o, w, "what", FALSE);
  l->bytes_per_s = (guint64) _dmk_rd_int (rd, o, w, "bytes_per_s", 0, G_MAXINT64);
  l->most = _dmk_rd_string (rd, o, w, "most", TRUE);
  if (json_object_has_member (o, "most_bytes_per_s"))
    l->most_bytes_per_s = (guint64) _dmk_rd_int (rd, o, w, "most_bytes_per_s", 0, G_MAXINT64);
  l->device_most = _dmk_rd_string (rd, o, w, "device_most", TRUE);
  l->held_by = _dmk_rd_string (rd, o, w, "held_by", TRUE);
  l->driver = _dmk_rd_string (rd, o, w, "driver", TRUE);
  if (json_object_has_member (o, "uas_capable"))
    l->uas_capable = _dmk_rd_bool (rd, o, w, "uas_capable");
  if (json_object_has_member (o, "usb_major"))
    l->usb_major = (guint) _dmk_rd_int (rd, o, w, "usb_major", 0, 99);
  l->layer_backing = _dmk_rd_string (rd, o, w, "backing_file", TRUE);
  return l;
}

static void
read_links (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *co = _dmk_rd_object (rd, o, "", "chain");
  JsonArray *links = co != NULL ? _dmk_rd_array (rd, co, "chain.", "links") : NULL;
  guint n = links != NULL ? json_array_get_length (links) : 0;

  if (rd->failed)
    return;
  if (n > MAX_LINKS)
    {
      _dmk_rd_fail (rd, _("“chain.links” has more than %d links"), MAX_LINKS);
      return;
    }
  r->chain = dmk_chain_new ();
  for (guint i = 0; i < n && !rd->failed; i++)
    {
      g_autofree char *w = g_strdup_printf ("chain.links[%u].", i);
      JsonNode *ln = json_array_get_element (links, i);

      if (!JSON_NODE_HOLDS_OBJECT (ln))
        {
          _dmk_rd_fail (rd, _("“chain.links[%u]” must be an object"), i);
          break;
        }
      g_ptr_array_add (r->chain->links, read_link (rd, json_node_get_object (ln), w));
    }
}

static void
read_conditions (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  JsonObject *co = _dmk_rd_object (rd, o, "", "conditions");
  const char *w = "conditions.";
  g_autofree char *power = co != NULL ? _dmk_rd_string (rd, co, w, "power", FALSE) : NULL;
  DmkConditions *c = &r->conditions;

  if (rd->failed)
    return;
  if (!dmk_power_from_string (power, &c->power))
    {
      _dmk_rd_fail (rd, _("“conditions.power” must be “ac”, “battery” or “unknown”"));
      return;
    }
  c->platform_profile = _dmk_rd_string (rd, co, w, "platform_profile", TRUE);
  c->cpu_governor = _dmk_rd_string (rd, co, w, "cpu_governor", TRUE);
  if (json_object_has_member (co, "nvme_apst_max_latency_us"))
    c->nvme_apst_us = _dmk_rd_int (rd, co, w, "nvme_apst_max_latency_us", 0, G_MAXINT64);
  if (json_object_has_member (co, "fill_percent"))
    c->fill_percent = _dmk_rd_number (rd, co, w, "fill_percent", 0, 100);
}

void
_dmk_result_read_chain (DmkJsonReader *rd, JsonObject *o, DmkResult *r)
{
  if (!rd->failed && json_object_has_member (o, "chain"))
    read_links (rd, o, r);
  if (!rd->failed && json_object_has_member (o, "conditions"))
    read_conditions (rd, o, r);
}

void
_dmk_report_append_chain (GString *s, DmkResult *r)
{
  g_autofree char *when = dmk_conditions_describe (&r->conditions);

  if (r->chain != NULL)
    {
      g_autoptr (GPtrArray) verdict = dmk_chain_verdict (r->chain, r);

      for (guint i = 0; i < r->chain->links->len; i++)
        {
          g_autofree char *line = dmk_chain_link_describe (g_ptr_array_index (r->chain->links, i));
          g_string_append_printf (s, "   Link: %s\n", line);
        }
      for (guint i = 0; i < verdict->len; i++)
        g_string_append_printf (s, "  Limit: %s\n", (char *) g_ptr_array_index (verdict, i));
    }
  if (when != NULL)
    g_string_append_printf (s, "   When: %s\n", when);
}
