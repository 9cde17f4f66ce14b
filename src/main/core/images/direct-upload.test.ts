import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { StudioError } from '@shared/errors'
import { readJson, sendGateway } from '../gateway/http'
import { bodyWriterOf } from '../gateway/node-upload'
import { scriptedServer } from '../testing/scripted-server'
import { streamedMultipart } from './edit-multipart'
import { createLongFetch } from './long-fetch'

/** The edit upload as the browser host sends it: the multipart body written over node:http (gateway/node-upload.ts). */

const dir = mkdtempSync(join(tmpdir(), 'direct-upload-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function fileOf(name: string, bytes: Buffer): string {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return path
}

function collect(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    req.on('data', (c: Buffer) => parts.push(c))
    req.on('end', () => resolve(Buffer.concat(parts)))
    req.on('error', reject)
  })
}

/** Resolves with how many body bytes the server got before the client's connection closed. */
function bytesBeforeClose(req: IncomingMessage): Promise<{ bytes: number; complete: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0
    req.on('data', (c: Buffer) => (bytes += c.length))
    req.on('error', () => {})
    req.socket.on('close', () => resolve({ bytes, complete: req.complete }))
  })
}

/** The first request's outcome at the server, whenever it arrives (listeners attached as it does). */
function firstArrival(): {
  arrived(req: IncomingMessage): void
  closed: Promise<{ bytes: number; complete: boolean }>
} {
  let arrived!: (req: IncomingMessage) => void
  const closed = new Promise<{ bytes: number; complete: boolean }>((resolve) => {
    arrived = (req) => void bytesBeforeClose(req).then(resolve)
  })
  return { arrived, closed }
}

const conn = (url: string) => ({ baseUrl: url, key: 'sk-direct-upload' })

describe('edit uploads over node:http (the browser host)', () => {
  it('sends the multipart body byte for byte with its Content-Length, through a slow reader, and answers a Response', async () => {
    // Random bytes in every megabyte: a read buffer refilled before the socket had taken it would show here.
    const image = randomBytes(24 * 1024 * 1024 + 333)
    const mask = randomBytes(70_000)
    const received: Array<{ body: Buffer; headers: IncomingMessage['headers'] }> = []
    const server = await scriptedServer((req, res) => {
      // Reads nothing at first, then in bursts with pauses, so the client's writes wait on a full
      // socket (more than the kernel's loopback buffers hold) and its buffers stay busy.
      const parts: Buffer[] = []
      req.pause()
      setTimeout(() => req.resume(), 150)
      req.on('data', (c: Buffer) => {
        parts.push(c)
        if (parts.length % 16 === 0) {
          req.pause()
          setTimeout(() => req.resume(), 1)
        }
      })
      req.on('end', () => {
        received.push({ body: Buffer.concat(parts), headers: req.headers })
        res
          .writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r1' })
          .end(JSON.stringify({ data: [{ url: 'https://cdn.test/a.png' }] }))
      })
    })
    let baseCalls = 0
    const long = await createLongFetch(
      (i, init) => {
        baseCalls++
        return fetch(i, init)
      },
      60_000,
      { directUploads: true }
    )
    try {
      const body = await streamedMultipart(
        [['prompt', 'a red door']],
        [
          { field: 'image', path: fileOf('i.png', image), filename: 'i.png', contentType: 'image/png' },
          { field: 'mask', path: fileOf('m.png', mask), filename: 'mask.png', contentType: 'image/png' }
        ]
      )
      const res = await sendGateway(long.fetch, conn(server.url), {
        method: 'POST',
        path: '/v1/images/edits',
        body: body.body,
        headers: body.headers,
        timeoutMs: 30_000,
        paid: true
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-request-id')).toBe('r1')
      expect(await readJson(res)).toEqual({ data: [{ url: 'https://cdn.test/a.png' }] })
      expect(baseCalls).toBe(0)
      const got = received[0]
      expect(got.headers['content-length']).toBe(String(body.length))
      expect(got.headers['transfer-encoding']).toBeUndefined()
      expect(got.headers.authorization).toBe('Bearer sk-direct-upload')
      expect(got.body.length).toBe(body.length)
      const form = await new Response(new Uint8Array(got.body), {
        headers: { 'content-type': String(got.headers['content-type']) }
      }).formData()
      expect(form.get('prompt')).toBe('a red door')
      expect(Buffer.from(await (form.get('image') as File).arrayBuffer()).equals(image)).toBe(true)
      expect(Buffer.from(await (form.get('mask') as File).arrayBuffer()).equals(mask)).toBe(true)
    } finally {
      await long.close()
      await server.close()
    }
  })

  it('is used only when asked (Electron keeps its own fetch) and only for a body that has not been read', async () => {
    const server = await scriptedServer((req, res) => void collect(req).then(() => res.end('{}')))
    const path = fileOf('s.png', randomBytes(2000))
    let baseCalls = 0
    const base = (i: string | URL, init?: RequestInit) => {
      baseCalls++
      return fetch(i, init)
    }
    const viaFetch = await createLongFetch(base, 60_000)
    try {
      const body = await streamedMultipart([], [{ field: 'image', path, filename: 's.png', contentType: 'image/png' }])
      expect(bodyWriterOf(body.body)).toBeTypeOf('function')
      await readJson(
        await sendGateway(viaFetch.fetch, conn(server.url), {
          method: 'POST',
          path: '/e',
          body: body.body,
          headers: body.headers,
          timeoutMs: 30_000
        })
      )
      expect(baseCalls).toBe(1)
      // Read once as a stream, it has no direct writer any more; a second send of the same body fails.
      expect(bodyWriterOf(body.body)).toBeUndefined()
    } finally {
      await viaFetch.close()
      await server.close()
    }
  })

  it('a body is sent once, one way: after the writer, reading it as a stream fails, and the other way round', async () => {
    const path = fileOf('once.png', randomBytes(3000))
    const first = await streamedMultipart(
      [],
      [{ field: 'image', path, filename: 'once.png', contentType: 'image/png' }]
    )
    const written: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        written.push(Buffer.from(chunk))
        cb()
      }
    })
    await bodyWriterOf(first.body)!(sink)
    expect(Buffer.concat(written).length).toBe(first.length)
    await expect(new Response(first.body).arrayBuffer()).rejects.toThrow(/sent only once/)

    const second = await streamedMultipart(
      [],
      [{ field: 'image', path, filename: 'once.png', contentType: 'image/png' }]
    )
    const writer = bodyWriterOf(second.body)!
    const reader = second.body.getReader()
    expect((await reader.read()).done).toBe(false)
    await expect(writer(new Writable({ write: (_c, _e, cb) => cb() }))).rejects.toThrow(/sent only once/)
    reader.releaseLock()
  })

  it('returns a redirect without following it, so sendGateway refuses it and the key goes nowhere else', async () => {
    const server = await scriptedServer(
      (req, res) => void collect(req).then(() => res.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' }).end())
    )
    const long = await createLongFetch((i, init) => fetch(i, init), 60_000, { directUploads: true })
    try {
      const body = await streamedMultipart(
        [],
        [{ field: 'image', path: fileOf('r.png', randomBytes(5000)), filename: 'r.png', contentType: 'image/png' }]
      )
      const err = await sendGateway(long.fetch, conn(server.url), {
        method: 'POST',
        path: '/e',
        body: body.body,
        headers: body.headers,
        timeoutMs: 30_000,
        paid: true
      }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(StudioError)
      expect((err as StudioError).code).toBe('REDIRECT_REFUSED')
      expect(server.requests).toHaveLength(1)
    } finally {
      await long.close()
      await server.close()
    }
  })

  it('an answer before the whole body (413) is the answer, with its coded error', async () => {
    const server = await scriptedServer((req, res) => {
      req.resume()
      res
        .writeHead(413, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'image too large', type: 'invalid_request_error' } }))
    })
    const long = await createLongFetch((i, init) => fetch(i, init), 60_000, { directUploads: true })
    try {
      const body = await streamedMultipart(
        [],
        [
          {
            field: 'image',
            path: fileOf('big.png', randomBytes(8 * 1024 * 1024)),
            filename: 'big.png',
            contentType: 'image/png'
          }
        ]
      )
      const res = await sendGateway(long.fetch, conn(server.url), {
        method: 'POST',
        path: '/e',
        body: body.body,
        headers: body.headers,
        timeoutMs: 30_000,
        paid: true
      })
      expect(res.status).toBe(413)
      const err = await readJson(res).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(StudioError)
      expect((err as StudioError).message).toMatch(/image too large/)
    } finally {
      await long.close()
      await server.close()
    }
  })

  it('a refused connection is a pre-send network error (safe to retry), not an unknown outcome', async () => {
    const server = await scriptedServer(() => {})
    const url = server.url
    await server.close()
    const long = await createLongFetch((i, init) => fetch(i, init), 60_000, { directUploads: true })
    try {
      const body = await streamedMultipart(
        [],
        [{ field: 'image', path: fileOf('x.png', randomBytes(1000)), filename: 'x.png', contentType: 'image/png' }]
      )
      const err = (await sendGateway(long.fetch, conn(url), {
        method: 'POST',
        path: '/e',
        body: body.body,
        headers: body.headers,
        timeoutMs: 30_000,
        paid: true
      }).catch((e: unknown) => e)) as StudioError
      expect(err.code).toBe('NETWORK_UNREACHABLE')
      expect(err.details).toMatchObject({ cause: 'ECONNREFUSED', preSend: true })
    } finally {
      await long.close()
    }
  })

  it('Cancel while the body is going out closes the connection and reports CANCELLED', async () => {
    const server1 = firstArrival()
    const cancel = new AbortController()
    // The server reads nothing for a while, so the upload stalls on backpressure and is cancelled
    // there (once the request has arrived); then it reads what reached it, and finds the
    // connection closed before the body's end.
    const server = await scriptedServer((req) => {
      req.pause()
      server1.arrived(req)
      setTimeout(() => cancel.abort(), 150)
      setTimeout(() => req.resume(), 600)
    })
    const long = await createLongFetch((i, init) => fetch(i, init), 60_000, { directUploads: true })
    try {
      const body = await streamedMultipart(
        [],
        [
          {
            field: 'image',
            path: fileOf('c.png', randomBytes(12 * 1024 * 1024)),
            filename: 'c.png',
            contentType: 'image/png'
          }
        ]
      )
      const err = (await sendGateway(long.fetch, conn(server.url), {
        method: 'POST',
        path: '/e',
        body: body.body,
        headers: body.headers,
        timeoutMs: 30_000,
        paid: true,
        signal: cancel.signal
      }).catch((e: unknown) => e)) as StudioError
      expect(err.code).toBe('CANCELLED')
      const closed = await server1.closed
      expect(closed.complete).toBe(false)
      expect(closed.bytes).toBeLessThan(body.length)
    } finally {
      await long.close()
      await server.close()
    }
  })

  it('a source that shrinks mid-upload ends the request with the reason, never a short body passed off as whole', async () => {
    const server1 = firstArrival()
    const server = await scriptedServer((req) => server1.arrived(req))
    const long = await createLongFetch((i, init) => fetch(i, init), 60_000, { directUploads: true })
    try {
      const path = fileOf('shrink.png', randomBytes(6 * 1024 * 1024))
      const body = await streamedMultipart(
        [],
        [{ field: 'image', path, filename: 'shrink.png', contentType: 'image/png' }]
      )
      truncateSync(path, 3 * 1024 * 1024 + 5)
      const err = (await sendGateway(long.fetch, conn(server.url), {
        method: 'POST',
        path: '/e',
        body: body.body,
        headers: body.headers,
        timeoutMs: 30_000,
        paid: true
      }).catch((e: unknown) => e)) as StudioError
      expect(err).toBeInstanceOf(StudioError)
      expect(String((err.cause as Error | undefined)?.message)).toMatch(
        /changed size while it was being sent \(3145733 of 6291456 bytes\)/
      )
      const closed = await server1.closed
      expect(closed.complete).toBe(false)
    } finally {
      await long.close()
      await server.close()
    }
  })
})
