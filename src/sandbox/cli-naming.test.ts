import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { ALT_NAMING, modelNames } from './naming.js'
import { firstOutput, runCli, stopCli } from './testing/util.js'

describe('cli --naming', () => {
  it('--naming alt says so in its one line and serves the alt names only', async () => {
    const child = runCli(['--port', '0', '--naming', 'alt'])
    const out = await firstOutput(child)
    try {
      const m = /^Sandbox gateway: (http:\/\/127\.0\.0\.1:\d+) key: (sk-sandbox-[0-9a-f]+) naming: alt\n$/.exec(out)
      expect(m, out).not.toBeNull()
      const r = await fetch(`${m![1]}/v1/models`, { headers: { authorization: `Bearer ${m![2]}` } })
      expect(((await r.json()) as { data: Array<{ id: string }> }).data.map((x) => x.id)).toEqual(
        modelNames(ALT_NAMING)
      )
    } finally {
      await stopCli(child)
    }
  })

  it('refuses an unknown naming with a clear message', async () => {
    const child = runCli(['--naming', 'vendor'])
    let err = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (c: string) => (err += c))
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(err).toContain('--naming must be standin or alt, not vendor')
  })
})
