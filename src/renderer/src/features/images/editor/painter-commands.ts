/** The commands the tools registry performs: store actions for the mask and brush, the engine for the view. */
import { useMemo, type RefObject } from 'react'
import { mayHavePaint } from './mask-model'
import type { PainterEngine } from './painter-engine'
import { usePainterStore } from './painter-store'
import type { PainterCommands } from './tools'

export function createPainterCommands(engineRef: RefObject<PainterEngine | null>): PainterCommands {
  const store = () => usePainterStore.getState()
  // History changes wait for the stroke in progress to end: undoing under a live stroke would lose it.
  const idle = () => !engineRef.current?.drawing
  return {
    setTool: (tool) => store().setTool(tool),
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
    setCompare: (on) => store().setCompare(on)
  }
}

export function usePainterCommands(engineRef: RefObject<PainterEngine | null>): PainterCommands {
  return useMemo(() => createPainterCommands(engineRef), [engineRef])
}
