import { describe, expect, it } from 'vitest'
import type { EditorSource } from '../images-ui-store'
import { EMPTY_EDIT, qualityOptions, validateEdit, withModel } from './edit-draft'

const source: EditorSource = { ref: { kind: 'gallery', itemId: 'img-1' }, url: '/media/img-1', width: 4096, height: 4096, label: 'x' }

describe('edit draft', () => {
  it('offers the quality values of each model family', () => {
    expect(qualityOptions('imagegen-4.0')).toEqual(['auto', 'high', 'medium', 'low', 'hd', 'standard'])
    expect(qualityOptions('image-model-1')).toEqual(['standard'])
  })

  it('drops native-only fields and a foreign quality when the model changes', () => {
    const d = withModel({ ...EMPTY_EDIT, quality: 'high', ratio: '16:9', responseFormat: 'b64_json', resolution: '4k' }, 'image-model-1')
    expect(d).toMatchObject({ model: 'image-model-1', quality: '', ratio: '', responseFormat: '', resolution: '' })
    expect(withModel({ ...EMPTY_EDIT, quality: 'standard' }, 'image-model-1').quality).toBe('standard')
  })

  it('builds the request with the source and only the fields the model takes', () => {
    const v = validateEdit({ ...EMPTY_EDIT, prompt: 'sky', model: 'imagegen-4.5', n: '2', size: 'auto', quality: 'hd', watermark: 'true', ratio: '1:1', resolution: '2k' }, source)
    expect(v.request).toEqual({ source: source.ref, prompt: 'sky', model: 'imagegen-4.5', n: 2, size: 'auto', quality: 'hd', watermark: 'true', ratio: '1:1', resolution: '2k' })
  })

  it('refuses a missing prompt, a bad size and no source', () => {
    const v = validateEdit({ ...EMPTY_EDIT, size: '1024*1024' }, null)
    expect(Object.keys(v.problems).sort()).toEqual(['prompt', 'size', 'source'])
    expect(v.request).toBeNull()
  })
})
