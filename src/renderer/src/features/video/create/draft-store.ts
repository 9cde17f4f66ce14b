/**
 * The create forms' drafts, in a store rather than component state because the assets panel and
 * the gallery picker add references to them, and they should survive switching families. UI state only.
 */
import { create } from 'zustand'
import { VIDEO_FAMILY, capabilityOf, type VideoFamily } from '@shared/domain/video'
import { emptyDrafts, type DraftRef, type Drafts } from './drafts'

export interface VideoDraftState {
  drafts: Drafts
  patch<F extends VideoFamily>(family: F, patch: Partial<Drafts[F]>): void
  replace<F extends VideoFamily>(family: F, draft: Drafts[F]): void
  /**
   * Adds a reference to the family's list (or, for the JSON family, its first empty slot: image,
   * then last frame). Returns false when the model takes no more, or not of that kind.
   */
  addRef(family: VideoFamily, ref: DraftRef): boolean
  reset(): void
}

export const useVideoDraft = create<VideoDraftState>()((set, get) => ({
  drafts: emptyDrafts(),
  patch: (family, patch) => set({ drafts: { ...get().drafts, [family]: { ...get().drafts[family], ...patch } } }),
  replace: (family, draft) => set({ drafts: { ...get().drafts, [family]: draft } }),
  addRef: (family, ref) => {
    const drafts = get().drafts
    const cap = capabilityOf(family, drafts[family].model)
    if (!cap.referenceKinds.includes(ref.ref.kind)) return false
    if (family === VIDEO_FAMILY.videosJson) {
      const json = drafts[VIDEO_FAMILY.videosJson]
      if (!json.image)
        get().patch(VIDEO_FAMILY.videosJson, {
          image: ref,
          scenario: json.scenario === 'text' ? 'image' : json.scenario
        })
      else if (!json.lastFrame) get().patch(VIDEO_FAMILY.videosJson, { lastFrame: ref, scenario: 'first-last' })
      else return false
      return true
    }
    const refs = drafts[family].refs
    if (refs.length >= cap.maxReferences) return false
    get().patch(family, { refs: [...refs, ref] } as never)
    return true
  },
  reset: () => set({ drafts: emptyDrafts() })
}))

export function resetVideoDraft(): void {
  useVideoDraft.getState().reset()
}
