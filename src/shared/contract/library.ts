import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'

const NoInput = z.undefined()

/** A backup's name is the time it was made (`2026-11-25T14-05-09`, `-2` for a second in the same second). */
export const BackupNameSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d{1,4})?$/, 'not a backup name')

export const BackupInfoSchema = z.object({ name: z.string(), createdAt: z.number(), bytes: z.number() })

export const libraryInvokes = {
  'library:list-backups': {
    doc: 'Complete library backups, newest first, and the one chosen for restore at the next start (if any).',
    input: NoInput,
    output: z.object({ backups: z.array(BackupInfoSchema), restorePending: z.string().nullable() })
  },
  'library:back-up': {
    doc: 'Backs the library up now: an online copy of the database and the media folder as it is.',
    input: NoInput,
    output: BackupInfoSchema
  },
  'library:restore': {
    doc: 'Chooses a backup to replace the library at the next start (the library in use is kept beside it).',
    input: z.strictObject({ name: BackupNameSchema }),
    output: z.object({ restorePending: z.string() })
  }
} satisfies Record<string, InvokeSpec>
