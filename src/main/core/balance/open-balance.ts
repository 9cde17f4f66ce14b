import type { ProfileView } from '@shared/domain/profiles'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import type { EventHub } from '../ipc/event-hub'
import type { OpenStore } from '../store/kv-store'
import type { AlertLanguage, Notify } from './alerts'
import { createBalanceHandlers } from './balance-handlers'
import { BalanceService, type BalanceFile } from './balance-service'
import { BillingService } from './billing-service'
import { GenerationLog } from './generation-log'
import { SnapshotStore } from './snapshot-store'
import type { UsageService } from './usage-service'

export interface OpenBalanceDeps {
  dataDir: string
  open: OpenStore
  fetch: FetchLike
  usage: UsageService
  profiles: {
    activeId(): Promise<string>
    get(id: string): ProfileView
    connection(id: string): Promise<GatewayConnection>
  }
  emit: EventHub['emit']
  notify?: Notify
  language?: () => AlertLanguage
  log?: (line: string) => void
  notice: (message: string) => void
  /** The host's clock (the usage records' times come from it too, so jobs fall between the right records). */
  now?: () => number
}

/** Builds the balance host (stores, billing, snapshots, generation log) and its handlers, for studio-core. */
export async function openBalance(d: OpenBalanceDeps) {
  const store = d.open<BalanceFile>('balance', { profiles: {} })
  const snapshots = await SnapshotStore.open(d.dataDir, d.notice)
  const generations = await GenerationLog.open(d.dataDir, d.notice, d.now)
  // The billing service remembers its route form through the balance service, made right after it.
  const ref: { service?: BalanceService } = {}
  const billing = new BillingService({
    fetch: d.fetch,
    connection: (id) => d.profiles.connection(id),
    prefixOf: (id) => ref.service?.billingPrefix(id),
    rememberPrefix: (id, prefix) => ref.service?.rememberBillingPrefix(id, prefix)
  })
  const balance = new BalanceService({
    usage: d.usage,
    billing,
    snapshots,
    generations,
    store,
    profiles: d.profiles,
    emit: d.emit,
    notify: d.notify,
    language: d.language,
    log: d.log,
    now: d.now
  })
  ref.service = balance
  return {
    balance,
    /** What chat, images and the video engine call when a generation ends. */
    recordGeneration: balance.recordGeneration,
    /** The generation log's entry for a job or task, by the studio's id (compare runs show each cell's cost). */
    costOf: (ref: string) => generations.byRef(ref),
    handlers: createBalanceHandlers({ balance, billing, activeId: () => d.profiles.activeId() }),
    dispose: async () => {
      await balance.dispose()
      snapshots.close()
      generations.close()
    }
  }
}
