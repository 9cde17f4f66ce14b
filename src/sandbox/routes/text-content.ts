import type { SandboxContext } from '../context.js'
import { relayError } from '../errors.js'
import { charge, fail, optArray, optObject, requireModel, requireQuota } from '../gate.js'
import { json, ReplyError, sse, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { argsFor, countTokens, generate, paceFor, pieces, thinkingText } from '../text/corpus.js'
import { contentResultProblem, echoed, echoText, toolsToCall, type EchoedResult } from '../text/tool-turns.js'

type Body = Record<string, unknown>

export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT'
]
export const SAFETY_THRESHOLDS = ['BLOCK_NONE', 'BLOCK_ONLY_HIGH', 'BLOCK_MEDIUM_AND_ABOVE', 'BLOCK_LOW_AND_ABOVE']
const PART_KINDS = ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse']
const GEN_CONFIG_NUMBERS = ['temperature', 'topP', 'topK', 'maxOutputTokens']

function partsText(parts: unknown): string {
  if (!Array.isArray(parts)) return ''
  return parts.map((p) => (p && typeof (p as Body).text === 'string' ? ((p as Body).text as string) : '')).join('\n')
}

function validate(req: SandboxRequest, b: Body): Body[] {
  const contents = optArray(req, b, 'contents')
  if (!contents || contents.length === 0) throw fail(req, 'contents is required')
  contents.forEach((c, i) => {
    const item = c as Body
    if (!item || typeof item !== 'object') throw fail(req, `contents[${i}] must be an object`)
    if (item.role !== undefined && item.role !== 'user' && item.role !== 'model')
      throw fail(req, `contents[${i}].role must be user or model`)
    if (!Array.isArray(item.parts)) throw fail(req, `contents[${i}].parts is required`)
    item.parts.forEach((p, j) => {
      const kinds = p && typeof p === 'object' ? Object.keys(p as Body).filter((k) => PART_KINDS.includes(k)) : []
      if (kinds.length === 0) throw fail(req, `contents[${i}].parts[${j}] must have one of ${PART_KINDS.join(', ')}`)
      const inline = (p as Body).inlineData as Body | undefined
      if (inline && (typeof inline.mimeType !== 'string' || typeof inline.data !== 'string'))
        throw fail(req, `contents[${i}].parts[${j}].inlineData needs mimeType and data strings`)
    })
  })
  const sys = b.systemInstruction ?? b.system_instruction
  if (sys !== undefined && (typeof sys !== 'object' || sys === null))
    throw fail(req, 'systemInstruction must be an object')
  const gc = optObject(req, b, 'generationConfig')
  if (gc) {
    for (const k of GEN_CONFIG_NUMBERS)
      if (gc[k] !== undefined && typeof gc[k] !== 'number') throw fail(req, `generationConfig.${k} must be a number`)
    if (
      gc.stopSequences !== undefined &&
      (!Array.isArray(gc.stopSequences) || gc.stopSequences.some((s) => typeof s !== 'string'))
    ) {
      throw fail(req, 'generationConfig.stopSequences must be an array of strings')
    }
  }
  const safety = optArray(req, b, 'safetySettings')
  safety?.forEach((s, i) => {
    const x = s as Body
    if (!SAFETY_CATEGORIES.includes(String(x?.category)))
      throw fail(req, `safetySettings[${i}].category is not a valid harm category`)
    if (!SAFETY_THRESHOLDS.includes(String(x?.threshold)))
      throw fail(req, `safetySettings[${i}].threshold is not a valid threshold`)
  })
  if (b.tools !== undefined && (typeof b.tools !== 'object' || b.tools === null))
    throw fail(req, 'tools must be an array or an object')
  optObject(req, b, 'toolConfig')
  if (b.cachedContent !== undefined && typeof b.cachedContent !== 'string')
    throw fail(req, 'cachedContent must be a string')
  return contents as Body[]
}

function declarations(tools: unknown): Body[] {
  const list = Array.isArray(tools) ? tools : tools ? [tools] : []
  return list.flatMap((t) => ((t as Body)?.functionDeclarations as Body[] | undefined) ?? [])
}

const ratings = () => SAFETY_CATEGORIES.map((category) => ({ category, probability: 'NEGLIGIBLE' }))

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const model = requireModel(req, req.params.model, ['chat'])
  const b = req.json()
  const contents = validate(req, b)
  const problem = contentResultProblem(contents)
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
  // `no-sse`: an older build that calls upstream's generateContent and answers with one JSON object.
  const stream = (req.params.action === 'streamGenerateContent' || req.query.alt === 'sse') && !req.faults.has('no-sse')
  const lastParts = (contents[contents.length - 1].parts as Body[]).filter((p) => p && typeof p === 'object')
  const results: EchoedResult[] = lastParts.flatMap((p) =>
    p.functionResponse
      ? [{ name: String((p.functionResponse as Body).name), value: (p.functionResponse as Body).response }]
      : []
  )
  const prompt = results.length > 0 ? echoText(results) : partsText(lastParts)
  const sys = (b.systemInstruction ?? b.system_instruction) as Body | undefined
  const promptTokens = countTokens(partsText(sys?.parts) + contents.map((c) => partsText(c.parts)).join('\n'))
  requireQuota(req, ctx, ctx.catalog.textCost(model, promptTokens, 0))

  const gc = (b.generationConfig as Body | undefined) ?? {}
  const seed = ctx.resultSeed('content', model, prompt)
  const gen =
    results.length > 0
      ? echoed(prompt, seed)
      : generate(seed, prompt, {
          maxTokens: gc.maxOutputTokens as number | undefined,
          stop: gc.stopSequences as string[] | undefined
        })
  const thinking =
    (gc.thinkingConfig as Body | undefined)?.includeThoughts === true || !!ctx.catalog.find(model)?.thinking
  const thought = thinking ? thinkingText(seed, prompt) : ''
  const choose = results.length > 0 ? [] : toolsToCall(declarations(b.tools), (d) => String(d.name ?? ''), prompt)
  const calls = choose.map((fn) => ({ name: fn.name, args: argsFor(fn.parameters, seed, prompt) }))
  const candidatesTokens = gen.tokens + calls.reduce((n, c) => n + countTokens(JSON.stringify(c)), 0)
  const thoughtsTokens = thought ? countTokens(thought) : 0
  const finishReason = gen.stop === 'length' ? 'MAX_TOKENS' : 'STOP'
  const usage = {
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidatesTokens,
    totalTokenCount: promptTokens + candidatesTokens + thoughtsTokens,
    ...(thoughtsTokens ? { thoughtsTokenCount: thoughtsTokens } : {})
  }
  const responseId = ctx.ids.alnum(22)
  charge(req, ctx, ctx.catalog.textCost(model, promptTokens, candidatesTokens + thoughtsTokens))

  if (!stream && req.faults.get('no-sse')?.arg === 'array') {
    // Some builds answer a stream request without SSE as the JSON array of its chunks.
    const chunks: Body[] = []
    if (thought)
      chunks.push({
        candidates: [{ content: { role: 'model', parts: [{ text: thought, thought: true }] }, index: 0 }],
        modelVersion: model,
        responseId
      })
    chunks.push({
      candidates: [{ content: { role: 'model', parts: [{ text: gen.text }] }, index: 0 }],
      modelVersion: model,
      responseId
    })
    chunks.push({
      candidates: [
        {
          content: { role: 'model', parts: calls.map((c) => ({ functionCall: c })) },
          finishReason,
          index: 0,
          safetyRatings: ratings()
        }
      ],
      usageMetadata: usage,
      modelVersion: model,
      responseId
    })
    return { ...json(200, chunks), paid: true }
  }
  if (!stream) {
    const parts: Body[] = []
    if (thought) parts.push({ text: thought, thought: true })
    parts.push({ text: gen.text })
    for (const call of calls) parts.push({ functionCall: call })
    return {
      ...json(200, {
        candidates: [{ content: { role: 'model', parts }, finishReason, index: 0, safetyRatings: ratings() }],
        usageMetadata: usage,
        modelVersion: model,
        responseId
      }),
      paid: true
    }
  }

  // Each chunk is a whole GenerateContentResponse; finishReason and full usage only on the last one; no [DONE].
  const chunk = (parts: Body[], last: boolean, soFar: number) =>
    `data: ${JSON.stringify({
      candidates: [
        {
          content: { role: 'model', parts },
          ...(last ? { finishReason } : {}),
          index: 0,
          ...(last ? { safetyRatings: ratings() } : {})
        }
      ],
      usageMetadata: last
        ? usage
        : { promptTokenCount: promptTokens, candidatesTokenCount: soFar, totalTokenCount: promptTokens + soFar },
      modelVersion: model,
      responseId
    })}\n\n`
  const frames: string[] = []
  if (thought) for (const p of pieces(thought, seed)) frames.push(chunk([{ text: p, thought: true }], false, 0))
  let soFar = ''
  gen.pieces.forEach((p, i) => {
    soFar += p
    const last = i === gen.pieces.length - 1 && calls.length === 0
    frames.push(chunk([{ text: p }], last, countTokens(soFar)))
  })
  // Gemini sends parallel calls together, whole, in one chunk.
  if (calls.length)
    frames.push(
      chunk(
        calls.map((functionCall) => ({ functionCall })),
        true,
        candidatesTokens
      )
    )
  return {
    ...sse({
      frames,
      paceMs: paceFor(ctx.clock.speed),
      errorLine: JSON.stringify({
        error: { message: 'upstream stream error', type: 'upstream_error', param: '', code: 'bad_response_status_code' }
      })
    }),
    paid: true
  }
}

export const contentRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1beta\/models\/(?<model>[^/:]+):(?<action>generateContent|streamGenerateContent)$/,
    name: 'text.content',
    auth: 'content',
    format: 'openai',
    handler: handle
  }
]
