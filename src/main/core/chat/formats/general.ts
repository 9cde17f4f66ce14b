import type { StreamOp } from '@shared/domain/chat'
import { messageText } from '../parts'
import { finishWith, firstChoice, formatCodec } from './decoding'
import { defined, imagesOf, resolveImage, resultText, sendableTurns, toolCallsOf, toolResultsOf } from './history'
import type { BuildInput, DecodeState, GatewayCall } from './types'

type Body = Record<string, unknown>

/** OpenAI-style usage (`prompt_tokens`, …), shared with legacy completions. */
export function openAiUsage(u: unknown): DecodeState['meta']['usage'] | undefined {
  if (!u || typeof u !== 'object') return undefined
  const x = u as Body
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
  const usage = defined({ input: n(x.prompt_tokens), output: n(x.completion_tokens), total: n(x.total_tokens) })
  return Object.keys(usage).length ? usage : undefined
}

function userContent(input: BuildInput, m: BuildInput['history'][number]): unknown {
  const text = messageText(m)
  const images = imagesOf(m).map((a) => resolveImage(a, input.inline))
  if (images.length === 0) return text
  const parts: Body[] = []
  if (text !== '') parts.push({ type: 'text', text })
  for (const img of images) {
    if (img.kind === 'missing') parts.push({ type: 'text', text: img.note })
    else
      parts.push({
        type: 'image_url',
        image_url: { url: img.kind === 'url' ? img.url : `data:${img.mimeType};base64,${img.base64}` }
      })
  }
  return parts
}

/** An answer with tool calls keeps them: each `tool` message must follow the call it answers. */
function assistantMessage(m: BuildInput['history'][number]): Body {
  const calls = toolCallsOf(m)
  const text = messageText(m)
  if (calls.length === 0) return { role: 'assistant', content: text }
  return {
    role: 'assistant',
    content: text === '' ? null : text,
    tool_calls: calls.map((c) => ({
      id: c.id ?? '',
      type: 'function',
      function: { name: c.name, arguments: c.input.trim() === '' ? '{}' : c.input }
    }))
  }
}

function buildRequest(input: BuildInput): GatewayCall {
  if (input.params.format !== 'chat') throw new Error('general chat codec needs chat params')
  const p = input.params.params
  const messages: Body[] = []
  if (input.system.trim() !== '') messages.push({ role: 'system', content: input.system })
  for (const m of sendableTurns(input.history)) {
    if (m.role === 'assistant') {
      messages.push(assistantMessage(m))
      continue
    }
    // Each result is a `tool` message of its own; anything else the turn holds follows as a user message.
    const results = toolResultsOf(m)
    for (const r of results) messages.push({ role: 'tool', tool_call_id: r.id ?? '', content: resultText(r) })
    if (results.length === 0 || messageText(m) !== '' || imagesOf(m).length > 0)
      messages.push({ role: 'user', content: userContent(input, m) })
  }
  return {
    path: '/v1/chat/completions',
    json: {
      model: input.model,
      messages,
      stream: true,
      // Usage arrives in a final chunk with `choices: []` only when asked for.
      stream_options: { include_usage: true },
      ...defined({
        max_tokens: p.max_tokens,
        temperature: p.temperature,
        top_p: p.top_p,
        stop: p.stop?.length ? p.stop : undefined,
        tools: input.editors.tools
      })
    }
  }
}

function step(state: DecodeState, body: Body): StreamOp[] {
  const ops: StreamOp[] = []
  const usage = openAiUsage(body.usage)
  if (usage) state.meta.usage = usage
  const choice = firstChoice(body.choices)
  if (!choice) return ops
  const delta = (choice.delta && typeof choice.delta === 'object' ? choice.delta : {}) as Body
  const reasoning =
    typeof delta.reasoning_content === 'string'
      ? delta.reasoning_content
      : typeof delta.reasoning === 'string'
        ? delta.reasoning
        : ''
  if (reasoning !== '') ops.push({ part: state.parts.run('thinking'), type: 'thinking', append: reasoning })
  for (const key of ['content', 'refusal'] as const) {
    const text = delta[key]
    if (typeof text === 'string' && text !== '') ops.push({ part: state.parts.run('text'), type: 'text', append: text })
  }
  if (Array.isArray(delta.tool_calls)) {
    for (const call of delta.tool_calls as Body[]) {
      if (!call || typeof call !== 'object') continue
      const fn = (call.function && typeof call.function === 'object' ? call.function : {}) as Body
      const { index, fresh } = state.parts.byKey(`tool:${typeof call.index === 'number' ? call.index : 0}`, 'tool_call')
      const args = typeof fn.arguments === 'string' ? fn.arguments : ''
      if (!fresh && args === '') continue
      ops.push({
        part: index,
        type: 'tool_call',
        append: args,
        ...(fresh && typeof fn.name === 'string' ? { name: fn.name } : {}),
        ...(fresh && typeof call.id === 'string' ? { id: call.id } : {})
      })
    }
  }
  finishWith(state, choice.finish_reason)
  return ops
}

/** A plain `chat.completion` (unstreamed): its `message` read as one delta, then it is complete. */
function whole(state: DecodeState, body: Body): StreamOp[] {
  const choice = firstChoice(body.choices)
  const message = choice?.message
  if (!choice || !message || typeof message !== 'object') return step(state, body)
  const m = message as Body
  // Whole tool calls carry no stream index; their order is their index.
  const toolCalls = Array.isArray(m.tool_calls)
    ? (m.tool_calls as unknown[]).map((c, index) => (c && typeof c === 'object' ? { index, ...(c as Body) } : c))
    : undefined
  const ops = step(state, {
    ...body,
    choices: [{ ...choice, delta: { ...m, ...(toolCalls ? { tool_calls: toolCalls } : {}) } }]
  })
  state.terminal = true
  return ops
}

/** The general chat route, `POST /v1/chat/completions`: OpenAI-style chunks ending in `[DONE]`. */
// Some compatible servers skip [DONE]; a non-null finish_reason also ends the answer (§5.4).
export const generalCodec = formatCodec('chat', 'finish-or-done', { buildRequest, step, whole })
