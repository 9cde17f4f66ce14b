import { describe, expect, it } from 'vitest'
import { usage } from '@renderer/testing/fake-host'
import { balanceHeadline, expiryState, formatDuration, formatQuota, shownAvailable, usedShare } from './format'

const NOW = Date.UTC(2026, 0, 5, 12, 0, 0)

describe('balance formatting', () => {
  it('writes raw quota units with thousands separators', () => {
    expect(formatQuota(1234567, 'en')).toBe('1,234,567')
    expect(formatQuota(1234567, 'zh-CN')).toBe('1,234,567')
    expect(formatQuota(0, 'en')).toBe('0')
  })

  it('shows an active key by its available amount', () => {
    expect(balanceHeadline(usage({ totalAvailable: 500 }), NOW)).toEqual({ state: 'active', available: 500 })
  })

  it('shows an unlimited key as unlimited even when the gateway reports a negative available amount', () => {
    const u = usage({ unlimited: true, totalGranted: 0, totalUsed: 9_000, totalAvailable: -9_000 })
    expect(balanceHeadline(u, NOW)).toEqual({ state: 'unlimited' })
    expect(shownAvailable(u)).toBe(0)
  })

  it('names an expired key and a used-up key instead of showing a number', () => {
    expect(balanceHeadline(usage({ expiresAt: NOW / 1000 - 60 }), NOW)).toEqual({ state: 'expired' })
    expect(balanceHeadline(usage({ totalAvailable: -20 }), NOW)).toEqual({ state: 'exhausted' })
  })
})

describe('durations, expiry and the gauge', () => {
  it('writes durations in their two largest units, in en and zh', () => {
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000 + 5_000, 'en')).toBe('3 days 4 hours')
    expect(formatDuration(12 * 60_000, 'en')).toBe('12 minutes')
    expect(formatDuration(0, 'en')).toBe('0 seconds')
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000, 'zh-CN')).toBe('3天4小时')
  })

  it('reads 0 as never, warns within a week, and names an expired key', () => {
    const now = Date.UTC(2026, 0, 5)
    expect(expiryState(0, now)).toEqual({ kind: 'never' })
    expect(expiryState(now / 1000 + 3 * 86_400, now)).toEqual({ kind: 'soon', inMs: 3 * 86_400_000 })
    expect(expiryState(now / 1000 + 30 * 86_400, now).kind).toBe('later')
    expect(expiryState(now / 1000 - 60, now)).toEqual({ kind: 'expired', agoMs: 60_000 })
  })

  it('has no gauge for unlimited keys and clamps the used share', () => {
    expect(usedShare(usage({ unlimited: true }))).toBeNull()
    expect(usedShare(usage({ totalGranted: 0 }))).toBeNull()
    expect(usedShare(usage({ totalGranted: 100, totalUsed: 25 }))).toBe(0.25)
    expect(usedShare(usage({ totalGranted: 100, totalUsed: 250 }))).toBe(1)
  })
})
