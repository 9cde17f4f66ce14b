import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_REQUEST_FRAME_BYTES } from '@shared/bridge-protocol'
import { createSocketTransport, defaultBackoff, type SocketLike } from './socket-transport'

/** A socket the test drives by hand: open it, feed it frames, drop it. */
class FakeSocket implements SocketLike {
  readyState = 0
  sent: string[] = []
  onopen: ((ev: never) => void) | null = null
  onclose: ((ev: never) => void) | null = null
  onerror: ((ev: never) => void) | null = null
  onmessage: ((ev: never) => void) | null = null
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open')
    this.sent.push(data)
  }
  close(): void {
    this.drop()
  }
  open(): void {
    this.readyState = 1
    this.onopen?.({} as never)
  }
  drop(): void {
    this.readyState = 3
    this.onerror?.({} as never)
    this.onclose?.({} as never)
  }
  receive(data: unknown): void {
    this.onmessage?.({ data } as never)
  }
  invokes(): Array<{ id: number; channel: string; input?: unknown }> {
    return this.sent.map((s) => JSON.parse(s))
  }
}

const LOST = {
  ok: false,
  error: { code: 'NETWORK_UNREACHABLE', message: 'Lost the connection to the studio host', retryable: true }
}

describe('the bridge socket transport', () => {
  let sockets: FakeSocket[]
  const backoffs: number[] = []
  const make = () =>
    createSocketTransport({
      connect: () => {
        const s = new FakeSocket()
        sockets.push(s)
        return s
      },
      backoffMs: (n) => {
        backoffs.push(n)
        return 100 * (n + 1)
      }
    })

  beforeEach(() => {
    sockets = []
    backoffs.length = 0
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('queues invokes until the socket opens, then sends them in order', () => {
    const t = make()
    void t.invoke('app:get-info', undefined)
    void t.invoke('settings:update', { theme: 'dark' })
    expect(sockets[0].sent).toEqual([])
    sockets[0].open()
    expect(sockets[0].invokes()).toEqual([
      { t: 'invoke', id: 1, channel: 'app:get-info' },
      { t: 'invoke', id: 2, channel: 'settings:update', input: { theme: 'dark' } }
    ])
  })

  it('resolves each invoke with the Result carrying its id, in any order', async () => {
    const t = make()
    sockets[0].open()
    const a = t.invoke('a:x', 1)
    const b = t.invoke('b:x', 2)
    sockets[0].receive(JSON.stringify({ t: 'result', id: 2, result: { ok: true, value: 'B' } }))
    sockets[0].receive(
      JSON.stringify({
        t: 'result',
        id: 1,
        result: { ok: false, error: { code: 'NOT_FOUND', message: 'no', retryable: false } }
      })
    )
    expect(await b).toEqual({ ok: true, value: 'B' })
    expect(await a).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'no', retryable: false } })
  })

  it('ignores frames that are not valid server frames', async () => {
    const t = make()
    sockets[0].open()
    const a = t.invoke('a:x', 1)
    for (const junk of [
      'nope',
      '{}',
      JSON.stringify({ t: 'result', id: 1, result: { ok: 'yes' } }),
      JSON.stringify({
        t: 'result',
        id: 1,
        result: { ok: false, error: { code: 'MADE_UP', message: '', retryable: false } }
      }),
      new ArrayBuffer(4)
    ]) {
      sockets[0].receive(junk)
    }
    sockets[0].receive(JSON.stringify({ t: 'result', id: 1, result: { ok: true } }))
    expect(await a).toEqual({ ok: true })
  })

  it('fails every waiting invoke when the socket drops, then reconnects with growing backoff', async () => {
    const t = make()
    sockets[0].open()
    const sent = t.invoke('a:x', 1)
    sockets[0].drop()
    expect(await sent).toEqual(LOST)
    expect(sockets).toHaveLength(1)
    vi.advanceTimersByTime(100)
    expect(sockets).toHaveLength(2)
    const queued = t.invoke('a:x', 2)
    sockets[1].drop() // the host is still down: the queued call fails rather than hanging
    expect(await queued).toEqual(LOST)
    vi.advanceTimersByTime(199)
    expect(sockets).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(sockets).toHaveLength(3)
    sockets[2].open()
    expect(backoffs).toEqual([0, 1])
    const later = t.invoke('a:x', 3)
    sockets[2].receive(JSON.stringify({ t: 'result', id: sockets[2].invokes()[0].id, result: { ok: true, value: 3 } }))
    expect(await later).toEqual({ ok: true, value: 3 })
    sockets[2].drop()
    expect(backoffs).toEqual([0, 1, 0]) // a successful open resets the backoff
  })

  it('fans events out to their listeners, survives a throwing listener, and honours disposers', () => {
    const reportError = vi.fn()
    vi.stubGlobal('reportError', reportError)
    const t = make()
    sockets[0].open()
    const seen: unknown[] = []
    t.subscribe('settings:changed', () => {
      throw new Error('listener bug')
    })
    const off = t.subscribe('settings:changed', (p) => seen.push(p))
    t.subscribe('profiles:changed', () => seen.push('wrong'))
    sockets[0].receive(JSON.stringify({ t: 'event', name: 'settings:changed', payload: { theme: 'dark' } }))
    expect(seen).toEqual([{ theme: 'dark' }])
    expect(reportError).toHaveBeenCalledOnce()
    off()
    sockets[0].receive(JSON.stringify({ t: 'event', name: 'settings:changed', payload: { theme: 'light' } }))
    expect(seen).toEqual([{ theme: 'dark' }])
    vi.unstubAllGlobals()
  })

  it('refuses an input too large for one frame without sending it or losing the socket', async () => {
    const t = make()
    sockets[0].open()
    const tooBig = await t.invoke('a:x', 'x'.repeat(MAX_REQUEST_FRAME_BYTES))
    expect(tooBig).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(!tooBig.ok && tooBig.error.message).toMatch(
      /^The request is 4\.0 MB; the studio bridge takes at most 4\.0 MB per request\. Nothing was sent\.$/
    )
    expect(await t.invoke('a:x', { big: 1n })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(sockets[0].sent).toEqual([])
    expect(sockets[0].readyState).toBe(1)
  })

  it('sends a maximal legal video payload (~1,048,000 characters, 3-byte characters) in one frame', async () => {
    const t = make()
    sockets[0].open()
    const payload = '视'.repeat(1_048_000)
    void t.invoke('video:create', { family: 'vidq', model: 'vidq1', prompt: 'p', images: [], payload })
    expect(sockets[0].sent).toHaveLength(1)
    expect(new TextEncoder().encode(sockets[0].sent[0]).length).toBeGreaterThan(3_000_000)
    expect(JSON.parse(sockets[0].sent[0]).input.payload).toHaveLength(1_048_000)
  })

  it('stops for good after close(): waiting calls fail, no reconnect, later calls fail at once', async () => {
    const t = make()
    sockets[0].open()
    const waiting = t.invoke('a:x', 1)
    t.close()
    expect(await waiting).toEqual(LOST)
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(1)
    expect(await t.invoke('a:x', 2)).toEqual(LOST)
  })
})

describe('the host handshake on every connection', () => {
  let sockets: FakeSocket[]
  const challenges: Array<string | undefined> = []
  const make = () =>
    createSocketTransport({
      connect: (challenge) => {
        challenges.push(challenge)
        const s = new FakeSocket()
        sockets.push(s)
        return s
      },
      handshake: {
        challenge: () => `challenge-${sockets.length}`,
        answer: async (challenge, proof) =>
          proof === `proof-of-${challenge}` ? JSON.stringify({ t: 'auth', token: 'T' }) : null
      },
      backoffMs: () => 100
    })
  beforeEach(() => {
    sockets = []
    challenges.length = 0
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('sends nothing until the host proves itself, then the token first and the queued calls after it', async () => {
    const t = make()
    void t.invoke('a:x', 1)
    sockets[0].open()
    sockets[0].receive(JSON.stringify({ t: 'event', name: 'settings:changed', payload: {} }))
    expect(sockets[0].sent).toEqual([])
    sockets[0].receive(JSON.stringify({ t: 'hello', proof: 'proof-of-challenge-0' }))
    await vi.waitFor(() => expect(sockets[0].sent).toHaveLength(2))
    expect(challenges).toEqual(['challenge-0'])
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ t: 'auth', token: 'T' })
    expect(JSON.parse(sockets[0].sent[1])).toMatchObject({ t: 'invoke', channel: 'a:x' })
  })

  it('after a reconnect, a server that cannot prove it is the host gets nothing, and the page stops for good', async () => {
    const t = make()
    sockets[0].open()
    sockets[0].receive(JSON.stringify({ t: 'hello', proof: 'proof-of-challenge-0' }))
    await vi.waitFor(() => expect(sockets[0].sent).toHaveLength(1))
    sockets[0].drop()
    vi.advanceTimersByTime(100)
    const secret = t.invoke('profiles:add', { key: 'sk-typed-0000' })
    sockets[1].open()
    sockets[1].receive(JSON.stringify({ t: 'hello', proof: 'proof-of-challenge-0' })) // replayed from the old connection
    expect(await secret).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER', retryable: false } })
    expect(sockets[1].sent).toEqual([])
    expect(sockets[1].readyState).toBe(3)
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(2)
    expect(await t.invoke('a:x', 1)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
  })

  it('whenProven waits for the proof, answers at once while the proven socket is open, and waits again after a drop', async () => {
    const t = make()
    let first: unknown = 'waiting'
    void t.whenProven().then((r) => (first = r))
    sockets[0].open()
    await Promise.resolve()
    expect(first).toBe('waiting') // open is not proven
    sockets[0].receive(JSON.stringify({ t: 'hello', proof: 'proof-of-challenge-0' }))
    await vi.waitFor(() => expect(first).toBeNull())
    expect(await t.whenProven()).toBeNull()
    sockets[0].drop()
    let second: unknown = 'waiting'
    void t.whenProven().then((r) => (second = r))
    await Promise.resolve()
    expect(second).toBe('waiting')
    vi.advanceTimersByTime(100)
    sockets[1].open()
    sockets[1].receive(JSON.stringify({ t: 'hello', proof: 'proof-of-challenge-1' }))
    await vi.waitFor(() => expect(second).toBeNull())
  })

  it('whenProven answers FORBIDDEN_SENDER once a server failed the proof, and "lost" when the socket drops while waiting', async () => {
    const t = make()
    const lost = t.whenProven()
    sockets[0].drop()
    expect(await lost).toMatchObject({ ok: false, error: { code: 'NETWORK_UNREACHABLE', retryable: true } })
    vi.advanceTimersByTime(100)
    const waiting = t.whenProven()
    sockets[1].open()
    sockets[1].receive(JSON.stringify({ t: 'hello', proof: 'not-the-proof' }))
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER', retryable: false } })
    expect(await t.whenProven()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
  })
})

describe('defaultBackoff', () => {
  it('grows from about 250 ms and caps at about 5 s', () => {
    expect(defaultBackoff(0)).toBeGreaterThanOrEqual(200)
    expect(defaultBackoff(0)).toBeLessThanOrEqual(300)
    expect(defaultBackoff(20)).toBeLessThanOrEqual(6000)
    expect(defaultBackoff(20)).toBeGreaterThanOrEqual(4000)
  })
})
