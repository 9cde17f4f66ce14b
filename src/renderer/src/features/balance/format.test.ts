import { describe, expect, it } from 'vitest'
import { usage } from '@renderer/test/fake-host'
import { balanceHeadline, formatQuota, shownAvailable } from './format'

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
