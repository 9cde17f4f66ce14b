import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'

/** Flags for quiet, repeatable measurements (docs/PERFORMANCE.md): no GPU, no background work that adds noise. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]

export async function launchBrowser(): Promise<Browser> {
  // BENCH_JS_FLAGS: V8 flags for diagnosis only (e.g. M1-close with --no-maglev --no-turbofan); never set in a reported run.
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: process.env.BENCH_JS_FLAGS ? [...CHROMIUM_ARGS, `--js-flags=${process.env.BENCH_JS_FLAGS}`] : CHROMIUM_ARGS
  })
}

/** One browser for `fn`, closed afterwards even when `fn` throws. */
export async function withBrowser<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchBrowser()
  try {
    return await fn(browser)
  } finally {
    await browser.close().catch(() => {})
  }
}

/**
 * A browser with a profile on disk (a temp folder, removed afterwards), as an installed app has.
 * Contexts of `withContext` are off the record: Chromium keeps their HTTP cache in memory and has
 * no V8 code cache for them at all, so a later load there still compiles every script (465 ms of
 * background parse for the start chunk in a probe). A second launch of the app does not.
 */
export async function withPersistentContext<T>(fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-bench-profile-'))
  try {
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 }
    })
    try {
      await context.addInitScript(RECORDER_SCRIPT)
      return await fn(context)
    } finally {
      await context.close().catch(() => {})
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A fresh context (own cache, storage, code cache) closed afterwards, so runs do not warm each other. */
export async function withContext<T>(browser: Browser, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript(RECORDER_SCRIPT)
    return await fn(context)
  } finally {
    await context.close().catch(() => {})
  }
}

/**
 * Installed before any page script: a rAF loop that records frame deltas while armed, and a
 * long-task observer. In the page so the numbers are the page's own clock, not CDP round trips.
 */
const RECORDER_SCRIPT = `(() => {
  const rec = { frames: [], last: 0, armed: false, longTasks: [] };
  Object.defineProperty(window, '__bench', { value: rec });
  const tick = (t) => {
    if (rec.armed) { if (rec.last) rec.frames.push(t - rec.last); rec.last = t; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) rec.longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})()`

/** Starts recording frame deltas and forgets earlier long tasks. */
export async function armFrames(page: Page): Promise<number> {
  return page.evaluate(() => {
    const rec = (
      window as unknown as { __bench: { frames: number[]; last: number; armed: boolean; longTasks: unknown[] } }
    ).__bench
    rec.frames = []
    rec.last = 0
    rec.armed = true
    rec.longTasks = []
    return performance.now()
  })
}

export interface FrameRecord {
  /** ms between consecutive animation frames while armed. */
  frames: number[]
  /** Durations of main-thread tasks > 50 ms while armed. */
  longTasks: number[]
}

export async function disarmFrames(page: Page, since: number): Promise<FrameRecord> {
  return page.evaluate((t0) => {
    const rec = (
      window as unknown as {
        __bench: { frames: number[]; armed: boolean; longTasks: Array<{ start: number; duration: number }> }
      }
    ).__bench
    rec.armed = false
    return { frames: rec.frames.slice(), longTasks: rec.longTasks.filter((l) => l.start >= t0).map((l) => l.duration) }
  }, since)
}

/** Records `ms` of frames on an otherwise idle page: the baseline of every frame-time metric. */
export async function idleFrames(page: Page, ms: number): Promise<FrameRecord> {
  const t0 = await armFrames(page)
  await page.waitForTimeout(ms)
  return disarmFrames(page, t0)
}

export async function cdp(page: Page): Promise<CDPSession> {
  return page.context().newCDPSession(page)
}

/**
 * JS heap in use after a full GC. Collected twice: the first pass can leave objects whose
 * finalizers free more on the second, which made single-GC readings jump by MBs in probes.
 */
/**
 * A heap snapshot after GC, summed by kind: `code` is V8's own (machine code, bytecode, feedback:
 * the snapshot's "code" nodes), `data` everything else. Seconds per call; for diagnosis only.
 */
export async function heapByKind(session: CDPSession): Promise<{ code: number; data: number }> {
  let json = ''
  const onChunk = (e: { chunk: string }) => (json += e.chunk)
  session.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  try {
    await session.send('HeapProfiler.collectGarbage')
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    session.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  }
  const snap = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }
    nodes: number[]
  }
  const fields = snap.snapshot.meta.node_fields
  const types = snap.snapshot.meta.node_types[0]
  const [n, typeAt, sizeAt] = [fields.length, fields.indexOf('type'), fields.indexOf('self_size')]
  let code = 0
  let data = 0
  for (let i = 0; i < snap.nodes.length; i += n) {
    if (types[snap.nodes[i + typeAt]] === 'code') code += snap.nodes[i + sizeAt]
    else data += snap.nodes[i + sizeAt]
  }
  return { code, data }
}

export async function heapAfterGc(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.collectGarbage')
  await session.send('HeapProfiler.collectGarbage')
  const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number }
  return usage.usedSize
}
