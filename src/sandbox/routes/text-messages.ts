import type { SandboxContext } from '../context.js'
import { relayError } from '../errors.js'
import { charge, fail, optArray, optBool, optInt, optNumber, optObject, requireModel, requireQuota } from '../gate.js'
import { json, ReplyError, sse, type Reply } from '../reply.js'
import { hash32 } from '../rng.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { argsFor, countTokens, generate, jsonPieces, paceFor, pieces, thinkingText } from '../text/corpus.js'
import {
  echoed,
  echoText,
  messagesResultProblem,
  parseMaybe,
  toolsToCall,
  type EchoedResult
} from '../text/tool-turns.js'

type Body = Record<string, unknown>

const BLOCK_KINDS = ['text', 'image', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document']

function blockText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((b) =>
      b && typeof b === 'object' && typeof (b as Body).text === 'string' ? ((b as Body).text as string) : ''
    )
    .join('\n')
}

function validate(req: SandboxRequest, b: Body): { messages: Body[]; system: string } {
  const messages = optArray(req, b, 'messages')
  if (!messages || messages.length === 0) throw fail(req, 'field messages is required')
  messages.forEach((m, i) => {
    if (!m || typeof m !== 'object') throw fail(req, `messages.${i} must be an object`)
    const role = (m as Body).role
    if (role !== 'user' && role !== 'assistant')
      throw fail(req, `messages.${i}.role: Input should be 'user' or 'assistant'`)
    const c = (m as Body).content
    if (typeof c === 'string') return
    if (!Array.isArray(c)) throw fail(req, `messages.${i}.content must be a string or an array of blocks`)
    c.forEach((blk, j) => {
      const type = blk && typeof blk === 'object' ? (blk as Body).type : undefined
      if (typeof type !== 'string' || !BLOCK_KINDS.includes(type))
        throw fail(req, `messages.${i}.content.${j}.type is not a valid block type`)
      if (type === 'image') {
        const src = (blk as Body).source as Body | undefined
        if (!src || (src.type !== 'url' && src.type !== 'base64'))
          throw fail(req, `messages.${i}.content.${j}.source must be {type: url|base64}`)
      }
    })
  })
  const sys = b.system
  if (sys !== undefined && typeof sys !== 'string' && !Array.isArray(sys))
    throw fail(req, 'field system must be a string or an array')
  optInt(req, b, 'max_tokens', { min: 1 })
  optBool(req, b, 'stream')
  optNumber(req, b, 'temperature', { min: 0, max: 2 })
  optNumber(req, b, 'top_p', { min: 0, max: 1 })
  optInt(req, b, 'top_k', { min: 0 })
  const stops = optArray(req, b, 'stop_sequences')
  if (stops?.some((s) => typeof s !== 'string')) throw fail(req, 'field stop_sequences must be an array of strings')
  const tools = optArray(req, b, 'tools')
  tools?.forEach((tool, i) => {
    const t = tool as Body
    if (!t || typeof t.name !== 'string' || !t.name) throw fail(req, `tools.${i}.name is required`)
    if (t.input_schema !== undefined && (typeof t.input_schema !== 'object' || t.input_schema === null))
      throw fail(req, `tools.${i}.input_schema must be an object`)
  })
  const choice = optObject(req, b, 'tool_choice')
  if (choice && !['auto', 'any', 'tool', 'none'].includes(String(choice.type)))
    throw fail(req, 'tool_choice.type must be auto, any, tool or none')
  const thinking = optObject(req, b, 'thinking')
  if (thinking) {
    if (thinking.type !== 'enabled' && thinking.type !== 'disabled')
      throw fail(req, 'thinking.type must be enabled or disabled')
    if (
      thinking.type === 'enabled' &&
      (typeof thinking.budget_tokens !== 'number' || !Number.isInteger(thinking.budget_tokens))
    ) {
      throw fail(req, 'thinking.budget_tokens is required when thinking is enabled')
    }
  }
  optObject(req, b, 'metadata')
  return { messages: messages as Body[], system: typeof sys === 'string' ? sys : blockText(sys) }
}

function frame(type: string, data: Body): string {
  // The gateway writes one extra blank line after each Claude event; parsers must tolerate it.
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n\n`
}

/** The results in the last turn, named after the tool_use blocks they answer. */
function answeredResults(messages: readonly Body[]): EchoedResult[] {
  const last = messages[messages.length - 1]
  const prev = messages[messages.length - 2]
  const uses = Array.isArray(prev?.content) ? (prev.content as Body[]).filter((x) => x?.type === 'tool_use') : []
  const blocks = Array.isArray(last.content) ? (last.content as Body[]) : []
  return blocks
    .filter((x) => x?.type === 'tool_result')
    .map((r) => ({
      name: String(uses.find((u) => u.id === r.tool_use_id)?.name ?? r.tool_use_id),
      value: typeof r.content === 'string' ? parseMaybe(r.content) : r.content
    }))
}

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  const model = requireModel(req, b.model, ['chat'])
  const { messages, system } = validate(req, b)
  // Optional (the gateway fills in a default), but when sent under this naming's name it must be a version.
  const version = req.headers[ctx.naming.versionHeader]
  if (version !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(version.trim()))
    throw fail(req, `header ${ctx.naming.versionHeader} must be a version date such as 2023-06-01`)
  const problem = messagesResultProblem(messages)
  if (problem)
    throw new ReplyError(
      relayError(
        { format: req.route.format, requestId: req.requestId },
        400,
        'invalid_request_error',
        problem,
        'invalid_request_error'
      )
    )
  const last = messages[messages.length - 1]
  const results = answeredResults(messages)
  const prompt = results.length > 0 ? echoText(results) : blockText(last.content)
  const inputTokens = countTokens(system + messages.map((m) => blockText(m.content)).join('\n'))
  requireQuota(req, ctx, ctx.catalog.textCost(model, inputTokens, 0))

  const seed = ctx.resultSeed('messages', model, prompt)
  const maxTokens = (b.max_tokens as number | undefined) ?? 8192
  const gen =
    results.length > 0
      ? echoed(prompt, seed)
      : generate(seed, prompt, { maxTokens, stop: b.stop_sequences as string[] | undefined })
  const thinkingOn = !!ctx.catalog.find(model)?.thinking || (b.thinking as Body | undefined)?.type === 'enabled'
  const thought = thinkingOn ? thinkingText(seed, prompt) : ''
  const signature = thinkingOn ? Buffer.from(`sandbox-signature-${hash32(seed, 'sig')}`).toString('base64') : ''
  const tools = (b.tools as Body[] | undefined) ?? []
  const choice = b.tool_choice as Body | undefined
  const answeredTool = Array.isArray(last.content) && (last.content as Body[]).some((x) => x?.type === 'tool_result')
  const forced = choice?.type === 'tool' ? tools.filter((t) => t.name === choice.name) : []
  const chosen =
    tools.length && choice?.type !== 'none' && !answeredTool
      ? forced.length
        ? forced
        : toolsToCall(tools, (t) => String(t.name), prompt)
      : []
  const uses = chosen.map((t) => ({
    id: `toolu_${ctx.ids.alnum(24)}`,
    name: String(t.name),
    input: argsFor(t.input_schema, seed, prompt)
  }))
  const outputTokens =
    gen.tokens +
    (thought ? countTokens(thought) : 0) +
    uses.reduce((n, u) => n + countTokens(JSON.stringify(u.input)), 0)
  const stopReason = uses.length
    ? 'tool_use'
    : gen.stop === 'length'
      ? 'max_tokens'
      : gen.stop === 'stop_sequence'
        ? 'stop_sequence'
        : 'end_turn'
  const stopSequence = gen.stop === 'stop_sequence' ? gen.stopSequence : null
  const id = `msg_${ctx.ids.alnum(24)}`
  charge(req, ctx, ctx.catalog.textCost(model, inputTokens, outputTokens))

  const content: Body[] = []
  if (thought) content.push({ type: 'thinking', thinking: thought, signature })
  content.push({ type: 'text', text: gen.text })
  for (const u of uses) content.push({ type: 'tool_use', ...u })

  if (b.stream !== true || req.faults.has('no-sse')) {
    return {
      ...json(200, {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content,
        stop_reason: stopReason,
        stop_sequence: stopSequence,
        usage: { input_tokens: inputTokens, output_tokens: outputTokens }
      }),
      paid: true
    }
  }

  const frames: string[] = [
    frame('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: 1 }
      }
    }),
    frame('ping', {})
  ]
  let index = 0
  if (thought) {
    frames.push(
      frame('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } })
    )
    for (const p of pieces(thought, seed))
      frames.push(frame('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: p } }))
    frames.push(frame('content_block_delta', { index, delta: { type: 'signature_delta', signature } }))
    frames.push(frame('content_block_stop', { index }))
    index += 1
  }
  frames.push(frame('content_block_start', { index, content_block: { type: 'text', text: '' } }))
  gen.pieces.forEach((p, i) => {
    frames.push(frame('content_block_delta', { index, delta: { type: 'text_delta', text: p } }))
    if (i > 0 && i % 40 === 0) frames.push(frame('ping', {}))
  })
  frames.push(frame('content_block_stop', { index }))
  for (const u of uses) {
    index += 1
    frames.push(
      frame('content_block_start', { index, content_block: { type: 'tool_use', id: u.id, name: u.name, input: {} } })
    )
    frames.push(frame('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } }))
    for (const p of jsonPieces(JSON.stringify(u.input)))
      frames.push(frame('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: p } }))
    frames.push(frame('content_block_stop', { index }))
  }
  frames.push(
    frame('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: stopSequence },
      usage: { output_tokens: outputTokens }
    })
  )
  frames.push(frame('message_stop', {}))
  return {
    ...sse({
      frames,
      paceMs: paceFor(ctx.clock.speed),
      errorLine: JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })
    }),
    paid: true
  }
}

export const messagesRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/messages\/?$/,
    name: 'text.messages',
    auth: 'messages',
    format: 'claude',
    handler: handle
  }
]
