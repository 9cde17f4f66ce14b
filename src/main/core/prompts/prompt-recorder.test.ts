import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { StudioError } from '@shared/errors'
import type { Handlers } from '../ipc/dispatcher'
import { openLibrary, type Library } from '../store/library-db'
import { PromptHistory } from './prompt-history'
import { resolveResult, withPromptHistory } from './prompt-recorder'

let lib: Library | null = null
afterEach(() => lib?.release())

function setup(over: Partial<Record<keyof Handlers, (input: never) => unknown>> = {}) {
  lib = openLibrary(mkdtempSync(join(tmpdir(), 'prompt-rec-')))
  const history = new PromptHistory(lib)
  const base = {
    'chat:send': () => ({ streamId: 's', assistantMessageId: 'a' }),
    'images:generate': () => ({
      jobId: 'job-g',
      kind: 'generate',
      status: 'running',
      createdAt: 1,
      items: [],
      warnings: []
    }),
    'images:edit': () => ({ jobId: 'job-e', kind: 'edit', status: 'running', createdAt: 1, items: [], warnings: [] }),
    'images:submit-native': () => ({
      jobId: 'job-n',
      kind: 'native',
      status: 'running',
      createdAt: 1,
      items: [],
      warnings: []
    }),
    'video:create': () => ({ id: 'v-1', model: 'vidq-2', prompt: 'a paper boat' }),
    'video:remix': () => ({ id: 'v-2', model: 'remixer', prompt: 'now at night' }),
    ...over
  } as unknown as Handlers
  let changed = 0
  const h = withPromptHistory(base, {
    history,
    conversationModel: async () => 'chat-model',
    changed: () => changed++,
    log: () => {}
  })
  return { h, history, changed: () => changed }
}

const ctx = {} as never

describe('prompt history hooks', () => {
  it('records each area once its send or create is accepted, with its area, model and results', async () => {
    const { h, history, changed } = setup()
    await h['chat:send']({ conversationId: 'c-1', text: 'hello there' }, ctx)
    await h['chat:send']({ conversationId: 'c-1', text: '', regenerate: 'm-1' }, ctx)
    await h['images:generate']({ family: 'imagegen', model: 'imagegen-1', prompt: 'a lighthouse', n: 1 }, ctx)
    await h['images:edit'](
      { source: { kind: 'gallery', itemId: 'i' }, prompt: 'make it red', model: 'editor', watermark: 'absent' },
      ctx
    )
    await h['video:create']({ prompt: 'ignored: the task is what was accepted' } as never, ctx)
    await h['video:remix'](
      { sourceId: 'v-1', model: 'remixer', prompt: 'now at night', size: '720x1280', aspect_ratio: '9:16' } as never,
      ctx
    )
    const entries = history
      .list()
      .entries.map(({ area, kind, model, text, results }) => ({ area, kind, model, text, results }))
    expect(entries).toEqual([
      {
        area: 'video',
        kind: 'video-remix',
        model: 'remixer',
        text: 'now at night',
        results: [{ kind: 'video', id: 'v-2' }]
      },
      {
        area: 'video',
        kind: 'video-create',
        model: 'vidq-2',
        text: 'a paper boat',
        results: [{ kind: 'video', id: 'v-1' }]
      },
      { area: 'images', kind: 'image-edit', model: 'editor', text: 'make it red', results: [] },
      { area: 'images', kind: 'image-generate', model: 'imagegen-1', text: 'a lighthouse', results: [] },
      {
        area: 'chat',
        kind: 'chat',
        model: 'chat-model',
        text: 'hello there',
        results: [{ kind: 'conversation', id: 'c-1' }]
      }
    ])
    expect(changed()).toBe(5)
  })

  it('a compare run is one entry per model sent, and the same run sent again adds none', async () => {
    const run = {
      id: 'run-1',
      area: 'images',
      prompt: 'a red kite',
      cells: [
        { model: 'img-a', ref: 'job-a', state: 'running' },
        { model: 'img-b', ref: 'job-b', state: 'running' },
        { model: 'img-c', ref: 'job-c', state: 'not-sent' }
      ]
    }
    const chat = {
      compare: {},
      started: [
        { conversationId: 'c-a', streamId: 's' },
        { conversationId: 'c-b', error: { code: 'UPSTREAM', message: 'no' } }
      ]
    }
    const { h, history } = setup({ 'compare:start-run': () => run, 'chat:start-compare': () => chat })
    await h['compare:start-run']({ runId: 'run-1', area: 'images', requests: [] } as never, ctx)
    await h['compare:start-run']({ runId: 'run-1', area: 'images', requests: [] } as never, ctx)
    await h['chat:start-compare'](
      { models: ['chat-a', 'chat-b'], text: 'hi both', format: 'chat', system: '', params: {} } as never,
      ctx
    )
    const entries = history.list().entries.map(({ area, model, text, results }) => ({ area, model, text, results }))
    expect(entries).toHaveLength(3)
    expect(entries).toEqual(
      expect.arrayContaining([
        { area: 'images', model: 'img-a', text: 'a red kite', results: [] },
        { area: 'images', model: 'img-b', text: 'a red kite', results: [] },
        { area: 'chat', model: 'chat-a', text: 'hi both', results: [{ kind: 'conversation', id: 'c-a' }] }
      ])
    )
    // The cells' image results reach their entries as the jobs report them.
    expect(history.attach('job-b', [{ kind: 'image', id: 'img-1' }])).toBe(true)
  })

  it('a refused request is not history, and the refusal reaches the caller unchanged', async () => {
    const refusal = new StudioError('INVALID_INPUT', 'A prompt is required', { field: 'prompt' })
    const { h, history } = setup({
      'images:generate': () => {
        throw refusal
      }
    })
    await expect(h['images:generate']({ family: 'imagegen', model: 'm', prompt: 'x', n: 1 }, ctx)).rejects.toBe(refusal)
    expect(history.list().entries).toEqual([])
  })

  it('shows a result as it is now: a deleted image is left out, a video without its file yet has no thumbnail', async () => {
    const lookups = {
      galleryItem: async (id: string) => (id === 'kept' ? { url: '/media/abc' } : null),
      videoTask: async (id: string) =>
        id === 'done' ? { result: { posterUrl: '/media/p', mediaUrl: '/media/v' } as never } : { result: undefined }
    }
    expect(await resolveResult({ kind: 'image', id: 'kept' }, lookups)).toEqual({
      kind: 'image',
      id: 'kept',
      thumbUrl: '/media/abc'
    })
    expect(await resolveResult({ kind: 'image', id: 'gone' }, lookups)).toBeNull()
    expect(await resolveResult({ kind: 'video', id: 'done' }, lookups)).toEqual({
      kind: 'video',
      id: 'done',
      thumbUrl: '/media/p',
      videoUrl: '/media/v'
    })
    expect(await resolveResult({ kind: 'video', id: 'running' }, lookups)).toEqual({
      kind: 'video',
      id: 'running',
      thumbUrl: undefined,
      videoUrl: undefined
    })
  })
})
