/**
 * The schema steps of the four full-text stores exactly as they shipped, before their FTS5 tables
 * and triggers were written by `ftsSteps`. Steps are applied once per database and never again, so
 * the steps in the code must stay what these were (fts-steps.test.ts compares them, and opens a
 * database made by these with the current stores).
 */
export const SHIPPED_STEPS: Record<string, string[]> = {
  'gallery': [
    `CREATE TABLE gallery (
     id TEXT PRIMARY KEY,
     created_at REAL NOT NULL,
     model TEXT NOT NULL,
     origin TEXT NOT NULL,
     favorite INTEGER NOT NULL,
     file TEXT NOT NULL,
     mask_file TEXT,
     source_file TEXT,
     prompt TEXT NOT NULL,
     revised_prompt TEXT,
     item TEXT NOT NULL
   );
   CREATE INDEX gallery_newest ON gallery (created_at DESC, id DESC);
   CREATE INDEX gallery_file ON gallery (file);
   CREATE INDEX gallery_mask ON gallery (mask_file) WHERE mask_file IS NOT NULL;
   CREATE INDEX gallery_source ON gallery (source_file) WHERE source_file IS NOT NULL;
   CREATE TABLE gallery_count (n INTEGER NOT NULL);
   INSERT INTO gallery_count VALUES (0);
   CREATE VIRTUAL TABLE gallery_fts USING fts5 (prompt, revised_prompt, content = 'gallery', content_rowid = 'rowid', tokenize = 'trigram');
   CREATE TRIGGER gallery_ai AFTER INSERT ON gallery BEGIN
     INSERT INTO gallery_fts (rowid, prompt, revised_prompt) VALUES (new.rowid, new.prompt, new.revised_prompt);
     UPDATE gallery_count SET n = n + 1;
   END;
   CREATE TRIGGER gallery_ad AFTER DELETE ON gallery BEGIN
     INSERT INTO gallery_fts (gallery_fts, rowid, prompt, revised_prompt) VALUES ('delete', old.rowid, old.prompt, old.revised_prompt);
     UPDATE gallery_count SET n = n - 1;
   END;
   CREATE TRIGGER gallery_au AFTER UPDATE OF prompt, revised_prompt ON gallery BEGIN
     INSERT INTO gallery_fts (gallery_fts, rowid, prompt, revised_prompt) VALUES ('delete', old.rowid, old.prompt, old.revised_prompt);
     INSERT INTO gallery_fts (rowid, prompt, revised_prompt) VALUES (new.rowid, new.prompt, new.revised_prompt);
   END;`
  ],
  'video-tasks': [
    `CREATE TABLE video_tasks (
     id TEXT PRIMARY KEY,
     created_at REAL NOT NULL,
     phase TEXT NOT NULL,
     prompt TEXT NOT NULL,
     detail TEXT NOT NULL,
     record TEXT NOT NULL
   );
   CREATE INDEX video_tasks_newest ON video_tasks (created_at DESC, id DESC);
   CREATE VIRTUAL TABLE video_fts USING fts5 (prompt, detail, content = 'video_tasks', content_rowid = 'rowid', tokenize = 'trigram');
   CREATE TRIGGER video_tasks_ai AFTER INSERT ON video_tasks BEGIN
     INSERT INTO video_fts (rowid, prompt, detail) VALUES (new.rowid, new.prompt, new.detail);
   END;
   CREATE TRIGGER video_tasks_ad AFTER DELETE ON video_tasks BEGIN
     INSERT INTO video_fts (video_fts, rowid, prompt, detail) VALUES ('delete', old.rowid, old.prompt, old.detail);
   END;
   CREATE TRIGGER video_tasks_au AFTER UPDATE OF prompt, detail ON video_tasks BEGIN
     INSERT INTO video_fts (video_fts, rowid, prompt, detail) VALUES ('delete', old.rowid, old.prompt, old.detail);
     INSERT INTO video_fts (rowid, prompt, detail) VALUES (new.rowid, new.prompt, new.detail);
   END;`,
    `ALTER TABLE video_tasks ADD COLUMN state TEXT NOT NULL DEFAULT '';
   ALTER TABLE video_tasks ADD COLUMN model TEXT NOT NULL DEFAULT '';
   ALTER TABLE video_tasks ADD COLUMN returned_model TEXT NOT NULL DEFAULT '';
   UPDATE video_tasks SET
     state = coalesce(json_extract(record, '$.task.state'), ''),
     model = coalesce(json_extract(record, '$.task.model'), ''),
     returned_model = coalesce(json_extract(record, '$.task.returnedModel'), '')
   WHERE json_valid(record);
   CREATE INDEX video_tasks_live ON video_tasks (phase) WHERE phase <> 'ended';`
  ],
  'chat': [
    `CREATE TABLE chat_conversations (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     document TEXT NOT NULL,
     updated_at REAL NOT NULL,
     message_count INTEGER NOT NULL,
     preview TEXT NOT NULL,
     summary TEXT NOT NULL,
     meta TEXT NOT NULL
   );
   CREATE INDEX chat_conversations_newest ON chat_conversations (updated_at DESC, id);
   CREATE TABLE chat_messages (
     id INTEGER PRIMARY KEY,
     conversation_id TEXT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     text TEXT NOT NULL,
     message TEXT NOT NULL,
     UNIQUE (conversation_id, seq)
   );
   CREATE VIRTUAL TABLE chat_conv_fts USING fts5 (title, document, content = 'chat_conversations', content_rowid = 'rowid', tokenize = 'trigram');
   CREATE TRIGGER chat_conv_ai AFTER INSERT ON chat_conversations BEGIN
     INSERT INTO chat_conv_fts (rowid, title, document) VALUES (new.rowid, new.title, new.document);
   END;
   CREATE TRIGGER chat_conv_ad AFTER DELETE ON chat_conversations BEGIN
     INSERT INTO chat_conv_fts (chat_conv_fts, rowid, title, document) VALUES ('delete', old.rowid, old.title, old.document);
   END;
   CREATE TRIGGER chat_conv_au AFTER UPDATE OF title, document ON chat_conversations BEGIN
     INSERT INTO chat_conv_fts (chat_conv_fts, rowid, title, document) VALUES ('delete', old.rowid, old.title, old.document);
     INSERT INTO chat_conv_fts (rowid, title, document) VALUES (new.rowid, new.title, new.document);
   END;
   CREATE VIRTUAL TABLE chat_msg_fts USING fts5 (text, content = 'chat_messages', content_rowid = 'id', tokenize = 'trigram');
   CREATE TRIGGER chat_msg_ai AFTER INSERT ON chat_messages BEGIN
     INSERT INTO chat_msg_fts (rowid, text) VALUES (new.id, new.text);
   END;
   CREATE TRIGGER chat_msg_ad AFTER DELETE ON chat_messages BEGIN
     INSERT INTO chat_msg_fts (chat_msg_fts, rowid, text) VALUES ('delete', old.id, old.text);
   END;
   CREATE TRIGGER chat_msg_au AFTER UPDATE OF text ON chat_messages BEGIN
     INSERT INTO chat_msg_fts (chat_msg_fts, rowid, text) VALUES ('delete', old.id, old.text);
     INSERT INTO chat_msg_fts (rowid, text) VALUES (new.id, new.text);
   END;`
  ],
  'prompts': [
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
   CREATE VIRTUAL TABLE prompt_history_fts USING fts5 (text, model, content = 'prompt_history', content_rowid = 'seq', tokenize = 'trigram');
   CREATE TRIGGER prompt_history_ai AFTER INSERT ON prompt_history BEGIN
     INSERT INTO prompt_history_fts (rowid, text, model) VALUES (new.seq, new.text, new.model);
   END;
   CREATE TRIGGER prompt_history_ad AFTER DELETE ON prompt_history BEGIN
     INSERT INTO prompt_history_fts (prompt_history_fts, rowid, text, model) VALUES ('delete', old.seq, old.text, old.model);
   END;
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
   CREATE VIRTUAL TABLE prompt_saved_fts USING fts5 (name, text, tag_line, content = 'prompt_saved', content_rowid = 'seq', tokenize = 'trigram');
   CREATE TRIGGER prompt_saved_ai AFTER INSERT ON prompt_saved BEGIN
     INSERT INTO prompt_saved_fts (rowid, name, text, tag_line) VALUES (new.seq, new.name, new.text, new.tag_line);
   END;
   CREATE TRIGGER prompt_saved_ad AFTER DELETE ON prompt_saved BEGIN
     INSERT INTO prompt_saved_fts (prompt_saved_fts, rowid, name, text, tag_line) VALUES ('delete', old.seq, old.name, old.text, old.tag_line);
   END;
   CREATE TRIGGER prompt_saved_au AFTER UPDATE OF name, text, tag_line ON prompt_saved BEGIN
     INSERT INTO prompt_saved_fts (prompt_saved_fts, rowid, name, text, tag_line) VALUES ('delete', old.seq, old.name, old.text, old.tag_line);
     INSERT INTO prompt_saved_fts (rowid, name, text, tag_line) VALUES (new.seq, new.name, new.text, new.tag_line);
   END;`
  ]
}
