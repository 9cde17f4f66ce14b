import { beforeAll, describe, expect, it, vi } from 'vitest'
import { EVENT_NAMES, INVOKE_CHANNELS, UPLOAD_CHANNELS } from '@shared/contract'
import { apiPathOfChannel, apiPathOfEvent } from '@shared/contract-kit'

type Listener = (event: unknown, payload: unknown) => void

const h = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  listeners: new Map<string, Set<Listener>>(),
  /** What webUtils.getPathForFile knows: Files the user dropped or chose. */
  diskPaths: new WeakMap<object, string>()
}))

vi.mock('electron', () => ({
  // Like Electron: a path for a File from disk, '' for a File built in JS, a throw for a plain Blob.
  webUtils: {
    getPathForFile: vi.fn((file: unknown) => {
      if (!(file instanceof File)) throw new TypeError('not a File')
      return h.diskPaths.get(file) ?? ''
    })
  },
  contextBridge: { exposeInMainWorld: vi.fn((key: string, api: unknown) => h.exposed.set(key, api)) },
  ipcRenderer: {
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
    on: vi.fn((event: string, fn: Listener) => {
      if (!h.listeners.has(event)) h.listeners.set(event, new Set())
      h.listeners.get(event)!.add(fn)
    }),
    removeListener: vi.fn((event: string, fn: Listener) => h.listeners.get(event)?.delete(fn)),
    send: vi.fn(),
    sendSync: vi.fn()
  }
}))

type Api = Record<string, Record<string, (arg?: unknown, meta?: unknown) => unknown>>
let api: Api

beforeAll(async () => {
  await import('./index')
  api = h.exposed.get('studio') as Api
})

/** What the main process would send: Electron passes its event object first. */
const emitFromMain = (event: string, payload: unknown) => {
  for (const fn of [...(h.listeners.get(event) ?? [])]) fn({ sender: 'ipcRenderer-handle', senderId: 0 }, payload)
}

describe('the preload bridge', () => {
  it('exposes exactly one global, window.studio', () => {
    expect([...h.exposed.keys()]).toEqual(['studio'])
  })

  it('exposes exactly the contract: its namespaces, and in each only its functions', () => {
    const expected: Record<string, string[]> = {}
    for (const c of INVOKE_CHANNELS) {
      const [ns, fn] = apiPathOfChannel(c)
      ;(expected[ns] ??= []).push(fn)
    }
    for (const e of EVENT_NAMES) {
      const [ns, fn] = apiPathOfEvent(e)
      ;(expected[ns] ??= []).push(fn)
    }
    for (const c of UPLOAD_CHANNELS) {
      const [ns, fn] = apiPathOfChannel(c)
      ;(expected[ns] ??= []).push(fn)
    }
    expect(Object.keys(api).sort()).toEqual(Object.keys(expected).sort())
    for (const [ns, fns] of Object.entries(expected)) {
      expect(Object.keys(api[ns]).sort(), ns).toEqual(fns.sort())
      for (const fn of fns) expect(typeof api[ns][fn]).toBe('function')
    }
  })

  it('exposes no ipcRenderer, process, or generic invoke anywhere', () => {
    const text = JSON.stringify(Object.fromEntries(Object.entries(api).map(([ns, fns]) => [ns, Object.keys(fns)])))
    // A contract channel may be named like one of these (chat:send is `chat.send`); nothing else may.
    const fromContract = new Set([...INVOKE_CHANNELS, ...UPLOAD_CHANNELS].map((c) => apiPathOfChannel(c).join('.')))
    for (const banned of [
      'ipcRenderer',
      'invoke',
      'send',
      'sendSync',
      'process',
      'env',
      'require',
      'on',
      'getPathForFile',
      'webUtils'
    ]) {
      expect(Object.keys(api)).not.toContain(banned)
      for (const [ns, fns] of Object.entries(api)) {
        if (Object.keys(fns).includes(banned)) expect(fromContract, `${ns}.${banned}`).toContain(`${ns}.${banned}`)
      }
    }
    expect(text).not.toMatch(/ipcRenderer|process/)
  })

  it('is frozen, so page code cannot swap a function', () => {
    expect(Object.isFrozen(api)).toBe(true)
    for (const ns of Object.values(api)) expect(Object.isFrozen(ns)).toBe(true)
  })

  it('sends each function on its own contract channel', async () => {
    const { ipcRenderer } = await import('electron')
    for (const channel of INVOKE_CHANNELS) {
      const [ns, fn] = apiPathOfChannel(channel)
      const input = { probe: channel }
      expect(await api[ns][fn](input)).toEqual({ ok: true, value: { channel, input } })
      expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(channel, input)
    }
  })

  describe('files.upload', () => {
    const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    const invoke = async () => (await import('electron')).ipcRenderer.invoke as unknown as ReturnType<typeof vi.fn>

    it('sends the path behind a dropped or chosen File to main, not its bytes, and never returns the path', async () => {
      const file = new File([png()], 'cat.png', { type: 'image/png' })
      h.diskPaths.set(file, '/home/u/Pictures/cat.png')
      const result = await api.files.upload(file, { purpose: 'chat-attachment', name: 'cat.png' })
      expect(await invoke()).toHaveBeenLastCalledWith('files:upload', {
        path: '/home/u/Pictures/cat.png',
        meta: { purpose: 'chat-attachment', name: 'cat.png' }
      })
      // The mocked main echoes its input; the real one answers a grant. Either way it is main's answer.
      expect(result).toMatchObject({ ok: true })
    })

    it('sends the bytes of a pasted image (a File built in JS, or a plain Blob)', async () => {
      for (const blob of [new File([png()], 'image.png'), new Blob([png()], { type: 'image/png' })]) {
        await api.files.upload(blob, { purpose: 'image-edit', name: 'pasted.png' })
        const [channel, input] = (await invoke()).mock.lastCall as [
          string,
          { bytes: Uint8Array; meta: unknown; path?: string }
        ]
        expect(channel).toBe('files:upload')
        expect(input.path).toBeUndefined()
        expect(input.bytes).toBeInstanceOf(Uint8Array)
        expect([...input.bytes]).toEqual([...png()])
        expect(input.meta).toEqual({ purpose: 'image-edit', name: 'pasted.png' })
      }
    })

    it('refuses an oversized blob, bad meta or a non-file without reading it or calling main', async () => {
      const calls = (await invoke()).mock.calls.length
      const arrayBuffer = vi.fn()
      const huge = { size: 51 * 1024 * 1024, type: '', arrayBuffer, slice: vi.fn() }
      expect(await api.files.upload(huge, { purpose: 'video-reference', name: 'huge.png' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'file', details: { reason: 'too-large' } }
      })
      expect(arrayBuffer).not.toHaveBeenCalled()
      expect(
        await api.files.upload(new Blob([png()]), { purpose: 'chat-attachment', name: 'x', path: '/etc/passwd' })
      ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
      expect(await api.files.upload('/etc/passwd', { purpose: 'chat-attachment', name: 'x' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'file' }
      })
      expect((await invoke()).mock.calls.length).toBe(calls)
    })
  })

  it.each(EVENT_NAMES)('%s: delivers only the payload, and the disposer removes the listener', (event) => {
    const [ns, fn] = apiPathOfEvent(event)
    const got: unknown[][] = []
    const dispose = api[ns][fn]((...args: unknown[]) => got.push(args)) as () => void
    expect(typeof dispose).toBe('function')
    expect(h.listeners.get(event)?.size).toBe(1)
    emitFromMain(event, { n: 1 })
    expect(got).toEqual([[{ n: 1 }]])
    dispose()
    expect(h.listeners.get(event)?.size).toBe(0)
    emitFromMain(event, { n: 2 })
    expect(got).toHaveLength(1)
    // Disposing twice is harmless.
    dispose()
  })

  it('keeps two subscriptions to one event independent', () => {
    const event = EVENT_NAMES[0]
    const [ns, fn] = apiPathOfEvent(event)
    const a = vi.fn()
    const b = vi.fn()
    const disposeA = api[ns][fn](a) as () => void
    const disposeB = api[ns][fn](b) as () => void
    disposeA()
    emitFromMain(event, 'x')
    expect(a).not.toHaveBeenCalled()
    expect(b).toHaveBeenCalledWith('x')
    disposeB()
  })

  it('refuses a subscription without a listener function', () => {
    const [ns, fn] = apiPathOfEvent(EVENT_NAMES[0])
    expect(() => api[ns][fn]('not a function')).toThrow(TypeError)
  })
})
