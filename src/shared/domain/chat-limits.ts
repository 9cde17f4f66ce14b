/**
 * Chat constants without zod: the renderer imports these (not chat.ts, which builds the schemas at
 * module load) so zod stays off its start-up path (T1). chat.ts re-exports everything here.
 */

/** The gateway's text formats; chat.ts's ChatFormatSchema is z.enum(CHAT_FORMATS). */
export const CHAT_FORMATS = ['chat', 'content', 'messages', 'completions'] as const

export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT'
] as const
export const SAFETY_THRESHOLDS = [
  'BLOCK_NONE',
  'BLOCK_ONLY_HIGH',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_LOW_AND_ABOVE'
] as const

/** max_tokens is required by the messages format; this is what a new conversation starts with. */
export const MESSAGES_DEFAULT_MAX_TOKENS = 4096

export const PROMPT_MAX_CHARS = 200_000
export const SYSTEM_MAX_CHARS = 100_000
export const DOCUMENT_MAX_CHARS = 400_000
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024
export const ATTACHMENT_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
