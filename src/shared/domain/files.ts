import { z } from 'zod'

/** A local file the user chose (dialog, drop, paste or browser upload), known to the page only by id. */
export const FileGrantSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  /** From the file's content (magic bytes), never from its name. */
  mimeType: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional()
})
export type FileGrant = z.infer<typeof FileGrantSchema>

export const FilePurposeSchema = z.enum(['chat-attachment', 'image-edit', 'image-reference', 'video-reference'])
export type FilePurpose = z.infer<typeof FilePurposeSchema>
