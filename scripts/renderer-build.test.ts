import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyseRendererBundle, staticClosure } from '../bench/lib/bundle'

const BUILT = join(import.meta.dirname, '..', 'out', 'renderer')

/** The chunk that holds main.tsx: the only one with the app's 'studio:modules' start-up mark. */
function appStartChunk(files: Iterable<string>): string | undefined {
  return [...files].find((f) => readFileSync(join(BUILT, f), 'utf8').includes('studio:modules'))
}

describe.skipIf(!existsSync(join(BUILT, 'index.html')))('the built renderer start-up (out/renderer; skipped only when nothing is built yet, npm test builds first)', () => {
  it('fetches every start-up chunk straight from index.html, in at most three scripts (T1)', () => {
    const bundle = analyseRendererBundle(BUILT)
    const entries = bundle.entry.split(', ')
    expect(entries.length).toBeLessThanOrEqual(3)
    // Nothing is discovered only after a script has arrived: the start-up set is what the HTML names.
    expect([...bundle.startup].sort()).toEqual([...entries].sort())
    expect(appStartChunk(entries)).toBeDefined()
  })

  it('keeps the browser-host bridge off the app chunk, so window.studio exists before the app runs', () => {
    const bridgeClosure = staticClosure(BUILT, ['bridge.js'])
    expect(bridgeClosure.size).toBeGreaterThan(0)
    expect(appStartChunk(bridgeClosure)).toBeUndefined()
  })
})
