import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rulesByField } from '@renderer/lib/rule-text'
import { invokes } from '@shared/contract'
import { STANDIN_NAMES } from '@shared/domain/gateway-names'
import {
  editProblems,
  generateFamilyProblems,
  generateProblems,
  nativeModelProblems,
  nativeProblems
} from '@shared/domain/image-rules'
import { issueProblems, type RuleProblem } from '@shared/domain/rule-problems'
import { EMPTY_EDIT, readEdit, validateEdit } from './editor/edit-draft'
import {
  EMPTY_IMAGE2,
  EMPTY_IMAGEGEN,
  readImage2,
  readImagegen,
  validateImage2,
  validateImagegen,
  type DraftRef
} from './generate/generate-draft'
import { EMPTY_NATIVE, readNative, validateNative } from './native/native-draft'
import type { FieldProblems } from './problems'

/**
 * The image forms and the host refuse exactly the same drafts, with the same fields and keys. The
 * host side is what it runs on each channel: the contract's parse (the dispatcher), then the rules
 * ImageService applies before any request. Drafts come from one table of cases per field, good and
 * bad, mixed at random; count fields hold digits (text that is no number never reaches the host).
 */

const names = STANDIN_NAMES

function host<C extends 'images:generate' | 'images:submit-native' | 'images:edit'>(
  channel: C,
  input: unknown,
  rules: (r: never) => RuleProblem[]
): RuleProblem[] {
  const parsed = invokes[channel].input.safeParse(input)
  return parsed.success ? rules(parsed.data as never) : issueProblems(parsed.error.issues)
}

const shown = (problems: FieldProblems | Record<string, unknown>) =>
  Object.entries(problems)
    .map(([field, p]) => `${field}: ${(p as { rule?: string }).rule}`)
    .sort()

function same(form: { request: unknown; problems: FieldProblems }, hostSays: RuleProblem[]): 'sent' | 'refused' {
  expect(form.request === null).toBe(hostSays.length > 0)
  expect(shown(form.problems)).toEqual(shown(rulesByField(hostSays)))
  return hostSays.length > 0 ? 'refused' : 'sent'
}

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values)
const cases = {
  prompt: ['', '  ', 'a lighthouse'],
  count: ['0', '1', '4', '10', '11'],
  urls: fc.array(
    pick([
      'https://cdn.example.com/a.png',
      'http://example.com/b.png',
      'data:image/png;base64,AA',
      'ftp://example.com/c.png',
      'nope'
    ]),
    { maxLength: 12 }
  ),
  model: pick([
    ...names.models.imagegen,
    ...names.models.image2,
    ...names.models.editNative,
    ...names.models.editForm,
    'canvas-x'
  ])
}
const ref = (r: DraftRef['ref']): DraftRef => ({ ref: r, label: '' })
const REFS = [
  ref({ kind: 'url', url: 'https://cdn.example.com/a.png' }),
  ref({ kind: 'url', url: 'nope' }),
  ref({ kind: 'file', fileId: 'f1' }),
  ref({ kind: 'gallery', itemId: 'g1' })
]

const imagegen = fc.record({
  model: cases.model,
  prompt: pick(cases.prompt),
  n: pick(cases.count),
  size: pick(['', '2048*2048', '1024x1024', '12*']),
  ratio: pick(['', '1:1', '16:9'] as const),
  resolution: pick(['', '2k'] as const),
  urls: cases.urls
})
const image2 = fc.record({
  model: cases.model,
  prompt: pick(cases.prompt),
  n: pick(['', ...cases.count]),
  size: pick(['', '1024x1024', 'custom'] as const),
  customSize: pick(['', '1280x720', '1280*720']),
  ratio: pick(['', '3:2'] as const),
  refs: fc.array(pick(REFS), { maxLength: 11 }),
  quality: pick(['', 'high', 'q'.repeat(41)])
})
const native = fc.record({
  model: pick(['', ...names.models.native, 'canvas-x']),
  prompt: pick(cases.prompt),
  preset: pick(['', '0', '9', 'custom']),
  width: pick(['', '10', '1024', '2048', '5000', '9000']),
  height: pick(['', '1024', '2048', '4000']),
  area: pick(['', '1048575', '4194304', '16777217']),
  urls: cases.urls
})
const edit = fc.record({
  model: cases.model,
  prompt: pick(cases.prompt),
  family: pick(['editNative', 'editForm'] as const),
  n: pick(['', ...cases.count]),
  size: pick(['', 'auto', '1024x1024', '1024*1024']),
  quality: pick(['', 'auto', 'standard', 'hd', 'ultra']),
  ratio: pick(['', '16:9'] as const),
  responseFormat: pick(['', 'b64_json'] as const)
})
const source = {
  ref: { kind: 'gallery' as const, itemId: 'g1' },
  url: '/media/g1',
  label: 'a.png',
  width: 64,
  height: 48
}

describe('the image forms and the host refuse the same drafts', () => {
  // A fixed seed: each test checks that both outcomes occurred, which a random seed does not promise.
  const runs = { numRuns: 400, seed: 20261125 }

  it('both generation families', () => {
    const seen = { sent: 0, refused: 0 }
    fc.assert(
      fc.property(imagegen, (p) => {
        const d = { ...EMPTY_IMAGEGEN, ...p }
        const read = readImagegen(d)
        fc.pre(Object.keys(read.unread).length === 0)
        seen[
          same(
            validateImagegen(d, names),
            host('images:generate', read.input, (r) => [...generateProblems(r), ...generateFamilyProblems(r, names)])
          )
        ]++
      }),
      runs
    )
    fc.assert(
      fc.property(image2, (p) => {
        const d = { ...EMPTY_IMAGE2, ...p }
        const read = readImage2(d)
        const form = validateImage2(d, names)
        // The typed size is shown at its text field; the host calls it `size`.
        const { customSize, ...rest } = form.problems
        const atFields = customSize ? { ...rest, size: customSize } : rest
        seen[
          same(
            { request: form.request, problems: atFields },
            host('images:generate', read.input, (r) => [...generateProblems(r), ...generateFamilyProblems(r, names)])
          )
        ]++
      }),
      runs
    )
    expect(Math.min(seen.sent, seen.refused)).toBeGreaterThan(0)
  })

  it('the native task', () => {
    const seen = { sent: 0, refused: 0 }
    fc.assert(
      fc.property(native, (p) => {
        const d = { ...EMPTY_NATIVE, ...p }
        const read = readNative(d)
        seen[
          same(
            validateNative(d, names),
            host('images:submit-native', read.input, (r) => [...nativeProblems(r), ...nativeModelProblems(r, names)])
          )
        ]++
      }),
      runs
    )
    expect(Math.min(seen.sent, seen.refused)).toBeGreaterThan(0)
  })

  it('edits', () => {
    const seen = { sent: 0, refused: 0 }
    fc.assert(
      fc.property(edit, (p) => {
        const d = { ...EMPTY_EDIT, ...p }
        const read = readEdit(d, source)
        seen[
          same(
            validateEdit(d, source, names),
            host('images:edit', read.input, (r) => editProblems(r, names))
          )
        ]++
      }),
      runs
    )
    expect(Math.min(seen.sent, seen.refused)).toBeGreaterThan(0)
  })
})
