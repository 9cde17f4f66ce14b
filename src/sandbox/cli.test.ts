import { describe, expect, it } from 'vitest'
import { firstOutput, runCli, stopCli } from './testing/util.js'

describe('cli', () => {
  it('prints exactly one line with the URL and key, serves, and stops on SIGTERM', async () => {
    const child = runCli(['--port', '0', '--speed', '60'])
    const out = await firstOutput(child)
    const m = /^Sandbox gateway: (http:\/\/127\.0\.0\.1:\d+) key: (sk-sandbox-[0-9a-f]+)\n$/.exec(out)
    expect(m, out).not.toBeNull()
    const r = await fetch(`${m![1]}/api/usage/token/`, { headers: { authorization: `Bearer ${m![2]}` } })
    expect(r.status).toBe(200)
    expect(((await r.json()) as { data: { object: string } }).data.object).toBe('token_usage')
    expect(await stopCli(child)).toBe(0)
    expect(out.split('\n').filter(Boolean)).toHaveLength(1)
  })
})
