import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import {
  AttachmentSchema,
  ChatFormatSchema,
  ChatMessageSchema,
  ChatParamsSchema,
  ChatPresetSchema,
  ConversationSchema,
  ConversationSummarySchema,
  DOCUMENT_MAX_CHARS,
  MessageStatusSchema,
  PROMPT_MAX_CHARS,
  StreamOpSchema,
  SYSTEM_MAX_CHARS,
  TokenUsageSchema,
  SafetyRatingSchema
} from '../domain/chat'
import { StudioErrorDataSchema } from '../errors'

const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
const Model = z.string().trim().min(1).max(200)

export const chatInvokes = {
  'chat:list-models': {
    doc: 'Model ids from GET /v1beta/models for a profile (the active one by default), without a models/ prefix.',
    input: z.strictObject({ profileId: Id.optional(), refresh: z.boolean().optional() }).optional(),
    output: z.object({ models: z.array(z.string()), fetchedAt: z.number() })
  },
  'chat:list-conversations': {
    doc: 'Conversation summaries, newest first; `query` searches titles and message content.',
    input: z.strictObject({ query: z.string().max(200).optional() }).optional(),
    output: z.object({ conversations: z.array(ConversationSummarySchema) })
  },
  'chat:get-conversation': {
    doc: 'One conversation with its latest messages (at most `limit`); older ones via `beforeIndex`.',
    input: z.strictObject({
      id: Id,
      limit: z.number().int().min(1).max(500).optional(),
      beforeIndex: z.number().int().nonnegative().optional()
    }),
    output: ConversationSchema
  },
  'chat:create-conversation': {
    doc: 'Starts a conversation in a format with a model.',
    input: z.strictObject({
      format: ChatFormatSchema,
      model: Model,
      title: z.string().max(200).optional(),
      presetId: Id.optional()
    }),
    output: ConversationSchema
  },
  'chat:update-conversation': {
    doc: 'Renames it or changes its model, system instruction, parameters or completions document.',
    input: z.strictObject({
      id: Id,
      title: z.string().trim().min(1).max(200).optional(),
      model: Model.optional(),
      system: z.string().max(SYSTEM_MAX_CHARS).optional(),
      params: ChatParamsSchema.optional(),
      document: z.string().max(DOCUMENT_MAX_CHARS).optional()
    }),
    output: ConversationSummarySchema
  },
  'chat:delete-conversation': {
    doc: 'Deletes a conversation.',
    input: z.strictObject({ id: Id }),
    output: z.strictObject({})
  },
  'chat:duplicate-conversation': {
    doc: 'Copies a conversation.',
    input: z.strictObject({ id: Id }),
    output: ConversationSummarySchema
  },
  'chat:branch-conversation': {
    doc: 'A new conversation holding the messages up to and including one message.',
    input: z.strictObject({ id: Id, messageId: Id }),
    output: ConversationSummarySchema
  },
  'chat:send': {
    doc: 'Sends a user message (or, with `editOf`, replaces one and drops what followed; with `regenerate`, asks again) and starts streaming the answer.',
    input: z.strictObject({
      conversationId: Id,
      text: z.string().max(PROMPT_MAX_CHARS),
      attachments: z.array(AttachmentSchema).max(10).optional(),
      editOf: Id.optional(),
      regenerate: Id.optional()
    }),
    output: z.object({ streamId: z.string(), userMessageId: z.string().optional(), assistantMessageId: z.string() })
  },
  'chat:send-tool-results': {
    doc: 'Answers every tool call of the latest answer (by part index) in one user turn and starts streaming the next answer.',
    input: z.strictObject({
      conversationId: Id,
      answerId: Id,
      results: z
        .array(
          z.strictObject({
            part: z.number().int().min(0).max(10_000),
            content: z.string().max(PROMPT_MAX_CHARS),
            plain: z.boolean().optional()
          })
        )
        .min(1)
        .max(64)
    }),
    output: z.object({ streamId: z.string(), userMessageId: z.string(), assistantMessageId: z.string() })
  },
  'chat:complete-text': {
    doc: 'Legacy completions: sends the document as the prompt and appends the completion to it in place.',
    input: z.strictObject({ conversationId: Id, document: z.string().min(1).max(DOCUMENT_MAX_CHARS) }),
    output: z.object({ streamId: z.string(), assistantMessageId: z.string() })
  },
  'chat:stop': {
    doc: 'Stops a stream; what arrived is kept, marked cancelled.',
    input: z.strictObject({ streamId: z.string().min(1).max(64) }),
    output: z.strictObject({})
  },
  'chat:export-conversation': {
    doc: 'The conversation as Markdown or JSON text with a suggested file name.',
    input: z.strictObject({ id: Id, as: z.enum(['markdown', 'json']) }),
    output: z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() })
  },
  'chat:list-presets': {
    doc: 'Saved parameter presets.',
    input: z.undefined(),
    output: z.object({ presets: z.array(ChatPresetSchema) })
  },
  'chat:save-preset': {
    doc: 'Saves (or replaces, by name) a preset of format, parameters and system instruction.',
    input: z.strictObject({
      name: z.string().trim().min(1).max(80),
      system: z.string().max(SYSTEM_MAX_CHARS),
      params: ChatParamsSchema,
      model: Model.optional()
    }),
    output: ChatPresetSchema
  },
  'chat:delete-preset': { doc: 'Deletes a preset.', input: z.strictObject({ id: Id }), output: z.strictObject({}) }
} satisfies Record<string, InvokeSpec>

export const chatEvents = {
  /** Text appended to the streaming assistant message, merged by the host over ~16 ms. */
  'chat:stream-delta': z.object({
    streamId: z.string(),
    conversationId: z.string(),
    messageId: z.string(),
    seq: z.number().int(),
    ops: z.array(StreamOpSchema),
    usage: TokenUsageSchema.optional(),
    finishReason: z.string().optional(),
    safetyRatings: z.array(SafetyRatingSchema).optional()
  }),
  /** Exactly one per stream: the final message as saved. */
  'chat:stream-ended': z.object({
    streamId: z.string(),
    conversationId: z.string(),
    messageId: z.string(),
    status: MessageStatusSchema,
    message: ChatMessageSchema,
    error: StudioErrorDataSchema.optional()
  }),
  'chat:conversations-changed': z.object({ ids: z.array(z.string()) })
}
