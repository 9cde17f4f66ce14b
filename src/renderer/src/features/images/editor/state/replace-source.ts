/**
 * Opening another picture in the open editor starts a new mask, so a painted mask no edit has
 * taken would be lost without a word. Every way a picture comes in (a file dropped, pasted or
 * chosen, a gallery image dragged onto the editor) asks here first; the editor shows the question
 * (ReplaceSourceDialog) while one is pending, as navigation does before leaving.
 */
import { create } from 'zustand'
import { useImagesUi } from '../../images-ui-store'
import { maskUnsent, usePainterStore } from './painter-store'

interface ReplaceSourceState {
  /** The picture waiting to come in while the user answers: its name, and the way back to the caller. */
  pending: { name: string; answer(replace: boolean): void } | null
}

export const useReplaceSource = create<ReplaceSourceState>()(() => ({ pending: null }))

/**
 * Resolves true when the picture may replace the source: at once when the editor is closed, the
 * mask is empty or sent, or `key` names the picture already open (its mask is kept); otherwise
 * when the user agrees to discard the mask.
 */
export function confirmReplaceSource(name: string, key?: string): Promise<boolean> {
  const painter = usePainterStore.getState()
  if (!useImagesUi.getState().editorOpen || !maskUnsent(painter) || (key !== undefined && key === painter.owner))
    return Promise.resolve(true)
  // A newer picture takes the question over; the older one is not opened.
  useReplaceSource.getState().pending?.answer(false)
  return new Promise((resolve) => {
    const answer = (replace: boolean) => {
      if (useReplaceSource.getState().pending?.answer === answer) useReplaceSource.setState({ pending: null })
      resolve(replace)
    }
    useReplaceSource.setState({ pending: { name, answer } })
  })
}
