/**
 * Where a gallery image handed to the Create form goes: the current family keeps it when its model
 * takes that slot from the gallery; otherwise the first family that does (the rules say which), and
 * the user is told why. Pure, so every family and slot can be tested without rendering.
 */
import { modelsOf, type GatewayNames } from '@shared/domain/gateway-names'
import { VIDEO_FAMILY, VIDEO_FAMILIES, type VideoFamily } from '@shared/domain/video'
import { capFor, type DraftRef, type Drafts } from './drafts'

export type FrameSlot = 'first' | 'last' | 'reference'

/** Which slots each body family's fields have (spec: `images` 1 or 2 frames, `image` + `last_frame_url`, repeated references). */
const SLOTS: Readonly<Record<VideoFamily, readonly FrameSlot[]>> = {
  [VIDEO_FAMILY.unifiedFirst]: ['first', 'last'],
  [VIDEO_FAMILY.videosJson]: ['first', 'last'],
  [VIDEO_FAMILY.videosMultipart]: ['reference'],
  [VIDEO_FAMILY.unifiedSecond]: ['reference']
}

export interface FrameHandoff {
  slot: FrameSlot
  itemId: string
  label: string
  thumbUrl: string
}

export type Placement =
  | {
      kind: 'placed'
      family: VideoFamily
      /** The model the form will use (the draft's, or the profile's first for the family). */
      model: string
      drafts: Drafts
      /** The current family's model could not take it: the form moved to `family`. */
      switchedFrom?: { family: VideoFamily; model: string }
      /** A last frame without a first one. */
      needFirst: boolean
    }
  | { kind: 'none' }
  | { kind: 'full'; family: VideoFamily; model: string }

function modelOf(family: VideoFamily, drafts: Drafts, names?: GatewayNames): string {
  return drafts[family].model || (modelsOf(names, family)[0] ?? '')
}

/** Whether `family`'s model takes an image from the gallery in `slot`. */
export function takesSlot(family: VideoFamily, model: string, slot: FrameSlot, names?: GatewayNames): boolean {
  return SLOTS[family].includes(slot) && capFor(family, model, names).referenceKinds.includes('gallery')
}

export function placeFrame(current: VideoFamily, drafts: Drafts, h: FrameHandoff, names?: GatewayNames): Placement {
  const family = takesSlot(current, modelOf(current, drafts, names), h.slot, names)
    ? current
    : VIDEO_FAMILIES.find((f) => takesSlot(f, modelOf(f, drafts, names), h.slot, names))
  if (!family) return { kind: 'none' }
  const model = modelOf(family, drafts, names)
  const ref: DraftRef = { ref: { kind: 'gallery', itemId: h.itemId }, label: h.label, thumbUrl: h.thumbUrl }
  const switchedFrom = family === current ? undefined : { family: current, model: modelOf(current, drafts, names) }
  let needFirst = false
  let next: Drafts
  if (family === VIDEO_FAMILY.unifiedFirst) {
    // One image is image-to-video, two are first and last frame: the list is [first, last].
    const refs = drafts[VIDEO_FAMILY.unifiedFirst].refs
    let first =
      refs.find((r) => r.slot === 'first') ??
      (refs.length === 2 || (refs.length === 1 && refs[0].slot !== 'last') ? refs[0] : undefined)
    let last = refs.find((r) => r.slot === 'last') ?? (refs.length === 2 ? refs[1] : undefined)
    if (h.slot === 'first') first = { ...ref, slot: 'first' }
    else last = { ...ref, slot: 'last' }
    needFirst = !first
    next = {
      ...drafts,
      [VIDEO_FAMILY.unifiedFirst]: {
        ...drafts[VIDEO_FAMILY.unifiedFirst],
        refs: [first, last].filter((r): r is DraftRef => r !== undefined)
      }
    }
  } else if (family === VIDEO_FAMILY.videosJson) {
    const json = drafts[VIDEO_FAMILY.videosJson]
    if (h.slot === 'first')
      next = {
        ...drafts,
        [VIDEO_FAMILY.videosJson]: { ...json, image: ref, scenario: json.scenario === 'text' ? 'image' : json.scenario }
      }
    else {
      needFirst = !json.image
      next = { ...drafts, [VIDEO_FAMILY.videosJson]: { ...json, lastFrame: ref, scenario: 'first-last' } }
    }
  } else {
    const refs = drafts[family].refs
    if (refs.length >= capFor(family, model, names).maxReferences) return { kind: 'full', family, model }
    next = { ...drafts, [family]: { ...drafts[family], refs: [...refs, ref] } }
  }
  return { kind: 'placed', family, model, drafts: next, needFirst, ...(switchedFrom ? { switchedFrom } : {}) }
}
