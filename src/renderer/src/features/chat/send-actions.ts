/**
 * What Send, Regenerate, Edit-and-resend and Continue do: make sure the conversation exists and its
 * settings are saved, ask the host to start the stream, and register the stream in the live store
 * (the host's deltas may arrive before the invoke answers; the reducer handles either order).
 */
import type { QueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { Attachment, ChatMessage, Conversation, MessagePart } from '@shared/domain/chat'
import { StudioError } from '@shared/error-core'
import { useChatUiStore } from './chat-ui-store'
import { loadMarkdownEngine } from './markdown/engine'
import { chatKeys } from './queries'
import { NEW_CONVERSATION, useDraftStore } from './settings/draft-store'
import { settingsPatch, type Settings } from './settings/settings-model'
import { saveSettingsIfChanged } from './settings/use-settings'
import { dispatchStream } from './stream-store'

export interface SendTarget {
  conversationId: string | null
  /** The validated settings the form shows (the caller refuses to send when they are invalid). */
  settings: Settings
}

/** The conversation to send in: the open one with its settings saved, or a new one created with them. */
async function ensureConversation(queryClient: QueryClient, target: SendTarget): Promise<string> {
  if (target.conversationId) {
    if (!(await saveSettingsIfChanged(queryClient, target.conversationId))) {
      throw new StudioError('INVALID_INPUT', 'The settings of this conversation are not valid')
    }
    return target.conversationId
  }
  const { settings } = target
  const created: Conversation = await studio.chat.createConversation({
    format: settings.params.format,
    model: settings.model
  })
  const patch = settingsPatch({ model: created.model, system: created.system, params: created.params }, settings)
  const conversation = patch ? { ...created, ...patch } : created
  if (patch) await studio.chat.updateConversation({ id: created.id, ...patch })
  queryClient.setQueryData(chatKeys.conversation(created.id), { pages: [conversation], pageParams: [undefined] })
  useDraftStore.getState().drop(NEW_CONVERSATION)
  useChatUiStore.getState().adoptCreated(created.id)
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
  return created.id
}

function afterStart(queryClient: QueryClient, conversationId: string, model: string): void {
  useChatUiStore.getState().setLastModel(model)
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) })
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
}

export interface SendInput {
  text: string
  attachments?: Attachment[]
  /** Replace this user message (and drop what followed it). */
  editOf?: string
  /** Ask again for this assistant message. */
  regenerate?: string
}

/**
 * The markdown engine is a lazy chunk. Loaded while the request travels, it is there for the
 * answer's first delta; loaded by the first render of the answer instead, the answer shows as
 * plain text until it arrives and is then parsed whole in one frame (the first reply after launch).
 */
function prewarmRendering(): void {
  void loadMarkdownEngine().catch(() => {
    // The answer's own render loads it again and shows plain text meanwhile.
  })
}

export async function sendMessage(queryClient: QueryClient, target: SendTarget, input: SendInput): Promise<string> {
  prewarmRendering()
  const conversationId = await ensureConversation(queryClient, target)
  // An edit or a regenerate rewrites history: finished live copies of dropped messages must not linger.
  if (input.editOf || input.regenerate) dispatchStream({ type: 'forget', conversationId })
  const attachments = input.attachments?.length ? input.attachments : undefined
  const started = await studio.chat.send({
    conversationId,
    text: input.text,
    ...(attachments ? { attachments } : {}),
    ...(input.editOf ? { editOf: input.editOf } : {}),
    ...(input.regenerate ? { regenerate: input.regenerate } : {})
  })
  const now = Date.now()
  dispatchStream({
    type: 'started',
    streamId: started.streamId,
    conversationId,
    messageId: started.assistantMessageId,
    now
  })
  if (started.userMessageId) {
    const parts: MessagePart[] = [
      ...(attachments ?? []).map((attachment): MessagePart => ({ type: 'image', attachment })),
      { type: 'text', text: input.text }
    ]
    const message: ChatMessage = { id: started.userMessageId, role: 'user', parts, createdAt: now, status: 'complete' }
    dispatchStream({ type: 'user-sent', conversationId, message, beforeId: started.assistantMessageId })
  }
  afterStart(queryClient, conversationId, target.settings.model)
  return conversationId
}

export interface ToolResultsInput {
  answerId: string
  results: Array<{ part: number; content: string; plain?: boolean }>
  /** The results as the user turn will hold them, shown until the host's copy arrives. */
  shown: MessagePart[]
}

/** Answers the latest answer's tool calls; the model's next answer streams like any other. */
export async function sendToolResults(
  queryClient: QueryClient,
  target: SendTarget,
  input: ToolResultsInput
): Promise<void> {
  prewarmRendering()
  const conversationId = await ensureConversation(queryClient, target)
  const started = await studio.chat.sendToolResults({
    conversationId,
    answerId: input.answerId,
    results: input.results
  })
  const now = Date.now()
  dispatchStream({
    type: 'started',
    streamId: started.streamId,
    conversationId,
    messageId: started.assistantMessageId,
    now
  })
  const message: ChatMessage = {
    id: started.userMessageId,
    role: 'user',
    parts: input.shown,
    createdAt: now,
    status: 'complete'
  }
  dispatchStream({ type: 'user-sent', conversationId, message, beforeId: started.assistantMessageId })
  afterStart(queryClient, conversationId, target.settings.model)
}

/** Legacy completions: continue the document; the answer streams into the editor. */
export async function continueDocument(
  queryClient: QueryClient,
  target: SendTarget,
  document: string
): Promise<{ conversationId: string; messageId: string }> {
  const conversationId = await ensureConversation(queryClient, target)
  const started = await studio.chat.completeText({ conversationId, document })
  dispatchStream({
    type: 'started',
    streamId: started.streamId,
    conversationId,
    messageId: started.assistantMessageId,
    now: Date.now()
  })
  useChatUiStore.getState().setLastModel(target.settings.model)
  return { conversationId, messageId: started.assistantMessageId }
}

export async function stopStream(streamId: string): Promise<void> {
  await studio.chat.stop({ streamId })
}
