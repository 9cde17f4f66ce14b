/** What a job's result says about sizes, pure: the size asked for versus the size received. */
import type { GalleryItem } from '@shared/domain/images'

/** `2048*2048` and `2048x2048` are the same request; compare them as `WxH`. */
export function normalizeSize(size: string): string {
  return size.trim().replace('*', 'x').toLowerCase()
}

export function actualSize(item: Pick<GalleryItem, 'width' | 'height'>): string {
  return `${item.width}x${item.height}`
}

export type SizeReport =
  | { kind: 'differs'; requested: string; actual: string }
  | { kind: 'matches'; actual: string }
  | { kind: 'actual'; actual: string }

export function sizeReport(item: Pick<GalleryItem, 'width' | 'height' | 'requestedSize'>): SizeReport {
  const actual = actualSize(item)
  if (!item.requestedSize || item.requestedSize === 'auto') return { kind: 'actual', actual }
  const requested = normalizeSize(item.requestedSize)
  return requested === actual ? { kind: 'matches', actual } : { kind: 'differs', requested, actual }
}
