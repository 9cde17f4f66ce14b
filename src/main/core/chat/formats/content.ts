import type { StreamOp } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import { messageText } from '../parts'
import { finishWith, firstChoice, formatCodec, listOf } from './decoding'
import {
  callArgs,
  defined,
  imagesOf,
  resolveImage,
  resultValue,
  sendableTurns,
  toolCallsOf,
  toolResultsOf,
  urlMimeType
} from './history'
import type { BuildInput, DecodeState, GatewayCall, SafetyRating } from './types'

type Body = Record<string, unknown>

/** The model list names models bare, but ids copied from elsewhere may carry `models/`. */
export const bareModel = (model: string): string => model.replace(/^models\//, '')

/** The spec's functionResponse carries an object; any other result is wrapped as {"result": …}. */
function responseOf(value: unknown): Body {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : { result: value }
}

/**
 * `fileData` must name the linked file's type, and a guessed one makes the upstream misread the
 * file. A link kept from a format that did not need it (general chat, messages) may have none.
 */
function linkType(url: string, given: string | undefined): string {
  const type = urlMimeType(url, given)
  if (type) return type
  throw new StudioError(
    'INVALID_INPUT',
    `The content format must name the type of every linked image, and the type of ${url} is unknown (it has no .png, .jpg, .webp or .gif ending). Remove that image or attach the file itself.`,
    { field: 'attachments' }
  )
}

function partsOf(input: BuildInput, m: BuildInput['history'][number]): Body[] {
  const parts: Body[] = []
  const text = messageText(m)
  if (text !== '') parts.push({ text })
  for (const call of toolCallsOf(m))
    parts.push({ functionCall: { name: call.name, args: callArgs(call), ...(call.id ? { id: call.id } : {}) } })
  for (const r of toolResultsOf(m))
    parts.push({
      functionResponse: { name: r.name, response: responseOf(resultValue(r)), ...(r.id ? { id: r.id } : {}) }
    })
  for (const a of imagesOf(m)) {
    const img = resolveImage(a, input.inline)
    if (img.kind === 'inline') parts.push({ inlineData: { mimeType: img.mimeType, data: img.base64 } })
    else if (img.kind === 'url')
      parts.push({ fileData: { mimeType: linkType(img.url, img.mimeType), fileUri: img.url } })
    else parts.push({ text: img.note })
  }
  return parts
}

function buildRequest(input: BuildInput): GatewayCall {
  if (input.params.format !== 'content') throw new Error('content codec needs content params')
  const p = input.params.params
  const contents = sendableTurns(input.history)
    .map((m) => ({ role: m.role === 'user' ? 'user' : 'model', parts: partsOf(input, m) }))
    .filter((c) => c.parts.length > 0)
  const hasSchema = input.editors.responseSchema !== undefined
  const generationConfig = defined({
    temperature: p.temperature,
    topP: p.topP,
    topK: p.topK,
    maxOutputTokens: p.maxOutputTokens,
    stopSequences: p.stopSequences?.length ? p.stopSequences : undefined,
    // A response schema is only honoured with a JSON response type; the validator refuses any other.
    responseMimeType: p.responseMimeType ?? (hasSchema ? 'application/json' : undefined),
    responseSchema: input.editors.responseSchema,
    thinkingConfig: p.thinkingConfig
  })
  return {
    path: `/v1beta/models/${encodeURIComponent(bareModel(input.model))}:streamGenerateContent`,
    // Without alt=sse older gateway builds answer with one JSON object instead of a stream (GATEWAY.md §1a).
    query: { alt: 'sse' },
    json: {
      contents,
      ...(input.system.trim() !== '' ? { systemInstruction: { parts: [{ text: input.system }] } } : {}),
      ...(Object.keys(generationConfig).length ? { generationConfig } : {}),
      ...defined({
        safetySettings: p.safetySettings?.length ? p.safetySettings : undefined,
        tools: input.editors.tools,
        toolConfig: input.editors.toolConfig,
        cachedContent: p.cachedContent?.trim() ? p.cachedContent.trim() : undefined
      })
    }
  }
}

function ratings(v: unknown): SafetyRating[] | undefined {
  if (!Array.isArray(v)) return undefined
  return v
    .filter((r): r is Body => !!r && typeof r === 'object')
    .map((r) => ({
      category: String(r.category ?? ''),
      probability: String(r.probability ?? ''),
      ...(typeof r.blocked === 'boolean' ? { blocked: r.blocked } : {})
    }))
}

function usageOf(u: unknown): DecodeState['meta']['usage'] | undefined {
  if (!u || typeof u !== 'object') return undefined
  const x = u as Body
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
  const usage = defined({
    input: n(x.promptTokenCount),
    output: n(x.candidatesTokenCount),
    total: n(x.totalTokenCount)
  })
  return Object.keys(usage).length ? usage : undefined
}

function partOps(state: DecodeState, parts: Body[]): StreamOp[] {
  const ops: StreamOp[] = []
  for (const p of parts) {
    if (!p || typeof p !== 'object') continue
    if (typeof p.text === 'string') {
      if (p.text === '') continue
      const type = p.thought === true ? 'thinking' : 'text'
      ops.push({ part: state.parts.run(type), type, append: p.text })
    } else if (p.functionCall && typeof p.functionCall === 'object') {
      const fc = p.functionCall as Body
      ops.push({
        part: state.parts.single('tool_call'),
        type: 'tool_call',
        name: typeof fc.name === 'string' ? fc.name : '',
        ...(typeof fc.id === 'string' ? { id: fc.id } : {}),
        append: JSON.stringify(fc.args ?? {})
      })
    } else if (p.executableCode && typeof p.executableCode === 'object') {
      // Code execution results are shown as fenced code in the answer, where a reader expects them.
      const code = p.executableCode as Body
      const lang = typeof code.language === 'string' ? code.language.toLowerCase() : ''
      ops.push({
        part: state.parts.run('text'),
        type: 'text',
        append: `\n\`\`\`${lang}\n${String(code.code ?? '')}\n\`\`\`\n`
      })
    } else if (p.codeExecutionResult && typeof p.codeExecutionResult === 'object') {
      const out = p.codeExecutionResult as Body
      ops.push({
        part: state.parts.run('text'),
        type: 'text',
        append: `\n\`\`\`\n${String(out.output ?? '')}\n\`\`\`\n`
      })
    }
  }
  return ops
}

function step(state: DecodeState, body: Body): StreamOp[] {
  const usage = usageOf(body.usageMetadata)
  if (usage) state.meta.usage = usage
  const feedback = body.promptFeedback as Body | undefined
  if (feedback && typeof feedback.blockReason === 'string') {
    // A blocked prompt is a definite answer with no candidates: it ends the stream on its own.
    state.meta.finishReason = feedback.blockReason
    state.meta.safetyRatings = ratings(feedback.safetyRatings) ?? state.meta.safetyRatings
    state.terminal = true
  }
  const cand = firstChoice(body.candidates)
  if (!cand) return []
  const content = (cand.content && typeof cand.content === 'object' ? cand.content : {}) as Body
  const ops = partOps(state, listOf(content.parts))
  const safety = ratings(cand.safetyRatings)
  if (safety) state.meta.safetyRatings = safety
  finishWith(state, cand.finishReason)
  return ops
}

/** One GenerateContentResponse answered whole (builds without `alt=sse`): complete once read. */
function whole(state: DecodeState, body: Body): StreamOp[] {
  const ops = step(state, body)
  if (Array.isArray(body.candidates) && body.candidates.length > 0) state.terminal = true
  return ops
}

/** Native content format: every chunk a whole GenerateContentResponse, no [DONE]; the last has finishReason. */
export const contentCodec = formatCodec('content', 'finish', { buildRequest, step, whole })
