import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { invokes } from '@shared/contract'
import { STANDIN_NAMES, ruleOf } from '@shared/domain/gateway-names'
import { ruleEnglish } from '@shared/domain/rule-english'
import { parseProgress } from '@shared/domain/video'
import { videoRequestProblems } from '@shared/domain/video-rules'
import { sandboxSuite } from '../testing/sandbox-suite'
import { normaliseStatus, readTask, resultSources } from './status'
import { videoHarness } from './testing/harness'

const create = invokes['video:create'].input

/** What the contract refuses, then what the model's rules (the stand-in names' rule for it) refuse. */
function refusal(input: unknown): { field: string; message: string } | null {
  const r = create.safeParse(input)
  if (!r.success) return { field: r.error.issues[0].path.join('.'), message: r.error.issues[0].message }
  const problem = videoRequestProblems(r.data, ruleOf(STANDIN_NAMES, r.data.model))[0]
  return problem ? { field: problem.field, message: ruleEnglish(problem) } : null
}

describe('bad input is refused before any request', () => {
  const { sb, h } = sandboxSuite(videoHarness)

  it('the spec limits of the first family, by the contract', () => {
    expect(refusal({ family: 'vidq', model: 'vidq1', prompt: 'x'.repeat(2001) })).toMatchObject({
      field: 'prompt',
      message: /2000/
    })
    // The 1-10 s range is the q2 series' (a model rule), not the whole family's.
    expect(refusal({ family: 'vidq', model: 'vidq2-pro', prompt: 'ok', duration: 11 })).toMatchObject({
      field: 'duration',
      message: /1 to 10/
    })
    expect(refusal({ family: 'vidq', model: 'vidq1', prompt: 'ok', duration: 11 })).toBeNull()
    const url = { kind: 'url', url: 'https://example.com/a.png' }
    expect(refusal({ family: 'vidq', model: 'vidq1', prompt: 'ok', images: [url, url, url] })).toMatchObject({
      field: 'images',
      message: /at most 2/
    })
    expect(refusal({ family: 'vidq', model: 'vidq1', prompt: 'ok', payload: 'p'.repeat(1_048_577) })).toMatchObject({
      field: 'payload',
      message: /1,048,576/
    })
    expect(refusal({ family: 'vidq', model: 'vidq1', prompt: 'ok', aspect_ratio: '4:3' })).toMatchObject({
      field: 'aspect_ratio',
      message: /vidq1 takes aspect ratios 16:9, 9:16, 1:1/
    })
    expect(refusal({ family: 'vidq', model: 'vidq2-pro', prompt: 'ok', aspect_ratio: '4:3' })).toBeNull()
    expect(refusal({ family: 'vidq', model: 'vidq2-pro', prompt: 'ok', resolution: '360p' })).toMatchObject({
      field: 'resolution'
    })
    expect(refusal({ family: 'vidq', model: 'vidq1', prompt: 'ok', meta_data: '{not json' })).toMatchObject({
      field: 'meta_data'
    })
    expect(
      refusal({
        family: 'vidq',
        model: 'vidq1',
        prompt: 'ok',
        images: [{ kind: 'url', url: 'http://example.com/a.png' }]
      })
    ).toMatchObject({ field: 'images.0.url' })
    expect(
      refusal({ family: 'unified2', model: 'vo3.1-fast-components', prompt: 'ok', enable_upsample: true })
    ).toMatchObject({ field: 'enable_upsample' })
    expect(
      refusal({
        family: 'unified2',
        model: 'vo3.1-fast-components',
        prompt: 'ok',
        images: [{ kind: 'file', fileId: 'abc' }]
      })
    ).toMatchObject({ field: 'images.0' })
    expect(refusal({ family: 'kl', model: 'Kl-2.6', prompt: 'ok', scenario: 'first-last', image: url })).toMatchObject({
      field: 'last_frame'
    })
    expect(refusal({ family: 'gk', model: 'gk-video-3', prompt: '' })).toMatchObject({ field: 'prompt' })
    expect(refusal({ family: 'gk', model: 'gk-video-3', prompt: 'ok', seconds: 16 })).toMatchObject({
      field: 'seconds'
    })
    expect(refusal({ family: 'vidq', model: 'vidq1', prompt: 'x'.repeat(2000), duration: 10 })).toBeNull()
  })

  it('a 5:1 image and a file over 50 MB are refused by the host; no request reached the gateway', async () => {
    sb.clearLog()
    const wide = await sharp({ create: { width: 500, height: 100, channels: 3, background: '#888' } })
      .png()
      .toBuffer()
    const grant = await h.grants.grantUpload(wide, 'wide.png', 'image-reference')
    const bad = await h.fail('video:create', {
      family: 'vidq',
      model: 'vidq1',
      prompt: 'ok',
      images: [{ kind: 'file', fileId: grant.fileId }]
    })
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'images.0' })
    expect(bad.message).toMatch(/1:4 and 4:1/)
    // A grant over 50 MB cannot even be made for video references (the upload refuses it first).
    const big = new Uint8Array(60 * 1024 * 1024)
    big.set(wide.subarray(0, 64))
    await expect(h.grants.grantUpload(big, 'big.png', 'video-reference')).rejects.toThrow(/50 MB/)
    expect(sb.log()).toEqual([])
  })

  it('a remix of an unfinished or unknown task is refused', async () => {
    expect(
      (
        await h.fail('video:remix', {
          sourceId: 'nope',
          model: 'gk-video-3',
          prompt: 'x',
          size: '720P',
          aspect_ratio: '1:1'
        })
      ).code
    ).toBe('NOT_FOUND')
    expect(
      invokes['video:remix'].input.safeParse({
        sourceId: 'a',
        model: 'gk-video-3',
        prompt: 'x',
        size: '4K',
        aspect_ratio: '1:1'
      }).success
    ).toBe(false)
  })
})

describe('reading gateway task objects', () => {
  it('normalises every status vocabulary; unknown words stay unknown', () => {
    expect(['queued', 'pending', 'submitted'].map(normaliseStatus)).toEqual(['queued', 'queued', 'queued'])
    expect(['processing', 'in_progress', 'IN_PROGRESS'].map(normaliseStatus)).toEqual(['running', 'running', 'running'])
    expect(['completed', 'success', 'SUCCESS', 'succeeded'].map(normaliseStatus)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded'
    ])
    expect(['failed', 'FAILURE', 'cancelled'].map(normaliseStatus)).toEqual(['failed', 'failed', 'cancelled'])
    expect([undefined, 42, 'mystery', ''].map(normaliseStatus)).toEqual(['unknown', 'unknown', 'unknown', 'unknown'])
  })

  it('progress as an integer, "N" or "N%"; junk is null', () => {
    expect([50, '50', '50%', ' 7 % ', 150, -3, 'abc', null, {}].map(parseProgress)).toEqual([
      50,
      50,
      50,
      7,
      100,
      0,
      null,
      null,
      null
    ])
  })

  it('result addresses in the spec order, deduplicated, http(s) only', () => {
    const body = {
      url: 'https://c/3',
      video_url: 'https://c/2',
      output: { url: 'https://c/1' },
      detail: { url: 'https://c/2' },
      metadata: { url: 'javascript:x' }
    }
    expect(resultSources(body).map((s) => s.field)).toEqual(['output.url', 'video_url', 'url'])
  })

  it('odd shapes never throw', () => {
    for (const b of [
      null,
      'text',
      [],
      { status: 5, error: 'x', progress: '??' },
      { error: { message: 7, code: 12 }, status: 'failed' }
    ])
      expect(() => readTask(b)).not.toThrow()
    expect(readTask({ status: 'failed', error: { message: 'moderation', code: 12 } }).error).toEqual({
      message: 'moderation',
      code: '12'
    })
  })
})
