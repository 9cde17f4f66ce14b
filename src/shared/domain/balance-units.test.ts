import { describe, expect, it } from 'vitest'
import { billingUsageInUnit, formatAmount, quotaInUnit } from './balance-units'

describe('display units', () => {
  it('converts raw quota to USD and CNY, and leaves raw quota alone', () => {
    expect(quotaInUnit(1_000_000, { kind: 'usd' }, 500_000)).toBe(2)
    expect(quotaInUnit(1_000_000, { kind: 'cny', rate: 7.2 }, 500_000)).toBeCloseTo(14.4)
    expect(quotaInUnit(1_000_000, { kind: 'quota' }, 500_000)).toBe(1_000_000)
    expect(billingUsageInUnit(1234)).toBe(12.34)
  })

  it('formats currency with cents (more for tiny amounts) and quota as whole units', () => {
    expect(formatAmount(80, { kind: 'usd' }, 'en')).toBe('$80.00')
    expect(formatAmount(14.4, { kind: 'cny', rate: 7.2 }, 'zh-CN')).toBe('¥14.40')
    expect(formatAmount(0.00018, { kind: 'usd' }, 'en')).toBe('$0.00018')
    expect(formatAmount(1234567, { kind: 'quota' }, 'en')).toBe('1,234,567')
    expect(formatAmount(Number.NaN, { kind: 'usd' }, 'en')).toBe('—')
  })
})
