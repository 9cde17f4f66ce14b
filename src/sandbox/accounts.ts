import type { SandboxKeySpec } from './types.js'

export const QUOTA_PER_UNIT = 500_000
export const DEFAULT_QUOTA = 50_000_000

export interface Account {
  key: string
  name: string
  /** Raw quota units left. For unlimited keys it still goes down (and may go negative), as on the gateway. */
  remain: number
  used: number
  unlimited: boolean
  /** Unix seconds, 0 = never. */
  expiresAt: number
  modelLimits: Record<string, true> | null
  disabled: boolean
}

export type KeyProblem = 'unknown' | 'disabled' | 'expired' | 'exhausted'

/** The keys the sandbox knows and what they have spent. */
export class Accounts {
  private readonly byKey = new Map<string, Account>()

  add(spec: SandboxKeySpec): Account {
    if (!spec.key) throw new Error('a sandbox key needs a non-empty `key`')
    const acc: Account = {
      key: spec.key,
      name: spec.name ?? `sandbox-${this.byKey.size + 1}`,
      remain: spec.quota ?? DEFAULT_QUOTA,
      used: 0,
      unlimited: spec.unlimited ?? false,
      expiresAt: spec.expiresAt ?? 0,
      modelLimits: spec.modelLimits ?? null,
      disabled: spec.disabled ?? false
    }
    this.byKey.set(spec.key, acc)
    return acc
  }

  get(key: string): Account | undefined {
    return this.byKey.get(key)
  }

  update(key: string, patch: Partial<SandboxKeySpec>): Account {
    const acc = this.byKey.get(key)
    if (!acc) throw new Error(`unknown sandbox key`)
    if (patch.name !== undefined) acc.name = patch.name
    if (patch.quota !== undefined) acc.remain = patch.quota
    if (patch.unlimited !== undefined) acc.unlimited = patch.unlimited
    if (patch.expiresAt !== undefined) acc.expiresAt = patch.expiresAt
    if (patch.modelLimits !== undefined) acc.modelLimits = patch.modelLimits
    if (patch.disabled !== undefined) acc.disabled = patch.disabled
    return acc
  }

  /** Why a key may not be used for a relay request (the usage route is more lenient). */
  problem(acc: Account | undefined, nowSec: number): KeyProblem | null {
    if (!acc) return 'unknown'
    if (acc.disabled) return 'disabled'
    if (acc.expiresAt > 0 && acc.expiresAt <= nowSec) return 'expired'
    if (!acc.unlimited && acc.remain <= 0) return 'exhausted'
    return null
  }

  allowsModel(acc: Account, model: string): boolean {
    const limits = acc.modelLimits
    if (!limits || Object.keys(limits).length === 0) return true
    return limits[model] === true
  }

  canAfford(acc: Account, cost: number): boolean {
    return acc.unlimited || acc.remain >= cost
  }

  charge(acc: Account, cost: number): void {
    const c = Math.max(0, Math.round(cost))
    acc.remain -= c
    acc.used += c
  }

  /** Failed tasks give their pre-charge back, as the gateway's poller does. */
  refund(acc: Account, cost: number): void {
    const c = Math.max(0, Math.round(cost))
    acc.remain += c
    acc.used = Math.max(0, acc.used - c)
  }
}
