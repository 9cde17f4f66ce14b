/**
 * M1: what a streamed answer keeps in memory once it has arrived must not depend on how many
 * updates it came in. Each update's text is a new string; a sealed block that held slices of it
 * kept that whole version alive, so a long answer kept hundreds of copies of itself.
 */
// Kept beside the other Node-side checks, not in the renderer: a memory test needs V8's own GC
// (node:v8, node:vm), and the renderer's code under test stays free of Node.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import type { MdBlock } from '../src/renderer/src/features/chat/markdown/chunks'
import { advanceDoc, detach, emptyDoc, type MarkdownDoc } from '../src/renderer/src/features/chat/markdown/incremental'
import { completeTail } from '../src/renderer/src/features/chat/markdown/streaming-complete'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const WORDS =
  'stream render frame token block markdown layout paint tail memo cache window budget latency buffer parser'.split(' ')

/** An answer of `sections` sections, each with the constructs a model writes (and long words, so its strings can be slices). */
function answer(sections: number): string {
  const w = (k: number, n: number) =>
    Array.from({ length: n }, (_, i) => WORDS[(k * 7 + i * 3) % WORDS.length]).join(' ')
  const out: string[] = []
  for (let k = 1; k <= sections; k++) {
    out.push(
      `## Section ${k}: ${w(k, 3)}`,
      '',
      `${w(k, 14)} **${w(k + 1, 2)}** with \`${w(k, 2)}()\`, $x_${k}^2 + y = ${k}$ and [a link](https://example.com/${w(k, 2).replace(' ', '/')}).`,
      '',
      `1. ${w(k, 6)}`,
      `2. ${w(k + 2, 5)}`,
      '',
      '```ts',
      `const value${k} = compute(${k}) // ${w(k, 4)}`,
      '```',
      '',
      '| name | note |',
      '|---|---|',
      `| ${w(k, 2)} | ${w(k + 3, 3)} |`,
      '',
      `> ${w(k, 10)}`,
      ''
    )
  }
  return out.join('\n')
}

/**
 * Heap kept by the doc of `text` delivered in pieces of `step` characters (as the stream store
 * builds it: by concatenation) and, with `keepTails`, by each block's last version as a live tail
 * block, which React keeps after the block seals (the props its fiber's alternate last rendered).
 */
function retainedBytes(
  text: string,
  step: number,
  keepTails = false
): { bytes: number; doc: MarkdownDoc; tails: Map<string, MdBlock> } {
  gc()
  gc()
  const before = process.memoryUsage().heapUsed
  let doc = emptyDoc
  let shown = ''
  const tails = new Map<string, MdBlock>()
  for (let at = 0; at < text.length; at += step) {
    shown = shown + text.slice(at, at + step)
    doc = advanceDoc(doc, shown, completeTail)
    if (keepTails) for (const block of doc.tail) tails.set(block.key, block)
  }
  doc = advanceDoc(doc, shown)
  gc()
  gc()
  return { bytes: process.memoryUsage().heapUsed - before, doc, tails }
}

/**
 * What the doc of `text` parsed at once keeps: the most of three readings, since a GC during one
 * (V8 dropping bytecode it has not run lately, say) can make it read low by half a megabyte.
 */
function wholeBytes(text: string): number {
  return Math.max(...[0, 1, 2].map(() => retainedBytes(text, text.length).bytes))
}

describe('a streamed answer in memory', () => {
  it('keeps about what the same answer keeps when it arrives at once, however many updates it took', () => {
    // The streaming path runs once first, so the code V8 compiles for it is not counted as kept.
    const text = answer(60)
    retainedBytes(answer(8), 60)
    const whole = wholeBytes(text)
    // About 500 updates (a token or two each, as a fast model streams): while sealed blocks kept
    // slices of the text they were parsed from, this kept over 4 MB more than the whole answer at
    // once (a version of the message per update); now the two are within GC noise of each other.
    const streamed = retainedBytes(text, 60)
    expect(streamed.doc.chunks.flat().length).toBe(advanceDoc(emptyDoc, text).chunks.flat().length)
    expect(streamed.bytes - whole).toBeLessThan(1.5 * 1024 * 1024)
  })

  it('keeps no whole version of the message in the tail blocks a renderer may hold on to', () => {
    const text = answer(60)
    retainedBytes(answer(8), 60, true)
    const whole = wholeBytes(text)
    // Each block's last tail version is no bigger than the block (they add a few hundred KB here).
    // While the tail was a slice of the message, each of them kept that update's message (over 2 MB more).
    const streamed = retainedBytes(text, 60, true)
    expect(streamed.tails.size).toBeGreaterThan(streamed.doc.chunks.flat().length / 2)
    expect(streamed.bytes - whole).toBeLessThan(1.5 * 1024 * 1024)
  })

  it('detach drops positions and keeps every value', () => {
    const node = {
      type: 'paragraph',
      position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 9, offset: 8 } },
      children: [
        {
          type: 'text',
          value: 'some text here long enough to be sliced',
          position: { start: { line: 1, column: 1 }, end: { line: 1, column: 9 } }
        }
      ],
      data: { hChildren: [{ type: 'text', value: 'tex source' }], classes: ['a', 'b'] }
    }
    detach(node)
    expect(node).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', value: 'some text here long enough to be sliced' }],
      data: { hChildren: [{ type: 'text', value: 'tex source' }], classes: ['a', 'b'] }
    })
  })
})
