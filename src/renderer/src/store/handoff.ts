import { create } from 'zustand'
import { useUiStore, type ViewId } from './ui'

/**
 * A result handed from one area to another. Areas never import each other (lint holds it), so a
 * gallery image that becomes a video's first frame, or a video frame that goes to the mask painter,
 * meets its receiver here: the sender calls `send`, the receiving area `take`s what is addressed to it
 * when it mounts (or at once, when it is already on screen).
 */
export type Handoff =
  /** A gallery image into the video Create form, as its first frame, last frame or a reference. */
  | { kind: 'video-frame'; slot: 'first' | 'last' | 'reference'; itemId: string; label: string; thumbUrl: string }
  /** A gallery image into the mask painter. */
  | { kind: 'image-edit'; itemId: string }
  /** A finished video into the remix form. */
  | { kind: 'video-remix'; taskId: string }
  /** Show a gallery image (its details: what it came from, what was made from it). */
  | { kind: 'show-image'; itemId: string }
  /** Show a video task on the board. */
  | { kind: 'show-video'; taskId: string }
  /** A conversation to open in chat (from the prompt library or the command palette). */
  | { kind: 'chat-open'; conversationId: string }

export type HandoffKind = Handoff['kind']

const TARGET: Record<HandoffKind, ViewId> = {
  'video-frame': 'video',
  'image-edit': 'images',
  'video-remix': 'video',
  'show-image': 'images',
  'show-video': 'video',
  'chat-open': 'chat'
}

interface HandoffState {
  pending: Handoff | null
  /** Hands `h` over and opens the area that receives it. */
  send(h: Handoff): void
  /** The pending hand-off if it is one of `kinds` (then it is no longer pending), else null. */
  take<K extends HandoffKind>(...kinds: K[]): Extract<Handoff, { kind: K }> | null
}

export const useHandoff = create<HandoffState>()((set, get) => ({
  pending: null,
  send(h) {
    set({ pending: h })
    useUiStore.getState().setView(TARGET[h.kind])
  },
  take(...kinds) {
    const p = get().pending
    if (!p || !(kinds as HandoffKind[]).includes(p.kind)) return null
    set({ pending: null })
    return p as never
  }
}))

/** For tests. */
export function resetHandoff(): void {
  useHandoff.setState({ pending: null })
}
