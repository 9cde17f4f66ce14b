import { describe, expect, it } from 'vitest'
import { findCycles, folderEdges, importGraph, importSpecifiers } from '@renderer/testing/import-graph'

// The editor's own source as text (tests left out: nothing imports them, so they close no cycle).
const EDITOR = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts', '!./**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true
})
const ALIAS = '@renderer/features/images/editor/'

describe('the image editor’s imports', () => {
  const graph = importGraph(EDITOR, ALIAS)

  it('reads the whole folder, subfolders included, and every import inside it names a file of it', () => {
    expect(Object.keys(EDITOR).length).toBeGreaterThan(50)
    expect(Object.keys(EDITOR)).toContain('./worker/mask-export.worker.ts')
    expect(graph.unresolved).toEqual([])
    // The workers are edges too: a moved worker file is a broken path, not a silent gap.
    expect(graph.edges.get('./worker/mask-export.ts')).toContain('./worker/mask-export.worker.ts')
    expect(graph.edges.get('./worker/mask-work.ts')).toContain('./worker/mask-work.worker.ts')
  })

  it('has no cycle between files', () => {
    expect(findCycles(graph.edges)).toEqual([])
  })

  it('has no cycle between its folders: each one builds only on those below it', () => {
    const folders = folderEdges(graph.edges)
    expect([...folders.keys()]).toEqual(
      expect.arrayContaining(['model', 'raster', 'runs', 'worker', 'canvas', 'state', 'painter'])
    )
    expect(findCycles(folders)).toEqual([])
    // The pure layers stay pure: the mask model and the rasterisers know nothing above them.
    expect(folders.get('model')).toEqual([])
    expect(folders.get('raster')).toEqual(['model'])
  })
})

describe('the import reader the check rests on', () => {
  it('reads multi-line, type-only, re-export, dynamic and worker imports, and skips comments and assets', () => {
    const text = [
      "import {\n  a,\n  type B\n} from './a'",
      "import type { C } from './c'",
      "export { d } from './d'",
      "export * from './e'",
      "const f = () => import('./f')",
      "new Worker(new URL('./g.worker.ts', import.meta.url), { type: 'module' })",
      "import './h.css'",
      "// import { x } from './commented'",
      "/* import { y } from './blocked' */"
    ].join('\n')
    expect(importSpecifiers(text)).toEqual(['./a', './c', './d', './e', './f', './g.worker.ts', './h.css'])
  })

  it('finds a planted cycle, a self-import and a cycle through a type-only import', () => {
    const planted = importGraph(
      {
        './x/a.ts': "import { b } from './b'",
        './x/b.ts': "import type { C } from '../y/c'",
        './y/c.ts': "import { a } from '@root/x/a'\nimport '../x/b.css'",
        './y/d.ts': "export * from './d'",
        './z.ts': "import { a } from './x/a'\nimport { gone } from './gone'"
      },
      '@root/'
    )
    expect(planted.unresolved).toEqual([{ from: './z.ts', spec: './gone' }])
    expect(findCycles(planted.edges)).toEqual([
      ['./x/a.ts', './x/b.ts', './y/c.ts', './x/a.ts'],
      ['./y/d.ts', './y/d.ts']
    ])
    expect(findCycles(folderEdges(planted.edges))).toEqual([['x', 'y', 'x']])
  })

  it('finds none in a graph that only goes down', () => {
    const down = importGraph({
      './top.ts': "import './mid'",
      './mid.ts': "import { l } from './low'",
      './low.ts': 'export const l = 1'
    })
    expect(down.edges.get('./top.ts')).toEqual(['./mid.ts'])
    expect(findCycles(down.edges)).toEqual([])
  })
})
