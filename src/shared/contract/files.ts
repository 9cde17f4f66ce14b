import { z } from 'zod'
import type { InvokeSpec, UploadSpec } from '../contract-kit'
import { FILE_RULES, FileGrantSchema, FilePurposeSchema, tooLargeMessage } from '../domain/files'

/** A grant id: 128 random bits, base64url. The host refuses anything else before a lookup. */
const FileId = z.string().min(1).max(64)

export const filesInvokes = {
  'files:pick': {
    doc: 'Opens the system file dialog (Electron) and grants the chosen files; the browser host answers with an empty list (the page uses <input type=file> and files.upload instead).',
    input: z.strictObject({ purpose: FilePurposeSchema, multiple: z.boolean().optional() }),
    output: z.object({ files: z.array(FileGrantSchema) })
  },
  'files:release': {
    doc: 'Forgets a grant (and deletes the host copy of an uploaded file); an unknown id is refused with NOT_FOUND.',
    input: z.strictObject({ fileId: FileId }),
    output: z.strictObject({})
  }
} satisfies Record<string, InvokeSpec>

const UploadMetaSchema = z.strictObject({ purpose: FilePurposeSchema, name: z.string().max(255) })

export const filesUploads = {
  'files:upload': {
    doc: 'Grants a File or Blob from drop, paste or <input type=file>: Electron sends the path behind a real file (preload to main, never seen by the page) or the bytes of a generated blob; the browser host streams the body to POST /upload. The host checks size, type and dimensions like files:pick.',
    meta: UploadMetaSchema,
    output: FileGrantSchema,
    sizeRefusal: (bytes: number, meta: z.output<typeof UploadMetaSchema>) =>
      bytes > FILE_RULES[meta.purpose].maxBytes
        ? {
            code: 'INVALID_INPUT' as const,
            message: tooLargeMessage(meta.name || 'This file', bytes, meta.purpose),
            retryable: false,
            field: 'file',
            details: { reason: 'too-large', bytes, limitBytes: FILE_RULES[meta.purpose].maxBytes }
          }
        : null
  }
} satisfies Record<string, UploadSpec>
