import type { StreamOp } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import type { SseItem } from '../../gateway/sse'
import { streamErrorOf } from '../../gateway/stream-errors'
import type { DecodeState, FormatCodec } from './types'

/** Unreadable `data:` events in a row before the stream is given up (security anchors §5.4). */
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
    throw new StudioError('GATEWAY_ERROR', `The gateway sent ${state.malformedInARow} unreadable stream events in a row; the stream was stopped. The text received so far was kept.`, {
      details: { reason: 'malformed_events', count: state.malformedInARow }
    })
  }
  return []
}

/**
 * One SSE item through a format: `[DONE]`, error events and bare error lines are the same in every
 * format, so they are handled here; everything else goes to the format's own state machine.
 * Throws the StudioError of an error event.
 */
export function decodeItem(codec: FormatCodec, state: DecodeState, item: SseItem): StreamOp[] {
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
    if (item.event === 'error') throw streamErrorOf({ type: 'error', error: { message: item.data } }, 'error') as StudioError
    return malformed(state)
  }
  state.malformedInARow = 0
  const err = streamErrorOf(body, item.event)
  if (err) throw err
  return codec.step(state, body as Record<string, unknown>, item.event)
}
