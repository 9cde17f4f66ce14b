import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The launcher as a real process, with a fake Electron and a fake browser host, so the plumbing
 * is tested: which child runs, what reaches stdout and stderr, and how signals travel.
 */
const dir = mkdtempSync(join(tmpdir(), 'studio-launch-'))
const electronDir = join(dir, 'electron')
const hostEntry = join(dir, 'host.js')
const driver = join(dir, 'drive.mjs')
const launcher = resolve(import.meta.dirname, 'launcher.mjs')

mkdirSync(join(electronDir, 'dist'), { recursive: true })
writeFileSync(join(electronDir, 'package.json'), '{}')
writeFileSync(join(electronDir, 'path.txt'), 'electron')
writeFileSync(
  join(electronDir, 'dist', 'electron'),
  `#!${process.execPath}
const mode = process.env.FAKE_ELECTRON
process.on('SIGTERM', () => { process.stderr.write('electron got SIGTERM\\n'); process.exit(0) })
process.stdout.write('[electron stdout] app=' + process.argv[2] + ' runAsNode=' + (process.env.ELECTRON_RUN_AS_NODE ?? '-') + '\\n')
if (mode === 'no-display') { process.stderr.write('[1:ERROR] platform init\\nMissing X server or $DISPLAY\\n'); process.exit(1) }
if (mode === 'ok') process.exit(0)
if (mode === 'key') {
  const stdin = require('node:fs').readFileSync(0, 'utf8')
  process.stdout.write('key-env=' + (process.env.STUDIO_API_KEY ?? '-') + ' key-from=' + (process.env.STUDIO_API_KEY_FROM ?? '-') + ' key-stdin=' + (stdin || '-') + '\\n')
}
setInterval(() => {}, 1000)
`
)
chmodSync(join(electronDir, 'dist', 'electron'), 0o755)
writeFileSync(
  hostEntry,
  `for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { process.stderr.write('host got ' + s + '\\n'); process.exit(0) })
process.stderr.write('host key=' + (process.env.STUDIO_API_KEY ?? '-') + '\\n')
process.stdout.write('Studio ready: http://127.0.0.1:1/?token=t\\n')
setInterval(() => {}, 1000)
`
)
writeFileSync(
  driver,
  `import { runLauncher } from ${JSON.stringify(launcher)}
const r = await runLauncher({ env: process.env, electronDir: process.argv[2], appDir: '/the/app', hostEntry: process.argv[3], graceMs: Number(process.argv[4]) })
if (r.signal) process.kill(process.pid, r.signal)
else process.exit(r.code)
`
)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Runs the launcher and sends it SIGTERM once `stopWhen` sees what it waits for (default: the ready line). */
function launch(
  env: Record<string, string>,
  opts: { electronDir?: string; graceMs?: number; stopWhen?: (out: Run) => boolean } = {}
): Promise<Run> {
  const stopWhen = opts.stopWhen ?? ((out: Run) => out.stdout.includes('Studio ready:'))
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [driver, opts.electronDir ?? electronDir, hostEntry, String(opts.graceMs ?? 5000)],
      {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    const run: Run = { code: null, signal: null, stdout: '', stderr: '' }
    let stopped = false
    const check = () => {
      if (!stopped && stopWhen(run)) {
        stopped = true
        child.kill('SIGTERM')
      }
    }
    child.stderr.on('data', (d: Buffer) => {
      run.stderr += d.toString()
      check()
    })
    child.stdout.on('data', (d: Buffer) => {
      run.stdout += d.toString()
      check()
    })
    child.on('close', (code, signal) => done({ ...run, code, signal }))
  })
}

describe('npm start (the launcher)', () => {
  it('STUDIO_HOST=browser runs the browser host; stdout is exactly its ready line', async () => {
    const r = await launch({ STUDIO_HOST: 'browser', STUDIO_API_KEY: 'sk-env-key' })
    expect(r.stdout).toBe('Studio ready: http://127.0.0.1:1/?token=t\n')
    expect(r.stderr).toContain('host key=sk-env-key')
    expect(r.stderr).toContain('host got SIGTERM')
    expect(r.stderr).not.toContain('electron')
    expect(r.code).toBe(0)
  })

  it('falls back with one stderr line when the Electron binary was never downloaded', async () => {
    const bare = join(dir, 'bare-electron')
    mkdirSync(bare, { recursive: true })
    writeFileSync(join(bare, 'package.json'), '{}')
    const r = await launch({}, { electronDir: bare })
    expect(r.stdout).toBe('Studio ready: http://127.0.0.1:1/?token=t\n')
    expect(r.stderr.split('\n').filter((l) => /Electron/.test(l))).toEqual([
      'Electron is not available (the Electron binary was never downloaded); serving the studio in your browser instead.'
    ])
  })

  it('falls back when Electron exits at once (no display), quoting it in one line and keeping its noise off stdout', async () => {
    const r = await launch({ FAKE_ELECTRON: 'no-display' })
    expect(r.stdout).toBe('Studio ready: http://127.0.0.1:1/?token=t\n')
    expect(r.stderr).toContain(
      'Electron could not start (it exited with code 1): Missing X server or $DISPLAY; serving the studio in your browser instead.\n'
    )
    expect(r.stderr).not.toContain('[electron stdout]')
    expect(r.stderr).not.toContain('platform init')
  })

  it('STUDIO_HOST=electron fails loudly instead of falling back', async () => {
    const missing = await launch({ STUDIO_HOST: 'electron' }, { electronDir: join(dir, 'nowhere') })
    expect(missing.code).toBe(1)
    expect(missing.stdout).toBe('')
    expect(missing.stderr).toBe('STUDIO_HOST=electron, but the electron package is not installed.\n')

    const crashed = await launch({ STUDIO_HOST: 'electron', FAKE_ELECTRON: 'no-display' })
    expect(crashed.code).toBe(1)
    expect(crashed.stdout).toBe('')
    expect(crashed.stderr).toContain('Missing X server or $DISPLAY')
    expect(crashed.stderr).toContain('Electron stopped: it exited with code 1')
  })

  it('runs Electron with the app dir when it can start, its stdout on stderr, and forwards SIGTERM to it', async () => {
    const r = await launch(
      { ELECTRON_RUN_AS_NODE: '1' },
      { graceMs: 0, stopWhen: (out) => out.stderr.includes('[electron stdout]') }
    )
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('[electron stdout] app=/the/app runAsNode=-')
    expect(r.stderr).toContain('electron got SIGTERM')
    expect(r.stderr).not.toContain('serving the studio in your browser')
    expect(r.code).toBe(0)
  })

  it('hands STUDIO_API_KEY to Electron on stdin, never in its environment (the Linux zygote would copy it to every renderer)', async () => {
    const withKey = await launch(
      { FAKE_ELECTRON: 'key', STUDIO_API_KEY: 'sk-env-0123456789' },
      { graceMs: 0, stopWhen: (out) => out.stderr.includes('key-stdin=') }
    )
    expect(withKey.stderr).toContain('key-env=- key-from=stdin key-stdin=sk-env-0123456789\n')
    expect(withKey.stdout).toBe('')
    const without = await launch(
      { FAKE_ELECTRON: 'key' },
      { graceMs: 0, stopWhen: (out) => out.stderr.includes('key-stdin=') }
    )
    expect(without.stderr).toContain('key-env=- key-from=- key-stdin=-\n')
  })

  it('ends quietly when Electron exits 0 at once (another instance already runs)', async () => {
    const r = await launch({ FAKE_ELECTRON: 'ok' })
    expect(r).toMatchObject({ code: 0, stdout: '' })
    expect(r.stderr).toContain('[electron stdout]')
    expect(r.stderr).not.toContain('browser')
  })

  it('refuses an unknown STUDIO_HOST', async () => {
    expect(await launch({ STUDIO_HOST: 'web' })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'STUDIO_HOST must be "electron" or "browser", got "web"\n'
    })
  })
})
