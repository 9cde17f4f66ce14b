import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HARDENED_WEB_PREFERENCES } from '../src/main/security/web-preferences'
import { asConfigured } from './check'
import { blocking, findWaivers, scan } from './scan'

const dirs: string[] = []
function dirWith(files: Record<string, string>): string {
  const d = mkdtempSync(join(tmpdir(), 'studio-gate-'))
  dirs.push(d)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text)
  return d
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('security gate', () => {
  it('writes the real policies in forms the scanner reads', () => {
    const { html, js } = asConfigured()
    expect(html).toContain("default-src 'none'")
    expect(html).toContain('studio-media:')
    expect(html).toContain('ws://127.0.0.1:43210')
    for (const [k, v] of Object.entries(HARDENED_WEB_PREFERENCES)) expect(js).toContain(`${k}: ${JSON.stringify(v)}`)
  })

  it('passes the preferences as configured, and fails them once one is loosened', async () => {
    const { html, js } = asConfigured()
    const ok = await scan(dirWith({ 'page.html': html, 'window.js': js }))
    // Alone, the window has no navigation or permission handlers (global checks, met in src/): only the
    // window's own checks are asserted here.
    const own = (r: Awaited<ReturnType<typeof scan>>) =>
      blocking(r)
        .filter((i) => !i.id.endsWith('_GLOBAL_CHECK'))
        .map((i) => i.id)
    expect(own(ok)).toEqual([])
    const loosened = js
      .replace('sandbox: true', 'sandbox: false')
      .replace('contextIsolation: true', 'contextIsolation: false')
    const bad = await scan(dirWith({ 'page.html': html, 'window.js': loosened }))
    expect(own(bad)).toEqual(expect.arrayContaining(['SANDBOX_JS_CHECK', 'CONTEXT_ISOLATION_JS_CHECK']))
  }, 60_000)

  it('counts waivers and requires a SECURITY: reason near each', () => {
    const files = [
      { file: 'a.ts', text: '// SECURITY: reviewed\nfoo() /* eng-disable X_CHECK */\n' },
      { file: 'b.ts', text: 'const a = 1\n\n\n\n\n// unrelated\nbar() // eng-disable Y_CHECK\n' }
    ]
    expect(findWaivers(files)).toEqual([
      { file: 'a.ts', line: 2, justified: true },
      { file: 'b.ts', line: 7, justified: false }
    ])
  })
})
