import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { Invokes } from '@shared/contract'
import type { CompareRunOf, MediaCompareArea } from '@shared/domain/compare'
import type { FetchLike } from '../gateway/http'
import { noKeychain } from '../profiles/secret-backend'
import { openLibrary } from '../store/library-db'
import { createStudioCore, type StudioCore } from '../studio-core'
import { CompareStore } from './compare-store'

type MediaRun = CompareRunOf<MediaCompareArea>

/** Compare runs through the real core and its built-in sandbox; every POST the core makes is counted. */
describe('compare runs in the studio core', () => {
  const cores: StudioCore[] = []
  afterEach(async () => {
    for (const c of cores.splice(0)) await c.dispose()
  })

  /** Creates seen per model; a model named in `broken` is answered 500 by a proxy in front of the sandbox. */
  function counting(broken: string[] = []) {
    const creates = new Map<string, number>()
    const fetch: FetchLike = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      const isCreate =
        init?.method === 'POST' && /\/v1\/(images\/generations|video\/create|videos)$/.test(new URL(url).pathname)
      if (isCreate) {
        // Multipart bodies (the video-object family) are counted by route.
        const model =
          typeof init?.body === 'string'
            ? ((JSON.parse(init.body) as { model?: string }).model ?? '?')
            : new URL(url).pathname
        creates.set(model, (creates.get(model) ?? 0) + 1)
        if (broken.includes(model))
          return new Response(JSON.stringify({ error: { message: 'upstream down', type: 'server_error' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' }
          })
      }
      return globalThis.fetch(input, init)
    }
    return { creates, fetch }
  }

  async function open(dataDir: string, fetch: FetchLike) {
    const core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir,
      appVersion: '0.0.0',
      platform: 'linux',
      sandbox: { enabled: true, speed: 1000 },
      fetch
    })
    cores.push(core)
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const r = await core.dispatch(channel, input, { shell: 'browser' })
      if (!r.ok) throw Object.assign(new Error(r.error.message), r.error)
      return r.value as T
    }
    return { core, call }
  }

  async function settled(
    call: <T>(channel: string, input?: unknown) => Promise<T>,
    area: 'images' | 'video',
    id: string
  ): Promise<MediaRun> {
    for (let i = 0; i < 1000; i++) {
      const run = (await call<{ runs: MediaRun[] }>('compare:list-runs', { area })).runs.find((r) => r.id === id)
      if (run && run.cells.every((c) => c.state !== 'running' && c.state !== 'waiting')) return run
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('run did not settle')
  }

  const imageRun = (runId: string) => ({
    runId,
    area: 'images',
    requests: [
      { family: 'imagegen', model: 'imagegen-4.0', prompt: 'a lighthouse', n: 1, size: '1024*1024' },
      { family: 'imagegen', model: 'imagegen-4.5', prompt: 'a lighthouse', n: 1, size: '1024*1024' },
      { family: 'image2', model: 'image-model-2', prompt: 'a lighthouse', size: '1024x1024' }
    ]
  })

  it('sends exactly one create per model, also when the same send arrives twice, and a failing cell does not stop the others', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compare-core-'))
    const { creates, fetch } = counting(['imagegen-4.5'])
    const { call } = await open(dataDir, fetch)
    const [a, b] = await Promise.all([
      call<MediaRun>('compare:start-run', imageRun('run-once-0001')),
      call<MediaRun>('compare:start-run', imageRun('run-once-0001'))
    ])
    expect(a.cells.map((c) => c.ref)).toEqual(b.cells.map((c) => c.ref))
    const run = await settled(call, 'images', 'run-once-0001')
    // A retry after it settled sends nothing either.
    await call('compare:start-run', imageRun('run-once-0001'))
    expect(Object.fromEntries(creates)).toEqual({ 'imagegen-4.0': 1, 'imagegen-4.5': 1, 'image-model-2': 1 })
    expect(run.cells.map((c) => [c.model, c.state])).toEqual([
      ['imagegen-4.0', 'done'],
      ['imagegen-4.5', 'failed'],
      ['image-model-2', 'done']
    ])
    expect(run.cells[1].error?.message).toMatch(/upstream down|500/)
    for (const i of [0, 2]) {
      expect(run.cells[i].items?.length).toBe(1)
      expect(run.cells[i].endedAt! - run.cells[i].startedAt!).toBeGreaterThanOrEqual(0)
    }
  })

  it('refuses the whole run before any request when one model cannot take it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compare-core-'))
    const { creates, fetch } = counting()
    const { call } = await open(dataDir, fetch)
    const bad = imageRun('run-refused-01')
    // The first family needs a prompt; the second takes an empty one only with a reference image.
    bad.requests = bad.requests.map((r) => ({ ...r, prompt: '' }))
    await expect(call('compare:start-run', bad)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'requests.0.prompt'
    })
    expect(creates.size).toBe(0)
    expect((await call<{ runs: MediaRun[] }>('compare:list-runs', { area: 'images' })).runs).toEqual([])
  })

  it('survives a restart: the run, its cells, results and the kept winner show again, and nothing is sent again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compare-core-'))
    const first = counting()
    const one = await open(dataDir, first.fetch)
    await one.call('compare:start-run', imageRun('run-restart-01'))
    const done = await settled(one.call, 'images', 'run-restart-01')
    const kept = await one.call<MediaRun>('compare:keep-cell', { runId: 'run-restart-01', index: 2 })
    expect(kept.keptIndex).toBe(2)
    expect(kept.cells[2].items?.[0].favorite).toBe(true)
    await one.core.dispose()
    cores.splice(cores.indexOf(one.core), 1)

    // A run recorded just before a crash, whose cells' creates were never journaled.
    const store = CompareStore.open(dataDir)
    store.put({
      id: 'run-crashed-01',
      area: 'images',
      profileId: 'sandbox',
      prompt: 'p',
      createdAt: Date.now(),
      cells: [
        { model: 'imagegen-4.0', family: 'imagegen', ref: 'never-journaled-1', state: 'waiting' },
        { model: 'image-model-2', family: 'image2', ref: 'never-journaled-2', state: 'waiting' }
      ]
    })
    store.close()

    const second = counting()
    const two = await open(dataDir, second.fetch)
    const { runs } = await two.call<{ runs: MediaRun[] }>('compare:list-runs', { area: 'images' })
    const again = runs.find((r) => r.id === 'run-restart-01')!
    expect(again.keptIndex).toBe(2)
    expect(again.cells.map((c) => c.state)).toEqual(['done', 'done', 'done'])
    expect(again.cells.map((c) => c.items?.[0]?.id)).toEqual(done.cells.map((c) => c.items?.[0]?.id))
    expect(runs.find((r) => r.id === 'run-crashed-01')!.cells.map((c) => c.state)).toEqual(['not-sent', 'not-sent'])
    expect(second.creates.size).toBe(0)
  })

  it('compares a video on two families, one task per model', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compare-core-'))
    const { creates, fetch } = counting()
    const { call } = await open(dataDir, fetch)
    await call('compare:start-run', {
      runId: 'run-video-0001',
      area: 'video',
      requests: [
        { family: 'unified2', model: 'vo3.1-fast-components', prompt: 'waves at dusk', duration: 8 },
        { family: 'gk', model: 'gk-video-3', prompt: 'waves at dusk' }
      ]
    })
    const run = await settled(call, 'video', 'run-video-0001')
    expect(run.cells.map((c) => [c.family, c.state])).toEqual([
      ['unified2', 'done'],
      ['gk', 'done']
    ])
    expect(run.cells.every((c) => c.task?.id === c.ref)).toBe(true)
    expect(Object.fromEntries(creates)).toEqual({ 'vo3.1-fast-components': 1, '/v1/videos': 1 })
  })

  it('a chat run and an image run go through the one store: both are rows of the same table, each listed in its own area', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compare-core-'))
    const { creates, fetch } = counting()
    const { call } = await open(dataDir, fetch)
    type ChatStarted = z.output<Invokes['chat:start-compare']['output']>
    const chat = await call<ChatStarted>('chat:start-compare', {
      format: 'chat',
      models: ['deepseek-v3', 'gpt-4o-mini'],
      text: 'Name a tea',
      system: '',
      params: { format: 'chat', params: {} }
    })
    await call('compare:start-run', imageRun('run-shared-01'))
    await settled(call, 'images', 'run-shared-01')
    expect(creates.size).toBe(3)

    const lib = openLibrary(dataDir)
    try {
      const rows = lib.all<{ id: string; area: string }>('SELECT id, area FROM compare_runs ORDER BY area')
      expect(rows).toEqual([
        { id: chat.compare.id, area: 'chat' },
        { id: 'run-shared-01', area: 'images' }
      ])
    } finally {
      lib.release()
    }
    expect((await call<{ compares: Array<{ id: string }> }>('chat:list-compares')).compares.map((r) => r.id)).toEqual([
      chat.compare.id
    ])
    expect((await call<{ runs: MediaRun[] }>('compare:list-runs', { area: 'images' })).runs.map((r) => r.id)).toEqual([
      'run-shared-01'
    ])
    // Each area's actions refuse the other's runs.
    await expect(call('compare:keep-cell', { runId: chat.compare.id, index: 0 })).rejects.toMatchObject({
      code: 'NOT_FOUND'
    })
    await expect(call('chat:settle-compare', { id: 'run-shared-01' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await call('chat:settle-compare', { id: chat.compare.id, keep: chat.compare.columns[0].conversationId })
    const left = openLibrary(dataDir)
    expect(left.all('SELECT area FROM compare_runs')).toEqual([{ area: 'images' }])
    left.release()
  })
})
