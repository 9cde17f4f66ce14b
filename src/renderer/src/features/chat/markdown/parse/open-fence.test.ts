import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { advanceDoc, emptyDoc } from '../incremental'
import { completeTail } from '../streaming-complete'
import { openFenceNode } from './open-fence'
import { parseBlocks } from './parse'

const withoutPositions = (nodes: readonly object[]) => nodes.map((n) => ({ ...n, position: undefined }))

const SAMPLES = [
  '```ts\nfunction step(input: number[]): number {\n  const v = input[1] * 4 // `x` **y** [a](b)\n\n\tconst s = "~~~"\n  ``\n  ```js\n   ```` \n}\n```\nafter',
  '~~~\nprint("```")\n ~~\n~~~~\n',
  '````md\n```\ninner\n```\n````',
  '```\n  a\n\tb\n\n\n',
  '```ts x y\ncode\n',
  '```a`b\ncode\n',
  '  ```\nindented opener\n'
]

describe('an open code fence read without the parser', () => {
  it('gives the node micromark gives, on every prefix of a fence as it streams', () => {
    let fast = 0
    for (const sample of SAMPLES) {
      for (let i = 0; i <= sample.length; i++) {
        const text = sample.slice(0, i)
        const node = openFenceNode(text)
        if (!node) continue
        fast += 1
        expect(withoutPositions([node]), JSON.stringify(text)).toEqual(withoutPositions(parseBlocks(text).children))
        expect(node.position?.end.offset).toBe(text.length)
      }
    }
    expect(fast).toBeGreaterThan(150)
  })

  it('declines a closed fence, a line that may become the closing fence, an info string with more than a language, and other blocks', () => {
    expect(openFenceNode('```ts\ncode\n```')).toBeNull()
    expect(openFenceNode('```ts\ncode\n```\n')).toBeNull()
    expect(openFenceNode('```ts\ncode\n`')).toBeNull()
    expect(openFenceNode('~~~\ncode\n  ~~')).toBeNull()
    expect(openFenceNode('```ts title="a"\ncode\n')).toBeNull()
    expect(openFenceNode('```a\\b\ncode')).toBeNull()
    expect(openFenceNode('  ```\ncode')).toBeNull()
    expect(openFenceNode('``\ncode')).toBeNull()
    expect(openFenceNode('text\n```\ncode')).toBeNull()
    expect(openFenceNode('```\r\ncode')).toBeNull()
  })

  it('shows a streamed fence as the whole text parsed at once shows it, over random chunkings', () => {
    const text = `Intro **text**.\n\n${SAMPLES[0]}\n\n${SAMPLES[1]}\n\n- item\n\n${SAMPLES[2]}`
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b)
        let doc = emptyDoc
        for (const end of [...points, text.length]) {
          const prefix = text.slice(0, end)
          doc = advanceDoc(doc, prefix, completeTail)
          // Parsed whole, as without the shortcut (the completion trims the unfinished line's trailing blanks).
          const reference = advanceDoc(emptyDoc, prefix, completeTail)
          const code = (d: typeof doc) =>
            [...d.chunks.flat(), ...d.tail]
              .flatMap((b) => b.nodes)
              .filter((n) => n.type === 'code')
              .map((n) => n.value.trimEnd())
          expect(code(doc)).toEqual(code(reference))
        }
      }),
      { numRuns: 60 }
    )
  })
})
