/** Query keys of the balance data; profile removal and host events address the same entries as the dashboard. */
export const balanceKeys = {
  all: ['balance'] as const,
  usage: (profileId: string) => [...balanceKeys.all, 'usage', profileId] as const,
  billing: (profileId: string) => [...balanceKeys.all, 'billing', profileId] as const,
  history: (profileId: string) => [...balanceKeys.all, 'history', profileId] as const,
  spending: (profileId: string) => [...balanceKeys.all, 'spending', profileId] as const,
  settings: (profileId: string) => [...balanceKeys.all, 'settings', profileId] as const
}
