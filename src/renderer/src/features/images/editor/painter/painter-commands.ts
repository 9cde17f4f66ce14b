/** The commands the tools registry performs: store actions for the mask and brush, the engine for the view. */
import { useMemo, type RefObject } from 'react'
import type { EditorSource } from '../../images-ui-store'
import type { PainterEngine } from '../canvas/painter-engine'
import { featherOf, mayHavePaint } from '../model/mask-model'
import { useEditorPanel } from '../state/editor-panel'
import { usePainterStore } from '../state/painter-store'
import { exportMaskFile, maskFromTransparency, morphMask } from './mask-actions'
import type { PainterCommands } from './tools'

/** What the commands need of the painter besides the store: its source and its import picker. */
export interface PainterContext {
  source(): EditorSource
  openImport(): void
  /** Opens the shortcut sheet. */
  showHelp(): void
}

export function createPainterCommands(
  engineRef: RefObject<PainterEngine | null>,
  ctx: PainterContext
): PainterCommands {
  const store = () => usePainterStore.getState()
  // History changes wait for the stroke in progress to end: undoing under a live stroke would lose it.
  const idle = () => !engineRef.current?.drawing
  return {
    setTool: (tool) => {
      // A polygon left open would otherwise close with the next tool's first click.
      engineRef.current?.cancelSelection()
      store().setTool(tool)
    },
    setSelectMode: (mode) => store().setSelectMode(mode),
    grow: () => void (idle() && morphMask(ctx.source(), 1)),
    shrink: () => void (idle() && morphMask(ctx.source(), -1)),
    feather: () => {
      const radius = store().amount
      if (idle() && featherOf(store().history.ops) !== radius) store().commit({ kind: 'feather', radius })
    },
    importMask: () => idle() && ctx.openImport(),
    exportMask: () => void exportMaskFile(ctx.source()),
    fromTransparency: () => void (idle() && maskFromTransparency(ctx.source())),
    stepSize: (d) => store().stepSize(d),
    stepHardness: (d) => store().stepHardness(d),
    undo: () => idle() && store().undo(),
    redo: () => idle() && store().redo(),
    invert: () => idle() && store().commit({ kind: 'invert' }),
    clear: () => {
      // Clearing an empty mask would only add a step to undo.
      if (idle() && mayHavePaint(store().history.ops)) store().commit({ kind: 'clear' })
    },
    fill: () => {
      const ops = store().history.ops
      if (idle() && ops[ops.length - 1]?.kind !== 'fill') store().commit({ kind: 'fill' })
    },
    zoom: (d) => engineRef.current?.zoomStep(d),
    fit: () => engineRef.current?.fit(),
    setCompare: (on) => store().setCompare(on),
    showHelp: () => ctx.showHelp(),
    togglePanel: () => useEditorPanel.getState().toggle()
  }
}

export function usePainterCommands(engineRef: RefObject<PainterEngine | null>, ctx: PainterContext): PainterCommands {
  // ctx reads refs: the commands stay the same object for the painter's life.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => createPainterCommands(engineRef, ctx), [engineRef])
}
