/**
 * The generate form's drafts, in a store rather than component state because the gallery adds to
 * them ("Use as reference") and they should survive switching panels. UI state only.
 */
import { create } from 'zustand'
import {
  EMPTY_IMAGE2,
  EMPTY_IMAGEGEN,
  MAX_REFS,
  type DraftRef,
  type Family,
  type Image2Draft,
  type ImagegenDraft
} from './generate-draft'

const FAMILY_KEY = 'studio.images.family.v1'

function rememberedFamily(): Family {
  try {
    return localStorage.getItem(FAMILY_KEY) === 'image2' ? 'image2' : 'imagegen'
  } catch {
    return 'imagegen'
  }
}

export interface GenerateDraftState {
  family: Family
  imagegen: ImagegenDraft
  image2: Image2Draft
  setFamily(family: Family): void
  patchImagegen(patch: Partial<ImagegenDraft>): void
  patchImage2(patch: Partial<Image2Draft>): void
  /** Adds a reference to the second family (the only one taking gallery images and files); false when full. */
  addReference(ref: DraftRef): boolean
}

export const useGenerateDraft = create<GenerateDraftState>()((set, get) => ({
  family: rememberedFamily(),
  imagegen: EMPTY_IMAGEGEN,
  image2: EMPTY_IMAGE2,
  setFamily: (family) => {
    try {
      localStorage.setItem(FAMILY_KEY, family)
    } catch {
      // Not remembered; nothing else depends on it.
    }
    set({ family })
  },
  patchImagegen: (patch) => set({ imagegen: { ...get().imagegen, ...patch } }),
  patchImage2: (patch) => set({ image2: { ...get().image2, ...patch } }),
  addReference: (ref) => {
    const refs = get().image2.refs
    if (refs.length >= MAX_REFS) return false
    get().setFamily('image2')
    set({ image2: { ...get().image2, refs: [...refs, ref] } })
    return true
  }
}))

export function resetGenerateDraft(): void {
  useGenerateDraft.setState({ family: 'imagegen', imagegen: EMPTY_IMAGEGEN, image2: EMPTY_IMAGE2 })
}
