/**
 * Colours code with lowlight (highlight.js grammars, output as a hast tree the renderer turns into
 * spans: no HTML strings). Everything here loads on first use, off the start path; each grammar
 * is its own chunk (languages.ts).
 *
 * Work is queued and run in idle slices of at most FRAME_BUDGET_MS, so a reply with many fences
 * never holds the main thread for more than a slice (S1); a single fence is bounded by
 * MAX_HIGHLIGHT_CHARS (above it the code is shown plain).
 */
import type { Root } from 'hast'
import { trackLoad } from '@renderer/lib/lazy-loads'
import { grammarName, GRAMMARS } from './languages'

export const MAX_HIGHLIGHT_CHARS = 60_000
const FRAME_BUDGET_MS = 8
/** Longest a block waits for an idle moment (a page that streams without pause has few). */
const IDLE_TIMEOUT_MS = 1_000

type Lowlight = ReturnType<(typeof import('lowlight'))['createLowlight']>

let lowlight: Promise<Lowlight> | null = null
const registered = new Map<string, Promise<boolean>>()

function engine(): Promise<Lowlight> {
  lowlight ??= trackLoad(import('lowlight').then((m) => m.createLowlight()))
  return lowlight
}

/** Loads the grammar for `lang`; false when there is none (or it failed to load: then plain). */
function ensureGrammar(name: string): Promise<boolean> {
  let ready = registered.get(name)
  if (!ready) {
    ready = trackLoad(
      Promise.all([engine(), GRAMMARS[name]()])
        .then(([ll, grammar]) => {
          ll.register(name, grammar.default)
          return true
        })
        .catch(() => false)
    )
    registered.set(name, ready)
  }
  return ready
}

const queue: Array<() => void> = []
let draining = false

/**
 * Runs queued work when the page is idle (between frames, after the frame's own work), so colouring
 * the code blocks that seal while a reply streams never delays that reply's next frame (S1).
 * Where idle callbacks are missing (Safari, test DOMs) a zero timeout stands in, sliced the same way.
 */
const whenIdle: (run: (budgetMs: number) => void) => void =
  typeof requestIdleCallback === 'function'
    ? (run) =>
        requestIdleCallback(
          (deadline) =>
            run(deadline.didTimeout ? FRAME_BUDGET_MS : Math.min(FRAME_BUDGET_MS, deadline.timeRemaining())),
          { timeout: IDLE_TIMEOUT_MS }
        )
    : (run) => setTimeout(() => run(FRAME_BUDGET_MS), 0)

function drain(budgetMs: number): void {
  const started = performance.now()
  // At least one job per slice, so a busy page still gets its code coloured.
  do queue.shift()!()
  while (queue.length > 0 && performance.now() - started < budgetMs)
  if (queue.length > 0) whenIdle(drain)
  else draining = false
}

function schedule(job: () => void): void {
  queue.push(job)
  if (!draining) {
    draining = true
    whenIdle(drain)
  }
}

/**
 * The highlighted tree of `code`, or null when it stays plain (unknown language, too long, or a
 * grammar error). Resolves after at most one queued slice once the grammar is loaded.
 */
export async function highlight(code: string, lang: string): Promise<Root | null> {
  const name = grammarName(lang)
  if (!name || name === 'plaintext' || code.length > MAX_HIGHLIGHT_CHARS) return null
  if (!(await ensureGrammar(name))) return null
  const ll = await engine()
  return new Promise((resolve) => {
    schedule(() => {
      try {
        resolve(ll.highlight(name, code))
      } catch {
        resolve(null)
      }
    })
  })
}
