import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

export interface StaticGraph {
  /** Source files reached by static imports, relative to the repo root. */
  files: string[]
  /** Bare package names imported by those files. */
  packages: string[]
}

// `import x from`, `import {a} from`, `import 'side-effect'`, `export … from`; never `import type`.
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]/gm
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx']

function resolveFile(base: string): string | null {
  for (const ext of EXTENSIONS) {
    const p = base + ext
    if (existsSync(p) && statSync(p).isFile()) return p
  }
  return null
}

function isAliased(spec: string, aliases: Record<string, string>): boolean {
  return Object.keys(aliases).some((a) => spec === a || spec.startsWith(`${a}/`))
}

/** The source file `spec` names when imported from `from` (absolute path), or null for a package or a missing file. */
export function resolveSpec(root: string, from: string, spec: string, aliases: Record<string, string>): string | null {
  const alias = Object.keys(aliases).find((a) => spec === a || spec.startsWith(`${a}/`))
  if (alias) return resolveFile(join(root, aliases[alias], spec.slice(alias.length)))
  if (spec.startsWith('.')) return resolveFile(join(dirname(from), spec))
  return null
}

/**
 * The static import graph from one source file, following the renderer's aliases. `import()` is
 * not followed: that is exactly what "lazy" means. Type-only imports vanish at build, so they are
 * skipped; a line-based scan is enough for our own, formatted source.
 */
export function staticImportGraph(
  root: string,
  entry: string,
  aliases: Record<string, string>,
  maxFiles = 5000
): StaticGraph {
  const files = new Set<string>()
  const packages = new Set<string>()
  const queue = [join(root, entry)]
  while (queue.length && files.size < maxFiles) {
    const file = queue.shift() as string
    if (files.has(file)) continue
    files.add(file)
    const code = readFileSync(file, 'utf8')
    for (const m of code.matchAll(IMPORT)) {
      const spec = m[1]
      const target = resolveSpec(root, file, spec, aliases)
      if (target === null && !spec.startsWith('.') && !spec.startsWith('node:') && !isAliased(spec, aliases)) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])
      }
      if (target && /\.(tsx?|jsx?)$/.test(target)) queue.push(target)
    }
  }
  return { files: [...files].map((f) => relative(root, f)), packages: [...packages] }
}

/**
 * Libraries and views that must stay off the renderer's start-up path (reference section 6), and zod:
 * the renderer validates nothing before its first render, and zod's schemas cost about 100 KB and a
 * tenth of the start-up's script time when a view pulls them in.
 */
export const HEAVY_PACKAGES =
  /^(zod|recharts|uplot|chart\.js|echarts|d3(-[a-z-]+)?|victory|@visx\/.+|@nivo\/.+|katex|rehype-katex|mermaid|shiki|@shikijs\/.+|highlight\.js|lowlight|rehype-highlight|prismjs|refractor|react-syntax-highlighter|konva|react-konva|fabric|@excalidraw\/.+|pixi\.js|three)$/
export const HEAVY_FILES =
  /features\/(images\/.*(View|Editor|Painter|Canvas|Mask)[^/]*\.tsx$|video\/.*(View|Board)[^/]*\.tsx$|balance\/.*(Chart|View|Dashboard)[^/]*\.tsx$|settings\/SettingsView\.tsx$|chat\/.*(Highlight|Katex|Math|Mermaid)[^/]*\.tsx?$)/
