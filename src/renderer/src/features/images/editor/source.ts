/** Editor sources from a gallery item or an uploaded file's grant. */
import type { FileGrant } from '@shared/domain/files'
import type { GalleryItem } from '@shared/domain/images'
import type { EditorSource } from '../images-ui-store'

export function sourceOfItem(item: GalleryItem): EditorSource {
  return {
    ref: { kind: 'gallery', itemId: item.id },
    url: item.url,
    width: item.width,
    height: item.height,
    label: item.prompt
  }
}

/** A grant without a preview URL or size cannot be painted on (the mask must match its size). */
export function sourceOfGrant(grant: FileGrant, local?: Blob): EditorSource | null {
  if (!grant.previewUrl || !grant.width || !grant.height) return null
  return {
    ref: { kind: 'file', fileId: grant.fileId },
    url: grant.previewUrl,
    width: grant.width,
    height: grant.height,
    label: grant.name,
    ...(local ? { local } : {})
  }
}

/** Which picture a source is: the painter's mask belongs to one (reopening it keeps the mask). */
export function sourceKey(source: EditorSource | null): string {
  if (!source) return 'none'
  return `${source.ref.kind}:${source.ref.kind === 'gallery' ? source.ref.itemId : source.ref.fileId}`
}
