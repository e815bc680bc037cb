/* dmk-text.c: text from elsewhere, escaped for a terminal. */
#include "config.h"

#include <string.h>

#include "dmk-text.h"

gboolean
dmk_text_is_unsafe_char (gunichar c, gboolean keep_newline)
{
  if (c == '\n')
    return !keep_newline;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x061c || c == 0x200e || c == 0x200f ||
         (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

char *
dmk_text_escape_controls (const char *text, gboolean keep_newline)
{
  GString *out;
  const char *p, *end;

  g_return_val_if_fail (text != NULL, NULL);
  end = text + strlen (text);
  /* The usual case, nothing to escape, costs one pass and a copy. */
  for (p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2 || dmk_text_is_unsafe_char (c, keep_newline))
        break;
    }
  if (p >= end)
    return g_strdup (text);
  out = g_string_new_len (text, p - text);
  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }
      if (c < 0x80 && dmk_text_is_unsafe_char (c, keep_newline))
        g_string_append_printf (out, "\\x%02x", (guint) c);
      else if (dmk_text_is_unsafe_char (c, keep_newline))
        g_string_append_printf (out, "\\u%04x", (guint) c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}
