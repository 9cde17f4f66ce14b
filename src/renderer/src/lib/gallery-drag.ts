/**
 * Drags inside the studio: a gallery image carries its item id under its own type (never a path
 * or its bytes). Kept apart from the dropped-file check so the navigation (start path) can read
 * drag types without loading the PNG-text schema.
 */
/** The drag type a gallery image carries inside the studio: its item id, never a path or its bytes. */
export const GALLERY_ITEM_DRAG_TYPE = 'application/x-studio-gallery-item'
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/

export function setGalleryItemDrag(data: DataTransfer, itemId: string): void {
  data.setData(GALLERY_ITEM_DRAG_TYPE, itemId)
  data.effectAllowed = 'copy'
}

/** Whether a drag carries a gallery image (types are readable during dragover; the data only on drop). */
export function carriesGalleryItem(data: DataTransfer | null | undefined): boolean {
  return !!data && Array.from(data.types).includes(GALLERY_ITEM_DRAG_TYPE)
}

export function carriesFiles(data: DataTransfer | null | undefined): boolean {
  return !!data && Array.from(data.types).includes('Files')
}

/** The gallery item id a drop carries, or null (absent or not an id). */
export function galleryItemOf(data: DataTransfer | null | undefined): string | null {
  const id = data?.getData(GALLERY_ITEM_DRAG_TYPE) ?? ''
  return ITEM_ID.test(id) ? id : null
}
