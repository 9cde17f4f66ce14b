import { StudioError, isStudioError } from '@shared/errors'
import { ERROR_BODY_MAX_BYTES, answerTooLarge, readBodyText } from '../gateway/bounded-body'
import { errorFromResponse } from '../gateway/errors'
import { causeCode, sendGateway, type FetchLike, type GatewayConnection } from '../gateway/http'
import { SseReader } from '../gateway/sse'
import { withoutPaths } from '../store/file-role'
import type { BodyItem, GatewayCall } from './formats'

export interface SendOptions {
  headersTimeoutMs: number
  preSendRetries: number
  preSendBackoffMs: number
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms)
    function done() {
      clearTimeout(t)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Sends the stream request. Only a failure before any byte left (refused, DNS) is retried: once the
 * request may have reached the gateway it may also have been charged, so it is never sent twice.
 * The status is checked before the body is touched: an error status is a JSON error even when the
 * gateway labelled it text/event-stream (GATEWAY.md §1d).
 */
export async function openStream(
  fetchImpl: FetchLike,
  conn: GatewayConnection,
  call: GatewayCall,
  signal: AbortSignal,
  opts: SendOptions
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await sendGateway(fetchImpl, conn, {
        method: 'POST',
        path: call.path,
        query: call.query,
        json: call.json,
        headers: { Accept: 'text/event-stream', ...call.headers },
        timeoutMs: opts.headersTimeoutMs,
        signal,
        paid: true
      })
      if (res.status >= 400)
        throw errorFromResponse(
          res.status,
          await readBodyText(res, ERROR_BODY_MAX_BYTES, { truncate: true }),
          res.headers
        )
      return res
    } catch (e) {
      const preSend = isStudioError(e) && e.details?.preSend === true
      if (!preSend || attempt >= opts.preSendRetries || signal.aborted) throw e
      // Full jitter keeps several windows from retrying in lockstep.
      await sleep(Math.random() * opts.preSendBackoffMs * 2 ** attempt, signal)
      if (signal.aborted) throw e
    }
  }
}

/** Thrown for a failure of the connection while the body was being read (not a gateway answer). */
export class BodyBroken extends Error {
  constructor(override readonly cause: unknown) {
    super('stream body broken')
  }
}

/**
 * Past this many decoded bytes a non-streamed answer (or the whitespace before the first byte that
 * says what the body is) is not buffered further: the read stops with `answerTooLarge`. A streamed
 * answer has no total cap; each of its events is capped by the SSE reader (SSE_MAX_BUFFER_CHARS).
 */
export const WHOLE_ANSWER_MAX_BYTES = 16 * 1024 * 1024

/** The first byte that is not whitespace (or a BOM) across the chunks held so far, if any yet. */
function firstByte(chunks: readonly Uint8Array[]): number | undefined {
  for (const c of chunks) {
    for (const b of c) {
      if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0xef && b !== 0xbb && b !== 0xbf) return b
    }
  }
  return undefined
}

const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b

/**
 * Reads the answer body into items. An event stream becomes SSE items. Anything else, and an
 * "event stream" whose first byte opens JSON, is read whole into one `whole` item: the gateway may
 * answer 200 with a JSON error (OpenAI channels), older builds answer the content format with one
 * JSON object (or the array of its chunks), and some relays answer a stream request unstreamed.
 * `onChunk` runs for every network chunk (the idle timer) either way.
 */
export async function readStreamBody(
  res: Response,
  onItem: (item: BodyItem) => void,
  onChunk: () => void
): Promise<void> {
  if (!res.body) return
  let mode: 'sse' | 'whole' | undefined = /text\/event-stream/i.test(res.headers.get('content-type') ?? '')
    ? undefined
    : 'whole'
  const held: Uint8Array[] = []
  const sse = new SseReader(onItem)
  const decoder = new TextDecoder('utf-8')
  let text = ''
  let wholeBytes = 0
  let heldBytes = 0
  const feed = (bytes: Uint8Array) => {
    if (mode === 'sse') return sse.push(bytes)
    wholeBytes += bytes.byteLength
    if (wholeBytes > WHOLE_ANSWER_MAX_BYTES) throw answerTooLarge(WHOLE_ANSWER_MAX_BYTES)
    text += decoder.decode(bytes, { stream: true })
  }
  const reader = res.body.getReader()
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>
      try {
        chunk = await reader.read()
      } catch (e) {
        throw new BodyBroken(e)
      }
      if (chunk.done) break
      onChunk()
      if (mode !== undefined) {
        feed(chunk.value)
        continue
      }
      held.push(chunk.value)
      heldBytes += chunk.value.byteLength
      // The chunks held before this one were all whitespace: only the new one needs looking at.
      const first = firstByte([chunk.value])
      if (first === undefined) {
        // Only whitespace so far: an endless run of it must not be held without end.
        if (heldBytes > WHOLE_ANSWER_MAX_BYTES) throw answerTooLarge(WHOLE_ANSWER_MAX_BYTES)
        continue
      }
      mode = first === OPEN_BRACE || first === OPEN_BRACKET ? 'whole' : 'sse'
      for (const c of held.splice(0)) feed(c)
    }
    if (mode === 'sse') return sse.end()
    for (const c of held.splice(0)) feed(c)
    const whole = (text + decoder.decode()).trim()
    if (whole.startsWith('<')) {
      throw new StudioError(
        'NOT_A_GATEWAY',
        'The address answered with a web page, not the gateway API. Check the base URL.',
        { status: res.status }
      )
    }
    if (whole !== '') onItem({ kind: 'whole', data: whole })
  } finally {
    // Closes the socket when we stop early (error event, oversized event); harmless after EOF.
    reader.cancel().catch(() => {})
  }
}

export type StopReason = 'user' | 'idle' | 'total' | 'shutdown'

/** How a stream that did not finish normally ends: its status and the error shown with it. */
export function classifyEnd(
  e: unknown,
  stop: StopReason | undefined,
  timing: { idleTimeoutMs: number; totalTimeoutMs: number }
): { status: 'cancelled' | 'incomplete' | 'error'; error?: StudioError } {
  const kept = 'The text received so far was kept.'
  if (stop === 'user') return { status: 'cancelled' }
  if (stop === 'idle') {
    const s = Math.round(timing.idleTimeoutMs / 1000)
    return {
      status: 'incomplete',
      error: new StudioError('TIMEOUT', `The gateway sent nothing for ${s} s, so the answer was stopped. ${kept}`, {
        retryable: true
      })
    }
  }
  if (stop === 'total') {
    const min = Math.round(timing.totalTimeoutMs / 60_000)
    return {
      status: 'incomplete',
      error: new StudioError('TIMEOUT', `The answer took longer than ${min} min and was stopped. ${kept}`, {
        retryable: true
      })
    }
  }
  if (stop === 'shutdown')
    return {
      status: 'incomplete',
      error: new StudioError('STREAM_INCOMPLETE', `The app closed while the answer was streaming. ${kept}`)
    }
  if (e instanceof BodyBroken) {
    const code = causeCode(e.cause)
    return {
      status: 'incomplete',
      error: new StudioError(
        'STREAM_INCOMPLETE',
        `The connection dropped before the answer was finished${code ? ` (${code})` : ''}. ${kept}`,
        {
          retryable: true,
          details: { cause: code || 'unknown' }
        }
      )
    }
  }
  if (isStudioError(e)) return { status: 'error', error: e }
  const message = withoutPaths(e instanceof Error ? e.message : String(e))
  return { status: 'error', error: new StudioError('INTERNAL', `The answer could not be read: ${message}`) }
}

export function incompleteError(): StudioError {
  return new StudioError(
    'STREAM_INCOMPLETE',
    'The answer ended before the gateway said it was finished, so it may be cut short. The text received so far was kept.',
    {
      retryable: true
    }
  )
}
