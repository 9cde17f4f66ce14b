import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ResultSchema, ServerFrameSchema } from './bridge-protocol'
import { readResult, readServerFrame } from './bridge-wire'
import { ERROR_CODES } from './errors'

/** readServerFrame/readResult are the page's zod-free copies of the schemas: they must agree on every input. */
const json = fc.jsonValue({ maxDepth: 2 })
const errorData = fc.record(
  {
    code: fc.oneof(fc.constantFrom(...ERROR_CODES), fc.constant('NOPE'), fc.integer()),
    message: fc.oneof(fc.string(), fc.integer()),
    retryable: fc.oneof(fc.boolean(), fc.constant('yes')),
    status: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 53 - 1)),
    field: fc.oneof(fc.string(), fc.integer()),
    details: fc.oneof(fc.dictionary(fc.string(), json), json)
  },
  { requiredKeys: [] }
)
const result = fc.oneof(
  fc.record({ ok: fc.constant(true), value: json }, { requiredKeys: ['ok'] }),
  fc.record({ ok: fc.oneof(fc.constant(false), fc.constant(0)), error: errorData }),
  json
)
const frame = fc.oneof(
  fc.record(
    {
      t: fc.constantFrom('result', 'event', 'invoke'),
      id: fc.oneof(fc.integer({ min: -5, max: 2 ** 53 + 5 }), fc.double(), fc.string()),
      result
    },
    { requiredKeys: ['t'] }
  ),
  fc.record(
    { t: fc.constantFrom('event', 'result'), name: fc.oneof(fc.string(), fc.integer()), payload: json },
    { requiredKeys: ['t'] }
  ),
  json
)

describe('the zod-free frame reader', () => {
  it('accepts exactly the frames ServerFrameSchema accepts, with the same data', () => {
    fc.assert(
      fc.property(frame, (f) => {
        const text = JSON.stringify(f)
        const parsed = ServerFrameSchema.safeParse(JSON.parse(text))
        const read = readServerFrame(text)
        expect(read !== null).toBe(parsed.success)
        if (parsed.success) expect(JSON.parse(JSON.stringify(read))).toEqual(JSON.parse(JSON.stringify(parsed.data)))
      }),
      { numRuns: 2000 }
    )
  })

  it('accepts exactly the results ResultSchema accepts', () => {
    fc.assert(
      fc.property(result, (r) => {
        const value = JSON.parse(JSON.stringify(r)) as unknown
        expect(readResult(value) !== null).toBe(ResultSchema.safeParse(value).success)
      }),
      { numRuns: 2000 }
    )
  })

  it('ignores text that is not JSON', () => {
    expect(readServerFrame('{"t":"result",')).toBeNull()
    expect(readServerFrame('')).toBeNull()
  })
})
