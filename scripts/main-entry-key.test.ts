// The Electron entry takes STUDIO_API_KEY out of process.env before any other code of the app runs
// (src/main/take-env-key.ts). Checked on the bundle the project config builds, since the bundler
// decides the order in which modules run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

describe('the built Electron entry (out/main/index.js)', () => {
  const out = mkdtempSync(join(tmpdir(), 'studio-main-build-'))
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('runs the key removal first: chunks it imports touch no environment, and its own modules start with it', async () => {
    const { resolveConfig } = await import('electron-vite')
    const { build, mergeConfig } = await import('vite')
    const { config } = await resolveConfig({ root, logLevel: 'silent' }, 'build', 'production')
    if (!config?.main) throw new Error('electron.vite.config.ts has no main section')
    await build(mergeConfig(config.main, { logLevel: 'silent', build: { outDir: out, emptyOutDir: true } }))
    const entry = readFileSync(join(out, 'index.js'), 'utf8')
    // Static imports run before the entry's body: they must not read the environment or start anything.
    const chunks = [...entry.matchAll(/^import [^;]*? from "(\.\/chunks\/[^"]+)";$/gm)].map((m) => m[1])
    for (const chunk of chunks) {
      const code = readFileSync(join(out, chunk), 'utf8')
      expect(code, chunk).not.toMatch(/process\.env|child_process|STUDIO_API_KEY/)
    }
    // The entry's own modules, in the order they run: the key's two first.
    const modules = [...entry.matchAll(/^\/\/ (src\/main\/\S+\.ts)$/gm)].map((m) => m[1])
    expect(modules.slice(0, 2)).toEqual(['src/main/env-key.ts', 'src/main/take-env-key.ts'])
    const body = entry.slice(entry.indexOf('// src/main/env-key.ts'))
    const firstCall = /^(?:var|const|let) \w+ = (\w+)\(process\.env/m.exec(body)
    expect(firstCall?.[1]).toBe('takeApiKey')
    // Nothing before the removal reads process.env (comments aside).
    const codeBefore = body
      .slice(0, firstCall!.index)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\/\/.*$/gm, '')
    expect(codeBefore).not.toMatch(/process\.env/)
  }, 60_000)
})
