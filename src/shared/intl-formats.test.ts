import { describe, expect, it } from 'vitest'
import { formatAmount } from './domain/balance-units'
import { dateTimeFormat, numberFormat } from './intl-formats'

describe('cached Intl formatters', () => {
  it('hands out one formatter per locale and options, so a render builds none after the first', () => {
    const a = numberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })
    expect(numberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })).toBe(a)
    expect(numberFormat('zh', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })).not.toBe(a)
    expect(numberFormat('en', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 })).not.toBe(a)
    expect(dateTimeFormat('en', { timeStyle: 'medium' })).toBe(dateTimeFormat('en', { timeStyle: 'medium' }))
  })

  it('formats exactly as a fresh Intl formatter does', () => {
    expect(numberFormat('en', { maximumFractionDigits: 0 }).format(1234567.8)).toBe(
      new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(1234567.8)
    )
    expect(numberFormat('zh-CN', { style: 'currency', currency: 'CNY' }).format(12.5)).toBe(
      new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' }).format(12.5)
    )
    const at = Date.UTC(2026, 10, 25, 12, 0, 0)
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(at)).toBe('Nov 25, 2026')
  })

  it('keeps the balance amounts the same: small currency amounts get more digits, quota none', () => {
    expect(formatAmount(1234.5, { kind: 'usd' }, 'en')).toBe('$1,234.50')
    expect(formatAmount(0.001234, { kind: 'usd' }, 'en')).toBe('$0.001234')
    expect(formatAmount(12345, { kind: 'quota' }, 'en')).toBe('12,345')
  })

  it('stays bounded when many option sets pass through', () => {
    const first = numberFormat('en', { maximumFractionDigits: 1 })
    for (let i = 0; i < 500; i++)
      numberFormat('en', { minimumIntegerDigits: (i % 21) + 1, maximumSignificantDigits: (i % 20) + 1 })
    // The cache was started afresh on the way: a new formatter, still formatting the same.
    const again = numberFormat('en', { maximumFractionDigits: 1 })
    expect(again).not.toBe(first)
    expect(again.format(1.25)).toBe(first.format(1.25))
  })
})
