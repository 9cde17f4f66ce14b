/**
 * The prompt library half of the fake host: history and saved prompts in memory (substring search,
 * name matches first, as the host's ranking puts them), and the same import checks as the host.
 */
import type { InvokeChannel } from '@shared/contract'
import {
  normalizeTags,
  parsePromptsFile,
  PROMPTS_FILE_FORMAT,
  type PromptHistoryEntry,
  type SavedPrompt
} from '@shared/domain/prompts'
import { StudioError } from '@shared/errors'
import type { FakeHandler } from './fake-host'

type PromptsChannel = Extract<InvokeChannel, `prompts:${string}`>
type PromptsHandlers = { [C in PromptsChannel]: FakeHandler<C> }
type Emit = (event: 'prompts:changed', payload: never) => void

export function historyEntry(overrides: Partial<PromptHistoryEntry> = {}): PromptHistoryEntry {
  return {
    id: 'ph-1',
    area: 'images',
    kind: 'image-generate',
    model: 'imagegen-1',
    text: 'a lighthouse at dusk',
    at: Date.UTC(2026, 0, 5, 9, 0, 0),
    results: [],
    ...overrides
  }
}

export function savedPrompt(overrides: Partial<SavedPrompt> = {}): SavedPrompt {
  const at = Date.UTC(2026, 0, 5, 9, 0, 0)
  return {
    id: 'sp-1',
    name: 'Lighthouse',
    text: 'a lighthouse at dusk',
    tags: ['sea'],
    createdAt: at,
    updatedAt: at,
    ...overrides
  }
}

export class FakePrompts {
  history: PromptHistoryEntry[] = []
  saved: SavedPrompt[] = []
  private seq = 0

  constructor(private readonly emit: Emit) {}

  handlers(): PromptsHandlers {
    return {
      'prompts:history': (input) => {
        const q = (input?.query ?? '').toLowerCase()
        const all = this.history.filter(
          (e) =>
            (!q || e.text.toLowerCase().includes(q) || e.model.toLowerCase().includes(q)) &&
            (!input?.area || e.area === input.area)
        )
        const limit = input?.limit ?? 50
        const start = input?.before ? all.findIndex((e) => e.id === input.before?.id) + 1 : 0
        const entries = all.slice(start, start + limit)
        const last = entries[entries.length - 1]
        return { entries, next: start + limit < all.length && last ? { at: last.at, id: last.id } : null }
      },
      'prompts:delete-history': ({ id }) => {
        this.history = this.history.filter((e) => e.id !== id)
        return {}
      },
      'prompts:list-saved': (input) => {
        const q = (input?.query ?? '').toLowerCase()
        const score = (p: SavedPrompt) =>
          p.name.toLowerCase().includes(q)
            ? 0
            : p.tags.some((t) => t.toLowerCase().includes(q))
              ? 1
              : p.text.toLowerCase().includes(q)
                ? 2
                : 3
        const found = this.saved
          .filter(
            (p) =>
              (!q || score(p) < 3) && (!input?.tag || p.tags.some((t) => t.toLowerCase() === input.tag?.toLowerCase()))
          )
          .sort((a, b) => (q ? score(a) - score(b) : 0) || b.updatedAt - a.updatedAt)
        const offset = input?.offset ?? 0
        return { prompts: found.slice(offset, offset + (input?.limit ?? 50)), total: found.length }
      },
      'prompts:save': (input) => {
        const at = Date.now()
        const tags = normalizeTags(input.tags)
        if (input.id) {
          const i = this.saved.findIndex((p) => p.id === input.id)
          if (i < 0) throw new StudioError('NOT_FOUND', 'That saved prompt no longer exists', { field: 'id' })
          this.saved[i] = { ...this.saved[i], name: input.name, text: input.text, tags, updatedAt: at }
          this.changed()
          return this.saved[i]
        }
        const p = { id: `sp-new-${++this.seq}`, name: input.name, text: input.text, tags, createdAt: at, updatedAt: at }
        this.saved = [p, ...this.saved]
        this.changed()
        return p
      },
      'prompts:delete': ({ id }) => {
        if (!this.saved.some((p) => p.id === id))
          throw new StudioError('NOT_FOUND', 'That saved prompt no longer exists', { field: 'id' })
        this.saved = this.saved.filter((p) => p.id !== id)
        this.changed()
        return {}
      },
      'prompts:export': () => ({
        fileName: 'prompts-2026-01-05.json',
        text: JSON.stringify({
          format: PROMPTS_FILE_FORMAT,
          version: 1,
          prompts: this.saved.map(({ name, text, tags }) => ({ name, text, tags }))
        })
      }),
      'prompts:import': ({ text }) => {
        const parsed = parsePromptsFile(text)
        if (!parsed.ok) {
          const first = parsed.problems[0]
          throw new StudioError(
            'INVALID_INPUT',
            `The prompts file has ${parsed.problems.length} problem(s): ${first.field ? `${first.field}: ` : ''}${first.message}`,
            {
              field: 'file',
              details: { problems: parsed.problems }
            }
          )
        }
        let added = 0
        let merged = 0
        for (const p of parsed.file.prompts) {
          const same = this.saved.find((s) => s.text.trim() === p.text.trim())
          if (same) {
            same.tags = normalizeTags([...same.tags, ...p.tags])
            merged++
          } else {
            this.saved.push({
              id: `sp-imp-${++this.seq}`,
              name: p.name,
              text: p.text,
              tags: normalizeTags(p.tags),
              createdAt: Date.now(),
              updatedAt: Date.now()
            })
            added++
          }
        }
        this.changed()
        return { added, merged }
      }
    }
  }

  private changed(): void {
    this.emit('prompts:changed', { what: 'saved' } as never)
  }
}
