import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket as NodeWebSocket } from 'ws'
import { WebSocketServer } from 'ws'
import { EVENT_NAMES, INVOKE_CHANNELS, UPLOAD_CHANNELS } from '@shared/contract'
import type { Result } from '@shared/errors'
import { createHttpUpload } from '../../renderer/bridge/http-upload'
import { createHostHandshake, takeLaunchToken } from '../../renderer/bridge/launch-session'
import { createSocketTransport, type SocketLike } from '../../renderer/bridge/socket-transport'
import { imageBytes } from '../core/files/testing/images'
import { noKeychain } from '../core/profiles/secret-backend'
import { createStudioCore, type StudioCore } from '../core/studio-core'
import { startHostServer, type HostServer } from './server'
import { browserHeaders, fakeCore, makeRendererDir, tokenOf } from './testing/support'

type Api = Record<string, Record<string, (arg?: unknown, meta?: unknown) => unknown>>

/** The page's bridge script (src/renderer/bridge/index.ts), evaluated in Node against the real host. */
describe('window.studio from the bridge script', () => {
  const renderer = makeRendererDir()
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-bridge-data-'))
  const fakeWindow: { studio?: Api } = {}
  const replaceState = vi.fn()
  let core: StudioCore
  let server: HostServer

  beforeAll(async () => {
    core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir,
      appVersion: '1.2.3',
      platform: 'linux',
      sandbox: { enabled: false }
    })
    server = await startHostServer({ core, rendererDir: renderer.dir })
    // What a browser adds by itself: our Origin (no cookie: the page holds the token).
    const headers = browserHeaders(server.port)
    class PageWebSocket extends NodeWebSocket {
      constructor(url: string) {
        super(url, { headers })
      }
    }
    vi.stubGlobal('window', fakeWindow)
    vi.stubGlobal('location', new URL(`${server.origin}/?view=video#token=${tokenOf(server.url)}`))
    vi.stubGlobal('history', { state: { from: 'app' }, replaceState })
    vi.stubGlobal('WebSocket', PageWebSocket)
    // The page's fetch: relative URLs on its origin, with what a browser adds to a same-origin fetch.
    const nodeFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
      nodeFetch(new URL(input, server.origin), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...headers, 'sec-fetch-site': 'same-origin' }
      })
    )
    await import('../../renderer/bridge/index')
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    // The page's transport reconnects once the host goes away; that socket must never open (Node
    // 20 has no global WebSocket, so without this stub the reconnect throws after the tests).
    vi.stubGlobal(
      'WebSocket',
      class {
        readyState = 0
        send() {}
        close() {}
      }
    )
    await server.close()
    await core.dispose()
    renderer.cleanup()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('defines window.studio at once, read-only, with exactly the contract namespaces', () => {
    const descriptor = Object.getOwnPropertyDescriptor(fakeWindow, 'studio')
    expect(descriptor).toMatchObject({ writable: false, configurable: false })
    expect(() => {
      ;(fakeWindow as Record<string, unknown>).studio = {}
    }).toThrow(TypeError)
    expect(Object.isFrozen(fakeWindow.studio)).toBe(true)
    const namespaces = new Set(
      [...INVOKE_CHANNELS, ...EVENT_NAMES, ...UPLOAD_CHANNELS].map((c) => c.slice(0, c.indexOf(':')))
    )
    expect(Object.keys(fakeWindow.studio!).sort()).toEqual([...namespaces].sort())
    expect(namespaces).toContain('files')
    expect(typeof fakeWindow.studio!.files.upload).toBe('function')
  })

  it('takes the token out of the address bar and history at once, keeping the path and query', () => {
    expect(replaceState).toHaveBeenCalledWith({ from: 'app' }, '', '/?view=video')
  })

  it('invokes the real core over the socket (calls made before it opened are queued)', async () => {
    expect(await fakeWindow.studio!.app.getInfo()).toEqual({
      ok: true,
      value: { name: 'Generation Studio', version: '1.2.3', shell: 'browser', platform: 'linux' }
    })
    expect(await fakeWindow.studio!.settings.update({ language: 'xx' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' }
    })
  })

  it('uploads a real PNG with files.upload (an HTTP POST, not the socket) and its previewUrl serves the same bytes', async () => {
    const png = await imageBytes('png', 30, 20)
    const file = new File([new Uint8Array(png)], 'dot.png', { type: 'image/png' })
    const result = (await fakeWindow.studio!.files.upload(file, {
      purpose: 'chat-attachment',
      name: 'dot.png'
    })) as Result<{ previewUrl: string; fileId: string }>
    expect(result).toMatchObject({
      ok: true,
      value: { name: 'dot.png', mimeType: 'image/png', width: 30, height: 20, bytes: png.length }
    })
    if (!result.ok) throw new Error('upload failed')
    const preview = await fetch(result.value.previewUrl)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(png)
    expect(core.files.get(result.value.fileId).grant.previewUrl).toBe(result.value.previewUrl)
  })

  it('gets the host refusal of an upload as coded data, and files.pick answers an empty list', async () => {
    const notes = new File(['just text'], 'notes.png', { type: 'image/png' })
    expect(await fakeWindow.studio!.files.upload(notes, { purpose: 'image-edit', name: 'notes.png' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'file', details: { reason: 'wrong-type' } }
    })
    expect(await fakeWindow.studio!.files.pick({ purpose: 'image-edit' })).toEqual({ ok: true, value: { files: [] } })
  })

  it('delivers host events to subscribed listeners until they unsubscribe', async () => {
    const seen: unknown[] = []
    const off = fakeWindow.studio!.settings.onChanged((p: unknown) => seen.push(p)) as () => void
    await fakeWindow.studio!.settings.update({ theme: 'light' })
    await vi.waitFor(() => expect(seen).toEqual([{ theme: 'light', language: 'system' }]))
    off()
    await fakeWindow.studio!.settings.update({ theme: 'dark' })
    // The answer to a later invoke arrives after the event it caused, so nothing else is coming.
    await fakeWindow.studio!.app.getInfo()
    expect(seen).toHaveLength(1)
  })
})

describe('the bridge transport when the socket drops', () => {
  it('fails the waiting invoke as NETWORK_UNREACHABLE, reconnects, and works again', async () => {
    const renderer = makeRendererDir()
    const release: Array<() => void> = []
    const core = fakeCore(
      (channel) =>
        new Promise<Result<unknown>>((resolve) => {
          if (channel === 'slow:call') release.push(() => resolve({ ok: true, value: 'late' }))
          else resolve({ ok: true, value: 'fast' })
        })
    )
    const server = await startHostServer({ core, rendererDir: renderer.dir })
    const headers = browserHeaders(server.port)
    const sockets: NodeWebSocket[] = []
    const transport = createSocketTransport({
      connect: (challenge) => {
        const ws = new NodeWebSocket(`ws://127.0.0.1:${server.port}/bridge?challenge=${challenge}`, { headers })
        sockets.push(ws)
        return ws as unknown as SocketLike
      },
      handshake: createHostHandshake(Promise.resolve(tokenOf(server.url))),
      backoffMs: () => 5
    })

    expect(await transport.invoke('quick:call', 1)).toEqual({ ok: true, value: 'fast' })
    const waiting = transport.invoke('slow:call', 2)
    await vi.waitFor(() => expect(release).toHaveLength(1))
    sockets[0].terminate()
    expect(await waiting).toEqual({
      ok: false,
      error: { code: 'NETWORK_UNREACHABLE', message: 'Lost the connection to the studio host', retryable: true }
    })

    expect(await transport.invoke('quick:call', 3)).toEqual({ ok: true, value: 'fast' })
    expect(sockets).toHaveLength(2)
    release[0]() // the old answer has nowhere to go; the host must not mind
    transport.close()
    await server.close()
    renderer.cleanup()
  })
})

describe('a page whose host went away', () => {
  it('sends nothing, not even the token, to a server that takes the port and cannot prove it is the host', async () => {
    const renderer = makeRendererDir()
    const core = fakeCore()
    const server = await startHostServer({ core, rendererDir: renderer.dir })
    const port = server.port
    const token = tokenOf(server.url)
    const transport = createSocketTransport({
      connect: (challenge) =>
        new NodeWebSocket(`ws://127.0.0.1:${port}/bridge?challenge=${challenge}`, {
          headers: browserHeaders(port)
        }) as unknown as SocketLike,
      handshake: createHostHandshake(Promise.resolve(token)),
      backoffMs: () => 20
    })
    expect(await transport.invoke('app:get-info', undefined)).toMatchObject({ ok: true })
    await server.close()
    await new Promise((r) => setTimeout(r, 50)) // the page has seen its socket drop

    // Whoever binds the port next: it greets like the host, but cannot compute the proof.
    const received: string[] = []
    const impostor = new WebSocketServer({ host: '127.0.0.1', port })
    await new Promise((r) => impostor.once('listening', r))
    impostor.on('connection', (ws, req) => {
      const challenge = new URL(req.url ?? '/', 'http://x').searchParams.get('challenge') ?? ''
      ws.send(JSON.stringify({ t: 'hello', proof: challenge }))
      ws.on('message', (d) => received.push(String(d)))
    })
    const typedKey = 'sk-typed-into-settings-0000'
    // A call made while a reconnect attempt is still failing is answered "lost connection"; the user retries.
    let result = await transport.invoke('profiles:add', {
      name: 'Work',
      baseUrl: 'https://gw.example',
      key: typedKey,
      persistence: 'auto'
    })
    for (let i = 0; i < 50 && !result.ok && result.error.code === 'NETWORK_UNREACHABLE'; i++) {
      await new Promise((r) => setTimeout(r, 20))
      result = await transport.invoke('profiles:add', {
        name: 'Work',
        baseUrl: 'https://gw.example',
        key: typedKey,
        persistence: 'auto'
      })
    }
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER', retryable: false } })
    expect(!result.ok && result.error.message).toMatch(/not the studio host this page was opened from/)
    // And it stays stopped: later calls fail at once, nothing reconnects.
    expect(await transport.invoke('app:get-info', undefined)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' }
    })
    await new Promise((r) => setTimeout(r, 100))
    expect(received).toEqual([])
    expect(impostor.clients.size).toBe(0)
    transport.close()
    await new Promise((r) => impostor.close(r))
    renderer.cleanup()
  })

  it('sends no upload, not even the token, to a server that takes the port and cannot prove it is the host', async () => {
    const renderer = makeRendererDir()
    const server = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    const port = server.port
    const headers = browserHeaders(port)
    const transport = createSocketTransport({
      connect: (challenge) =>
        new NodeWebSocket(`ws://127.0.0.1:${port}/bridge?challenge=${challenge}`, { headers }) as unknown as SocketLike,
      handshake: createHostHandshake(Promise.resolve(tokenOf(server.url))),
      backoffMs: () => 20
    })
    const upload = createHttpUpload({
      fetch: (input, init) =>
        fetch(new URL(input, `http://127.0.0.1:${port}`), {
          ...init,
          headers: { ...(init.headers as Record<string, string>), ...headers }
        }),
      token: async () => tokenOf(server.url),
      proven: () => transport.whenProven()
    })
    expect(await transport.invoke('app:get-info', undefined)).toMatchObject({ ok: true })
    await server.close()
    // The page has seen its socket drop once a call fails (a reconnect to the empty port is refused).
    await vi.waitFor(
      async () => expect(await transport.invoke('app:get-info', undefined)).toMatchObject({ ok: false }),
      { interval: 5 }
    )

    // Whoever binds the port next answers HTTP and greets on the socket like the host, without the proof.
    const requests: string[] = []
    const http = createServer((req, res) => {
      requests.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`)
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, value: {} }))
    })
    const impostor = new WebSocketServer({ server: http })
    impostor.on('connection', (ws, req) =>
      ws.send(JSON.stringify({ t: 'hello', proof: new URL(req.url ?? '/', 'http://x').searchParams.get('challenge') }))
    )
    await new Promise<void>((r) => http.listen(port, '127.0.0.1', r))
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'secret.png', { type: 'image/png' })
    let result = await upload('files:upload', file, { purpose: 'chat-attachment', name: 'secret.png' })
    for (let i = 0; i < 50 && !result.ok && result.error.code === 'NETWORK_UNREACHABLE'; i++) {
      result = await upload('files:upload', file, { purpose: 'chat-attachment', name: 'secret.png' })
    }
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER', retryable: false } })
    expect(await upload('files:upload', file, { purpose: 'chat-attachment', name: 'secret.png' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' }
    })
    expect(requests).toEqual([])
    transport.close()
    impostor.close()
    await new Promise((r) => http.close(r))
    renderer.cleanup()
  })

  it('exchanges the one-time launch code for the token once, and a second page with the same code gets nothing', async () => {
    const renderer = makeRendererDir()
    const server = await startHostServer({ core: fakeCore(), rendererDir: renderer.dir })
    const launch = new URL(server.launchUrl())
    const pageFetch = (input: string, init: RequestInit) =>
      fetch(new URL(input, server.origin), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), origin: server.origin, 'sec-fetch-site': 'same-origin' }
      })
    const stored = new Map<string, string>()
    const env = () => ({
      location: launch,
      history: { state: null, replaceState: vi.fn() },
      storage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v)
      },
      fetch: pageFetch
    })
    const first = env()
    expect(await takeLaunchToken(first)).toBe(tokenOf(server.url))
    expect(first.history.replaceState).toHaveBeenCalledWith(null, '', '/')
    stored.clear()
    expect(await takeLaunchToken(env())).toBeNull()
    await server.close()
    renderer.cleanup()
  })
})
