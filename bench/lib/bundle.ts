import { readFileSync, readdirSync } from 'node:fs'
import { join, posix } from 'node:path'

export interface RendererBundle {
  /** The entry chunks named by index.html (its module scripts), relative to out/renderer, joined by ', '. */
  entry: string
  /** Entry plus every chunk it imports statically (what runs before the first render). */
  startup: string[]
  startupBytes: number
  entryBytes: number
  /** Chunks reached only through import(): what can load after start-up. */
  lazy: string[]
}

// The minifier quotes specifiers with ", ' or ` (dynamic imports come out as import(`./x.js`)).
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`](\.\.?\/[^"'`]+\.js)["'`]/g
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.\.?\/[^"'`]+\.js)["'`]\s*\)/g

function importsOf(code: string, re: RegExp): string[] {
  return [...code.matchAll(re)].map((m) => m[1])
}

/** `roots` (paths relative to `rendererDir`) and every chunk they import statically, transitively. */
export function staticClosure(rendererDir: string, roots: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  // Bounded: a chunk graph larger than the assets folder would mean a parsing bug, not a real graph.
  const limit = readdirSync(join(rendererDir, 'assets')).length + roots.length
  while (queue.length && seen.size <= limit) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(rendererDir, file), 'utf8')
    for (const rel of importsOf(code, STATIC_IMPORT)) queue.push(posix.join(posix.dirname(file), rel))
  }
  return seen
}

/**
 * Reads the built renderer (out/renderer): sizes are of the minified files as shipped. Only the
 * app's index.html entry counts; bridge.js is the browser host's stand-in for the preload and is
 * not part of the Electron renderer the budget is for.
 */
export function analyseRendererBundle(rendererDir: string): RendererBundle {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  // The build may split the start-up code over several module scripts (runtime, shared kit, app).
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/g)].map((m) => m[1])
  if (entries.length === 0) throw new Error('out/renderer/index.html has no module entry script')
  const seen = staticClosure(rendererDir, entries)
  const startup = [...seen]
  const lazy = new Set<string>()
  for (const name of readdirSync(join(rendererDir, 'assets'))) {
    if (!name.endsWith('.js')) continue
    const file = `assets/${name}`
    for (const rel of importsOf(readFileSync(join(rendererDir, file), 'utf8'), DYNAMIC_IMPORT)) {
      const target = posix.join('assets', rel)
      if (!seen.has(target)) lazy.add(target)
    }
  }
  const size = (f: string) => readFileSync(join(rendererDir, f)).byteLength
  return {
    entry: entries.join(', '),
    startup,
    startupBytes: startup.reduce((a, f) => a + size(f), 0),
    entryBytes: entries.reduce((a, f) => a + size(f), 0),
    lazy: [...lazy]
  }
}
