/* dmk-compare-main-window.c: the main window as the comparison's current run. Sits above both
 * windows (as the application does), so that neither includes the other's internals for it; goes
 * into dmk-application.c once dmk-window.c stops calling dmk_compare_window_set_main_window. */
#include "config.h"

#include "dmk-compare-window.h"
#include "dmk-window.h"

typedef struct
{
  GWeakRef main_window;
  GWeakRef compare;
} MainWindowSource;

static void
main_window_source_free (gpointer data)
{
  MainWindowSource *s = data;

  g_weak_ref_clear (&s->main_window);
  g_weak_ref_clear (&s->compare);
  g_free (s);
}

static gboolean
shows_result (gpointer window)
{
  return window != NULL && DMK_IS_WINDOW (window) &&
         dmk_window_get_shown_result (DMK_WINDOW (window)) != NULL;
}

/* The given main window's result, else that of the application's most recently used main window
 * that shows one. */
static DmkResult *
current_from_main_window (gpointer user_data, char **source)
{
  MainWindowSource *s = user_data;
  g_autoptr (GtkWindow) main_window = g_weak_ref_get (&s->main_window);
  g_autoptr (GtkWindow) compare = g_weak_ref_get (&s->compare);
  GtkApplication *app = compare != NULL ? gtk_window_get_application (compare) : NULL;
  DmkWindow *win = NULL;

  if (shows_result (main_window))
    win = DMK_WINDOW (main_window);
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; win == NULL && l != NULL;
       l = l->next)
    if (shows_result (l->data))
      win = l->data;
  if (win == NULL)
    return NULL;
  *source = g_strdup (dmk_window_get_shown_source (win));
  return dmk_result_ref (dmk_window_get_shown_result (win));
}

void
dmk_compare_window_set_main_window (DmkCompareWindow *self, GtkWindow *main_window)
{
  MainWindowSource *s;

  g_return_if_fail (DMK_IS_COMPARE_WINDOW (self));
  g_return_if_fail (main_window == NULL || GTK_IS_WINDOW (main_window));
  s = g_new0 (MainWindowSource, 1);
  g_weak_ref_init (&s->main_window, main_window);
  g_weak_ref_init (&s->compare, self);
  dmk_compare_window_set_current_func (self, current_from_main_window, s,
                                       main_window_source_free);
}
