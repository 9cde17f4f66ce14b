import type { GenerationKind } from '@shared/domain/balance'
import type { ChatSample } from '@shared/domain/chat-estimate'
import { viaOf, type EstimateBasis } from '@shared/domain/estimate'
import { entries } from './generation-schema'

/** The generation log's estimates: what a job of a model is expected to cost, read from its latest priced jobs. */

/** A pre-flight estimate looks at this many recent priced jobs of the model. */
export const ESTIMATE_SAMPLE = 20

/** An estimate of one job: the median and range of the latest priced jobs it rests on. */
export interface CostEstimate {
  cost: number | null
  low: number | null
  high: number | null
  basedOn: number
  basis: EstimateBasis
}

/** A read of the log's table (committed rows, or also what the log has queued to write). */
export type Read = <T>(sql: string, ...args: unknown[]) => T[]

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

const NO_ESTIMATE: CostEstimate = { cost: null, low: null, high: null, basedOn: 0, basis: 'none' }

/**
 * The estimate of one job on this profile: the median and range of the latest ESTIMATE_SAMPLE
 * usable costs of the model with the same price fields, or of the model with any price fields
 * when none matched (`basis` says which). `aliases`: earlier names of the model (a rename in the
 * profile's names), whose history counts as the model's. Each name is one indexed lookup of at
 * most ESTIMATE_SAMPLE rows, however long the log.
 */
export function estimateCost(
  read: Read,
  q: { profileId: string; model: string; kind: GenerationKind; params?: string; aliases?: readonly string[] }
): CostEstimate {
  const { profileId, model, kind, params = '', aliases = [] } = q
  const via = viaOf(params)
  const names = [...new Set([model, ...aliases].map((m) => m.trim()).filter(Boolean))]
  for (const basis of ['params', 'model'] as const) {
    const rows: Array<{ cost: number; r: number }> = []
    for (const name of names) {
      rows.push(
        ...(basis === 'params'
          ? read<{ cost: number; r: number }>(
              `SELECT cost, rowid AS r FROM generations INDEXED BY generations_estimate
               WHERE profile_id = ? AND kind = ? AND model = ? AND params = ? AND usable = 1 ORDER BY rowid DESC LIMIT ?`,
              profileId,
              kind,
              name,
              params,
              ESTIMATE_SAMPLE
            )
          : read<{ cost: number; r: number }>(
              `SELECT cost, rowid AS r FROM generations INDEXED BY generations_estimate_model
               WHERE profile_id = ? AND kind = ? AND model = ? AND usable = 1 AND (params = ? OR params LIKE ?) AND (? OR params NOT LIKE 'via=%')
               ORDER BY rowid DESC LIMIT ?`,
              profileId,
              kind,
              name,
              via,
              // The same route (another count or size); a key without a route matches only keys without one.
              via ? `${via};%` : '%',
              via ? 1 : 0,
              ESTIMATE_SAMPLE
            ))
      )
    }
    if (!rows.length) continue
    const costs = rows
      .sort((a, b) => b.r - a.r)
      .slice(0, ESTIMATE_SAMPLE)
      .map((x) => x.cost)
    return { cost: median(costs), low: Math.min(...costs), high: Math.max(...costs), basedOn: costs.length, basis }
  }
  return NO_ESTIMATE
}

/**
 * The latest usable chat answers of a model (and its earlier names) that report their tokens, for
 * the per-token estimate: one indexed lookup of at most ESTIMATE_SAMPLE rows per name.
 */
export function chatSamples(
  read: Read,
  profileId: string,
  model: string,
  aliases: readonly string[] = []
): ChatSample[] {
  const rows = [...new Set([model, ...aliases].map((m) => m.trim()).filter(Boolean))].flatMap((name) =>
    read<{ entry: string; r: number }>(
      `SELECT entry, rowid AS r FROM generations INDEXED BY generations_estimate_model
       WHERE profile_id = ? AND kind = 'chat' AND model = ? AND usable = 1 AND json_extract(entry, '$.tokens') IS NOT NULL ORDER BY rowid DESC LIMIT ?`,
      profileId,
      name,
      ESTIMATE_SAMPLE
    )
  )
  const latest = rows.sort((a, b) => b.r - a.r).slice(0, ESTIMATE_SAMPLE)
  return entries(latest).flatMap((e) => (e.cost !== undefined && e.tokens ? [{ cost: e.cost, ...e.tokens }] : []))
}
