import { ftsPhrase } from '../store/fts'
import type { Library } from '../store/library-db'
import { excerpt, markFirst, MARK_CLOSE, MARK_OPEN } from '../store/search-marks'

/** One conversation found: by its title (no excerpt), or by an excerpt with the matched text marked. */
export interface SearchHit {
  id: string
  match?: string
  /** [start, end) of each marked run in `match`. */
  marks?: Array<[number, number]>
}

/** A search lists at most this many conversations, best first (the list shows no more than a screenful or two). */
export const SEARCH_LIMIT = 100
/** FTS5's longest snippet, in tokens; a trigram token starts at every character, so about 64 characters. */
const SNIPPET_TOKENS = 64

/**
 * Conversations matching `query`, ranked: title matches first (by bm25), then those whose messages
 * match (by the best message's bm25), then completions documents. Only the database is read.
 */
export function searchConversations(lib: Library, query: string, limit = SEARCH_LIMIT): SearchHit[] {
  const q = query.trim()
  if (q === '') return []
  const hits = [...q].length >= 3 ? ftsSearch(lib, q, limit) : scanSearch(lib, q, limit)
  const seen = new Set<string>()
  return hits.filter((h) => !seen.has(h.id) && seen.add(h.id)).slice(0, limit)
}

function ftsSearch(lib: Library, q: string, limit: number): SearchHit[] {
  const p = ftsPhrase(q)
  const titles = lib.all<{ id: string }>(
    'SELECT c.id FROM chat_conv_fts f JOIN chat_conversations c ON c.rowid = f.rowid WHERE chat_conv_fts MATCH ? ORDER BY f.rank LIMIT ?',
    `title : ${p}`,
    limit
  )
  const out: SearchHit[] = titles.map((t) => ({ id: t.id }))
  const taken = new Set(out.map((h) => h.id))
  // Every matching message is ranked (bm25 over the posting lists, no row read), but excerpts are
  // made only for the best message of each conversation shown.
  const ranked = lib.all<{ rowid: number; conversation_id: string }>(
    'SELECT f.rowid, m.conversation_id FROM (SELECT rowid, rank FROM chat_msg_fts WHERE chat_msg_fts MATCH ?) f JOIN chat_messages m ON m.id = f.rowid ORDER BY f.rank',
    p
  )
  for (const r of ranked) {
    if (out.length >= limit) break
    if (taken.has(r.conversation_id)) continue
    taken.add(r.conversation_id)
    const s = lib.get<{ s: string }>(
      `SELECT snippet(chat_msg_fts, 0, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS s FROM chat_msg_fts WHERE chat_msg_fts MATCH ? AND rowid = ?`,
      p,
      r.rowid
    )
    out.push({ id: r.conversation_id, ...excerpt(s?.s ?? '') })
  }
  if (out.length < limit) {
    const docs = lib.all<{ id: string; s: string }>(
      `SELECT c.id, snippet(chat_conv_fts, 1, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS s FROM chat_conv_fts f JOIN chat_conversations c ON c.rowid = f.rowid WHERE chat_conv_fts MATCH ? ORDER BY f.rank LIMIT ?`,
      `document : ${p}`,
      limit
    )
    for (const d of docs) if (!taken.has(d.id)) out.push({ id: d.id, ...excerpt(d.s) })
  }
  return out
}

/**
 * One or two characters (a two-character Chinese word, say) are below a trigram, so they are
 * looked for row by row; the scan stops as soon as a screenful of conversations is found.
 */
function scanSearch(lib: Library, q: string, limit: number): SearchHit[] {
  const titles = lib.all<{ id: string }>(
    'SELECT id FROM chat_conversations WHERE instr(lower(title), lower(?)) > 0 ORDER BY updated_at DESC LIMIT ?',
    q,
    limit
  )
  const out: SearchHit[] = titles.map((t) => ({ id: t.id }))
  const taken = new Set(out.map((h) => h.id))
  const rows = lib.all<{ conversation_id: string; text: string }>(
    `SELECT m.conversation_id, m.text FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
     WHERE instr(lower(m.text), lower(?)) > 0 AND m.conversation_id NOT IN (SELECT value FROM json_each(?))
     GROUP BY m.conversation_id ORDER BY c.updated_at DESC LIMIT ?`,
    q,
    JSON.stringify([...taken]),
    limit
  )
  for (const r of rows) out.push({ id: r.conversation_id, ...excerpt(markFirst(r.text, q)) })
  if (out.length < limit) {
    const docs = lib.all<{ id: string; document: string }>(
      'SELECT id, document FROM chat_conversations WHERE instr(lower(document), lower(?)) > 0 ORDER BY updated_at DESC LIMIT ?',
      q,
      limit
    )
    for (const d of docs)
      if (!out.some((h) => h.id === d.id)) out.push({ id: d.id, ...excerpt(markFirst(d.document, q)) })
  }
  return out
}
