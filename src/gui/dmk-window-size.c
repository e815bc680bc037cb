/* dmk-window-size.c: the test size dropdown: CrystalDiskMark's sizes, bound to GSettings, with
 * those that do not fit the target marked before the run, not after. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-gui-utils.h"
#include "dmk-window-private.h"

/* CrystalDiskMark's size choices, in MiB. */
static const int sizes_mib[] = { 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
                                 65536 };

static gboolean
size_get (GValue *value, GVariant *variant, gpointer data)
{
  int mib = g_variant_get_int32 (variant);
  guint best = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes_mib); i++)
    if (sizes_mib[i] <= mib)
      best = i;
  g_value_set_uint (value, best);
  return TRUE;
}

static GVariant *
size_set (const GValue *value, const GVariantType *type, gpointer data)
{
  guint sel = g_value_get_uint (value);
  return g_variant_new_int32 (sizes_mib[sel < G_N_ELEMENTS (sizes_mib) ? sel : 6]);
}

/* Why a size does not fit, or NULL when it does (or the room is not known yet). */
static char *
too_large (DmkWindow *self, guint position)
{
  guint64 room = dmk_target_chooser_get_room (self->target_chooser);
  g_autofree char *free_text = NULL;

  if (room == 0 || position >= G_N_ELEMENTS (sizes_mib) ||
      ((guint64) sizes_mib[position] << 20) <= room)
    return NULL;
  free_text = dmk_format_size (room);
  if (dmk_target_chooser_get_device (self->target_chooser) != NULL)
    /* TRANSLATORS: under a test size in the list: the device is smaller */
    return g_strdup_printf (_("larger than the device (%s)"), free_text);
  /* TRANSLATORS: under a test size in the list: the folder has less free space */
  return g_strdup_printf (_("more than the %s free"), free_text);
}

static void
row_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *size = gtk_label_new (NULL);
  GtkWidget *why = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (size), 0);
  gtk_label_set_xalign (GTK_LABEL (why), 0);
  gtk_widget_add_css_class (why, "caption");
  gtk_widget_add_css_class (why, "warning");
  gtk_box_append (GTK_BOX (box), size);
  gtk_box_append (GTK_BOX (box), why);
  gtk_list_item_set_child (item, box);
}

static void
row_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  DmkWindow *self = user_data;
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkStringObject *size = gtk_list_item_get_item (item);
  g_autofree char *why = too_large (self, gtk_list_item_get_position (item));

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (size));
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (box)), why ? why : "");
  gtk_widget_set_visible (gtk_widget_get_last_child (box), why != NULL);
}

/* The chosen size said why the run would fail, where it is and when it is chosen. */
static void
explain (DmkWindow *self, gboolean toast)
{
  guint sel = gtk_drop_down_get_selected (self->size_dropdown);
  g_autofree char *why = too_large (self, sel);
  g_autofree char *size = NULL, *text = NULL;

  if (why == NULL)
    {
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->size_dropdown), _("Test size (Alt+S)"));
      gtk_widget_remove_css_class (GTK_WIDGET (self->size_dropdown), "warning");
      return;
    }
  size = dmk_format_size ((guint64) sizes_mib[sel] << 20);
  /* TRANSLATORS: "64 GiB is more than the 12.3 GiB free: the run would fail to write its test
   * file. Choose a smaller size." */
  text = g_strdup_printf (_("%s is %s: the run would fail to write its test file. Choose a "
                            "smaller size."),
                          size, why);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->size_dropdown), text);
  gtk_widget_add_css_class (GTK_WIDGET (self->size_dropdown), "warning");
  if (toast)
    _dmk_window_toast (self, text);
}

static void
on_room (DmkTargetChooser *chooser, GParamSpec *pspec, DmkWindow *self)
{
  g_autoptr (GtkListItemFactory) factory =
    g_object_ref (gtk_drop_down_get_list_factory (self->size_dropdown));

  /* Bound rows show the old room: bind them anew. */
  gtk_drop_down_set_list_factory (self->size_dropdown, NULL);
  gtk_drop_down_set_list_factory (self->size_dropdown, factory);
  explain (self, FALSE);
}

static void
on_selected (GtkDropDown *dropdown, GParamSpec *pspec, DmkWindow *self)
{
  explain (self, TRUE);
}

void
_dmk_window_size_init (DmkWindow *self)
{
  g_autoptr (GtkStringList) sizes = gtk_string_list_new (NULL);
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  for (guint i = 0; i < G_N_ELEMENTS (sizes_mib); i++)
    {
      g_autofree char *s = dmk_format_size ((guint64) sizes_mib[i] << 20);
      gtk_string_list_append (sizes, s);
    }
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup), self);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind), self);
  gtk_drop_down_set_model (self->size_dropdown, G_LIST_MODEL (sizes));
  gtk_drop_down_set_list_factory (self->size_dropdown, factory);
  g_settings_bind_with_mapping (self->settings, "size-mib", self->size_dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT, size_get, size_set, NULL, NULL);
  g_signal_connect (self->target_chooser, "notify::room", G_CALLBACK (on_room), self);
  g_signal_connect (self->size_dropdown, "notify::selected", G_CALLBACK (on_selected), self);
}
