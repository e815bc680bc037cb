/* gdiskmark-cli-places.c: gdiskmark-cli devices and targets: the block devices to test, and every
 * place a run can go to, each described as the window's list describes it. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "gdiskmark-cli.h"

static const GOptionEntry devices_entries[] = {
  { "format", 'f', 0, G_OPTION_ARG_STRING, &opt_format, N_("text or json (default: text)"),
    N_("FORMAT") },
  { NULL }
};

/* Terminal columns text takes: CJK characters take two, combining marks none. */
static glong
display_width (const char *text)
{
  glong w = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      w += g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;
    }
  return w;
}

/* text, left-aligned in width terminal columns, then the gap to the next column */
static void
append_cell (GString *out, const char *text, glong width)
{
  g_string_append (out, text);
  for (glong i = display_width (text); i < width; i++)
    g_string_append_c (out, ' ');
  g_string_append (out, "  ");
}

/* devices' own options; exits on bad usage. Returns whether JSON was asked for. */
static gboolean
parse_devices_options (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("— list the block devices to test"));
  g_autoptr (GError) error = NULL;

  g_option_context_add_main_entries (ctx, devices_entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_set_description (
    ctx, _("Every disk and partition, with its size, type, model and whether it is in use "
           "(mounted, swap, or part of RAID, LVM or dm-crypt). Read tests run on any of them; "
           "write tests destroy the data and need --allow-write-device and a device not in use."));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    die_usage (_("%s (see devices --help)"), error->message);
  if (argc > 1)
    die_usage (_("devices takes no arguments (see devices --help)"));
  if (opt_format != NULL && strcmp (opt_format, "text") != 0 && strcmp (opt_format, "json") != 0)
    die_usage (_("Unknown format “%s”: choose text or json"), opt_format);
  return g_strcmp0 (opt_format, "json") == 0;
}

/* One device as a JSON object; unknown facts are null, not guessed. */
static void
add_device_json (JsonBuilder *json, const DmkPlace *d)
{
  json_builder_begin_object (json);
  json_builder_set_member_name (json, "path");
  json_builder_add_string_value (json, d->path);
  json_builder_set_member_name (json, "partition");
  json_builder_add_boolean_value (json, d->partition);
  json_builder_set_member_name (json, "size_bytes");
  json_builder_add_int_value (json, (gint64) d->size_bytes);
  json_builder_set_member_name (json, "transport");
  if (d->transport != NULL)
    json_builder_add_string_value (json, d->transport);
  else
    json_builder_add_null_value (json);
  json_builder_set_member_name (json, "model");
  if (d->model != NULL)
    json_builder_add_string_value (json, d->model);
  else
    json_builder_add_null_value (json);
  json_builder_set_member_name (json, "in_use");
  json_builder_add_boolean_value (json, d->in_use);
  json_builder_set_member_name (json, "description");
  json_builder_add_string_value (json, d->subtitle);
  json_builder_end_object (json);
}

/* Each device as a JSON object in json (as_json) or as a row of cells in rows. */
static void
collect_devices (GPtrArray *devices, gboolean as_json, JsonBuilder *json, GPtrArray *rows)
{
  json_builder_begin_array (json);
  for (guint i = 0; i < devices->len; i++)
    {
      DmkPlace *d = devices->pdata[i];
      g_autofree char *size = dmk_format_size (d->size_bytes);
      const char *row[] = { d->path, size, d->transport ? d->transport : "-",
                            d->in_use ? _("in use") : _("free"), d->model ? d->model : "", NULL };

      if (!as_json)
        g_ptr_array_add (rows, g_strdupv ((char **) row));
      else
        add_device_json (json, d);
    }
  json_builder_end_array (json);
}

/* Appends one table line: cells padded to width[], the last one not, no trailing blanks. */
static void
append_row (GString *out, const char *const *cells, const glong *width, guint n_cols)
{
  gsize start = out->len;

  for (guint c = 0; c < n_cols; c++)
    append_cell (out, cells[c], c + 1 < n_cols ? width[c] : 0);
  g_strchomp (out->str + start);
  g_string_set_size (out, strlen (out->str));
  g_string_append_c (out, '\n');
}

/* The rows under headings, each column as wide as its widest cell in terminal columns. */
static void
print_devices_table (GPtrArray *rows, const char *const *headings, guint n_cols)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree glong *width = g_new0 (glong, n_cols);

  for (guint c = 0; c < n_cols; c++)
    width[c] = display_width (headings[c]);
  for (guint r = 0; r < rows->len; r++)
    for (guint c = 0; c < n_cols; c++)
      width[c] = MAX (width[c], display_width (((char **) rows->pdata[r])[c]));
  append_row (out, headings, width, n_cols);
  for (guint r = 0; r < rows->len; r++)
    append_row (out, (const char *const *) rows->pdata[r], width, n_cols);
  if (rows->len == 0)
    g_printerr (_("gdiskmark-cli: no block devices found in /sys/block\n"));
  else
    fputs (out->str, stdout);
}

/* gdiskmark-cli devices: what can be tested besides folders, and whether writes could run. */
int
devices_main (int argc, char **argv)
{
  g_autoptr (GPtrArray) devices = NULL;
  g_autoptr (JsonBuilder) json = json_builder_new ();
  const char *headings[] = { _("DEVICE"), _("SIZE"), _("TYPE"), _("STATE"), _("MODEL") };
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  gboolean as_json;

  as_json = parse_devices_options (argc, argv);
  devices = dmk_places_list_devices ();
  collect_devices (devices, as_json, json, rows);
  if (as_json)
    {
      g_autoptr (JsonNode) root = json_builder_get_root (json);
      g_autofree char *text = json_to_string (root, TRUE);
      g_print ("%s\n", text);
      return 0;
    }
  print_devices_table (rows, headings, G_N_ELEMENTS (headings));
  return 0;
}

static gboolean opt_targets_json = FALSE;

static const GOptionEntry targets_entries[] = {
  { "json", 'j', 0, G_OPTION_ARG_NONE, &opt_targets_json, N_("Print JSON"), NULL },
  { NULL }
};

static void
print_places (const char *heading, GPtrArray *places)
{
  glong width = 0;

  g_print ("%s\n", heading);
  for (guint i = 0; i < places->len; i++)
    width = MAX (width, display_width (((DmkPlace *) places->pdata[i])->path));
  for (guint i = 0; i < places->len; i++)
    {
      const DmkPlace *p = places->pdata[i];
      g_autoptr (GString) line = g_string_new ("  ");

      append_cell (line, p->path, width);
      g_string_append (line, p->subtitle != NULL ? p->subtitle : "");
      g_print ("%s\n", g_strchomp (line->str));
    }
}

static void
add_places_json (JsonBuilder *json, const char *key, GPtrArray *places)
{
  json_builder_set_member_name (json, key);
  json_builder_begin_array (json);
  for (guint i = 0; i < places->len; i++)
    {
      const DmkPlace *p = places->pdata[i];

      json_builder_begin_object (json);
      json_builder_set_member_name (json, "path");
      json_builder_add_string_value (json, p->path);
      json_builder_set_member_name (json, "description");
      json_builder_add_string_value (json, p->subtitle != NULL ? p->subtitle : "");
      json_builder_set_member_name (json, "summary");
      json_builder_add_string_value (json, p->summary != NULL ? p->summary : "");
      json_builder_end_object (json);
    }
  json_builder_end_array (json);
}

/* gdiskmark-cli targets [FOLDER…]: the window's list of folders and devices, in its words. */
int
targets_main (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("[FOLDER…] — list where a run can go"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) folders = NULL, devices = NULL;

  g_option_context_add_main_entries (ctx, targets_entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (ctx, GETTEXT_PACKAGE);
  g_option_context_set_description (
    ctx, _("The writable filesystems, each once (home first; a FOLDER given stands for its "
           "filesystem), then every disk and partition, each with the description the window "
           "shows."));
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    die_usage (_("%s (see targets --help)"), error->message);
  folders = dmk_places_list_folders ((const char *const *) argv + 1);
  devices = dmk_places_list_devices ();
  if (opt_targets_json)
    {
      g_autoptr (JsonBuilder) json = json_builder_new ();
      g_autoptr (JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (json);
      add_places_json (json, "folders", folders);
      add_places_json (json, "devices", devices);
      json_builder_end_object (json);
      root = json_builder_get_root (json);
      text = json_to_string (root, TRUE);
      g_print ("%s\n", text);
      return 0;
    }
  print_places (_("Folders"), folders);
  print_places (_("Devices"), devices);
  return 0;
}
