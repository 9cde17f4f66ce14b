import { describe, expect, it } from 'vitest'
import { createLaunchCodes, LAUNCH_CODE_TTL_MS } from './launch-codes'

describe('one-time launch codes', () => {
  it('work once, only while fresh, and are unrelated to the token', () => {
    let now = 1_000
    const codes = createLaunchCodes(() => 'TOKEN', { now: () => now })
    const a = codes.issue()
    const b = codes.issue()
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(a).not.toBe(b)
    expect(codes.redeem(a)).toEqual({ ok: true, token: 'TOKEN' })
    expect(codes.redeem(a)).toEqual({ ok: false, reused: true })
    now += LAUNCH_CODE_TTL_MS
    expect(codes.redeem(b)).toEqual({ ok: false, reused: false })
    expect(codes.redeem(b)).toEqual({ ok: false, reused: false })
    expect(codes.redeem('')).toEqual({ ok: false, reused: false })
    expect(LAUNCH_CODE_TTL_MS).toBeLessThanOrEqual(30_000)
  })

  it('give the current token, and none after revokeAll', () => {
    let token = 'OLD'
    const codes = createLaunchCodes(() => token)
    const a = codes.issue()
    const b = codes.issue()
    token = 'NEW'
    expect(codes.redeem(a)).toEqual({ ok: true, token: 'NEW' })
    codes.revokeAll()
    expect(codes.redeem(b)).toEqual({ ok: false, reused: false })
  })
})
