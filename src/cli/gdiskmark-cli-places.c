/* gdiskmark-cli-places.c: gdiskmark-cli devices and targets: the block devices to test, and every
 * place a run can go to, each described as the window's list describes it. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "gdiskmark-cli.h"

/* Where GOption puts the output options of devices or targets (one command runs per process):
 * they take nothing else. */
static CliOutput opts_out;

/* text, left-aligned in width terminal columns, then the gap to the next column */
static void
append_cell (GString *out, const char *text, glong width)
{
  g_string_append (out, text);
  for (glong i = cli_display_width (text); i < width; i++)
    g_string_append_c (out, ' ');
  g_string_append (out, "  ");
}

/* The options of devices or targets, parsed: only the output options. Returns the arguments
 * left; bad usage ends the program. */
static int
parse_options (const CliCommand *command, const char *description, int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = cli_context_new (command, description);

  cli_output_add_options (ctx, &opts_out, command);
  cli_parse (ctx, &argc, &argv);
  cli_output_parse (&opts_out);
  return argc;
}

/* Writes text where the output options say, its controls escaped as every list line's are;
 * returns the exit status. */
static int
write_listing (const char *text)
{
  g_autofree char *safe = dmk_text_escape_controls (text, TRUE);

  return cli_output_write (&opts_out, safe) ? 0 : EXIT_RUN_FAILED;
}

/* A JSON listing, ending in a newline. */
static int
write_json (JsonBuilder *json)
{
  g_autoptr (JsonNode) root = json_builder_get_root (json);
  g_autofree char *text = json_to_string (root, TRUE);
  g_autofree char *line = g_strconcat (text, "\n", NULL);

  return write_listing (line);
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

/* The rows under headings, each column as wide as its widest cell in terminal columns; returns
 * the exit status. */
static int
print_devices_table (GPtrArray *rows, const char *const *headings, guint n_cols)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree glong *width = g_new0 (glong, n_cols);

  for (guint c = 0; c < n_cols; c++)
    width[c] = cli_display_width (headings[c]);
  for (guint r = 0; r < rows->len; r++)
    for (guint c = 0; c < n_cols; c++)
      width[c] = MAX (width[c], cli_display_width (((char **) rows->pdata[r])[c]));
  append_row (out, headings, width, n_cols);
  for (guint r = 0; r < rows->len; r++)
    append_row (out, (const char *const *) rows->pdata[r], width, n_cols);
  if (rows->len > 0)
    return write_listing (out->str);
  g_printerr (_("gdiskmark-cli: no block devices found in /sys/block\n"));
  return 0;
}

/* gdiskmark-cli devices: what can be tested besides folders, and whether writes could run. */
int
devices_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GPtrArray) devices = NULL;
  g_autoptr (JsonBuilder) json = json_builder_new ();
  const char *headings[] = { _("DEVICE"), _("SIZE"), _("TYPE"), _("STATE"), _("MODEL") };
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  gboolean as_json;

  argc = parse_options (
    command,
    _("Every disk and partition, with its size, type, model and whether it is in use (mounted, "
      "swap, or part of RAID, LVM or dm-crypt). Read tests run on any of them; write tests "
      "destroy the data and need --allow-write-device and a device not in use."),
    argc, argv);
  if (argc > 1)
    die_usage (_("devices takes no arguments (see devices --help)"));
  if (!cli_output_check (&opts_out))
    return EXIT_USAGE;
  as_json = opts_out.format == FORMAT_JSON;
  devices = dmk_places_list_devices ();
  collect_devices (devices, as_json, json, rows);
  if (as_json)
    return write_json (json);
  return print_devices_table (rows, headings, G_N_ELEMENTS (headings));
}

static const char *
sysfs_root (void)
{
  const char *root = dmk_test_hook ("GDISKMARK_SYSFS_ROOT");

  return root != NULL ? root : "/sys";
}

/* The device's chain (NULL for a folder): its kernel name is the path's last part. */
static DmkChain *
place_chain (const DmkPlace *p)
{
  if (p->kind != DMK_PLACE_DEVICE || !g_str_has_prefix (p->path, "/dev/"))
    return NULL;
  return dmk_chain_find (sysfs_root (), p->path + strlen ("/dev/"));
}

/* Each link of the device's chain and what limits it, under its line. */
static void
print_chain (GString *out, const DmkPlace *p)
{
  g_autoptr (DmkChain) chain = place_chain (p);
  g_autoptr (GPtrArray) verdict = NULL;

  if (chain == NULL)
    return;
  verdict = dmk_chain_verdict (chain, NULL);
  for (guint i = 0; i < chain->links->len; i++)
    {
      g_autofree char *line = dmk_chain_link_describe (g_ptr_array_index (chain->links, i));
      /* TRANSLATORS: a link of a device's chain in gdiskmark-cli targets, under the device */
      g_string_append_printf (out, _("      Link: %s\n"), line);
    }
  for (guint i = 0; i < verdict->len; i++)
    /* TRANSLATORS: what limits a device, under its links in gdiskmark-cli targets */
    g_string_append_printf (out, _("      Limit: %s\n"), (char *) g_ptr_array_index (verdict, i));
}

/* The places under heading, into out, each device with its chain. */
static void
print_places (GString *out, const char *heading, GPtrArray *places)
{
  glong width = 0;

  g_string_append_printf (out, "%s\n", heading);
  for (guint i = 0; i < places->len; i++)
    width = MAX (width, cli_display_width (((DmkPlace *) places->pdata[i])->path));
  for (guint i = 0; i < places->len; i++)
    {
      const DmkPlace *p = places->pdata[i];
      g_autoptr (GString) line = g_string_new ("  ");

      append_cell (line, p->path, width);
      g_string_append (line, p->subtitle != NULL ? p->subtitle : "");
      g_string_append_printf (out, "%s\n", g_strchomp (line->str));
      print_chain (out, p);
    }
}

/* A device's "chain": its links and what limits it. */
static void
add_chain_json (JsonBuilder *json, const DmkPlace *p)
{
  g_autoptr (DmkChain) chain = place_chain (p);

  if (chain == NULL)
    return;
  json_builder_set_member_name (json, "chain");
  json_builder_begin_object (json);
  dmk_chain_write_json (json, chain, NULL);
  json_builder_end_object (json);
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
      add_chain_json (json, p);
      json_builder_end_object (json);
    }
  json_builder_end_array (json);
}

/* gdiskmark-cli targets [FOLDER…]: the window's list of folders and devices, in its words. */
int
targets_main (const CliCommand *command, int argc, char **argv)
{
  g_autoptr (GPtrArray) folders = NULL, devices = NULL;
  g_autoptr (GString) out = g_string_new (NULL);

  argc = parse_options (
    command,
    _("The writable filesystems, each once (home first; a FOLDER given stands for its "
      "filesystem), then every disk and partition, each with the description the window "
      "shows and its chain: every link between it and the machine (PCIe, SATA, USB, SD; "
      "dm-crypt, LVM, md and loop above it) with what each carries at most, and what limits "
      "it."),
    argc, argv);
  if (!cli_output_check (&opts_out))
    return EXIT_USAGE;
  folders = dmk_places_list_folders ((const char *const *) argv + 1);
  devices = dmk_places_list_devices ();
  if (opts_out.format == FORMAT_JSON)
    {
      g_autoptr (JsonBuilder) json = json_builder_new ();

      json_builder_begin_object (json);
      add_places_json (json, "folders", folders);
      add_places_json (json, "devices", devices);
      json_builder_end_object (json);
      return write_json (json);
    }
  print_places (out, _("Folders"), folders);
  print_places (out, _("Devices"), devices);
  return write_listing (out->str);
}
