import { markdownPieces } from './markdown-fixture'

export interface SeedSpec {
  id: string
  title: string
  messages: number
}

/** ~1 KB of markdown per assistant message (reference L1: 2,000 messages ≈ 2 MB). */
const ASSISTANT_TOKENS = 190

/**
 * Writes conversations into a data dir's library database exactly as the host stores them
 * (src/main/core/chat/conversation-table.ts), with the host's own row code, checked against the
 * contract's schema, so a change of the stored format breaks the seeding loudly instead of
 * benchmarking rows the host rejects.
 */
export async function seedConversations(dataDir: string, specs: SeedSpec[]): Promise<void> {
  const { CHAT_SCHEMA, putConversation } = await import('../../src/main/core/chat/conversation-table')
  const { openLibrary } = await import('../../src/main/core/store/library-db')
  const { ConversationSchema } = await import('../../src/shared/domain/chat')
  const Stored = ConversationSchema.omit({ messagesBefore: true })
  const lib = openLibrary(dataDir)
  lib.schema('chat', CHAT_SCHEMA)
  const conversations: Array<Parameters<typeof putConversation>[1]> = []
  const answer = markdownPieces(ASSISTANT_TOKENS).join('')
  const base = Date.UTC(2025, 0, 1)
  for (const [n, spec] of specs.entries()) {
    const messages = Array.from({ length: spec.messages }, (_, i) => {
      const user = i % 2 === 0
      // A numbered first line, so no two rows are the same text (no accidental cache hits by content).
      const text = user ? `Question ${i / 2 + 1}: explain step ${i} of the pipeline.` : `Answer ${i}.\n\n${answer}`
      return {
        id: `m-${spec.id}-${i}`,
        role: user ? 'user' : 'assistant',
        parts: [{ type: 'text', text }],
        createdAt: base + i * 1000,
        status: 'complete',
        ...(user ? {} : { model: 'gpt-4o-mini', format: 'chat' })
      }
    })
    const conversation = Stored.parse({
      id: spec.id,
      title: spec.title,
      format: 'chat',
      model: 'gpt-4o-mini',
      createdAt: base,
      // Newest first in the list: the order of `specs`.
      updatedAt: base + (specs.length - n) * 10_000_000,
      system: '',
      params: { format: 'chat', params: {} },
      document: '',
      messages
    }) as Parameters<typeof putConversation>[1]
    conversations.push(conversation)
  }
  try {
    lib.tx(() => {
      for (const c of conversations) putConversation(lib, c)
    })
  } finally {
    lib.release()
  }
}
