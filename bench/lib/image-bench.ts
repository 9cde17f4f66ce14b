import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { withBrowser, withContext } from './browser'
import { fixtureDir, writeEditorSource } from './image-fixtures'
import { withSandbox, type BenchSandbox } from './sandbox'
import { withStudio, type LaunchedStudio } from './studio'

/** Marks set by the product (images-ui-store.ts EDITOR_OPEN_MARK, painter-engine.ts SOURCE_DRAWN_MARK). */
export const OPEN_MARK = 'studio:editor-open'
export const DRAWN_MARK = 'studio:editor-source-drawn'

export interface ImageRig {
  studio: LaunchedStudio
  browser: Browser
  sandbox: BenchSandbox
}

/** Sandbox, the built studio pointed at it and one Chromium; all closed afterwards, in reverse order. */
export function withImageRig<T>(fn: (rig: ImageRig) => Promise<T>): Promise<T> {
  return withSandbox((sandbox) =>
    withStudio({ gateway: { url: sandbox.url, key: sandbox.key } }, (studio) =>
      withBrowser((browser) => fn({ studio, browser, sandbox }))
    )
  )
}

/** Bytes of the page's bridge WebSocket frames, both ways, since `reset()`. */
export interface BridgeBytes {
  total(): number
  largest(): number
  reset(): void
}

export function countBridgeBytes(page: Page): BridgeBytes {
  let total = 0
  let largest = 0
  const add = (payload: string | Buffer) => {
    const n = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length
    total += n
    largest = Math.max(largest, n)
  }
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => add(f.payload))
    ws.on('framereceived', (f) => add(f.payload))
  })
  return {
    total: () => total,
    largest: () => largest,
    reset: () => {
      total = 0
      largest = 0
    }
  }
}

/** A fresh context and page on the studio's Images area. */
export function withImagesPage<T>(rig: ImageRig, fn: (page: Page, bridge: BridgeBytes) => Promise<T>): Promise<T> {
  return withContext(rig.browser, async (context) => {
    const page = await context.newPage()
    const bridge = countBridgeBytes(page)
    await page.goto(rig.studio.url)
    await page.waitForFunction(() => document.documentElement.dataset.appState === 'ready', undefined, {
      timeout: 20_000
    })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
    await page.getByRole('button', { name: 'Edit an image…' }).waitFor({ timeout: 20_000 })
    return fn(page, bridge)
  })
}

/**
 * Opens `file` in the editor as a user does (the file button), and resolves when the source is
 * on screen. Returns ms from the editor opening with the source to its first drawn frame.
 */
export async function openInEditor(page: Page, file: string, timeoutMs = 30_000): Promise<number> {
  // The first time through the Images area's button; later through the editor's own file button
  // (its compact picker), which replaces the source as a user would.
  const input = page.getByTestId('editor-file-input')
  if ((await input.count()) === 0) await page.getByRole('button', { name: 'Edit an image…' }).click()
  await page.evaluate(() => performance.clearMarks())
  await input.setInputFiles(file)
  // Waited for inside the page (a PerformanceObserver), not by polling from here: polling every
  // 20 ms kept this process and the browser's DevTools channel busy during the subject's decode
  // only (the baseline's decode is awaited in one evaluate), on a machine with two cores.
  await page.evaluate(
    ([mark, ms]) =>
      new Promise<void>((resolve, reject) => {
        if (performance.getEntriesByName(mark).length > 0) return resolve()
        const timer = setTimeout(() => {
          observer.disconnect()
          reject(new Error(`no ${mark} within ${ms} ms`))
        }, ms)
        const observer = new PerformanceObserver((list) => {
          if (!list.getEntriesByName(mark).length) return
          clearTimeout(timer)
          observer.disconnect()
          resolve()
        })
        observer.observe({ type: 'mark' })
      }),
    [DRAWN_MARK, timeoutMs] as const
  )
  const ms = await page.evaluate(
    ([open, drawn]) => {
      const o = performance.getEntriesByName(open).at(-1)
      const d = performance.getEntriesByName(drawn).at(-1)
      if (!o || !d)
        throw new Error(
          `the editor marks are missing: ${JSON.stringify(performance.getEntriesByType('mark').map((m) => m.name))}`
        )
      return d.startTime - o.startTime
    },
    [OPEN_MARK, DRAWN_MARK] as const
  )
  // The editor's after-open work (the reduced copy for zoomed-out drawing) settles before the next sample.
  await page.waitForTimeout(SETTLE_MS)
  return ms
}

/** Enough for the reduced copy of a 4096² source on a busy 2-core machine. */
const SETTLE_MS = 1_000

/**
 * The painter's stage and the square the source is drawn in: the image is fitted in the stage
 * (view-transform.ts fitView), so strokes and clicks land on it inside this square.
 */
export async function fittedImage(page: Page): Promise<{
  stage: Locator
  box: { width: number; height: number }
  image: { x: number; y: number; width: number; height: number }
}> {
  const stage = page.getByTestId('painter-stage')
  const box = await stage.boundingBox()
  if (!box) throw new Error('the painter stage has no box')
  const side = Math.min(box.width, box.height) - 32
  return {
    stage,
    box,
    image: { x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, width: side, height: side }
  }
}

/** A `side` x `side` source written to a fixture folder and opened in the mask painter of a fresh studio. */
export async function withEditorOpen<T>(prefix: string, side: number, fn: (page: Page) => Promise<T>): Promise<T> {
  const fx = fixtureDir(prefix)
  try {
    const file = join(fx.dir, `source-${side}.png`)
    await writeEditorSource(file, side)
    return await withImageRig((rig) =>
      withImagesPage(rig, async (page) => {
        await openInEditor(page, file)
        return fn(page)
      })
    )
  } finally {
    fx.close()
  }
}
