import { randomBytes } from 'node:crypto'
import type { ChatParams, ChatPreset } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import type { KeyValueStore } from '../store/kv-store'

export type PresetsFile = { presets: ChatPreset[] } & Record<string, unknown>

/** Saved parameter presets, in a small conf store (atomic writes, corrupt-file recovery). */
export class PresetStore {
  constructor(private readonly store: KeyValueStore<PresetsFile>) {}

  list(): ChatPreset[] {
    const list = this.store.get('presets')
    return Array.isArray(list) ? list : []
  }

  get(id: string): ChatPreset {
    const p = this.list().find((x) => x.id === id)
    if (!p) throw new StudioError('NOT_FOUND', 'That preset no longer exists', { field: 'presetId' })
    return p
  }

  /** Saving under an existing name (any case) replaces that preset and keeps its id. */
  save(input: { name: string; system: string; params: ChatParams; model?: string }): ChatPreset {
    const name = input.name.trim()
    const list = this.list()
    const same = list.find((p) => p.name.toLowerCase() === name.toLowerCase())
    const preset: ChatPreset = {
      id: same?.id ?? `pr-${randomBytes(6).toString('hex')}`,
      name,
      system: input.system,
      params: input.params,
      ...(input.model ? { model: input.model } : {})
    }
    this.store.set('presets', same ? list.map((p) => (p.id === same.id ? preset : p)) : [...list, preset])
    return preset
  }

  delete(id: string): void {
    const list = this.list()
    if (!list.some((p) => p.id === id))
      throw new StudioError('NOT_FOUND', 'That preset no longer exists', { field: 'id' })
    this.store.set(
      'presets',
      list.filter((p) => p.id !== id)
    )
  }
}
