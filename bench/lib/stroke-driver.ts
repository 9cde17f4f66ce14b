import type { CDPSession, Page } from 'playwright-core'

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Points of a zig-zag stroke across `box` (page CSS px), `step` px apart: long enough to cross
 * painted and unpainted ground, so every segment rasterises new pixels.
 */
export function zigzag(box: Box, segments: number, step: number): Array<[number, number]> {
  const pts: Array<[number, number]> = []
  const left = box.x + box.width * 0.1
  const right = box.x + box.width * 0.9
  const top = box.y + box.height * 0.1
  const bottom = box.y + box.height * 0.9
  let x = left
  let y = top
  let dx = step
  const dy = step * 0.35
  let down = 1
  for (let i = 0; i <= segments; i++) {
    pts.push([x, y])
    x += dx
    y += dy * down
    if (x > right || x < left) {
      dx = -dx
      x += 2 * dx
    }
    if (y > bottom || y < top) {
      down = -down
      y += 2 * dy * down
    }
  }
  return pts
}

const BINDING = '__benchStrokeTick'
const TICK_LOOP = `(() => {
  window.__benchStrokeStop = false;
  const loop = () => { if (window.__benchStrokeStop) return; window.${BINDING}(''); requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
})()`

/**
 * Drives strokes with real input events (CDP Input.dispatchMouseEvent: the browser's own input
 * path, pointer capture, coalescing), ONE move per animation frame. The page's frame clock sets
 * the pace: a rAF loop calls a CDP binding (a tiny message, no script evaluation on the page per
 * frame, which would itself cost frames), and each call sends the next move.
 */
export class StrokeDriver {
  private constructor(
    private readonly page: Page,
    private readonly session: CDPSession
  ) {}

  static async attach(page: Page): Promise<StrokeDriver> {
    const session = await page.context().newCDPSession(page)
    await session.send('Runtime.enable')
    await session.send('Runtime.addBinding', { name: BINDING })
    return new StrokeDriver(page, session)
  }

  private mouse(type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number): Promise<unknown> {
    const pressed = type !== 'mouseReleased'
    return this.session.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: 'left',
      buttons: pressed ? 1 : 0,
      clickCount: type === 'mouseMoved' ? 0 : 1
    })
  }

  /** Press at the first point, one move per frame through the rest, release at the last. */
  async stroke(points: ReadonlyArray<[number, number]>): Promise<void> {
    const [first, ...rest] = points
    await this.session.send('Input.dispatchMouseEvent', {
      type: 'mouseMoved',
      x: first[0],
      y: first[1],
      button: 'none',
      buttons: 0
    })
    await this.mouse('mousePressed', first[0], first[1])
    let i = 0
    await new Promise<void>((resolve, reject) => {
      const onCall = (e: { name: string }) => {
        if (e.name !== BINDING) return
        if (i >= rest.length) {
          this.session.off('Runtime.bindingCalled', onCall)
          resolve()
          return
        }
        const [x, y] = rest[i++]
        this.mouse('mouseMoved', x, y).catch(reject)
      }
      this.session.on('Runtime.bindingCalled', onCall)
      // A string, not a function: tsx adds name helpers to functions that do not exist in the page.
      this.page.evaluate(TICK_LOOP).catch(reject)
    })
    await this.page.evaluate(() => {
      ;(window as unknown as { __benchStrokeStop?: boolean }).__benchStrokeStop = true
    })
    const [lx, ly] = points[points.length - 1]
    await this.mouse('mouseReleased', lx, ly)
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => {})
  }
}
