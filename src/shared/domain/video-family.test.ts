import { describe, expect, it } from 'vitest'
import { MODEL_FAMILIES, STANDIN_NAMES, VIDEO_NAME_FAMILIES } from './gateway-names'
import { GatewayNamesSchema } from './gateway-names-schema'
import { ROUTE_OF_FAMILY, VIDEO_FAMILIES, VIDEO_FAMILY, VIDEO_FAMILY_NAME, VideoCreateRequestSchema } from './video'

/**
 * The video families' stored keys. Library rows, settings, names files, IPC payloads and PNG
 * metadata written by earlier versions carry exactly these strings, so the literals here are the
 * point: renaming a value of VIDEO_FAMILY would orphan every stored task and names file.
 */
/** Each code name and the key stored for it, in their order. */
const STORED_KEYS = [
  ['unifiedFirst', 'vidq'],
  ['unifiedSecond', 'unified2'],
  ['videosJson', 'kl'],
  ['videosMultipart', 'gk']
] as const
const KEYS = STORED_KEYS.map(([, key]) => key)

describe('video family keys are stored data', () => {
  it('maps each code name to the key stored for it, and to nothing else', () => {
    expect(VIDEO_FAMILY).toStrictEqual(Object.fromEntries(STORED_KEYS))
    expect(VIDEO_FAMILIES).toStrictEqual(KEYS)
    expect(VIDEO_NAME_FAMILIES).toStrictEqual(KEYS)
    expect(MODEL_FAMILIES.slice(-4)).toStrictEqual(KEYS)
  })

  it('puts each family on the route its name says', () => {
    expect(ROUTE_OF_FAMILY).toStrictEqual({ vidq: 'unified', unified2: 'unified', kl: 'videos', gk: 'videos' })
  })

  it('reads a stored key back to its code name', () => {
    expect(VIDEO_FAMILY_NAME).toStrictEqual(Object.fromEntries(STORED_KEYS.map(([name, key]) => [key, name])))
  })

  it('still reads a names file written with the stored keys', () => {
    const file = {
      ...STANDIN_NAMES,
      models: {
        ...STANDIN_NAMES.models,
        vidq: ['v-first'],
        unified2: ['v-second'],
        kl: ['v-json'],
        gk: ['v-multipart']
      }
    }
    const parsed = GatewayNamesSchema.parse(file)
    expect([parsed.models.vidq, parsed.models.unified2, parsed.models.kl, parsed.models.gk]).toEqual([
      ['v-first'],
      ['v-second'],
      ['v-json'],
      ['v-multipart']
    ])
  })

  it('still reads a create request carrying a stored key, and refuses a code name in its place', () => {
    const stored = { family: 'kl', profileId: 'sandbox', model: 'v-json', prompt: 'a heron takes off' }
    expect(VideoCreateRequestSchema.parse(stored).family).toBe('kl')
    expect(VideoCreateRequestSchema.safeParse({ ...stored, family: 'videosJson' }).success).toBe(false)
  })
})
