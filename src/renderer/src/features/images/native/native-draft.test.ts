import { describe, expect, it } from 'vitest'
import type { Problem } from '../problems'
import { EMPTY_NATIVE, promptTooLong, validateNative } from './native-draft'

/** The problem's key: a rule of the domain or one of the form's own (text that is no number). */
const keyOf = (p: Problem | undefined) => (p && 'rule' in p ? p.rule : p?.key)

describe('native task draft', () => {
  it('warns past 800 characters but does not refuse', () => {
    const prompt = 'x'.repeat(801)
    expect(promptTooLong(prompt)).toBe(true)
    expect(promptTooLong('x'.repeat(800))).toBe(false)
    expect(validateNative({ ...EMPTY_NATIVE, prompt }).request).toMatchObject({ prompt })
  })

  it('takes width and height from a preset', () => {
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: '9' }).request).toEqual({
      prompt: 'p',
      width: 5404,
      height: 3040
    })
  })

  it('checks custom dimensions: both or neither, range, and area', () => {
    expect(
      keyOf(validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '2048' }).problems.height)
    ).toBe('bothDims')
    expect(
      keyOf(
        validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '10', height: '2048' }).problems.width
      )
    ).toBe('tooSmall')
    expect(
      keyOf(
        validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '8000', height: '8000' }).problems.width
      )
    ).toBe('areaRange')
    expect(
      validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '2048', height: '1024' }).request
    ).toMatchObject({ width: 2048, height: 1024 })
  })

  it('validates the deprecated area between 1024x1024 and 4096x4096', () => {
    expect(keyOf(validateNative({ ...EMPTY_NATIVE, prompt: 'p', area: '1048575' }).problems.size)).toBe('areaSize')
    expect(keyOf(validateNative({ ...EMPTY_NATIVE, prompt: 'p', area: '16777217' }).problems.size)).toBe('areaSize')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', area: '4194304' }).request).toMatchObject({ size: 4194304 })
  })

  it('allows 0 to 10 http(s) URLs and force_single', () => {
    const urls = Array.from({ length: 11 }, (_, i) => `https://e.com/${i}.png`)
    expect(keyOf(validateNative({ ...EMPTY_NATIVE, prompt: 'p', urls }).problems.image_urls)).toBe('tooMany')
    expect(
      keyOf(validateNative({ ...EMPTY_NATIVE, prompt: 'p', urls: ['file:///etc/passwd'] }).problems['image_urls.0'])
    ).toBe('nativeUrl')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', forceSingle: true }).request).toMatchObject({
      force_single: true
    })
  })
})
