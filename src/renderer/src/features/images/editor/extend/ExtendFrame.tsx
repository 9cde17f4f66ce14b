import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { shareOf, type ExtendPlacement, type ExtendPlan } from '@shared/domain/extend-plan'
import { useExtendStore } from './extend-store'

/** The preview's height for a landscape canvas, px; a tall one is as tall and narrower. */
const FRAME_HEIGHT = 180

/**
 * The new canvas in small, with the picture on it: drag the picture, or move it with the arrow
 * keys (1 % of the canvas, Shift 10 %, Home centres it). The drag's start is in a ref, so a move
 * only sets the share (one small render of this preview).
 */
export function ExtendFrame({
  plan,
  placement,
  url
}: {
  plan: Extract<ExtendPlan, { ok: true }>
  placement: ExtendPlacement
  url: string
}) {
  const { t } = useT()
  const setShare = useExtendStore((s) => s.setShare)
  const frameRef = useRef<HTMLDivElement>(null)
  const drag = useRef<{ id: number; sx: number; sy: number; x: number; y: number } | null>(null)
  const { width: W, height: H } = plan.canvas
  const pct = (v: number, of: number) => `${(v / of) * 100}%`

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { id: e.pointerId, sx: e.clientX, sy: e.clientY, x: placement.x, y: placement.y }
  }
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current
    const frame = frameRef.current
    if (!d || d.id !== e.pointerId || !frame) return
    // Screen pixels to canvas pixels: the frame shows the whole canvas.
    const k = W / frame.getBoundingClientRect().width
    setShare(shareOf(plan, d.x + (e.clientX - d.sx) * k, d.y + (e.clientY - d.sy) * k))
  }
  const onPointerEnd = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null
  }
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = (side: number) => Math.max(1, Math.round(side * (e.shiftKey ? 0.1 : 0.01)))
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step(W), 0],
      ArrowRight: [step(W), 0],
      ArrowUp: [0, -step(H)],
      ArrowDown: [0, step(H)]
    }
    if (e.key === 'Home') setShare({ x: 0.5, y: 0.5 })
    else if (moves[e.key]) setShare(shareOf(plan, placement.x + moves[e.key][0], placement.y + moves[e.key][1]))
    else return
    e.preventDefault()
  }

  return (
    <div
      className="extend-frame"
      ref={frameRef}
      data-testid="extend-frame"
      style={{ aspectRatio: `${W} / ${H}`, width: `min(100%, ${(FRAME_HEIGHT * W) / Math.max(W, H)}px)` }}
    >
      <button
        type="button"
        className="extend-picture"
        aria-label={t('images.extend.move', { x: placement.x, y: placement.y })}
        title={t('images.extend.moveTitle')}
        aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown Home"
        style={{
          left: pct(placement.x, W),
          top: pct(placement.y, H),
          width: pct(placement.pictureWidth, W),
          height: pct(placement.pictureHeight, H)
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
      >
        <img src={url} alt="" draggable={false} />
      </button>
    </div>
  )
}
