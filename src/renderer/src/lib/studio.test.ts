import { afterEach, describe, expect, it, vi } from 'vitest'
import { EVENT_NAMES, INVOKE_CHANNELS, type StudioBridge } from '@shared/contract'
import { buildRawApi, type BridgeTransport } from '@shared/contract-kit'
import { StudioError, type Result } from '@shared/errors'
import { bridgeProblem, createStudioClient, studio } from './studio'

function bridgeWith(invoke: BridgeTransport['invoke'], subscribe: BridgeTransport['subscribe'] = () => () => {}): StudioBridge {
  return buildRawApi(INVOKE_CHANNELS, EVENT_NAMES, { invoke, subscribe }) as unknown as StudioBridge
}

afterEach(() => {
  delete (window as unknown as { studio?: unknown }).studio
})

describe('the studio client', () => {
  it('resolves to the value inside an ok Result', async () => {
    const invoke = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: { theme: 'dark', language: 'en' } }))
    const client = createStudioClient(bridgeWith(invoke))
    await expect(client.settings.get()).resolves.toEqual({ theme: 'dark', language: 'en' })
    expect(invoke).toHaveBeenCalledWith('settings:get', undefined)
  })

  it('sends the input on the channel the method stands for', async () => {
    const invoke = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: {} }))
    await createStudioClient(bridgeWith(invoke)).profiles.testConnection({ id: 'p-1' })
    expect(invoke).toHaveBeenCalledWith('profiles:test-connection', { id: 'p-1' })
  })

  it('throws a StudioError carrying code, field, status and details of an error Result', async () => {
    const client = createStudioClient(
      bridgeWith(async () => ({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'Enter the gateway address', retryable: false, field: 'baseUrl', status: 400, details: { reason: 'empty' } }
      }))
    )
    const error = await client.profiles.add({ name: 'x', baseUrl: '', key: 'k', persistence: 'auto' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StudioError)
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'baseUrl', status: 400, retryable: false, message: 'Enter the gateway address' })
    expect((error as StudioError).details).toEqual({ reason: 'empty' })
  })

  it('passes event subscriptions through and returns their disposer', () => {
    const listeners = new Set<(p: unknown) => void>()
    const client = createStudioClient(
      bridgeWith(
        async () => ({ ok: true, value: null }),
        (_event, listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      )
    )
    const seen: unknown[] = []
    const dispose = client.settings.onChanged((s) => seen.push(s))
    for (const l of listeners) l({ theme: 'light', language: 'zh' })
    dispose()
    for (const l of listeners) l({ theme: 'dark', language: 'en' })
    expect(seen).toEqual([{ theme: 'light', language: 'zh' }])
    expect(listeners.size).toBe(0)
  })

  it('the app-wide client reads window.studio at call time', async () => {
    ;(window as unknown as { studio: StudioBridge }).studio = bridgeWith(async () => ({ ok: true, value: 'from-window' }))
    await expect(studio.settings.get()).resolves.toBe('from-window')
  })

  it('the app-wide client fails with a StudioError, not a TypeError, when there is no bridge', async () => {
    await expect(studio.settings.get()).rejects.toMatchObject({ name: 'StudioError', code: 'INTERNAL' })
  })
})

describe('bridge detection', () => {
  it('reports a missing bridge', () => {
    expect(bridgeProblem(undefined)).toEqual({ kind: 'missing' })
  })

  it('reports the functions an outdated bridge lacks', () => {
    const api = bridgeWith(async () => ({ ok: true, value: null }))
    const partial = { ...api, balance: {} }
    expect(bridgeProblem(partial)).toEqual({ kind: 'incomplete', missing: ['studio.balance.getUsage', 'studio.balance.onUsageUpdated'] })
  })

  it('accepts a bridge built from the contract', () => {
    expect(bridgeProblem(bridgeWith(async () => ({ ok: true, value: null })))).toBeNull()
  })
})
