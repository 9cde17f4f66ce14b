import type { StreamOp } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import { streamErrorOf } from '../../gateway/stream-errors'
import type { BodyItem, DecodeState, FormatCodec } from './types'

/** Unreadable `data:` events in a row before the stream is given up (SECURITY.md §5.4). */
export const MAX_MALFORMED_IN_A_ROW = 3

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function malformed(state: DecodeState): StreamOp[] {
  state.malformedInARow += 1
  state.malformedTotal += 1
  if (state.malformedInARow > MAX_MALFORMED_IN_A_ROW) {
    throw new StudioError(
      'GATEWAY_ERROR',
      `The gateway sent ${state.malformedInARow} unreadable stream events in a row; the stream was stopped. The text received so far was kept.`,
      {
        details: { reason: 'malformed_events', count: state.malformedInARow }
      }
    )
  }
  return []
}

/**
 * One SSE item through a format: `[DONE]`, error events and bare error lines are the same in every
 * format, so they are handled here; everything else goes to the format's own state machine.
 * Throws the StudioError of an error event.
 */
export function decodeItem(codec: FormatCodec, state: DecodeState, item: BodyItem): StreamOp[] {
  if (item.kind === 'whole') return decodeWhole(codec, state, item.data)
  if (item.kind === 'bare') {
    const body = parse(item.line)
    const err = streamErrorOf(body)
    if (err) throw err
    return malformed(state)
  }
  if (item.data.length <= 16 && item.data.trim() === '[DONE]') {
    state.done = true
    return []
  }
  const body = parse(item.data)
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    // An `event: error` whose data is not JSON is still an error, not noise.
    if (item.event === 'error')
      throw streamErrorOf({ type: 'error', error: { message: item.data } }, 'error') as StudioError
    return malformed(state)
  }
  state.malformedInARow = 0
  const err = streamErrorOf(body, item.event)
  if (err) throw err
  return codec.step(state, body as Record<string, unknown>, item.event)
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * A non-streamed answer on a streamed route: one JSON object (the route's plain result, or an error
 * body), or a JSON array of the stream's chunks. JSON that does not parse (cut off) adds nothing and
 * sets no terminal signal, so the answer ends `incomplete`.
 */
function decodeWhole(codec: FormatCodec, state: DecodeState, text: string): StreamOp[] {
  const body = parse(text)
  if (Array.isArray(body)) {
    const ops: StreamOp[] = []
    for (const chunk of body) {
      if (!isObject(chunk)) continue
      const err = streamErrorOf(chunk)
      if (err) throw err
      ops.push(...codec.step(state, chunk, undefined))
    }
    return ops
  }
  if (!isObject(body)) return malformed(state)
  const err = streamErrorOf(body)
  if (err) throw err
  return codec.whole ? codec.whole(state, body) : codec.step(state, body, undefined)
}
