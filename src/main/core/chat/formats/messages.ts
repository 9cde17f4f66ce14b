import type { StreamOp } from '@shared/domain/chat'
import { STANDIN_NAMES } from '@shared/domain/gateway-names'
import { messageText } from '../parts'
import { formatCodec } from './decoding'
import {
  callArgs,
  defined,
  imagesOf,
  resolveImage,
  resultText,
  sendableTurns,
  toolCallsOf,
  toolResultsOf
} from './history'
import type { BuildInput, DecodeState, GatewayCall } from './types'

type Body = Record<string, unknown>

function userContent(input: BuildInput, m: BuildInput['history'][number]): unknown {
  const text = messageText(m)
  const images = imagesOf(m).map((a) => resolveImage(a, input.inline))
  // Results come first: the format wants every tool_result at the start of the turn after the calls.
  const blocks: Body[] = toolResultsOf(m).map((r) => ({
    type: 'tool_result',
    tool_use_id: r.id ?? '',
    content: resultText(r)
  }))
  if (images.length === 0 && blocks.length === 0) return text
  for (const img of images) {
    if (img.kind === 'url') blocks.push({ type: 'image', source: { type: 'url', url: img.url } })
    // The spec lists only URL sources; a local file goes as the upstream-native base64 source,
    // which the gateway passes through (a granted file has no public URL to offer).
    else if (img.kind === 'inline')
      blocks.push({ type: 'image', source: { type: 'base64', media_type: img.mimeType, data: img.base64 } })
    else blocks.push({ type: 'text', text: img.note })
  }
  if (text !== '') blocks.push({ type: 'text', text })
  return blocks
}

/**
 * An answer with tool calls goes back as blocks. Its signed thinking goes with it: with extended
 * thinking on, the upstream refuses a tool result whose call lost the thinking that preceded it.
 */
function assistantContent(m: BuildInput['history'][number]): unknown {
  const calls = toolCallsOf(m)
  if (calls.length === 0) return messageText(m)
  const blocks: Body[] = []
  for (const p of m.parts)
    if (p.type === 'thinking' && p.signature)
      blocks.push({ type: 'thinking', thinking: p.text, signature: p.signature })
  const text = messageText(m)
  if (text !== '') blocks.push({ type: 'text', text })
  for (const call of calls) blocks.push({ type: 'tool_use', id: call.id ?? '', name: call.name, input: callArgs(call) })
  return blocks
}

function buildRequest(input: BuildInput): GatewayCall {
  if (input.params.format !== 'messages') throw new Error('messages codec needs messages params')
  const p = input.params.params
  const names = input.names ?? STANDIN_NAMES
  const messages = sendableTurns(input.history).map((m) =>
    m.role === 'user'
      ? { role: 'user', content: userContent(input, m) }
      : { role: 'assistant', content: assistantContent(m) }
  )
  return {
    path: '/v1/messages',
    headers: { [names.messagesVersionHeader]: names.messagesVersionValue },
    json: {
      model: input.model,
      messages,
      // Always sent: when omitted the gateway fills in its own default (GATEWAY.md §1b).
      max_tokens: p.max_tokens,
      stream: true,
      ...defined({
        system: input.system.trim() !== '' ? input.system : undefined,
        temperature: p.temperature,
        top_p: p.top_p,
        top_k: p.top_k,
        stop_sequences: p.stop_sequences?.length ? p.stop_sequences : undefined,
        tools: input.editors.tools,
        tool_choice: input.editors.toolChoice,
        thinking: p.thinking?.enabled ? { type: 'enabled', budget_tokens: p.thinking.budget_tokens } : undefined,
        metadata: p.user_id?.trim() ? { user_id: p.user_id.trim() } : undefined
      })
    }
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

function setUsage(state: DecodeState, u: unknown): void {
  if (!u || typeof u !== 'object') return
  const x = u as Body
  const input = num(x.input_tokens) ?? state.meta.usage?.input
  // message_delta carries the cumulative output count, so the latest value replaces the earlier one.
  const output = num(x.output_tokens) ?? state.meta.usage?.output
  state.meta.usage = defined({
    input,
    output,
    total: input !== undefined && output !== undefined ? input + output : undefined
  })
}

const BLOCK_PART: Record<string, StreamOp['type']> = {
  text: 'text',
  thinking: 'thinking',
  redacted_thinking: 'thinking',
  tool_use: 'tool_call',
  server_tool_use: 'tool_call'
}
const DELTA_PART: Record<string, StreamOp['type']> = {
  text_delta: 'text',
  thinking_delta: 'thinking',
  input_json_delta: 'tool_call',
  signature_delta: 'thinking'
}

function blockStart(state: DecodeState, body: Body): StreamOp[] {
  const block = (body.content_block ?? {}) as Body
  const type = BLOCK_PART[String(block.type)]
  if (!type) return []
  const { index } = state.parts.byKey(`block:${String(body.index)}`, type)
  if (type === 'tool_call') {
    const given =
      block.input && typeof block.input === 'object' && Object.keys(block.input).length > 0
        ? JSON.stringify(block.input)
        : ''
    return [
      {
        part: index,
        type,
        append: given,
        name: typeof block.name === 'string' ? block.name : '',
        ...(typeof block.id === 'string' ? { id: block.id } : {})
      }
    ]
  }
  const text = type === 'text' ? block.text : block.thinking
  return [{ part: index, type, append: typeof text === 'string' ? text : '' }]
}

function blockDelta(state: DecodeState, body: Body): StreamOp[] {
  const delta = (body.delta ?? {}) as Body
  const type = DELTA_PART[String(delta.type)]
  if (!type) return []
  const { index } = state.parts.byKey(`block:${String(body.index)}`, type)
  if (delta.type === 'signature_delta') {
    state.signatures[index] = (state.signatures[index] ?? '') + String(delta.signature ?? '')
    return []
  }
  const value =
    delta.type === 'text_delta' ? delta.text : delta.type === 'thinking_delta' ? delta.thinking : delta.partial_json
  if (typeof value !== 'string' || value === '') return []
  return [{ part: index, type, append: value }]
}

function step(state: DecodeState, body: Body): StreamOp[] {
  switch (body.type) {
    case 'message_start':
      setUsage(state, (body.message as Body | undefined)?.usage)
      return []
    case 'content_block_start':
      return blockStart(state, body)
    case 'content_block_delta':
      return blockDelta(state, body)
    case 'message_delta': {
      const reason = (body.delta as Body | undefined)?.stop_reason
      if (typeof reason === 'string' && reason !== '') state.meta.finishReason = reason
      setUsage(state, body.usage)
      return []
    }
    case 'message_stop':
      state.terminal = true
      return []
    default:
      // ping, content_block_stop and event types added later carry nothing to show.
      return []
  }
}

/** A plain `message` (the route's unstreamed answer): its blocks in order, then it is complete. */
function whole(state: DecodeState, body: Body): StreamOp[] {
  if (body.type !== 'message' && !Array.isArray(body.content)) return step(state, body)
  setUsage(state, body.usage)
  const ops: StreamOp[] = []
  const blocks = Array.isArray(body.content) ? (body.content as unknown[]) : []
  blocks.forEach((block, index) => {
    if (!block || typeof block !== 'object') return
    const b = block as Body
    const started = blockStart(state, { index, content_block: b })
    ops.push(...started)
    if (started[0] && typeof b.signature === 'string' && b.signature !== '')
      state.signatures[started[0].part] = b.signature
  })
  if (typeof body.stop_reason === 'string' && body.stop_reason !== '') state.meta.finishReason = body.stop_reason
  state.terminal = true
  return ops
}

/** Native messages format: `event:` + `data:` frames, complete only at `message_stop`. */
export const messagesCodec = formatCodec('messages', 'finish', { buildRequest, step, whole })
