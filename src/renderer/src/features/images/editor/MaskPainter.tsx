import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { EditorSource } from '../images-ui-store'
import { importMaskFile } from './mask-actions'
import { usePainterCommands } from './painter-commands'
import type { PainterEngine } from './painter-engine'
import { usePainterStore } from './painter-store'
import { PainterHelp } from './PainterHelp'
import { PainterNoticeLine } from './PainterNotice'
import { PainterStage } from './PainterStage'
import { PainterToolbar } from './PainterToolbar'
import { toolForKey } from './tools'
import { TypedSelection } from './TypedSelection'

/** Typing in a field must not switch tools or clear the mask. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !['range', 'checkbox', 'radio', 'button'].includes(target.type)
}

export interface MaskPainterProps {
  source: EditorSource
}

/**
 * The mask painter region: the registry-driven toolbar and the stage. Its key handler is the one
 * place shortcuts are resolved (tools.ts), for whichever control inside the region has focus.
 */
export function MaskPainter({ source }: MaskPainterProps) {
  const { t } = useT()
  const helpId = useId()
  const engineRef = useRef<PainterEngine | null>(null)
  const sourceRef = useRef(source)
  useLayoutEffect(() => {
    sourceRef.current = source
  }, [source])
  const fileRef = useRef<HTMLInputElement>(null)
  const commands = usePainterCommands(engineRef, { source: () => sourceRef.current, openImport: () => fileRef.current?.click() })

  // Releasing a held compare key outside the region must not leave compare stuck on.
  useEffect(() => {
    const release = () => usePainterStore.getState().setCompare(false)
    window.addEventListener('blur', release)
    return () => window.removeEventListener('blur', release)
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || isTextEntry(e.target)) return
    const tool = toolForKey(e.nativeEvent)
    if (!tool) return
    // Space and Enter on a focused button activate it; arrows on a slider move it.
    e.preventDefault()
    if (tool.release && e.repeat) return
    tool.perform(commands)
  }
  const onKeyUp = (e: KeyboardEvent<HTMLElement>) => {
    const tool = toolForKey(e.nativeEvent)
    if (tool?.release && !isTextEntry(e.target)) tool.release(commands)
  }

  return (
    <section className="mask-painter" role="region" aria-label={t('images.painter.region')} onKeyDown={onKeyDown} onKeyUp={onKeyUp}>
      <PainterToolbar commands={commands} />
      <input
        ref={fileRef}
        type="file"
        accept="image/png"
        hidden
        aria-label={t('images.painter.importFile')}
        data-testid="mask-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void importMaskFile(file, sourceRef.current)
        }}
      />
      <PainterNoticeLine />
      <PainterStage source={source} engineRef={engineRef} describedBy={helpId} />
      <PainterHelp id={helpId}>
        <TypedSelection source={source} />
      </PainterHelp>
    </section>
  )
}
