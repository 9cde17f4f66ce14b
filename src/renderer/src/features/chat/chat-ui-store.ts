import { create } from 'zustand'

/** Chat UI state only (which conversation is open, which panels show); host data lives in TanStack Query. */
interface ChatUiState {
  selectedId: string | null
  paramsOpen: boolean
  /** The model last sent with, offered first for a new conversation. */
  lastModel: string | null
  /** The most recent conversation was opened once already (the first time the area showed). */
  autoOpened: boolean
  select: (id: string | null) => void
  setParamsOpen: (open: boolean) => void
  setLastModel: (model: string) => void
  markAutoOpened: () => void
}

const initial = { selectedId: null, paramsOpen: true, lastModel: null, autoOpened: false }

export const useChatUiStore = create<ChatUiState>()((set) => ({
  ...initial,
  select: (selectedId) => set({ selectedId }),
  setParamsOpen: (paramsOpen) => set({ paramsOpen }),
  setLastModel: (lastModel) => set({ lastModel }),
  markAutoOpened: () => set({ autoOpened: true })
}))

/** For tests: back to the first-launch state. */
export function resetChatUiStore(): void {
  useChatUiStore.setState(initial)
}
