import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveSpec, staticImportGraph } from '../bench/lib/import-graph'

const ROOT = join(import.meta.dirname, '..')
const ALIASES = { '@renderer': 'src/renderer/src', '@shared': 'src/shared' }
/** The areas whose English strings arrive with the views ViewOutlet loads (src/renderer/src/i18n/areas.en.ts). */
const AREA_KEY = /\bt\(\s*['"`](?:flows|compareRuns|images|names|rules)[.$]/
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g
const VIEW_OUTLET = 'src/renderer/src/features/shell/ViewOutlet.tsx'

/**
 * Every renderer source file that can run before the areas' strings are in: the start path, and
 * every chunk loaded on demand from it (the chat's compare view, the palette, Markdown, ...), but
 * not the views ViewOutlet loads together with the strings.
 */
function reachableWithoutAreaStrings(): Set<string> {
  const seen = new Set<string>()
  const roots = ['src/renderer/src/main.tsx']
  while (roots.length > 0) {
    for (const file of staticImportGraph(ROOT, roots.pop()!, ALIASES).files) {
      if (seen.has(file)) continue
      seen.add(file)
      if (file === VIEW_OUTLET) continue
      for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(DYNAMIC)) {
        const target = resolveSpec(ROOT, join(ROOT, file), m[1], ALIASES)
        if (target && /\.tsx?$/.test(target)) roots.push(relative(ROOT, target))
      }
    }
  }
  return seen
}

describe("the lazy areas' English strings (i18n/area-strings.ts)", () => {
  const reachable = reachableWithoutAreaStrings()

  it('are asked for only by code that the views loading them bring (else a screen shows raw keys)', () => {
    const early = [...reachable].filter(
      (f) => !/\.test\.tsx?$/.test(f) && AREA_KEY.test(readFileSync(join(ROOT, f), 'utf8'))
    )
    expect(early).toEqual([])
  })

  it('the walk reaches the chunks loaded on demand outside the views (so the check above means something)', () => {
    expect(reachable.has('src/renderer/src/features/shell/PaletteDialog.tsx')).toBe(true)
    expect(reachable.has(VIEW_OUTLET)).toBe(true)
    // The views themselves are not walked (the shell may reach an area's small UI store, never its view).
    expect(reachable.has('src/renderer/src/features/images/ImagesView.tsx')).toBe(false)
    expect(reachable.has('src/renderer/src/features/video/VideoView.tsx')).toBe(false)
  })
})
