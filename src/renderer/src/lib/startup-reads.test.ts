import { afterEach, describe, expect, it, vi } from 'vitest'
import { STARTUP_READS_GLOBAL } from '@shared/startup-reads'

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
    w[STARTUP_READS_GLOBAL] = {
      'profiles:list': Promise.resolve({ ok: false, error: { code: 'STORAGE', message: 'disk', retryable: true } })
    }
    const err = await takeStartupRead('profiles:list')?.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StudioError)
    expect(err).toMatchObject({ code: 'STORAGE', retryable: true })
  })
})
