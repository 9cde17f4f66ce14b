import { z } from 'zod'
import { ChatFormatSchema } from '@shared/domain/chat'
import { CompareColumnSchema, type CompareRun } from '@shared/domain/chat-compare'
import type { Library } from '../../store/library-db'

/**
 * Open compare runs in the library database (store `chat-compare`). A row lives from the moment a
 * compare starts (before its first request, so a restart finds it) until the user settles it. The
 * answers themselves are in the conversations, saved like any other.
 */
export const COMPARE_SCHEMA = [
  `CREATE TABLE chat_compares (
     id TEXT PRIMARY KEY,
     created_at REAL NOT NULL,
     format TEXT NOT NULL,
     prompt TEXT NOT NULL,
     columns TEXT NOT NULL
   );
   CREATE INDEX chat_compares_newest ON chat_compares (created_at DESC);`
]

const Columns = z.array(CompareColumnSchema)

interface Row {
  id: string
  created_at: number
  format: string
  prompt: string
  columns: string
}

/** A row written by this or a later version; one it cannot read is skipped, never fatal. */
function parseRow(row: Row): CompareRun | null {
  const format = ChatFormatSchema.safeParse(row.format)
  let columns: unknown
  try {
    columns = JSON.parse(row.columns)
  } catch {
    return null
  }
  const parsed = Columns.safeParse(columns)
  if (!format.success || !parsed.success) return null
  return { id: row.id, createdAt: row.created_at, format: format.data, prompt: row.prompt, columns: parsed.data }
}

export class ChatCompareStore {
  constructor(private readonly lib: Library) {
    lib.schema('chat-compare', COMPARE_SCHEMA)
  }

  add(run: CompareRun): void {
    this.lib.run('INSERT INTO chat_compares (id, created_at, format, prompt, columns) VALUES (?, ?, ?, ?, ?)', run.id, run.createdAt, run.format, run.prompt, JSON.stringify(run.columns))
  }

  get(id: string): CompareRun | undefined {
    const row = this.lib.get<Row>('SELECT * FROM chat_compares WHERE id = ?', id)
    return row ? (parseRow(row) ?? undefined) : undefined
  }

  list(): CompareRun[] {
    return this.lib.all<Row>('SELECT * FROM chat_compares ORDER BY created_at DESC, rowid DESC').flatMap((r) => parseRow(r) ?? [])
  }

  remove(id: string): void {
    this.lib.run('DELETE FROM chat_compares WHERE id = ?', id)
  }
}
