import type { Handlers } from '../ipc/dispatcher'
import type { ImageService } from './image-service'

type ImageChannel = Extract<keyof Handlers, `images:${string}`>

/** Where "More like this" goes: the local queue (each variation an item under its cap, pause and limits). */
export interface VariationQueue {
  addVariations(itemId: string, count: number): Promise<{ groupId: string; jobIds: string[] }>
}

/** The images channels of the contract, mapped onto the images host. */
export function createImageHandlers(images: ImageService, variations: VariationQueue): Pick<Handlers, ImageChannel> {
  const { actions } = images
  return {
    'images:generate': (input) => images.generate(input),
    'images:submit-native': (input) => images.submitNative(input),
    'images:edit': (input) => images.edit(input),
    'images:more-like-this': ({ id, count }) => variations.addVariations(id, count),
    'images:list-jobs': () => images.listJobs(),
    'images:list-gallery': (input) =>
      actions.page(input?.filter, { before: input?.before, from: input?.from, cursor: input?.cursor }, input?.limit),
    'images:gallery-months': (input) => actions.months(input?.filter),
    'images:get-items': ({ ids }) => actions.getMany(ids),
    'images:search-gallery': ({ filter, after, limit }) => actions.search(filter, after, limit),
    'images:get-item': ({ id }) => actions.get(id),
    'images:update-item': ({ id, favorite }) => actions.setFavorite(id, favorite),
    'images:delete-item': async ({ id }) => {
      await actions.delete(id)
      return {}
    },
    'images:delete-items': ({ ids }) => actions.deleteMany(ids),
    'images:export-item': ({ id }) => actions.export(id),
    'images:import-file': ({ fileId }) => images.importFile(fileId),
    'images:protect-outside-mask': ({ id, featherPx }) => actions.protectOutsideMask(id, featherPx)
  }
}
