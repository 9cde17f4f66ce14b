import { describe, expect, it } from 'vitest'
import { STANDIN_NAMES } from '@shared/domain/gateway-names'
import {
  EditRequestSchema,
  GenerateRequestSchema,
  IMAGE2_RATIO_SIZES,
  NativeTaskRequestSchema
} from '@shared/domain/images'
import {
  buildEditFields,
  buildImage2Body,
  buildImagegenBody,
  buildNativeResultBody,
  buildNativeSubmitBody,
  image2Size,
  nearestImage2Size,
  type Image2Request,
  type ImagegenRequest
} from './builders'

const gen1 = (over: Record<string, unknown> = {}) =>
  GenerateRequestSchema.parse({
    family: 'imagegen',
    model: 'imagegen-4.0',
    prompt: 'a fox',
    n: 2,
    ...over
  }) as ImagegenRequest
const gen2 = (over: Record<string, unknown> = {}) =>
  GenerateRequestSchema.parse({ family: 'image2', model: 'image-model-2', prompt: 'a fox', ...over }) as Image2Request

describe('first family body (imagegen-4.0 / 4.5)', () => {
  it('sends model, prompt and n, and nothing the user left out', () => {
    expect(buildImagegenBody(gen1()).body).toEqual({ model: 'imagegen-4.0', prompt: 'a fox', n: 2 })
  })

  it('keeps size as <w>*<h>, ratio, resolution and reference URLs exactly as given', () => {
    const b = buildImagegenBody(
      gen1({
        model: 'imagegen-4.5',
        size: '2048*1152',
        ratio: '16:9',
        resolution: '2k',
        image: ['https://x.test/a.png']
      })
    )
    expect(b.body).toEqual({
      model: 'imagegen-4.5',
      prompt: 'a fox',
      n: 2,
      size: '2048*1152',
      ratio: '16:9',
      resolution: '2k',
      image: ['https://x.test/a.png']
    })
    expect(b.requestedSize).toBe('2048x1152')
  })

  it('has no second-family fields', () => {
    const keys = Object.keys(buildImagegenBody(gen1({ size: '1024*1024' })).body)
    for (const k of ['response_format', 'quality', 'style', 'background', 'watermark']) expect(keys).not.toContain(k)
  })
})

describe('second family body (image-model-2)', () => {
  it('omits n when absent and passes 0 through (the gateway makes both 1)', () => {
    expect(buildImage2Body(gen2(), []).body).toEqual({ model: 'image-model-2', prompt: 'a fox' })
    expect(buildImage2Body(gen2({ n: 0 }), []).body.n).toBe(0)
    expect(buildImage2Body(gen2({ n: 3 }), []).body.n).toBe(3)
  })

  it.each(Object.entries(IMAGE2_RATIO_SIZES))(
    'maps ratio %s to size %s per the spec table, without sending ratio',
    (ratio, size) => {
      const b = buildImage2Body(gen2({ ratio }), [])
      expect(b.body.size).toBe(size)
      expect(b.body).not.toHaveProperty('ratio')
      expect(b.requestedSize).toBe(size)
      expect(b.warnings).toEqual([])
    }
  )

  it('lets an explicit size win over a ratio and tells the form', () => {
    const b = buildImage2Body(gen2({ ratio: '16:9', size: '1024x1024' }), [])
    expect(b.body.size).toBe('1024x1024')
    expect(b.warnings.join(' ')).toMatch(/1024x1024 was sent; the ratio 16:9 \(which means 1920x1080\) was not used/)
  })

  it('sends an off-tier size as asked and names the nearest official size', () => {
    const b = buildImage2Body(gen2({ size: '1600x900' }), [])
    expect(b.body.size).toBe('1600x900')
    expect(b.warnings.join(' ')).toMatch(/nearest one \(1920x1080\)/)
    expect(nearestImage2Size(900, 1600)).toBe('1080x1920')
    expect(nearestImage2Size(1000, 1000)).toBe('1024x1024')
    expect(nearestImage2Size(1500, 1000)).toBe('1536x1024')
  })

  it('keeps watermark tri-state: absent omitted, true and false sent as booleans', () => {
    expect(buildImage2Body(gen2(), []).body).not.toHaveProperty('watermark')
    expect(buildImage2Body(gen2({ watermark: 'absent' }), []).body).not.toHaveProperty('watermark')
    expect(buildImage2Body(gen2({ watermark: 'true' }), []).body.watermark).toBe(true)
    expect(buildImage2Body(gen2({ watermark: 'false' }), []).body.watermark).toBe(false)
  })

  it('sends one reference as a string and several as an array', () => {
    expect(buildImage2Body(gen2(), ['data:image/png;base64,AAA']).body.image).toBe('data:image/png;base64,AAA')
    expect(buildImage2Body(gen2(), ['https://a.test/1.png', 'data:image/png;base64,AAA']).body.image).toEqual([
      'https://a.test/1.png',
      'data:image/png;base64,AAA'
    ])
    expect(buildImage2Body(gen2(), []).body).not.toHaveProperty('image')
  })

  it('passes response_format, quality, style and background through', () => {
    const b = buildImage2Body(
      gen2({ response_format: 'b64_json', quality: 'high', style: 'vivid', background: 'transparent' }),
      []
    )
    expect(b.body).toEqual({
      model: 'image-model-2',
      prompt: 'a fox',
      response_format: 'b64_json',
      quality: 'high',
      style: 'vivid',
      background: 'transparent'
    })
  })

  it('image2Size with neither ratio nor size leaves size out', () => {
    expect(image2Size({})).toEqual({ size: undefined, warnings: [] })
  })
})

describe('native task bodies', () => {
  it('submits with the fixed req_key and model and only the given fields', () => {
    const req = NativeTaskRequestSchema.parse({ prompt: 'a fox' })
    expect(buildNativeSubmitBody(req, STANDIN_NAMES.nativeImage, 'imagegen-4.0').body).toEqual({
      req_key: 'imagegen_t2i_v40',
      model: 'imagegen-4.0',
      prompt: 'a fox'
    })
  })

  it('carries resolution, size, width/height, force_single and image_urls', () => {
    const req = NativeTaskRequestSchema.parse({
      prompt: 'p',
      resolution: '4k',
      size: 4194304,
      width: 2560,
      height: 1440,
      force_single: false,
      image_urls: ['https://a.test/x.jpg']
    })
    const b = buildNativeSubmitBody(req, STANDIN_NAMES.nativeImage, 'imagegen-4.0')
    expect(b.body).toEqual({
      req_key: 'imagegen_t2i_v40',
      model: 'imagegen-4.0',
      prompt: 'p',
      resolution: '4k',
      size: 4194304,
      force_single: false,
      image_urls: ['https://a.test/x.jpg'],
      width: 2560,
      height: 1440
    })
    expect(b.requestedSize).toBe('2560x1440')
    expect(
      buildNativeSubmitBody(
        NativeTaskRequestSchema.parse({ prompt: 'p', size: 4194304 }),
        STANDIN_NAMES.nativeImage,
        'imagegen-4.0'
      ).requestedSize
    ).toBe('2048x2048')
  })

  it('takes req_key and model from the profile names, not from constants', () => {
    const req = NativeTaskRequestSchema.parse({ prompt: 'a fox' })
    expect(buildNativeSubmitBody(req, { reqKey: 'visual_t2i_alt' }, 'pixa-native').body).toEqual({
      req_key: 'visual_t2i_alt',
      model: 'pixa-native',
      prompt: 'a fox'
    })
    expect(buildNativeResultBody('9', { reqKey: 'visual_t2i_alt' }).req_key).toBe('visual_t2i_alt')
  })

  it('queries the result with return_url as a JSON string (GATEWAY.md §5b)', () => {
    expect(buildNativeResultBody('123', STANDIN_NAMES.nativeImage)).toEqual({
      req_key: 'imagegen_t2i_v40',
      task_id: '123',
      req_json: '{"return_url":true}'
    })
  })
})

describe('edit multipart fields', () => {
  const edit = (over: Record<string, unknown> = {}) =>
    EditRequestSchema.parse({ source: { kind: 'file', fileId: 'f' }, prompt: 'a hat', model: 'imagegen-4.0', ...over })

  it('sends model and prompt, and watermark only when not absent', () => {
    expect(buildEditFields(edit(), 'editNative').body).toEqual([
      ['model', 'imagegen-4.0'],
      ['prompt', 'a hat']
    ])
    expect(buildEditFields(edit({ watermark: 'false' }), 'editNative').body).toContainEqual(['watermark', 'false'])
    expect(buildEditFields(edit({ watermark: 'true' }), 'editNative').body).toContainEqual(['watermark', 'true'])
  })

  it('adds ratio, response_format and resolution for the native family only', () => {
    const native = buildEditFields(
      edit({ ratio: '16:9', response_format: 'b64_json', resolution: '2k', n: 2, size: '1024x1024', quality: 'high' }),
      'editNative'
    ).body
    expect(native).toEqual([
      ['model', 'imagegen-4.0'],
      ['prompt', 'a hat'],
      ['n', '2'],
      ['size', '1024x1024'],
      ['quality', 'high'],
      ['ratio', '16:9'],
      ['response_format', 'b64_json'],
      ['resolution', '2k']
    ])
    const m1 = buildEditFields(edit({ model: 'image-model-1', ratio: '16:9', quality: 'standard' }), 'editForm').body
    expect(m1.map(([k]) => k)).toEqual(['model', 'prompt', 'quality'])
  })
})
