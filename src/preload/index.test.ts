import { beforeAll, describe, expect, it, vi } from 'vitest'
import { EVENT_NAMES, INVOKE_CHANNELS } from '@shared/contract'
import { apiPathOfChannel, apiPathOfEvent } from '@shared/contract-kit'

type Listener = (event: unknown, payload: unknown) => void

const h = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  listeners: new Map<string, Set<Listener>>()
}))

vi.mock('electron', () => ({
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

type Api = Record<string, Record<string, (arg?: unknown) => unknown>>
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
    expect(Object.keys(api).sort()).toEqual(Object.keys(expected).sort())
    for (const [ns, fns] of Object.entries(expected)) {
      expect(Object.keys(api[ns]).sort(), ns).toEqual(fns.sort())
      for (const fn of fns) expect(typeof api[ns][fn]).toBe('function')
    }
  })

  it('exposes no ipcRenderer, process, or generic invoke anywhere', () => {
    const text = JSON.stringify(Object.fromEntries(Object.entries(api).map(([ns, fns]) => [ns, Object.keys(fns)])))
    for (const banned of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'process', 'env', 'require', 'on']) {
      expect(Object.keys(api)).not.toContain(banned)
      for (const fns of Object.values(api)) expect(Object.keys(fns)).not.toContain(banned)
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
