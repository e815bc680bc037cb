/* dmk-share.c: the privacy filter every shared form goes through: it finds what is private in a
 * result's strings, by what the caller knows (home, user, host, serial) and by the shapes private
 * things take in paths (/home/NAME, /run/media/NAME/LABEL, /dev/disk/by-id/…_SERIAL, UUIDs,
 * WWNs), and replaces it in a copy. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dmk-error.h"
#include "dmk-share.h"

typedef struct
{
  DmkShareKeep what;
  char *value;
  gboolean found; /* replaced somewhere: left out */
} Secret;

static const struct
{
  DmkShareKeep what;
  const char *nick;
  const char *label;
  const char *replacement;
} kinds[] = {
  { DMK_SHARE_KEEP_SERIAL, "serial", N_("Serial number"), "(serial)" },
  { DMK_SHARE_KEEP_WWN, "wwn", N_("World Wide Name (WWN)"), "(WWN)" },
  { DMK_SHARE_KEEP_UUID, "uuid", N_("UUID"), "(UUID)" },
  { DMK_SHARE_KEEP_HOST, "host", N_("Host name"), "(host)" },
  { DMK_SHARE_KEEP_USER, "user", N_("User name"), "(user)" },
  { DMK_SHARE_KEEP_PATHS, "paths", N_("Home folder (shown as ~)"), "~" },
  { DMK_SHARE_KEEP_LABEL, "label", N_("Mount label"), "(label)" },
};

static guint
kind_index (DmkShareKeep what)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (kinds[i].what == what)
      return i;
  return G_N_ELEMENTS (kinds);
}

const char *
dmk_share_keep_nick (DmkShareKeep one)
{
  guint i = kind_index (one);

  return i < G_N_ELEMENTS (kinds) ? kinds[i].nick : NULL;
}

const char *
dmk_share_keep_label (DmkShareKeep one)
{
  guint i = kind_index (one);

  return i < G_N_ELEMENTS (kinds) ? _(kinds[i].label) : NULL;
}

gboolean
dmk_share_keep_parse (const char *list, DmkShareKeep *out, GError **error)
{
  g_auto (GStrv) words = NULL;
  guint keep = DMK_SHARE_KEEP_NONE;

  g_return_val_if_fail (list != NULL && out != NULL, FALSE);
  words = g_strsplit_set (list, ", ", -1);
  for (guint w = 0; words[w] != NULL; w++)
    {
      guint i;

      if (*words[w] == '\0' || strcmp (words[w], "none") == 0)
        continue;
      if (strcmp (words[w], "all") == 0)
        {
          keep = DMK_SHARE_KEEP_ALL;
          continue;
        }
      for (i = 0; i < G_N_ELEMENTS (kinds) && strcmp (words[w], kinds[i].nick) != 0; i++)
        ;
      if (i == G_N_ELEMENTS (kinds))
        {
          g_set_error (error, DMK_ERROR, DMK_ERROR_INVALID_ARGUMENT,
                       /* TRANSLATORS: --include's words stay in English */
                       _("“%s” is not something a shared result can keep: say serial, wwn, uuid, "
                         "host, user, paths, label, all or none"),
                       words[w]);
          return FALSE;
        }
      keep |= kinds[i].what;
    }
  *out = (DmkShareKeep) keep;
  return TRUE;
}

void
dmk_share_context_init_local (DmkShareContext *context)
{
  g_return_if_fail (context != NULL);
  memset (context, 0, sizeof *context);
  context->home_dir = g_get_home_dir ();
  context->user_name = g_get_user_name ();
  context->real_name = g_get_real_name ();
  context->host_name = g_get_host_name ();
}

/* ---- the secrets ---- */

static void
secret_free (gpointer data)
{
  Secret *s = data;

  g_free (s->value);
  g_free (s);
}

/* Names that say nothing about anyone, and values too short to replace without mangling words. */
static gboolean
worth_hiding (DmkShareKeep what, const char *value)
{
  static const char *const harmless[] = { "root", "Unknown", "localhost", "localhost.localdomain",
                                          "(none)", "/", "~", NULL };
  gsize len = value != NULL ? strlen (value) : 0;

  if (len < 2 || g_strv_contains (harmless, value))
    return FALSE;
  return what != DMK_SHARE_KEEP_SERIAL || len >= 4;
}

static void
add_secret (GPtrArray *secrets, DmkShareKeep what, const char *value, gssize len)
{
  g_autofree char *v = NULL;
  Secret *s;

  if (value == NULL)
    return;
  v = g_strstrip (len < 0 ? g_strdup (value) : g_strndup (value, (gsize) len));
  if (!worth_hiding (what, v))
    return;
  for (guint i = 0; i < secrets->len; i++)
    if (strcmp (((Secret *) g_ptr_array_index (secrets, i))->value, v) == 0)
      return;
  s = g_new0 (Secret, 1);
  s->what = what;
  s->value = g_steal_pointer (&v);
  g_ptr_array_add (secrets, s);
}

static void
add_context_secrets (GPtrArray *secrets, const DmkShareContext *c)
{
  add_secret (secrets, DMK_SHARE_KEEP_SERIAL, c->serial, -1);
  add_secret (secrets, DMK_SHARE_KEEP_WWN, c->wwn, -1);
  add_secret (secrets, DMK_SHARE_KEEP_LABEL, c->label, -1);
  add_secret (secrets, DMK_SHARE_KEEP_HOST, c->host_name, -1);
  if (c->host_name != NULL && strchr (c->host_name, '.') != NULL)
    add_secret (secrets, DMK_SHARE_KEEP_HOST, c->host_name, strchr (c->host_name, '.') - c->host_name);
  add_secret (secrets, DMK_SHARE_KEEP_PATHS, c->home_dir, -1);
  add_secret (secrets, DMK_SHARE_KEEP_USER, c->real_name, -1);
  add_secret (secrets, DMK_SHARE_KEEP_USER, c->user_name, -1);
}

/* The serial in a by-id name's last "_" field: "…_S5GXNF0R123456X", or the one before a
 * namespace's number ("…_S5GXNF0R123456X_1", as udev names NVMe namespaces). */
static void
add_by_id_serial (GPtrArray *secrets, const char *bare)
{
  g_auto (GStrv) fields = g_strsplit (bare, "_", -1);
  guint n = g_strv_length (fields);
  const char *last = fields[n - 1];

  if (n > 2 && strlen (last) <= 2 && strspn (last, "0123456789") == strlen (last))
    last = fields[n - 2];
  add_secret (secrets, DMK_SHARE_KEEP_SERIAL, last, -1);
}

/* A /dev/disk/by-id/ name: "ata-Samsung_SSD_870_EVO_1TB_S6PNNS0T123456A-part1" holds a serial,
 * "wwn-0x5002538f…" and "nvme-eui.0025…" a WWN or EUI, "dm-uuid-…" and friends a UUID,
 * "virtio-SERIAL" a serial alone. A device mapper's or RAID's name is its owner's choice. */
static void
add_by_id (GPtrArray *secrets, const char *name)
{
  g_autoptr (GRegex) tail = g_regex_new ("(-part[0-9]+|-[0-9]+:[0-9]+)$", 0, 0, NULL);
  g_autofree char *bare = g_regex_replace_literal (tail, name, -1, 0, "", 0, NULL);
  const char *eui = strstr (bare, "eui.");
  const char *dash = strchr (bare, '-');

  if (g_str_has_prefix (bare, "wwn-"))
    add_secret (secrets, DMK_SHARE_KEEP_WWN, bare + 4, -1);
  else if (eui != NULL)
    add_secret (secrets, DMK_SHARE_KEEP_WWN, eui, -1);
  else if (g_str_has_prefix (bare, "nvme-nvme."))
    add_secret (secrets, DMK_SHARE_KEEP_WWN, bare + 5, -1);
  else if (strstr (bare, "-uuid-") != NULL)
    add_secret (secrets, DMK_SHARE_KEEP_UUID, strstr (bare, "-uuid-") + 6, -1);
  else if (g_str_has_prefix (bare, "dm-") || g_str_has_prefix (bare, "md-") ||
           g_str_has_prefix (bare, "lvm-"))
    return;
  else if (strchr (bare, '_') != NULL)
    add_by_id_serial (secrets, bare);
  else if (g_str_has_prefix (bare, "scsi-"))
    add_secret (secrets, DMK_SHARE_KEEP_WWN, bare + 5, -1);
  else if (dash != NULL)
    add_secret (secrets, DMK_SHARE_KEEP_SERIAL, dash + 1, -1);
}

/* The shapes private things take, each with the kind of its first group; a path's segment runs
 * to a slash, a quote, a bracket or the line's end. */
#define SEG "([^/\\s\"'()]+)"
static const struct
{
  const char *pattern;
  DmkShareKeep what; /* of group 1; NONE: a by-id name, parsed further */
} shapes[] = {
  { "/dev/disk/by-id/" SEG, DMK_SHARE_KEEP_NONE },
  { "/dev/disk/by-(?:part)?uuid/" SEG, DMK_SHARE_KEEP_UUID },
  { "/dev/disk/by-(?:part)?label/" SEG, DMK_SHARE_KEEP_LABEL },
  { "/(?:run/)?media/" SEG, DMK_SHARE_KEEP_USER },
  { "/(?:run/)?media/[^/\\s\"'()]+/([^/\\n\"'()]+)", DMK_SHARE_KEEP_LABEL },
  { "(?:/var)?/home/" SEG, DMK_SHARE_KEEP_USER },
  { "((?:/var)?/home/[^/\\s\"'()]+)", DMK_SHARE_KEEP_PATHS },
  { "\\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\b", DMK_SHARE_KEEP_UUID },
  { "\\b(0x5[0-9a-f]{15}(?:[0-9a-f]{16})?|(?:eui|naa)\\.[0-9a-f]{16,32})\\b", DMK_SHARE_KEEP_WWN },
};

static void
add_shape_secrets (GPtrArray *secrets, GPtrArray *fields)
{
  for (guint p = 0; p < G_N_ELEMENTS (shapes); p++)
    {
      g_autoptr (GRegex) re = g_regex_new (shapes[p].pattern, G_REGEX_CASELESS | G_REGEX_OPTIMIZE,
                                           0, NULL);

      g_assert (re != NULL);
      for (guint f = 0; f < fields->len; f++)
        {
          const char *text = *(char **) g_ptr_array_index (fields, f);
          g_autoptr (GMatchInfo) m = NULL;

          if (text == NULL)
            continue;
          g_regex_match (re, text, 0, &m);
          for (; g_match_info_matches (m); g_match_info_next (m, NULL))
            {
              g_autofree char *group = g_match_info_fetch (m, 1);

              if (shapes[p].what == DMK_SHARE_KEEP_NONE)
                add_by_id (secrets, group);
              else
                add_secret (secrets, shapes[p].what, group, -1);
            }
        }
    }
}

/* ---- replacing ---- */

static gboolean
is_word_byte (char c)
{
  return g_ascii_isalnum (c) || c == '_' || (guchar) c >= 0x80;
}

/* Whether value at text[at] stands alone: user, host and label names as whole words (a label
 * "USB" is not the "USB" of "USB 3.0 link"... unless it stands alone, which is hidden too), a
 * home folder as a whole path, serials, WWNs and UUIDs wherever they are. */
static gboolean
stands_alone (const char *text, gsize at, gsize len, DmkShareKeep what)
{
  char before = at > 0 ? text[at - 1] : '\0';
  char after = text[at + len];

  switch (what)
    {
    case DMK_SHARE_KEEP_PATHS:
      return !is_word_byte (before) && before != '/' && before != '.' && before != '-' &&
             !is_word_byte (after) && after != '.' && after != '-';
    case DMK_SHARE_KEEP_USER:
    case DMK_SHARE_KEEP_HOST:
    case DMK_SHARE_KEEP_LABEL:
      return !is_word_byte (before) && !is_word_byte (after);
    default:
      return TRUE;
    }
}

/* Replaces every standing occurrence of secret in *field; whether there was one. */
static gboolean
replace_in (char **field, const Secret *secret, const char *replacement)
{
  GString *out;
  const char *text = *field;
  gsize len = strlen (secret->value);
  gboolean any = FALSE;
  const char *p = text;
  const char *hit;

  if (text == NULL)
    return FALSE;
  out = g_string_new (NULL);
  while ((hit = strstr (p, secret->value)) != NULL)
    {
      g_string_append_len (out, p, hit - p);
      if (stands_alone (text, (gsize) (hit - text), len, secret->what))
        {
          g_string_append (out, replacement);
          any = TRUE;
        }
      else
        g_string_append_len (out, hit, (gssize) len);
      p = hit + len;
    }
  g_string_append (out, p);
  g_free (*field);
  *field = g_string_free (out, FALSE);
  return any;
}

/* Every string of r, as the address of its pointer. */
static GPtrArray *
string_fields (DmkResult *r)
{
  GPtrArray *f = g_ptr_array_new ();
  char **top[] = { &r->tool_name, &r->tool_version, &r->engine, &r->date, &r->target.path,
                   &r->target.filesystem, &r->target.device, &r->target.model,
                   &r->target.transport, &r->target.facts_source, &r->settings.profile,
                   &r->comment, &r->os };

  for (guint i = 0; i < G_N_ELEMENTS (top); i++)
    g_ptr_array_add (f, top[i]);
  for (guint i = 0; i < r->tests->len; i++)
    {
      DmkTestResult *t = g_ptr_array_index (r->tests, i);

      g_ptr_array_add (f, &t->name);
      g_ptr_array_add (f, &t->engine);
      g_ptr_array_add (f, &t->date);
    }
  for (guint i = 0; i < r->warnings->len; i++)
    g_ptr_array_add (f, &r->warnings->pdata[i]);
  /* The chain names the devices on the way, and a loop's backing file (often under home). */
  for (guint i = 0; r->chain != NULL && i < r->chain->links->len; i++)
    {
      DmkChainLink *l = g_ptr_array_index (r->chain->links, i);
      char **link[] = { &l->disk, &l->node, &l->what, &l->most, &l->device_most, &l->held_by,
                        &l->driver, &l->layer_backing };

      for (guint k = 0; k < G_N_ELEMENTS (link); k++)
        g_ptr_array_add (f, link[k]);
    }
  g_ptr_array_add (f, &r->conditions.platform_profile);
  g_ptr_array_add (f, &r->conditions.cpu_governor);
  return f;
}

static int
longest_first (gconstpointer a, gconstpointer b)
{
  const Secret *sa = *(Secret *const *) a;
  const Secret *sb = *(Secret *const *) b;

  return (int) strlen (sb->value) - (int) strlen (sa->value);
}

/* What the user keeps is kept whole: a host name kept is not cut by the user name inside it
 * ("alice-laptop"). Kept secrets become marks before the others are replaced, and come back
 * after. A home path is the exception: kept, it still loses a user name that is not. */
static void
shield_kept (GPtrArray *secrets, GPtrArray *fields, DmkShareKeep keep, gboolean on)
{
  for (guint i = 0; i < secrets->len; i++)
    {
      Secret *s = g_ptr_array_index (secrets, i);
      g_autofree char *mark = g_strdup_printf ("\x01%u\x02", i);
      Secret as_mark = { DMK_SHARE_KEEP_NONE, mark, FALSE };

      if (!(keep & s->what) || s->what == DMK_SHARE_KEEP_PATHS)
        continue;
      for (guint f = 0; f < fields->len; f++)
        if (on)
          replace_in (g_ptr_array_index (fields, f), s, mark);
        else
          replace_in (g_ptr_array_index (fields, f), &as_mark, s->value);
    }
}

static GPtrArray *
left_out_lines (GPtrArray *secrets)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint i = 0; i < secrets->len; i++)
      {
        const Secret *s = g_ptr_array_index (secrets, i);

        if (s->found && s->what == kinds[k].what)
          /* TRANSLATORS: a line of what a shared result leaves out: "Serial number: S6PN12" */
          g_ptr_array_add (lines, g_strdup_printf (C_ ("left out", "%s: %s"), _(kinds[k].label),
                                                   s->value));
      }
  return lines;
}

DmkResult *
dmk_share_redact (const DmkResult *result, DmkShareKeep keep, const DmkShareContext *context,
                  GPtrArray **left_out)
{
  g_autoptr (GPtrArray) secrets = g_ptr_array_new_with_free_func (secret_free);
  g_autoptr (GPtrArray) fields = NULL;
  DmkShareContext local;
  DmkResult *copy;

  g_return_val_if_fail (result != NULL, NULL);
  if (context == NULL)
    {
      dmk_share_context_init_local (&local);
      context = &local;
    }
  copy = dmk_result_copy (result);
  fields = string_fields (copy);
  add_context_secrets (secrets, context);
  add_shape_secrets (secrets, fields);
  /* Longest first: the home folder "/home/alice" goes before the user "alice" inside it. */
  g_ptr_array_sort (secrets, longest_first);
  shield_kept (secrets, fields, keep, TRUE);
  for (guint i = 0; i < secrets->len; i++)
    {
      Secret *s = g_ptr_array_index (secrets, i);
      const char *replacement = kinds[kind_index (s->what)].replacement;

      if (keep & s->what)
        continue;
      for (guint f = 0; f < fields->len; f++)
        s->found |= replace_in (g_ptr_array_index (fields, f), s, replacement);
    }
  shield_kept (secrets, fields, keep, FALSE);
  if (left_out != NULL)
    *left_out = left_out_lines (secrets);
  return copy;
}

char *
dmk_share_to_json (const DmkResult *result, DmkShareKeep keep, const DmkShareContext *context)
{
  g_autoptr (DmkResult) shared = NULL;

  g_return_val_if_fail (result != NULL, NULL);
  shared = dmk_share_redact (result, keep, context, NULL);
  return dmk_result_to_json (shared);
}
