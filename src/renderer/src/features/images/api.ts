/** The images namespace of the typed client (lib/studio.ts), in one place so tests and code agree on it. */
import type { Studio } from '@shared/contract'
import { studio } from '@renderer/lib/studio'

export type ImagesApi = Studio['images']

export function imagesApi(): ImagesApi {
  return studio.images
}
