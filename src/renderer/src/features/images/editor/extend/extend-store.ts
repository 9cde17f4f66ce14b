/**
 * Extend canvas's UI state: on or off, the target (a ratio, the canvas's size in pixels, or the
 * pixels added on each side, as typed) and where the picture sits, as a share of the free room on each axis (so it survives a
 * change of target or edit family). The geometry itself is the domain's (extend-plan.ts).
 */
import { create } from 'zustand'
import type { ExtendRatio } from '@shared/domain/extend-plan'

/** A ratio; the canvas's width and height in pixels; or pixels added on each side (which also place the picture). */
export type ExtendChoice =
  | { kind: 'ratio'; ratio: ExtendRatio }
  | { kind: 'pixels'; width: string; height: string }
  | { kind: 'sides'; left: string; top: string; right: string; bottom: string }

export interface ExtendState {
  /** The source the settings belong to: another image starts from "off". */
  owner: string | null
  on: boolean
  choice: ExtendChoice
  share: { x: number; y: number }
  claim(owner: string): void
  setOn(on: boolean): void
  setChoice(choice: ExtendChoice): void
  setShare(share: { x: number; y: number }): void
}

const CENTRE = { x: 0.5, y: 0.5 }

export const useExtendStore = create<ExtendState>()((set, get) => ({
  owner: null,
  on: false,
  choice: { kind: 'ratio', ratio: '16:9' },
  share: CENTRE,
  claim: (owner) => {
    if (get().owner !== owner) set({ owner, on: false, choice: { kind: 'ratio', ratio: '16:9' }, share: CENTRE })
  },
  setOn: (on) => set({ on }),
  setChoice: (choice) => set({ choice }),
  setShare: (share) => set({ share })
}))
