import type { ChatFormat, MessagePart, StreamOp } from '@shared/domain/chat'
import { SseReader } from '../../gateway/sse'
import { codecFor, createDecodeState, decodeItem, type DecodeState } from '../formats'
import { applyOps } from '../parts'

/** What a test stream should decode to. */
export interface StreamSpec {
  thinking: string[]
  text: string[]
  tool?: { name: string; id: string; json: string[] }
}

export interface BuiltStream {
  frames: string[]
  /** Index of the frame that carries the format's terminal signal. */
  terminalFrame: number
}

const enc = new TextEncoder()

function contentStream(s: StreamSpec): BuiltStream {
  const chunk = (parts: unknown[], last: boolean) =>
    `data: ${JSON.stringify({
      candidates: [
        {
          content: { role: 'model', parts },
          index: 0,
          ...(last
            ? {
                finishReason: 'STOP',
                safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' }]
              }
            : {})
        }
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: last ? 42 : 1, totalTokenCount: last ? 45 : 4 }
    })}\n\n`
  const frames = [
    ...s.thinking.map((t) => chunk([{ text: t, thought: true }], false)),
    ...s.text.map((t) => chunk([{ text: t }], false))
  ]
  if (s.tool)
    frames.push(chunk([{ functionCall: { name: s.tool.name, args: JSON.parse(s.tool.json.join('')) } }], true))
  else frames.push(chunk([], true))
  return { frames, terminalFrame: frames.length - 1 }
}

function messagesStream(s: StreamSpec): BuiltStream {
  const ev = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n\n`
  const frames = [
    ev('message_start', {
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [],
        usage: { input_tokens: 3, output_tokens: 1 }
      }
    }),
    ev('ping', {})
  ]
  let index = 0
  if (s.thinking.length) {
    frames.push(ev('content_block_start', { index, content_block: { type: 'thinking', thinking: '' } }))
    for (const t of s.thinking)
      frames.push(ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: t } }))
    frames.push(ev('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'c2ln' } }))
    frames.push(ev('content_block_stop', { index }))
    index++
  }
  frames.push(ev('content_block_start', { index, content_block: { type: 'text', text: '' } }))
  for (const t of s.text) frames.push(ev('content_block_delta', { index, delta: { type: 'text_delta', text: t } }))
  frames.push(ev('content_block_stop', { index }))
  if (s.tool) {
    index++
    frames.push(
      ev('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: s.tool.id, name: s.tool.name, input: {} }
      })
    )
    for (const j of s.tool.json)
      frames.push(ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: j } }))
    frames.push(ev('content_block_stop', { index }))
  }
  frames.push(
    ev('message_delta', { delta: { stop_reason: s.tool ? 'tool_use' : 'end_turn' }, usage: { output_tokens: 42 } })
  )
  frames.push(ev('message_stop', {}))
  return { frames, terminalFrame: frames.length - 1 }
}

function completionsStream(s: StreamSpec): BuiltStream {
  const chunk = (text: string, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'cmpl-1', object: 'text_completion', choices: [{ text, index: 0, finish_reason: finish }] })}\n\n`
  const frames = s.text.map((t) => chunk(t, null))
  frames.push(chunk('', 'stop'))
  const terminalFrame = frames.length - 1
  frames.push(
    `data: ${JSON.stringify({ id: 'cmpl-1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 3, completion_tokens: 42, total_tokens: 45 } })}\n\n`
  )
  frames.push('data: [DONE]\n\n')
  return { frames, terminalFrame }
}

function generalStream(s: StreamSpec): BuiltStream {
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
  const frames = [chunk({ role: 'assistant', content: '' }, null)]
  for (const t of s.thinking) frames.push(chunk({ reasoning_content: t }, null))
  for (const t of s.text) frames.push(chunk({ content: t }, null))
  if (s.tool) {
    frames.push(
      chunk(
        { tool_calls: [{ index: 0, id: s.tool.id, type: 'function', function: { name: s.tool.name, arguments: '' } }] },
        null
      )
    )
    for (const j of s.tool.json) frames.push(chunk({ tool_calls: [{ index: 0, function: { arguments: j } }] }, null))
  }
  frames.push(chunk({}, s.tool ? 'tool_calls' : 'stop'))
  const terminalFrame = frames.length - 1
  frames.push(
    `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 3, completion_tokens: 42, total_tokens: 45 } })}\n\n`
  )
  frames.push('data: [DONE]\n\n')
  return { frames, terminalFrame }
}

export function buildStream(format: ChatFormat, spec: StreamSpec): BuiltStream {
  switch (format) {
    case 'content':
      return contentStream(spec)
    case 'messages':
      return messagesStream(spec)
    case 'completions':
      return completionsStream({ ...spec, thinking: [], tool: undefined })
    case 'chat':
      return generalStream(spec)
  }
}

/** The parts a spec should decode to, in each format's part order. */
export function expectedParts(format: ChatFormat, spec: StreamSpec): MessagePart[] {
  const parts: MessagePart[] = []
  const thinking = format === 'completions' ? '' : spec.thinking.join('')
  const text = spec.text.join('')
  if (thinking)
    parts.push({ type: 'thinking', text: thinking, ...(format === 'messages' ? { signature: 'c2ln' } : {}) })
  if (text || format === 'messages') parts.push({ type: 'text', text })
  if (spec.tool && format !== 'completions') {
    const json = format === 'content' ? JSON.stringify(JSON.parse(spec.tool.json.join(''))) : spec.tool.json.join('')
    parts.push({
      type: 'tool_call',
      name: spec.tool.name,
      input: json,
      ...(format === 'content' ? {} : { id: spec.tool.id })
    })
  }
  return parts
}

export interface Decoded {
  ops: StreamOp[]
  parts: MessagePart[]
  complete: boolean
  state: DecodeState
  error?: unknown
}

/** Runs byte chunks through the same reader and state machine the runner uses. */
export function decodeChunks(format: ChatFormat, chunks: readonly Uint8Array[]): Decoded {
  const codec = codecFor(format)
  const state = createDecodeState()
  const ops: StreamOp[] = []
  const reader = new SseReader((item) => ops.push(...decodeItem(codec, state, item)))
  let error: unknown
  try {
    for (const c of chunks) reader.push(c)
    reader.end()
  } catch (e) {
    error = e
  }
  const parts: MessagePart[] = []
  applyOps(parts, ops)
  for (const [i, sig] of Object.entries(state.signatures)) {
    const p = parts[Number(i)]
    if (p?.type === 'thinking') p.signature = sig
  }
  return { ops, parts, complete: codec.isComplete(state), state, ...(error !== undefined ? { error } : {}) }
}

export function bytesOf(text: string): Uint8Array {
  return enc.encode(text)
}

/** Splits bytes at the given offsets (any order, duplicates and out-of-range ones ignored). */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b)
  const out: Uint8Array[] = []
  let prev = 0
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(prev, p))
    prev = p
  }
  return out
}
