import { describe, expect, it } from 'vitest'
import { sandboxSuite } from '../testing/sandbox-suite'
import { decodeDataUrl } from './result-files'
import { gradientPng, imagesHarness, rectMask } from './testing/harness'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Image answers a live gateway sends that are not the spec's happy shape. */
describe('image routes: answer shapes of live gateways', () => {
  const { sb, h } = sandboxSuite(imagesHarness, { resetEach: true })

  const edit = async () => {
    const fileId = await h.grantBytes(await gradientPng(64, 64), 'photo.png')
    const maskFileId = await h.grantBytes(await rectMask(64, 64, { x: 8, y: 8, w: 16, h: 16 }), 'mask.png')
    return h.call('images:edit', {
      source: { kind: 'file', fileId },
      maskFileId,
      prompt: 'a balloon',
      model: 'image-model-1'
    })
  }

  it.each([
    [
      'generation',
      'image.generate',
      () =>
        h.call('images:generate', {
          family: 'image2',
          model: 'image-model-2',
          prompt: 'a calm lake',
          size: '1024x1024'
        })
    ],
    ['edit', 'image.edit', edit],
    ['native submit', 'image.native', () => h.call('images:submit-native', { prompt: 'a lighthouse' })]
  ] as const)(
    'a 200 %s answer carrying an error object shows the gateway’s message and code',
    async (_name, route, start) => {
      sb.setFaults(sb.key, [`error-200=sensitive_words_detected@${route}*1`])
      const job = await start()
      const done = await h.settled(job.jobId)
      expect(done.status).toBe('failed')
      expect(done.error).toMatchObject({
        code: 'GATEWAY_ERROR',
        details: { gatewayCode: 'sensitive_words_detected', reason: 'error-body' }
      })
      expect(done.error!.message).toContain('the request was refused upstream')
      expect(done.error!.message).toContain('sensitive_words_detected')
      expect(done.error!.message).not.toContain('request id')
    }
  )

  it.each([['native-code=10000'], ['native-code=50000'], ['native-code']])(
    'a native submit answered with %s next to data.task_id keeps the task and follows it to its image',
    async (fault) => {
      sb.setFaults(sb.key, [`${fault}@image.native*1`])
      const job = await h.call('images:submit-native', { prompt: 'a lighthouse at dusk' })
      const done = await h.settled(job.jobId)
      expect(done.status).toBe('done')
      expect(done.taskId).toMatch(/^\d+$/)
      expect(done.items).toHaveLength(1)
      expect(sb.log().filter((e) => e.route === 'image.native.submit')).toHaveLength(1)
    }
  )

  it.each([['insufficient-quota'], ['forbidden']])(
    'a 403 (%s) while following the native task holds it like a 401, then it resumes',
    async (fault) => {
      // Only the polls are refused: the submit went through and may be charged.
      let refusing = true
      const h2 = await imagesHarness({
        sandbox: sb,
        fetch: (i, init) => {
          const poll = String(i).includes('CVSync2AsyncGetResult')
          return fetch(
            i,
            poll && refusing
              ? { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-sandbox-fault': fault } }
              : init
          )
        }
      })
      try {
        const job = await h2.call('images:submit-native', { prompt: 'kept' })
        const deadline = Date.now() + 10_000
        while (
          !/kept and will be checked again/.test(h2.jobEvents(job.jobId).at(-1)?.progressNote ?? '') &&
          Date.now() < deadline
        )
          await sleep(10)
        const held = h2.jobEvents(job.jobId).at(-1)!
        expect(held.status).toBe('running')
        expect(held.progressNote).toMatch(/403/)
        const polls = sb.log().filter((e) => e.route === 'image.native.result').length
        await sleep(150)
        expect(sb.log().filter((e) => e.route === 'image.native.result').length).toBe(polls)
        refusing = false
        h2.images.resumeHeld()
        expect((await h2.settled(job.jobId)).status).toBe('done')
        expect(sb.log().filter((e) => e.route === 'image.native.submit')).toHaveLength(1)
      } finally {
        await h2.close()
      }
    }
  )

  it.each([
    [
      'generation',
      () =>
        h.call('images:generate', { family: 'image2', model: 'image-model-2', prompt: 'inline', size: '1024x1024' }),
      'image.generate'
    ],
    ['edit', edit, 'image.edit']
  ] as const)('a data: URL in a %s result is decoded locally, never fetched', async (_name, start, route) => {
    sb.setFaults(sb.key, [`data-url@${route}*1`])
    const before = h.sent.length
    const job = await start()
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(done.items[0].format).toBe('png')
    const after = h.sent.slice(before)
    expect(after).toHaveLength(1)
    expect(after.every((s) => /^https?:/.test(s.url))).toBe(true)
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(0)
  })
})

describe('decodeDataUrl', () => {
  it('refuses an inline result over the size cap before decoding it', () => {
    expect(() => decodeDataUrl(`data:image/png;base64,${'A'.repeat(4000)}`, 1000)).toThrow(/over the 1000-byte limit/)
  })

  it('refuses a data: URL without a payload or with bytes that are not Base64', () => {
    expect(() => decodeDataUrl('data:image/png;base64')).toThrow(/without data/)
    expect(() => decodeDataUrl('data:image/png;base64,***')).toThrow(/not Base64/)
  })
})
