import { ftsSteps } from '../store/fts-steps'

/**
 * The prompt library's tables (store `prompts`). History keeps its own rows rather than reading the
 * generation log or the areas' stores: the generation log holds no prompt text and is capped at
 * 5,000 entries, and the gallery, video board and conversations each hold only their own area (and
 * lose a prompt when its result is deleted), while history must list every send of every area in one
 * order, searchable as one.
 *
 * Both FTS5 tables use the trigram tokenizer for the reason given in chat/conversation-table.ts
 * (matches inside words and inside Chinese text written without spaces). Lists page by keyset
 * (`at`, then insertion order) over an index; ids are random, so
 * they never order two entries of the same instant, so a page costs the same after a year of history as after a day.
 */
export const PROMPTS_SCHEMA = [
  `CREATE TABLE prompt_history (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     area TEXT NOT NULL,
     kind TEXT NOT NULL,
     model TEXT NOT NULL,
     text TEXT NOT NULL,
     at REAL NOT NULL,
     ref TEXT,
     results TEXT NOT NULL
   );
   CREATE INDEX prompt_history_newest ON prompt_history (at DESC, seq DESC);
   CREATE INDEX prompt_history_area ON prompt_history (area, at DESC, seq DESC);
   CREATE INDEX prompt_history_ref ON prompt_history (ref) WHERE ref IS NOT NULL;
   ${ftsSteps({ table: 'prompt_history', fts: 'prompt_history_fts', columns: ['text', 'model'], key: 'seq', update: false })}
   CREATE TABLE prompt_saved (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     text TEXT NOT NULL,
     text_key TEXT NOT NULL,
     tags TEXT NOT NULL,
     tag_line TEXT NOT NULL,
     created_at REAL NOT NULL,
     updated_at REAL NOT NULL
   );
   CREATE INDEX prompt_saved_recent ON prompt_saved (updated_at DESC, seq DESC);
   CREATE INDEX prompt_saved_text ON prompt_saved (text_key);
   ${ftsSteps({ table: 'prompt_saved', fts: 'prompt_saved_fts', columns: ['name', 'text', 'tag_line'], key: 'seq' })}`
]

/** Trigram FTS needs three characters; shorter queries are answered by a bounded scan instead. */
export const FTS_MIN_CHARS = 3

/** A LIKE pattern that matches `q` literally anywhere (with `ESCAPE '\\'`). */
export function likeAnywhere(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
