import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChatParamsSchema } from '@shared/domain/chat'
import { CHAT_FORMATS, SAFETY_THRESHOLDS } from '@shared/domain/chat-limits'
import { draftToParams, type DraftValue } from './param-draft'
import { FIELDS, type FieldSpec } from './param-fields'

/**
 * draftToParams no longer runs ChatParamsSchema (zod stays off the renderer's start-up path, T1):
 * its field checks must be enough. Whatever it accepts, the contract's schema must accept too.
 */
function valueFor(spec: FieldSpec): fc.Arbitrary<DraftValue | undefined> {
  const lo = spec.min ?? -1e7
  const hi = spec.max ?? 1e7
  const edge = fc.constantFrom(lo, hi, lo - 1, hi + 1, (lo + hi) / 2, 0, -1)
  switch (spec.kind) {
    case 'number':
      return fc.option(fc.oneof(edge, fc.double({ min: lo - 1, max: hi + 1, noNaN: true })).map(String), {
        nil: undefined
      })
    case 'integer':
      return fc.option(
        fc.oneof(edge, fc.integer({ min: Math.max(lo - 1, -1e9), max: Math.min(hi + 1, 1e9) })).map(String),
        { nil: undefined }
      )
    case 'json':
      return fc.option(fc.constantFrom('', '[]', '{}', '[{"a":1}]', '{"type":"auto"}', '"text"', '1', 'null', '{'), {
        nil: undefined
      })
    case 'stops':
      return fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.constant(''), fc.constant('x'.repeat(201))), {
        maxLength: 6
      })
    case 'text':
      return fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('y'.repeat(600))), { nil: undefined })
    case 'boolean':
      return fc.option(fc.boolean(), { nil: undefined })
    case 'threshold':
      return fc.option(fc.constantFrom('', 'NOPE', ...SAFETY_THRESHOLDS), { nil: undefined })
  }
}

describe('parameter drafts against the contract schema', () => {
  for (const format of CHAT_FORMATS) {
    it(`every ${format} draft it accepts parses with ChatParamsSchema`, () => {
      const draft = fc.record(Object.fromEntries(FIELDS[format].map((spec) => [spec.key, valueFor(spec)])))
      fc.assert(
        fc.property(draft, (d) => {
          const clean = Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as Record<
            string,
            DraftValue
          >
          const result = draftToParams(format, clean)
          if (result.ok) expect(ChatParamsSchema.safeParse(result.params).error?.issues ?? []).toEqual([])
        }),
        { numRuns: 300 }
      )
    })
  }
})
