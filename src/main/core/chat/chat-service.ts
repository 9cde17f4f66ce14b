import type { ChatFormat, ChatParams, ChatPreset, Conversation, ConversationSummary } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import type { RecordGeneration } from '../balance/generation-log'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import type { EventHub } from '../ipc/event-hub'
import type { AttachmentSource } from './attachments'
import { ChatSender, type SendInput } from './chat-sender'
import { summaryOf, type StoredConversation } from './conversation-files'
import { branchAt, copyConversation, DEFAULT_TITLE, defaultParams, newId, windowOf } from './conversation-ops'
import type { ConversationStore } from './conversation-store'
import { exportConversation, type ExportFile } from './export'
import { ModelCatalog } from './models'
import type { PresetStore } from './presets'
import type { StreamTiming } from './stream-runner'
import type { ToolResultsInput } from './tool-results'

export interface ChatServiceDeps {
  store: ConversationStore
  presets: PresetStore
  profiles: {
    activeId(): Promise<string>
    connection(id: string): Promise<GatewayConnection>
    /** A profile's address or key may have changed, and with it the models it can use. */
    onChanged?(listener: () => void): () => void
  }
  fetch: FetchLike
  /** File grants; without them, file attachments are refused with a clear message. */
  files?: AttachmentSource
  emit: EventHub['emit']
  log?: (line: string) => void
  scrub?: (text: string) => string
  timing?: Partial<StreamTiming>
  now?: () => number
  /** The balance host's generation log (src/main/core/balance/generation-log.ts). */
  recordGeneration?: RecordGeneration
}

/** The chat feature of the host: conversations, presets, models and streamed answers. */
export class ChatService {
  private readonly sender: ChatSender
  private readonly models: ModelCatalog
  private readonly now: () => number
  private readonly connection: () => Promise<GatewayConnection>

  constructor(private readonly d: ChatServiceDeps) {
    this.now = d.now ?? Date.now
    this.models = new ModelCatalog(d.fetch, (id) => d.profiles.connection(id), this.now)
    // R1: the active connection is looked up once, not per send (the profile list is read from its
    // file on every lookup); any profile change (select, edit, key, removal) forgets it. Without
    // change notices there is nothing to invalidate on, so nothing is kept.
    let active: Promise<GatewayConnection> | null = null
    const cacheable = d.profiles.onChanged !== undefined
    d.profiles.onChanged?.(() => {
      active = null
      this.models.forgetAll()
    })
    const lookUp = async () => d.profiles.connection(await d.profiles.activeId())
    const connection = (): Promise<GatewayConnection> => {
      if (!cacheable) return lookUp()
      const pending = (active ??= lookUp())
      // A failed lookup (no key yet, keychain locked) is not kept: the next send asks again.
      pending.catch(() => {
        if (active === pending) active = null
      })
      return pending
    }
    this.connection = connection
    this.sender = new ChatSender({
      store: d.store,
      fetch: d.fetch,
      connection,
      files: d.files,
      emit: d.emit,
      log: d.log ?? (() => {}),
      scrub: d.scrub ?? ((s) => s),
      timing: d.timing,
      now: this.now,
      activeProfileId: () => d.profiles.activeId(),
      recordGeneration: d.recordGeneration
    })
  }

  private changed(...ids: string[]): void {
    this.d.emit('chat:conversations-changed', { ids })
  }

  /** Throws what a send would before its request (no key, keychain locked), sending nothing. */
  async ready(): Promise<void> {
    await this.connection()
  }

  async listModels(input?: {
    profileId?: string
    refresh?: boolean
  }): Promise<{ models: string[]; fetchedAt: number }> {
    const id = input?.profileId ?? (await this.d.profiles.activeId())
    const { models, fetchedAt } = await this.models.list(id, input?.refresh === true)
    return { models, fetchedAt }
  }

  async listConversations(query?: string): Promise<{ conversations: ConversationSummary[] }> {
    return { conversations: await this.d.store.search(query ?? '') }
  }

  async getConversation(input: { id: string; limit?: number; beforeIndex?: number }): Promise<Conversation> {
    return windowOf(await this.d.store.get(input.id), input.limit, input.beforeIndex)
  }

  async createConversation(input: {
    format: ChatFormat
    model: string
    title?: string
    presetId?: string
  }): Promise<Conversation> {
    const preset = input.presetId ? this.d.presets.get(input.presetId) : undefined
    if (preset && preset.params.format !== input.format) {
      throw new StudioError('INVALID_INPUT', `The preset "${preset.name}" is for the ${preset.params.format} format.`, {
        field: 'presetId'
      })
    }
    const now = this.now()
    const c: StoredConversation = {
      id: newId('c'),
      title: input.title?.trim() || DEFAULT_TITLE,
      format: input.format,
      model: input.model.trim(),
      createdAt: now,
      updatedAt: now,
      system: preset?.system ?? '',
      params: preset?.params ?? defaultParams(input.format),
      document: '',
      messages: []
    }
    await this.d.store.create(c)
    this.changed(c.id)
    return windowOf(c)
  }

  async updateConversation(input: {
    id: string
    title?: string
    model?: string
    system?: string
    params?: ChatParams
    document?: string
  }): Promise<ConversationSummary> {
    const current = await this.d.store.get(input.id)
    if (input.params && input.params.format !== current.format) {
      throw new StudioError(
        'INVALID_INPUT',
        `These parameters are for the ${input.params.format} format, but this conversation uses ${current.format}.`,
        { field: 'params' }
      )
    }
    const c = await this.d.store.update(input.id, (x) => {
      if (input.title !== undefined) x.title = input.title.trim()
      if (input.model !== undefined) x.model = input.model.trim()
      if (input.system !== undefined) x.system = input.system
      if (input.params !== undefined) x.params = input.params
      if (input.document !== undefined) x.document = input.document
      x.updatedAt = this.now()
    })
    this.changed(c.id)
    return summaryOf(c)
  }

  async deleteConversation(id: string): Promise<void> {
    const streamId = this.sender.streamOf(id)
    if (streamId) this.sender.stop(streamId)
    await this.d.store.delete(id)
    this.changed(id)
  }

  async duplicateConversation(id: string): Promise<ConversationSummary> {
    const source = await this.d.store.get(id)
    const copy = copyConversation(source, newId('c'), `${source.title} (copy)`, this.now())
    await this.d.store.create(copy)
    this.changed(copy.id)
    return summaryOf(copy)
  }

  async branchConversation(id: string, messageId: string): Promise<ConversationSummary> {
    const branch = branchAt(await this.d.store.get(id), messageId, newId('c'), this.now())
    await this.d.store.create(branch)
    this.changed(branch.id)
    return summaryOf(branch)
  }

  send(input: SendInput): ReturnType<ChatSender['send']> {
    return this.sender.send(input)
  }

  sendToolResults(input: ToolResultsInput): ReturnType<ChatSender['sendToolResults']> {
    return this.sender.sendToolResults(input)
  }

  completeText(input: { conversationId: string; document: string }): ReturnType<ChatSender['completeText']> {
    return this.sender.completeText(input)
  }

  stop(streamId: string): void {
    this.sender.stop(streamId)
  }

  async exportConversation(id: string, as: 'markdown' | 'json'): Promise<ExportFile> {
    return exportConversation(await this.d.store.get(id), as, new Date(this.now()))
  }

  listPresets(): { presets: ChatPreset[] } {
    return { presets: this.d.presets.list() }
  }

  savePreset(input: { name: string; system: string; params: ChatParams; model?: string }): ChatPreset {
    return this.d.presets.save(input)
  }

  deletePreset(id: string): void {
    this.d.presets.delete(id)
  }

  /** Stops every stream (their partial text is saved) and waits for pending writes. */
  async dispose(): Promise<void> {
    await this.sender.dispose()
    await this.d.store.flush()
  }
}
