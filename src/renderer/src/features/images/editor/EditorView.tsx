import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction
} from 'react'
import { Icon } from '@renderer/components/Icon'
import { IconButton } from '@renderer/components/IconButton'
import { useT } from '@renderer/i18n/use-t'
import { isMacPlatform } from '@renderer/lib/platform'
import { useImagesUi, type EditorSource } from '../images-ui-store'
import { onceSourceDrawn } from './canvas/painter-engine'
import { EMPTY_EDIT, type EditDraft } from './edit-draft'
import { EditForm } from './EditForm'
import { EditResult } from './EditResult'
import { EDITOR_ICONS } from './painter/editor-icons'
import { MaskPainter } from './painter/MaskPainter'
import { isTextEntry } from './painter/text-entry'
import { ariaShortcuts, shortcutLabel, toolById, toolForKey } from './painter/tools'
import { ReplaceSourceDialog } from './ReplaceSourceDialog'
import { sourceKey } from './source'
import { SourcePicker } from './SourcePicker'
import { useEditorPanel } from './state/editor-panel'
import { usePainterStore } from './state/painter-store'
import { useApplyEdit } from './use-apply-edit'
import { EditorVersions } from './versions/EditorVersions'
import { maskExport } from './worker/mask-export'

/** When the export worker starts if the source never draws. */
export const WARM_FALLBACK_MS = 3_000

export interface EditSessionSlots {
  /** Under the canvas (or the result), in the stage's column: room for a strip of versions. */
  belowStage?: ReactNode
  /** More sections at the end of the docked panel, after the edit form and the source picker. */
  panelExtra?: ReactNode
}

interface EditSessionProps extends EditSessionSlots {
  source: EditorSource
  draft: EditDraft
  setDraft: Dispatch<SetStateAction<EditDraft>>
}

/** One source's editing session: painter (or the finished result) beside the docked edit panel. */
function EditSession({ source, draft, setDraft, belowStage, panelExtra }: EditSessionProps) {
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
  const { t } = useT()
  const panelOpen = useEditorPanel((s) => s.open)
  // The picture's versions sit under the canvas (or under a finished edit), where the eye already is.
  const below = (
    <>
      <EditorVersions source={source} jobId={jobId} />
      {belowStage}
    </>
  )
  return (
    <div className="editor-layout" data-panel={panelOpen ? 'open' : 'closed'}>
      <div className="editor-main">
        {showResult ? (
          <>
            <EditResult jobId={jobId} source={source} onBack={() => setMaskViewFor(jobId)} />
            {below}
          </>
        ) : (
          <MaskPainter source={source} belowStage={below} />
        )}
      </div>
      {/* Folded, the panel stays mounted (hidden): the prompt typed so far survives. */}
      <aside id="editor-panel" className="editor-side" aria-label={t('images.editor.panel')} hidden={!panelOpen}>
        <EditForm source={source} applier={applier} draft={draft} setDraft={setDraft} />
        <SourcePicker compact />
        {panelExtra}
      </aside>
    </div>
  )
}

/** Shows or folds the docked edit panel; its key works anywhere in the editor but in a text field. */
function PanelToggle() {
  const { t } = useT()
  const open = useEditorPanel((s) => s.open)
  const toggle = useEditorPanel((s) => s.toggle)
  const tool = toolById('panel')
  const name = t(open ? 'images.editor.hidePanel' : 'images.editor.showPanel')
  return (
    <IconButton
      icon={EDITOR_ICONS[open ? 'panelClose' : 'panelOpen']}
      label={name}
      tooltip={t('images.painter.toolTip', { name, keys: shortcutLabel(tool, isMacPlatform()) })}
      placement="bottom-end"
      aria-expanded={open}
      aria-controls="editor-panel"
      aria-keyshortcuts={ariaShortcuts(tool)}
      onClick={toggle}
    />
  )
}

function onEditorKeyDown(e: KeyboardEvent<HTMLElement>) {
  if (e.defaultPrevented || isTextEntry(e.target) || !e.currentTarget.contains(e.target as Node)) return
  if (toolForKey(e.nativeEvent)?.group !== 'panel') return
  e.preventDefault()
  useEditorPanel.getState().toggle()
}

/**
 * The editor: a source picker until an image is chosen, then the session; a new source starts a
 * new mask. The slots let other panels (versions, variations) mount into the session's layout.
 */
export function EditorView({ belowStage, panelExtra }: EditSessionSlots = {}) {
  const { t } = useT()
  const source = useImagesUi((s) => s.source)
  const close = useImagesUi((s) => s.closeEditor)
  const key = sourceKey(source)
  // The edit's words and settings outlive a session: a new source (another version, "Edit again",
  // a dropped picture) starts a new mask, but keeps the prompt typed so far, even one typed while
  // the new source was still on its way.
  const [draft, setDraft] = useState<EditDraft>(EMPTY_EDIT)
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
    <section className="editor" aria-labelledby="editor-title" onKeyDown={onEditorKeyDown}>
      {/* One line: the canvas gets the rest of the window. */}
      <header className="editor-head">
        <h2 id="editor-title" className="editor-title" ref={titleRef} tabIndex={-1}>
          {t('images.editor.title')}
        </h2>
        <button type="button" className="button button-small" onClick={close}>
          <Icon name={EDITOR_ICONS.back} size={16} />
          {t('images.editor.back')}
        </button>
        {source && (
          <p className="field-help editor-source">
            {source.label} · {t('images.editor.sourceInfo', { width: source.width, height: source.height })}
          </p>
        )}
        {source && <PanelToggle />}
      </header>
      {source ? (
        <EditSession
          key={key}
          source={source}
          draft={draft}
          setDraft={setDraft}
          belowStage={belowStage}
          panelExtra={panelExtra}
        />
      ) : (
        <SourcePicker />
      )}
      <ReplaceSourceDialog />
    </section>
  )
}
