/** Which gallery image's details are open (UI state only). */
import { create } from 'zustand'

export const useItemDetails = create<{ itemId: string | null; open(id: string): void; close(): void }>()((set) => ({
  itemId: null,
  open: (itemId) => set({ itemId }),
  close: () => set({ itemId: null })
}))
