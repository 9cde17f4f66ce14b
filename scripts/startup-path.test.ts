import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HEAVY_FILES, HEAVY_PACKAGES, staticImportGraph } from '../bench/lib/import-graph'

const ROOT = join(import.meta.dirname, '..')

describe('the renderer start-up path (source imports from main.tsx, T1)', () => {
  const graph = staticImportGraph(ROOT, 'src/renderer/src/main.tsx', {
    '@renderer': 'src/renderer/src',
    '@shared': 'src/shared'
  })

  it('reaches no zod: settings (names file schema, error schema) loads when it is opened', () => {
    expect(graph.packages).not.toContain('zod')
    expect(graph.files.filter((f) => f.startsWith('src/renderer/src/features/settings/'))).toEqual([])
  })

  it('reaches no fuse.js: the command palette (Ctrl+K) loads on first use, fetched when the start is over', () => {
    expect(graph.packages).not.toContain('fuse.js')
    expect(graph.files).not.toContain('src/renderer/src/features/shell/PaletteDialog.tsx')
  })

  it('reaches only the English strings of the start screens: the lazy areas bring theirs (i18n/area-strings.ts)', () => {
    const strings = graph.files.filter((f) => /^src\/renderer\/src\/i18n\/.*\.(en|zh)\.ts$/.test(f)).sort()
    expect(strings).toEqual([
      'src/renderer/src/i18n/balance.en.ts',
      'src/renderer/src/i18n/chat.en.ts',
      'src/renderer/src/i18n/prompts.en.ts',
      'src/renderer/src/i18n/video.en.ts'
    ])
  })

  it('reaches none of the heavy libraries or views', () => {
    expect(graph.packages.filter((p) => HEAVY_PACKAGES.test(p))).toEqual([])
    expect(graph.files.filter((f) => HEAVY_FILES.test(f))).toEqual([])
  })
})
