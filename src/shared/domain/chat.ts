import { z } from 'zod'
import { StudioErrorDataSchema } from '../errors'
import { CHAT_FORMATS, SAFETY_CATEGORIES, SAFETY_THRESHOLDS } from './chat-limits'

// The constants live in the zod-free chat-limits.ts (the renderer imports them from there, T1).
export * from './chat-limits'

/**
 * Chat in the gateway's text formats. `chat` is the general route (`/v1/chat/completions`), the
 * default for new conversations; `content` the native content/parts format (`/v1beta/models`),
 * `messages` the native messages format (`/v1/messages`), `completions` legacy completions.
 */
export const ChatFormatSchema = z.enum(CHAT_FORMATS)
export type ChatFormat = z.infer<typeof ChatFormatSchema>

/** JSON typed by the user in an editor (tools, schemas): kept as text, validated by the host before sending. */
const JsonText = z.string().max(200_000)
const StopList = z.array(z.string().min(1).max(200)).max(16)

/** Content/parts format: the spec's generationConfig, safetySettings, tools, toolConfig, cachedContent. */
export const ContentParamsSchema = z.strictObject({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(1).max(1000).optional(),
  maxOutputTokens: z.number().int().min(1).max(1_000_000).optional(),
  stopSequences: StopList.optional(),
  responseMimeType: z.string().max(100).optional(),
  responseSchema: JsonText.optional(),
  thinkingConfig: z
    .strictObject({
      thinkingBudget: z.number().int().min(-1).max(1_000_000).optional(),
      includeThoughts: z.boolean().optional()
    })
    .optional(),
  safetySettings: z
    .array(z.strictObject({ category: z.enum(SAFETY_CATEGORIES), threshold: z.enum(SAFETY_THRESHOLDS) }))
    .max(4)
    .optional(),
  tools: JsonText.optional(),
  toolConfig: JsonText.optional(),
  cachedContent: z.string().max(500).optional()
})

/** Messages format: max_tokens is always sent (default shown in the form). */
export const MessagesParamsSchema = z.strictObject({
  max_tokens: z.number().int().min(1).max(1_000_000),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(1).max(1000).optional(),
  stop_sequences: StopList.optional(),
  tools: JsonText.optional(),
  tool_choice: JsonText.optional(),
  thinking: z
    .strictObject({ enabled: z.boolean(), budget_tokens: z.number().int().min(1024).max(1_000_000) })
    .optional(),
  user_id: z.string().max(256).optional()
})

export const CompletionsParamsSchema = z.strictObject({
  max_tokens: z.number().int().min(1).max(1_000_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  stop: StopList.max(4).optional()
})

export const GeneralChatParamsSchema = z.strictObject({
  max_tokens: z.number().int().min(1).max(1_000_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  stop: StopList.max(4).optional(),
  tools: JsonText.optional()
})

/** Each format's parameters; `satisfies` makes a new format in CHAT_FORMATS name its own. */
const PARAMS_OF_FORMAT = {
  chat: GeneralChatParamsSchema,
  content: ContentParamsSchema,
  messages: MessagesParamsSchema,
  completions: CompletionsParamsSchema
} satisfies Record<ChatFormat, z.ZodType>

const paramsFor = <F extends ChatFormat>(format: F) =>
  z.strictObject({ format: z.literal(format), params: PARAMS_OF_FORMAT[format] })

export const ChatParamsSchema = z.discriminatedUnion('format', [
  paramsFor('chat'),
  paramsFor('content'),
  paramsFor('messages'),
  paramsFor('completions')
])
export type ChatParams = z.infer<typeof ChatParamsSchema>

/** An image attached to a user message: a granted local file (sent inline) or a URL. */
export const AttachmentSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('file'),
    fileId: z.string().min(1).max(64),
    name: z.string().max(255),
    mimeType: z.string().max(100),
    bytes: z.number().int().nonnegative()
  }),
  z.strictObject({ kind: z.literal('url'), url: z.string().url().max(4096), mimeType: z.string().max(100).optional() })
])
export type Attachment = z.infer<typeof AttachmentSchema>

export const MessagePartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('thinking'), text: z.string(), signature: z.string().optional() }),
  /** A function call (content format) or tool use (messages format); `input` is the JSON text as streamed. */
  z.object({ type: z.literal('tool_call'), id: z.string().optional(), name: z.string(), input: z.string() }),
  /**
   * The user's answer to one tool call, in a user message that follows the call. `id` and `name` are
   * the call's; `content` is JSON text (a plain-text result is kept as a JSON string).
   */
  z.object({ type: z.literal('tool_result'), id: z.string().optional(), name: z.string(), content: z.string() }),
  z.object({ type: z.literal('image'), attachment: AttachmentSchema, mediaId: z.string().optional() })
])
export type MessagePart = z.infer<typeof MessagePartSchema>

export const MessageStatusSchema = z.enum(['complete', 'streaming', 'incomplete', 'error', 'cancelled'])
export type MessageStatus = z.infer<typeof MessageStatusSchema>

export const TokenUsageSchema = z.object({
  input: z.number().optional(),
  output: z.number().optional(),
  total: z.number().optional()
})
export const SafetyRatingSchema = z.object({
  category: z.string(),
  probability: z.string(),
  blocked: z.boolean().optional()
})

export const ChatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  parts: z.array(MessagePartSchema),
  createdAt: z.number(),
  status: MessageStatusSchema,
  model: z.string().optional(),
  format: ChatFormatSchema.optional(),
  usage: TokenUsageSchema.optional(),
  /** finishReason (content), stop_reason (messages) or finish_reason (completions, chat), verbatim. */
  finishReason: z.string().optional(),
  safetyRatings: z.array(SafetyRatingSchema).optional(),
  error: StudioErrorDataSchema.optional()
})
export type ChatMessage = z.infer<typeof ChatMessageSchema>

export const ConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  format: ChatFormatSchema,
  model: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  /** First characters of the last message, for the list. */
  preview: z.string(),
  /** Set when the search matched message content rather than the title. */
  match: z.string().optional(),
  /** The matched runs in `match`, as [start, end) character offsets, for the list to mark. */
  matchMarks: z
    .array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]))
    .max(64)
    .optional()
})
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>

export const ConversationSchema = ConversationSummarySchema.omit({
  messageCount: true,
  preview: true,
  match: true,
  matchMarks: true
}).extend({
  system: z.string(),
  params: ChatParamsSchema,
  /** The legacy-completions document ("continue the text"); completions are appended to it in place. */
  document: z.string(),
  messages: z.array(ChatMessageSchema),
  /** When a window of messages is returned, how many come before it. */
  messagesBefore: z.number().int().nonnegative(),
  parentId: z.string().optional()
})
export type Conversation = z.infer<typeof ConversationSchema>

export const ChatPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  system: z.string(),
  params: ChatParamsSchema,
  model: z.string().optional()
})
export type ChatPreset = z.infer<typeof ChatPresetSchema>

/** Stream events: appended text per part, merged by the host in ~16 ms windows. */
export const StreamOpSchema = z.object({
  /** Index of the part in the assistant message; a new index starts a new part. */
  part: z.number().int().nonnegative(),
  type: z.enum(['text', 'thinking', 'tool_call']),
  append: z.string(),
  name: z.string().optional(),
  id: z.string().optional()
})
export type StreamOp = z.infer<typeof StreamOpSchema>

/** The list entry of a conversation, with the preview its keeper computes (the host's store, or a test fake). */
export function summaryWith(
  c: Pick<Conversation, 'id' | 'title' | 'format' | 'model' | 'createdAt' | 'updatedAt' | 'messages'>,
  preview: string
): Omit<ConversationSummary, 'match' | 'matchMarks'> {
  return {
    id: c.id,
    title: c.title,
    format: c.format,
    model: c.model,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    messageCount: c.messages.length,
    preview
  }
}
