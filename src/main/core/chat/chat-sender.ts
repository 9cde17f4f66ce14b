import type { Attachment, ChatMessage } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import type { RecordGeneration } from '../balance/generation-log'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import type { EventHub } from '../ipc/event-hub'
import { checkAttachments, readInline, type AttachmentSource } from './attachments'
import type { StoredConversation } from './conversation-files'
import { autoTitle, newId, planSend } from './conversation-ops'
import type { ConversationStore } from './conversation-store'
import type { GatewayCall } from './formats'
import { messageText } from './parts'
import type { StreamRunner, StreamTiming } from './stream-runner'
import { toolResultsTurn, type ToolResultsInput } from './tool-results'
import { checkDocument, checkModel, checkParams, checkPrompt } from './validate'

export interface SenderDeps {
  store: ConversationStore
  fetch: FetchLike
  /** The active profile's gateway connection (throws KEY_MISSING and the like before any request). */
  connection(): Promise<GatewayConnection>
  files?: AttachmentSource
  emit: EventHub['emit']
  log(line: string): void
  scrub(text: string): string
  timing?: Partial<StreamTiming>
  now(): number
  /** For the generation log: the profile a stream is charged to, read when it starts. */
  activeProfileId?(): Promise<string>
  recordGeneration?: RecordGeneration
}

export interface SendInput {
  conversationId: string
  text: string
  attachments?: Attachment[]
  editOf?: string
  regenerate?: string
}

type Streaming = typeof import('./streaming')

/**
 * Starts answers: validates everything first (nothing is sent on bad input), hands the request to
 * the runner and saves the turn and an empty `streaming` answer alongside it (the runner's saves of
 * the answer wait for that one). One stream per conversation.
 */
export class ChatSender {
  private runner: StreamRunner | null = null
  private loading: Promise<Streaming> | null = null
  /** Conversations between "send accepted" and "stream registered", so a double click sends once. */
  private readonly reserved = new Set<string>()

  constructor(private readonly d: SenderDeps) {}

  private streaming(): Promise<Streaming> {
    this.loading ??= import('./streaming')
    return this.loading
  }

  private async getRunner(): Promise<StreamRunner> {
    const { StreamRunner } = await this.streaming()
    this.runner ??= new StreamRunner(
      this.d.fetch,
      {
        delta: (p) => this.d.emit('chat:stream-delta', p),
        ended: (p) => this.d.emit('chat:stream-ended', p),
        log: this.d.log,
        scrub: this.d.scrub
      },
      this.d.timing
    )
    return this.runner
  }

  streamOf(conversationId: string): string | undefined {
    return this.runner?.streamOf(conversationId)
  }

  stop(streamId: string): void {
    this.runner?.stop(streamId)
  }

  async dispose(): Promise<void> {
    await this.runner?.stopAll()
  }

  private async reserve<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    if (this.reserved.has(conversationId) || this.streamOf(conversationId)) {
      throw new StudioError(
        'CONFLICT',
        'An answer is still streaming in this conversation; stop it or wait for it to finish.',
        { field: 'conversationId' }
      )
    }
    this.reserved.add(conversationId)
    try {
      return await work()
    } finally {
      this.reserved.delete(conversationId)
    }
  }

  send(input: SendInput): Promise<{ streamId: string; userMessageId?: string; assistantMessageId: string }> {
    return this.reserve(input.conversationId, async () => {
      const c = await this.d.store.get(input.conversationId)
      checkModel(c.model)
      const editors = checkParams(c.params)
      const regenerate = input.regenerate !== undefined
      let attachments: Attachment[] = []
      if (!regenerate) {
        checkPrompt(input.text, input.attachments?.length ?? 0)
        attachments = checkAttachments(c.format, input.attachments ?? [], this.d.files)
      }
      const now = this.d.now()
      const plan = planSend(c, input, (id) => ({
        id,
        role: 'user',
        parts: [
          ...(input.text.trim() !== '' ? [{ type: 'text' as const, text: input.text }] : []),
          ...attachments.map((a) => ({ type: 'image' as const, attachment: a }))
        ],
        createdAt: now,
        status: 'complete'
      }))
      const history = plan.user ? [...plan.base, plan.user] : plan.base
      const inline = await readInline(this.d.files, history, attachments)
      const { codecFor } = await this.streaming()
      const conn = await this.d.connection()
      const call = codecFor(c.format).buildRequest({
        model: c.model,
        system: c.system,
        params: c.params,
        editors,
        history,
        inline,
        names: conn.names
      })
      const started = await this.begin(c, history, call, conn, { title: autoTitle(c, plan.user) })
      return { ...started, ...(plan.user ? { userMessageId: plan.user.id } : {}) }
    })
  }

  /** Answers the latest answer's tool calls in one user turn and streams the model's next answer. */
  sendToolResults(
    input: ToolResultsInput
  ): Promise<{ streamId: string; userMessageId: string; assistantMessageId: string }> {
    return this.reserve(input.conversationId, async () => {
      const c = await this.d.store.get(input.conversationId)
      checkModel(c.model)
      const editors = checkParams(c.params)
      const user = toolResultsTurn(c, input, { id: newId('m'), createdAt: this.d.now() })
      const history = [...c.messages, user]
      const { codecFor } = await this.streaming()
      const call = codecFor(c.format).buildRequest({
        model: c.model,
        system: c.system,
        params: c.params,
        editors,
        history,
        inline: new Map()
      })
      const conn = await this.d.connection()
      const started = await this.begin(c, history, call, conn, { title: c.title })
      return { ...started, userMessageId: user.id }
    })
  }

  /** Legacy completions: the document is the prompt and the completion is appended to it in place. */
  completeText(input: {
    conversationId: string
    document: string
  }): Promise<{ streamId: string; assistantMessageId: string }> {
    return this.reserve(input.conversationId, async () => {
      const c = await this.d.store.get(input.conversationId)
      if (c.format !== 'completions') {
        throw new StudioError('INVALID_INPUT', 'Continuing a text works in legacy completions conversations only.', {
          field: 'conversationId'
        })
      }
      checkModel(c.model)
      checkDocument(input.document)
      const editors = checkParams(c.params)
      const { codecFor } = await this.streaming()
      const conn = await this.d.connection()
      const call = codecFor('completions').buildRequest({
        model: c.model,
        system: c.system,
        params: c.params,
        editors,
        history: [],
        inline: new Map(),
        document: input.document,
        names: conn.names
      })
      return this.begin(c, [...c.messages], call, conn, { document: input.document, title: c.title })
    })
  }

  private async begin(
    c: StoredConversation,
    messages: ChatMessage[],
    call: GatewayCall,
    conn: GatewayConnection,
    opts: { document?: string; title: string }
  ): Promise<{ streamId: string; assistantMessageId: string }> {
    const now = this.d.now()
    const assistant: ChatMessage = {
      id: newId('m'),
      role: 'assistant',
      parts: [],
      createdAt: now,
      status: 'streaming',
      model: c.model,
      format: c.format
    }
    const streamId = newId('s')
    const runner = await this.getRunner()
    const { store } = this.d
    const place = (x: StoredConversation, m: ChatMessage) => {
      const at = x.messages.findIndex((y) => y.id === m.id)
      if (at >= 0) x.messages[at] = m
      // The completion is appended to the document it continued, partial text included.
      if (opts.document !== undefined) x.document = opts.document + messageText(m)
    }
    store.markLive(assistant.id, true)
    // Not awaited: nothing may stand between chat:send and the gateway request (R1).
    const chargedTo = this.d.recordGeneration ? this.d.activeProfileId?.().catch(() => null) : undefined
    // R1: nothing but the request between chat:send and the first token. The turn is applied to the
    // conversation at once (readers see it), but its disk write waits until the first delta has gone
    // out (or the stream ended, or `initialSaveDelayMs` passed): the write's file calls measurably
    // delayed a fast gateway's first token. send() still answers only once the turn is saved. The
    // atomic writer orders writes per file, and every later write of this stream waits for this one,
    // so a checkpoint can never be overtaken by it.
    let releaseSave = () => {}
    const firstOutput = new Promise<void>((resolve) => (releaseSave = resolve))
    const saveTimer = setTimeout(releaseSave, runner.timing.initialSaveDelayMs)
    void firstOutput.then(() => clearTimeout(saveTimer))
    const initial = store.update(
      c.id,
      (x) => {
        x.messages = [...messages, assistant]
        x.title = opts.title
        x.updatedAt = now
        if (opts.document !== undefined) x.document = opts.document
      },
      { writeAfter: firstOutput }
    )
    // Observed here so a failure is never an unhandled rejection; send() reports it below.
    const saved = initial.then(
      () => true,
      () => false
    )
    const afterInitial = async () => {
      if (!(await saved)) throw new StudioError('NOT_FOUND', 'The turn was never saved')
    }
    void runner
      .start({
        streamId,
        conversationId: c.id,
        format: c.format,
        call,
        conn,
        message: assistant,
        firstOutput: releaseSave,
        checkpoint: async (m) => {
          await afterInitial()
          await store.update(c.id, (x) => place(x, m), { index: false, message: m.id })
        },
        finish: async (m) => {
          store.markLive(m.id, false)
          // Refused requests (status `error`) cost nothing; anything that streamed may have.
          if (m.status !== 'error')
            void chargedTo?.then(
              (profileId) =>
                profileId &&
                this.d.recordGeneration?.({
                  profileId,
                  kind: 'chat',
                  model: c.model,
                  ok: m.status === 'complete',
                  ...(m.usage ? { tokens: m.usage } : {})
                })
            )
          try {
            await afterInitial()
            await store.update(
              c.id,
              (x) => {
                place(x, m)
                x.updatedAt = this.d.now()
              },
              { message: m.id }
            )
          } catch (e) {
            // Deleted while streaming (or the turn could not be saved): nothing to save the answer into.
            if (e instanceof StudioError && e.code === 'NOT_FOUND') return
            throw e
          }
          this.d.emit('chat:conversations-changed', { ids: [c.id] })
        }
      })
      .catch((e: unknown) => this.d.log(`stream ${streamId} failed unexpectedly: ${this.d.scrub(String(e))}`))
    try {
      await initial
    } catch (e) {
      // The turn is not on disk: take the request back, and report the failure as before.
      releaseSave()
      runner.stop(streamId)
      store.markLive(assistant.id, false)
      throw e
    }
    this.d.emit('chat:conversations-changed', { ids: [c.id] })
    return { streamId, assistantMessageId: assistant.id }
  }
}
