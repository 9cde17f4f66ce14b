import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import {
  HistoryCursorSchema,
  PROMPT_AREAS,
  PROMPT_IMPORT_BYTES,
  PROMPT_TAG_MAX,
  PromptHistoryEntrySchema,
  PromptIdSchema,
  SavedPromptSchema,
  SavePromptInputSchema
} from '../domain/prompts'

const Query = z.string().max(200)

export const promptsInvokes = {
  'prompts:history': {
    doc: 'Prompts sent in every area, newest first, with their results; searched by text or model; paged by `before` (the last entry seen).',
    input: z
      .strictObject({
        query: Query.optional(),
        area: z.enum(PROMPT_AREAS).optional(),
        before: HistoryCursorSchema.optional(),
        limit: z.number().int().min(1).max(200).optional()
      })
      .optional(),
    output: z.object({ entries: z.array(PromptHistoryEntrySchema), next: HistoryCursorSchema.nullable() })
  },
  'prompts:delete-history': {
    doc: 'Removes one entry from the prompt history (its results stay where they are).',
    input: z.strictObject({ id: PromptIdSchema }),
    output: z.strictObject({})
  },
  'prompts:list-saved': {
    doc: 'Saved prompts: most recently changed first, or ranked by a search (name, then tags, then text); paged by offset.',
    input: z
      .strictObject({
        query: Query.optional(),
        tag: z.string().max(PROMPT_TAG_MAX).optional(),
        offset: z.number().int().min(0).max(1_000_000).optional(),
        limit: z.number().int().min(1).max(200).optional()
      })
      .optional(),
    output: z.object({ prompts: z.array(SavedPromptSchema), total: z.number().int() })
  },
  'prompts:save': {
    doc: 'Saves a prompt with a name and tags, or changes one saved before (`id`).',
    input: SavePromptInputSchema,
    output: SavedPromptSchema
  },
  'prompts:delete': {
    doc: 'Deletes a saved prompt.',
    input: z.strictObject({ id: PromptIdSchema }),
    output: z.strictObject({})
  },
  'prompts:export': {
    doc: 'Every saved prompt as a JSON file (the page offers it as a download).',
    input: z.undefined(),
    output: z.object({ fileName: z.string(), text: z.string() })
  },
  'prompts:import': {
    doc: 'Reads a prompts file (JSON text); every bad field is reported at its path and nothing changes then; prompts already saved are merged, not doubled.',
    input: z.strictObject({ text: z.string().max(PROMPT_IMPORT_BYTES) }),
    output: z.object({ added: z.number().int(), merged: z.number().int() })
  }
} satisfies Record<string, InvokeSpec>

export const promptsEvents = {
  'prompts:changed': z.object({ what: z.enum(['history', 'saved']) })
}
