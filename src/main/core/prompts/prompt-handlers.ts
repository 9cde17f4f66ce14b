import type { Handlers } from '../ipc/dispatcher'
import type { PromptHistory } from './prompt-history'
import { resolveResult, type ResultLookups } from './prompt-recorder'
import type { SavedPrompts } from './saved-prompts'

type PromptsChannel = Extract<keyof Handlers, `prompts:${string}`>

export interface PromptHandlerDeps {
  history: PromptHistory
  saved: SavedPrompts
  lookups: ResultLookups
  changed: (what: 'history' | 'saved') => void
  now?: () => number
}

/** The prompt library's channels: history, saved prompts, export and import. */
export function createPromptHandlers(d: PromptHandlerDeps): Pick<Handlers, PromptsChannel> {
  const now = d.now ?? Date.now
  return {
    'prompts:history': async (input) => {
      const page = d.history.list(input ?? {})
      const entries = await Promise.all(
        page.entries.map(async (e) => ({
          ...e,
          results: (await Promise.all(e.results.map((r) => resolveResult(r, d.lookups)))).filter((r) => r !== null)
        }))
      )
      return { entries, next: page.next }
    },
    'prompts:delete-history': ({ id }) => {
      if (d.history.delete(id)) d.changed('history')
      return {}
    },
    'prompts:list-saved': (input) => d.saved.list(input ?? {}),
    'prompts:save': (input) => {
      const saved = d.saved.save(input)
      d.changed('saved')
      return saved
    },
    'prompts:delete': ({ id }) => {
      d.saved.delete(id)
      d.changed('saved')
      return {}
    },
    'prompts:export': () => {
      const file = d.saved.exportFile()
      const day = new Date(now()).toISOString().slice(0, 10)
      return { fileName: `prompts-${day}.json`, text: `${JSON.stringify(file, null, 2)}\n` }
    },
    'prompts:import': ({ text }) => {
      const r = d.saved.importText(text)
      d.changed('saved')
      return r
    }
  }
}
