import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ImageJob } from '@shared/domain/images'
import { noKeychain } from '../profiles/secret-backend'
import { type CoreOptions, createStudioCore } from '../studio-core'
import { checkResultAddress } from './result-address'

/** Which loopback origins a loopback gateway's results may come from, as the core sets them up. */
describe('result origins the core allows besides the gateway’s own', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'studio-result-origins-'))
    dirs.push(d)
    return d
  }
  /** A browser-shell core with its own data folder; the test says how the sandbox and fetch are set up. */
  const openCore = (opts: Partial<CoreOptions>) =>
    createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir: dataDir(),
      appVersion: '0.0.0-test',
      platform: 'linux',
      ...opts
    })

  it("the built-in sandbox's images, served by its own file server, are downloaded", async () => {
    const fetched: string[] = []
    const core = await openCore({
      sandbox: { enabled: true, speed: 1000 },
      fetch: (input, init) => {
        fetched.push(String(input))
        return fetch(input, init)
      }
    })
    try {
      const jobs: ImageJob[] = []
      core.events.addSink((...[name, payload]) => {
        if (name === 'images:job-updated') jobs.push(payload as ImageJob)
      })
      const r = await core.dispatch(
        'images:generate',
        { family: 'imagegen', model: 'imagegen-4.0', prompt: 'a fox', n: 1 },
        { shell: 'browser' }
      )
      if (!r.ok) throw new Error(r.error.message)
      const { jobId } = r.value as { jobId: string }
      const deadline = Date.now() + 15_000
      let done: ImageJob | undefined
      while (!(done = jobs.find((j) => j.jobId === jobId && j.status !== 'running')) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      expect(done?.status, JSON.stringify(done)).toBe('done')
      const gateway = new URL(fetched[0]).origin
      // The result really came from another loopback origin than the gateway's.
      expect(fetched.some((u) => new URL(u).origin !== gateway)).toBe(true)
    } finally {
      await core.dispose()
    }
  })

  it('STUDIO_RESULT_ORIGINS adds loopback origins while the core runs, and nothing that is not loopback', async () => {
    const sandbox = 'http://127.0.0.1:1'
    await expect(checkResultAddress(new URL('http://127.0.0.1:45678/a.png'), sandbox)).rejects.toMatchObject({
      details: { reason: 'address-refused' }
    })
    const core = await openCore({
      sandbox: { enabled: false },
      env: { resultOrigins: 'http://127.0.0.1:45678, http://192.168.1.9:80, not a url' }
    })
    await expect(checkResultAddress(new URL('http://127.0.0.1:45678/a.png'), sandbox)).resolves.toEqual(['127.0.0.1'])
    await expect(checkResultAddress(new URL('http://192.168.1.9/a.png'), sandbox)).rejects.toMatchObject({
      details: { reason: 'address-refused' }
    })
    await core.dispose()
    await expect(checkResultAddress(new URL('http://127.0.0.1:45678/a.png'), sandbox)).rejects.toMatchObject({
      details: { reason: 'address-refused' }
    })
  })
})
