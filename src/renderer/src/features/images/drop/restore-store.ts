/**
 * "Restore these settings": the offer shown after a studio PNG was dropped, and the drafts waiting
 * for the form that takes them (the native and edit forms keep their drafts in component state, so
 * they pick a restored one up when they render). UI state only.
 */
import { useEffect } from 'react'
import { create } from 'zustand'
import type { StudioPngSettings } from '@shared/media/png-text'
import type { EditDraft } from '../editor/edit-draft'
import { useGenerateDraft } from '../generate/draft-store'
import { useImagesUi, type EditorSource } from '../images-ui-store'
import type { NativeDraft } from '../native/native-draft'
import { restoredDraft } from './restore-drafts'

export interface RestoreOffer {
  /** The dropped file's name. */
  name: string
  settings: StudioPngSettings
  /** The dropped picture as it now is in the studio (an upload or the imported gallery item): an edit's settings restore onto it. */
  source?: EditorSource
}

interface RestoreState {
  offer: RestoreOffer | null
  native: NativeDraft | null
  edit: EditDraft | null
  setOffer(offer: RestoreOffer | null): void
}

export const useRestore = create<RestoreState>()((set) => ({
  offer: null,
  native: null,
  edit: null,
  setOffer: (offer) => set({ offer })
}))

/** Fills the form that made the picture and shows it; answers which form that was. */
export function restoreSettings(offer: RestoreOffer): 'generate' | 'native' | 'edit' {
  const r = restoredDraft(offer.settings)
  const ui = useImagesUi.getState()
  if (r.form === 'generate') {
    useGenerateDraft.getState().setFamily(r.family)
    useGenerateDraft.setState(r.family === 'image2' ? { image2: r.draft } : { imagegen: r.draft })
  } else if (r.form === 'native') useRestore.setState({ native: r.draft })
  else useRestore.setState({ edit: r.draft })
  if (r.form === 'edit') ui.openEditor(offer.source)
  else {
    ui.setPanel(r.form)
    ui.closeEditor()
  }
  useRestore.setState({ offer: null })
  return r.form
}

/** Hands a waiting restored draft to the form's own state, once. */
export function useRestoredDraft<K extends 'native' | 'edit'>(
  form: K,
  setDraft: (draft: NonNullable<RestoreState[K]>) => void
): void {
  const waiting = useRestore((s) => s[form])
  useEffect(() => {
    if (!waiting) return
    setDraft(waiting as NonNullable<RestoreState[K]>)
    useRestore.setState({ [form]: null })
  }, [waiting, form, setDraft])
}
