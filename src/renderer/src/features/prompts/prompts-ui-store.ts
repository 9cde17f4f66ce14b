import { create } from 'zustand'

/** What the save form edits: a new prompt (maybe from the history) or a saved one. */
export interface SaveTarget {
  id?: string
  name: string
  text: string
  tags: string[]
}

interface PromptsUiState {
  savedQuery: string
  saveTarget: SaveTarget | null
  setSavedQuery: (q: string) => void
  openSave: (t: SaveTarget) => void
  closeSave: () => void
}

export const usePromptsUi = create<PromptsUiState>()((set) => ({
  savedQuery: '',
  saveTarget: null,
  setSavedQuery: (savedQuery) => set({ savedQuery }),
  openSave: (saveTarget) => set({ saveTarget }),
  closeSave: () => set({ saveTarget: null })
}))
