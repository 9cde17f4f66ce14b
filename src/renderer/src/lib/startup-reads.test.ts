import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STARTUP_READS_GLOBAL } from '@shared/startup-reads'
import { profileKeys } from '@renderer/features/profiles/queries'
import { settingsKeys } from '@renderer/features/settings/queries'

const w = window as unknown as Record<string, unknown>

afterEach(() => {
  delete w[STARTUP_READS_GLOBAL]
  delete w.studio
  vi.resetModules()
})

describe('start-up reads', () => {
  it('hands out what the bridge already asked for once, then the host is asked again', async () => {
    const { takeStartupRead } = await import('./startup-reads')
    w[STARTUP_READS_GLOBAL] = { 'settings:get': Promise.resolve({ ok: true, value: { theme: 'dark' } }) }
    await expect(takeStartupRead('settings:get')).resolves.toEqual({ theme: 'dark' })
    expect(takeStartupRead('settings:get')).toBeUndefined()
    expect(takeStartupRead('profiles:list')).toBeUndefined()
  })

  it('turns an error result into a StudioError with its code', async () => {
    const { takeStartupRead } = await import('./startup-reads')
    const { StudioError } = await import('@shared/error-core')
    w[STARTUP_READS_GLOBAL] = { 'profiles:list': Promise.resolve({ ok: false, error: { code: 'STORAGE', message: 'disk', retryable: true } }) }
    const err = await takeStartupRead('profiles:list')?.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StudioError)
    expect(err).toMatchObject({ code: 'STORAGE', retryable: true })
  })

  it('seeds the cache from the early results without asking the host again', async () => {
    const { prefetchStartupReads } = await import('@renderer/features/shell/startup-prefetch')
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
    const { prefetchStartupReads } = await import('@renderer/features/shell/startup-prefetch')
    const invoke = vi.fn(async () => ({ ok: true, value: { profiles: [], activeId: 'x', keychainAvailable: true } }))
    w.studio = new Proxy({}, { get: () => new Proxy({}, { get: () => invoke }) })
    const queryClient = new QueryClient()
    await prefetchStartupReads(queryClient)
    expect(invoke).toHaveBeenCalledTimes(3)
    expect(queryClient.getQueryData(profileKeys.list())).toMatchObject({ activeId: 'x' })
  })
})
