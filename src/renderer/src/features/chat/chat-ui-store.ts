import { create } from 'zustand'

/** Chat UI state only (which conversation is open, which panels show); host data lives in TanStack Query. */
interface ChatUiState {
  selectedId: string | null
  /**
   * Changes when the user opens another conversation (the pane starts afresh), but not when a new
   * conversation gets its id on the first send: the composer keeps its state (and any send error).
   */
  paneKey: number
  paramsOpen: boolean
  /** The model last sent with, offered first for a new conversation. */
  lastModel: string | null
  /** The most recent conversation was opened once already (the first time the area showed). */
  autoOpened: boolean
  select: (id: string | null) => void
  /** The new conversation the pane is showing was just created as `id`. */
  adoptCreated: (id: string) => void
  setParamsOpen: (open: boolean) => void
  setLastModel: (model: string) => void
  markAutoOpened: () => void
}

const initial = { selectedId: null, paneKey: 0, paramsOpen: true, lastModel: null, autoOpened: false }

export const useChatUiStore = create<ChatUiState>()((set) => ({
  ...initial,
  select: (selectedId) => set((s) => (s.selectedId === selectedId ? s : { selectedId, paneKey: s.paneKey + 1 })),
  adoptCreated: (selectedId) => set({ selectedId }),
  setParamsOpen: (paramsOpen) => set({ paramsOpen }),
  setLastModel: (lastModel) => set({ lastModel }),
  markAutoOpened: () => set({ autoOpened: true })
}))

/** For tests: back to the first-launch state. */
export function resetChatUiStore(): void {
  useChatUiStore.setState(initial)
}
