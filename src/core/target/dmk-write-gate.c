/* dmk-write-gate.c: the one gate every write to a block device passes: consent for this very
 * device, checked on the fd, and the helper's in-use checks, run in this process as well. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <sys/stat.h>

#include "../../helper/dmk-device-checks.h"
#include "dmk-error.h"
#include "dmk-places.h"
#include "dmk-write-gate.h"

char *
dmk_device_detail_text (const char *s)
{
  g_autoptr (GString) out = g_string_new (NULL);
  const char *end;
  gboolean clean = TRUE;

  for (const char *p = s; *p; p++)
    {
      if (p[0] == '\\' && p[1] == 'x' && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3]))
        {
          g_string_append_c (out, (char) (g_ascii_xdigit_value (p[2]) * 16 +
                                          g_ascii_xdigit_value (p[3])));
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  if (!g_utf8_validate_len (out->str, out->len, &end))
    return g_strdup (s);
  for (const char *p = out->str; *p; p = g_utf8_next_char (p))
    {
      GUnicodeType type = g_unichar_type (g_utf8_get_char (p));

      clean &= type != G_UNICODE_CONTROL && type != G_UNICODE_FORMAT;
    }
  return clean ? g_string_free (g_steal_pointer (&out), FALSE) : g_strdup (s);
}

gboolean
dmk_device_busy_error (GError **error, int status, const char *dev, const char *detail, int err)
{
  const char *why = err > 0 ? g_strerror (err) : "";

  switch (status)
    {
    case DMK_HELPER_E_MOUNTED:
      g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                   _("%s is mounted at %s: unmount it to run write tests"), dev, detail);
      return TRUE;
    case DMK_HELPER_E_SWAP:
      g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                   _("%s is in use as swap: turn it off (swapoff) to run write tests"), dev);
      return TRUE;
    case DMK_HELPER_E_HELD:
      g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                   _("%s is held by %s (RAID, LVM or encryption): release it to run write tests"),
                   dev, detail);
      return TRUE;
    case DMK_HELPER_E_EXCL_BUSY:
      g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                   _("%s is in use by another program that opened it exclusively: close that "
                     "program to run write tests"),
                   dev);
      return TRUE;
    case DMK_HELPER_E_SHARED:
      g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                   _("%s shares its storage with a loop device (%s): a write test would reach "
                     "the loop's data; detach the loop device (losetup -d) to run write tests"),
                   dev, detail);
      return TRUE;
    case DMK_HELPER_E_CHECK_FAILED:
      g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                   _("Could not check whether %s is in use (%s%s%s), so it was not opened for "
                     "writing: try again, or run as root"),
                   dev, detail, *why ? ": " : "", why);
      return TRUE;
    default:
      return FALSE;
    }
}

/* The device behind fd is the one the user allowed writes to: a name (/dev/loop3) can pass to
 * another device between the consent and the open, the fd cannot. */
static gboolean
consent_holds (int fd, const char *path, const DmkDeviceIdentity *consent, GError **error)
{
  DmkDeviceIdentity now;
  gboolean same;

  if (!dmk_device_identity_read_fd (fd, &now))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED,
                   _("Cannot tell which device %s is now, so nothing was written to it: allow "
                     "write tests on it again"),
                   path);
      return FALSE;
    }
  same = dmk_device_identity_equal (consent, &now);
  if (!same)
    {
      g_autofree char *what = dmk_describe_device (path, now.model, now.size_bytes);
      g_set_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED,
                   _("%s is not the device write tests were allowed on: another device took its "
                     "name. Nothing was written; allow write tests on it again if you mean it"),
                   what);
    }
  dmk_device_identity_clear (&now);
  return same;
}

/* The checks' refusal as an error. */
static gboolean
refused (const DmkDeviceVerdict *v, const char *path, GError **error)
{
  g_autofree char *detail = dmk_device_detail_text (v->detail);
  g_autofree char *dev = *v->device ? g_strdup_printf ("/dev/%s", v->device) : g_strdup (path);

  if (v->status == DMK_HELPER_E_UNKNOWN_DEVICE)
    g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET,
                 _("%s is a block device that is no disk or partition in /sys/block: give a disk "
                   "or partition"),
                 path);
  else if (!dmk_device_busy_error (error, v->status, dev, detail, v->err))
    g_set_error (error, DMK_ERROR, DMK_ERROR_BUSY,
                 _("Could not check whether %s is in use (%s%s%s), so it was not opened for "
                   "writing: try again, or run as root"),
                 dev, detail, v->err > 0 ? ": " : "", v->err > 0 ? g_strerror (v->err) : "");
  return FALSE;
}

/* A check this process could not make for want of permission, where the helper made it as
 * root: its answer stands. */
static gboolean
helper_saw_it (const DmkDeviceVerdict *v, gboolean in_use_checked)
{
  return in_use_checked && v->status == DMK_HELPER_E_CHECK_FAILED &&
         (v->err == EACCES || v->err == EPERM);
}

gboolean
dmk_write_gate_check (int fd, const char *path, const DmkDeviceIdentity *consent,
                      gboolean in_use_checked, gboolean allow_stacked_loop, GError **error)
{
  DmkDeviceFamily *family;
  DmkDeviceVerdict v;
  struct stat st;
  gboolean ok = TRUE;

  g_return_val_if_fail (fd >= 0 && path != NULL, FALSE);

  if (consent == NULL)
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_WRITE_NOT_ALLOWED,
                   _("Write tests on %s would destroy the data on it: allow them explicitly "
                     "(--allow-write-device), or run read tests only (--mode=read)"),
                   path);
      return FALSE;
    }
  if (!consent_holds (fd, path, consent, error))
    return FALSE;
  if (fstat (fd, &st) != 0 || !S_ISBLK (st.st_mode))
    {
      g_set_error (error, DMK_ERROR, DMK_ERROR_NOT_A_TARGET, _("%s is not a block device"), path);
      return FALSE;
    }
  family = dmk_device_family_new (st.st_rdev, &v);
  if (family == NULL)
    return refused (&v, path, error);
  if ((dmk_device_check_in_use (family, &v) != 0 && !helper_saw_it (&v, in_use_checked)) ||
      (dmk_device_check_shared_storage (family, allow_stacked_loop, &v) != 0 &&
       !helper_saw_it (&v, in_use_checked)))
    ok = refused (&v, path, error);
  dmk_device_family_free (family);
  return ok;
}
