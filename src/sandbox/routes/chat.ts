import type { SandboxContext } from '../context.js'
import { charge, fail, optArray, optBool, optInt, optNumber, optObject, requireModel, requireQuota } from '../gate.js'
import { findModel, textCost } from '../catalog.js'
import { json, sse, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { argsFor, countTokens, generate, jsonPieces, paceFor, pieces, thinkingText } from '../text/corpus.js'
import { DONE, OPENAI_STREAM_ERROR, usageChunk, wantsUsage } from './text-completions.js'

type Body = Record<string, unknown>

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool']

function contentText(c: unknown): string {
  if (typeof c === 'string') return c
  if (Array.isArray(c)) return c.map((p) => (p && typeof (p as Body).text === 'string' ? ((p as Body).text as string) : '')).join('\n')
  return ''
}

function validate(req: SandboxRequest, b: Body): Body[] {
  const messages = optArray(req, b, 'messages')
  if (!messages || messages.length === 0) throw fail(req, 'field messages is required')
  messages.forEach((m, i) => {
    const x = m as Body
    if (!x || typeof x !== 'object') throw fail(req, `messages[${i}] must be an object`)
    if (!ROLES.includes(String(x.role))) throw fail(req, `messages[${i}].role must be one of ${ROLES.join(', ')}`)
    const c = x.content
    if (c !== undefined && c !== null && typeof c !== 'string' && !Array.isArray(c)) throw fail(req, `messages[${i}].content must be a string or an array`)
  })
  optBool(req, b, 'stream')
  optObject(req, b, 'stream_options')
  optInt(req, b, 'max_tokens', { min: 1 })
  optInt(req, b, 'max_completion_tokens', { min: 1 })
  optNumber(req, b, 'temperature', { min: 0, max: 2 })
  optNumber(req, b, 'top_p', { min: 0, max: 1 })
  optInt(req, b, 'n', { min: 1, max: 1 })
  const tools = optArray(req, b, 'tools')
  tools?.forEach((t, i) => {
    const fn = (t as Body)?.function as Body | undefined
    if ((t as Body)?.type !== 'function' || !fn || typeof fn.name !== 'string') throw fail(req, `tools[${i}] must be {type: function, function: {name}}`)
  })
  return messages as Body[]
}

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  const model = requireModel(req, b.model, ['chat'])
  const messages = validate(req, b)
  const last = messages[messages.length - 1]
  const prompt = contentText(last.content)
  const promptTokens = countTokens(messages.map((m) => contentText(m.content)).join('\n'))
  requireQuota(req, ctx, textCost(model, promptTokens, 0))

  const seed = ctx.resultSeed('chat', model, prompt)
  const stop = typeof b.stop === 'string' ? [b.stop] : Array.isArray(b.stop) ? (b.stop as string[]) : undefined
  const gen = generate(seed, prompt, { maxTokens: (b.max_completion_tokens ?? b.max_tokens) as number | undefined, stop })
  const reasoning = findModel(model)?.thinking ? thinkingText(seed, prompt) : ''
  const tools = (b.tools as Body[] | undefined) ?? []
  const fn = tools.length && b.tool_choice !== 'none' && last.role !== 'tool' ? (tools[0].function as Body) : undefined
  const args = fn ? JSON.stringify(argsFor(fn.parameters, seed, prompt)) : ''
  const callId = fn ? `call_${ctx.ids.alnum(24)}` : ''
  const completionTokens = gen.tokens + (reasoning ? countTokens(reasoning) : 0) + (args ? countTokens(args) : 0)
  const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens }
  const finish = fn ? 'tool_calls' : gen.stop === 'length' ? 'length' : 'stop'
  const id = `chatcmpl-${ctx.ids.alnum(29)}`
  const created = ctx.clock.wallSec()
  charge(req, ctx, textCost(model, promptTokens, completionTokens))

  if (b.stream !== true || req.faults.has('no-sse')) {
    const message: Body = { role: 'assistant', content: gen.text }
    if (reasoning) message.reasoning_content = reasoning
    if (fn) message.tool_calls = [{ id: callId, type: 'function', function: { name: fn.name, arguments: args } }]
    return {
      ...json(200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, logprobs: null, finish_reason: finish }], usage, system_fingerprint: null }),
      paid: true
    }
  }
  const chunk = (delta: Body, finishReason: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`
  const frames = [chunk({ role: 'assistant', content: '' }, null)]
  if (reasoning) for (const p of pieces(reasoning, seed)) frames.push(chunk({ reasoning_content: p }, null))
  for (const p of gen.pieces) frames.push(chunk({ content: p }, null))
  if (fn) {
    frames.push(chunk({ tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: fn.name, arguments: '' } }] }, null))
    for (const p of jsonPieces(args)) frames.push(chunk({ tool_calls: [{ index: 0, function: { arguments: p } }] }, null))
  }
  frames.push(chunk({}, finish))
  if (wantsUsage(b)) frames.push(usageChunk(id, created, model, usage))
  frames.push(DONE)
  return { ...sse({ frames, paceMs: paceFor(ctx.clock.speed), errorLine: OPENAI_STREAM_ERROR }), paid: true }
}

export const chatRoutes: RouteDef[] = [{ method: 'POST', pattern: /^\/v1\/chat\/completions\/?$/, name: 'text.chat', auth: 'bearer', format: 'openai', handler: handle }]
