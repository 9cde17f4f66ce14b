import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALT_NAMING, modelNames } from './naming.js'

const root = resolve(import.meta.dirname, '../..')
const run = (args: string[]) => spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })

describe('cli --naming', () => {
  it('--naming alt says so in its one line and serves the alt names only', async () => {
    const child = run(['--port', '0', '--naming', 'alt'])
    let out = ''
    child.stdout.setEncoding('utf8')
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (c: string) => {
        out += c
        if (out.includes('\n')) done()
      })
      child.once('exit', () => fail(new Error(`exited early: ${out}`)))
    })
    try {
      const m = /^Sandbox gateway: (http:\/\/127\.0\.0\.1:\d+) key: (sk-sandbox-[0-9a-f]+) naming: alt\n$/.exec(out)
      expect(m, out).not.toBeNull()
      const r = await fetch(`${m![1]}/v1/models`, { headers: { authorization: `Bearer ${m![2]}` } })
      expect(((await r.json()) as { data: Array<{ id: string }> }).data.map((x) => x.id)).toEqual(modelNames(ALT_NAMING))
    } finally {
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }
  })

  it('refuses an unknown naming with a clear message', async () => {
    const child = run(['--naming', 'vendor'])
    let err = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (c: string) => (err += c))
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(err).toContain('--naming must be standin or alt, not vendor')
  })
})
