/* dmk-window-size.c: the Benchmark's test size dropdown, bound to GSettings; choosing a size
 * that does not fit the target says why in a toast as well as in the list. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-size-choice.h"
#include "dmk-window-private.h"

static void
on_selected (GtkDropDown *dropdown, GParamSpec *pspec, DmkWindow *self)
{
  g_autofree char *text = dmk_size_choice_explain (dropdown);

  if (text != NULL)
    _dmk_window_toast (self, text);
}

void
_dmk_window_size_init (DmkWindow *self)
{
  dmk_size_choice_setup (self->size_dropdown, self->target_chooser);
  g_settings_bind_with_mapping (self->settings, "size-mib", self->size_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, dmk_size_choice_get_mapping,
                                dmk_size_choice_set_mapping, NULL, NULL);
  g_signal_connect (self->size_dropdown, "notify::selected", G_CALLBACK (on_selected), self);
}
