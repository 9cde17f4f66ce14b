/** Compare runs as host data: the list per area, kept current by `compare:run-updated`, and the two actions. */
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { studio } from '@renderer/lib/studio'
import type { Preflight } from '@shared/domain/balance'
import type { CompareRunOf, CompareStart, MediaCompareArea } from '@shared/domain/compare'
import { priceKey } from '@shared/domain/estimate'

export const compareKeys = {
  all: ['compare-runs'] as const,
  runs: (area: MediaCompareArea) => [...compareKeys.all, area] as const,
  preflight: (kind: 'image' | 'video', model: string) => ['compare-preflight', kind, model] as const
}

/** Runs shown per area; older ones stay in the library. */
const SHOWN = 10

function upsertRun(qc: QueryClient, run: CompareRunOf<MediaCompareArea>): void {
  qc.setQueryData<CompareRunOf<MediaCompareArea>[]>(compareKeys.runs(run.area), (runs) => {
    if (!runs) return runs
    const i = runs.findIndex((r) => r.id === run.id)
    if (i >= 0) return runs.map((r) => (r.id === run.id ? run : r))
    return [run, ...runs].slice(0, SHOWN)
  })
}

export function useCompareRuns(area: MediaCompareArea) {
  const qc = useQueryClient()
  useEffect(() => studio.compare.onRunUpdated((run) => upsertRun(qc, run)), [qc])
  return useQuery({
    queryKey: compareKeys.runs(area),
    queryFn: async () => (await studio.compare.listRuns({ area, limit: SHOWN })).runs,
    staleTime: Infinity
  })
}

/**
 * Starts a run. The run id is made once per thing the user means to send: a second click or a retry
 * after an error sends the same id, and the host answers the run it already started (nothing twice).
 * `intent` is what the user is sending; when it changes, the next send is a new run.
 */
export function useStartCompare(intent: string) {
  const qc = useQueryClient()
  const id = useRef<{ intent: string; runId: string } | null>(null)
  const mutation = useMutation({
    mutationFn: (input: Omit<CompareStart, 'runId'>) => {
      if (id.current?.intent !== intent) id.current = { intent, runId: crypto.randomUUID() }
      return studio.compare.startRun({ ...input, runId: id.current.runId } as CompareStart)
    },
    onSuccess: (run) => {
      upsertRun(qc, run)
      void qc.invalidateQueries({ queryKey: compareKeys.runs(run.area) })
    }
  })
  return mutation
}

export function useKeepCell() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { runId: string; index: number }) => studio.compare.keepCell(v),
    onSuccess: (run) => upsertRun(qc, run)
  })
}

/** The pre-flight of each model (its expected cost from past jobs and the quota available); a failed check is no estimate. */
export function usePreflights(kind: 'image' | 'video', models: readonly string[]): Array<Preflight | null | undefined> {
  return useQueries({
    queries: models.map((model) => ({
      queryKey: compareKeys.preflight(kind, model),
      queryFn: async () => {
        try {
          return await studio.balance.preflight({
            model,
            kind,
            params: kind === 'image' ? priceKey({ via: 'generate' }) : ''
          })
        } catch {
          return null
        }
      },
      staleTime: 30_000
    }))
  }).map((q) => q.data)
}
