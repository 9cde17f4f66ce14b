/**
 * The compare half of the fake host: runs in memory (start, list, keep) plus a helper a test uses to
 * play the host's part (a cell's update).
 */
import type { InvokeChannel } from '@shared/contract'
import type { CompareCell, CompareRunOf, MediaCompareArea } from '@shared/domain/compare'
import { StudioError } from '@shared/errors'
import type { FakeHandler } from './fake-host'

type CompareChannel = Extract<InvokeChannel, `compare:${string}`>
type CompareHandlers = { [C in CompareChannel]: FakeHandler<C> }
type Emit = (event: 'compare:run-updated', payload: CompareRunOf<MediaCompareArea>) => void

export class FakeCompare {
  readonly runs = new Map<string, CompareRunOf<MediaCompareArea>>()

  constructor(private readonly emit: Emit) {}

  /** Plays the host: one cell of a run changes. */
  update(runId: string, index: number, patch: Partial<CompareCell>): CompareRunOf<MediaCompareArea> {
    const run = this.runs.get(runId)
    if (!run) throw new Error(`no run ${runId}`)
    const next = { ...run, cells: run.cells.map((c, i) => (i === index ? { ...c, ...patch } : c)) }
    this.runs.set(runId, next)
    this.emit('compare:run-updated', next)
    return next
  }

  handlers(): CompareHandlers {
    return {
      'compare:start-run': (input) => {
        const known = this.runs.get(input.runId)
        if (known) return known
        const run: CompareRunOf<MediaCompareArea> = {
          id: input.runId,
          area: input.area,
          profileId: 'sandbox',
          prompt: input.requests[0].prompt,
          createdAt: Date.now(),
          cells: input.requests.map((r, i) => ({
            model: r.model,
            family: r.family,
            ref: `${input.runId}-${i}`,
            state: 'running',
            progress: null,
            startedAt: Date.now()
          }))
        }
        this.runs.set(run.id, run)
        return run
      },
      'compare:list-runs': ({ area }) => ({ runs: [...this.runs.values()].filter((r) => r.area === area).reverse() }),
      'compare:keep-cell': ({ runId, index }) => {
        const run = this.runs.get(runId)
        if (!run)
          throw new StudioError('NOT_FOUND', 'That compare run is no longer in the library.', { field: 'runId' })
        const next = { ...run, keptIndex: index }
        this.runs.set(runId, next)
        this.emit('compare:run-updated', next)
        return next
      }
    }
  }
}
