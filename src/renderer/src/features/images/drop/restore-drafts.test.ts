import { describe, expect, it } from 'vitest'
import { restoredDraft } from './restore-drafts'

describe('settings from a studio PNG back into their form', () => {
  it('fills the second family’s draft, a custom size as custom', () => {
    const r = restoredDraft({
      v: 1,
      origin: 'generate',
      model: 'm2',
      prompt: 'a kite',
      params: { family: 'image2', n: 2, size: '1000x700', quality: 'high', watermark: 'false', ratio: '16:9' }
    })
    expect(r).toMatchObject({
      form: 'generate',
      family: 'image2',
      draft: {
        model: 'm2',
        prompt: 'a kite',
        n: '2',
        size: 'custom',
        customSize: '1000x700',
        quality: 'high',
        watermark: 'false',
        ratio: '16:9'
      }
    })
  })

  it('fills the first family’s draft and drops values its fields do not take', () => {
    const r = restoredDraft({
      v: 1,
      origin: 'generate',
      model: 'm1',
      prompt: 'p',
      params: { family: 'imagegen', n: 'lots', ratio: '7:5', resolution: '2k', size: { x: 1 } }
    })
    expect(r).toMatchObject({
      form: 'generate',
      family: 'imagegen',
      draft: { model: 'm1', n: '1', ratio: '', resolution: '2k', size: '' }
    })
  })

  it('fills the native task: a preset size as its preset, force_single kept', () => {
    const r = restoredDraft({
      v: 1,
      origin: 'native',
      model: 'nm',
      prompt: 'p',
      params: { width: 2560, height: 1440, force_single: true, resolution: '2k' }
    })
    expect(r).toMatchObject({
      form: 'native',
      draft: { model: 'nm', preset: '4', forceSingle: true, resolution: '2k' }
    })
    const custom = restoredDraft({
      v: 1,
      origin: 'native',
      model: 'nm',
      prompt: 'p',
      params: { width: 1000, height: 1200 }
    })
    expect(custom).toMatchObject({ draft: { preset: 'custom', width: '1000', height: '1200' } })
  })

  it('fills the edit form with its family and quality', () => {
    const r = restoredDraft({
      v: 1,
      origin: 'edit',
      model: 'em',
      prompt: 'remove the boat',
      params: { family: 'editForm', quality: 'hd', size: '1024x1024', n: 1 }
    })
    expect(r).toEqual({
      form: 'edit',
      draft: expect.objectContaining({
        model: 'em',
        prompt: 'remove the boat',
        family: 'editForm',
        quality: 'hd',
        size: '1024x1024',
        n: '1'
      })
    })
  })
})
