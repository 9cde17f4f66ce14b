import { describe, expect, it } from 'vitest'
import { parseDims, wireDims } from './image-rules'

describe('wireDims: a typed size in the request’s separator', () => {
  it('accepts x, X, × and * with spaces around, and writes the family’s separator', () => {
    expect(wireDims('1280 × 720', 'x')).toBe('1280x720')
    expect(wireDims(' 1280 X 720 ', '*')).toBe('1280*720')
    expect(wireDims('1280*720', 'x')).toBe('1280x720')
    expect(parseDims(wireDims('2048 x 2048', '*'), '*')).toEqual({ width: 2048, height: 2048 })
  })

  it('leaves anything else trimmed for the rules to refuse: auto, one number, words, three numbers', () => {
    expect(wireDims(' auto ', 'x')).toBe('auto')
    expect(wireDims('1024', 'x')).toBe('1024')
    expect(wireDims('1024 by 768', 'x')).toBe('1024 by 768')
    expect(wireDims('1x2x3', 'x')).toBe('1x2x3')
    expect(wireDims('', '*')).toBe('')
  })
})
