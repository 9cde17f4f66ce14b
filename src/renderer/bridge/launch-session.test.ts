import { describe, expect, it, vi } from 'vitest'
import { HOST_PROOF_LABEL } from '@shared/bridge-wire'
import { afterStartup, createHostHandshake, hmacBase64url, takeLaunchToken, TOKEN_STORAGE_KEY } from './launch-session'

function pageEnv() {
  const listeners = new Map<string, () => void>()
  const idle: Array<{ cb: () => void; timeout: number }> = []
  return {
    idle,
    fire: (type: string) => listeners.get(type)?.(),
    env: {
      requestIdleCallback: (cb: () => void, opts: { timeout: number }) => idle.push({ cb, timeout: opts.timeout }),
      setTimeout: vi.fn(),
      addEventListener: (type: 'pagehide', cb: () => void) => void listeners.set(type, cb),
      removeEventListener: (type: 'pagehide', cb: () => void) =>
        void (listeners.get(type) === cb && listeners.delete(type))
    }
  }
}

function launchEnv(hash: string, deferWrite?: (write: () => void) => void) {
  const stored = new Map<string, string>()
  const setItem = vi.fn((k: string, v: string) => void stored.set(k, v))
  return {
    stored,
    setItem,
    env: {
      location: { hash, pathname: '/', search: '' },
      history: { state: null, replaceState: vi.fn() },
      storage: { getItem: (k: string) => stored.get(k) ?? null, setItem },
      fetch: vi.fn(),
      deferWrite
    }
  }
}

describe('the address the page was opened with', () => {
  it('loses its launch nonce with the fragment, keeping the rest of the query', async () => {
    const launch = launchEnv('#token=tok-0')
    launch.env.location.search = '?launch=AbCdEfGhIjKlMnOp&view=video'
    expect(await takeLaunchToken(launch.env)).toBe('tok-0')
    expect(launch.env.history.replaceState).toHaveBeenCalledWith(null, '', '/?view=video')
    const reload = launchEnv('')
    reload.env.location.search = '?launch=AbCdEfGhIjKlMnOp'
    await takeLaunchToken(reload.env)
    expect(reload.env.history.replaceState).toHaveBeenCalledWith(null, '', '/')
  })
})

describe('the launch token kept for a reload (T1: sessionStorage is not touched during start-up)', () => {
  it('takes the token at once but writes it only in the first idle time after start-up', async () => {
    const page = pageEnv()
    const launch = launchEnv('#token=tok-1', afterStartup(page.env, 1500))
    expect(await takeLaunchToken(launch.env)).toBe('tok-1')
    expect(launch.env.history.replaceState).toHaveBeenCalledWith(null, '', '/')
    expect(launch.setItem).not.toHaveBeenCalled()
    expect(page.idle).toHaveLength(1)
    expect(page.idle[0].timeout).toBe(1500)
    page.idle[0].cb()
    expect(launch.stored.get(TOKEN_STORAGE_KEY)).toBe('tok-1')
    // Leaving the page later writes nothing again.
    page.fire('pagehide')
    expect(launch.setItem).toHaveBeenCalledTimes(1)
  })

  it('writes it when the page is left before it was idle, so a quick reload still finds it', async () => {
    const page = pageEnv()
    const launch = launchEnv('#token=tok-2', afterStartup(page.env))
    await takeLaunchToken(launch.env)
    page.fire('pagehide')
    expect(launch.stored.get(TOKEN_STORAGE_KEY)).toBe('tok-2')
    page.idle[0].cb()
    expect(launch.setItem).toHaveBeenCalledTimes(1)
    // The reload: no fragment, the stored token.
    expect(await takeLaunchToken({ ...launch.env, location: { hash: '', pathname: '/', search: '' } })).toBe('tok-2')
  })

  it('falls back to a timer where there are no idle callbacks, and writes at once without a scheduler', async () => {
    const page = pageEnv()
    const timers: Array<() => void> = []
    const deferred = launchEnv(
      '#token=tok-3',
      afterStartup({ ...page.env, requestIdleCallback: undefined, setTimeout: (cb: () => void) => timers.push(cb) })
    )
    await takeLaunchToken(deferred.env)
    expect(deferred.setItem).not.toHaveBeenCalled()
    timers[0]()
    expect(deferred.stored.get(TOKEN_STORAGE_KEY)).toBe('tok-3')
    const direct = launchEnv('#token=tok-4')
    await takeLaunchToken(direct.env)
    expect(direct.stored.get(TOKEN_STORAGE_KEY)).toBe('tok-4')
  })
})

describe("the host's proof (T1-warm: checked without waiting for WebCrypto once the hello is in)", () => {
  const proofOf = (token: string, challenge: string) => hmacBase64url(token, HOST_PROOF_LABEL + challenge)

  it('computes the proof it expects when the challenge is made, before the host answers', async () => {
    const sign = vi.spyOn(crypto.subtle, 'sign')
    try {
      const handshake = createHostHandshake(Promise.resolve('tok-h'))
      const challenge = handshake.challenge()
      await vi.waitFor(() => expect(sign).toHaveBeenCalledTimes(1))
      const hello = await proofOf('tok-h', challenge) // the host's side, signed here too
      expect(await handshake.answer(challenge, hello)).toBe(JSON.stringify({ t: 'auth', token: 'tok-h' }))
      // The hello was checked against the proof already computed: no third signature.
      expect(sign).toHaveBeenCalledTimes(2)
    } finally {
      sign.mockRestore()
    }
  })

  it('refuses a wrong proof, a proof for another challenge, and answers nothing without a token', async () => {
    const handshake = createHostHandshake(Promise.resolve('tok-h'))
    const first = handshake.challenge()
    expect(await handshake.answer(first, await proofOf('other-token', first))).toBeNull()
    const second = handshake.challenge()
    expect(await handshake.answer(second, await proofOf('tok-h', first))).toBeNull()
    // An older challenge is still checked, by a proof computed then.
    expect(await handshake.answer(first, await proofOf('tok-h', first))).toBe(
      JSON.stringify({ t: 'auth', token: 'tok-h' })
    )
    const none = createHostHandshake(Promise.resolve(null))
    const c = none.challenge()
    expect(await none.answer(c, await proofOf('tok-h', c))).toBeNull()
  })
})
