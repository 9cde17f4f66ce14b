import type { Handlers } from '../ipc/dispatcher'
import type { BalanceService } from './balance-service'
import type { BillingService } from './billing-service'

type BalanceChannel = Exclude<Extract<keyof Handlers, `balance:${string}`>, 'balance:get-usage'>

export interface BalanceHandlerDeps {
  balance: BalanceService
  billing: BillingService
  activeId(): Promise<string>
}

/** The balance channels of the contract (usage itself is in handlers.ts, next to the profiles it follows). */
export function createBalanceHandlers(d: BalanceHandlerDeps): Pick<Handlers, BalanceChannel> {
  return {
    'balance:get-billing': async (input) =>
      d.billing.get(input?.profileId ?? (await d.activeId()), input?.refresh === true),
    'balance:get-history': (input) => d.balance.history(input?.profileId),
    'balance:get-spending': (input) => d.balance.spending(input?.profileId, input?.sinceDays),
    'balance:get-settings': (input) => d.balance.settings(input?.profileId),
    'balance:update-settings': ({ profileId, ...patch }) => d.balance.updateSettings({ profileId, ...patch }),
    'balance:preflight': (input) => d.balance.preflight(input),
    'balance:chat-estimate': (input) => d.balance.chatEstimate(input),
    'balance:job-cost': ({ ref }) => d.balance.jobCost(ref)
  }
}
