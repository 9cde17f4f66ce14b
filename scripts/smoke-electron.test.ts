import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { NO_ELECTRON_EXIT, smokeTarget, STEPS } from './smoke-electron-plan'

const ROOT = join(import.meta.dirname, '..')

/** Runs the smoke script as `npm run smoke:electron` does, with `env` over this process's. */
function runSmoke(env: Record<string, string | undefined>) {
  const started = Date.now()
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/smoke-electron.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started }
}

/** The numbered list under "## What the smoke script walks" in docs/ELECTRON.md, one step per item. */
function documentedSteps(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/ELECTRON.md'), 'utf8')
  const start = doc.indexOf('## What the smoke script walks')
  expect(start, 'docs/ELECTRON.md has the section').toBeGreaterThanOrEqual(0)
  const section = doc.slice(start).split('\n## ')[0]
  return section
    .split('\n')
    .filter((l) => /^\d+\. /.test(l))
    .map((l) => l.replace(/^\d+\. /, ''))
}

describe('npm run smoke:electron', () => {
  it('refuses at once, with exit code 2 and one clear line, where there is no Electron binary', () => {
    // This machine installs with ELECTRON_SKIP_BINARY_DOWNLOAD=1; an empty override folder makes that
    // true on any machine.
    const empty = mkdtempSync(join(tmpdir(), 'smoke-no-electron-'))
    try {
      const r = runSmoke({ ELECTRON_OVERRIDE_DIST_PATH: empty, STUDIO_SMOKE_APP: undefined })
      expect(r.code).toBe(NO_ELECTRON_EXIT)
      expect(r.stderr).toMatch(
        /^Electron is not installed here: no Electron binary at .+ \(ELECTRON_OVERRIDE_DIST_PATH\)/
      )
      expect(r.stderr).toContain('nothing was checked')
      // It stopped before starting anything: no gateway, no app, no step line.
      expect(r.stdout).not.toMatch(/ok |FAIL/)
      expect(r.ms).toBeLessThan(30_000)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })

  it('refuses a packaged app path that is not an executable file, naming it', () => {
    const r = runSmoke({ STUDIO_SMOKE_APP: join(tmpdir(), 'no-such-generation-studio') })
    expect(r.code).toBe(NO_ELECTRON_EXIT)
    expect(r.stderr).toContain('Electron is not installed here: STUDIO_SMOKE_APP names no executable file')
  })

  it('never asks node_modules/electron for its path (which would try to download the binary)', () => {
    const source =
      readFileSync(join(ROOT, 'scripts/smoke-electron.ts'), 'utf8') +
      readFileSync(join(ROOT, 'scripts/smoke-electron-app.ts'), 'utf8') +
      readFileSync(join(ROOT, 'scripts/smoke-electron-plan.ts'), 'utf8')
    expect(source).not.toMatch(/require\(['"]electron['"]\)|from ['"]electron['"]/)
  })

  it('starts a packaged app with no script, and the built app with out/main/index.js', () => {
    const dir = mkdtempSync(join(tmpdir(), 'smoke-target-'))
    try {
      const exe = join(dir, 'generation-studio')
      writeFileSync(exe, '')
      expect(smokeTarget(ROOT, { STUDIO_SMOKE_APP: exe })).toMatchObject({ ok: true, executablePath: exe, args: [] })
      writeFileSync(join(dir, 'electron'), '')
      const built = smokeTarget(ROOT, { ELECTRON_OVERRIDE_DIST_PATH: dir })
      expect(built).toMatchObject({ ok: true, args: [join(ROOT, 'out', 'main', 'index.js')] })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('walks exactly the steps docs/ELECTRON.md lists, in that order', () => {
    expect(documentedSteps()).toEqual(STEPS.map((s) => s.title))
    expect(STEPS.map((s) => s.id)).toEqual([
      'start',
      'saved-key',
      'chat',
      'image',
      'video-redirect',
      'extract-frame',
      'notification',
      'quit-resume'
    ])
  })
})
