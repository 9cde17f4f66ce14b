import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Transform } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import type { BodyItem } from '../chat/formats'
import { openStream, readStreamBody, WHOLE_ANSWER_MAX_BYTES } from '../chat/stream-body'
import { ERROR_BODY_MAX_BYTES, JSON_ANSWER_MAX_BYTES, RESULT_ANSWER_MAX_BYTES, readBodyText } from './bounded-body'
import { readJson, readResultJson, sendGateway } from './http'
import { SSE_MAX_BUFFER_CHARS } from './sse'
import { fetchTokenUsage } from './usage'

const MB = 1024 * 1024
const KEY = 'sk-test-bounded-0123456789'

/**
 * A loopback gateway whose answers are compressed bombs: a few kilobytes on the wire that decode to
 * hundreds of megabytes. Each answer is produced as the client reads it (backpressure), and every
 * connection's close is recorded, so a test can tell the client stopped reading and hung up.
 */
interface Route {
  status?: number
  type: string
  encoding: 'gzip' | 'br'
  /** Decoded bytes: a prefix, then `piece` until `total` bytes, then a suffix. */
  prefix?: string
  piece: Buffer
  total: number
  suffix?: string
}

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
})

async function bombGateway(
  routes: Record<string, Route>
): Promise<{ baseUrl: string; socketClosed: () => Promise<void>; fed: () => number }> {
  let onClose = () => {}
  const closed = new Promise<void>((r) => (onClose = r))
  let fed = 0
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.socket.once('close', onClose)
    const route = routes[req.url?.split('?')[0] ?? '']
    if (!route) return void res.writeHead(404).end()
    const enc: Transform =
      route.encoding === 'gzip'
        ? createGzip({ level: 1 })
        : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
    res.writeHead(route.status ?? 200, { 'content-type': route.type, 'content-encoding': route.encoding })
    enc.pipe(res)
    let stopped = false
    res.on('close', () => {
      stopped = true
      enc.destroy()
    })
    let sent = 0
    const put = (b: Buffer) => {
      sent += b.byteLength
      fed += b.byteLength
      return enc.write(b)
    }
    if (route.prefix) put(Buffer.from(route.prefix))
    const pump = () => {
      while (!stopped && sent < route.total) {
        if (!put(route.piece)) return void enc.once('drain', pump)
      }
      if (stopped) return
      if (route.suffix) put(Buffer.from(route.suffix))
      enc.end()
    }
    pump()
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    socketClosed: () => closed,
    fed: () => fed
  }
}

const fetchImpl = (i: string | URL, init?: RequestInit) => fetch(i, init)
const spaces = Buffer.alloc(64 * 1024, 0x20)
const get = (baseUrl: string, path: string) =>
  sendGateway(fetchImpl, { baseUrl, key: KEY }, { method: 'GET', path, timeoutMs: 10_000 })

describe('answers are read up to a cap on decoded bytes', () => {
  it('a gzip bomb as the usage answer at open is stopped at the JSON cap with a coded error, and the connection is cancelled', async () => {
    // 640 MB of JSON whitespace decoded from about 1 MB on the wire (read whole it would exhaust memory).
    const gw = await bombGateway({
      '/api/usage/token/': {
        type: 'application/json',
        encoding: 'gzip',
        prefix: '{"data":',
        piece: spaces,
        total: 640 * MB,
        suffix: '{}}'
      }
    })
    const e = await fetchTokenUsage(fetchImpl, { baseUrl: gw.baseUrl, key: KEY }).catch((x: unknown) => x)
    expect(e).toMatchObject({
      code: 'GATEWAY_ERROR',
      details: { reason: 'answer_too_large', limitBytes: JSON_ANSWER_MAX_BYTES }
    })
    expect((e as Error).message).toBe(
      `The gateway's answer was larger than ${JSON_ANSWER_MAX_BYTES / MB} MB, so it was stopped to protect the app.`
    )
    await gw.socketClosed()
    expect(gw.fed()).toBeLessThan(640 * MB)
  })

  it('a brotli bomb is stopped the same way', async () => {
    const gw = await bombGateway({
      '/models': { type: 'application/json', encoding: 'br', prefix: '[', piece: spaces, total: 640 * MB, suffix: ']' }
    })
    await expect(readJson(await get(gw.baseUrl, '/models'))).rejects.toMatchObject({
      code: 'GATEWAY_ERROR',
      details: { reason: 'answer_too_large' }
    })
    await gw.socketClosed()
  })

  it('a result answer (inline images) may pass the JSON cap, up to the results cap', async () => {
    const size = JSON_ANSWER_MAX_BYTES + 8 * MB
    const gw = await bombGateway({
      '/result': {
        type: 'application/json',
        encoding: 'gzip',
        prefix: '{"data":[',
        piece: spaces,
        total: size,
        suffix: ']}'
      }
    })
    expect(await readResultJson(await get(gw.baseUrl, '/result'))).toEqual({ data: [] })
    expect(RESULT_ANSWER_MAX_BYTES).toBeGreaterThan(size)
  })

  it('an answer under the cap is read and parsed as before, however it is compressed', async () => {
    const gw = await bombGateway({
      '/ok': {
        type: 'application/json',
        encoding: 'gzip',
        prefix: '{"data":',
        piece: spaces,
        total: 8 * MB,
        suffix: '{"ok":true}}'
      }
    })
    expect(await readJson(await get(gw.baseUrl, '/ok'))).toEqual({ data: { ok: true } })
  })

  it('an error answer keeps its status-derived error from the first MB and drops the rest of a bomb', async () => {
    const gw = await bombGateway({
      '/api/usage/token/': {
        status: 401,
        type: 'application/json',
        encoding: 'gzip',
        prefix: '{"error":{"message":"bad key"}}',
        piece: spaces,
        total: 640 * MB
      }
    })
    const e = await fetchTokenUsage(fetchImpl, { baseUrl: gw.baseUrl, key: KEY }).catch((x: unknown) => x)
    expect(e).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
    await gw.socketClosed()
  })

  it('readBodyText keeps exactly the cap when told to truncate', async () => {
    const gw = await bombGateway({
      '/e': { type: 'text/plain', encoding: 'gzip', piece: Buffer.from('abcdefgh'.repeat(8 * 1024)), total: 4 * MB }
    })
    const text = await readBodyText(await fetch(`${gw.baseUrl}/e`), ERROR_BODY_MAX_BYTES, { truncate: true })
    expect(text.length).toBe(ERROR_BODY_MAX_BYTES)
    expect(text.startsWith('abcdefgh')).toBe(true)
  })
})

describe('streamed answers: a cap per event, none on the whole stream', () => {
  const call = { path: '/v1/chat/completions', json: { stream: true } }
  const opts = { headersTimeoutMs: 10_000, preSendRetries: 0, preSendBackoffMs: 1 }
  const open = (baseUrl: string) =>
    openStream(fetchImpl, { baseUrl, key: KEY }, call, new AbortController().signal, opts)

  it('one event larger than the cap ends the stream with a clear error and the connection is cancelled', async () => {
    const gw = await bombGateway({
      '/v1/chat/completions': {
        type: 'text/event-stream',
        encoding: 'gzip',
        prefix: 'data: ',
        piece: Buffer.alloc(64 * 1024, 0x78),
        total: 640 * MB
      }
    })
    const items: BodyItem[] = []
    const e = await readStreamBody(
      await open(gw.baseUrl),
      (i) => items.push(i),
      () => {}
    ).catch((x: unknown) => x)
    expect(e).toMatchObject({
      code: 'GATEWAY_ERROR',
      details: { reason: 'sse_buffer_exceeded', limitChars: SSE_MAX_BUFFER_CHARS }
    })
    expect((e as Error).message).toMatch(/one stream event larger than 4 MB/)
    expect(items).toEqual([])
    await gw.socketClosed()
  })

  it('a long stream of ordinary events is read to its end, past the size of a whole answer', async () => {
    const event = Buffer.from(`data: {"choices":[{"delta":{"content":"${'y'.repeat(16 * 1024)}"}}]}\n\n`)
    const total = WHOLE_ANSWER_MAX_BYTES + 4 * MB
    const gw = await bombGateway({
      '/v1/chat/completions': {
        type: 'text/event-stream',
        encoding: 'gzip',
        piece: event,
        total,
        suffix: 'data: [DONE]\n\n'
      }
    })
    let events = 0
    await readStreamBody(
      await open(gw.baseUrl),
      (i) => void (i.kind === 'event' && events++),
      () => {}
    )
    expect(events).toBe(Math.ceil(total / event.byteLength) + 1)
  })

  it('endless whitespace before the first byte that says what the body is, and a whole answer past its cap, are stopped', async () => {
    const gw = await bombGateway({
      '/v1/chat/completions': {
        type: 'text/event-stream',
        encoding: 'gzip',
        piece: Buffer.alloc(64 * 1024, 0x0a),
        total: 640 * MB
      },
      '/whole': {
        type: 'application/json',
        encoding: 'gzip',
        prefix: '{"x":"',
        piece: Buffer.alloc(64 * 1024, 0x7a),
        total: 640 * MB
      }
    })
    await expect(
      readStreamBody(
        await open(gw.baseUrl),
        () => {},
        () => {}
      )
    ).rejects.toMatchObject({ details: { reason: 'answer_too_large', limitBytes: WHOLE_ANSWER_MAX_BYTES } })
    await expect(
      readStreamBody(
        await get(gw.baseUrl, '/whole'),
        () => {},
        () => {}
      )
    ).rejects.toMatchObject({ details: { reason: 'answer_too_large' } })
  })

  it('an error status on a stream request keeps its error and reads at most the error cap', async () => {
    const gw = await bombGateway({
      '/v1/chat/completions': {
        status: 429,
        type: 'application/json',
        encoding: 'br',
        prefix: '{"error":{"message":"slow down"}}',
        piece: spaces,
        total: 640 * MB
      }
    })
    await expect(open(gw.baseUrl)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 })
    await gw.socketClosed()
  })
})
