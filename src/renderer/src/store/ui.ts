import { create } from 'zustand'

/** The areas of the app, in navigation order (Ctrl/Cmd+1..6 follow this order). */
export const VIEW_IDS = ['chat', 'images', 'video', 'balance', 'settings', 'prompts'] as const
export type ViewId = (typeof VIEW_IDS)[number]

/** Which profile form is open: a new profile, or an existing one by id. */
export type ProfileFormTarget = { mode: 'add' } | { mode: 'edit'; profileId: string }

/** UI state only: host data lives in TanStack Query, never here. */
export interface UiState {
  view: ViewId
  profileForm: ProfileFormTarget | null
  /** Id of the profile waiting for delete confirmation. */
  removeTarget: string | null
  /** Id of the profile whose gateway names are being edited. */
  namesTarget: string | null
  /** Last completed profile action, announced politely to screen readers. */
  notice: string | null
  setView: (view: ViewId) => void
  openProfileForm: (target: ProfileFormTarget) => void
  closeProfileForm: () => void
  askRemove: (profileId: string) => void
  closeRemove: () => void
  openNames: (profileId: string) => void
  closeNames: () => void
  setNotice: (notice: string | null) => void
}

const initial = { view: 'chat' as ViewId, profileForm: null, removeTarget: null, namesTarget: null, notice: null }

export const useUiStore = create<UiState>()((set) => ({
  ...initial,
  setView: (view) => set({ view }),
  openProfileForm: (profileForm) => set({ profileForm, notice: null }),
  closeProfileForm: () => set({ profileForm: null }),
  askRemove: (removeTarget) => set({ removeTarget, notice: null }),
  closeRemove: () => set({ removeTarget: null }),
  openNames: (namesTarget) => set({ namesTarget, notice: null }),
  closeNames: () => set({ namesTarget: null }),
  setNotice: (notice) => set({ notice })
}))

/** True while a modal dialog is open (global shortcuts stay quiet then). */
export function isModalOpen(s: Pick<UiState, 'profileForm' | 'removeTarget' | 'namesTarget'>): boolean {
  return s.profileForm !== null || s.removeTarget !== null || s.namesTarget !== null
}

/** For tests: back to the first-launch state. */
export function resetUiStore(): void {
  useUiStore.setState(initial)
}
