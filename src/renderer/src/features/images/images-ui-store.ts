/** UI state of the Images area (host data lives in TanStack Query, never here). */
import { create } from 'zustand'
import type { GalleryFilter, ImageRef } from '@shared/domain/images'

/** What the editor paints on: a gallery item or an uploaded file, with the size the mask must have. */
export interface EditorSource {
  ref: Extract<ImageRef, { kind: 'gallery' | 'file' }>
  /** Host media URL. */
  url: string
  width: number
  height: number
  /** The prompt of a gallery item, or the file name. */
  label: string
  /**
   * The bytes themselves when the page holds them already (a file the user just chose and
   * uploaded): the editor decodes these instead of downloading the same file again (C3).
   */
  local?: Blob
}

export interface ImagesUiState {
  panel: 'generate' | 'native'
  /** The editor is shown (a source may not be chosen yet). */
  editorOpen: boolean
  source: EditorSource | null
  filter: GalleryFilter
  /** Last completed action, announced politely. */
  notice: string | null
  setPanel(panel: ImagesUiState['panel']): void
  openEditor(source?: EditorSource): void
  closeEditor(): void
  setFilter(filter: GalleryFilter): void
  setNotice(notice: string | null): void
}

export const EDITOR_OPEN_MARK = 'studio:editor-open'

const initial = { panel: 'generate' as const, editorOpen: false, source: null, filter: {}, notice: null }

export const useImagesUi = create<ImagesUiState>()((set) => ({
  ...initial,
  setPanel: (panel) => set({ panel }),
  openEditor: (source) => {
    // The start of "open an image in the editor" (PERFORMANCE C3 measures to SOURCE_DRAWN_MARK).
    if (source) performance.mark?.(EDITOR_OPEN_MARK)
    set((s) => ({ editorOpen: true, source: source ?? s.source }))
  },
  closeEditor: () => set({ editorOpen: false }),
  setFilter: (filter) => set({ filter }),
  setNotice: (notice) => set({ notice })
}))

export function resetImagesUi(): void {
  useImagesUi.setState(initial)
}
