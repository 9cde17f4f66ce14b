import type { StreamOp } from '@shared/domain/chat'
import { messageText } from '../parts'
import { finishWith, firstChoice, formatCodec, listOf } from './decoding'
import { openAiUsage } from './general'
import { defined, sendableTurns } from './history'
import type { BuildInput, DecodeState, GatewayCall } from './types'

type Body = Record<string, unknown>

/**
 * The prompt: the document being continued (the "continue the text" editor), or, when the
 * conversation is used like a chat, the system text followed by the latest user turn. Legacy
 * completion models continue raw text, so no role markup is invented.
 */
export function completionPrompt(input: BuildInput): string {
  if (input.document !== undefined) return input.document
  const turns = sendableTurns(input.history)
  const last = turns[turns.length - 1]
  const text = last ? messageText(last) : ''
  return input.system.trim() !== '' ? `${input.system}\n\n${text}` : text
}

function buildRequest(input: BuildInput): GatewayCall {
  if (input.params.format !== 'completions') throw new Error('completions codec needs completions params')
  const p = input.params.params
  return {
    path: '/v1/completions',
    json: {
      model: input.model,
      prompt: completionPrompt(input),
      stream: true,
      ...defined({
        max_tokens: p.max_tokens,
        temperature: p.temperature,
        top_p: p.top_p,
        stop: p.stop?.length ? p.stop : undefined
      })
    }
  }
}

function step(state: DecodeState, body: Body): StreamOp[] {
  const usage = openAiUsage(body.usage)
  if (usage) state.meta.usage = usage
  // The gateway's usage-only chunk has `choices: []` (and says chat.completion.chunk); it has no text.
  const choice = firstChoice(body.choices)
  if (!choice) return []
  const ops: StreamOp[] = []
  if (typeof choice.text === 'string' && choice.text !== '')
    ops.push({ part: state.parts.run('text'), type: 'text', append: choice.text })
  finishWith(state, choice.finish_reason)
  return ops
}

/** A plain `text_completion` (unstreamed): its text, then it is complete. */
function whole(state: DecodeState, body: Body): StreamOp[] {
  const ops = step(state, body)
  if (listOf(body.choices).some((c) => c && typeof c.text === 'string')) state.terminal = true
  return ops
}

/** Legacy completions, `POST /v1/completions`: `data:` chunks with `choices[].text`, then `[DONE]`. */
export const completionsCodec = formatCodec('completions', 'finish-or-done', { buildRequest, step, whole })
