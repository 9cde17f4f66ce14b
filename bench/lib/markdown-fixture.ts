/**
 * The long answer of the streaming-render metrics (reference section 7, S1): markdown with
 * headings, paragraphs with inline code and math, nested lists, 12-line code fences and tables,
 * cut into stream pieces of one word each (about one token). Deterministic, so every run and
 * every arm streams the same bytes.
 */

function lcg(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const WORDS =
  'stream render frame token block markdown layout paint tail memo cache window budget latency buffer parser chunk delta merge host bridge table list code fence heading value ratio'.split(
    ' '
  )

function section(k: number, r: () => number): string {
  const w = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ')
  const code = Array.from({ length: 12 }, (_, i) =>
    i === 0
      ? `function step${k}(input: number[]): number {`
      : i === 11
        ? '}'
        : `  const v${i} = input[${i}] * ${k + i} // ${w(3)}`
  )
  const rows = Array.from({ length: 5 }, (_, i) => `| ${w(1)} | ${k * 10 + i} | ${w(2)} | ${(r() * 100).toFixed(2)} |`)
  return [
    `## Section ${k}: ${w(3)}`,
    '',
    `${w(18)} **${w(2)}** with \`${w(1)}()\` and $x_${k}^2 + y = ${k}$, ${w(16)}.`,
    '',
    `1. ${w(6)}`,
    `2. ${w(5)} \`${w(1)}\``,
    `   - ${w(4)}`,
    `   - ${w(5)}`,
    `3. ${w(7)}`,
    '',
    '```ts',
    ...code,
    '```',
    '',
    '| name | id | note | score |',
    '|---|---:|---|---:|',
    ...rows,
    '',
    `> ${w(12)}`,
    ''
  ].join('\n')
}

/** Splits like the sandbox does: each piece is one word with the whitespace before it. */
export function piecesOf(text: string): string[] {
  return text.match(/\s*[^\s]+|\s+/g) ?? []
}

/** Exactly `tokens` pieces of markdown (the last section cut where the count is reached). */
export function markdownPieces(tokens: number, seed = 1): string[] {
  if (!Number.isInteger(tokens) || tokens < 1 || tokens > 1_000_000)
    throw new Error(`tokens must be 1..1e6, got ${tokens}`)
  const r = lcg(seed)
  const out: string[] = []
  for (let k = 1; out.length < tokens; k++) out.push(...piecesOf(section(k, r) + '\n'))
  return out.slice(0, tokens)
}
