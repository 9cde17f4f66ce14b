/**
 * Whether the edit panel (prompt and parameters) is docked beside the canvas or folded away.
 * A UI preference remembered between sessions, like the brush settings (painter-prefs.ts).
 */
import { create } from 'zustand'

const STORAGE_KEY = 'studio.editor.panel.v1'

function loadOpen(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'closed'
  } catch {
    return true
  }
}

interface EditorPanelState {
  open: boolean
  toggle(): void
  setOpen(open: boolean): void
}

export const useEditorPanel = create<EditorPanelState>()((set, get) => ({
  open: loadOpen(),
  toggle: () => get().setOpen(!get().open),
  setOpen: (open) => {
    set({ open })
    try {
      localStorage.setItem(STORAGE_KEY, open ? 'open' : 'closed')
    } catch {
      // Storage disabled: the panel simply opens docked next time.
    }
  }
}))
