/**
 * The chat half of the fake host: conversations, presets and models in memory, plus helpers a test
 * uses to play the host's part of a stream (deltas, then exactly one end). Stored messages follow
 * the stream, so a refetch mid-stream or after it returns what the real host would have saved.
 */
import type { InvokeChannel } from '@shared/contract'
import {
  summaryWith,
  type ChatFormat,
  type ChatMessage,
  type ChatParams,
  type ChatPreset,
  type Conversation,
  type ConversationSummary,
  type MessageStatus,
  type StreamOp
} from '@shared/domain/chat'
import type { CompareRunOf } from '@shared/domain/compare'
import { StudioError, type StudioErrorData } from '@shared/errors'
import type { FakeHandler } from './fake-host'

type ChatChannel = Extract<InvokeChannel, `chat:${string}`>
type ChatHandlers = { [C in ChatChannel]: FakeHandler<C> }
type Emit = (event: 'chat:stream-delta' | 'chat:stream-ended' | 'chat:conversations-changed', payload: never) => void

export interface FakeStream {
  streamId: string
  conversationId: string
  messageId: string
}

export function defaultParamsOf(format: ChatFormat): ChatParams {
  return format === 'messages' ? { format, params: { max_tokens: 4096 } } : ({ format, params: {} } as ChatParams)
}

const textPart = (text: string) => ({ type: 'text' as const, text })

export class FakeChat {
  conversations: Conversation[] = []
  presets: ChatPreset[] = []
  models = ['model-alpha', 'model-beta']
  readonly streams: FakeStream[] = []
  /** Every chat:send-tool-results input, in order. */
  /** Answer searches with the matched run marked, as the host's full-text search does. */
  markMatches = false
  /** Open compare runs, newest first. */
  compares: CompareRunOf<'chat'>[] = []
  /** Models whose answer cannot start in a compare (as a gateway refusing one column). */
  readonly refusedModels = new Set<string>()
  readonly toolResultsSent: Array<{
    conversationId: string
    answerId: string
    results: Array<{ part: number; content: string; plain?: boolean }>
  }> = []
  private seq = 0
  private clock = Date.UTC(2026, 0, 5, 9, 0, 0)

  constructor(private readonly emitEvent: Emit) {}

  private id(prefix: string): string {
    this.seq += 1
    return `${prefix}${this.seq}`
  }
  private now(): number {
    this.clock += 1000
    return this.clock
  }
  private find(id: string): Conversation {
    const c = this.conversations.find((x) => x.id === id)
    if (!c) throw new StudioError('NOT_FOUND', `No conversation ${id}`)
    return c
  }
  private summary(c: Conversation, match?: string, q = ''): ConversationSummary {
    const last = c.messages[c.messages.length - 1]
    const preview = last
      ? last.parts
          .map((p) => (p.type === 'text' ? p.text : ''))
          .join('')
          .slice(0, 80)
      : ''
    const at = match && this.markMatches ? match.toLowerCase().indexOf(q) : -1
    return {
      ...summaryWith(c, preview),
      ...(match ? { match } : {}),
      ...(at >= 0 ? { matchMarks: [[at, at + q.length] as [number, number]] } : {})
    }
  }

  /** Adds a conversation directly (test setup). */
  add(partial: Partial<Conversation> & { messages?: ChatMessage[] } = {}): Conversation {
    const format = partial.format ?? partial.params?.format ?? 'chat'
    const at = this.now()
    const c: Conversation = {
      title: 'Untitled',
      format,
      model: 'model-alpha',
      createdAt: at,
      updatedAt: at,
      system: '',
      params: defaultParamsOf(format),
      document: '',
      messages: [],
      messagesBefore: 0,
      ...partial,
      id: partial.id ?? this.id('c')
    }
    this.conversations.unshift(c)
    return c
  }

  /** The stream the last send/complete-text started. */
  lastStream(): FakeStream {
    const s = this.streams[this.streams.length - 1]
    if (!s) throw new Error('No stream was started')
    return s
  }

  /** Completions are not in the message list; their text is kept per stream until the end. */
  private readonly completionParts = new Map<string, ChatMessage>()

  private stored(stream: FakeStream): ChatMessage | undefined {
    const inList = this.conversations
      .find((c) => c.id === stream.conversationId)
      ?.messages.find((m) => m.id === stream.messageId)
    return inList ?? this.completionParts.get(stream.streamId)
  }

  delta(
    stream: FakeStream,
    seq: number,
    ops: StreamOp[],
    extra: { usage?: ChatMessage['usage']; finishReason?: string } = {}
  ): void {
    const saved = this.stored(stream)
    if (saved) {
      for (const op of ops) {
        const part = saved.parts[op.part]
        if (!part)
          saved.parts[op.part] =
            op.type === 'tool_call'
              ? { type: 'tool_call', name: op.name ?? '', input: op.append }
              : { type: op.type, text: op.append }
        else if (part.type === 'tool_call') part.input += op.append
        else if (part.type === 'text' || part.type === 'thinking') part.text += op.append
      }
    }
    this.emitEvent('chat:stream-delta', { ...stream, seq, ops, ...extra } as never)
  }

  /** Ends a stream the way the host does: the saved message, its status, and for completions the document grows. */
  end(
    stream: FakeStream,
    status: MessageStatus,
    opts: { text?: string; error?: StudioErrorData; finishReason?: string; usage?: ChatMessage['usage'] } = {}
  ): ChatMessage {
    const conversation = this.find(stream.conversationId)
    const saved = this.stored(stream)
    const parts = opts.text !== undefined ? [textPart(opts.text)] : (saved?.parts ?? [])
    const message: ChatMessage = {
      id: stream.messageId,
      role: 'assistant',
      parts,
      createdAt: saved?.createdAt ?? this.now(),
      status,
      model: conversation.model,
      ...(opts.finishReason ? { finishReason: opts.finishReason } : {}),
      ...(opts.usage ? { usage: opts.usage } : {}),
      ...(opts.error ? { error: opts.error } : {})
    }
    if (saved) Object.assign(saved, message)
    if (conversation.format === 'completions' && status !== 'error')
      conversation.document += parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
    this.emitEvent('chat:stream-ended', {
      ...stream,
      status,
      message,
      ...(opts.error ? { error: opts.error } : {})
    } as never)
    return message
  }

  private startStream(
    c: Conversation,
    userMessageId?: string
  ): { streamId: string; assistantMessageId: string; userMessageId?: string } {
    const stream = { streamId: this.id('s'), conversationId: c.id, messageId: this.id('a') }
    this.streams.push(stream)
    const placeholder: ChatMessage = {
      id: stream.messageId,
      role: 'assistant',
      parts: [],
      createdAt: this.now(),
      status: 'streaming',
      model: c.model
    }
    if (c.format === 'completions') this.completionParts.set(stream.streamId, placeholder)
    else c.messages.push(placeholder)
    c.updatedAt = this.now()
    return {
      streamId: stream.streamId,
      assistantMessageId: stream.messageId,
      ...(userMessageId ? { userMessageId } : {})
    }
  }

  handlers(): ChatHandlers {
    return {
      'chat:list-models': () => ({ models: this.models, fetchedAt: this.clock }),
      'chat:list-conversations': (input) => {
        const q = input?.query?.toLowerCase() ?? ''
        const sorted = [...this.conversations].sort((a, b) => b.updatedAt - a.updatedAt)
        if (!q) return { conversations: sorted.map((c) => this.summary(c)) }
        return {
          conversations: sorted.flatMap((c) => {
            if (c.title.toLowerCase().includes(q)) return [this.summary(c)]
            const hit = c.messages
              .flatMap((m) => m.parts)
              .find((p) => p.type === 'text' && p.text.toLowerCase().includes(q))
            return hit && hit.type === 'text' ? [this.summary(c, hit.text.slice(0, 60), q)] : []
          })
        }
      },
      'chat:get-conversation': ({ id, limit, beforeIndex }) => {
        const c = this.find(id)
        const end = beforeIndex ?? c.messages.length
        const start = Math.max(0, end - (limit ?? end))
        return {
          ...c,
          messages: c.messages.slice(start, end).map((m) => ({ ...m, parts: m.parts.map((p) => ({ ...p })) })),
          messagesBefore: start
        }
      },
      'chat:create-conversation': ({ format, model, title }) =>
        this.add({ format, model, title: title ?? '', params: defaultParamsOf(format) }),
      'chat:update-conversation': (input) => {
        const c = this.find(input.id)
        if (input.title !== undefined) c.title = input.title
        if (input.model !== undefined) c.model = input.model
        if (input.system !== undefined) c.system = input.system
        if (input.document !== undefined) c.document = input.document
        // As the host: a conversation keeps the format it started with.
        if (input.params !== undefined && input.params.format !== c.format)
          throw new StudioError(
            'INVALID_INPUT',
            `These parameters are for the ${input.params.format} format, but this conversation uses ${c.format}.`,
            { field: 'params' }
          )
        if (input.params !== undefined) c.params = input.params
        return this.summary(c)
      },
      'chat:delete-conversation': ({ id }) => {
        this.find(id)
        this.conversations = this.conversations.filter((c) => c.id !== id)
        return {}
      },
      'chat:duplicate-conversation': ({ id }) => {
        const { id: _original, ...copy } = structuredClone(this.find(id))
        return this.summary(this.add({ ...copy, title: `${copy.title} (copy)` }))
      },
      'chat:branch-conversation': ({ id, messageId }) => {
        const { id: _original, ...copy } = structuredClone(this.find(id))
        const upTo = copy.messages.findIndex((m) => m.id === messageId)
        if (upTo < 0) throw new StudioError('NOT_FOUND', `No message ${messageId}`)
        return this.summary(
          this.add({ ...copy, title: `${copy.title} (branch)`, messages: copy.messages.slice(0, upTo + 1) })
        )
      },
      'chat:send': ({ conversationId, text, attachments, editOf, regenerate }) => {
        const c = this.find(conversationId)
        if (regenerate) {
          const at = c.messages.findIndex((m) => m.id === regenerate)
          c.messages = c.messages.slice(0, Math.max(0, at))
          return this.startStream(c)
        }
        const parts = [
          ...(attachments ?? []).map((attachment) => ({ type: 'image' as const, attachment })),
          textPart(text)
        ]
        if (editOf)
          c.messages = c.messages.slice(
            0,
            Math.max(
              0,
              c.messages.findIndex((m) => m.id === editOf)
            )
          )
        const user: ChatMessage = { id: this.id('u'), role: 'user', parts, createdAt: this.now(), status: 'complete' }
        c.messages.push(user)
        if (!c.title) c.title = text.slice(0, 40)
        return this.startStream(c, user.id)
      },
      'chat:send-tool-results': (input) => {
        this.toolResultsSent.push(input)
        const c = this.find(input.conversationId)
        const answer = c.messages.find((m) => m.id === input.answerId)
        if (!answer) throw new StudioError('NOT_FOUND', `No message ${input.answerId}`)
        const parts = input.results.map((r) => {
          const call = answer.parts[r.part]
          const name = call?.type === 'tool_call' ? call.name : '?'
          return {
            type: 'tool_result' as const,
            ...(call?.type === 'tool_call' && call.id ? { id: call.id } : {}),
            name,
            content: r.plain ? JSON.stringify(r.content) : r.content
          }
        })
        const user: ChatMessage = { id: this.id('u'), role: 'user', parts, createdAt: this.now(), status: 'complete' }
        c.messages.push(user)
        const started = this.startStream(c, user.id)
        return { ...started, userMessageId: user.id }
      },
      'chat:complete-text': ({ conversationId, document }) => {
        const c = this.find(conversationId)
        c.document = document
        return this.startStream(c)
      },
      'chat:stop': () => ({}),
      'chat:export-conversation': ({ id, as }) => {
        const c = this.find(id)
        return as === 'json'
          ? { fileName: `${c.title}.json`, mimeType: 'application/json', content: JSON.stringify(c) }
          : { fileName: `${c.title}.md`, mimeType: 'text/markdown', content: `# ${c.title}\n` }
      },
      'chat:list-presets': () => ({ presets: this.presets }),
      'chat:save-preset': (input) => {
        const preset: ChatPreset = { id: this.id('p'), ...input }
        this.presets = [...this.presets.filter((p) => p.name !== input.name), preset]
        return preset
      },
      'chat:delete-preset': ({ id }) => {
        this.presets = this.presets.filter((p) => p.id !== id)
        return {}
      },
      'chat:start-compare': ({ format, models, text, system, params }) => {
        const columns = models.map((model) => ({
          conversationId: this.add({ format, model, title: '', system, params }).id,
          model
        }))
        const compare: CompareRunOf<'chat'> = {
          id: this.id('cmp'),
          area: 'chat',
          createdAt: this.now(),
          format,
          prompt: text,
          columns
        }
        this.compares.unshift(compare)
        const started = columns.map(({ conversationId, model }) => {
          if (this.refusedModels.has(model))
            return {
              conversationId,
              error: {
                code: 'MODEL_UNAVAILABLE' as const,
                message: `No available channel for model ${model}`,
                retryable: false
              }
            }
          const c = this.find(conversationId)
          if (format === 'completions') return { conversationId, ...this.startStream(c) }
          const user: ChatMessage = {
            id: this.id('u'),
            role: 'user',
            parts: [textPart(text)],
            createdAt: this.now(),
            status: 'complete'
          }
          c.messages.push(user)
          c.title = text.slice(0, 40)
          return { conversationId, ...this.startStream(c, user.id) }
        })
        return { compare, started }
      },
      'chat:list-compares': () => ({
        compares: this.compares.map((r) => ({
          ...r,
          columns: r.columns.filter((col) => this.conversations.some((c) => c.id === col.conversationId))
        }))
      }),
      'chat:settle-compare': ({ id, keep, discardOthers }) => {
        const run = this.compares.find((r) => r.id === id)
        if (!run) throw new StudioError('NOT_FOUND', 'This comparison is no longer open.')
        if (discardOthers)
          this.conversations = this.conversations.filter(
            (c) => c.id === keep || !run.columns.some((col) => col.conversationId === c.id)
          )
        this.compares = this.compares.filter((r) => r.id !== id)
        return {}
      }
    }
  }
}
