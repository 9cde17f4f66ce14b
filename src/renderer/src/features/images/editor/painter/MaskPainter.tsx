import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { EditorSource } from '../../images-ui-store'
import type { PainterEngine } from '../canvas/painter-engine'
import { usePainterStore } from '../state/painter-store'
import { importMaskFile } from './mask-actions'
import { usePainterCommands } from './painter-commands'
import { PainterHelp, ShortcutSheet } from './PainterHelp'
import { PainterNoticeLine } from './PainterNotice'
import { PainterStage } from './PainterStage'
import { PropertiesBar } from './PropertiesBar'
import { isTextEntry } from './text-entry'
import { ToolRail } from './ToolRail'
import { toolForKey } from './tools'

export interface MaskPainterProps {
  source: EditorSource
  /** Shown under the canvas, inside the painter's column (a strip of versions, for one). */
  belowStage?: ReactNode
}

/**
 * The mask painter region: the tool rail, the active tool's properties bar and the stage, which
 * takes what they leave. Its key handler is the one place shortcuts are resolved (tools.ts), for
 * whichever control inside the region has focus.
 */
export function MaskPainter({ source, belowStage }: MaskPainterProps) {
  const { t } = useT()
  const helpId = useId()
  const engineRef = useRef<PainterEngine | null>(null)
  const sourceRef = useRef(source)
  useLayoutEffect(() => {
    sourceRef.current = source
  }, [source])
  const fileRef = useRef<HTMLInputElement>(null)
  const [sheetOpen, setSheetOpen] = useState(false)
  const commands = usePainterCommands(engineRef, {
    source: () => sourceRef.current,
    openImport: () => fileRef.current?.click(),
    showHelp: () => setSheetOpen(true)
  })

  // Releasing a held compare key outside the region must not leave compare stuck on.
  useEffect(() => {
    const release = () => usePainterStore.getState().setCompare(false)
    window.addEventListener('blur', release)
    return () => window.removeEventListener('blur', release)
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    // Keys in the shortcut sheet (a portal, whose events still reach this handler) are its own.
    if (e.defaultPrevented || isTextEntry(e.target) || !e.currentTarget.contains(e.target as Node)) return
    const tool = toolForKey(e.nativeEvent)
    // The panel's key belongs to the editor around the painter (it works beside a result too).
    if (!tool || tool.group === 'panel') return
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
    <section
      className="mask-painter"
      role="region"
      aria-label={t('images.painter.region')}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
    >
      <ToolRail commands={commands} />
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
      <div className="painter-work">
        <PropertiesBar commands={commands} source={source} />
        <div className="painter-canvas">
          <PainterStage source={source} engineRef={engineRef} describedBy={helpId} />
          <PainterNoticeLine />
        </div>
        {belowStage}
      </div>
      <PainterHelp id={helpId} />
      {sheetOpen && <ShortcutSheet onClose={() => setSheetOpen(false)} />}
    </section>
  )
}
