export interface FtsTable {
  /** The table whose text is indexed (the FTS table holds no copy of it: external content). */
  table: string
  /** The FTS5 table's name. */
  fts: string
  /** The indexed columns, in the FTS table's column order (bm25 weights and snippet() follow it). */
  columns: string[]
  /** The table's integer key; `rowid` unless the table names its own. */
  key?: string
  /** The triggers are `<triggers>_ai`, `_ad`, `_au`; the table's name unless given. */
  triggers?: string
  tokenize?: string
  /** False for a table whose indexed text is never changed in place (inserts and deletes only). */
  update?: boolean
  /** More statements for the insert and delete triggers (a counter row kept beside the table). */
  onInsert?: string
  onDelete?: string
}

/**
 * The SQL of an external-content FTS5 table and the triggers that keep it in step with its table:
 * insert, delete, and an update of the indexed columns as a delete and an insert.
 *
 * Schema steps run once per database and are never run again, so the text this returns is part of
 * every shipped step that uses it: it is laid out exactly as those steps were written by hand
 * (statements on lines of their own, indented for a step's template literal), and
 * fts-steps.test.ts holds it to the shipped steps word for word. Change the output and existing
 * libraries keep the old schema while new ones get another.
 */
export function ftsSteps(t: FtsTable): string {
  const key = t.key ?? 'rowid'
  const prefix = t.triggers ?? t.table
  const cols = t.columns.join(', ')
  const values = (row: 'new' | 'old') => [key, ...t.columns].map((c) => `${row}.${c}`).join(', ')
  const insert = `INSERT INTO ${t.fts} (rowid, ${cols}) VALUES (${values('new')});`
  const remove = `INSERT INTO ${t.fts} (${t.fts}, rowid, ${cols}) VALUES ('delete', ${values('old')});`
  const trigger = (name: string, on: string, body: Array<string | undefined>) =>
    [
      `CREATE TRIGGER ${prefix}_${name} ${on} ON ${t.table} BEGIN`,
      ...body.filter((s): s is string => !!s).map((s) => `  ${s}`),
      'END;'
    ].join('\n   ')
  return [
    `CREATE VIRTUAL TABLE ${t.fts} USING fts5 (${cols}, content = '${t.table}', content_rowid = '${key}', tokenize = '${t.tokenize ?? 'trigram'}');`,
    trigger('ai', 'AFTER INSERT', [insert, t.onInsert]),
    trigger('ad', 'AFTER DELETE', [remove, t.onDelete]),
    ...(t.update === false ? [] : [trigger('au', `AFTER UPDATE OF ${cols}`, [remove, insert])])
  ].join('\n   ')
}
