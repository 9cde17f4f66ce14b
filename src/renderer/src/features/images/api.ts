/**
 * The images part of the typed client. Everything goes through `lib/studio.ts`; this seam only
 * names the namespace's type from the images contract, so the feature compiles against
 * `src/shared/contract/images.ts` itself.
 */
import type { StudioClient } from '@shared/contract-kit'
import type { imagesEvents, imagesInvokes } from '@shared/contract/images'
import { studio } from '@renderer/lib/studio'

export type ImagesApi = StudioClient<typeof imagesInvokes, typeof imagesEvents>['images']

export function imagesApi(): ImagesApi {
  return (studio as unknown as { images: ImagesApi }).images
}
