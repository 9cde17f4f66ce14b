import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import {
  AuthFrameSchema,
  InvokeFrameSchema,
  MAX_REQUEST_FRAME_BYTES,
  parseFrame,
  type HelloFrame,
  type ServerFrame
} from '@shared/bridge-protocol'
import type { Disposer } from '@shared/contract-kit'
import type { Result } from '@shared/errors'
import { hostProof, sameToken } from './access'
import type { HostCore } from './host-core'

/** A client that stops reading (hung tab) must not make the host buffer without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024
/** Per socket, the first few malformed frames are logged in full; the rest only counted. */
const LOGGED_MALFORMED_PER_SOCKET = 5
/** A socket that has not shown the token by then is closed. */
export const AUTH_DEADLINE_MS = 10_000
/** Close codes the page can tell apart (4000-4999 are the application's). */
export const CLOSE_NOT_AUTHENTICATED = 4401

export interface BridgeStats {
  /** Frames ignored because they were not a valid invoke (all sockets, since start). */
  malformed: number
  clients: number
}

export interface WsBridge {
  /** Called for an upgrade that already passed the access check, with the page's challenge. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer, challenge: string): void
  stats(): BridgeStats
  /** Closes every socket at once (the token was replaced: pages must reconnect and prove it anew). */
  dropAll(): void
  close(): Promise<void>
}

/**
 * The WebSocket side of `window.studio`: invokes go to the same dispatcher the Electron shell
 * uses, every core event is pushed to every page. Nothing a page sends can throw out of here.
 */
/** `token` is read on every handshake, so a replaced token (server.ts, a reused launch code) applies at once. */
export function createWsBridge(core: HostCore, token: () => string): WsBridge {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_FRAME_BYTES, perMessageDeflate: false })
  /** Sockets whose first frame carried the launch token: the only ones that get answers or events. */
  const authed = new WeakSet<WebSocket>()
  let malformed = 0

  const removeSink: Disposer = core.events.addSink((...[name, _payload, json]) => {
    // The frame `{ t: 'event', name, payload }` (ServerFrame), built around the payload the hub
    // already serialized instead of serializing it a second time.
    const text =
      json === undefined
        ? JSON.stringify({ t: 'event', name, payload: undefined } satisfies ServerFrame)
        : `{"t":"event","name":${JSON.stringify(name)},"payload":${json}}`
    for (const client of wss.clients) if (authed.has(client)) send(client, text)
  })

  function send(ws: WebSocket, text: string): void {
    if (ws.readyState !== WebSocket.OPEN) return
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      core.log('browser host: a page stopped reading its bridge socket; dropping it so it reconnects')
      ws.terminate()
      return
    }
    ws.send(text)
  }

  function onConnection(ws: WebSocket, challenge: string): void {
    // Proof first: the page sends nothing until it has checked this (item: whom it reconnects to).
    ws.send(JSON.stringify({ t: 'hello', proof: hostProof(token(), challenge) } satisfies HelloFrame))
    const deadline = setTimeout(() => {
      core.log('browser host: a bridge socket did not authenticate in time')
      ws.close(CLOSE_NOT_AUTHENTICATED, 'not authenticated')
    }, AUTH_DEADLINE_MS)
    deadline.unref()
    let ignored = 0
    const ignore = (why: string): void => {
      malformed++
      ignored++
      if (ignored <= LOGGED_MALFORMED_PER_SOCKET) core.log(`browser host: ignored a bridge frame (${why})`)
    }
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return ignore('binary frame')
      if (!authed.has(ws)) {
        clearTimeout(deadline)
        const auth = parseFrame(AuthFrameSchema, data.toString())
        if (auth && sameToken(auth.token, token())) return void authed.add(ws)
        core.log('browser host: refused a bridge socket (bad token in its first frame)')
        return ws.close(CLOSE_NOT_AUTHENTICATED, 'not authenticated')
      }
      const frame = parseFrame(InvokeFrameSchema, data.toString())
      if (!frame) return ignore('not a valid invoke frame')
      void answer(frame.id, frame.channel, frame.input).then((text) => send(ws, text))
    })
    ws.on('error', (e) => core.log(`browser host: bridge socket error: ${e.message}`))
    ws.on('close', () => {
      clearTimeout(deadline)
      if (ignored > LOGGED_MALFORMED_PER_SOCKET)
        core.log(`browser host: a bridge socket sent ${ignored} malformed frames in all`)
    })
  }

  async function answer(id: number, channel: string, input: unknown): Promise<string> {
    let result: Result<unknown>
    try {
      result = await core.dispatch(channel, input, { shell: 'browser' })
    } catch (e) {
      // The dispatcher catches handler errors itself; this is only a last line of defence.
      core.log(`browser host: dispatch threw for ${channel}: ${String(e)}`)
      result = {
        ok: false,
        error: { code: 'INTERNAL', message: 'Internal error in the studio host', retryable: false }
      }
    }
    try {
      return JSON.stringify({ t: 'result', id, result } satisfies ServerFrame)
    } catch {
      const error = {
        code: 'INTERNAL',
        message: `The host could not encode the answer for ${channel}`,
        retryable: false
      } as const
      return JSON.stringify({ t: 'result', id, result: { ok: false, error } } satisfies ServerFrame)
    }
  }

  return {
    accept(req, socket, head, challenge) {
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, challenge))
    },
    stats: () => ({ malformed, clients: wss.clients.size }),
    dropAll() {
      for (const client of wss.clients) client.terminate()
    },
    close() {
      removeSink()
      for (const client of wss.clients) client.terminate()
      return new Promise((resolve) => wss.close(() => resolve()))
    }
  }
}
