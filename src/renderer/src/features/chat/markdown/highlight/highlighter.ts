/**
 * Colours code with lowlight (highlight.js grammars, output as a hast tree the renderer turns into
 * spans: no HTML strings). Everything here loads on first use, off the start path; each grammar
 * is its own chunk (languages.ts).
 *
 * Work is queued and run in slices of at most FRAME_BUDGET_MS between frames, so a reply with many
 * fences never holds the main thread for more than a slice (S1); a single fence is bounded by
 * MAX_HIGHLIGHT_CHARS (above it the code is shown plain).
 */
import type { Root } from 'hast'
import { grammarName, GRAMMARS } from './languages'

export const MAX_HIGHLIGHT_CHARS = 60_000
const FRAME_BUDGET_MS = 8

type Lowlight = ReturnType<(typeof import('lowlight'))['createLowlight']>

let lowlight: Promise<Lowlight> | null = null
const registered = new Map<string, Promise<boolean>>()

function engine(): Promise<Lowlight> {
  lowlight ??= import('lowlight').then((m) => m.createLowlight())
  return lowlight
}

/** Loads the grammar for `lang`; false when there is none (or it failed to load: then plain). */
function ensureGrammar(name: string): Promise<boolean> {
  let ready = registered.get(name)
  if (!ready) {
    ready = Promise.all([engine(), GRAMMARS[name]()])
      .then(([ll, grammar]) => {
        ll.register(name, grammar.default)
        return true
      })
      .catch(() => false)
    registered.set(name, ready)
  }
  return ready
}

const queue: Array<() => void> = []
let draining = false

function drain(): void {
  const started = performance.now()
  while (queue.length > 0 && performance.now() - started < FRAME_BUDGET_MS) queue.shift()!()
  if (queue.length > 0) setTimeout(drain, 0)
  else draining = false
}

function schedule(job: () => void): void {
  queue.push(job)
  if (!draining) {
    draining = true
    setTimeout(drain, 0)
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
