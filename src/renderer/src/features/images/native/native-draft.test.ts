import { describe, expect, it } from 'vitest'
import { EMPTY_NATIVE, promptTooLong, validateNative } from './native-draft'

describe('native task draft', () => {
  it('warns past 800 characters but does not refuse', () => {
    const prompt = 'x'.repeat(801)
    expect(promptTooLong(prompt)).toBe(true)
    expect(promptTooLong('x'.repeat(800))).toBe(false)
    expect(validateNative({ ...EMPTY_NATIVE, prompt }).request).toMatchObject({ prompt })
  })

  it('takes width and height from a preset', () => {
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: '9' }).request).toEqual({ prompt: 'p', width: 5404, height: 3040 })
  })

  it('checks custom dimensions: both or neither, range, and area', () => {
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '2048' }).problems.height?.key).toBe('bothDims')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '10', height: '2048' }).problems.width?.key).toBe('dimRange')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '8000', height: '8000' }).problems.width?.key).toBe('areaRange')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', preset: 'custom', width: '2048', height: '1024' }).request).toMatchObject({ width: 2048, height: 1024 })
  })

  it('validates the deprecated area between 1024x1024 and 4096x4096', () => {
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', area: '1048575' }).problems.size?.key).toBe('areaSize')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', area: '16777217' }).problems.size?.key).toBe('areaSize')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', area: '4194304' }).request).toMatchObject({ size: 4194304 })
  })

  it('allows 0 to 10 http(s) URLs and force_single', () => {
    const urls = Array.from({ length: 11 }, (_, i) => `https://e.com/${i}.png`)
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', urls }).problems.image_urls?.key).toBe('tooManyRefs')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', urls: ['file:///etc/passwd'] }).problems['image_urls.0']?.key).toBe('url')
    expect(validateNative({ ...EMPTY_NATIVE, prompt: 'p', forceSingle: true }).request).toMatchObject({ force_single: true })
  })
})
