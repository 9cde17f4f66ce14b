import { describe, expect, it } from 'vitest'
import { STANDIN_NAMES, cloneNames } from '@shared/domain/gateway-names'
import type { EditorSource } from '../images-ui-store'
import { EMPTY_EDIT, qualityOptions, validateEdit, withModel } from './edit-draft'

const source: EditorSource = {
  ref: { kind: 'gallery', itemId: 'img-1' },
  url: '/media/img-1',
  width: 4096,
  height: 4096,
  label: 'x'
}

describe('edit draft', () => {
  it("offers the quality values of each edit family, and a model's own list from the names", () => {
    expect(qualityOptions({ family: 'editNative', model: 'imagegen-4.0' }, STANDIN_NAMES)).toEqual([
      'auto',
      'high',
      'medium',
      'low',
      'hd',
      'standard'
    ])
    // The spec: image-model-1 defaults to standard in the form case; its other values are high/medium/low.
    expect(qualityOptions({ family: 'editForm', model: 'image-model-1' }, STANDIN_NAMES)).toEqual([
      'standard',
      'high',
      'medium',
      'low'
    ])
    expect(qualityOptions({ family: 'editForm', model: 'retouch-9' }, STANDIN_NAMES)).toEqual([
      'standard',
      'hd',
      'high',
      'medium',
      'low'
    ])
    const names = cloneNames(STANDIN_NAMES)
    names.rules['retouch-9'] = { qualities: ['standard'] }
    expect(qualityOptions({ family: 'editForm', model: 'retouch-9' }, names)).toEqual(['standard'])
  })

  it('drops native-only fields and a foreign quality when the model changes family', () => {
    const d = withModel(
      {
        ...EMPTY_EDIT,
        model: 'imagegen-4.0',
        quality: 'auto',
        ratio: '16:9',
        responseFormat: 'b64_json',
        resolution: '4k'
      },
      'image-model-1',
      STANDIN_NAMES
    )
    expect(d).toMatchObject({
      model: 'image-model-1',
      family: 'editForm',
      quality: '',
      ratio: '',
      responseFormat: '',
      resolution: ''
    })
    expect(withModel({ ...EMPTY_EDIT, quality: 'standard' }, 'image-model-1', STANDIN_NAMES).quality).toBe('standard')
    // A name the names do not know keeps the family the user chose.
    expect(withModel({ ...EMPTY_EDIT, family: 'editForm' }, 'retouch-9', STANDIN_NAMES).family).toBe('editForm')
  })

  it('builds the request with the source and only the fields the model takes', () => {
    const v = validateEdit(
      {
        ...EMPTY_EDIT,
        prompt: 'sky',
        model: 'imagegen-4.5',
        n: '2',
        size: 'auto',
        quality: 'hd',
        watermark: 'true',
        ratio: '1:1',
        resolution: '2k'
      },
      source
    )
    expect(v.request).toEqual({
      source: source.ref,
      prompt: 'sky',
      model: 'imagegen-4.5',
      family: 'editNative',
      n: 2,
      size: 'auto',
      quality: 'hd',
      watermark: 'true',
      ratio: '1:1',
      resolution: '2k'
    })
  })

  it('refuses a missing prompt, a bad size and no source', () => {
    const v = validateEdit({ ...EMPTY_EDIT, size: '1024 by 1024' }, null)
    expect(Object.keys(v.problems).sort()).toEqual(['model', 'prompt', 'size', 'source'])
    expect(v.request).toBeNull()
  })
})
