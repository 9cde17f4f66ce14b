import { useEffect } from 'react'
import { create } from 'zustand'
import { useImagesUi } from '@renderer/features/images/images-ui-store'
import { useVideoUi } from '@renderer/features/video/video-ui-store'
import { useUiStore, type ViewId } from '@renderer/store/ui'

/**
 * Going to an area from the navigation, its shortcuts or the palette always lands on that area's
 * main view: an open image editor (or its result) is left, and its mask discarded so it does not
 * come back with the next editor. Only a painted mask that was never sent makes it ask first.
 */
interface LeaveState {
  /** The area the user asked for while an unsent mask would be lost: the confirm dialog shows. */
  pending: ViewId | null
}

export const useLeaveEditor = create<LeaveState>()(() => ({ pending: null }))

// The painter's store comes with the editor's chunk: it is read only while the editor is open,
// when that chunk has arrived, so the shell does not carry it at start.
const painter = () => import('@renderer/features/images/editor/state/painter-store')

/** A painted mask no edit has taken: the painter's store keeps what was sent with the last edit. */
export async function hasUnsentMask(): Promise<boolean> {
  if (!useImagesUi.getState().editorOpen) return false
  const { maskUnsent, usePainterStore } = await painter()
  return maskUnsent(usePainterStore.getState())
}

/** Closes the editor and forgets its source and mask. */
export async function discardEditor(): Promise<void> {
  useImagesUi.getState().closeEditor()
  useImagesUi.setState({ source: null })
  ;(await painter()).usePainterStore.getState().resetMask(null)
}

/** Shows `view`'s main view, leaving the editor first (asking when an unsent mask would be lost). */
export async function navigate(view: ViewId): Promise<void> {
  if (useImagesUi.getState().editorOpen) {
    if (await hasUnsentMask()) {
      useLeaveEditor.setState({ pending: view })
      return
    }
    await discardEditor()
  }
  useUiStore.getState().setView(view)
}

/** The confirm dialog's answers. */
export async function confirmLeave(): Promise<void> {
  const view = useLeaveEditor.getState().pending
  useLeaveEditor.setState({ pending: null })
  if (!view) return
  await discardEditor()
  useUiStore.getState().setView(view)
}

export function cancelLeave(): void {
  useLeaveEditor.setState({ pending: null })
}

/**
 * Notifications belong to the screen they were seen on: when the user goes to another area, the
 * ones already shown are dismissed rather than following them there (the board keeps every result).
 */
export function useToastsStayBehind(): void {
  useEffect(
    () =>
      useUiStore.subscribe((s, prev) => {
        if (s.view === prev.view) return
        const { toasts, dismissToast } = useVideoUi.getState()
        for (const toast of toasts) dismissToast(toast.key)
      }),
    []
  )
}
