import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_REQUEST_FRAME_BYTES } from '@shared/bridge-protocol'
import { startHostServer, type HostServer } from './server'
import { authCookie, browserHeaders, fakeCore, frames, handshakeStatus, makeRendererDir, openSocket, opened, tokenOf, wrongToken, type FakeCore } from './test-support'

describe('the WebSocket bridge', () => {
  const renderer = makeRendererDir()
  let core: FakeCore
  let server: HostServer
  let port: number
  let token: string

  beforeAll(async () => {
    core = fakeCore(async (channel, input) => {
      if (channel === 'test:throw') throw new Error('boom')
      return { ok: true, value: { echo: { channel, input } } }
    })
    server = await startHostServer({ core, rendererDir: renderer.dir })
    port = server.port
    token = tokenOf(server.url)
  })
  afterAll(async () => {
    await server.close()
    renderer.cleanup()
  })

  async function connect(): Promise<WebSocket> {
    const ws = openSocket(port, browserHeaders(port, token))
    await opened(ws)
    return ws
  }

  it('opens for a page that has the cookie and our Origin', async () => {
    expect(await handshakeStatus(openSocket(port, browserHeaders(port, token)))).toBe(101)
  })

  it('opens for a script that has the token in the query and our Origin', async () => {
    const ws = openSocket(port, { Origin: `http://127.0.0.1:${port}` }, `/bridge?token=${token}`)
    expect(await handshakeStatus(ws)).toBe(101)
  })

  it('refuses an upgrade without the cookie or with a wrong one', async () => {
    expect(await handshakeStatus(openSocket(port, { Origin: `http://127.0.0.1:${port}` }))).toBe(403)
    expect(await handshakeStatus(openSocket(port, { Origin: `http://127.0.0.1:${port}`, Cookie: authCookie(port, wrongToken(token)) }))).toBe(403)
  })

  it('refuses an upgrade with a foreign Origin or none, even with the cookie', async () => {
    const cookie = authCookie(port, token)
    expect(await handshakeStatus(openSocket(port, { Origin: 'http://evil.example', Cookie: cookie }))).toBe(403)
    expect(await handshakeStatus(openSocket(port, { Origin: 'null', Cookie: cookie }))).toBe(403)
    expect(await handshakeStatus(openSocket(port, { Cookie: cookie }))).toBe(403)
  })

  it('refuses an upgrade with a foreign Host, even with the cookie and a matching Origin', async () => {
    const ws = openSocket(port, { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}`, Cookie: authCookie(port, token) })
    expect(await handshakeStatus(ws)).toBe(403)
  })

  it('refuses an authorised upgrade on another path', async () => {
    expect(await handshakeStatus(openSocket(port, browserHeaders(port, token), '/elsewhere'))).toBe(404)
  })

  it('carries an invoke to the core and its Result back by id', async () => {
    const ws = await connect()
    const inbox = frames(ws)
    ws.send(JSON.stringify({ t: 'invoke', id: 7, channel: 'profiles:list', input: { a: [1, 'two'] } }))
    ws.send(JSON.stringify({ t: 'invoke', id: 8, channel: 'app:get-info' }))
    expect(await inbox.next((f) => f.id === 8)).toEqual({ t: 'result', id: 8, result: { ok: true, value: { echo: { channel: 'app:get-info' } } } })
    expect(await inbox.next((f) => f.id === 7)).toEqual({
      t: 'result',
      id: 7,
      result: { ok: true, value: { echo: { channel: 'profiles:list', input: { a: [1, 'two'] } } } }
    })
    expect(core.calls.filter((c) => c.channel === 'profiles:list').at(-1)?.shell).toBe('browser')
    ws.close()
  })

  it('answers INTERNAL when dispatch itself throws, and keeps serving', async () => {
    const ws = await connect()
    const inbox = frames(ws)
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'test:throw', input: null }))
    const f = await inbox.next()
    expect(f).toMatchObject({ t: 'result', id: 1, result: { ok: false, error: { code: 'INTERNAL', retryable: false } } })
    expect(JSON.stringify(f)).not.toContain('boom')
    ws.send(JSON.stringify({ t: 'invoke', id: 2, channel: 'app:get-info' }))
    expect(await inbox.next()).toMatchObject({ id: 2, result: { ok: true } })
    ws.close()
  })

  it('pushes every core event to every open socket', async () => {
    const [a, b] = [await connect(), await connect()]
    const [inA, inB] = [frames(a), frames(b)]
    core.emit('settings:changed', { theme: 'dark', language: 'en' })
    const expected = { t: 'event', name: 'settings:changed', payload: { theme: 'dark', language: 'en' } }
    expect(await inA.next()).toEqual(expected)
    expect(await inB.next()).toEqual(expected)
    a.close()
    b.close()
  })

  it('ignores malformed frames, counts and logs them, and still answers on the same socket', async () => {
    const ws = await connect()
    const inbox = frames(ws)
    const before = server.bridgeStats().malformed
    const junk = [
      'not json',
      '{"t":"invoke"',
      'null',
      '[]',
      '42',
      JSON.stringify({ t: 'invoke', id: -1, channel: 'app:get-info' }),
      JSON.stringify({ t: 'invoke', id: 1.5, channel: 'app:get-info' }),
      JSON.stringify({ t: 'invoke', id: '3', channel: 'app:get-info' }),
      JSON.stringify({ t: 'invoke', id: 3, channel: 42 }),
      JSON.stringify({ t: 'invoke', id: 3, channel: 'app:get-info', extra: true }),
      JSON.stringify({ t: 'result', id: 3, result: { ok: true, value: 1 } }),
      JSON.stringify({ t: 'invoke', id: 3, channel: 'x'.repeat(201) })
    ]
    for (const text of junk) ws.send(text)
    ws.send(Buffer.from([1, 2, 3]), { binary: true })
    ws.send(JSON.stringify({ t: 'invoke', id: 99, channel: 'app:get-info' }))
    expect(await inbox.next()).toMatchObject({ t: 'result', id: 99, result: { ok: true } })
    expect(server.bridgeStats().malformed - before).toBe(junk.length + 1)
    expect(core.logged.filter((l) => l.includes('ignored a bridge frame')).length).toBeGreaterThanOrEqual(5)
    expect(core.calls.some((c) => c.channel === 42 || (typeof c.channel === 'string' && c.channel.length > 200))).toBe(false)
    ws.close()
  })

  it('closes only the socket that sends an oversized frame; the server keeps serving', async () => {
    const big = await connect()
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)))
    big.on('error', () => {})
    big.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'app:get-info', input: 'x'.repeat(MAX_REQUEST_FRAME_BYTES) }))
    expect(await closed).toBe(1009)
    const ws = await connect()
    const inbox = frames(ws)
    ws.send(JSON.stringify({ t: 'invoke', id: 5, channel: 'app:get-info' }))
    expect(await inbox.next()).toMatchObject({ id: 5, result: { ok: true } })
    ws.close()
  })
})

describe('closing the browser host', () => {
  it('drops open bridge sockets and stops passing events', async () => {
    const renderer = makeRendererDir()
    const core = fakeCore()
    const server = await startHostServer({ core, rendererDir: renderer.dir })
    const ws = openSocket(server.port, browserHeaders(server.port, tokenOf(server.url)))
    await opened(ws)
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()))
    await server.close()
    await closed
    expect(server.bridgeStats().clients).toBe(0)
    expect(() => core.emit('settings:changed', { theme: 'dark', language: 'en' })).not.toThrow()
    renderer.cleanup()
  })
})
