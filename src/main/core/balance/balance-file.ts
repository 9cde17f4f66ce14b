import type { BalanceSettings, BillingPrefix } from '@shared/domain/balance'

/** The balance host's small store: per-profile settings and what it remembers between starts. */

export interface ProfileBalanceState {
  settings?: BalanceSettings
  billingPrefix?: BillingPrefix
  armed?: boolean
  /** The profile's model names as last seen, per family (to notice a rename). */
  names?: Record<string, string[]>
  /** A model's earlier names (renamed in the profile's names): their history is the model's. */
  aliases?: Record<string, string[]>
}
export type BalanceFile = { profiles: Record<string, ProfileBalanceState> }
