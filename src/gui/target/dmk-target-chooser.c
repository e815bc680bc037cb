/* dmk-target-chooser.c: the target dropdown: folders, then devices, then "Choose Folder…". */
#include "config.h"

#include <glib/gi18n.h>
#include <sys/stat.h>

#include "dmk-gui-utils.h"
#include "dmk-target-chooser.h"
#include "dmk-target-rows.h"

struct _DmkTargetChooser
{
  GtkWidget parent_instance;

  GtkDropDown *dropdown;
  GListStore *folders;
  GListStore *devices;
  GListStore *actions;
  GtkFlattenListModel *targets;
  char *path;
  guint updating; /* > 0 while the lists change under the dropdown: its selection is ours */
  GCancellable *cancellable;
  guint describing; /* folder descriptions in flight */
  GtkFileChooserNative *chooser;
  GPtrArray *chosen;       /* the folders the user chose, NULL-terminated */
  gboolean scanning;
  gboolean rescan;         /* asked for while a scan ran */
  gboolean writes_allowed; /* confirmed for the device at path, until it changes */
  DmkDeviceIdentity consent; /* the device they were confirmed for */
  gboolean consent_lost;   /* withdrawn because another device took the name */
  guint64 room;            /* bytes a test file may take there: free space, or the device's size */
};

G_DEFINE_FINAL_TYPE (DmkTargetChooser, dmk_target_chooser, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_PATH,
  PROP_WRITES_ALLOWED,
  PROP_ROOM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_DEVICES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint
find_target (DmkTargetChooser *self, const char *path)
{
  GListModel *model = G_LIST_MODEL (self->targets);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; path != NULL && i < n; i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (model, i);
      if (dmk_target_item_get_kind (item) != DMK_TARGET_ITEM_CHOOSER &&
          g_strcmp0 (dmk_target_item_get_path (item), path) == 0)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* Every change of the lists goes between these two: the dropdown may move its selection while
 * items come and go, and that must never count as the user's choice. */
static void
lists_change_begin (DmkTargetChooser *self)
{
  self->updating++;
}

static void
lists_change_end (DmkTargetChooser *self)
{
  gtk_drop_down_set_selected (self->dropdown, find_target (self, self->path));
  self->updating--;
}

static DmkTargetItem *
find_in (GListStore *store, const char *path)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (store));

  for (guint i = 0; path != NULL && i < n; i++)
    {
      g_autoptr (DmkTargetItem) item = g_list_model_get_item (G_LIST_MODEL (store), i);
      if (g_strcmp0 (dmk_target_item_get_path (item), path) == 0)
        return item; /* the store keeps it alive */
    }
  return NULL;
}

DmkTargetItem *
dmk_target_chooser_get_device (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), NULL);
  return find_in (self->devices, self->path);
}

static void scan_places (DmkTargetChooser *self);

/* Consent is for the device as it was when given: its number, size, model, sequence number
 * and backing file (identity; NULL to withdraw it). Another device under the same name is
 * another device. */
static void
set_writes_allowed (DmkTargetChooser *self, const DmkDeviceIdentity *identity)
{
  gboolean allowed = identity != NULL;

  if (identity != &self->consent)
    {
      dmk_device_identity_clear (&self->consent);
      if (identity != NULL)
        dmk_device_identity_copy (&self->consent, identity);
    }
  if (self->writes_allowed == allowed)
    return;
  self->writes_allowed = allowed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRITES_ALLOWED]);
}

static void
set_room (DmkTargetChooser *self, guint64 room)
{
  if (self->room == room)
    return;
  self->room = room;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROOM]);
}

static void
folder_described (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (DmkPlace) place = dmk_place_new_finish (res, NULL);
  DmkTargetChooser *self = user_data;
  DmkTargetItem *item;

  if (place == NULL)
    return; /* cancelled: the chooser may be gone */
  self->describing--;
  item = find_in (self->folders, place->path);
  if (item != NULL)
    dmk_target_item_update (item, place);
  if (g_strcmp0 (place->path, self->path) == 0)
    set_room (self, place->avail_bytes);
}

/* How much a test file may take on the target: a folder's free space (statvfs can block on a
 * sick filesystem, so off the main thread, with its description), a device's size. 0 while
 * unknown. */
static void
update_room (DmkTargetChooser *self)
{
  DmkTargetItem *device = find_in (self->devices, self->path);

  if (device != NULL || self->path == NULL)
    {
      set_room (self, device != NULL ? dmk_target_item_get_size (device) : 0);
      return;
    }
  set_room (self, 0);
  self->describing++;
  dmk_place_new_async (self->path, self->cancellable, folder_described, self);
}

guint64
dmk_target_chooser_get_room (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), 0);
  return self->room;
}

/* A folder that is the target is remembered for the next scans, last: it stands for its
 * filesystem in the list. */
static void
remember_folder (DmkTargetChooser *self, const char *path)
{
  for (guint i = 0; i + 1 < self->chosen->len; i++)
    if (g_str_equal (self->chosen->pdata[i], path))
      {
        g_ptr_array_remove_index (self->chosen, i);
        break;
      }
  g_ptr_array_insert (self->chosen, (gint) self->chosen->len - 1, g_strdup (path));
}

static void
set_path (DmkTargetChooser *self, const char *path)
{
  if (path != NULL && find_in (self->devices, path) == NULL)
    remember_folder (self, path);
  if (g_strcmp0 (self->path, path) == 0)
    return;
  /* Per device: a new target starts read-only. */
  set_writes_allowed (self, NULL);
  self->consent_lost = FALSE;
  g_free (self->path);
  self->path = g_strdup (path);
  update_room (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
}

/* The device at the path as it is now, described afresh in its item (stat, sysfs and the mount
 * table: no I/O to the disk itself), so that what the list and the next question say is the
 * device a write would reach. FALSE when the path is no block device now. */
static gboolean
describe_device_now (DmkTargetChooser *self, DmkTargetItem *device)
{
  g_autoptr (DmkPlace) place = dmk_place_new (self->path);

  if (place->kind != DMK_PLACE_DEVICE)
    {
      /* Gone: taken as in use, so that nothing writes to whatever comes under the name. */
      dmk_target_item_set_vanished (device);
      return FALSE;
    }
  dmk_target_item_update (device, place);
  return TRUE;
}

void
dmk_target_chooser_describe_target_now (DmkTargetChooser *self)
{
  DmkTargetItem *device;

  g_return_if_fail (DMK_IS_TARGET_CHOOSER (self));
  device = dmk_target_chooser_get_device (self);
  if (device != NULL)
    describe_device_now (self, device);
}

gboolean
dmk_target_chooser_allow_writes (DmkTargetChooser *self, const DmkDeviceIdentity *named)
{
  DmkTargetItem *device;
  const DmkPlace *place;

  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), FALSE);
  g_return_val_if_fail (named != NULL, FALSE);
  device = dmk_target_chooser_get_device (self);
  if (device == NULL || !describe_device_now (self, device))
    return FALSE;
  place = dmk_target_item_get_place (device);
  /* Yes to the question is yes for the device it named, and only while that one is there. */
  if (dmk_target_item_get_in_use (device) || !dmk_device_identity_equal (named, &place->identity))
    return FALSE;
  self->consent_lost = FALSE;
  set_writes_allowed (self, &place->identity);
  return TRUE;
}

gboolean
dmk_target_chooser_recheck_consent (DmkTargetChooser *self)
{
  DmkTargetItem *device;
  DmkDeviceIdentity now = { 0 };
  gboolean same;

  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), FALSE);
  if (!self->writes_allowed)
    return FALSE;
  device = dmk_target_chooser_get_device (self);
  same = device != NULL && dmk_device_identity_read (self->path, &now) &&
         dmk_device_identity_equal (&self->consent, &now);
  dmk_device_identity_clear (&now);
  if (same)
    return TRUE;
  if (device != NULL)
    describe_device_now (self, device);
  self->consent_lost = TRUE;
  set_writes_allowed (self, NULL);
  scan_places (self); /* the rest of the list may have changed too */
  return FALSE;
}

gboolean
dmk_target_chooser_get_consent_lost (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), FALSE);
  return self->consent_lost && !self->writes_allowed;
}

void
dmk_target_chooser_forget_consent_lost (DmkTargetChooser *self)
{
  g_return_if_fail (DMK_IS_TARGET_CHOOSER (self));
  self->consent_lost = FALSE;
}

gboolean
dmk_target_chooser_get_writes_allowed (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), FALSE);
  return self->writes_allowed;
}

const DmkDeviceIdentity *
dmk_target_chooser_get_consent (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), NULL);
  return self->writes_allowed ? &self->consent : NULL;
}

/* ---- the lists: the folders and devices of this machine, made off the main thread ---- */

/* The target stays listed whatever a scan found, so the list never jumps under the user; a
 * device that went away is marked in use, so nothing writes to whatever takes its name. */
static void
keep_target (DmkTargetChooser *self, GListStore *store, GPtrArray *items)
{
  DmkTargetItem *old = find_in (store, self->path);

  for (guint j = 0; old != NULL && j < items->len; j++)
    if (g_str_equal (dmk_target_item_get_path (items->pdata[j]), self->path))
      return;
  if (old != NULL)
    {
      if (store == self->devices)
        dmk_target_item_set_vanished (old);
      g_ptr_array_add (items, g_object_ref (old));
    }
}

/* Items for places, reusing the items already listed for the same paths (the dropdown keeps
 * its selection, and bound rows follow their items' new facts). */
static GPtrArray *
items_for (GListStore *store, GPtrArray *places)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < places->len; i++)
    {
      const DmkPlace *place = places->pdata[i];
      DmkTargetItem *old = find_in (store, place->path);

      if (old != NULL)
        {
          dmk_target_item_update (old, place);
          g_ptr_array_add (items, g_object_ref (old));
        }
      else
        g_ptr_array_add (items, dmk_target_item_new (place));
    }
  return items;
}

static void
replace_items (DmkTargetChooser *self, GListStore *store, GPtrArray *items)
{
  lists_change_begin (self);
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)), items->pdata,
                       items->len);
  lists_change_end (self);
}

/* After a scan, consent stands only for the very device it was given for: detached and another
 * attached under the name, or in use now, it is gone. */
static void
check_consent (DmkTargetChooser *self)
{
  DmkTargetItem *device = dmk_target_chooser_get_device (self);
  const DmkPlace *place = device != NULL ? dmk_target_item_get_place (device) : NULL;

  if (!self->writes_allowed)
    return;
  if (device == NULL || dmk_target_item_get_in_use (device) || place == NULL ||
      !dmk_device_identity_equal (&self->consent, &place->identity))
    {
      self->consent_lost = TRUE;
      set_writes_allowed (self, NULL);
    }
}

static void
places_listed (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr (GPtrArray) folders = NULL, devices = NULL;
  g_autoptr (GPtrArray) folder_items = NULL, device_items = NULL;
  DmkTargetChooser *self = user_data;
  DmkTargetItem *device;

  if (!dmk_places_list_finish (res, &folders, &devices, NULL))
    return; /* cancelled: the chooser is gone */
  self->scanning = FALSE;
  folder_items = items_for (self->folders, folders);
  device_items = items_for (self->devices, devices);
  keep_target (self, self->folders, folder_items);
  keep_target (self, self->devices, device_items);
  replace_items (self, self->folders, folder_items);
  replace_items (self, self->devices, device_items);
  check_consent (self);
  device = dmk_target_chooser_get_device (self);
  if (device != NULL)
    set_room (self, dmk_target_item_get_size (device));
  g_signal_emit (self, signals[SIGNAL_DEVICES_CHANGED], 0);
  if (self->rescan)
    {
      self->rescan = FALSE;
      scan_places (self);
    }
}

/* sysfs and mountinfo are quick, but a dying disk can stall them: off the main thread. The
 * folders the user chose go with the mounts, so that each filesystem is listed once. */
static void
scan_places (DmkTargetChooser *self)
{
  if (self->scanning)
    {
      self->rescan = TRUE;
      return;
    }
  self->scanning = TRUE;
  dmk_places_list_async ((const char *const *) self->chosen->pdata, self->cancellable,
                         places_listed, self);
}

void
dmk_target_chooser_refresh_devices (DmkTargetChooser *self)
{
  g_return_if_fail (DMK_IS_TARGET_CHOOSER (self));
  scan_places (self);
}

void
dmk_target_chooser_set_path (DmkTargetChooser *self, const char *path)
{
  g_return_if_fail (DMK_IS_TARGET_CHOOSER (self));
  g_return_if_fail (path != NULL);

  lists_change_begin (self);
  if (find_target (self, path) == GTK_INVALID_LIST_POSITION)
    {
      struct stat st;
      gboolean is_device = g_str_has_prefix (path, "/dev/") && stat (path, &st) == 0 &&
                           S_ISBLK (st.st_mode);
      g_autoptr (DmkTargetItem) item = dmk_target_item_new_pending (
        is_device ? DMK_TARGET_ITEM_DEVICE : DMK_TARGET_ITEM_FOLDER, path);

      if (is_device)
        g_list_store_append (self->devices, item);
      else
        g_list_store_append (self->folders, item);
      scan_places (self);
    }
  set_path (self, path);
  lists_change_end (self);
}

gboolean
dmk_target_chooser_try_path (DmkTargetChooser *self, const char *path, GError **error)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* Refused now, not when a run fails on it later, and never listed or remembered. */
  if (!dmk_place_check_path (path, error))
    return FALSE;
  dmk_target_chooser_set_path (self, path);
  return TRUE;
}

const char *
dmk_target_chooser_get_path (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), NULL);
  return self->path;
}

static void
chooser_response (GtkNativeDialog *dialog, int response, gpointer user_data)
{
  DmkTargetChooser *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;

      if (path == NULL)
        gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s",
                                    _("Only local folders can be tested"));
      /* The folder can go between the dialog's listing and the click. */
      else if (!dmk_target_chooser_try_path (self, path, &error))
        gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_clear_object (&self->chooser);
}

void
dmk_target_chooser_choose_folder (DmkTargetChooser *self)
{
  GtkRoot *root;

  g_return_if_fail (DMK_IS_TARGET_CHOOSER (self));
  if (self->chooser != NULL)
    return;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  self->chooser = gtk_file_chooser_native_new (_("Choose a Folder to Test"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_selected (GtkDropDown *dropdown, GParamSpec *pspec, DmkTargetChooser *self)
{
  DmkTargetItem *item = gtk_drop_down_get_selected_item (dropdown);

  if (self->updating > 0 || item == NULL)
    return;
  if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_CHOOSER)
    {
      /* "Choose Folder…" is an action, not a target: keep showing the current one. */
      lists_change_begin (self);
      lists_change_end (self);
      dmk_target_chooser_choose_folder (self);
      return;
    }
  set_path (self, dmk_target_item_get_path (item));
  if (dmk_target_item_get_kind (item) == DMK_TARGET_ITEM_DEVICE)
    scan_places (self); /* mounted since the list was made? */
}

GtkWidget *
dmk_target_chooser_get_dropdown (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), NULL);
  return GTK_WIDGET (self->dropdown);
}

/* ---- the widget ---- */

static void
dmk_target_chooser_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  DmkTargetChooser *self = DMK_TARGET_CHOOSER (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_WRITES_ALLOWED:
      g_value_set_boolean (value, self->writes_allowed);
      break;
    case PROP_ROOM:
      g_value_set_uint64 (value, self->room);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_target_chooser_dispose (GObject *object)
{
  DmkTargetChooser *self = DMK_TARGET_CHOOSER (object);

  g_cancellable_cancel (self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  if (self->dropdown != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->dropdown, self);
      gtk_widget_unparent (GTK_WIDGET (self->dropdown));
      self->dropdown = NULL;
    }
  g_clear_object (&self->targets);
  g_clear_object (&self->folders);
  g_clear_object (&self->devices);
  g_clear_object (&self->actions);
  G_OBJECT_CLASS (dmk_target_chooser_parent_class)->dispose (object);
}

static void
dmk_target_chooser_finalize (GObject *object)
{
  DmkTargetChooser *self = DMK_TARGET_CHOOSER (object);

  g_clear_object (&self->cancellable);
  g_free (self->path);
  g_ptr_array_unref (self->chosen);
  dmk_device_identity_clear (&self->consent);
  G_OBJECT_CLASS (dmk_target_chooser_parent_class)->finalize (object);
}

static void
dmk_target_chooser_class_init (DmkTargetChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = dmk_target_chooser_get_property;
  object_class->dispose = dmk_target_chooser_dispose;
  object_class->finalize = dmk_target_chooser_finalize;
  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                 G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_WRITES_ALLOWED] =
    g_param_spec_boolean ("writes-allowed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ROOM] = g_param_spec_uint64 ("room", NULL, NULL, 0, G_MAXUINT64, 0,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                 G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* Emitted when a scan of the block devices has updated the list. */
  signals[SIGNAL_DEVICES_CHANGED] = g_signal_new ("devices-changed", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
dmk_target_chooser_init (DmkTargetChooser *self)
{
  g_autoptr (GListStore) sections = g_list_store_new (G_TYPE_LIST_MODEL);
  g_autoptr (DmkTargetItem) choose = NULL;
  g_autoptr (GtkListItemFactory) button_factory = NULL;
  g_autoptr (GtkListItemFactory) list_factory = NULL;
  const char *home = g_get_home_dir ();

  /* A group without a name: its dropdown is "Target" (named twice, it was said twice). */
  self->cancellable = g_cancellable_new ();
  self->chosen = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->chosen, NULL);
  self->folders = g_list_store_new (DMK_TYPE_TARGET_ITEM);
  self->devices = g_list_store_new (DMK_TYPE_TARGET_ITEM);
  self->actions = g_list_store_new (DMK_TYPE_TARGET_ITEM);
  choose = dmk_target_item_new_chooser (_("Choose Folder…"));
  g_list_store_append (self->actions, choose);
  g_list_store_append (sections, self->folders);
  g_list_store_append (sections, self->devices);
  g_list_store_append (sections, self->actions);
  self->targets = gtk_flatten_list_model_new (G_LIST_MODEL (g_object_ref (sections)));

  self->dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_hexpand (GTK_WIDGET (self->dropdown), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->dropdown), _("Where to test (Alt+T)"));
  button_factory = dmk_target_rows_factory (NULL, NULL);
  list_factory = dmk_target_rows_factory (G_LIST_MODEL (self->folders),
                                          G_LIST_MODEL (self->devices));
  gtk_drop_down_set_factory (self->dropdown, button_factory);
  gtk_drop_down_set_list_factory (self->dropdown, list_factory);
  dmk_drop_down_set_accessible_label (self->dropdown, _("Target"));
  gtk_widget_set_parent (GTK_WIDGET (self->dropdown), GTK_WIDGET (self));
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);

  /* What needs no I/O now; the mounts and their descriptions arrive from threads. */
  lists_change_begin (self);
  gtk_drop_down_set_model (self->dropdown, G_LIST_MODEL (self->targets));
  if (home != NULL)
    {
      g_autoptr (DmkTargetItem) item = dmk_target_item_new_pending (DMK_TARGET_ITEM_FOLDER, home);
      g_list_store_append (self->folders, item);
      set_path (self, home);
    }
  lists_change_end (self);
  g_signal_connect (self->dropdown, "notify::selected", G_CALLBACK (on_selected), self);
  scan_places (self);
}

#ifdef DMK_TESTING

gboolean
dmk_target_chooser_is_busy (DmkTargetChooser *self)
{
  return self->scanning || self->rescan || self->describing > 0;
}

gboolean
dmk_target_chooser_is_choosing (DmkTargetChooser *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_CHOOSER (self), FALSE);
  return self->chooser != NULL;
}

#endif
