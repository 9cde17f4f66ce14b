import type { SandboxContext } from '../context.js'
import { relayError } from '../errors.js'
import { charge, fail, optArray, optBool, optInt, optNumber, optObject, requireModel, requireQuota } from '../gate.js'
import { json, ReplyError, sse, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { argsFor, countTokens, generate, jsonPieces, paceFor, pieces, thinkingText } from '../text/corpus.js'
import { chatResultProblem, echoed, echoText, parseMaybe, toolsToCall, type EchoedResult } from '../text/tool-turns.js'
import { DONE, OPENAI_STREAM_ERROR, usageChunk, wantsUsage } from './text-completions.js'

type Body = Record<string, unknown>

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool']

function contentText(c: unknown): string {
  if (typeof c === 'string') return c
  if (Array.isArray(c))
    return c.map((p) => (p && typeof (p as Body).text === 'string' ? ((p as Body).text as string) : '')).join('\n')
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
    if (c !== undefined && c !== null && typeof c !== 'string' && !Array.isArray(c))
      throw fail(req, `messages[${i}].content must be a string or an array`)
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
    if ((t as Body)?.type !== 'function' || !fn || typeof fn.name !== 'string')
      throw fail(req, `tools[${i}] must be {type: function, function: {name}}`)
  })
  return messages as Body[]
}

/** The tool messages that end the conversation, with the names of the calls they answer. */
function trailingResults(messages: readonly Body[]): EchoedResult[] {
  let start = messages.length
  while (start > 0 && messages[start - 1].role === 'tool') start--
  const calls = ((messages[start - 1]?.tool_calls as Body[] | undefined) ?? []).map((c) => c as Body)
  return messages.slice(start).map((m) => {
    const call = calls.find((c) => c.id === m.tool_call_id)
    const name = String(((call?.function as Body | undefined)?.name as string | undefined) ?? m.tool_call_id)
    return { name, value: parseMaybe(contentText(m.content)) }
  })
}

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  const model = requireModel(req, b.model, ['chat'])
  const messages = validate(req, b)
  const problem = chatResultProblem(messages)
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
  const results = trailingResults(messages)
  const prompt = results.length > 0 ? echoText(results) : contentText(last.content)
  const promptTokens = countTokens(messages.map((m) => contentText(m.content)).join('\n'))
  requireQuota(req, ctx, ctx.catalog.textCost(model, promptTokens, 0))

  const seed = ctx.resultSeed('chat', model, prompt)
  const stop = typeof b.stop === 'string' ? [b.stop] : Array.isArray(b.stop) ? (b.stop as string[]) : undefined
  const gen =
    results.length > 0
      ? echoed(prompt, seed)
      : generate(seed, prompt, { maxTokens: (b.max_completion_tokens ?? b.max_tokens) as number | undefined, stop })
  const reasoning = ctx.catalog.find(model)?.thinking ? thinkingText(seed, prompt) : ''
  const tools = ((b.tools as Body[] | undefined) ?? []).map((t) => t.function as Body)
  const fns =
    tools.length && b.tool_choice !== 'none' && last.role !== 'tool'
      ? toolsToCall(tools, (t) => String(t.name), prompt)
      : []
  const calls = fns.map((fn) => ({
    id: `call_${ctx.ids.alnum(24)}`,
    name: String(fn.name),
    args: JSON.stringify(argsFor(fn.parameters, seed, prompt))
  }))
  const completionTokens =
    gen.tokens + (reasoning ? countTokens(reasoning) : 0) + calls.reduce((n, c) => n + countTokens(c.args), 0)
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens
  }
  const finish = calls.length ? 'tool_calls' : gen.stop === 'length' ? 'length' : 'stop'
  const id = `chatcmpl-${ctx.ids.alnum(29)}`
  const created = ctx.clock.wallSec()
  charge(req, ctx, ctx.catalog.textCost(model, promptTokens, completionTokens))

  if (b.stream !== true || req.faults.has('no-sse')) {
    const message: Body = { role: 'assistant', content: gen.text }
    if (reasoning) message.reasoning_content = reasoning
    if (calls.length)
      message.tool_calls = calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.args }
      }))
    return {
      ...json(200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
        usage,
        system_fingerprint: null
      }),
      paid: true
    }
  }
  const chunk = (delta: Body, finishReason: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`
  const frames = [chunk({ role: 'assistant', content: '' }, null)]
  if (reasoning) for (const p of pieces(reasoning, seed)) frames.push(chunk({ reasoning_content: p }, null))
  for (const p of gen.pieces) frames.push(chunk({ content: p }, null))
  calls.forEach((c, index) => {
    frames.push(
      chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }, null)
    )
    for (const p of jsonPieces(c.args))
      frames.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }, null))
  })
  frames.push(chunk({}, finish))
  if (wantsUsage(b)) frames.push(usageChunk(id, created, model, usage))
  frames.push(DONE)
  return { ...sse({ frames, paceMs: paceFor(ctx.clock.speed), errorLine: OPENAI_STREAM_ERROR }), paid: true }
}

export const chatRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/chat\/completions\/?$/,
    name: 'text.chat',
    auth: 'bearer',
    format: 'openai',
    handler: handle
  }
]
