import { describe, expect, it, vi } from 'vitest'
import { createHttpUpload } from './http-upload'

const grant = {
  fileId: 'AAAAAAAAAAAAAAAAAAAAAA',
  name: 'a.png',
  bytes: 3,
  mimeType: 'image/png',
  previewUrl: '/media/BBBBBBBBBBBBBBBBBBBBBB'
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('uploads over HTTP in the browser host', () => {
  it('POSTs the blob itself to the channel route, meta as query parameters, same-origin credentials', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json({ ok: true, value: grant }))
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' })
    const result = await createHttpUpload({ fetch })('files:upload', blob, {
      purpose: 'chat-attachment',
      name: 'a b&c.png'
    })
    expect(result).toEqual({ ok: true, value: grant })
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/upload?purpose=chat-attachment&name=a+b%26c.png')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' })
    expect(init.body).toBe(blob)
  })

  it('passes a refusal through as the host coded it', async () => {
    const error = {
      code: 'INVALID_INPUT',
      message: 'too big',
      retryable: false,
      field: 'file',
      details: { reason: 'too-large' }
    }
    const upload = createHttpUpload({ fetch: async () => json({ ok: false, error }, 413) })
    expect(await upload('files:upload', new Blob(['x']), { purpose: 'chat-attachment', name: 'a' })).toEqual({
      ok: false,
      error
    })
  })

  it('turns a lost connection into NETWORK_UNREACHABLE and a non-Result answer into INTERNAL with the status', async () => {
    const offline = createHttpUpload({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(await offline('files:upload', new Blob(['x']), { purpose: 'chat-attachment', name: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'NETWORK_UNREACHABLE', retryable: true }
    })
    const proxy = createHttpUpload({ fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }) })
    expect(await proxy('files:upload', new Blob(['x']), { purpose: 'chat-attachment', name: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', status: 502 }
    })
  })

  it('sends nothing for a channel without a route or for meta that is not text', async () => {
    const fetch = vi.fn(async () => json({ ok: true, value: grant }))
    const upload = createHttpUpload({ fetch })
    expect(await upload('files:read', new Blob(['x']), {})).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' }
    })
    expect(await upload('__proto__', new Blob(['x']), {})).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' }
    })
    expect(
      await upload('files:upload', new Blob(['x']), { purpose: 'chat-attachment', name: { toString: () => 'x' } })
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('presents the launch token in its header (the host takes no cookie)', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json({ ok: true, value: grant }))
    await createHttpUpload({ fetch, token: async () => 'the-token' })('files:upload', new Blob(['x']), {
      purpose: 'chat-attachment',
      name: 'a'
    })
    expect(fetch.mock.calls[0][1].headers).toEqual({
      'Content-Type': 'application/octet-stream',
      'X-Studio-Token': 'the-token'
    })
  })

  it("sends nothing, not even the token, until the socket's host has proved itself", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json({ ok: true, value: grant }))
    let prove!: (r: null) => void
    const upload = createHttpUpload({
      fetch,
      token: async () => 'the-token',
      proven: () => new Promise((r) => (prove = r))
    })('files:upload', new Blob(['x']), { purpose: 'chat-attachment', name: 'a' })
    await vi.waitFor(() => expect(prove).toBeTypeOf('function'))
    expect(fetch).not.toHaveBeenCalled()
    prove(null)
    expect(await upload).toEqual({ ok: true, value: grant })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it("answers the transport's refusal and sends nothing once the host proof failed or the connection was lost", async () => {
    const fetch = vi.fn(async () => json({ ok: true, value: grant }))
    const notOurs = {
      ok: false as const,
      error: { code: 'FORBIDDEN_SENDER' as const, message: 'not the studio host', retryable: false }
    }
    const upload = createHttpUpload({ fetch, token: async () => 'the-token', proven: async () => notOurs })
    expect(await upload('files:upload', new Blob(['x']), { purpose: 'chat-attachment', name: 'a' })).toEqual(notOurs)
    expect(fetch).not.toHaveBeenCalled()
  })
})
