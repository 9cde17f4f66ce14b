import { queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { GenerationKind, Preflight } from '@shared/domain/balance'
import { priceKey } from '@shared/domain/estimate'
import { balanceKeys } from './keys'

/** What a form asks an estimate for: the model it would send and the request's fields (only the price fields count). */
export interface EstimateAsk {
  kind: GenerationKind
  model: string
  params?: Readonly<Record<string, unknown>>
  profileId?: string
}

export function estimateQuery(a: EstimateAsk) {
  const model = a.model.trim()
  const params = priceKey(a.params)
  return queryOptions({
    queryKey: balanceKeys.estimate(a.profileId ?? '', a.kind, model, params),
    queryFn: async (): Promise<Preflight | null> => {
      try {
        return await studio.balance.preflight({
          model,
          kind: a.kind,
          params,
          ...(a.profileId ? { profileId: a.profileId } : {})
        })
      } catch {
        // A failed check is no estimate; it never holds a form back.
        return null
      }
    },
    enabled: model.length > 0,
    staleTime: 15_000
  })
}

/** The estimate of one job, or undefined while it loads (and while no model is entered). */
export function useEstimate(a: EstimateAsk): Preflight | null | undefined {
  return useQuery(estimateQuery(a)).data
}

/** Estimates of several jobs at once (a compare run's cells). */
export function useEstimates(asks: readonly EstimateAsk[]): Array<Preflight | null | undefined> {
  return useQueries({ queries: asks.map((a) => estimateQuery(a)) }).map((q) => q.data)
}

/** What a finished job cost as measured and what it was expected to cost (asked again when a new snapshot arrives: BalanceSync). */
export function useJobCost(ref: string | undefined, ended: boolean) {
  return useQuery({
    queryKey: balanceKeys.jobCost(ref ?? ''),
    queryFn: async () => {
      try {
        return await studio.balance.jobCost({ ref: ref ?? '' })
      } catch {
        return null
      }
    },
    enabled: Boolean(ref) && ended,
    staleTime: 60_000
  }).data
}
