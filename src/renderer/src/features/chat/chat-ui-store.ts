import { create } from 'zustand'

/** Chat UI state only (which conversation is open, which panels show); host data lives in TanStack Query. */
interface ChatUiState {
  selectedId: string | null
  /**
   * Changes when the user opens another conversation (the pane starts afresh), but not when a new
   * conversation gets its id on the first send: the composer keeps its state (and any send error).
   */
  paneKey: number
  /** The parameters drawer: closed until the user asks for it (Ctrl/Cmd+. or the header button). */
  paramsOpen: boolean
  /** The model last sent with, offered first for a new conversation. */
  lastModel: string | null
  /** The most recent conversation was opened once already (the first time the area showed). */
  autoOpened: boolean
  /** The compare area shows instead of a conversation; with `compareId`, that run's board. */
  compareOpen: boolean
  compareId: string | null
  select: (id: string | null) => void
  /** The new conversation the pane is showing was just created as `id`. */
  adoptCreated: (id: string) => void
  setParamsOpen: (open: boolean) => void
  setLastModel: (model: string) => void
  markAutoOpened: () => void
  /** Shows the compare area: a run's board, or (null) the form for a new one. */
  openCompare: (id: string | null) => void
  closeCompare: () => void
}

const initial = {
  selectedId: null,
  paneKey: 0,
  paramsOpen: false,
  lastModel: null,
  autoOpened: false,
  compareOpen: false,
  compareId: null
}

export const useChatUiStore = create<ChatUiState>()((set) => ({
  ...initial,
  // Opening a conversation leaves the compare area (the run stays open and can be shown again).
  select: (selectedId) =>
    set((s) =>
      s.selectedId === selectedId
        ? s.compareOpen
          ? { compareOpen: false }
          : s
        : { selectedId, paneKey: s.paneKey + 1, compareOpen: false }
    ),
  adoptCreated: (selectedId) => set({ selectedId }),
  setParamsOpen: (paramsOpen) => set({ paramsOpen }),
  setLastModel: (lastModel) => set({ lastModel }),
  markAutoOpened: () => set({ autoOpened: true }),
  openCompare: (compareId) => set({ compareOpen: true, compareId }),
  closeCompare: () => set({ compareOpen: false, compareId: null })
}))

/** For tests: back to the first-launch state. */
export function resetChatUiStore(): void {
  useChatUiStore.setState(initial)
}
