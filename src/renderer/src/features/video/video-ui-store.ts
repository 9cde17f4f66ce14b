/** UI state of the Video area (host data lives in TanStack Query, never here). */
import { create } from 'zustand'
import type { VideoFamily, VideoState } from '@shared/domain/video'
import { VIDEO_FAMILY } from '@shared/domain/video-models'
import { EMPTY_FILTER, type BoardFilter } from './board/board-filter'

export interface Toast {
  key: number
  taskId: string
  state: VideoState
  title: string
  body: string
}

export type CardDialog = { kind: 'remove' | 'again' | 'remix' | 'details'; id: string }

export interface VideoUiState {
  panel: 'create' | 'assets'
  family: VideoFamily
  filter: BoardFilter
  /** A card to show and focus (a notification was clicked); the board consumes it. */
  focusRequest: { id: string; seq: number } | null
  dialog: CardDialog | null
  toasts: Toast[]
  /** Last completed action, announced politely. */
  notice: string | null
  setPanel(panel: VideoUiState['panel']): void
  setFamily(family: VideoFamily): void
  setFilter(patch: Partial<BoardFilter>): void
  resetFilter(): void
  requestFocus(id: string): void
  clearFocusRequest(): void
  openDialog(dialog: CardDialog): void
  closeDialog(): void
  pushToast(toast: Omit<Toast, 'key'>): void
  dismissToast(key: number): void
  setNotice(notice: string | null): void
}

const initial = {
  panel: 'create' as const,
  family: VIDEO_FAMILY.unifiedFirst as VideoFamily,
  filter: EMPTY_FILTER,
  focusRequest: null,
  dialog: null,
  toasts: [] as Toast[],
  notice: null
}

/**
 * At most this many toasts are kept: the oldest goes first (the board keeps every result anyway).
 * The stack shows more than two of one outcome as one summary, so this bounds only its count.
 */
export const MAX_TOASTS = 50
let toastSeq = 0
let focusSeq = 0

export const useVideoUi = create<VideoUiState>()((set, get) => ({
  ...initial,
  setPanel: (panel) => set({ panel }),
  setFamily: (family) => set({ family }),
  setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
  resetFilter: () => set({ filter: EMPTY_FILTER }),
  requestFocus: (id) => set({ focusRequest: { id, seq: ++focusSeq } }),
  clearFocusRequest: () => set({ focusRequest: null }),
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
  pushToast: (toast) => set({ toasts: [...get().toasts, { ...toast, key: ++toastSeq }].slice(-MAX_TOASTS) }),
  dismissToast: (key) => set({ toasts: get().toasts.filter((t) => t.key !== key) }),
  setNotice: (notice) => set({ notice })
}))

export function resetVideoUi(): void {
  useVideoUi.setState(initial)
}
