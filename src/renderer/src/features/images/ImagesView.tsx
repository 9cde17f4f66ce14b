import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { Tabs } from '@renderer/components/Tabs'
import { useT } from '@renderer/i18n/use-t'
import { CompareBoard } from './compare/CompareBoard'
import { EditorView } from './editor/EditorView'
import { filesOf, useOpenFile } from './editor/SourcePicker'
import { Gallery } from './gallery/Gallery'
import { GenerateForm } from './generate/GenerateForm'
import { useImagesUi } from './images-ui-store'
import { ImagesHandoffs } from './ImagesHandoffs'
import { ImagesSync } from './ImagesSync'
import { JobsList } from './jobs/JobsList'
import { NativeTaskForm } from './native/NativeTaskForm'
import { QueuePanel } from './queue/QueuePanel'
import '@renderer/styles/images.css'

const PANELS = ['generate', 'native'] as const

function CreatePanel() {
  const { t } = useT()
  const panel = useImagesUi((s) => s.panel)
  const setPanel = useImagesUi((s) => s.setPanel)
  const label = (p: (typeof PANELS)[number]) => t(p === 'generate' ? 'images.view.generateTab' : 'images.view.nativeTab')
  return (
    <div className="images-create" aria-label={t('images.view.createLabel')} role="region">
      <Tabs idPrefix="images" label={t('images.view.createLabel')} panels={PANELS} active={panel} onSelect={setPanel} labelOf={label} panelClassName="tab-panel">
        {panel === 'generate' ? <GenerateForm /> : <NativeTaskForm />}
      </Tabs>
      <QueuePanel />
      <JobsList />
    </div>
  )
}

/**
 * The Images area: create (generate or native task) with its jobs, and the gallery; or the editor.
 * Loaded lazily (PERFORMANCE T1: the canvas editor is not in the entry chunk). A file dropped
 * or pasted anywhere here opens in the editor.
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
    const target = root?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]') ?? root?.querySelector<HTMLElement>('.gallery-toolbar button')
    target?.focus()
  })
  const notice = useImagesUi((s) => s.notice)
  const openEditor = useImagesUi((s) => s.openEditor)
  const [over, setOver] = useState(false)
  const opener = useOpenFile()
  const onDrop = (e: DragEvent) => {
    if (editorOpen) return
    e.preventDefault()
    setOver(false)
    const file = filesOf(e)[0]
    if (file) void opener.open(file)
  }
  // A pasted image (a screenshot, a copied file) opens in the editor; pasted text is left alone.
  const onPaste = (e: ClipboardEvent) => {
    const file = Array.from(e.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'))
    if (!file) return
    e.preventDefault()
    void opener.open(file)
  }
  return (
    <div
      className="images-view"
      data-drop-over={over || undefined}
      onDragOver={(e) => {
        if (editorOpen || !e.dataTransfer?.types.includes('Files')) return
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setOver(false)
      }}
      onDrop={onDrop}
      onPaste={onPaste}
    >
      <ImagesSync />
      <ImagesHandoffs />
      <p role="status" className="notice images-notice">
        {notice}
      </p>
      {opener.busy && <p role="status">{t('images.editor.uploading', { name: opener.busy })}</p>}
      {opener.error && (
        <FormAlert title={t('images.editor.refused')} detail={opener.error} />
      )}
      {editorOpen ? (
        <EditorView />
      ) : (
        <div className="images-layout">
          <CreatePanel />
          <div className="images-gallery" ref={galleryRef}>
            <div className="gallery-toolbar">
              <button type="button" className="button" onClick={() => openEditor()}>
                {t('images.view.openEditor')}
              </button>
              <span className="field-help">{t('images.view.dropHint')}</span>
            </div>
            <CompareBoard />
            <Gallery />
          </div>
        </div>
      )}
    </div>
  )
}
