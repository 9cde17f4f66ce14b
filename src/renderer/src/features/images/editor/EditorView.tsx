import { useEffect, useRef, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useImagesUi, type EditorSource } from '../images-ui-store'
import { EditForm } from './EditForm'
import { EditResult } from './EditResult'
import { maskExport } from './mask-export'
import { MaskPainter } from './MaskPainter'
import { onceSourceDrawn } from './painter-engine'
import { usePainterStore } from './painter-store'
import { SourcePicker } from './SourcePicker'
import { useApplyEdit } from './use-apply-edit'
import { EditorVersions } from './versions/EditorVersions'

/** When the export worker starts if the source never draws. */
export const WARM_FALLBACK_MS = 3_000

/** One source's editing session: painter (or the finished result) beside the edit form. */
function EditSession({ source }: { source: EditorSource }) {
  const applier = useApplyEdit()
  // One export worker for the session, kept across the result view and back ("Apply edit" again).
  // Started once the source is on screen, not with the editor: its start-up and warm-up ran beside
  // the source's decode and slowed the open by about a tenth on two cores (PERFORMANCE C3). A
  // source that never draws (it failed to load) still gets the worker after a while.
  useEffect(() => {
    let release: (() => void) | null = null
    let ended = false
    const start = () => {
      if (!ended) release ??= maskExport.warm()
    }
    const fallback = setTimeout(start, WARM_FALLBACK_MS)
    // After the frame that showed the source, not inside it.
    const off = onceSourceDrawn(() => setTimeout(start, 0))
    return () => {
      ended = true
      off()
      clearTimeout(fallback)
      release?.()
    }
  }, [])
  const jobId = applier.state.phase === 'submitted' ? applier.state.jobId : undefined
  // A submitted edit shows its result; "Back to the mask" keeps the mask for another try, and the
  // next submitted edit (a new job id) shows its own result again.
  const [maskViewFor, setMaskViewFor] = useState<string | undefined>(undefined)
  const showResult = jobId !== undefined && maskViewFor !== jobId
  return (
    <div className="editor-layout">
      <div className="editor-main">
        {showResult ? <EditResult jobId={jobId} source={source} onBack={() => setMaskViewFor(jobId)} /> : <MaskPainter source={source} />}
      </div>
      <aside className="editor-side">
        <EditForm source={source} applier={applier} />
        <SourcePicker compact />
      </aside>
      <EditorVersions source={source} jobId={jobId} />
    </div>
  )
}

/** The editor: a source picker until an image is chosen, then the session; a new source starts a new mask. */
export function EditorView() {
  const { t } = useT()
  const source = useImagesUi((s) => s.source)
  const close = useImagesUi((s) => s.closeEditor)
  const key = source ? `${source.ref.kind}:${source.ref.kind === 'gallery' ? source.ref.itemId : source.ref.fileId}` : 'none'
  useEffect(() => {
    const painter = usePainterStore.getState()
    if (painter.owner !== key) painter.resetMask(key)
  }, [key])
  // The button that opened the editor is gone with the gallery: focus starts at the editor's title,
  // so the keyboard goes on from the top of the editor instead of from the start of the page.
  const titleRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!titleRef.current?.contains(document.activeElement)) titleRef.current?.focus()
  }, [])
  return (
    <section className="editor" aria-labelledby="editor-title">
      <header className="editor-head">
        <h2 id="editor-title" className="section-title" ref={titleRef} tabIndex={-1}>
          {t('images.editor.title')}
        </h2>
        <button type="button" className="button button-small" onClick={close}>
          {t('images.editor.back')}
        </button>
        {/* In the head, not above the painter: a short window needs that line for the canvas. */}
        {source && (
          <p className="field-help">
            {source.label} · {t('images.editor.sourceInfo', { width: source.width, height: source.height })}
          </p>
        )}
      </header>
      {source ? <EditSession key={key} source={source} /> : <SourcePicker />}
    </section>
  )
}
