/* dmk-size-choice.c: the test size dropdown shared by the Benchmark and the scan views: the sizes,
 * and those that do not fit the target marked in the list with why. */
#include "config.h"

#include <glib/gi18n.h>

#include "dmk-core.h"
#include "dmk-size-choice.h"

/* CrystalDiskMark's size choices, in MiB. */
static const int sizes_mib[] = { 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
                                 65536 };
#define DEFAULT_POSITION 6 /* 1 GiB */

gboolean
dmk_size_choice_get_mapping (GValue *value, GVariant *variant, gpointer data)
{
  int mib = g_variant_get_int32 (variant);
  guint best = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sizes_mib); i++)
    if (sizes_mib[i] <= mib)
      best = i;
  g_value_set_uint (value, best);
  return TRUE;
}

GVariant *
dmk_size_choice_set_mapping (const GValue *value, const GVariantType *type, gpointer data)
{
  guint sel = g_value_get_uint (value);

  return g_variant_new_int32 (sizes_mib[sel < G_N_ELEMENTS (sizes_mib) ? sel : DEFAULT_POSITION]);
}

guint64
dmk_size_choice_get_bytes (GtkDropDown *dropdown)
{
  guint sel = gtk_drop_down_get_selected (dropdown);

  return (guint64) sizes_mib[sel < G_N_ELEMENTS (sizes_mib) ? sel : DEFAULT_POSITION] << 20;
}

static DmkTargetChooser *
chooser_of (GtkDropDown *dropdown)
{
  return g_object_get_data (G_OBJECT (dropdown), "dmk-size-chooser");
}

/* Why a size does not fit, or NULL when it does (or the room is not known yet). */
static char *
too_large (GtkDropDown *dropdown, guint position)
{
  DmkTargetChooser *chooser = chooser_of (dropdown);
  guint64 room = chooser != NULL ? dmk_target_chooser_get_room (chooser) : 0;
  g_autofree char *free_text = NULL;

  if (room == 0 || position >= G_N_ELEMENTS (sizes_mib) ||
      ((guint64) sizes_mib[position] << 20) <= room)
    return NULL;
  free_text = dmk_format_size (room);
  if (dmk_target_chooser_get_device (chooser) != NULL)
    /* TRANSLATORS: under a test size in the list: the device is smaller */
    return g_strdup_printf (_("larger than the device (%s)"), free_text);
  /* TRANSLATORS: under a test size in the list: the folder has less free space */
  return g_strdup_printf (_("more than the %s free"), free_text);
}

char *
dmk_size_choice_explain (GtkDropDown *dropdown)
{
  guint sel = gtk_drop_down_get_selected (dropdown);
  g_autofree char *why = too_large (dropdown, sel);
  g_autofree char *size = NULL;

  if (why == NULL)
    return NULL;
  size = dmk_format_size (dmk_size_choice_get_bytes (dropdown));
  /* TRANSLATORS: "64 GiB is more than the 12.3 GiB free: the run would fail to write its test
   * file. Choose a smaller size." */
  return g_strdup_printf (_("%s is %s: the run would fail to write its test file. Choose a "
                            "smaller size."),
                          size, why);
}

static void
row_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *size = gtk_label_new (NULL);
  GtkWidget *why = gtk_label_new (NULL);
  /* The current size is checked, as in GTK's own lists (Passes). */
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (size), 0);
  gtk_label_set_xalign (GTK_LABEL (why), 0);
  gtk_widget_add_css_class (why, "caption");
  gtk_widget_add_css_class (why, "warning");
  gtk_widget_set_hexpand (box, TRUE);
  gtk_box_append (GTK_BOX (box), size);
  gtk_box_append (GTK_BOX (box), why);
  gtk_box_append (GTK_BOX (row), box);
  gtk_box_append (GTK_BOX (row), check);
  gtk_list_item_set_child (item, row);
}

static void
row_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkDropDown *dropdown = user_data;
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *box = gtk_widget_get_first_child (row);
  GtkWidget *check = gtk_widget_get_last_child (row);
  GtkStringObject *size = gtk_list_item_get_item (item);
  guint position = gtk_list_item_get_position (item);
  g_autofree char *why = too_large (dropdown, position);
  gboolean current = position == gtk_drop_down_get_selected (dropdown);

  gtk_widget_set_opacity (check, current ? 1 : 0);
  gtk_accessible_update_state (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_STATE_HIDDEN, !current,
                               -1);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (size));
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (box)), why ? why : "");
  gtk_widget_set_visible (gtk_widget_get_last_child (box), why != NULL);
}

static GPtrArray *
bound_rows (GtkDropDown *dropdown)
{
  return g_object_get_data (G_OBJECT (dropdown), "dmk-size-bound");
}

/* The rows bound now: GTK unbinds each before it goes (teardown included). */
static void
row_bound (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GPtrArray *rows = bound_rows (user_data);

  if (rows != NULL)
    g_ptr_array_add (rows, item);
}

static void
row_unbound (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GPtrArray *rows = bound_rows (user_data);

  if (rows != NULL)
    g_ptr_array_remove_fast (rows, item);
}

/* The chosen size says why the run would fail, where it is. */
static void
mark (GtkDropDown *dropdown)
{
  g_autofree char *text = dmk_size_choice_explain (dropdown);
  const char *plain = g_object_get_data (G_OBJECT (dropdown), "dmk-size-tooltip");

  gtk_widget_set_tooltip_text (GTK_WIDGET (dropdown), text != NULL ? text : plain);
  if (text != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (dropdown), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (dropdown), "warning");
}

/* Bound rows show the old room and the old check: bind them anew, in place. (Setting the
 * factory again would build every row's widgets anew, 13 rows a time, four lists at startup.) */
static void
rebind (GtkDropDown *dropdown)
{
  GPtrArray *rows = bound_rows (dropdown);

  for (guint i = 0; i < rows->len; i++)
    row_bind (NULL, rows->pdata[i], dropdown);
  mark (dropdown);
}

static void
on_room (DmkTargetChooser *chooser, GParamSpec *pspec, GtkDropDown *dropdown)
{
  rebind (dropdown);
}

static void
on_selected (GtkDropDown *dropdown, GParamSpec *pspec, gpointer user_data)
{
  rebind (dropdown);
}

void
dmk_size_choice_setup (GtkDropDown *dropdown, DmkTargetChooser *chooser)
{
  g_autoptr (GtkStringList) sizes = gtk_string_list_new (NULL);
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  for (guint i = 0; i < G_N_ELEMENTS (sizes_mib); i++)
    {
      g_autofree char *s = dmk_format_size ((guint64) sizes_mib[i] << 20);
      gtk_string_list_append (sizes, s);
    }
  g_object_set_data (G_OBJECT (dropdown), "dmk-size-chooser", chooser);
  /* The tooltip it has when nothing is wrong: the one it came with, or a plain one. */
  g_object_set_data_full (G_OBJECT (dropdown), "dmk-size-tooltip",
                          gtk_widget_get_tooltip_text (GTK_WIDGET (dropdown)) != NULL
                            ? g_strdup (gtk_widget_get_tooltip_text (GTK_WIDGET (dropdown)))
                            : g_strdup (_("Test size")),
                          g_free);
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup), dropdown);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind), dropdown);
  g_signal_connect_after (factory, "bind", G_CALLBACK (row_bound), dropdown);
  g_signal_connect (factory, "unbind", G_CALLBACK (row_unbound), dropdown);
  g_object_set_data_full (G_OBJECT (dropdown), "dmk-size-bound", g_ptr_array_new (),
                          (GDestroyNotify) g_ptr_array_unref);
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (sizes));
  gtk_drop_down_set_list_factory (dropdown, factory);
  gtk_drop_down_set_selected (dropdown, DEFAULT_POSITION);
  g_signal_connect_object (chooser, "notify::room", G_CALLBACK (on_room), dropdown, 0);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_selected), NULL);
  mark (dropdown);
}
