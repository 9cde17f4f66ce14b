import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StudioError } from '@shared/errors'
import { SseReader, type SseItem } from './sse'

const enc = new TextEncoder()

function read(chunks: Array<string | Uint8Array>, max?: number): { items: SseItem[]; error?: unknown } {
  const items: SseItem[] = []
  const r = new SseReader((i) => items.push(i), max)
  try {
    for (const c of chunks) r.push(typeof c === 'string' ? enc.encode(c) : c)
    r.end()
  } catch (error) {
    return { items, error }
  }
  return { items }
}

const ev = (data: string, event?: string): SseItem => ({ kind: 'event', ...(event ? { event } : {}), data })

describe('SseReader', () => {
  it('reads data and event frames, tolerating extra blank lines and comments', () => {
    const { items } = read(['event: a\ndata: {"x":1}\n\n\n', ': PING\n\n', '\n\ndata: two\ndata: lines\n\n'])
    expect(items).toEqual([ev('{"x":1}', 'a'), ev('two\nlines')])
  })

  it('reads CRLF and lone-CR line endings, including a CR split from its LF', () => {
    expect(read(['data: a\r', '\n\r\n', 'data: b\r\rdata: c\r\n\r\n']).items).toEqual([ev('a'), ev('b'), ev('c')])
  })

  it('treats a final CR at the end of the body as a line end', () => {
    expect(read(['data: a\r\n\r']).items).toEqual([ev('a')])
  })

  it('keeps a character split across chunks intact (one streaming decoder)', () => {
    const bytes = enc.encode('data: 你好👩‍💻\n\n')
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b))
    expect(read(chunks).items).toEqual([ev('你好👩‍💻')])
  })

  it('drops an event that never got its blank line (EOF mid-event)', () => {
    expect(read(['data: one\n\ndata: cut']).items).toEqual([ev('one')])
    expect(read(['data: one\n\ndata: cut\n']).items).toEqual([ev('one')])
  })

  it('reports the bare JSON error line the gateway appends to a 200 stream, with or without a newline', () => {
    const line = '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'
    expect(read([`data: a\n\n${line}\n`]).items).toEqual([ev('a'), { kind: 'bare', line }])
    expect(read([`data: a\n\n${line}`]).items).toEqual([ev('a'), { kind: 'bare', line }])
    expect(read([`data: a\n\n`, line.slice(0, 10), line.slice(10)]).items).toEqual([ev('a'), { kind: 'bare', line }])
  })

  it('ignores other non-SSE lines', () => {
    expect(read(['garbage without colon\nretry: soon\ndata: ok\n\n']).items).toEqual([ev('ok')])
  })

  it('stops with a coded error when one event outgrows the buffer limit', () => {
    const big = 'x'.repeat(64 * 1024)
    const { items, error } = read(['data: small\n\n', 'data: ', ...Array(80).fill(big)], 4 * 1024 * 1024)
    expect(items).toEqual([ev('small')])
    expect(error).toBeInstanceOf(StudioError)
    expect((error as StudioError).code).toBe('GATEWAY_ERROR')
    expect((error as StudioError).message).toMatch(/larger than 4 MB/)
  })

  it('gives the same items however the bytes are split (property, 1,000 runs)', () => {
    const text = [
      'event: message_start\r\ndata: {"t":"开始 🚀"}\r\n\r\n\r\n',
      ': PING\r\n\r\n',
      'data: {"t":"emoji 👩‍💻 and ünïcödé"}\n\n\n',
      'data: line1\ndata: 第二行\n\n',
      '{"type":"error","error":{"message":"bare"}}\n'
    ].join('')
    const bytes = enc.encode(text)
    const whole = read([bytes]).items
    expect(whole).toHaveLength(4)
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b)
        const chunks: Uint8Array[] = []
        let prev = 0
        for (const p of [...points, bytes.length]) {
          chunks.push(bytes.subarray(prev, p))
          prev = p
        }
        expect(read(chunks).items).toEqual(whole)
      }),
      { numRuns: 1000 }
    )
  })
})
