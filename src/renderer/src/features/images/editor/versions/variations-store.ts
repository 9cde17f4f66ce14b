/** The variation groups sent this session ("More like this"): which jobs belong to which image. UI state only. */
import { create } from 'zustand'

export interface VariationGroup {
  groupId: string
  /** The image the variations repeat. */
  of: string
  name: string
  jobIds: string[]
}

interface VariationsState {
  groups: VariationGroup[]
  add(group: VariationGroup): void
  dismiss(groupId: string): void
}

export const useVariations = create<VariationsState>()((set) => ({
  groups: [],
  add: (group) => set((s) => ({ groups: [group, ...s.groups.filter((g) => g.groupId !== group.groupId)] })),
  dismiss: (groupId) => set((s) => ({ groups: s.groups.filter((g) => g.groupId !== groupId) }))
}))
