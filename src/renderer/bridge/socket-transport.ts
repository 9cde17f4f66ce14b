// The zod-free wire module: this script runs before the app, so zod must not load with it (T1).
import {
  lostConnectionResult,
  MAX_REQUEST_FRAME_BYTES,
  readHelloFrame,
  readServerFrame,
  requestTooLargeMessage
} from '@shared/bridge-wire'
import type { BridgeTransport, Disposer } from '@shared/contract-kit'
import type { Result } from '@shared/error-core'

/** The part of a WebSocket the transport uses; the browser's WebSocket and `ws` both fit. */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((ev: never) => void) | null
  onclose: ((ev: never) => void) | null
  onerror: ((ev: never) => void) | null
  // `never` parameters let both the DOM's and ws's handler types fit; we only read `data`.
  onmessage: ((ev: never) => void) | null
}

/**
 * The host must prove itself on every (re)connection before the page sends a single frame: a
 * server that took the port after the host exited must not receive a key typed into Settings.
 */
export interface HostHandshake {
  /** A fresh random challenge for one connection; connect() puts it in the socket's address. */
  challenge(): string
  /** The page's first frame (the token) when `proof` is the host's answer to `challenge`, else null. */
  answer(challenge: string, proof: string): Promise<string | null>
}

export interface SocketTransportOptions {
  connect: (challenge?: string) => SocketLike
  /** Without it the socket is trusted as soon as it opens (tests of the plain transport). */
  handshake?: HostHandshake

  /** Delay before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number
}

/** Invokes and events; uploads go over HTTP (http-upload.ts), not through the socket. */
export interface SocketTransport extends Omit<BridgeTransport, 'upload'> {
  /**
   * Resolves null once a socket whose host passed the handshake is open (at once if one is), or
   * the Result to answer instead: the connection was lost while waiting (retryable), or the
   * transport has stopped (a server that could not prove it is the host, or close()). Uploads wait
   * on it, so a file and the token go over HTTP only to a host that has just proved itself.
   */
  whenProven(): Promise<Result<never> | null>
  /** Stops reconnecting and fails whatever is still waiting (tests, page teardown). */
  close(): void
}

const OPEN = 1

export function defaultBackoff(attempt: number): number {
  const base = Math.min(250 * 2 ** attempt, 5000)
  return base * (0.8 + Math.random() * 0.4)
}

/**
 * `window.studio`'s transport in the browser host: invokes wait for an open socket, answers are
 * matched by id, and a dropped socket fails its waiting invokes at once (retryable) instead of
 * leaving the UI spinning, then reconnects with backoff. Events are fanned out to local listeners.
 */
export function createSocketTransport(opts: SocketTransportOptions): SocketTransport {
  const backoff = opts.backoffMs ?? defaultBackoff
  const pending = new Map<number, (r: Result<unknown>) => void>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let queue: string[] = []
  /** Callers of whenProven() waiting for the next proven socket (or for the reason there is none). */
  let provenWaiters: Array<(r: Result<never> | null) => void> = []
  let socket: SocketLike | null = null
  /** The socket whose host passed the handshake (or any open socket, without one). */
  let trustedSocket: SocketLike | null = null
  let attempt = 0
  let nextId = 1
  let closed = false
  let timer: ReturnType<typeof setTimeout> | undefined

  /** What calls get once the transport has stopped for good. */
  let stoppedResult: () => Result<never> = lostConnectionResult

  function failAll(result: () => Result<never> = lostConnectionResult): void {
    const waiting = [...pending.values()]
    pending.clear()
    queue = []
    for (const resolve of waiting) resolve(result())
    const waiters = provenWaiters
    provenWaiters = []
    for (const resolve of waiters) resolve(result())
  }

  function onMessage(data: unknown): void {
    if (typeof data !== 'string') return
    const frame = readServerFrame(data)
    if (!frame) return
    if (frame.t === 'result') {
      const resolve = pending.get(frame.id)
      pending.delete(frame.id)
      resolve?.(frame.result)
      return
    }
    for (const listener of [...(listeners.get(frame.name) ?? [])]) {
      try {
        listener(frame.payload)
      } catch (e) {
        // One broken listener must not starve the others; still surface it in the console.
        if (typeof reportError === 'function') reportError(e)
        else console.error(e)
      }
    }
  }

  function open(): void {
    if (closed) return
    const handshake = opts.handshake
    const challenge = handshake?.challenge()
    const ws = opts.connect(challenge)
    // Until the host has proved itself, nothing is sent and nothing it says is believed.
    const ready = (): void => {
      trustedSocket = ws
      attempt = 0
      const toSend = queue
      queue = []
      for (const text of toSend) ws.send(text)
      const waiters = provenWaiters
      provenWaiters = []
      for (const resolve of waiters) resolve(null)
    }
    socket = ws
    ws.onopen = () => {
      if (!handshake) ready()
    }
    let checking = false
    ws.onmessage = (ev: { data: unknown }) => {
      if (trustedSocket === ws) return onMessage(ev.data)
      if (!handshake || challenge === undefined || checking) return
      const hello = readHelloFrame(ev.data)
      if (!hello) return
      checking = true
      void handshake
        .answer(challenge, hello.proof)
        .catch(() => null)
        .then((first) => {
          if (socket !== ws) return
          if (first === null) return impostor(ws)
          ws.send(first)
          ready()
        })
    }
    ws.onerror = () => {} // a close event always follows; that is where we act
    ws.onclose = () => {
      if (trustedSocket === ws) trustedSocket = null
      if (socket !== ws) return
      socket = null
      failAll()
      if (!closed) timer = setTimeout(open, backoff(attempt++))
    }
  }

  function impostor(ws: SocketLike): void {
    closed = true
    socket = null
    stoppedResult = notOurHostResult
    failAll(notOurHostResult)
    ws.close(1000, 'not the studio host')
  }

  open()

  return {
    invoke(channel, input) {
      const id = nextId++
      let text: string
      try {
        text = JSON.stringify({ t: 'invoke', id, channel, input })
      } catch {
        return Promise.resolve(invalid('The request could not be serialised'))
      }
      // Cheap bound first (a UTF-16 unit is at most 3 UTF-8 bytes), exact count only when close.
      if (text.length * 3 > MAX_REQUEST_FRAME_BYTES) {
        const bytes = new TextEncoder().encode(text).length
        if (bytes > MAX_REQUEST_FRAME_BYTES) return Promise.resolve(invalid(requestTooLargeMessage(bytes)))
      }
      if (closed) return Promise.resolve(stoppedResult())
      return new Promise((resolve) => {
        pending.set(id, resolve)
        if (socket?.readyState === OPEN && trustedSocket === socket) socket.send(text)
        else queue.push(text)
      })
    },
    whenProven() {
      if (closed) return Promise.resolve(stoppedResult())
      if (socket !== null && socket === trustedSocket && socket.readyState === OPEN) return Promise.resolve(null)
      return new Promise((resolve) => provenWaiters.push(resolve))
    },
    subscribe(event, listener): Disposer {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    close() {
      closed = true
      clearTimeout(timer)
      const ws = socket
      socket = null
      failAll()
      ws?.close(1000, 'closed')
    }
  }
}

/** The answer to every call once a server on the host's address failed to prove it is that host. */
export function notOurHostResult(): Result<never> {
  return {
    ok: false,
    error: {
      code: 'FORBIDDEN_SENDER',
      message:
        'The server at this address is not the studio host this page was opened from (it may have stopped). Nothing was sent. Open the link printed when the studio started.',
      retryable: false
    }
  }
}

function invalid(message: string): Result<never> {
  return { ok: false, error: { code: 'INVALID_INPUT', message, retryable: false } }
}
