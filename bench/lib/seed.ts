import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { markdownPieces } from './markdown-fixture'

export interface SeedSpec {
  id: string
  title: string
  messages: number
}

/** ~1 KB of markdown per assistant message (reference L1: 2,000 messages ≈ 2 MB). */
const ASSISTANT_TOKENS = 190

/**
 * Writes conversations into a data dir exactly as the host stores them (src/main/core/chat:
 * `chat/<id>.json` = { version, conversation }, `chat/index.json` = { version, conversations }),
 * built with the host's own summary code and checked against the contract's schema, so a change
 * of the stored format breaks the seeding loudly instead of benchmarking files the host rejects.
 */
export async function seedConversations(dataDir: string, specs: SeedSpec[]): Promise<void> {
  const files = await import('../../src/main/core/chat/conversation-files')
  const { ConversationSchema } = await import('../../src/shared/domain/chat')
  const Stored = ConversationSchema.omit({ messagesBefore: true })
  const dir = join(dataDir, 'chat')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const answer = markdownPieces(ASSISTANT_TOKENS).join('')
  const base = Date.UTC(2025, 0, 1)
  const index = []
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
    }) as Parameters<typeof files.summaryOf>[0]
    writeFileSync(join(dir, `${spec.id}.json`), JSON.stringify({ version: files.FILE_VERSION, conversation }), { mode: 0o600 })
    index.push(files.summaryOf(conversation))
  }
  writeFileSync(join(dir, 'index.json'), JSON.stringify({ version: files.FILE_VERSION, conversations: index }), { mode: 0o600 })
}
