import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rulesByField } from '@renderer/lib/rule-text'
import { invokes } from '@shared/contract'
import { STANDIN_NAMES, ruleOf } from '@shared/domain/gateway-names'
import { issueProblems, type RuleProblem } from '@shared/domain/rule-problems'
import { VIDEO_FAMILIES, VIDEO_FAMILY, type VideoCreateInput } from '@shared/domain/video'
import { videoRequestProblems } from '@shared/domain/video-rules'
import {
  emptyDrafts,
  emptyVideosMultipart,
  emptyVideosJson,
  emptyUnifiedSecond,
  emptyUnifiedFirst,
  type DraftRef,
  type Drafts
} from './drafts'
import { readDraft, validateDraft } from './validate'

/**
 * The form and the host refuse exactly the same drafts, with the same fields and keys. The host
 * side is what it runs on a create: the contract's parse (the dispatcher), then the rules of the
 * model under the profile's names (VideoService.create). Drafts come from one table of cases per
 * field, good and bad, mixed at random; a draft whose text the form cannot read as values never
 * reaches the host, so the number fields hold digits here.
 */

const names = STANDIN_NAMES

function hostProblems(input: VideoCreateInput): RuleProblem[] {
  const parsed = invokes['video:create'].input.safeParse(input)
  if (!parsed.success) return issueProblems(parsed.error.issues)
  return videoRequestProblems(parsed.data, ruleOf(names, parsed.data.model))
}

const ref = (r: DraftRef['ref']): DraftRef => ({ ref: r, label: '' })
const REFS = [
  ref({ kind: 'url', url: 'https://cdn.example.com/a.png' }),
  ref({ kind: 'url', url: 'http://example.com/a.png' }),
  ref({ kind: 'url', url: 'asset://asset-7' }),
  ref({ kind: 'file', fileId: 'f1' }),
  ref({ kind: 'gallery', itemId: 'g1' }),
  ref({ kind: 'asset', assetId: 'asset-9' })
]
const cases = {
  prompt: ['', '  ', 'a fox at dawn', 'x'.repeat(2001), 'y'.repeat(10_001)],
  seconds: ['', '0', '1', '5', '10', '11', '15', '16', '61'],
  ratio: ['', '16:9', '9:16', '1:1', '3:4', '4:3', '2:3', '21:9'],
  resolution: ['', '360p', '540p', '720p', '1080p', '720P', '1080P', '720x1280', '1280x720', '4K'],
  refs: fc.array(fc.constantFrom(...REFS), { maxLength: 5 }),
  model: (family: keyof Drafts) => fc.constantFrom(...names.models[family], 'my-own-model')
}
const pick = <T>(values: readonly T[]) => fc.constantFrom(...values)

const unifiedFirst = fc.record({
  model: cases.model(VIDEO_FAMILY.unifiedFirst),
  prompt: pick(cases.prompt),
  refs: cases.refs,
  aspectRatio: pick(cases.ratio),
  duration: pick(cases.seconds),
  resolution: pick(cases.resolution),
  isRec: fc.boolean(),
  payload: pick(['', 'p', 'p'.repeat(1_048_577)]),
  metaData: pick(['', '{"a":1}', '{"a":']),
  watermark: fc.boolean(),
  wmUrl: pick(['', 'https://cdn.example.com/m.png', 'http://example.com/m.png'])
})
const unifiedSecond = fc.record({
  model: cases.model(VIDEO_FAMILY.unifiedSecond),
  prompt: pick(cases.prompt),
  refs: cases.refs,
  orientation: pick(['portrait', 'landscape'] as const),
  size: pick(cases.resolution.filter(Boolean)),
  aspectRatio: pick(cases.ratio.filter(Boolean)),
  duration: pick(cases.seconds.filter(Boolean)),
  enableUpsample: fc.boolean()
})
const videosJson = fc.record({
  model: cases.model(VIDEO_FAMILY.videosJson),
  prompt: pick(cases.prompt),
  scenario: pick(['text', 'image', 'first-last', 'motion-control'] as const),
  image: fc.option(pick(REFS), { nil: null }),
  lastFrame: fc.option(pick(REFS), { nil: null }),
  seconds: pick(['', '5', '10', '15']),
  size: pick(['', '1280x720', '1280*720']),
  outputDuration: pick(cases.seconds),
  outputResolution: pick(cases.resolution),
  outputAspect: pick(cases.ratio),
  sceneType: pick(['', 'motion_control', 'lip_sync'] as const),
  videoUrl: pick(['', 'https://cdn.example.com/v.mp4', 'ftp://example.com/v.mp4'])
})
const videosMultipart = fc.record({
  model: cases.model(VIDEO_FAMILY.videosMultipart),
  prompt: pick(cases.prompt),
  aspectRatio: pick(cases.ratio),
  seconds: pick(cases.seconds),
  size: pick(cases.resolution),
  refs: cases.refs
})

const drafts = fc.oneof(
  unifiedFirst.map((d) => ({
    family: VIDEO_FAMILY.unifiedFirst,
    drafts: { ...emptyDrafts(), [VIDEO_FAMILY.unifiedFirst]: { ...emptyUnifiedFirst(d.model, names), ...d } }
  })),
  unifiedSecond.map((d) => ({
    family: VIDEO_FAMILY.unifiedSecond,
    drafts: { ...emptyDrafts(), [VIDEO_FAMILY.unifiedSecond]: { ...emptyUnifiedSecond(d.model, names), ...d } }
  })),
  videosJson.map((d) => ({
    family: VIDEO_FAMILY.videosJson,
    drafts: { ...emptyDrafts(), [VIDEO_FAMILY.videosJson]: { ...emptyVideosJson(d.model), ...d } }
  })),
  videosMultipart.map((d) => ({
    family: VIDEO_FAMILY.videosMultipart,
    drafts: { ...emptyDrafts(), [VIDEO_FAMILY.videosMultipart]: { ...emptyVideosMultipart(d.model, names), ...d } }
  }))
)

const shown = (problems: Record<string, unknown>) =>
  Object.entries(problems)
    .map(([field, p]) => `${field}: ${(p as { rule?: string }).rule}`)
    .sort()

describe('the video form and the host refuse the same drafts (every family)', () => {
  it('same refusal, same fields, same keys, over generated drafts', () => {
    const seen = Object.fromEntries(VIDEO_FAMILIES.map((f) => [f, { sent: 0, refused: 0 }]))
    fc.assert(
      fc.property(drafts, ({ family, drafts }) => {
        const read = readDraft(family, drafts, names)
        expect(read.unread).toEqual({})
        const host = hostProblems(read.input)
        const form = validateDraft(family, drafts, names)
        expect(form.request === null).toBe(host.length > 0)
        expect(shown(form.problems)).toEqual(shown(rulesByField(host)))
        seen[family][host.length > 0 ? 'refused' : 'sent']++
      }),
      // A fixed seed: the check below wants both outcomes in every family, and a random seed does not
      // always give a valid kl draft; 3,000 drafts keep every family well covered.
      { numRuns: 3000, seed: 20261125 }
    )
    // Both outcomes occur in every family, so the property says something either way.
    for (const f of VIDEO_FAMILIES) expect(Math.min(seen[f].sent, seen[f].refused)).toBeGreaterThan(0)
  })
})
