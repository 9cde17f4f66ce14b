import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..')

/** What the built studio is made of; a newer file here means out/ no longer matches the source. */
const SOURCES = [
  'src/main',
  'src/preload',
  'src/renderer',
  'src/shared',
  'src/sandbox',
  'electron.vite.config.ts',
  'package.json'
]
const OUTPUTS = ['out/main/host.js', 'out/main/index.js', 'out/renderer/index.html', 'out/preload/index.cjs']
const MAX_FILES = 20_000

function newestMtime(path: string, budget: { left: number }): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = 0
  for (const name of readdirSync(path)) {
    // Bounded walk: a runaway tree (a symlink loop, a vendored folder) must not hang the suite.
    if (--budget.left < 0) break
    // Tests do not end up in the build; editing one must not force a rebuild.
    if (/\.test\.tsx?$/.test(name)) continue
    newest = Math.max(newest, newestMtime(join(path, name), budget))
  }
  return newest
}

export function buildState(): { missing: boolean; stale: boolean } {
  const outs = OUTPUTS.map((p) => join(ROOT, p))
  if (outs.some((p) => !existsSync(p))) return { missing: true, stale: true }
  const oldestOut = Math.min(...outs.map((p) => statSync(p).mtimeMs))
  const budget = { left: MAX_FILES }
  const newestSrc = Math.max(...SOURCES.map((p) => newestMtime(join(ROOT, p), budget)))
  return { missing: false, stale: newestSrc > oldestOut }
}

/**
 * Builds once when out/ is missing or older than the source. Others edit src/ while the suite runs,
 * so a failed build with an older out/ still present is a warning (the numbers are for that build),
 * and only a missing build stops the suite.
 */
export function ensureBuilt(log: (line: string) => void): { built: boolean; warning?: string } {
  const state = buildState()
  if (!state.stale) return { built: false }
  log(
    state.missing
      ? 'out/ is missing: building (npx electron-vite build)'
      : 'out/ is older than src/: rebuilding (npx electron-vite build)'
  )
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 })
  if (r.status === 0) return { built: true }
  const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-8).join('\n')
  if (buildState().missing) throw new Error(`the build failed and there is no earlier build:\n${tail}`)
  return { built: false, warning: `the build failed; measuring the previous out/ (${tail.split('\n').at(-1)})` }
}
