import { writeFileSync } from 'node:fs'
import { round } from './stats'

/** One line of bench-results.json; the key set is fixed by docs/PERFORMANCE.md. */
export interface BenchEntry {
  id: string
  metric: string
  value: number | null
  baseline: number | null
  ratio: number | null
  target: string
  pass: boolean
  runs: number
  note?: string
}

export interface EntryInput {
  id: string
  metric: string
  value: number
  baseline: number
  /** Defaults to value / baseline. Metrics whose target is a difference pass their own. */
  ratio?: number
  target: string
  pass: boolean
  runs: number
  note?: string
}

export function entry(e: EntryInput): BenchEntry {
  const ratio = e.ratio ?? (e.baseline > 0 ? e.value / e.baseline : Number.NaN)
  const out: BenchEntry = {
    id: e.id,
    metric: e.metric,
    value: round(e.value, 3),
    baseline: round(e.baseline, 3),
    ratio: Number.isFinite(ratio) ? round(ratio, 3) : null,
    target: e.target,
    pass: e.pass,
    runs: e.runs
  }
  if (e.note) out.note = e.note
  return out
}

/**
 * A metric whose feature does not exist yet: reported as failing with no numbers, never with a
 * stand-in figure that a trend tool could mistake for a measurement.
 */
export function notMeasurable(
  id: string,
  metric: string,
  target: string,
  feature: string,
  detail?: string
): BenchEntry {
  return {
    id,
    metric,
    value: null,
    baseline: null,
    ratio: null,
    target,
    pass: false,
    runs: 0,
    note: `not measurable yet: ${feature} not built${detail ? ` (${detail})` : ''}`
  }
}

/** A metric that should have run but threw: the error is the note, so the suite still finishes. */
export function failedToRun(id: string, metric: string, target: string, error: unknown): BenchEntry {
  const message = error instanceof Error ? error.message : String(error)
  return {
    id,
    metric,
    value: null,
    baseline: null,
    ratio: null,
    target,
    pass: false,
    runs: 0,
    note: `could not run: ${message.split('\n')[0].slice(0, 300)}`
  }
}

/** Whether a row carries a measurement: a finite value and a finite baseline. */
export function hasNumber(e: BenchEntry): boolean {
  return (
    typeof e.value === 'number' &&
    Number.isFinite(e.value) &&
    typeof e.baseline === 'number' &&
    Number.isFinite(e.baseline)
  )
}

/**
 * The rows a run must fail on: every row without a number (its note says why), and every row a
 * metric describes that is not in the results at all (a metric that returned fewer rows than it names).
 */
export function rowsWithoutNumber(
  metrics: ReadonlyArray<{ describes: ReadonlyArray<{ id: string }> }>,
  entries: readonly BenchEntry[]
): Array<{ id: string; why: string }> {
  const out: Array<{ id: string; why: string }> = []
  for (const e of entries) if (!hasNumber(e)) out.push({ id: e.id, why: e.note ?? 'no value' })
  const present = new Set(entries.map((e) => e.id))
  for (const m of metrics)
    for (const d of m.describes) if (!present.has(d.id)) out.push({ id: d.id, why: 'row missing from the results' })
  return out
}

export function writeResults(path: string, entries: BenchEntry[]): void {
  writeFileSync(path, JSON.stringify(entries, null, 2) + '\n')
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '-'
  if (typeof v === 'boolean') return v ? 'PASS' : 'FAIL'
  return String(v)
}

/** A plain-text table for the terminal; notes go under it so the table stays narrow. */
export function formatTable(entries: BenchEntry[]): string {
  const head = ['id', 'metric', 'value', 'baseline', 'ratio', 'target', 'pass', 'runs']
  const rows = entries.map((e) => [e.id, e.metric, e.value, e.baseline, e.ratio, e.target, e.pass, e.runs].map(cell))
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i])).join('  ')
  const out = [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)]
  const notes = entries.filter((e) => e.note).map((e) => `  ${e.id}: ${e.note}`)
  if (notes.length) out.push('', 'notes:', ...notes)
  return out.join('\n')
}
