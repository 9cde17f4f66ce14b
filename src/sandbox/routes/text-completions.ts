import type { SandboxContext } from '../context.js'
import { charge, fail, optBool, optInt, optNumber, optObject, requireModel, requireQuota } from '../gate.js'
import { json, sse, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { countTokens, generate, paceFor, type Generated } from '../text/corpus.js'

type Body = Record<string, unknown>

function stops(req: SandboxRequest, v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'string') return [v]
  if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v as string[]
  throw fail(req, 'field stop must be a string or an array of strings')
}

/** The usage-only chunk the gateway builds; it says chat.completion.chunk even on /v1/completions. */
export function usageChunk(id: string, created: number, model: string, usage: Body): string {
  return `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`
}

export const DONE = 'data: [DONE]\n\n'

export function wantsUsage(b: Body): boolean {
  return (b.stream_options as Body | undefined)?.include_usage !== false
}

export const OPENAI_STREAM_ERROR = JSON.stringify({
  error: { message: 'upstream stream error', type: 'upstream_error', param: '', code: 'bad_response_status_code' }
})

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  const model = requireModel(req, b.model, ['chat'])
  const p = b.prompt
  if (p === undefined || p === null || p === '' || (Array.isArray(p) && p.length === 0))
    throw fail(req, 'field prompt is required')
  if (typeof p !== 'string' && !(Array.isArray(p) && p.every((x) => typeof x === 'string')))
    throw fail(req, 'field prompt must be a string or an array of strings')
  const prompts = typeof p === 'string' ? [p] : (p as string[])
  const maxTokens = optInt(req, b, 'max_tokens', { min: 1 })
  optNumber(req, b, 'temperature', { min: 0, max: 2 })
  optNumber(req, b, 'top_p', { min: 0, max: 1 })
  const stream = optBool(req, b, 'stream') === true && !req.faults.has('no-sse')
  optObject(req, b, 'stream_options')
  const stop = stops(req, b.stop)
  const promptTokens = prompts.reduce((n, x) => n + countTokens(x), 0)
  requireQuota(req, ctx, ctx.catalog.textCost(model, promptTokens, 0))

  const gens: Generated[] = prompts.map((x) =>
    generate(ctx.resultSeed('completion', model, x), x, { maxTokens: maxTokens ?? 16 * 1024, stop })
  )
  const completionTokens = gens.reduce((n, g) => n + g.tokens, 0)
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens
  }
  const id = `cmpl-${ctx.ids.alnum(29)}`
  const created = ctx.clock.wallSec()
  const reason = (g: Generated) => (g.stop === 'length' ? 'length' : 'stop')
  charge(req, ctx, ctx.catalog.textCost(model, promptTokens, completionTokens))

  if (!stream) {
    return {
      ...json(200, {
        id,
        object: 'text_completion',
        created,
        model,
        choices: gens.map((g, index) => ({ text: g.text, index, logprobs: null, finish_reason: reason(g) })),
        usage
      }),
      paid: true
    }
  }
  const chunk = (index: number, text: string, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'text_completion', created, model, choices: [{ text, index, logprobs: null, finish_reason: finish }] })}\n\n`
  const frames: string[] = []
  gens.forEach((g, index) => {
    for (const piece of g.pieces) frames.push(chunk(index, piece, null))
    frames.push(chunk(index, '', reason(g)))
  })
  if (wantsUsage(b)) frames.push(usageChunk(id, created, model, usage))
  frames.push(DONE)
  return { ...sse({ frames, paceMs: paceFor(ctx.clock.speed), errorLine: OPENAI_STREAM_ERROR }), paid: true }
}

export const completionRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/completions\/?$/,
    name: 'text.completions',
    auth: 'bearer',
    format: 'openai',
    handler: handle
  }
]
