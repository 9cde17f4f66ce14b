// The sandboxed preload can only `require('electron')` and cannot be ESM (SECURITY.md A4):
// the build must produce exactly one CommonJS file with no other require, import or chunk.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

/** Problems with a built preload directory; empty when it is sandbox-safe. */
function preloadProblems(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true }).map(String)
  const problems: string[] = []
  if (files.length !== 1 || files[0] !== 'index.cjs')
    problems.push(`expected only index.cjs, found: ${files.join(', ')}`)
  const code = existsSync(join(dir, 'index.cjs')) ? readFileSync(join(dir, 'index.cjs'), 'utf8') : ''
  const requires = [...code.matchAll(/\brequire\s*\(/g)].length
  const literal = [...code.matchAll(/\brequire\s*\(\s*(['"`])([^'"`]*)\1\s*\)/g)].map((m) => m[2])
  if (requires !== literal.length) problems.push('a require() with a computed argument')
  const others = literal.filter((m) => m !== 'electron')
  if (others.length) problems.push(`requires other than electron: ${others.join(', ')}`)
  if (!literal.includes('electron')) problems.push('no require("electron")')
  if (/^\s*(import|export)\s[^(]/m.test(code)) problems.push('ESM import/export syntax')
  if (/\bimport\s*\(/.test(code)) problems.push('a dynamic import()')
  return problems
}

describe('the preload bundle', () => {
  const out = mkdtempSync(join(tmpdir(), 'studio-preload-build-'))
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('built with the project config, is one CJS file that requires only electron', async () => {
    const { resolveConfig } = await import('electron-vite')
    const { build, mergeConfig } = await import('vite')
    const { config } = await resolveConfig({ root, logLevel: 'silent' }, 'build', 'production')
    if (!config?.preload) throw new Error('electron.vite.config.ts has no preload section')
    await build(mergeConfig(config.preload, { logLevel: 'silent', build: { outDir: out, emptyOutDir: true } }))
    expect(preloadProblems(out)).toEqual([])
    expect(readFileSync(join(out, 'index.cjs'), 'utf8')).toContain('exposeInMainWorld("studio"')
  }, 60_000)

  it.skipIf(!existsSync(join(root, 'out', 'preload')))(
    'as last built into out/preload, is the same kind of file (skipped only when nothing is built yet; npm test builds first)',
    () => {
      expect(preloadProblems(join(root, 'out', 'preload'))).toEqual([])
    }
  )

  it('the checker itself notices an unsafe bundle', () => {
    const bad = join(out, 'bad')
    mkdirSync(bad, { recursive: true })
    writeFileSync(
      join(bad, 'index.cjs'),
      'const e = require("electron"); const z = require("./chunk.js"); require(name)'
    )
    writeFileSync(join(bad, 'chunk.js'), 'export const x = 1')
    const problems = preloadProblems(bad)
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('expected only index.cjs'),
        'a require() with a computed argument',
        expect.stringContaining('./chunk.js')
      ])
    )
  })
})
