import { describe, expect, it, vi } from 'vitest'
import { classifyFetchFailure } from '../core/gateway/http'

vi.mock('electron', () => ({ net: { fetch: vi.fn() } }))

const { createNetFetch, withNodeCode } = await import('./net-fetch')

describe('net.fetch adapter', () => {
  it('passes the URL as a string and the init through', async () => {
    const impl = vi.fn(async () => new Response('ok'))
    const f = createNetFetch(impl)
    const init = { method: 'POST', redirect: 'manual' as const }
    await f(new URL('https://gw.example/v1/x'), init)
    expect(impl).toHaveBeenCalledWith('https://gw.example/v1/x', init)
  })

  it("turns net.fetch's cancelled manual redirect into a 3xx answer the gateway client refuses", async () => {
    const f = createNetFetch(async () => {
      throw new Error('Redirect was cancelled')
    })
    const res = await f('https://gw.example/v1/x', { redirect: 'manual' })
    expect(res.status).toBeGreaterThanOrEqual(300)
    expect(res.status).toBeLessThan(400)
  })

  it('keeps a redirect error as an error when the caller did not ask for manual redirects', async () => {
    const f = createNetFetch(async () => {
      throw new Error('Redirect was cancelled')
    })
    await expect(f('https://gw.example/v1/x')).rejects.toThrow('Redirect was cancelled')
  })

  it.each([
    ['net::ERR_CONNECTION_REFUSED', 'NETWORK_UNREACHABLE', true],
    ['net::ERR_NAME_NOT_RESOLVED', 'NETWORK_UNREACHABLE', true],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'TLS', undefined],
    ['net::ERR_SSL_PROTOCOL_ERROR', 'TLS', undefined],
    ['net::ERR_CONNECTION_RESET', 'OUTCOME_UNKNOWN', undefined]
  ])('maps %s so a paid POST is classified as %s', async (message, code, preSend) => {
    const f = createNetFetch(async () => {
      throw new Error(message)
    })
    const thrown = await f('https://gw.example/v1/x', { method: 'POST' }).catch((e: unknown) => e)
    const err = classifyFetchFailure(thrown, { method: 'POST', paid: true }, false, false)
    expect(err.code).toBe(code)
    if (preSend) expect(err.details).toMatchObject({ preSend: true })
  })

  it('leaves unknown failures and aborts untouched (the cautious reading)', () => {
    const odd = new Error('net::ERR_SOMETHING_NEW')
    expect(withNodeCode(odd)).toBe(odd)
    const abort = new DOMException('aborted', 'AbortError')
    expect(withNodeCode(abort)).toBe(abort)
    expect(classifyFetchFailure(withNodeCode(odd), { method: 'POST', paid: true }, false, false).code).toBe('OUTCOME_UNKNOWN')
  })
})
