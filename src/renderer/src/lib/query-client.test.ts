import { afterEach, describe, expect, it } from 'vitest'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { profileKeys } from '@renderer/lib/profiles/queries'
import { settingsKeys } from '@renderer/lib/settings/queries'
import { FakeHost, sandboxProfile, usage } from '@renderer/testing/fake-host'
import { StudioError } from '@shared/errors'
import { connectHostEvents, createQueryClient, shouldRetry } from './query-client'
import { studio } from './studio'

afterEach(() => FakeHost.uninstall())

describe('retry policy', () => {
  it('does not retry a host error that says retrying cannot help', () => {
    expect(shouldRetry(0, new StudioError('UNAUTHORIZED', 'bad key'))).toBe(false)
    expect(shouldRetry(0, new StudioError('KEY_MISSING', 'no key', { field: 'key' }))).toBe(false)
  })

  it('retries a retryable host error a couple of times', () => {
    const e = new StudioError('NETWORK_UNREACHABLE', 'down', { retryable: true })
    expect(shouldRetry(0, e)).toBe(true)
    expect(shouldRetry(1, e)).toBe(true)
    expect(shouldRetry(2, e)).toBe(false)
  })

  it('does not silently wait out a long Retry-After', () => {
    expect(
      shouldRetry(0, new StudioError('RATE_LIMITED', 'wait', { retryable: true, details: { retryAfterMs: 600_000 } }))
    ).toBe(false)
    expect(
      shouldRetry(0, new StudioError('RATE_LIMITED', 'wait', { retryable: true, details: { retryAfterMs: 2_000 } }))
    ).toBe(true)
  })
})

describe('host events', () => {
  it('write profile lists, usage records and settings into the cache, until disposed', () => {
    const host = new FakeHost().install()
    const queryClient = createQueryClient()
    const dispose = connectHostEvents(queryClient, studio)

    const list = { profiles: [sandboxProfile()], activeId: 'sandbox', keychainAvailable: false }
    host.emit('profiles:changed', list)
    host.emit('balance:usage-updated', { profileId: 'sandbox', usage: usage({ totalAvailable: 42 }) })
    host.emit('settings:changed', { theme: 'dark', language: 'zh' })

    expect(queryClient.getQueryData(profileKeys.list())).toEqual(list)
    expect(queryClient.getQueryData(balanceKeys.usage('sandbox'))).toMatchObject({ totalAvailable: 42 })
    expect(queryClient.getQueryData(settingsKeys.current())).toEqual({ theme: 'dark', language: 'zh' })

    dispose()
    host.emit('settings:changed', { theme: 'light', language: 'en' })
    expect(queryClient.getQueryData(settingsKeys.current())).toEqual({ theme: 'dark', language: 'zh' })
  })
})
