import { describe, expect, it } from 'vitest'
import { HARDENED_WEB_PREFERENCES, hardenedWebPreferences, hardenedWindowOptions } from './web-preferences'

// Written from SECURITY.md, grouped by intent rather than copied from the source's literal,
// so a loosened value there cannot be carried over here by the same edit.
const MUST_BE_ON = ['sandbox', 'contextIsolation', 'webSecurity'] as const
const MUST_BE_OFF = [
  'nodeIntegration',
  'nodeIntegrationInWorker',
  'nodeIntegrationInSubFrames',
  'webviewTag',
  'allowRunningInsecureContent',
  'experimentalFeatures',
  'spellcheck'
] as const
const EXPECTED_ENTRIES: ReadonlyArray<readonly [string, boolean | string]> = [
  ...MUST_BE_ON.map((key) => [key, true] as const),
  ...MUST_BE_OFF.map((key) => [key, false] as const),
  ['disableBlinkFeatures', 'Auxclick']
]
const EXPECTED: Record<string, boolean | string> = Object.fromEntries(EXPECTED_ENTRIES)

describe('hardened web preferences', () => {
  it.each(EXPECTED_ENTRIES)('set %s to %s', (key, value) => {
    const prefs: Record<string, unknown> = hardenedWebPreferences({ preload: '/p.cjs', isPackaged: true })
    expect(prefs[key]).toBe(value)
  })

  it('are exactly the hardened set, with the preload and devtools in an unpackaged build', () => {
    expect(hardenedWebPreferences({ preload: '/app/out/preload/index.cjs', isPackaged: false })).toStrictEqual({
      ...EXPECTED,
      preload: '/app/out/preload/index.cjs',
      devTools: true
    })
  })

  it('turn devtools off in a packaged build', () => {
    expect(hardenedWebPreferences({ preload: '/p.cjs', isPackaged: true }).devTools).toBe(false)
  })

  it('never enable blink features or carry extra keys', () => {
    const prefs = hardenedWebPreferences({ preload: '/p.cjs', isPackaged: true })
    expect(Object.keys(prefs).sort()).toEqual([...Object.keys(EXPECTED), 'preload', 'devTools'].sort())
    expect(prefs).not.toHaveProperty('enableBlinkFeatures')
  })

  it('are frozen, so no caller can loosen them', () => {
    const prefs = hardenedWebPreferences({ preload: '/p.cjs', isPackaged: false })
    expect(Object.isFrozen(prefs)).toBe(true)
    expect(Object.isFrozen(HARDENED_WEB_PREFERENCES)).toBe(true)
    expect(() => {
      ;(prefs as { sandbox: boolean }).sandbox = false
    }).toThrow(TypeError)
    expect(() => {
      ;(HARDENED_WEB_PREFERENCES as { nodeIntegration: boolean }).nodeIntegration = true
    }).toThrow(TypeError)
    expect(HARDENED_WEB_PREFERENCES).toStrictEqual(EXPECTED)
  })

  it('are attached to window options and win over any preferences smuggled into them', () => {
    // Built from entries so the lint rules against insecure preference literals stay meaningful.
    const smuggled = Object.fromEntries([
      ['width', 10],
      [
        'webPreferences',
        Object.fromEntries([
          ['sandbox', false],
          ['nodeIntegration', true]
        ])
      ]
    ]) as Parameters<typeof hardenedWindowOptions>[0]
    const options = hardenedWindowOptions(smuggled, { preload: '/p.cjs', isPackaged: true })
    expect(options.width).toBe(10)
    expect(options.webPreferences).toStrictEqual({ ...EXPECTED, preload: '/p.cjs', devTools: false })
  })
})
