import type { ChatMessage } from '@shared/domain/chat'
import { openLibrary, type Library } from '../../store/library-db'
import type { StoredConversation } from '../conversation-files'

/** What the library database holds for tests, read past every store's cache (the next start's view). */
export function readSaved<T>(dataDir: string, read: (lib: Library) => T): T {
  const lib = openLibrary(dataDir)
  try {
    return read(lib)
  } finally {
    lib.release()
  }
}

export function savedMessages(dataDir: string, id: string): ChatMessage[] {
  return readSaved(dataDir, (lib) =>
    lib
      .all<{ message: string }>('SELECT message FROM chat_messages WHERE conversation_id = ? ORDER BY seq', id)
      .map((r) => JSON.parse(r.message) as ChatMessage)
  )
}

export function savedConversation(dataDir: string, id: string): StoredConversation | undefined {
  const row = readSaved(dataDir, (lib) =>
    lib.get<{ meta: string }>('SELECT meta FROM chat_conversations WHERE id = ?', id)
  )
  return row ? { ...(JSON.parse(row.meta) as StoredConversation), messages: savedMessages(dataDir, id) } : undefined
}
