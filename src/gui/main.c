/* main.c: starts gdiskmark, the GTK 4 window of the GDiskMark disk benchmark. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dmk-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr (DmkApplication) app = NULL;
  int status;

  setlocale (LC_ALL, "");
  /* GDISKMARK_LOCALEDIR lets tests and screenshots use the catalogs in the build tree. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("GDISKMARK_LOCALEDIR") ? g_getenv ("GDISKMARK_LOCALEDIR")
                                                                    : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("GDiskMark"));
  app = dmk_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status != 0 ? status : dmk_application_get_exit_status (app);
}
