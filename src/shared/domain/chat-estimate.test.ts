import { describe, expect, it } from 'vitest'
import { chatEstimate, countTokens, promptTokens, TOKENS_PER_MESSAGE } from './chat-estimate'

describe('chat estimates by tokens', () => {
  it('counts tokens of the prompt and of the history it carries', () => {
    expect(countTokens('')).toBe(0)
    expect(countTokens('abcdefgh')).toBe(2)
    expect(countTokens('abcdefghi')).toBe(3)
    // Han characters count one each.
    expect(countTokens('你好世界')).toBe(4)
    expect(countTokens('hi 你好')).toBe(2 + 1)
    expect(promptTokens('abcdefgh')).toBe(2 + TOKENS_PER_MESSAGE)
    expect(promptTokens('abcdefgh', ['abcd', '1234abcd'], 'sys!')).toBe(2 + 1 + 2 + 1 + 4 * TOKENS_PER_MESSAGE)
    // A longer history is a dearer send.
    expect(promptTokens('q', ['a'.repeat(400)])).toBeGreaterThan(promptTokens('q'))
  })

  it('prices the send plus the usual answer at the pooled cost per token, with the range of single answers', () => {
    const e = chatEstimate(
      [
        { cost: 100, input: 60, output: 40, total: 100 },
        { cost: 300, input: 100, output: 100, total: 200 },
        { cost: 50, input: 30, output: 20 }
      ],
      60
    )
    // Pooled: 450 over 350 tokens; the median answer adds 40 tokens.
    expect(e.tokens).toBe(100)
    expect(e.cost).toBeCloseTo((450 / 350) * 100, 6)
    expect(e.low).toBeCloseTo(1 * 100, 6)
    expect(e.high).toBeCloseTo(1.5 * 100, 6)
    expect(e.basedOn).toBe(3)
  })

  it('has no estimate without history, and still says how many tokens the send carries', () => {
    expect(chatEstimate([], 42)).toEqual({ cost: null, low: null, high: null, tokens: 42, basedOn: 0 })
  })

  it('leaves out negative costs (a top-up or refund), answers without tokens, and broken figures', () => {
    const e = chatEstimate(
      [
        { cost: -500, total: 100 },
        { cost: 80, total: 0 },
        { cost: 80 },
        { cost: Number.NaN, total: 10 },
        { cost: 200, input: 50, output: 50, total: 100 }
      ],
      100
    )
    expect(e.basedOn).toBe(1)
    expect(e.tokens).toBe(150)
    expect(e.cost).toBeCloseTo(300, 6)
    expect(chatEstimate([{ cost: -1, total: 10 }], 10).cost).toBeNull()
  })
})
