import type { InvokeChannelName } from './channel-names'

/**
 * Reads every page makes at start-up, all without input. The browser host's bridge script sends
 * them the moment it runs, while the app's scripts are still loading and evaluating, and leaves the
 * pending results on `window[STARTUP_READS_GLOBAL]`; the app seeds its query cache from them, so it
 * does not wait for a round trip after its first render (T1). Zod-free: the bridge imports it.
 */
export const STARTUP_READS = [
  'settings:get',
  'profiles:list',
  'chat:list-conversations'
] as const satisfies readonly InvokeChannelName[]
export type StartupRead = (typeof STARTUP_READS)[number]

export const STARTUP_READS_GLOBAL = 'studioStartupReads'
