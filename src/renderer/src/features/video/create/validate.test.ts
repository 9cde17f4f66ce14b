import { describe, expect, it } from 'vitest'
import { VIDEO_FAMILY } from '@shared/domain/video'
import type { VideoProblem } from '../problems'
import {
  emptyVideosMultipart,
  emptyVideosJson,
  emptyUnifiedSecond,
  emptyUnifiedFirst,
  withModel,
  withOrientation,
  withScenario,
  type DraftRef
} from './drafts'
import { validateVideosMultipart, validateVideosJson, validateUnifiedSecond, validateUnifiedFirst } from './validate'

/** The problem's key: a rule of the domain or one of the form's own (text that is no number). */
const keyOf = (p: VideoProblem | undefined) => (p && 'rule' in p ? p.rule : p?.key)

const url = (u: string): DraftRef => ({ ref: { kind: 'url', url: u }, label: '' })
const file = (id: string): DraftRef => ({ ref: { kind: 'file', fileId: id }, label: id })

describe('unifiedFirst: unified route, first body', () => {
  it('builds exactly the request: defaults of q2 are shown and sent, unset fields are not', () => {
    const v = validateUnifiedFirst({
      ...emptyUnifiedFirst('vidq2-pro'),
      prompt: 'a fox',
      refs: [url('https://cdn.example.com/a.png')]
    })
    expect(v.problems).toEqual({})
    expect(v.request).toEqual({
      family: 'vidq',
      model: 'vidq2-pro',
      images: [{ kind: 'url', url: 'https://cdn.example.com/a.png' }],
      prompt: 'a fox',
      aspect_ratio: '16:9',
      duration: 5,
      resolution: '720p'
    })
  })

  it('refuses a 2,001-character prompt, duration 11, three images and a bad seed, each at its field', () => {
    const v = validateUnifiedFirst({
      ...emptyUnifiedFirst(),
      prompt: 'x'.repeat(2001),
      duration: '11',
      seed: '-1',
      refs: [file('a'), file('b'), file('c')]
    })
    expect(v.request).toBeNull()
    expect(v.problems.prompt).toEqual({ rule: 'promptTooLong', values: { max: 2000, length: 2001 } })
    expect(keyOf(v.problems.duration)).toBe('durationRange')
    expect(keyOf(v.problems.images)).toBe('unifiedFirstImages')
    expect(keyOf(v.problems.seed)).toBe('wholeNumber')
  })

  it('allows 3:4 only for q2 and q3, and a resolution only when the model has it', () => {
    expect(
      validateUnifiedFirst({ ...emptyUnifiedFirst('vidq3-pro'), prompt: 'p', aspectRatio: '3:4' }).problems
    ).toEqual({})
    const q1 = validateUnifiedFirst({
      ...emptyUnifiedFirst('vidq1'),
      prompt: 'p',
      aspectRatio: '4:3',
      resolution: '360p'
    })
    expect(keyOf(q1.problems.aspect_ratio)).toBe('aspectRatio')
    expect(q1.problems.resolution).toBeUndefined()
    expect(
      keyOf(
        validateUnifiedFirst({ ...emptyUnifiedFirst('vidq2-pro'), prompt: 'p', resolution: '360p' }).problems.resolution
      )
    ).toBe('videoResolution')
  })

  it('needs a prompt, an image or is_rec; with is_rec an empty prompt is fine', () => {
    expect(keyOf(validateUnifiedFirst({ ...emptyUnifiedFirst(), prompt: ' ' }).problems.prompt)).toBe(
      'unifiedFirstPromptOrImage'
    )
    expect(validateUnifiedFirst({ ...emptyUnifiedFirst(), isRec: true }).request).toMatchObject({
      is_rec: true,
      prompt: ''
    })
  })

  it('refuses a payload over 1,048,576 characters and meta_data that is not JSON', () => {
    const v = validateUnifiedFirst({
      ...emptyUnifiedFirst(),
      prompt: 'p',
      payload: 'a'.repeat(1_048_577),
      metaData: '{"a":'
    })
    expect(v.problems.payload).toEqual({ rule: 'payloadTooLong', values: { max: 1_048_576, length: 1_048_577 } })
    expect(keyOf(v.problems.meta_data)).toBe('metaJson')
    const ok = validateUnifiedFirst({
      ...emptyUnifiedFirst(),
      prompt: 'p',
      payload: 'a'.repeat(1_048_576),
      metaData: '{"a":1}'
    })
    expect(ok.request).toMatchObject({ payload: 'a'.repeat(1_048_576), meta_data: '{"a":1}' })
  })

  it('sends the watermark position and URL only with the watermark, and checks the URL', () => {
    expect(validateUnifiedFirst({ ...emptyUnifiedFirst(), prompt: 'p', wmUrl: 'nonsense' }).request).not.toHaveProperty(
      'wm_url'
    )
    expect(
      keyOf(
        validateUnifiedFirst({
          ...emptyUnifiedFirst(),
          prompt: 'p',
          watermark: true,
          wmUrl: 'http://example.com/m.png'
        }).problems.wm_url
      )
    ).toBe('refUrl')
    expect(
      validateUnifiedFirst({ ...emptyUnifiedFirst(), prompt: 'p', watermark: true, wmPosition: '1' }).request
    ).toMatchObject({ watermark: true, wm_position: 1 })
  })

  it('treats asset://<id> typed as a URL as an asset reference', () => {
    const v = validateUnifiedFirst({ ...emptyUnifiedFirst(), prompt: 'p', refs: [url('asset://asset-42')] })
    expect(v.request).toMatchObject({ images: [{ kind: 'asset', assetId: 'asset-42' }] })
  })

  it('moves defaults with the model but keeps what the user chose', () => {
    const q1 = withModel(VIDEO_FAMILY.unifiedFirst, emptyUnifiedFirst('vidq2-pro'), 'vidq1')
    expect([q1.duration, q1.resolution]).toEqual(['', ''])
    const kept = withModel(VIDEO_FAMILY.unifiedFirst, { ...emptyUnifiedFirst('vidq2-pro'), duration: '7' }, 'vidq1')
    expect(kept.duration).toBe('7')
  })
})

describe('unifiedSecond: unified route, second body', () => {
  it('has every required field at its default and refuses upsampling in portrait', () => {
    const d = { ...emptyUnifiedSecond(), prompt: 'rain' }
    expect(validateUnifiedSecond(d).request).toEqual({
      family: 'unified2',
      model: 'vo3.1-fast-components',
      images: [],
      orientation: 'portrait',
      prompt: 'rain',
      size: '720x1280',
      duration: 8,
      aspect_ratio: '9:16'
    })
    expect(keyOf(validateUnifiedSecond({ ...d, enableUpsample: true }).problems.enable_upsample)).toBe(
      'upsampleLandscape'
    )
    expect(validateUnifiedSecond({ ...withOrientation(d, 'landscape'), enableUpsample: true }).request).toMatchObject({
      size: '1280x720',
      aspect_ratio: '16:9',
      enable_upsample: true
    })
  })

  it('refuses a file reference (URLs and assets only)', () => {
    expect(
      keyOf(validateUnifiedSecond({ ...emptyUnifiedSecond(), prompt: 'p', refs: [file('f')] }).problems['images.0'])
    ).toBe('refKind')
  })
})

describe('videosJson: video-object route, JSON body', () => {
  it('scenario presets need their inputs; motion control sets scene_type', () => {
    const base = { ...emptyVideosJson(), prompt: 'p' }
    expect(keyOf(validateVideosJson(withScenario(base, 'image')).problems.image)).toBe('needsImage')
    const fl = validateVideosJson({ ...withScenario(base, 'first-last'), image: url('https://x.example/a.png') })
    expect(keyOf(fl.problems.last_frame)).toBe('needsLastFrame')
    const motion = validateVideosJson({
      ...withScenario(base, 'motion-control'),
      image: url('https://x.example/a.png'),
      motionLevel: 'pro',
      outputResolution: '1080P'
    })
    expect(motion.request).toMatchObject({
      scenario: 'motion-control',
      scene_type: 'motion_control',
      motion_level: 'pro',
      output_config: { resolution: '1080P' }
    })
  })

  it('checks size syntax and the output duration', () => {
    const v = validateVideosJson({ ...emptyVideosJson(), prompt: 'p', size: '1280 by 720', outputDuration: '0' })
    expect(keyOf(v.problems.size)).toBe('sizeWxH')
    expect(keyOf(v.problems['output_config.duration'])).toBe('durationRange')
  })
})

describe('videosMultipart: video-object route, multipart body', () => {
  it('sends the forced length of pro and max, and file references', () => {
    const pro = withModel(
      VIDEO_FAMILY.videosMultipart,
      { ...emptyVideosMultipart(), prompt: 'p', refs: [file('f1'), file('f2')] },
      'gk-video-3-pro'
    )
    expect(pro.seconds).toBe('10')
    expect(validateVideosMultipart(pro).request).toMatchObject({
      model: 'gk-video-3-pro',
      seconds: 10,
      references: [
        { kind: 'file', fileId: 'f1' },
        { kind: 'file', fileId: 'f2' }
      ]
    })
    expect(
      validateVideosMultipart(withModel(VIDEO_FAMILY.videosMultipart, pro, 'gk-video-3-max')).request
    ).toMatchObject({ seconds: 15 })
  })

  it('refuses 16 seconds on gk-video-3 and URL references', () => {
    const v = validateVideosMultipart({
      ...emptyVideosMultipart(),
      prompt: 'p',
      seconds: '16',
      refs: [url('https://x.example/a.png')]
    })
    expect(keyOf(v.problems.seconds)).toBe('durationRange')
    expect(keyOf(v.problems['references.0'])).toBe('refKind')
  })
})
