import { describe, expect, it } from 'vitest'
import { EVENT_NAMES_LIST, INVOKE_CHANNEL_NAMES, UPLOAD_CHANNEL_NAMES } from '@shared/channel-names'
import { EVENT_NAMES, events, INVOKE_CHANNELS, invokes, UPLOAD_CHANNELS, uploads } from '@shared/contract'

describe('channel-names (the zod-free channel lists of the Electron start path and the renderer client)', () => {
  it('names exactly the contract invoke channels, in the same order', () => {
    expect([...INVOKE_CHANNEL_NAMES]).toEqual(Object.keys(invokes))
    expect([...INVOKE_CHANNEL_NAMES]).toEqual(INVOKE_CHANNELS)
  })

  it('names exactly the contract upload channels, in the same order', () => {
    expect([...UPLOAD_CHANNEL_NAMES]).toEqual(Object.keys(uploads))
    expect([...UPLOAD_CHANNEL_NAMES]).toEqual(UPLOAD_CHANNELS)
  })

  it('names exactly the contract events, in the same order', () => {
    expect([...EVENT_NAMES_LIST]).toEqual(Object.keys(events))
    expect([...EVENT_NAMES_LIST]).toEqual(EVENT_NAMES)
  })

  it('has no duplicates', () => {
    expect(new Set(INVOKE_CHANNEL_NAMES).size).toBe(INVOKE_CHANNEL_NAMES.length)
    expect(new Set(UPLOAD_CHANNEL_NAMES).size).toBe(UPLOAD_CHANNEL_NAMES.length)
  })
})
