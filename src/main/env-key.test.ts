import { describe, expect, it, vi } from 'vitest'
import { takeApiKey } from './env-key'

describe('taking STUDIO_API_KEY for the Electron shell', () => {
  it('from the environment: returned, and both variables gone from it; stdin is not read', () => {
    const env: Record<string, string | undefined> = {
      STUDIO_API_KEY: 'sk-env-1',
      STUDIO_GATEWAY_URL: 'https://gw.example',
      PATH: '/bin'
    }
    const stdin = vi.fn(() => 'sk-other')
    expect(takeApiKey(env, stdin)).toBe('sk-env-1')
    expect(env).toEqual({ STUDIO_GATEWAY_URL: 'https://gw.example', PATH: '/bin' })
    expect(stdin).not.toHaveBeenCalled()
  })

  it('from stdin when the launcher says so (one trailing newline dropped), and only then', () => {
    const env: Record<string, string | undefined> = { STUDIO_API_KEY_FROM: 'stdin' }
    expect(takeApiKey(env, () => 'sk-stdin-2\n')).toBe('sk-stdin-2')
    expect(env).toEqual({})
    const plain = vi.fn(() => 'sk-stdin-3')
    expect(takeApiKey({}, plain)).toBeUndefined()
    expect(plain).not.toHaveBeenCalled()
    expect(takeApiKey({ STUDIO_API_KEY_FROM: 'stdin' }, () => '')).toBeUndefined()
    expect(
      takeApiKey({ STUDIO_API_KEY_FROM: 'stdin' }, () => {
        throw new Error('EAGAIN')
      })
    ).toBeUndefined()
  })
})
