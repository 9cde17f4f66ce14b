import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type WebSocket } from 'ws'
import { MAX_REQUEST_FRAME_BYTES } from '@shared/bridge-protocol'
import { hostProof } from './access'
import { startHostServer, type HostServer } from './server'
import {
  browserHeaders,
  CHALLENGE,
  fakeCore,
  frames,
  handshakeStatus,
  makeRendererDir,
  oldTokenCookie,
  openAuthed,
  openSocket,
  opened,
  tokenOf,
  wrongToken,
  type FakeCore
} from './testing/support'
import { AUTH_DEADLINE_MS, CLOSE_NOT_AUTHENTICATED } from './ws-bridge'

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

  const connect = (): Promise<WebSocket> => openAuthed(port, token)

  it('opens for our Origin with a challenge, and its first frame proves the host knows the token', async () => {
    const ws = openSocket(port, browserHeaders(port))
    const inbox = frames(ws)
    await opened(ws)
    expect(await inbox.next()).toEqual({ t: 'hello', proof: hostProof(token, CHALLENGE) })
    expect(hostProof(token, CHALLENGE)).not.toBe(hostProof(wrongToken(token), CHALLENGE))
    expect(hostProof(token, CHALLENGE)).not.toContain(token)
    ws.close()
  })

  it('needs a challenge in the address', async () => {
    expect(await handshakeStatus(openSocket(port, browserHeaders(port), '/bridge'))).toBe(400)
    expect(await handshakeStatus(openSocket(port, browserHeaders(port), '/bridge?challenge=short'))).toBe(400)
  })

  it('answers nothing and pushes no event before the token arrives in the first frame; the old cookie opens nothing', async () => {
    const ws = openSocket(port, { ...browserHeaders(port), Cookie: oldTokenCookie(port, token) })
    const seen: string[] = []
    ws.on('message', (d) => seen.push(String(d)))
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    await opened(ws)
    core.emit('settings:changed', { theme: 'dark', language: 'en' })
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'profiles:list' }))
    expect(await closed).toBe(CLOSE_NOT_AUTHENTICATED)
    expect(seen).toHaveLength(1)
    expect(JSON.parse(seen[0])).toMatchObject({ t: 'hello' })
    expect(core.calls.some((c) => c.channel === 'profiles:list' && (c.input as unknown) === undefined)).toBe(false)
  })

  it('closes a socket whose first frame has a wrong token', async () => {
    const ws = openSocket(port, browserHeaders(port))
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    await opened(ws)
    ws.send(JSON.stringify({ t: 'auth', token: wrongToken(token) }))
    expect(await closed).toBe(CLOSE_NOT_AUTHENTICATED)
    expect(AUTH_DEADLINE_MS).toBeLessThanOrEqual(10_000)
  })

  it('refuses an upgrade with a foreign Origin or none', async () => {
    expect(await handshakeStatus(openSocket(port, { Origin: 'http://evil.example' }))).toBe(403)
    expect(
      await handshakeStatus(
        openSocket(port, { Origin: `http://127.0.0.1:${port + 1}`, Cookie: oldTokenCookie(port, token) })
      )
    ).toBe(403)
    expect(await handshakeStatus(openSocket(port, { Origin: 'null' }))).toBe(403)
    expect(await handshakeStatus(openSocket(port, {}))).toBe(403)
  })

  it('refuses an upgrade with a foreign Host, even with a matching Origin', async () => {
    const ws = openSocket(port, { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` })
    expect(await handshakeStatus(ws)).toBe(403)
  })

  it('refuses an upgrade on another path', async () => {
    expect(await handshakeStatus(openSocket(port, browserHeaders(port), '/elsewhere'))).toBe(404)
  })

  it('carries an invoke to the core and its Result back by id', async () => {
    const ws = await connect()
    const inbox = frames(ws)
    ws.send(JSON.stringify({ t: 'invoke', id: 7, channel: 'profiles:list', input: { a: [1, 'two'] } }))
    ws.send(JSON.stringify({ t: 'invoke', id: 8, channel: 'app:get-info' }))
    expect(await inbox.next((f) => f.id === 8)).toEqual({
      t: 'result',
      id: 8,
      result: { ok: true, value: { echo: { channel: 'app:get-info' } } }
    })
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
    expect(f).toMatchObject({
      t: 'result',
      id: 1,
      result: { ok: false, error: { code: 'INTERNAL', retryable: false } }
    })
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
    expect(core.calls.some((c) => c.channel === 42 || (typeof c.channel === 'string' && c.channel.length > 200))).toBe(
      false
    )
    ws.close()
  })

  it('closes only the socket that sends an oversized frame; the server keeps serving', async () => {
    const big = await connect()
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)))
    big.on('error', () => {})
    big.send(
      JSON.stringify({ t: 'invoke', id: 1, channel: 'app:get-info', input: 'x'.repeat(MAX_REQUEST_FRAME_BYTES) })
    )
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
    const ws = await openAuthed(server.port, tokenOf(server.url))
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()))
    await server.close()
    await closed
    expect(server.bridgeStats().clients).toBe(0)
    expect(() => core.emit('settings:changed', { theme: 'dark', language: 'en' })).not.toThrow()
    renderer.cleanup()
  })
})

/**
 * Checked by the typecheck, never run: the fake core emits as the core's EventHub does, each payload
 * of its event's type, so each line marked @ts-expect-error must fail to compile.
 */
export function fakeEmitsThatDoNotCompile(core: FakeCore): void {
  // @ts-expect-error a payload of another event
  core.emit('settings:changed', { jobId: 'j1' })
  // @ts-expect-error a settings change without its language
  core.emit('settings:changed', { theme: 'dark' })
}
