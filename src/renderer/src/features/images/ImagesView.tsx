import { useEffect, useRef, type ClipboardEvent } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { Tabs } from '@renderer/components/Tabs'
import { useT } from '@renderer/i18n/use-t'
import { CompareBoard } from './compare/CompareBoard'
import { RestoreOffer } from './drop/RestoreOffer'
import { useImagesDrop } from './drop/use-images-drop'
import { EditorView } from './editor/EditorView'
import { Gallery } from './gallery/Gallery'
import { GenerateForm } from './generate/GenerateForm'
import { useImagesUi } from './images-ui-store'
import { ImagesHandoffs } from './ImagesHandoffs'
import { ImagesSync } from './ImagesSync'
import { JobsList } from './jobs/JobsList'
import { JobStrip } from './jobs/JobStrip'
import { NativeTaskForm } from './native/NativeTaskForm'
import '@renderer/styles/images.css'

const PANELS = ['generate', 'native'] as const

function CreatePanel() {
  const { t } = useT()
  const panel = useImagesUi((s) => s.panel)
  const setPanel = useImagesUi((s) => s.setPanel)
  const label = (p: (typeof PANELS)[number]) =>
    t(p === 'generate' ? 'images.view.generateTab' : 'images.view.nativeTab')
  return (
    <div className="images-create" aria-label={t('images.view.createLabel')} role="region">
      <Tabs
        idPrefix="images"
        label={t('images.view.createLabel')}
        panels={PANELS}
        active={panel}
        onSelect={setPanel}
        labelOf={label}
        panelClassName="tab-panel"
      >
        {panel === 'generate' ? <GenerateForm /> : <NativeTaskForm />}
      </Tabs>
      <JobsList />
    </div>
  )
}

/**
 * The Images area: create (generate or native task) with its jobs, and the gallery; or the editor.
 * Loaded lazily (PERFORMANCE T1: the canvas editor is not in the entry chunk). A file dropped on
 * the gallery is imported; dropped or pasted anywhere else here it opens in the editor
 * (drop/use-images-drop.ts).
 */
export default function ImagesView() {
  const { t } = useT()
  const editorOpen = useImagesUi((s) => s.editorOpen)
  // Closing the editor removes what had focus (its Back button): focus goes to the gallery's
  // current cell, or to "Edit an image…" when the gallery is empty, not to the start of the page.
  const galleryRef = useRef<HTMLDivElement>(null)
  const wasOpen = useRef(editorOpen)
  useEffect(() => {
    const closed = wasOpen.current && !editorOpen
    wasOpen.current = editorOpen
    if (!closed || (document.activeElement && document.activeElement !== document.body)) return
    const root = galleryRef.current
    const target =
      root?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]') ??
      root?.querySelector<HTMLElement>('.gallery-toolbar button')
    target?.focus()
  })
  const notice = useImagesUi((s) => s.notice)
  const openEditor = useImagesUi((s) => s.openEditor)
  const drop = useImagesDrop()
  // A pasted image (a screenshot, a copied file) opens in the editor; pasted text is left alone.
  const onPaste = (e: ClipboardEvent) => {
    const file = Array.from(e.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'))
    if (!file) return
    e.preventDefault()
    drop.paste(file)
  }
  return (
    <div className="images-view" data-drop-over={drop.over || undefined} {...drop.handlers} onPaste={onPaste}>
      <ImagesSync />
      <ImagesHandoffs />
      <p role="status" className="notice images-notice">
        {notice}
      </p>
      {drop.opening && <p role="status">{t('images.editor.uploading', { name: drop.opening })}</p>}
      {drop.importing && <p role="status">{t('flows.drop.importing', { name: drop.importing })}</p>}
      {drop.error && <FormAlert title={t('flows.drop.refused')} detail={drop.error} />}
      <RestoreOffer />
      {editorOpen ? (
        // The editor as a drop target (a file or a gallery image becomes its source); no box of its own.
        <div className="editor-drop" data-drop-target="editor">
          <EditorView />
        </div>
      ) : (
        <div className="images-layout">
          {/* First in reading order, newest work first; drawn above the gallery (images.css). */}
          <JobStrip />
          <CreatePanel />
          <div
            className="images-gallery"
            ref={galleryRef}
            data-drop-target="gallery"
            role="region"
            aria-label={t('flows.drop.galleryTarget')}
          >
            <div className="gallery-toolbar">
              <button type="button" className="button" data-drop-target="editor" onClick={() => openEditor()}>
                {t('images.view.openEditor')}
              </button>
              <span className="field-help">{t('images.view.dropHint')}</span>
              <span className="field-help">{t('flows.drop.galleryHint')}</span>
            </div>
            <CompareBoard />
            <Gallery />
          </div>
        </div>
      )}
    </div>
  )
}
