import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileGrant } from '@shared/domain/files'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import type { GrantedFile } from '../files/grants'
import { imageBytes } from '../files/testing/images'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { gradientPng, imagesHarness, rectMask, type ImagesHarness } from './testing/harness'
import { checkNative } from './validate'

/**
 * Every refusal here happens before any request: the sandbox's request log and the service's
 * outgoing requests stay empty for the whole file.
 */
describe('bad input is refused at the field, and nothing reaches the gateway', () => {
  let sb: SandboxHandle
  let h: ImagesHarness
  let source: string
  let mask: string
  beforeAll(async () => {
    sb = await startSandbox({ speed: 1000, quiet: true })
    allowLoopbackResultOrigin(sb.cdnUrl)
    h = await imagesHarness({ sandbox: sb })
    source = await h.grantBytes(await gradientPng(64, 48), 'a.png')
    mask = await h.grantBytes(await rectMask(64, 48, { x: 4, y: 4, w: 10, h: 10 }), 'mask.png')
  })
  afterAll(async () => {
    expect(sb.log()).toEqual([])
    expect(h.sent).toEqual([])
    await h.close()
    await sb.close()
  })

  const expectField = async (
    p: Promise<{ code: string; field?: string; message: string }>,
    field: string,
    message?: RegExp
  ) => {
    const e = await p
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field })
    if (message) expect(e.message).toMatch(message)
  }

  it('an empty or blank prompt, in every family', async () => {
    await expectField(
      h.fail('images:generate', { family: 'imagegen', model: 'imagegen-4.0', prompt: '  ', n: 1 }),
      'prompt',
      /Write a prompt/
    )
    await expectField(h.fail('images:generate', { family: 'image2', model: 'image-model-2', prompt: '' }), 'prompt')
    await expectField(h.fail('images:submit-native', { prompt: '' }), 'prompt')
    await expectField(
      h.fail('images:edit', { source: { kind: 'file', fileId: source }, prompt: ' ', model: 'imagegen-4.0' }),
      'prompt'
    )
  })

  it('the native area outside 1024x1024..4096x4096, as size or as width x height', async () => {
    await expectField(
      h.fail('images:submit-native', { prompt: 'p', size: 1024 * 1024 - 1 }),
      'size',
      /between 1024x1024/
    )
    await expectField(h.fail('images:submit-native', { prompt: 'p', size: 4096 * 4096 + 1 }), 'size')
    await expectField(
      h.fail('images:submit-native', { prompt: 'p', width: 5000, height: 4000 }),
      'width',
      /5000x4000 is 20000000 pixels/
    )
    await expectField(h.fail('images:submit-native', { prompt: 'p', width: 512, height: 512 }), 'width')
    await expectField(h.fail('images:submit-native', { prompt: 'p', width: 2048 }), 'height', /both width and height/)
    // The edges are allowed (checked without sending).
    expect(() => checkNative({ prompt: 'p', size: 1024 * 1024 })).not.toThrow()
    expect(() => checkNative({ prompt: 'p', width: 4096, height: 4096 })).not.toThrow()
  })

  it('more than 10 image URLs, or one that is not http(s)', async () => {
    const urls = Array.from({ length: 11 }, (_, i) => `https://a.test/${i}.png`)
    await expectField(h.fail('images:submit-native', { prompt: 'p', image_urls: urls }), 'image_urls')
    expect(() => checkNative({ prompt: 'p', image_urls: urls })).toThrow(/At most 10/)
    await expectField(
      h.fail('images:submit-native', { prompt: 'p', image_urls: ['ftp://a.test/x.png'] }),
      'image_urls.0'
    )
  })

  it('a first-family reference that is not an http(s) URL, with the reason', async () => {
    await expectField(
      h.fail('images:generate', {
        family: 'imagegen',
        model: 'imagegen-4.5',
        prompt: 'p',
        n: 1,
        image: ['data:image/png;base64,AAAA']
      }),
      'image.0',
      /URLs only.*second family/
    )
    await expectField(
      h.fail('images:generate', {
        family: 'imagegen',
        model: 'imagegen-4.5',
        prompt: 'p',
        n: 1,
        image: ['file:///etc/passwd']
      }),
      'image.0'
    )
    // A local file cannot even be expressed for the first family.
    await expectField(
      h.fail('images:generate', {
        family: 'imagegen',
        model: 'imagegen-4.5',
        prompt: 'p',
        n: 1,
        image: [{ kind: 'file', fileId: source }]
      } as never),
      'image.0'
    )
  })

  it('sizes in the wrong notation for the family', async () => {
    await expectField(
      h.fail('images:generate', { family: 'imagegen', model: 'imagegen-4.0', prompt: 'p', n: 1, size: '1024x1024' }),
      'size'
    )
    await expectField(
      h.fail('images:generate', { family: 'image2', model: 'image-model-2', prompt: 'p', size: '1024*1024' }),
      'size'
    )
  })

  it('model and family that do not belong together', async () => {
    await expectField(
      h.fail('images:generate', { family: 'image2', model: 'imagegen-4.0', prompt: 'p' } as never),
      'model'
    )
    await expectField(
      h.fail('images:edit', {
        source: { kind: 'file', fileId: source },
        prompt: 'p',
        model: 'image-model-1',
        ratio: '16:9'
      }),
      'ratio',
      /native edit family only/
    )
    await expectField(
      h.fail('images:edit', {
        source: { kind: 'file', fileId: source },
        prompt: 'p',
        model: 'image-model-1',
        response_format: 'b64_json'
      }),
      'response_format'
    )
    await expectField(
      h.fail('images:edit', {
        source: { kind: 'file', fileId: source },
        prompt: 'p',
        model: 'image-model-1',
        quality: 'auto'
      }),
      'quality'
    )
    await expectField(
      h.fail('images:edit', {
        source: { kind: 'file', fileId: source },
        prompt: 'p',
        model: 'imagegen-4.0',
        quality: 'ultra'
      }),
      'quality'
    )
    // A name the profile's names do not know needs its edit family said; any name is accepted then.
    await expectField(
      h.fail('images:edit', { source: { kind: 'file', fileId: source }, prompt: 'p', model: 'retouch-x' }),
      'model',
      /not assigned to an edit family/
    )
  })

  it('an edit source that is not PNG, WebP or JPEG', async () => {
    const gif = (await h.grants.grantUpload(await imageBytes('gif', 64, 48), 'anim.gif', 'chat-attachment')).fileId
    await expectField(
      h.fail('images:edit', { source: { kind: 'file', fileId: gif }, prompt: 'p', model: 'imagegen-4.0' }),
      'source',
      /not a PNG, JPEG or WebP/
    )
  })

  it('a mask that is not a PNG, or not the source size, or marks nothing', async () => {
    const jpeg = await h.grantBytes(await imageBytes('jpeg', 64, 48), 'mask.jpg')
    await expectField(
      h.fail('images:edit', {
        source: { kind: 'file', fileId: source },
        maskFileId: jpeg,
        prompt: 'p',
        model: 'imagegen-4.0'
      }),
      'maskFileId',
      /must be a PNG/
    )
    const small = await h.grantBytes(await rectMask(32, 48, { x: 1, y: 1, w: 4, h: 4 }), 'mask.png')
    await expectField(
      h.fail('images:edit', {
        source: { kind: 'file', fileId: source },
        maskFileId: small,
        prompt: 'p',
        model: 'imagegen-4.0'
      }),
      'maskFileId',
      /mask is 32x48 but the image is 64x48/
    )
    const opaque = await h.grantBytes(
      await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
        .png()
        .toBuffer(),
      'o.png'
    )
    await expectField(
      h.fail('images:edit', {
        source: { kind: 'file', fileId: source },
        maskFileId: opaque,
        prompt: 'p',
        model: 'imagegen-4.0'
      }),
      'maskFileId',
      /no transparent area/
    )
    expect(mask).toBeTruthy()
  })

  it('a second-family reference that is not an accepted image', async () => {
    const gif = (await h.grants.grantUpload(await imageBytes('gif', 8, 8), 'x.gif', 'chat-attachment')).fileId
    await expectField(
      h.fail('images:generate', {
        family: 'image2',
        model: 'image-model-2',
        prompt: 'p',
        image: [{ kind: 'file', fileId: gif }]
      }),
      'image.0'
    )
  })
})

describe('an edit source over 25 MB', () => {
  it('is refused from what its grant says, before any byte is read or sent', async () => {
    const sb = await startSandbox({ speed: 1000, quiet: true })
    allowLoopbackResultOrigin(sb.cdnUrl)
    const grant: FileGrant = {
      fileId: 'big',
      name: 'huge.png',
      bytes: 26 * 1024 * 1024,
      mimeType: 'image/png',
      width: 6000,
      height: 6000
    }
    const files = {
      get: (): GrantedFile => ({
        grant,
        path: '/nonexistent/huge.png',
        purpose: 'video-reference',
        uploadName: 'huge.png'
      }),
      readBytes: async () => {
        throw new Error('must not read')
      },
      copyTo: async () => {
        throw new Error('must not read')
      }
    }
    const h = await imagesHarness({ sandbox: sb, files })
    try {
      const e = await h.fail('images:edit', {
        source: { kind: 'file', fileId: 'big' },
        prompt: 'p',
        model: 'imagegen-4.0'
      })
      expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'source' })
      expect(e.message).toMatch(/over 25 MB/)
      expect(sb.log()).toEqual([])
    } finally {
      await h.close()
      await sb.close()
    }
  })
})
