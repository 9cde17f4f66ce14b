import { describe, expect, it } from 'vitest'
import { IMAGE2_PROMPT_CASES } from '@shared/domain/image2-prompt-cases'
import type { Problem } from '../problems'
import {
  EMPTY_IMAGE2 as BLANK_IMAGE2,
  EMPTY_IMAGEGEN as BLANK_IMAGEGEN,
  image2SizeShown,
  validateImage2,
  validateImagegen
} from './generate-draft'

/** The problem's key: a rule of the domain or one of the form's own (text that is no number). */
const keyOf = (p: Problem | undefined) => (p && 'rule' in p ? p.rule : p?.key)

// The form fills in the profile's first model name; these drafts start from there.
const EMPTY_IMAGEGEN = { ...BLANK_IMAGEGEN, model: 'imagegen-4.0' }
const EMPTY_IMAGE2 = { ...BLANK_IMAGE2, model: 'image-model-2' }

describe('any draft', () => {
  it('refuses a blank model and sends any other name as typed (the names are suggestions)', () => {
    expect(keyOf(validateImagegen({ ...BLANK_IMAGEGEN, prompt: 'p' }).problems.model)).toBe('modelRequired')
    expect(keyOf(validateImage2({ ...BLANK_IMAGE2, prompt: 'p' }).problems.model)).toBe('modelRequired')
    expect(validateImage2({ ...BLANK_IMAGE2, model: ' canvas-x ', prompt: 'p' }).request).toMatchObject({
      family: 'image2',
      model: 'canvas-x'
    })
  })
})

describe('imagegen draft', () => {
  it('requires a prompt and n, and a size of two numbers', () => {
    const v = validateImagegen({ ...EMPTY_IMAGEGEN, n: '', size: '1024 by', urls: ['ftp://x'] })
    expect(v.request).toBeNull()
    expect(Object.keys(v.problems).sort()).toEqual(['image.0', 'n', 'prompt', 'size'])
    expect(keyOf(v.problems.size)).toBe('sizeStar')
  })

  it('becomes exactly the first family’s request', () => {
    const v = validateImagegen({
      ...EMPTY_IMAGEGEN,
      model: 'imagegen-4.5',
      prompt: 'a fox',
      n: '2',
      size: ' 2048*2048 ',
      ratio: '16:9',
      resolution: '2k',
      urls: ['https://example.com/a.png']
    })
    expect(v.request).toEqual({
      family: 'imagegen',
      model: 'imagegen-4.5',
      prompt: 'a fox',
      n: 2,
      size: '2048*2048',
      ratio: '16:9',
      resolution: '2k',
      image: ['https://example.com/a.png']
    })
  })

  it('refuses n outside 1..10', () => {
    expect(keyOf(validateImagegen({ ...EMPTY_IMAGEGEN, prompt: 'x', n: '0' }).problems.n)).toBe('countRange')
    expect(keyOf(validateImagegen({ ...EMPTY_IMAGEGEN, prompt: 'x', n: '11' }).problems.n)).toBe('countRange')
  })
})

describe('image-model-2 draft', () => {
  it('leaves n out when empty, sends 0 as typed, and always says the watermark choice', () => {
    expect(validateImage2({ ...EMPTY_IMAGE2, prompt: 'p' }).request).toEqual({
      family: 'image2',
      model: 'image-model-2',
      prompt: 'p',
      watermark: 'absent'
    })
    expect(validateImage2({ ...EMPTY_IMAGE2, prompt: 'p', n: '0', watermark: 'false' }).request).toMatchObject({
      n: 0,
      watermark: 'false'
    })
  })

  it('sends the ratio (not a size) for a ratio preset, and shows the size it gives', () => {
    const d = { ...EMPTY_IMAGE2, prompt: 'p', ratio: '16:9' as const }
    expect(validateImage2(d).request).toMatchObject({ ratio: '16:9' })
    expect(validateImage2(d).request).not.toHaveProperty('size')
    expect(image2SizeShown(d)).toBe('1920x1080')
    expect(image2SizeShown({ size: '1536x1024', customSize: '', ratio: '' })).toBe('1536x1024')
  })

  it('checks a custom size and reference URLs; a reference makes the prompt optional', () => {
    const v = validateImage2({
      ...EMPTY_IMAGE2,
      size: 'custom',
      customSize: '1280 by 720',
      refs: [{ ref: { kind: 'url', url: 'nope' }, label: '' }]
    })
    expect(keyOf(v.problems.customSize)).toBe('sizeX')
    expect(keyOf(v.problems['image.0'])).toBe('httpUrl')
    expect(v.problems.prompt).toBeUndefined()
    const ok = validateImage2({
      ...EMPTY_IMAGE2,
      refs: [{ ref: { kind: 'gallery', itemId: 'img-1' }, label: 'x' }],
      quality: 'high',
      background: 'transparent'
    })
    expect(ok.request).toMatchObject({
      image: [{ kind: 'gallery', itemId: 'img-1' }],
      quality: 'high',
      background: 'transparent'
    })
  })
})

// The host runs the same table (main/core/images/image2-prompt.test.ts).
describe('the second image family’s prompt: required for text-to-image only (form)', () => {
  it.each(IMAGE2_PROMPT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const v = validateImage2({
      ...EMPTY_IMAGE2,
      prompt: c.prompt,
      refs: c.refs.map((url) => ({ ref: { kind: 'url' as const, url }, label: url }))
    })
    if (c.ok) {
      expect(v.problems.prompt).toBeUndefined()
      expect(v.request).toMatchObject({ family: 'image2', prompt: c.prompt })
    } else {
      expect(keyOf(v.problems.prompt)).toBe('promptOrReference')
      expect(v.request).toBeNull()
    }
  })
})

describe('a size as a creator writes it', () => {
  it('is sent in the separator each family takes, whichever of x, × or * was typed', () => {
    for (const typed of ['2048*2048', ' 2048 x 2048 ', '2048×2048', '2048X2048']) {
      expect(validateImagegen({ ...EMPTY_IMAGEGEN, prompt: 'p', size: typed }).request).toMatchObject({
        size: '2048*2048'
      })
      expect(validateImage2({ ...EMPTY_IMAGE2, prompt: 'p', size: 'custom', customSize: typed }).request).toMatchObject(
        { size: '2048x2048' }
      )
    }
  })
})
