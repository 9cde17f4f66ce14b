import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { analyseRendererBundle } from '../bench/lib/bundle'
import { staticImportGraph } from '../bench/lib/import-graph'
import { parsePlan, planPieces } from '../bench/lib/long-gateway'
import { markdownPieces } from '../bench/lib/markdown-fixture'

const dirs: string[] = []
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'bench-test-'))
  dirs.push(d)
  return d
}
/** A fresh folder holding these files (path → text), their folders made as needed. */
function filesIn(files: Record<string, string>): string {
  const dir = tempDir()
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('bench fixtures', () => {
  it('streams the same markdown every time, cut to exactly the tokens asked for', () => {
    const a = markdownPieces(5000)
    expect(a).toHaveLength(5000)
    expect(markdownPieces(5000)).toEqual(a)
    const text = a.join('')
    for (const feature of ['## Section', '```ts', '| name | id |', '1. ', '   - ', '$x_'])
      expect(text).toContain(feature)
  })

  it('reads a stream plan from the prompt and cuts a char-sized prefix where the length is reached', () => {
    expect(parsePlan('hello')).toBeNull()
    expect(parsePlan('bench:tokens=20000,rate=2400')).toMatchObject({
      prefix: 20000,
      byChars: false,
      rate: 2400,
      steps: 0
    })
    const plan = parsePlan('bench:chars=2000,steps=5,stepms=100,pause=3000,tail=700')
    expect(plan).toMatchObject({
      prefix: 2000,
      byChars: true,
      rate: 0,
      steps: 5,
      stepMs: 100,
      pauseMs: 3000,
      tailMs: 700
    })
    const { prefix, steps } = planPieces(plan!)
    const len = prefix.join('').length
    expect(len).toBeGreaterThanOrEqual(2000)
    expect(len - prefix.at(-1)!.length).toBeLessThan(2000)
    expect(steps).toHaveLength(5)
  })
})

describe('bench start-up checks', () => {
  // Each built renderer: its files, and what the analysis must say of them.
  const bundles: {
    case: string
    files: Record<string, string>
    entry: string
    startup: string[]
    lazy: string[]
    startupBeyondEntry: boolean
  }[] = [
    {
      case: 'counts the entry and its static imports as start-up, import() targets as lazy',
      files: {
        'index.html': '<script type="module" crossorigin src="./assets/index-a.js"></script>',
        'assets/index-a.js': 'import{x}from"./shared-b.js";const v=()=>import(`./chart-c.js`);',
        'assets/shared-b.js': 'export const x=1;',
        'assets/chart-c.js': 'import{x}from"./shared-b.js";export default x;'
      },
      entry: 'assets/index-a.js',
      startup: ['assets/index-a.js', 'assets/shared-b.js'],
      lazy: ['assets/chart-c.js'],
      startupBeyondEntry: true
    },
    {
      case: 'counts every module script of index.html as an entry',
      files: {
        'index.html':
          '<script type="module" src="./assets/runtime-a.js"></script><script type="module" src="./assets/start-b.js"></script>',
        'assets/runtime-a.js': 'export const r=1;',
        'assets/start-b.js': 'import{r}from"./runtime-a.js";const v=()=>import(`./view-c.js`);',
        'assets/view-c.js': 'export default 1;'
      },
      entry: 'assets/runtime-a.js, assets/start-b.js',
      startup: ['assets/runtime-a.js', 'assets/start-b.js'],
      lazy: ['assets/view-c.js'],
      startupBeyondEntry: false
    }
  ]
  it.each(bundles)('$case', ({ files, entry, startup, lazy, startupBeyondEntry }) => {
    const b = analyseRendererBundle(filesIn(files))
    expect(b.entry).toBe(entry)
    expect(b.startup.sort()).toEqual(startup)
    expect(b.lazy).toEqual(lazy)
    if (startupBeyondEntry) expect(b.startupBytes).toBeGreaterThan(b.entryBytes)
    else expect(b.entryBytes).toBe(b.startupBytes)
  })

  it('follows static imports and aliases but not import() or type-only imports', () => {
    const root = filesIn({
      'src/main.tsx':
        "import { a } from './a'\nimport type { T } from './types'\nimport { View } from '@app/views/View'\nconst lazy = () => import('./heavy')\n",
      'src/a.ts': "import React from 'react'\nexport const a = 1\n",
      'src/views/View.tsx': "export { helper } from '../helper'\nimport 'recharts'\n",
      'src/helper.ts': 'export const helper = 1\n',
      'src/heavy.ts': "import 'mermaid'\n",
      'src/types.ts': "import 'katex'\n"
    })
    const g = staticImportGraph(root, 'src/main.tsx', { '@app': 'src' })
    expect(g.files.sort()).toEqual(['src/a.ts', 'src/helper.ts', 'src/main.tsx', 'src/views/View.tsx'])
    expect(g.packages.sort()).toEqual(['react', 'recharts'])
  })
})
