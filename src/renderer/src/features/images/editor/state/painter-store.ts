/**
 * The painter's React-visible state: brush settings, the committed mask history, compare and the
 * zoom shown in the toolbar. Pointer positions and the stroke being drawn are NOT here: they live
 * in the engine (refs), so a pointer move never causes a React render.
 */
import { create } from 'zustand'
import {
  EMPTY_HISTORY,
  pushOp,
  redo,
  undo,
  type MaskHistory,
  type MaskOp,
  type SelectionMode
} from '../model/mask-model'
import type { MaskChannelChoice } from '../runs/mask-import'
import { clampSize, loadPrefs, savePrefs, stepHardness, stepSize, type PainterPrefs } from './painter-prefs'

export interface PainterState extends PainterPrefs {
  history: MaskHistory
  compare: boolean
  zoomPercent: number
  /** Which source the mask belongs to: reopening the same image keeps its mask. */
  owner: string | null
  /** The mask sent with the last edit, as its ops: the same ops again are nothing to lose. */
  sentOps: readonly MaskOp[] | null
  /** What a selection does without Shift or Alt held. */
  selectMode: SelectionMode
  /** Grow, shrink and feather distance, image pixels. */
  amount: number
  /** How an imported PNG is read. */
  channel: MaskChannelChoice
  /** A whole-mask job (grow, import...) is running in the worker. */
  busy: boolean
  /** The last whole-mask action's outcome, as an i18n key and its values. */
  notice: PainterNotice | null
  setSelectMode(mode: SelectionMode): void
  setAmount(amount: number): void
  setChannel(channel: MaskChannelChoice): void
  setBusy(busy: boolean): void
  setNotice(notice: PainterNotice | null): void
  setTool(tool: PainterPrefs['tool']): void
  setSize(size: number): void
  stepSize(direction: 1 | -1): void
  setHardness(hardness: number): void
  stepHardness(direction: 1 | -1): void
  setOpacity(opacity: number): void
  commit(op: MaskOp): void
  undo(): void
  redo(): void
  setCompare(on: boolean): void
  setZoomPercent(percent: number): void
  /** An edit went out with this mask. */
  markSent(ops: readonly MaskOp[]): void
  /** A new source image: empty mask, prefs kept. */
  resetMask(owner?: string | null): void
}

export interface PainterNotice {
  tone: 'info' | 'error'
  key: string
  values?: Record<string, string | number>
}

export const AMOUNT_MIN = 0
export const AMOUNT_MAX = 512
export const DEFAULT_AMOUNT = 8

const WORK_DEFAULTS = {
  selectMode: 'add' as SelectionMode,
  amount: DEFAULT_AMOUNT,
  channel: 'auto' as MaskChannelChoice,
  busy: false,
  notice: null
}

/** The starting data: brush prefs from storage, an empty mask, nothing pending. */
function initialData() {
  return {
    ...loadPrefs(),
    history: EMPTY_HISTORY,
    compare: false,
    zoomPercent: 100,
    owner: null,
    sentOps: null,
    ...WORK_DEFAULTS
  }
}

export const usePainterStore = create<PainterState>()((set, get) => ({
  ...initialData(),
  setSelectMode: (selectMode) => set({ selectMode }),
  setAmount: (amount) =>
    set({
      amount: Number.isFinite(amount) ? Math.round(Math.min(AMOUNT_MAX, Math.max(AMOUNT_MIN, amount))) : DEFAULT_AMOUNT
    }),
  setChannel: (channel) => set({ channel }),
  setBusy: (busy) => set({ busy }),
  setNotice: (notice) => set({ notice }),
  setTool: (tool) => set({ tool }),
  setSize: (size) => set({ size: clampSize(size) }),
  stepSize: (d) => set({ size: stepSize(get().size, d) }),
  setHardness: (hardness) => set({ hardness: Math.min(1, Math.max(0, hardness)) }),
  stepHardness: (d) => set({ hardness: stepHardness(get().hardness, d) }),
  setOpacity: (opacity) => set({ opacity: Math.min(1, Math.max(0.1, opacity)) }),
  commit: (op) => set({ history: pushOp(get().history, op) }),
  undo: () => set({ history: undo(get().history) }),
  redo: () => set({ history: redo(get().history) }),
  setCompare: (compare) => set({ compare }),
  setZoomPercent: (zoomPercent) => set({ zoomPercent }),
  markSent: (ops) => set({ sentOps: ops }),
  resetMask: (owner = null) =>
    set({ history: EMPTY_HISTORY, compare: false, owner, sentOps: null, busy: false, notice: null })
}))

// Remember brush settings whenever one of them changes.
usePainterStore.subscribe((s, prev) => {
  if (s.tool !== prev.tool || s.size !== prev.size || s.hardness !== prev.hardness || s.opacity !== prev.opacity) {
    savePrefs({ tool: s.tool, size: s.size, hardness: s.hardness, opacity: s.opacity })
  }
})

/**
 * A mask with something on it that no edit has taken: leaving it, or opening another picture,
 * loses work, so the studio asks first. Undo back to what was sent counts as sent.
 */
export function maskUnsent(s: Pick<PainterState, 'history' | 'sentOps'>): boolean {
  const ops = s.history.ops
  const sent = s.sentOps
  if (ops.length === 0) return false
  return sent === null || sent.length !== ops.length || ops.some((op, i) => op !== sent[i])
}

/** For tests: prefs from storage, empty mask. */
export function resetPainterStore(): void {
  usePainterStore.setState(initialData())
}
