import { z } from 'zod'

/**
 * The prompt library: every prompt sent (history) and the prompts a user saved with a name and tags.
 * Limits are the studio's own (the longest prompt any area accepts is the chat's).
 */
export const PROMPT_TEXT_MAX = 100_000
export const PROMPT_NAME_MAX = 120
export const PROMPT_TAG_MAX = 40
export const PROMPT_TAGS_MAX = 20
/** Saved prompts in one import file; a year of heavy use is far below it. */
export const PROMPT_IMPORT_MAX = 10_000
/** Bytes of an import file the host reads. */
export const PROMPT_IMPORT_BYTES = 20 * 1024 * 1024

export const PROMPT_AREAS = ['chat', 'images', 'video'] as const
export type PromptArea = (typeof PROMPT_AREAS)[number]

/** How the prompt was sent, finer than its area (an image edit, a video remix). */
export const PROMPT_KINDS = [
  'chat',
  'image-generate',
  'image-native',
  'image-edit',
  'video-create',
  'video-remix'
] as const
export type PromptKind = (typeof PROMPT_KINDS)[number]

export const PromptIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)

/** A result a history entry links to: gallery images, a video task, a conversation. */
export const PromptResultSchema = z.object({
  kind: z.enum(['image', 'video', 'conversation']),
  /** Gallery item id, the studio's video task id, or the conversation id. */
  id: z.string(),
  /** A host media URL to show as a thumbnail (images; a video's poster or file), when there is one. */
  thumbUrl: z.string().optional(),
  /** A video's file, shown muted at its first frame when there is no poster. */
  videoUrl: z.string().optional()
})
export type PromptResult = z.infer<typeof PromptResultSchema>

export const PromptHistoryEntrySchema = z.object({
  id: z.string(),
  area: z.enum(PROMPT_AREAS),
  kind: z.enum(PROMPT_KINDS),
  model: z.string(),
  text: z.string(),
  at: z.number(),
  results: z.array(PromptResultSchema)
})
export type PromptHistoryEntry = z.infer<typeof PromptHistoryEntrySchema>

/** Keyset cursor of the history: the last entry seen (its time and id). */
export const HistoryCursorSchema = z.strictObject({ at: z.number(), id: PromptIdSchema })
export type HistoryCursor = z.infer<typeof HistoryCursorSchema>

const Tag = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(PROMPT_TAG_MAX, `A tag is at most ${PROMPT_TAG_MAX} characters`)
  .regex(/^[^,\p{Cc}]+$/u, 'A tag has no commas or control characters')
export const PromptTagsSchema = z.array(Tag).max(PROMPT_TAGS_MAX, `At most ${PROMPT_TAGS_MAX} tags`)

export const PromptNameSchema = z
  .string()
  .trim()
  .min(1, 'A name is required')
  .max(PROMPT_NAME_MAX, `A name is at most ${PROMPT_NAME_MAX} characters`)
export const PromptTextSchema = z
  .string()
  .refine((s) => s.trim().length > 0, 'The prompt is empty')
  .pipe(z.string().max(PROMPT_TEXT_MAX, `A prompt is at most ${PROMPT_TEXT_MAX} characters`))

export const SavedPromptSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number()
})
export type SavedPrompt = z.infer<typeof SavedPromptSchema>

export const SavePromptInputSchema = z.strictObject({
  /** Absent: a new saved prompt; present: that one is changed. */
  id: PromptIdSchema.optional(),
  name: PromptNameSchema,
  text: PromptTextSchema,
  tags: PromptTagsSchema.default([])
})
export type SavePromptInput = z.input<typeof SavePromptInputSchema>

/** Tags as stored and compared: trimmed, case kept, duplicates (ignoring case) dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of tags) {
    const t = raw.trim()
    const k = t.toLowerCase()
    if (!t || seen.has(k)) continue
    seen.add(k)
    out.push(t)
  }
  return out
}

/** Tags typed as one line, "portrait, moody light" -> ['portrait', 'moody light']. */
export function parseTagLine(line: string): string[] {
  return normalizeTags(line.split(','))
}

export const PROMPTS_FILE_FORMAT = 'generation-studio.prompts'

/** The export file: what import reads back. */
export const PromptsFileSchema = z.strictObject({
  format: z.literal(PROMPTS_FILE_FORMAT, {
    error: `Not a prompts file (its "format" must be "${PROMPTS_FILE_FORMAT}")`
  }),
  version: z.literal(1, { error: 'Only version 1 of the prompts file is known' }),
  exportedAt: z.number().optional(),
  prompts: z
    .array(
      z.strictObject({
        name: PromptNameSchema,
        text: PromptTextSchema,
        tags: PromptTagsSchema.default([]),
        createdAt: z.number().optional(),
        updatedAt: z.number().optional()
      })
    )
    .max(PROMPT_IMPORT_MAX, `At most ${PROMPT_IMPORT_MAX} prompts in one file`)
})
export type PromptsFile = z.infer<typeof PromptsFileSchema>

export interface PromptFileProblem {
  /** Where in the file, e.g. `prompts.3.name`; empty for the file as a whole. */
  field: string
  message: string
}

/** Reads an export file's text: the prompts, or every problem at its place (nothing is taken then). */
export function parsePromptsFile(
  text: string
): { ok: true; file: PromptsFile } | { ok: false; problems: PromptFileProblem[] } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return {
      ok: false,
      problems: [{ field: '', message: `The file is not JSON (${e instanceof Error ? e.message : String(e)})` }]
    }
  }
  const r = PromptsFileSchema.safeParse(json)
  if (r.success) return { ok: true, file: r.data }
  return {
    ok: false,
    problems: r.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }))
  }
}
