/* dmk-target-item.c: target list entries over the core's places, for the dropdown's models. */
#include "config.h"

#include "dmk-target-item.h"

struct _DmkTargetItem
{
  GObject parent_instance;

  DmkTargetItemKind kind;
  char *path;
  char *title;
  DmkPlace *place; /* NULL for the chooser, or while unknown */
  gboolean vanished;
};

G_DEFINE_FINAL_TYPE (DmkTargetItem, dmk_target_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dmk_target_item_finalize (GObject *object)
{
  DmkTargetItem *self = DMK_TARGET_ITEM (object);

  g_free (self->path);
  g_free (self->title);
  g_clear_pointer (&self->place, dmk_place_free);
  G_OBJECT_CLASS (dmk_target_item_parent_class)->finalize (object);
}

static void
dmk_target_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  DmkTargetItem *self = DMK_TARGET_ITEM (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, dmk_target_item_get_subtitle (self));
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, dmk_target_item_get_summary (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dmk_target_item_class_init (DmkTargetItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dmk_target_item_finalize;
  object_class->get_property = dmk_target_item_get_property;

  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUMMARY] =
    g_param_spec_string ("summary", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dmk_target_item_init (DmkTargetItem *self)
{
}

static DmkTargetItem *
item_new (DmkTargetItemKind kind, const char *path, const char *title)
{
  DmkTargetItem *self = g_object_new (DMK_TYPE_TARGET_ITEM, NULL);

  self->kind = kind;
  self->path = g_strdup (path);
  self->title = g_strdup (title != NULL ? title : path);
  return self;
}

DmkTargetItem *
dmk_target_item_new (const DmkPlace *place)
{
  DmkTargetItem *self;

  g_return_val_if_fail (place != NULL, NULL);
  self = item_new (place->kind == DMK_PLACE_DEVICE ? DMK_TARGET_ITEM_DEVICE
                                                   : DMK_TARGET_ITEM_FOLDER,
                   place->path, NULL);
  self->place = dmk_place_copy (place);
  return self;
}

DmkTargetItem *
dmk_target_item_new_pending (DmkTargetItemKind kind, const char *path)
{
  return item_new (kind, path, NULL);
}

DmkTargetItem *
dmk_target_item_new_chooser (const char *title)
{
  return item_new (DMK_TARGET_ITEM_CHOOSER, NULL, title);
}

void
dmk_target_item_update (DmkTargetItem *self, const DmkPlace *place)
{
  g_return_if_fail (DMK_IS_TARGET_ITEM (self));
  g_return_if_fail (place != NULL);
  g_clear_pointer (&self->place, dmk_place_free);
  self->place = dmk_place_copy (place);
  self->vanished = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
}

void
dmk_target_item_set_vanished (DmkTargetItem *self)
{
  g_return_if_fail (DMK_IS_TARGET_ITEM (self));
  self->vanished = TRUE;
}

DmkTargetItemKind
dmk_target_item_get_kind (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), DMK_TARGET_ITEM_FOLDER);
  return self->kind;
}

const char *
dmk_target_item_get_path (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->path;
}

const char *
dmk_target_item_get_title (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->title;
}

const char *
dmk_target_item_get_subtitle (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->place != NULL && self->place->subtitle != NULL ? self->place->subtitle : "";
}

const char *
dmk_target_item_get_summary (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->place != NULL && self->place->summary != NULL ? self->place->summary : "";
}

const DmkPlace *
dmk_target_item_get_place (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->place;
}

const char *
dmk_target_item_get_model (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), NULL);
  return self->place != NULL ? self->place->model : NULL;
}

guint64
dmk_target_item_get_size (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), 0);
  return self->place != NULL ? self->place->size_bytes : 0;
}

gboolean
dmk_target_item_get_in_use (DmkTargetItem *self)
{
  g_return_val_if_fail (DMK_IS_TARGET_ITEM (self), TRUE);
  /* A device not yet described, or gone, is in use: never offer writes on what is unknown. */
  if (self->kind == DMK_TARGET_ITEM_DEVICE && (self->place == NULL || self->vanished))
    return TRUE;
  return self->place != NULL && self->place->in_use;
}
