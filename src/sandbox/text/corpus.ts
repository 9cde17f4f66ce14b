import { hash32, prng } from '../rng.js'

/**
 * Deterministic synthetic answers. They always hold markdown (heading, list, code block, table),
 * CJK text and emoji, so streaming tests meet multi-byte characters split across chunks.
 */

const TOPICS = [
  'lighthouse',
  'tea garden',
  'night market',
  'glacier',
  'paper crane',
  'orbit',
  'harbour',
  'bamboo forest'
]
const CJK = [
  '这是一个由沙盒网关生成的合成回复，用于测试流式输出。',
  '多字节字符会被切分在不同的数据块之间。',
  '请勿把这些内容当作真实结果。',
  '日本語のテキストも少し含まれています。'
]
const EMOJI = ['🚀', '✨', '🧪', '👩‍💻', '🌏', '🎞️', '🖼️', '✅']

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]
}

export function answerText(seed: number, prompt: string): string {
  const r = prng(hash32(seed, 'answer', prompt))
  const topic = pick(r, TOPICS)
  const quote = [...prompt.replace(/\s+/g, ' ').trim()].slice(0, 60).join('')
  const n = 2 + Math.floor(r() * 3)
  const items = Array.from(
    { length: n },
    (_, i) =>
      `${i + 1}. Point ${i + 1} about the ${topic}: ${pick(r, ['measure first', 'keep it small', 'test the edges', 'write it down'])}.`
  )
  return [
    `## Sandbox answer (${topic}) ${pick(r, EMOJI)}`,
    '',
    `This is a **synthetic** reply from the sandbox gateway to: "${quote}".`,
    '',
    ...items,
    '',
    '```ts',
    `function ${topic.replace(/\s+/g, '_')}(seed: number): string {`,
    `  return \`seed=\${seed} → ${pick(r, EMOJI)}\``,
    '}',
    '```',
    '',
    '| key | value |',
    '|---|---|',
    `| topic | ${topic} |`,
    `| seed | ${seed % 100000} |`,
    '',
    `${pick(r, CJK)}${pick(r, CJK)} ${pick(r, EMOJI)}${pick(r, EMOJI)}`
  ].join('\n')
}

export function thinkingText(seed: number, prompt: string): string {
  const r = prng(hash32(seed, 'thinking', prompt))
  return `Let me think about this step by step. The request mentions ${[...prompt].slice(0, 30).join('')}… First, ${pick(r, TOPICS)}; then check the edge cases. 先想一想再回答。`
}

/** Rough token count: about four bytes of UTF-8 per token, at least one. */
export function countTokens(s: string): number {
  return Math.max(1, Math.ceil(Buffer.byteLength(s, 'utf8') / 4))
}

/**
 * Splits text into stream pieces of one to three words (CJK in two or three characters), never
 * inside a UTF-16 surrogate pair; byte-level splitting is the `slicer` fault's job.
 */
export function pieces(text: string, seed: number): string[] {
  const r = prng(hash32(seed, 'pieces'))
  const words = text.match(/\s*[^\s]+|\s+/g) ?? []
  const out: string[] = []
  let i = 0
  while (i < words.length) {
    const w = words[i]
    const chars = [...w]
    if (chars.length > 6 && /[\u3000-\u9fff]/.test(w)) {
      for (let j = 0; j < chars.length;) {
        const n = 2 + Math.floor(r() * 2)
        out.push(chars.slice(j, j + n).join(''))
        j += n
      }
      i += 1
      continue
    }
    const n = 1 + Math.floor(r() * 3)
    out.push(words.slice(i, i + n).join(''))
    i += n
  }
  return out
}

export interface Generated {
  pieces: string[]
  text: string
  tokens: number
  /** Cut by the token limit or a stop sequence. */
  stop: 'end' | 'length' | 'stop_sequence'
  stopSequence?: string
}

/** The answer as stream pieces, cut by max tokens and stop sequences like a real model would. */
export function generate(seed: number, prompt: string, opts: { maxTokens?: number; stop?: string[] } = {}): Generated {
  let text = answerText(seed, prompt)
  let stop: Generated['stop'] = 'end'
  let stopSequence: string | undefined
  for (const s of opts.stop ?? []) {
    const at = s ? text.indexOf(s) : -1
    if (at >= 0) {
      text = text.slice(0, at)
      stop = 'stop_sequence'
      stopSequence = s
    }
  }
  let ps = pieces(text, seed)
  if (opts.maxTokens !== undefined && countTokens(text) > opts.maxTokens) {
    const kept: string[] = []
    let acc = ''
    for (const p of ps) {
      if (countTokens(acc + p) > opts.maxTokens) break
      kept.push(p)
      acc += p
    }
    ps = kept.length ? kept : ps.slice(0, 1)
    text = ps.join('')
    stop = 'length'
  }
  return { pieces: ps, text, tokens: countTokens(text), stop, stopSequence }
}

/** Arguments for a tool call, shaped after the tool's JSON schema. */
export function argsFor(schema: unknown, seed: number, prompt: string): Record<string, unknown> {
  const props =
    (schema as { properties?: Record<string, { type?: string; enum?: unknown[] }> } | undefined)?.properties ?? {}
  const r = prng(hash32(seed, 'args', prompt))
  const out: Record<string, unknown> = {}
  for (const [name, p] of Object.entries(props)) {
    if (Array.isArray(p?.enum) && p.enum.length) out[name] = p.enum[Math.floor(r() * p.enum.length)]
    else if (p?.type === 'number' || p?.type === 'integer') out[name] = 1 + Math.floor(r() * 99)
    else if (p?.type === 'boolean') out[name] = r() < 0.5
    else if (p?.type === 'array') out[name] = []
    else if (p?.type === 'object') out[name] = {}
    else out[name] = `sandbox ${name} 東京 ✨`
  }
  return out
}

/** Splits a JSON text into partial pieces, as tool-input deltas arrive. */
export function jsonPieces(json: string): string[] {
  const out: string[] = []
  const chars = [...json]
  for (let i = 0; i < chars.length; i += 7) out.push(chars.slice(i, i + 7).join(''))
  return out
}

/** Real milliseconds between stream pieces: a brisk reader's pace at speed 1, none at high speeds. */
export function paceFor(speed: number): number {
  const ms = 25 / speed
  return ms < 1 ? 0 : ms
}
