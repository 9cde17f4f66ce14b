import type { Browser, BrowserContext, Page } from 'playwright-core'
import { withContext, withPersistentContext } from './browser'

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
  // The document exists (in its final renderer process, after any process swap) and no page script has run yet.
  mark('doc');
  document.addEventListener('DOMContentLoaded', () => mark('dcl'), { once: true });
  const signal = () => console.debug(${JSON.stringify(READY_SIGNAL)});
  const done = () => requestAnimationFrame(() => { if (window.__benchReady === undefined) { window.__benchReady = performance.now(); signal(); } });
  if (when.kind === 'dom') { document.addEventListener('DOMContentLoaded', done, { once: true }); return; }
  const ready = () => {
    const state = document.documentElement.dataset.appState;
    if (state === 'fatal' || state === 'error') { window.__benchFailed = state + ': ' + (document.body ? document.body.innerText.slice(0, 200) : ''); signal(); return true; }
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

/** What the recorder logs once the page is ready (or has failed). */
const READY_SIGNAL = '__bench:ready'

/**
 * Resolves when the page's recorder says it is ready. A console message, not a polled
 * page.waitForFunction: that injects Playwright's own script (tens of KB, 45-75 ms of the page's
 * main thread on a loaded machine) into the page in the middle of the start it is timing, and only
 * the studio's start is long enough to be hit by it. Set up before the navigation.
 */
function readySignal(page: Page, timeoutMs: number): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (m) => m.text() === READY_SIGNAL, timeout: timeoutMs })
}

export interface ColdLoad {
  /** ms from navigation start to the painted ready state. */
  readyMs: number
  /** Milestones on the way (ms from navigation start): doc, dcl, composer (enabled), appReady, and the studio's marks. */
  marks: Record<string, number>
  /** Script URLs requested before ready. */
  scripts: string[]
}

/** One cold load in a fresh context of `browser` (own cache and code cache). */
export async function coldLoad(browser: Browser, url: string, when: ReadyWhen, timeoutMs = 20_000): Promise<ColdLoad> {
  return withContext(browser, async (context) => {
    await context.addInitScript(readyRecorder(when))
    return measuredLoad(await context.newPage(), url, timeoutMs)
  })
}

/** Loads `url` in `page` (its ready recorder installed) and reads the load once the recorder signals. */
async function measuredLoad(page: Page, url: string, timeoutMs: number): Promise<ColdLoad> {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  const ready = readySignal(page, timeoutMs)
  await page.goto(url, { waitUntil: 'commit' })
  await ready
  return readLoad(page, scripts)
}

/** The ready time and milestones of a page whose recorder has signalled; throws when it failed. */
async function readLoad(page: Page, scripts: string[]): Promise<ColdLoad> {
  const { readyMs, failed, marks } = await page.evaluate(() => {
    const w = window as unknown as {
      __benchReady: number
      __benchFailed?: string
      __benchMarks: Record<string, number>
    }
    // The studio's own start-up marks (performance.mark('studio:...')) join the recorder's.
    const own = Object.fromEntries(
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('studio:'))
        .map((m) => [m.name.slice(7), m.startTime])
    )
    return { readyMs: w.__benchReady, failed: w.__benchFailed, marks: { ...own, ...w.__benchMarks } }
  })
  if (failed) throw new Error(`the studio page did not start: ${failed.replace(/\s+/g, ' ')}`)
  return { readyMs, marks, scripts: scripts.slice() }
}

/**
 * A later launch: `loads` loads of `url` in a fresh browser profile on disk (its HTTP cache and V8
 * code cache), the last one measured. Chromium keeps compiled code for a script it has seen run
 * before (the first loads fill the cache), so the last load is a start with code cached, as a
 * second launch of the app is (T1-warm).
 */
export async function warmLoad(url: string, when: ReadyWhen, loads = 3, timeoutMs = 20_000): Promise<ColdLoad> {
  return withPersistentContext((context) => warmLoadIn(context, url, when, loads, timeoutMs))
}

/**
 * warmLoad in a given profile: `url`'s origin must be new to it (caches are kept per origin, so
 * two origins measured in one profile do not warm each other, and one browser launch serves both).
 */
export async function warmLoadIn(
  context: BrowserContext,
  url: string,
  when: ReadyWhen,
  loads = 3,
  timeoutMs = 20_000
): Promise<ColdLoad> {
  let last: ColdLoad | null = null
  for (let i = 0; i < loads; i++) {
    const page = await context.newPage()
    await page.addInitScript(readyRecorder(when))
    last = await measuredLoad(page, url, timeoutMs)
    await page.close()
  }
  if (!last) throw new Error('warmLoad needs at least one load')
  return last
}
