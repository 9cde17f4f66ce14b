/**
 * The estimate of a chat answer from this studio's measured chat costs per token (issue 28: "tokens
 * for chat"). A chat turn's price follows its tokens: what is sent (the prompt and the history it
 * carries) and what comes back. Zod-free and pure: the composer counts tokens on every keystroke, the
 * host prices them from the generation log.
 */

/** Han, kana and hangul: about one token each in the common tokenizers. */
const WIDE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g
/** Other text: about four characters a token (the usual rule of thumb for English-like text). */
const CHARS_PER_TOKEN = 4
/** What each message adds besides its text (role, separators), as the chat formats frame it. */
export const TOKENS_PER_MESSAGE = 4

/** An approximate token count of one text: no tokenizer is shipped, and an estimate needs no more. */
export function countTokens(text: string): number {
  if (!text) return 0
  const wide = text.match(WIDE)?.length ?? 0
  const rest = text.length - wide
  return wide + Math.ceil(rest / CHARS_PER_TOKEN)
}

/** The tokens a send carries: the new prompt and every earlier message of the conversation it repeats. */
export function promptTokens(prompt: string, history: readonly string[] = [], system = ''): number {
  const texts = [system, ...history, prompt].filter((t) => t.length > 0)
  return texts.reduce((n, t) => n + countTokens(t) + TOKENS_PER_MESSAGE, 0)
}

/** One measured answer: what it cost (raw units) and the tokens the gateway reported for it. */
export interface ChatSample {
  cost: number
  input?: number
  output?: number
  total?: number
}

export interface ChatEstimate {
  /** Raw units the send should cost; null without usable history. */
  cost: number | null
  low: number | null
  high: number | null
  /** The tokens the estimate is for: those sent, plus what this model's answers usually add. */
  tokens: number
  /** How many measured answers it rests on. */
  basedOn: number
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

const tokensOf = (s: ChatSample): number => s.total ?? (s.input ?? 0) + (s.output ?? 0)

/**
 * Cost per token from measured answers, applied to a send of `inputTokens` plus the model's usual
 * answer length. The rate is pooled (all costs over all tokens), so answers that shared one usage
 * interval (each given an even share of it) still price their tokens right together. Left out,
 * explicitly: answers with no cost or no reported tokens, and negative costs (a top-up or refund is
 * never a price).
 */
export function chatEstimate(samples: readonly ChatSample[], inputTokens: number): ChatEstimate {
  const valid = samples.filter(
    (s) => Number.isFinite(s.cost) && s.cost >= 0 && Number.isFinite(tokensOf(s)) && tokensOf(s) > 0
  )
  const outputs = valid
    .map((s) => s.output)
    .filter((o): o is number => typeof o === 'number' && Number.isFinite(o) && o >= 0)
  const tokens = Math.max(0, Math.round(inputTokens)) + (outputs.length ? Math.round(median(outputs)) : 0)
  if (valid.length === 0) return { cost: null, low: null, high: null, tokens, basedOn: 0 }
  const rate = valid.reduce((n, s) => n + s.cost, 0) / valid.reduce((n, s) => n + tokensOf(s), 0)
  const rates = valid.map((s) => s.cost / tokensOf(s))
  return {
    cost: rate * tokens,
    low: Math.min(...rates) * tokens,
    high: Math.max(...rates) * tokens,
    tokens,
    basedOn: valid.length
  }
}
