import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as prettier from 'prettier'
import { describe, expect, it } from 'vitest'
import { events, invokes, uploads } from '@shared/contract'
import { CHANNEL_NAMES_FILE, channelNamesSource } from './channel-names-source'

const onDisk = () => readFileSync(join(import.meta.dirname, '..', CHANNEL_NAMES_FILE), 'utf8')

describe('channel-names.ts (generated from the contract)', () => {
  it('is exactly what the generator makes from the contract today (else: npm run gen:channels)', () => {
    expect(onDisk()).toBe(channelNamesSource({ invokes, uploads, events }))
  })

  it('would change when a channel is added to the contract, so a hand edit or a stale file is caught', () => {
    const grown = channelNamesSource({ invokes: { ...invokes, 'probe:do-thing': null }, uploads, events })
    expect(grown).not.toBe(onDisk())
    expect(grown).toContain("  'probe:do-thing'\n] as const")
  })

  it('is laid out as the formatter lays it out, so `npm run lint` passes on a freshly generated file', async () => {
    const file = join(import.meta.dirname, '..', CHANNEL_NAMES_FILE)
    const options = { ...(await prettier.resolveConfig(file)), filepath: file }
    expect(await prettier.check(channelNamesSource({ invokes, uploads, events }), options)).toBe(true)
    const short = channelNamesSource({ invokes: { 'a:b': null }, uploads: { 'c:d': null }, events: { 'e:f': null } })
    expect(short).toContain("export const INVOKE_CHANNEL_NAMES = ['a:b'] as const\n")
    expect(await prettier.check(short, options)).toBe(true)
  })
})
