import type { Handlers } from '../ipc/dispatcher'
import type { CompareService } from './compare-service'

type CompareChannel = Extract<keyof Handlers, `compare:${string}`>

/** The compare channels of the contract, mapped onto the compare host. */
export function createCompareHandlers(compare: CompareService): Pick<Handlers, CompareChannel> {
  return {
    'compare:start-run': (input) => compare.start(input),
    'compare:list-runs': ({ area, limit }) => compare.list(area, limit),
    'compare:keep-cell': ({ runId, index }) => compare.keep(runId, index)
  }
}
