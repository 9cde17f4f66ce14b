import { describe, expect, it } from 'vitest'
import { carryGenerate } from './compare-images'
import { carryVideo } from './compare-video'
import { STANDIN_NAMES } from './gateway-names'
import type { VideoCreateRequest } from './video'

describe('carrying one request to other models', () => {
  it('images: the second family keeps its own fields; the first drops them, converts the size and keeps only address references', () => {
    const req = {
      family: 'image2' as const,
      model: 'image-model-2',
      prompt: 'kite',
      size: '1536x1024',
      ratio: '3:2' as const,
      style: 'ink',
      watermark: 'true' as const,
      image: [
        { kind: 'url' as const, url: 'https://e.com/a.png' },
        { kind: 'gallery' as const, itemId: 'g1' }
      ]
    }
    const first = carryGenerate(req, 'imagegen-4.5', 'imagegen', STANDIN_NAMES)
    expect(first.request).toMatchObject({
      family: 'imagegen',
      model: 'imagegen-4.5',
      n: 1,
      size: '1536*1024',
      image: ['https://e.com/a.png']
    })
    expect(first.taken).toEqual(['prompt', 'size'])
    expect(first.dropped).toEqual(expect.arrayContaining(['ratio', 'image', 'style', 'watermark']))
    expect(first.problems).toEqual([])
    const same = carryGenerate(req, 'image-model-2', 'image2', STANDIN_NAMES)
    expect(same.dropped).toEqual([])
    expect(same.request).toMatchObject({ style: 'ink', watermark: 'true' })
  })

  it('images: a model that cannot take the request at all is refused with the rule', () => {
    const req = {
      family: 'image2' as const,
      model: 'image-model-2',
      prompt: '',
      watermark: 'absent' as const,
      image: [{ kind: 'url' as const, url: 'https://e.com/a.png' }]
    }
    expect(carryGenerate(req, 'image-model-2', 'image2', STANDIN_NAMES).problems).toEqual([])
    expect(carryGenerate(req, 'imagegen-4.0', 'imagegen', STANDIN_NAMES).problems.map((p) => [p.field, p.key])).toEqual(
      [['prompt', 'imagePromptRequired']]
    )
  })

  it('video: shared values cross families, a value the model does not take is dropped and named, family fields stay behind', () => {
    const req: VideoCreateRequest = {
      family: 'unified2',
      model: 'vo3.1-fast-components',
      prompt: 'waves',
      images: [],
      orientation: 'landscape',
      size: '1280x720',
      duration: 8,
      aspect_ratio: '16:9',
      enable_upsample: true
    }
    const gk = carryVideo(req, 'gk-video-3-pro', 'gk', STANDIN_NAMES)
    // 1280x720 is not one of the gk sizes: it stays behind, named, instead of refusing the model.
    expect(gk.dropped).toEqual(['enable_upsample', 'size'])
    expect(gk.taken).toEqual(['prompt', 'duration', 'aspect_ratio'])
    expect(gk.request).toMatchObject({ family: 'gk', model: 'gk-video-3-pro', prompt: 'waves', aspect_ratio: '16:9' })
    expect(gk.request && 'size' in gk.request ? gk.request.size : undefined).toBeUndefined()
    expect(gk.problems).toEqual([])
    const same = carryVideo(req, 'vo3.1-components', 'unified2', STANDIN_NAMES)
    expect(same.request).toMatchObject({ enable_upsample: true, orientation: 'landscape', duration: 8 })
    expect(same.dropped).toEqual([])
  })
})
