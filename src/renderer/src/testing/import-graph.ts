/**
 * A folder's import graph, read from its source text (what `import.meta.glob(..., { query: '?raw' })`
 * hands a test), and the cycles in it. Reads every form that makes a module load another: static
 * imports and re-exports (type-only ones too: a cycle of types is still a knot in the design),
 * dynamic `import()` and the `new URL('./x.worker.ts', import.meta.url)` that starts a worker.
 */

/** File path (as the glob's keys: './dir/file.ts') to the specifiers it imports. */
export type Sources = Record<string, string>

export interface ImportGraph {
  /** File to the files of the same folder it imports. */
  edges: Map<string, string[]>
  /** Imports inside the folder that name no file of it: a misread or a broken path. */
  unresolved: { from: string; spec: string }[]
}

const SPECIFIER =
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)|\bnew\s+URL\(\s*['"]([^'"\n]+)['"]\s*,\s*import\.meta\.url/g

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}

export function importSpecifiers(text: string): string[] {
  return Array.from(withoutComments(text).matchAll(SPECIFIER), (m) => m[1] ?? m[2] ?? m[3])
}

function join(dir: string, spec: string): string | null {
  const parts = dir.split('/')
  for (const part of spec.split('/')) {
    if (part === '.' || part === '') continue
    if (part === '..') {
      if (parts.length <= 1) return null
      parts.pop()
    } else parts.push(part)
  }
  return parts.join('/')
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
/** Stylesheets and assets: not modules of the graph. */
const ASSET = /\.(?:css|svg|png|jpe?g|webp|gif|json|html|woff2?)$/

/**
 * The graph of `sources` (keys relative to the folder, './a/b.ts'). `alias` is the folder's
 * absolute import prefix ('@renderer/features/images/editor/'), read as './'.
 */
export function importGraph(sources: Sources, alias?: string): ImportGraph {
  const edges = new Map<string, string[]>()
  const unresolved: ImportGraph['unresolved'] = []
  for (const [file, text] of Object.entries(sources)) {
    const targets = new Set<string>()
    const dir = file.slice(0, file.lastIndexOf('/'))
    for (const raw of importSpecifiers(text)) {
      // A Vite query ('./x.worker.ts?worker') loads the same file.
      const bare = raw.split('?')[0]
      const aliased = alias !== undefined && bare.startsWith(alias)
      if (!aliased && !bare.startsWith('.')) continue
      const path = aliased ? join('.', bare.slice(alias.length)) : join(dir, bare)
      // Outside the folder (above its root), or an asset: not this graph's business.
      if (path === null || ASSET.test(path)) continue
      const found = CANDIDATES.map((ext) => path + ext).find((p) => p in sources)
      if (found) targets.add(found)
      else unresolved.push({ from: file, spec: raw })
    }
    edges.set(file, [...targets].sort())
  }
  return { edges, unresolved }
}

/** Every cycle found by a depth-first walk, each as its files in import order, first repeated last. */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node)
  return cycles
}

/** The graph between a folder's subfolders: a file at the root belongs to none and is left out. */
export function folderEdges(edges: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folderOf = (file: string) => {
    const parts = file.split('/')
    return parts.length > 2 ? parts[1] : null
  }
  const out = new Map<string, Set<string>>()
  for (const [file, targets] of edges) {
    const from = folderOf(file)
    if (!from) continue
    const set = out.get(from) ?? new Set<string>()
    out.set(from, set)
    for (const target of targets) {
      const to = folderOf(target)
      if (to && to !== from) set.add(to)
    }
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]))
}
