import type { Browser } from 'playwright-core'
import { withContext } from './browser'

/** The chat composer's prompt (PROMPT_ID in src/renderer/src/features/chat/composer/Composer.tsx). */
export const COMPOSER_SELECTOR = 'main #chat-prompt'

export type ReadyWhen = { kind: 'dom' } | { kind: 'app'; selector?: string }

/**
 * In the page before any of its scripts: records performance.now() (ms since navigation start) at
 * the first animation frame after the page is ready, i.e. when that state has been painted.
 * 'dom': the document is parsed (an empty page). 'app': <html data-app-state="ready"> and, when
 * given, the selector matches an enabled element. A page that reaches 'fatal' or 'error' records
 * that instead, so the sample fails at once with the reason. A string, not a function: tsx
 * compiles functions with name helpers that do not exist in the page.
 */
function readyRecorder(when: ReadyWhen): string {
  return `(() => {
  const when = ${JSON.stringify(when)};
  const marks = {};
  window.__benchMarks = marks;
  const mark = (k) => { if (marks[k] === undefined) marks[k] = performance.now(); };
  document.addEventListener('DOMContentLoaded', () => mark('dcl'), { once: true });
  const done = () => requestAnimationFrame(() => { if (window.__benchReady === undefined) window.__benchReady = performance.now(); });
  if (when.kind === 'dom') { document.addEventListener('DOMContentLoaded', done, { once: true }); return; }
  const ready = () => {
    const state = document.documentElement.dataset.appState;
    if (state === 'fatal' || state === 'error') { window.__benchFailed = state + ': ' + (document.body ? document.body.innerText.slice(0, 200) : ''); return true; }
    const el = when.selector ? document.querySelector(when.selector) : null;
    const enabled = !!el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
    if (enabled) mark('composer');
    if (state === 'ready') mark('appReady');
    return state === 'ready' && (!when.selector || enabled);
  };
  const obs = new MutationObserver(() => { if (ready()) { obs.disconnect(); done(); } });
  obs.observe(document, { subtree: true, childList: true, attributes: true });
})()`
}

export interface ColdLoad {
  /** ms from navigation start to the painted ready state. */
  readyMs: number
  /** Milestones on the way (ms from navigation start): dcl, composer (enabled), appReady, and the studio's marks. */
  marks: Record<string, number>
  /** Script URLs requested before ready. */
  scripts: string[]
}

/** One cold load in a fresh context of `browser` (own cache and code cache). */
export async function coldLoad(browser: Browser, url: string, when: ReadyWhen, timeoutMs = 20_000): Promise<ColdLoad> {
  return withContext(browser, async (context) => {
    await context.addInitScript(readyRecorder(when))
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await page.goto(url, { waitUntil: 'commit' })
    await page.waitForFunction(() => (window as unknown as { __benchReady?: number }).__benchReady !== undefined, undefined, { timeout: timeoutMs, polling: 50 })
    const { readyMs, failed, marks } = await page.evaluate(() => {
      const w = window as unknown as { __benchReady: number; __benchFailed?: string; __benchMarks: Record<string, number> }
      // The studio's own start-up marks (performance.mark('studio:...')) join the recorder's.
      const own = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('studio:')).map((m) => [m.name.slice(7), m.startTime]))
      return { readyMs: w.__benchReady, failed: w.__benchFailed, marks: { ...own, ...w.__benchMarks } }
    })
    if (failed) throw new Error(`the studio page did not start: ${failed.replace(/\s+/g, ' ')}`)
    return { readyMs, marks, scripts: scripts.slice() }
  })
}

/**
 * A later launch: `loads` loads of `url` in one fresh context (one disk cache and V8 code cache),
 * the last one measured. Chromium keeps compiled code for a script it has seen run before (the
 * first loads fill the cache), so the last load is a start with code cached, as a second launch
 * of the app is (T1-warm).
 */
export async function warmLoad(browser: Browser, url: string, when: ReadyWhen, loads = 3, timeoutMs = 20_000): Promise<ColdLoad> {
  return withContext(browser, async (context) => {
    await context.addInitScript(readyRecorder(when))
    let last: ColdLoad | null = null
    for (let i = 0; i < loads; i++) {
      const page = await context.newPage()
      const scripts: string[] = []
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url())
      })
      await page.goto(url, { waitUntil: 'commit' })
      await page.waitForFunction(() => (window as unknown as { __benchReady?: number }).__benchReady !== undefined, undefined, { timeout: timeoutMs, polling: 50 })
      const readyMs = await page.evaluate(() => (window as unknown as { __benchReady: number }).__benchReady)
      last = { readyMs, marks: {}, scripts }
      await page.close()
    }
    if (!last) throw new Error('warmLoad needs at least one load')
    return last
  })
}
