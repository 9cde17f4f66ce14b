import { describe, expect, it } from 'vitest'
import { scriptedServer } from '../testing/scripted-server'
import { createLongFetch } from './long-fetch'

describe('the long-request fetch (undici headers timeout raised past 300 s)', () => {
  it('hands every call a dispatcher of its own and keeps the caller init', async () => {
    const seen: RequestInit[] = []
    const long = await createLongFetch(async (_i, init) => (seen.push(init!), new Response('ok')), 600_000)
    expect(long.fallback).toBe(false)
    await long.fetch('http://127.0.0.1:9/x', { method: 'POST', headers: { a: 'b' } })
    const init = seen[0] as RequestInit & { dispatcher?: { dispatch?: unknown } }
    expect(init).toMatchObject({ method: 'POST', headers: { a: 'b' } })
    expect(typeof init.dispatcher?.dispatch).toBe('function')
    await long.close()
  })

  it('its dispatcher, not the 300 s default, decides how long headers may take', async () => {
    // The same mechanism that gives 600 s, shown with a limit short enough to observe.
    const server = await scriptedServer((_req, res) => setTimeout(() => res.end('late'), 3000))
    const long = await createLongFetch((i, init) => fetch(i, init), 1000, { marginMs: 0 })
    try {
      const err = await long.fetch(server.url).then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string } }
      )
      expect(err?.cause?.code).toBe('UND_ERR_HEADERS_TIMEOUT')
      const patient = await createLongFetch((i, init) => fetch(i, init), 10_000)
      expect(await (await patient.fetch(server.url)).text()).toBe('late')
      await patient.close()
    } finally {
      await long.close()
      await server.close()
    }
  })
})
