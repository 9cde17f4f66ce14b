/**
 * Pointer, wheel and stage keys to the engine. Native listeners, not React props: the wheel must be
 * non-passive to stop the page scrolling, and pointer moves must reach the engine without a React
 * render. Every sample of a move (getCoalescedEvents: a pen sends 120+ per second, the browser
 * delivers one event per frame) is appended to the stroke; the engine repaints once per frame.
 */
import { useEffect, type RefObject } from 'react'
import type { PainterEngine } from '../canvas/painter-engine'
import { wheelFactor } from '../canvas/view-transform'
import { isSelectionTool } from '../state/painter-prefs'
import { usePainterStore } from '../state/painter-store'

type Gesture =
  | { kind: 'stroke'; pointerId: number }
  | { kind: 'select'; pointerId: number }
  | { kind: 'pan'; pointerId: number; lastX: number; lastY: number }
  | { kind: 'size'; pointerId: number; startX: number; startSize: number; cursorX: number; cursorY: number }

const PAN_STEP = 48

export function usePainterInput(
  stageRef: RefObject<HTMLElement | null>,
  engineRef: RefObject<PainterEngine | null>
): void {
  useEffect(() => {
    const stage = stageRef.current
    if (!stage) return
    let gesture: Gesture | null = null
    let space = false
    let rect = stage.getBoundingClientRect()
    let sizeFrame: number | null = null
    let pendingSize = 0
    const local = (e: { clientX: number; clientY: number }): [number, number] => [
      e.clientX - rect.left,
      e.clientY - rect.top
    ]
    const setPanning = (on: boolean) => {
      if (on) stage.dataset.panning = 'true'
      else delete stage.dataset.panning
    }

    const onPointerDown = (e: PointerEvent) => {
      const engine = engineRef.current
      if (!engine || gesture) return
      rect = stage.getBoundingClientRect()
      stage.focus({ preventScroll: true })
      const [x, y] = local(e)
      const tool = usePainterStore.getState().tool
      if (e.button === 1 || (e.button === 0 && space)) {
        gesture = { kind: 'pan', pointerId: e.pointerId, lastX: x, lastY: y }
        setPanning(true)
      } else if (e.button === 0 && isSelectionTool(tool)) {
        if (engine.polygonOpen) {
          // Polygon corners are clicks; the second press of a double click closes it.
          engine.polygonClick(x, y, e.detail >= 2)
          e.preventDefault()
          return
        }
        // Shift adds and Alt subtracts for this selection; without either, the toolbar's mode.
        const mode = e.altKey ? 'subtract' : e.shiftKey ? 'add' : usePainterStore.getState().selectMode
        engine.beginSelection(x, y, tool, mode)
        if (tool === 'polygon') {
          e.preventDefault()
          return
        }
        gesture = { kind: 'select', pointerId: e.pointerId }
      } else if (e.button === 0 && e.altKey) {
        gesture = {
          kind: 'size',
          pointerId: e.pointerId,
          startX: x,
          startSize: usePainterStore.getState().size,
          cursorX: x,
          cursorY: y
        }
      } else if (e.button === 0 || e.button === 2) {
        // Right-drag erases, whatever the tool (as in ComfyUI's mask editor).
        const mode = e.button === 2 || usePainterStore.getState().tool === 'eraser' ? 'erase' : 'paint'
        engine.beginStroke(x, y, mode)
        gesture = { kind: 'stroke', pointerId: e.pointerId }
      } else return
      stage.setPointerCapture?.(e.pointerId)
      e.preventDefault()
    }

    const onPointerMove = (e: PointerEvent) => {
      const engine = engineRef.current
      if (!engine) return
      const [x, y] = local(e)
      const g = gesture?.pointerId === e.pointerId ? gesture : null
      if (g?.kind === 'stroke') {
        const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : []
        engine.extendStroke(events.length > 0 ? events.map(local) : [[x, y]])
      } else if (g?.kind === 'select' || (!gesture && engine.polygonOpen)) {
        const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : []
        engine.extendSelection(events.length > 0 ? events.map(local) : [[x, y]])
      } else if (g?.kind === 'pan') {
        engine.pan(x - g.lastX, y - g.lastY)
        g.lastX = x
        g.lastY = y
      } else if (g?.kind === 'size') {
        // Dragging right by d screen px widens the brush by 2d on screen: its edge follows the pointer.
        pendingSize = g.startSize + ((x - g.startX) * 2) / engine.getView().scale
        sizeFrame ??= requestAnimationFrame(() => {
          sizeFrame = null
          usePainterStore.getState().setSize(pendingSize)
        })
        engine.showCursor(g.cursorX, g.cursorY)
        return
      }
      engine.showCursor(x, y)
    }

    const finish = (e: PointerEvent, cancelled: boolean) => {
      const g = gesture
      if (!g || g.pointerId !== e.pointerId) return
      gesture = null
      if (g.kind === 'stroke') {
        const [x, y] = local(e)
        // A cancelled pointer (palm rejection, a system gesture) keeps what was drawn, without its last jump.
        if (cancelled) engineRef.current?.endStroke()
        else engineRef.current?.endStroke(x, y)
      }
      if (g.kind === 'select') {
        const [x, y] = local(e)
        if (cancelled) engineRef.current?.cancelSelection()
        else engineRef.current?.endSelection(x, y)
      }
      if (g.kind === 'pan') setPanning(space)
      if (stage.hasPointerCapture?.(e.pointerId)) stage.releasePointerCapture(e.pointerId)
    }
    const onPointerUp = (e: PointerEvent) => finish(e, false)
    const onPointerCancel = (e: PointerEvent) => finish(e, true)
    const onPointerLeave = () => {
      if (!gesture) engineRef.current?.hideCursor()
    }

    const onWheel = (e: WheelEvent) => {
      const engine = engineRef.current
      if (!engine) return
      e.preventDefault()
      rect = stage.getBoundingClientRect()
      // Plain wheel and Ctrl+wheel (a trackpad pinch) both zoom at the cursor.
      engine.zoom(wheelFactor(e.deltaY, e.deltaMode), ...local(e))
    }

    const onKeyDown = (e: KeyboardEvent) => {
      const engine = engineRef.current
      if (!engine || e.target !== stage) return
      if (engine.polygonOpen && (e.key === 'Enter' || e.key === 'Escape')) {
        e.preventDefault()
        if (e.key === 'Enter') engine.endSelection()
        else engine.cancelSelection()
        return
      }
      if (e.key === ' ') {
        e.preventDefault()
        space = true
        setPanning(true)
        return
      }
      const d: Record<string, [number, number]> = {
        ArrowLeft: [PAN_STEP, 0],
        ArrowRight: [-PAN_STEP, 0],
        ArrowUp: [0, PAN_STEP],
        ArrowDown: [0, -PAN_STEP]
      }
      const step = d[e.key]
      if (step && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault()
        engine.pan(step[0], step[1])
      }
    }
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key !== ' ') return
      space = false
      if (gesture?.kind !== 'pan') setPanning(false)
    }
    const onBlur = () => {
      space = false
      if (gesture?.kind !== 'pan') setPanning(false)
    }
    const onContextMenu = (e: Event) => e.preventDefault()

    const listeners: [string, EventListener, AddEventListenerOptions?][] = [
      ['pointerdown', onPointerDown as EventListener],
      ['pointermove', onPointerMove as EventListener],
      ['pointerup', onPointerUp as EventListener],
      ['pointercancel', onPointerCancel as EventListener],
      ['pointerleave', onPointerLeave],
      ['wheel', onWheel as EventListener, { passive: false }],
      ['keydown', onKeyDown as EventListener],
      ['keyup', onKeyUp as EventListener],
      ['blur', onBlur],
      ['contextmenu', onContextMenu]
    ]
    for (const [type, fn, opts] of listeners) stage.addEventListener(type, fn, opts)
    return () => {
      for (const [type, fn] of listeners) stage.removeEventListener(type, fn)
      if (sizeFrame !== null) cancelAnimationFrame(sizeFrame)
    }
  }, [stageRef, engineRef])
}
