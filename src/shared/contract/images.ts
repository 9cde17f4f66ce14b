import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { GalleryMonthSchema, GalleryPageCursorSchema, MAX_MONTHS } from '../domain/gallery-timeline'
import {
  EditRequestSchema,
  GalleryFilterSchema,
  GalleryItemSchema,
  GallerySearchCursorSchema,
  GallerySearchPageSchema,
  GenerateRequestSchema,
  ImageJobSchema,
  NativeTaskRequestSchema
} from '../domain/images'

const ItemId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)

export const imagesInvokes = {
  'images:generate': {
    doc: 'Starts POST /v1/images/generations in either family; progress and the result arrive as images:job-updated.',
    input: GenerateRequestSchema,
    output: ImageJobSchema
  },
  'images:submit-native': {
    doc: 'Submits the native async image task and follows it to its images.',
    input: NativeTaskRequestSchema,
    output: ImageJobSchema
  },
  'images:edit': {
    doc: 'Starts POST /v1/images/edits (multipart built in the host) with the source image and the painted mask.',
    input: EditRequestSchema,
    output: ImageJobSchema
  },
  'images:more-like-this': {
    doc: "Queues the request that made a gallery image again, `count` times (a fresh seed where the body family takes one), each variation its own item of the active profile's queue (under its cap, pause and spending limits); `jobIds` are the jobs they become, in order. Their items share a group id (`params.variationGroup`) and name the image they vary (`params.variationOf`).",
    input: z.strictObject({ id: ItemId, count: z.number().int().min(1).max(8) }),
    output: z.object({ groupId: z.string(), jobIds: z.array(z.string()) })
  },
  'images:list-jobs': {
    doc: 'Recent and running jobs.',
    input: z.undefined(),
    output: z.object({ jobs: z.array(ImageJobSchema) })
  },
  'images:list-gallery': {
    doc: 'Gallery items, newest first, filtered; a page starts at the newest item, before `before` (a date, exclusive), at `from` (a date, inclusive: a month the timeline jumped to), or next to a loaded item (`cursor`, toward older or newer ones); `older`/`newer` say whether more items lie past the page either way.',
    input: z
      .strictObject({
        filter: GalleryFilterSchema.optional(),
        before: z.number().optional(),
        from: z.number().optional(),
        cursor: GalleryPageCursorSchema.optional(),
        limit: z.number().int().min(1).max(500).optional()
      })
      .optional(),
    output: z.object({
      items: z.array(GalleryItemSchema),
      total: z.number().int(),
      older: z.boolean().optional(),
      newer: z.boolean().optional()
    })
  },
  'images:gallery-months': {
    doc: "The months the gallery's items span (for the filter and search), newest first, each with its count and newest item's date: the timeline beside the gallery.",
    input: z.strictObject({ filter: GalleryFilterSchema.optional() }).optional(),
    output: z.object({ months: z.array(GalleryMonthSchema).max(MAX_MONTHS) })
  },
  'images:get-items': {
    doc: 'The items of `ids` still in the gallery (an id left out was deleted): how the page updates the pages it holds after images:gallery-changed.',
    input: z.strictObject({ ids: z.array(ItemId).min(1).max(500) }),
    output: z.object({ items: z.array(GalleryItemSchema) })
  },
  'images:search-gallery': {
    doc: 'Gallery items whose prompt contains `filter.query`, best first (bm25, the prompt above the revised prompt), each with its excerpt marked; filtered like the list; paged by `after` (the `next` of the page before).',
    input: z.strictObject({
      filter: GalleryFilterSchema.extend({ query: z.string().trim().min(1).max(200) }),
      after: GallerySearchCursorSchema.optional(),
      limit: z.number().int().min(1).max(500).optional()
    }),
    output: GallerySearchPageSchema
  },
  'images:get-item': { doc: 'One gallery item.', input: z.strictObject({ id: ItemId }), output: GalleryItemSchema },
  'images:update-item': {
    doc: 'Marks or unmarks a favourite.',
    input: z.strictObject({ id: ItemId, favorite: z.boolean() }),
    output: GalleryItemSchema
  },
  'images:delete-item': {
    doc: 'Deletes an item and its file.',
    input: z.strictObject({ id: ItemId }),
    output: z.strictObject({})
  },
  'images:delete-items': {
    doc: 'Deletes several items (a selection) in one commit, then their files; ids no longer in the gallery are skipped.',
    input: z.strictObject({ ids: z.array(ItemId).min(1).max(500) }),
    output: z.strictObject({ deleted: z.number().int() })
  },
  'images:export-item': {
    doc: 'Saves a copy where the user chooses (Electron dialog); the browser host answers with a download URL instead.',
    input: z.strictObject({ id: ItemId }),
    output: z.object({ saved: z.boolean(), downloadUrl: z.string().optional(), fileName: z.string() })
  },
  'images:import-file': {
    doc: 'Adds a picture from the desktop to the gallery as "Imported": a files.upload grant (purpose image-edit), checked against the decode cap; the grant is released either way.',
    input: z.strictObject({ fileId: z.string().min(1).max(64) }),
    output: GalleryItemSchema
  },
  'images:protect-outside-mask': {
    doc: 'A new item: the edit result with the original pasted back outside the mask, across a feathered seam.',
    input: z.strictObject({ id: ItemId, featherPx: z.number().int().min(0).max(64).optional() }),
    output: GalleryItemSchema
  }
} satisfies Record<string, InvokeSpec>

export const imagesEvents = {
  'images:job-updated': ImageJobSchema,
  'images:gallery-changed': z.object({ ids: z.array(z.string()) })
}
