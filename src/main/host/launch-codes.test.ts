import { describe, expect, it } from 'vitest'
import { createLaunchCodes, LAUNCH_CODE_TTL_MS } from './launch-codes'

describe('one-time launch codes', () => {
  it('work once, only while fresh, and are unrelated to the token', () => {
    let now = 1_000
    const codes = createLaunchCodes('TOKEN', { now: () => now })
    const a = codes.issue()
    const b = codes.issue()
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(a).not.toBe(b)
    expect(codes.redeem(a)).toBe('TOKEN')
    expect(codes.redeem(a)).toBeNull()
    now += LAUNCH_CODE_TTL_MS
    expect(codes.redeem(b)).toBeNull()
    expect(codes.redeem('')).toBeNull()
    expect(LAUNCH_CODE_TTL_MS).toBeLessThanOrEqual(30_000)
  })
})
