import { create } from 'zustand'
import type { SettingsDraft } from './settings-model'

/** Key of the settings of a conversation not created yet (the composer works before the first send). */
export const NEW_CONVERSATION = '__new__'

/**
 * Settings drafts the user has touched, by conversation id. Untouched conversations have no entry:
 * their settings are read straight from the saved conversation.
 */
interface DraftStore {
  drafts: Readonly<Record<string, SettingsDraft>>
  put: (key: string, draft: SettingsDraft) => void
  drop: (key: string) => void
  /** Moves the new-conversation draft to the id it got when created. */
  adopt: (id: string) => void
}

export const useDraftStore = create<DraftStore>()((set) => ({
  drafts: {},
  put: (key, draft) => set((s) => ({ drafts: { ...s.drafts, [key]: draft } })),
  drop: (key) =>
    set((s) => {
      if (!(key in s.drafts)) return s
      const drafts = { ...s.drafts }
      delete drafts[key]
      return { drafts }
    }),
  adopt: (id) =>
    set((s) => {
      const draft = s.drafts[NEW_CONVERSATION]
      if (!draft) return s
      const drafts = { ...s.drafts, [id]: draft }
      delete drafts[NEW_CONVERSATION]
      return { drafts }
    })
}))

export function resetDraftStore(): void {
  useDraftStore.setState({ drafts: {} })
}
