import type { Fault } from './faults.js'

/** What a handler returns. The responder (respond.ts) writes it and applies the request's faults. */

export interface SseBody {
  /** Complete, already framed events (`data: …\n\n` or `event: …\ndata: …\n\n`), the last being terminal. */
  frames: string[]
  /** What an error mid-stream looks like in this format (a bare JSON line, docs/GATEWAY.md §1b). */
  errorLine: string
  /** Real milliseconds between frames. */
  paceMs: number
}

export interface Reply {
  status: number
  headers?: Record<string, string>
  body?: Buffer | string
  sse?: SseBody
  /** Binary result bytes: `wrong-bytes` applies and Range requests are honoured. */
  media?: boolean
  /** This request charged quota (a paid create). */
  paid?: boolean
  /** Extra faults for the writer, e.g. `result:` faults of a task whose bytes this reply carries. */
  faults?: Fault[]
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value)
  }
}

export function text(status: number, body: string, contentType = 'text/plain; charset=utf-8'): Reply {
  return { status, headers: { 'content-type': contentType }, body }
}

export function sse(body: SseBody, headers: Record<string, string> = {}): Reply {
  return {
    status: 200,
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...headers
    },
    sse: body
  }
}

/** Thrown by handlers to answer early with a finished reply (validation, auth, not found …). */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`reply ${reply.status}`)
  }
}
