import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORE_FEATURE_EDGES, coreFeatures } from '../eslint.layering.js'
import { mustExist, problems, ROOT } from './lint-probe'

/**
 * The project's own lint config, run on code written here as if it were a file of the repo: the host
 * core's features stand on the shared layers and on declared edges only, and product code anywhere in
 * src never imports test or bench support.
 */
const CORE = 'src/main/core'

const zoneMessages = (list: { rule: string | null; message: string }[]) =>
  list.filter((p) => p.rule === 'import-x/no-restricted-paths').map((p) => p.message)

/** A module that imports `from` (as a namespace, so no export name matters) and uses it. */
const importing = (...from: string[]) =>
  from.map((f, i) => `import * as m${i} from '${f}'\n`).join('') +
  `export const all = [${from.map((_, i) => `m${i}`).join(', ')}]\n`

describe('lint holds the core features apart', { timeout: 120_000 }, () => {
  it('refuses a core feature importing another feature, from its folder or a subfolder', async () => {
    mustExist(`${CORE}/chat/conversation-search.ts`, `${CORE}/images/gallery-store.ts`)
    const fromImages = zoneMessages(await problems(`${CORE}/images/probe.ts`, importing('../chat/conversation-search')))
    expect(fromImages).toHaveLength(1)
    expect(fromImages[0]).toMatch(
      /A core feature imports only the shared layers .* and the edges declared in eslint.layering.js/
    )

    const fromSubfolder = zoneMessages(
      await problems(`${CORE}/chat/formats/probe.ts`, importing('../../images/gallery-store'))
    )
    expect(fromSubfolder).toHaveLength(1)
  })

  it('refuses a file of a declared neighbour that is not the declared edge, and the composition root', async () => {
    mustExist(`${CORE}/balance/usage-service.ts`, `${CORE}/studio-core.ts`)
    expect(zoneMessages(await problems(`${CORE}/video/probe.ts`, importing('../balance/usage-service')))).toHaveLength(
      1
    )
    expect(zoneMessages(await problems(`${CORE}/prompts/probe.ts`, importing('../studio-core')))).toHaveLength(1)
  })

  it('lets a feature import the shared layers, src/shared, its own folder and its declared edges', async () => {
    mustExist(
      `${CORE}/store/fts.ts`,
      `${CORE}/store/search-marks.ts`,
      `${CORE}/gateway/http.ts`,
      `${CORE}/tasks/cadence.ts`,
      `${CORE}/balance/generation-log.ts`,
      `${CORE}/compare/compare-port.ts`
    )
    const own = await problems(
      `${CORE}/video/probe.ts`,
      importing(
        '@shared/errors',
        '../store/fts',
        '../store/search-marks',
        '../gateway/http',
        '../tasks/cadence',
        './task-book',
        '../balance/generation-log',
        '../compare/compare-port'
      )
    )
    expect(zoneMessages(own)).toEqual([])
  })

  it('refuses a shared layer importing a feature', async () => {
    expect(zoneMessages(await problems(`${CORE}/store/probe.ts`, importing('../images/gallery-store')))[0]).toMatch(
      /shared layers .* never import one/
    )
    expect(
      zoneMessages(await problems(`${CORE}/gateway/probe.ts`, importing('../balance/generation-log')))
    ).toHaveLength(1)
  })

  it('lets tests reach across features (they wire real services together)', async () => {
    expect(
      zoneMessages(await problems(`${CORE}/images/probe.test.ts`, importing('../chat/conversation-search')))
    ).toEqual([])
  })

  it('declares each edge once, to a file that exists and that the feature really imports', () => {
    for (const [feature, edges] of Object.entries(CORE_FEATURE_EDGES)) {
      expect(coreFeatures, `${feature} is a core feature`).toContain(feature)
      const product = productFiles(join(ROOT, CORE, feature)).map((f) => readFileSync(f, 'utf8'))
      for (const edge of edges) {
        mustExist(`${CORE}/${edge.to}`)
        expect(edge.why.length, `${feature} -> ${edge.to} says why`).toBeGreaterThan(10)
        const spec = edge.to.replace(/\.ts$/, '')
        expect(
          product.some((src) => src.includes(`/${spec}'`)),
          `${feature} -> ${edge.to} is declared but no product file of ${feature} imports it; remove the edge`
        ).toBe(true)
      }
    }
  })
})

describe('lint keeps test and bench support out of the product', { timeout: 120_000 }, () => {
  const refused = async (file: string, from: string) => zoneMessages(await problems(file, importing(from)))

  it('refuses product code importing each kind of scaffolding', async () => {
    mustExist(
      `${CORE}/chat/testing/streams.ts`,
      `${CORE}/testing/scripted-server.ts`,
      `${CORE}/testing/faults/support.ts`,
      `${CORE}/ipc/testing/fuzz-inputs.ts`,
      'src/main/host/testing/support.ts',
      'src/sandbox/testing/util.ts',
      'src/renderer/src/testing/fake-host.ts',
      'src/renderer/src/features/balance/chart/testing/bench-page.tsx',
      `${CORE}/chat/delta-merger.test.ts`
    )
    const cases: Array<[string, string]> = [
      [`${CORE}/chat/probe.ts`, './testing/streams'],
      [`${CORE}/store/probe.ts`, '../testing/scripted-server'],
      [`${CORE}/video/probe.ts`, '../testing/faults/support'],
      [`${CORE}/ipc/probe.ts`, './testing/fuzz-inputs'],
      ['src/main/host/probe.ts', './testing/support'],
      ['src/sandbox/probe.ts', './testing/util'],
      ['src/renderer/src/lib/probe.ts', '../testing/fake-host'],
      ['src/renderer/src/features/balance/probe.ts', './chart/testing/bench-page'],
      [`${CORE}/chat/probe.ts`, './delta-merger.test']
    ]
    for (const [file, from] of cases) {
      const messages = await refused(file, from)
      expect(
        messages.some((m) => /Product code never imports test or bench support/.test(m)),
        `${file} importing ${from}`
      ).toBe(true)
    }
  })

  it('lets tests and the support files themselves import scaffolding', async () => {
    expect(await refused(`${CORE}/chat/probe.test.ts`, './testing/streams')).toEqual([])
    expect(await refused(`${CORE}/chat/testing/probe.ts`, '../../testing/scripted-server')).toEqual([])
    expect(await refused('src/renderer/src/testing/probe.ts', './fake-host')).toEqual([])
    expect(await refused(`${CORE}/testing/faults/probe.ts`, '../scripted-server')).toEqual([])
  })
})

function productFiles(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'testing') out.push(...productFiles(p))
    } else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out.push(p)
  }
  return out.filter((p) => !relative(ROOT, p).startsWith('..'))
}
