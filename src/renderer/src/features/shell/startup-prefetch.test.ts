import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { profileKeys } from '@renderer/lib/profiles/queries'
import { settingsKeys } from '@renderer/lib/settings/queries'
import { STARTUP_READS_GLOBAL } from '@shared/startup-reads'

const w = window as unknown as Record<string, unknown>

afterEach(() => {
  delete w[STARTUP_READS_GLOBAL]
  delete w.studio
  vi.resetModules()
})

describe('start-up prefetch', () => {
  it('seeds the cache from the early results without asking the host again', async () => {
    const { prefetchStartupReads } = await import('./startup-prefetch')
    const list = { profiles: [], activeId: 'sandbox', keychainAvailable: false }
    w[STARTUP_READS_GLOBAL] = {
      'settings:get': Promise.resolve({ ok: true, value: { theme: 'light', language: 'en' } }),
      'profiles:list': Promise.resolve({ ok: true, value: list }),
      'chat:list-conversations': Promise.resolve({ ok: true, value: { conversations: [] } })
    }
    const invoke = vi.fn()
    w.studio = new Proxy({}, { get: () => new Proxy({}, { get: () => invoke }) })
    const queryClient = new QueryClient()
    await prefetchStartupReads(queryClient)
    expect(queryClient.getQueryData(profileKeys.list())).toEqual(list)
    expect(queryClient.getQueryData(settingsKeys.current())).toEqual({ theme: 'light', language: 'en' })
    expect(invoke).not.toHaveBeenCalled()
  })

  it('asks the host when the shell sent no early reads (the Electron preload)', async () => {
    const { prefetchStartupReads } = await import('./startup-prefetch')
    const invoke = vi.fn(async () => ({ ok: true, value: { profiles: [], activeId: 'x', keychainAvailable: true } }))
    w.studio = new Proxy({}, { get: () => new Proxy({}, { get: () => invoke }) })
    const queryClient = new QueryClient()
    await prefetchStartupReads(queryClient)
    expect(invoke).toHaveBeenCalledTimes(3)
    expect(queryClient.getQueryData(profileKeys.list())).toMatchObject({ activeId: 'x' })
  })
})
