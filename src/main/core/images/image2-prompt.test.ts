import { describe, expect, it } from 'vitest'
import { IMAGE2_PROMPT_CASES } from '@shared/domain/image2-prompt-cases'
import { sandboxSuite } from '../testing/sandbox-suite'
import { gradientPng, imagesHarness } from './testing/harness'
import { checkGenerate } from './validate'

// The form runs the same table (renderer/src/features/images/generate/generate-draft.test.ts).
describe('the second image family’s prompt: required for text-to-image only (host)', () => {
  it.each(IMAGE2_PROMPT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const check = () =>
      checkGenerate({
        family: 'image2',
        model: 'image-model-2',
        prompt: c.prompt,
        ...(c.refs.length ? { image: c.refs.map((url) => ({ kind: 'url' as const, url })) } : {}),
        watermark: 'absent'
      })
    if (c.ok) expect(check()).toEqual([])
    else expect(check).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', field: 'prompt' }))
  })

  it('the first family still needs a prompt with a reference image', () => {
    expect(() =>
      checkGenerate({
        family: 'imagegen',
        model: 'imagegen-4.0',
        prompt: '',
        n: 1,
        image: ['https://cdn.example.com/ref.png']
      })
    ).toThrow(expect.objectContaining({ field: 'prompt' }))
  })
})

describe('an empty prompt with a reference image reaches the gateway and is drawn', () => {
  const { h } = sandboxSuite(imagesHarness)

  it('sends the request with an empty prompt and the reference, and saves the image', async () => {
    const fileId = await h.grantBytes(await gradientPng(64, 64), 'ref.png')
    const job = await h.call('images:generate', {
      family: 'image2',
      model: 'image-model-2',
      prompt: '',
      image: [{ kind: 'file', fileId }],
      size: '1024x1024'
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    const body = JSON.parse(String(h.sent.find((s) => s.url.endsWith('/v1/images/generations'))!.init!.body)) as Record<
      string,
      unknown
    >
    expect(body.prompt).toBe('')
    expect(body.image).toBeDefined()
  })
})
