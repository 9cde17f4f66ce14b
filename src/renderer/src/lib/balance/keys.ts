/** Query keys of the balance data; profile removal and host events address the same entries as the dashboard. */
export const balanceKeys = {
  all: ['balance'] as const,
  usage: (profileId: string) => [...balanceKeys.all, 'usage', profileId] as const,
  billing: (profileId: string) => [...balanceKeys.all, 'billing', profileId] as const,
  history: (profileId: string) => [...balanceKeys.all, 'history', profileId] as const,
  spending: (profileId: string) => [...balanceKeys.all, 'spending', profileId] as const,
  settings: (profileId: string) => [...balanceKeys.all, 'settings', profileId] as const,
  /** A job's estimate before it is sent (its profile, model and price fields). */
  estimate: (profileId: string, kind: string, model: string, params: string) =>
    [...balanceKeys.all, 'estimate', profileId, kind, model, params] as const,
  jobCost: (ref: string) => [...balanceKeys.all, 'job-cost', ref] as const
}
