import fc from 'fast-check'
import type { z } from 'zod'

/**
 * Hostile inputs for the IPC fuzz gate (SECURITY.md §8.4, D1, D2): `fc.anything()` plus values
 * shaped like each channel's schema but wrong, derived from the schema itself so a channel added
 * later is fuzzed with its own field names. Walking zod's `_zod.def` by hand is deliberate: fast-check
 * has no zod bridge installed, and what we want is not valid values but near-misses.
 */

/** 10 MiB: well past every string limit in the contract. Built once; fast-check only picks it. */
export const HUGE_STRING = 'x'.repeat(10 * 1024 * 1024)

export const TRAVERSAL_STRINGS = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\system32\\config\\sam',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2fsecrets.json',
  '....//....//secrets.json',
  'a/../../b',
  'file:///etc/passwd',
  '\\\\server\\share\\x',
  'valid-looking-id\u0000.png',
  '..',
  '.',
  '~/.ssh/id_rsa',
  'images/../secrets.json'
] as const

/**
 * Addresses a hostile page would point a saved key at: another host, port or scheme, look-alikes
 * and userinfo tricks. Used with saved profiles whose home is https://home.example.
 */
export const RETARGET_URLS = [
  'https://evil.example',
  'https://home.example.evil.example',
  'https://home.example:8443',
  'http://127.0.0.1:1',
  'http://localhost:9/v1',
  'https://evil.example/https://home.example',
  'https://home.example@evil.example',
  'https://xn--hme-wqa.example',
  'HTTPS://EVIL.EXAMPLE/',
  'https://home.example.'
] as const

/** Keys that would change an object's prototype if a handler merged input naively. */
export const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'toString',
  'hasOwnProperty'
] as const

/** JSON.parse makes `__proto__` an own key, the way a bridge message arrives. */
function pollutedObject(key: string): unknown {
  return JSON.parse(`{"${key}":{"polluted":"yes","isAdmin":true}}`)
}

const weirdNumbers = fc.constantFrom(
  NaN,
  Infinity,
  -Infinity,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  1e308,
  0.5,
  2 ** 31,
  -(2 ** 53)
)

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, true, false, 0, '', [], {}, HUGE_STRING, Object.create(null), new Date(0)),
  fc.constantFrom(...TRAVERSAL_STRINGS),
  fc.constantFrom(...POLLUTION_KEYS).map(pollutedObject),
  weirdNumbers,
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.array(fc.constantFrom<unknown>(1, 'a', null, HUGE_STRING), { maxLength: 4 }),
  fc.constant(Array.from({ length: 2000 }, (_, i) => i))
)

type Def = { type: string; [k: string]: unknown }
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def

/** Values for one schema node: mostly near-misses of its own type, sometimes a hostile value. */
export function shapedLike(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const d = defOf(schema)
  const wrong = hostileValue
  const own = ((): fc.Arbitrary<unknown> | null => {
    switch (d.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
      case 'nonoptional':
      case 'catch':
        return fc.oneof(fc.constant(undefined), shapedLike(d.innerType as z.ZodType, depth))
      case 'pipe':
        return shapedLike(d.in as z.ZodType, depth)
      case 'union':
        return fc.oneof(...(d.options as z.ZodType[]).map((o) => shapedLike(o, depth)))
      case 'object':
        return depth > 3 ? null : shapedObject(d.shape as Record<string, z.ZodType>, depth)
      case 'array':
        return depth > 3 ? null : fc.array(shapedLike(d.element as z.ZodType, depth + 1), { maxLength: 12 })
      case 'string':
        return fc.oneof(
          fc.constantFrom(...TRAVERSAL_STRINGS),
          fc.constantFrom(
            '',
            ' ',
            'a',
            'https://example.com/x.png',
            'http://127.0.0.1:1/',
            'javascript:alert(1)',
            '-',
            'A'.repeat(65),
            HUGE_STRING
          ),
          fc.string({ maxLength: 40 })
        )
      case 'number':
        return fc.oneof(weirdNumbers, fc.integer({ min: -5, max: 600 }), fc.double())
      case 'boolean':
        return fc.oneof(fc.boolean(), fc.constantFrom<unknown>('true', 1, 0))
      case 'enum':
        return fc.oneof(
          fc.constantFrom(...Object.values(d.entries as Record<string, string | number>)),
          fc.constantFrom<unknown>('', 'nope', 'ADMIN')
        )
      case 'literal':
        return fc.oneof(fc.constantFrom(...(d.values as unknown[])), fc.constant('not-the-literal'))
      case 'undefined':
        return fc.constantFrom<unknown>(undefined, null, {}, '', 0)
      default:
        return null
    }
  })()
  return own ? fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: wrong, weight: 1 }) : wrong
}

function shapedObject(shape: Record<string, z.ZodType>, depth: number): fc.Arbitrary<unknown> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [k, s] of Object.entries(shape)) fields[k] = shapedLike(s, depth + 1)
  const base = Object.keys(fields).length ? fc.record(fields, { requiredKeys: [] }) : fc.constant({})
  // Extra keys: plain unknown fields and prototype-pollution keys, set as own properties.
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ minLength: 1, maxLength: 8 })), hostileValue),
    { maxLength: 2 }
  )
  return fc.tuple(base, extra).map(([obj, extras]) => {
    const out = { ...(obj as Record<string, unknown>) }
    for (const [k, v] of extras)
      Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true })
    return out
  })
}

/** Everything one channel is fuzzed with. */
export function inputsFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      arbitrary: fc.anything({
        maxDepth: 3,
        maxKeys: 5,
        withNullPrototype: true,
        withObjectString: true,
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withTypedArray: true,
        withSparseArray: true
      }),
      weight: 2
    },
    { arbitrary: shapedLike(schema), weight: 5 },
    { arbitrary: hostileValue, weight: 1 }
  )
}

/** Id-like field names: a traversal string in one of these must never be accepted by any channel. */
export const ID_KEY = /^(id|fileId|itemId|messageId|conversationId|presetId|profileId|maskFileId|editOf|regenerate)$/

export function hasTraversal(s: string): boolean {
  return s.includes('/') || s.includes('\\') || s.includes('..') || s.includes('\0') || s.includes('%2')
}

/** Every (key, string) pair anywhere in the value whose key is id-like and whose string could name a path. */
export function traversalIds(value: unknown, depth = 0): string[] {
  if (!value || typeof value !== 'object' || depth > 6) return []
  const out: string[] = []
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' && ID_KEY.test(k) && hasTraversal(v)) out.push(`${k}=${JSON.stringify(v.slice(0, 40))}`)
    else if (v && typeof v === 'object') out.push(...traversalIds(v, depth + 1))
  }
  return out
}
