/* dmk-result-load.c: telling a GDiskMark result from any other file, in sentences naming it. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmk-error.h"
#include "dmk-import.h"
#include "dmk-result-private.h"

/* name is the file's display name, or NULL for data that came from no file (then the phrase
 * stands alone). line is 0 when no line can be told. */
static void
not_a_result (GError **error, const char *name, guint line, const char *reason)
{
  if (name != NULL && line > 0)
    /* TRANSLATORS: "“x.json” is not a GDiskMark result (line 3: a comma is missing)" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("“%s” is not a GDiskMark result (line %u: %s)"), name, line, reason);
  else if (name != NULL)
    /* TRANSLATORS: "“x.json” is not a GDiskMark result (it is empty)" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("“%s” is not a GDiskMark result (%s)"),
                 name, reason);
  else if (line > 0)
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("not a GDiskMark result (line %u: %s)"),
                 line, reason);
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("not a GDiskMark result (%s)"), reason);
}

/* json-glib recurses once per nesting level and overflows the stack on deep input (a few
 * megabytes of "[" crash it). Results nest four levels deep; refuse anything past 32 before
 * the parser sees it. */
#define MAX_JSON_DEPTH 32

typedef struct
{
  guint too_deep_line; /* where nesting passes MAX_JSON_DEPTH, or 0 */
  gboolean unclosed;   /* a bracket or a string still open at the end: the file was cut short */
} Scan;

/* json-glib's own errors cannot tell a cut-short file from a wrong character, and a cut-short
 * file is the commonest broken result (a copy or a download that stopped). */
static Scan
scan_json (const char *data, gsize length)
{
  Scan scan = { 0, FALSE };
  gboolean in_string = FALSE;
  guint depth = 0, line = 1;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (c == '\n')
        line++;
      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > MAX_JSON_DEPTH)
            {
              scan.too_deep_line = line;
              return scan;
            }
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  scan.unclosed = in_string || depth > 0;
  return scan;
}

/* json-glib says where it stopped only inside its English message ("<data>:3:5: Parse error:
 * unexpected character…"): the line is taken from there, and the reason from the error code in
 * words of our own, translated. */
static void
not_json (GError **error, const char *name, const GError *parse_error, gboolean unclosed)
{
  guint line = 0, column = 0;
  const char *reason;

  if (sscanf (parse_error->message, "<data>:%u:%u:", &line, &column) != 2)
    line = 0;
  if (unclosed)
    reason = _("it ends too soon");
  else if (parse_error->domain != JSON_PARSER_ERROR)
    reason = _("text that JSON does not allow");
  else
    switch (parse_error->code)
      {
      case JSON_PARSER_ERROR_TRAILING_COMMA:
        reason = _("a comma before a closing bracket");
        break;
      case JSON_PARSER_ERROR_MISSING_COMMA:
        reason = _("a comma is missing");
        break;
      case JSON_PARSER_ERROR_MISSING_COLON:
        reason = _("a colon is missing");
        break;
      case JSON_PARSER_ERROR_INVALID_BAREWORD:
        reason = _("a word that JSON does not allow");
        break;
      default:
        reason = _("text that JSON does not allow");
        break;
      }
  not_a_result (error, name, line, reason);
}

/* The top-level object of data, or NULL with error set: not text, too deep, not JSON, empty, not
 * an object. */
static JsonObject *
parse_root (JsonParser *parser, const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (GError) local = NULL;
  JsonNode *root;
  Scan scan;

  /* Before json-glib, whose message for a binary file quotes its bytes. */
  if (!g_utf8_validate_len (data, length, NULL))
    {
      not_a_result (error, name, 0, _("it is not text"));
      return NULL;
    }
  scan = scan_json (data, length);
  if (scan.too_deep_line > 0)
    {
      g_autofree char *reason = g_strdup_printf (_("nested more than %d levels deep"),
                                                 MAX_JSON_DEPTH);
      not_a_result (error, name, scan.too_deep_line, reason);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local))
    {
      not_json (error, name, local, scan.unclosed);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    not_a_result (error, name, 0, _("it is empty"));
  else if (!JSON_NODE_HOLDS_OBJECT (root))
    not_a_result (error, name, 0, _("it has no “schema” key"));
  else
    return json_node_get_object (root);
  return NULL;
}

/* A newer schema of ours is told apart from someone else's JSON, so the message says what to do
 * about it. */
static gboolean
check_schema (JsonObject *o, const char *name, GError **error)
{
  JsonNode *n = json_object_get_member (o, "schema");
  const char *schema;

  if (n == NULL)
    {
      not_a_result (error, name, 0, _("it has no “schema” key"));
      return FALSE;
    }
  schema = JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
             ? json_node_get_string (n)
             : "";
  if (strcmp (schema, DMK_RESULT_SCHEMA) == 0)
    return TRUE;
  if (g_str_has_prefix (schema, "gdiskmark-result/") && name != NULL)
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("“%s” was saved by a newer GDiskMark (schema “%s”): update GDiskMark to open "
                   "it"),
                 name, schema);
  else if (g_str_has_prefix (schema, "gdiskmark-result/"))
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("saved by a newer GDiskMark (schema “%s”): update GDiskMark to open it"),
                 schema);
  else
    {
      /* TRANSLATORS: %s is the schema this version reads. The file's own "schema" is not
       * shown: someone else's can be any length. */
      g_autofree char *reason = g_strdup_printf (_("its “schema” is not “%s”"),
                                                 DMK_RESULT_SCHEMA);
      not_a_result (error, name, 0, reason);
    }
  return FALSE;
}

static DmkResult *
parse (const char *data, gsize length, const char *name, GError **error)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) local = NULL;
  JsonObject *o;
  DmkResult *r;

  /* Another tool's saved result, for the comparison: CrystalDiskMark's or KDiskMark's text. */
  if (_dmk_import_is_text (data, length) || _dmk_import_is_utf16_text (data, length))
    return _dmk_import_text (data, length, name, error);
  o = parse_root (parser, data, length, name, error);
  if (o != NULL && json_object_has_member (o, "fio version"))
    return _dmk_import_fio_json (o, name, error);
  if (o == NULL || !check_schema (o, name, error))
    return NULL;
  r = _dmk_result_read_object (o, &local);
  if (r != NULL)
    return r;
  if (name != NULL)
    /* TRANSLATORS: "“x.json” is a damaged GDiskMark result: “settings.passes” is out of
     * range" */
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE, _("“%s” is a damaged GDiskMark result: %s"),
                 name, local->message);
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

DmkResult *
dmk_result_from_json (const char *data, gssize length, GError **error)
{
  g_return_val_if_fail (data != NULL, NULL);
  return parse (data, length < 0 ? strlen (data) : (gsize) length, NULL, error);
}

/* errsv is errno as the failing call left it, saved before gettext can change it. */
static void
io_failed (GError **error, gboolean reading, const char *name, int errsv)
{
  if (reading)
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not read “%s”: %s"), name,
                 g_strerror (errsv));
  else
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO, _("Could not open “%s”: %s"), name,
                 g_strerror (errsv));
}

static char *
read_all (int fd, const char *name, gsize size, gsize *length, GError **error)
{
  g_autofree char *data = g_malloc (size + 1);
  gsize got = 0;

  while (got < size)
    {
      gssize n = read (fd, data + got, size - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          io_failed (error, TRUE, name, errno);
          return NULL;
        }
      if (n == 0)
        break; /* it shrank meanwhile: what is left is what is judged */
      got += (gsize) n;
    }
  data[got] = '\0';
  *length = got;
  return g_steal_pointer (&data);
}

/* Real results are a few kilobytes; refuse anything absurd before reading it. */
#define MAX_RESULT_FILE (16 << 20)

/* The contents of filename, NUL-terminated. Read here rather than with g_file_get_contents ()
 * so that each error names the file once, by name: GLib's messages carry the full path. */
static char *
read_file (const char *filename, const char *name, gsize *length, GError **error)
{
  /* O_NONBLOCK: a FIFO must not hang the window; it changes nothing for a regular file. */
  int fd = g_open (filename, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  char *data = NULL;
  struct stat st;

  if (fd < 0)
    {
      io_failed (error, FALSE, name, errno);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    io_failed (error, FALSE, name, errno);
  else if (S_ISDIR (st.st_mode))
    g_set_error (error, DMK_ERROR, DMK_ERROR_IO,
                 _("“%s” is a folder: choose a GDiskMark result file in it"), name);
  else if (!S_ISREG (st.st_mode))
    not_a_result (error, name, 0, _("it is not a file"));
  else if (st.st_size > MAX_RESULT_FILE)
    g_set_error (error, DMK_ERROR, DMK_ERROR_PARSE,
                 _("“%s” is too large to be a GDiskMark result"), name);
  else
    data = read_all (fd, name, (gsize) st.st_size, length, error);
  g_close (fd, NULL);
  return data;
}

DmkResult *
dmk_result_load (const char *filename, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (filename != NULL, NULL);
  /* The base name only: the user just chose the file, and a long path drowns the sentence. */
  name = g_filename_display_basename (filename);
  data = read_file (filename, name, &length, error);
  if (data == NULL)
    return NULL;
  return parse (data, length, name, error);
}
