import type { Handlers } from '../ipc/dispatcher'
import type { CompareService } from './compare-service'

/** The chat side keeps its `chat:` names (the chat page's channels); its runs are the engine's all the same. */
type ChatCompareChannel = 'chat:start-compare' | 'chat:list-compares' | 'chat:settle-compare'
type CompareChannel = Extract<keyof Handlers, `compare:${string}`> | ChatCompareChannel

/** The compare channels of the contract (images, video and chat), mapped onto the one compare engine. */
export function createCompareHandlers(compare: CompareService): Pick<Handlers, CompareChannel> {
  return {
    'compare:start-run': (input) => compare.start(input),
    'compare:list-runs': ({ area, limit }) => compare.list(area, limit),
    'compare:keep-cell': ({ runId, index }) => compare.keep(runId, index),
    'chat:start-compare': (input) => compare.startChat(input),
    'chat:list-compares': () => compare.listChat(),
    'chat:settle-compare': async (input) => {
      await compare.settleChat(input)
      return {}
    }
  }
}
