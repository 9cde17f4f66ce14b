import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyseRendererBundle, staticClosure } from '../bench/lib/bundle'
import { startHostServer } from '../src/main/host/server'
import { fakeCore, httpSend } from '../src/main/host/testing/support'

const BUILT = join(import.meta.dirname, '..', 'out', 'renderer')

/** The chunk that holds main.tsx: the only one with the app's 'studio:modules' start-up mark. */
function appStartChunk(files: Iterable<string>): string | undefined {
  return [...files].find((f) => readFileSync(join(BUILT, f), 'utf8').includes('studio:modules'))
}

describe.skipIf(!existsSync(join(BUILT, 'index.html')))(
  'the built renderer start-up (out/renderer; skipped only when nothing is built yet, npm test builds first)',
  () => {
    it('fetches every start-up chunk straight from index.html, in at most three scripts (T1)', () => {
      const bundle = analyseRendererBundle(BUILT)
      const entries = bundle.entry.split(', ')
      expect(entries.length).toBeLessThanOrEqual(3)
      // Nothing is discovered only after a script has arrived: the start-up set is what the HTML names.
      expect([...bundle.startup].sort()).toEqual([...entries].sort())
      expect(appStartChunk(entries)).toBeDefined()
    })

    it('names the app icon as the page icon, and the browser host serves it (the tab shows the studio icon)', async () => {
      const html = readFileSync(join(BUILT, 'index.html'), 'utf8')
      const href = /<link rel="icon" type="image\/png" href="([^"]+)"/.exec(html)?.[1]
      expect(href).toMatch(/^\.\/assets\/icon-[\w-]+\.png$/)
      const server = await startHostServer({ core: fakeCore(), rendererDir: BUILT })
      try {
        const res = await httpSend(server.port, href!.slice(1))
        expect(res.status).toBe(200)
        expect(res.headers['content-type']).toBe('image/png')
        expect(res.bytes.equals(readFileSync(join(import.meta.dirname, '..', 'resources', 'icon.png')))).toBe(true)
      } finally {
        await server.close()
      }
    })

    it('writes the start-up scripts and the bridge in ASCII, so each launch decodes them at one byte per character (T1-warm)', () => {
      const bundle = analyseRendererBundle(BUILT)
      for (const file of [...bundle.entry.split(', '), 'bridge.js']) {
        const text = readFileSync(join(BUILT, file), 'utf8')
        // eslint-disable-next-line no-control-regex
        expect({ file, nonAscii: text.match(/[^\x00-\x7f]/g)?.slice(0, 5) ?? [] }).toEqual({ file, nonAscii: [] })
      }
    })

    it('keeps the browser-host bridge off the app chunk, so window.studio exists before the app runs', () => {
      const bridgeClosure = staticClosure(BUILT, ['bridge.js'])
      expect(bridgeClosure.size).toBeGreaterThan(0)
      expect(appStartChunk(bridgeClosure)).toBeUndefined()
    })
  }
)
