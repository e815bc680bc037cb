/* dmk-target-rows.c: the target dropdown's rows: a path with its short usage in the button, a
 * path over its description in the list, each kind's first row under its heading. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-target-rows.h"

static void update_heading (GtkListItem *list_item, GParamSpec *pspec, gpointer factory);

static void
target_setup (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer two_lines)
{
  GtkWidget *box = gtk_box_new (two_lines ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                two_lines ? 2 : 6);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *sub = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_MIDDLE);
  /* In the button the path gives way, never the fill level. The list is as wide as the button,
   * so there the details wrap rather than lose the device model. */
  if (two_lines)
    {
      gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (sub), PANGO_WRAP_WORD_CHAR);
      gtk_widget_add_css_class (sub, "caption");
    }
  else
    {
      /* In the button, the usage gives way before the path: the path keeps the width it needs
       * (up to a point, set in bind), the usage is cut first. */
      gtk_widget_set_hexpand (title, TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (sub), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (sub), 3);
    }
  gtk_widget_add_css_class (sub, "dim-label");
  if (two_lines)
    {
      /* GTK 4.8's dropdown has no sections: the first row of each kind carries its heading. */
      GtkWidget *heading = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_widget_add_css_class (heading, "heading");
      gtk_widget_add_css_class (heading, "dim-label");
      gtk_widget_set_margin_bottom (heading, 4);
      gtk_widget_set_visible (heading, FALSE);
      gtk_box_append (GTK_BOX (box), heading);
      /* Items move when a scan adds folders above: the heading follows the position. */
      g_signal_connect (list_item, "notify::position", G_CALLBACK (update_heading), factory);
    }
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), sub);
  gtk_list_item_set_child (list_item, box);
}

/* "Folders" over the first folder, "Devices" over the first device; nothing over the rest. */
static const char *
heading_for (GtkListItemFactory *factory, guint position, DmkTargetItem *item)
{
  GListModel *folders = g_object_get_data (G_OBJECT (factory), "folders");
  GListModel *devices = g_object_get_data (G_OBJECT (factory), "devices");
  guint n_folders = g_list_model_get_n_items (folders);
  guint n_devices = g_list_model_get_n_items (devices);

  if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_FOLDER && position == 0)
    return _("Folders");
  if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_DEVICE && position == n_folders &&
      n_devices > 0)
    return _("Devices");
  return NULL;
}

static void
update_heading (GtkListItem *list_item, GParamSpec *pspec, gpointer factory)
{
  DmkTargetItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  const char *text;

  if (item == NULL || box == NULL)
    return;
  text = heading_for (factory, gtk_list_item_get_position (list_item), item);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)), text);
  gtk_widget_set_visible (gtk_widget_get_first_child (box), text != NULL);
}

static void
target_bind (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer two_lines)
{
  DmkTargetItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *sub = gtk_widget_get_last_child (box);
  GtkWidget *title = gtk_widget_get_prev_sibling (sub);
  GBinding *binding;

  if (two_lines)
    update_heading (list_item, NULL, factory);

  gtk_label_set_text (GTK_LABEL (title), dmk_target_item_get_title (item));
  if (!two_lines)
    {
      /* A path of ordinary length is never cut in the button; only a long one is, in the middle,
       * and never below 20 characters. */
      gboolean long_path = g_utf8_strlen (dmk_target_item_get_title (item), -1) > 20;

      gtk_label_set_ellipsize (GTK_LABEL (title),
                               long_path ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_NONE);
      gtk_label_set_width_chars (GTK_LABEL (title), long_path ? 20 : -1);
    }
  binding = g_object_bind_property (item, two_lines ? "subtitle" : "summary", sub, "label",
                                    G_BINDING_SYNC_CREATE);
  g_object_set_data (G_OBJECT (list_item), "binding", binding);
  gtk_widget_set_visible (sub, dmk_target_item_get_kind (item) != DMK_TARGET_ITEM_CHOOSER);
}

static void
target_unbind (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer two_lines)
{
  GBinding *binding = g_object_get_data (G_OBJECT (list_item), "binding");

  if (binding != NULL)
    g_binding_unbind (binding);
  g_object_set_data (G_OBJECT (list_item), "binding", NULL);
}

GtkListItemFactory *
dmk_target_rows_factory (GListModel *folders, GListModel *devices)
{
  GtkListItemFactory *f = gtk_signal_list_item_factory_new ();
  gboolean two_lines = folders != NULL;

  if (two_lines)
    {
      g_object_set_data_full (G_OBJECT (f), "folders", g_object_ref (folders), g_object_unref);
      g_object_set_data_full (G_OBJECT (f), "devices", g_object_ref (devices), g_object_unref);
    }
  g_signal_connect (f, "setup", G_CALLBACK (target_setup), GINT_TO_POINTER (two_lines));
  g_signal_connect (f, "bind", G_CALLBACK (target_bind), GINT_TO_POINTER (two_lines));
  g_signal_connect (f, "unbind", G_CALLBACK (target_unbind), GINT_TO_POINTER (two_lines));
  return f;
}
