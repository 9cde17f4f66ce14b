// Gallery items for store tests: a real image file in the library and its row, with plain defaults a test overrides.
import { imageBytes } from '../../files/testing/images'
import type { StoredItem } from '../gallery-index'
import type { GalleryStore } from '../gallery-store'
import { fileFields, writeResultBytes } from '../result-files'

/** Writes a 40×30 PNG under the store's library and adds its item (id from `over.id`, else a new one). */
export async function addGalleryItem(store: GalleryStore, over: Partial<StoredItem> = {}): Promise<StoredItem> {
  const id = over.id ?? store.newId()
  const file = await writeResultBytes(store.libraryDir, id, await imageBytes('png', 40, 30))
  const item: StoredItem = {
    ...fileFields(id, file),
    origin: 'generate',
    profileId: 'sandbox',
    model: 'imagegen-4.0',
    prompt: 'a fox in snow',
    params: { n: 1 },
    favorite: false,
    ...over
  }
  await store.add([item])
  return item
}
