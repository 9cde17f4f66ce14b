import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { StudioError } from '@shared/errors'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import type { FetchLike } from '../gateway/http'
import { imagesHarness, type ImagesHarness } from './testing/harness'

/** A profile whose key the test changes, reporting changes like ProfileService.onChanged. */
function changingProfile(baseUrl: string, key: string) {
  const listeners = new Set<() => void>()
  const state = { key, removed: false }
  return {
    state,
    profiles: {
      activeId: async () => 'p-1',
      connection: async (id: string) => {
        if (state.removed) throw new StudioError('NOT_FOUND', 'That profile no longer exists')
        expect(id).toBe('p-1')
        return { baseUrl, key: state.key }
      },
      onChanged(listener: () => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
    },
    change(patch: Partial<typeof state>) {
      Object.assign(state, patch)
      for (const l of listeners) l()
    },
    listening: () => listeners.size
  }
}

const waitFor = async (what: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('native task: a 401 while following pauses the job until the key changes', () => {
  let sb: SandboxHandle
  let h: ImagesHarness
  afterEach(async () => {
    await h?.close()
    await sb?.close()
  })

  /**
   * The sandbox ties a task to the key that made it; a real gateway ties it to the account. So the
   * gateway's key table is modelled in front of it: `newKey` is another key of the same account
   * (sent on as the old one), and once `revoked`, the old key itself gets the gateway's 401.
   */
  async function setUp() {
    const oldKey = `sk-old-${randomBytes(6).toString('hex')}`
    const newKey = `sk-new-${randomBytes(6).toString('hex')}`
    sb = await startSandbox({ speed: 1000, quiet: true, keys: [{ key: oldKey, name: 'account key' }] })
    const gateway = { revoked: false, seen: [] as Array<{ key: string; status: number }> }
    const fetchImpl: FetchLike = async (input, init) => {
      const headers = { ...(init?.headers as Record<string, string>) }
      const key = headers.Authorization?.replace(/^Bearer /, '')
      if (key === oldKey && gateway.revoked) {
        gateway.seen.push({ key, status: 401 })
        return new Response(JSON.stringify({ error: { message: 'Invalid token', type: 'new_api_error' } }), { status: 401, headers: { 'content-type': 'application/json' } })
      }
      if (key === newKey) headers.Authorization = `Bearer ${oldKey}`
      const res = await fetch(input, { ...init, headers })
      if (key) gateway.seen.push({ key, status: res.status })
      return res
    }
    const profile = changingProfile(sb.url, oldKey)
    h = await imagesHarness({ sandbox: sb, profiles: profile.profiles, fetch: fetchImpl })
    return { oldKey, newKey, profile, gateway }
  }

  /** The old key was accepted for the submit, then revoked: every query with it from now on is a 401. */
  async function submitThenRevoke(gateway: { revoked: boolean }, prompt: string) {
    const job = await h.call('images:submit-native', { prompt })
    await waitFor(() => h.jobEvents(job.jobId).some((j) => j.taskId !== undefined))
    gateway.revoked = true
    return job
  }

  it('shows "paused: key rejected", stops polling, and finishes with the new key', async () => {
    const { oldKey, newKey, profile, gateway } = await setUp()
    const job = await submitThenRevoke(gateway, 'a harbour at dawn')
    await waitFor(() => h.jobEvents(job.jobId).some((j) => j.paused === 'key-rejected'))
    const paused = h.jobEvents(job.jobId).at(-1)!
    expect(paused).toMatchObject({ status: 'running', paused: 'key-rejected' })
    expect(paused.progressNote).toMatch(/rejected the key \(401\)/)
    expect(paused.error).toBeUndefined()
    // Paused means no more requests with the rejected key.
    const rejected = () => gateway.seen.filter((e) => e.key === oldKey && e.status === 401).length
    expect(rejected()).toBe(1)
    const before = rejected()
    await new Promise((r) => setTimeout(r, 200))
    expect(rejected()).toBe(before)
    // Another setting changing is not a new key: still paused.
    profile.change({})
    await new Promise((r) => setTimeout(r, 50))
    expect(h.jobEvents(job.jobId).at(-1)!.paused).toBe('key-rejected')

    profile.change({ key: newKey })
    const done = await h.settled(job.jobId)
    expect(done.error).toBeUndefined()
    expect(done.status).toBe('done')
    expect(done.paused).toBeUndefined()
    expect(done.items).toHaveLength(1)
    expect(gateway.seen.some((e) => e.key === newKey && e.status === 200)).toBe(true)
    expect(rejected()).toBe(1)
    expect(h.jobEvents(job.jobId).some((j) => j.status === 'running' && j.paused === undefined && /Key changed/.test(j.progressNote ?? ''))).toBe(true)
    expect(profile.listening()).toBe(0)
  })

  it('fails with the 401 when the profile is removed while paused', async () => {
    const { profile, gateway } = await setUp()
    const job = await submitThenRevoke(gateway, 'a lighthouse')
    await waitFor(() => h.jobEvents(job.jobId).some((j) => j.paused === 'key-rejected'))
    profile.change({ removed: true })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('failed')
    expect(done.error).toMatchObject({ code: 'UNAUTHORIZED' })
    expect(done.error?.details).toMatchObject({ taskId: done.taskId })
    expect(done.paused).toBeUndefined()
  })
})
