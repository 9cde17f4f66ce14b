import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { FileGrantSchema, FilePurposeSchema } from '../domain/files'

export const filesInvokes = {
  'files:pick': {
    doc: 'Opens the system file dialog (Electron) and grants the chosen files; the browser host answers with an empty list (the page uploads instead).',
    input: z.strictObject({ purpose: FilePurposeSchema, multiple: z.boolean().optional() }),
    output: z.object({ files: z.array(FileGrantSchema) })
  },
  'files:release': { doc: 'Forgets a grant.', input: z.strictObject({ fileId: z.string().min(1).max(64) }), output: z.strictObject({}) }
} satisfies Record<string, InvokeSpec>
