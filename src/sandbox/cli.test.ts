import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

describe('cli', () => {
  it('prints exactly one line with the URL and key, serves, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--speed', '60'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.setEncoding('utf8')
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (c: string) => {
        out += c
        if (out.includes('\n')) done()
      })
      child.once('exit', () => fail(new Error(`exited early: ${out}`)))
    })
    const m = /^Sandbox gateway: (http:\/\/127\.0\.0\.1:\d+) key: (sk-sandbox-[0-9a-f]+)\n$/.exec(out)
    expect(m, out).not.toBeNull()
    const r = await fetch(`${m![1]}/api/usage/token/`, { headers: { authorization: `Bearer ${m![2]}` } })
    expect(r.status).toBe(200)
    expect(((await r.json()) as { data: { object: string } }).data.object).toBe('token_usage')
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const [code] = await exited
    expect(code).toBe(0)
    expect(out.split('\n').filter(Boolean)).toHaveLength(1)
  })
})
