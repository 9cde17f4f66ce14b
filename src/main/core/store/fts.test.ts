import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { ftsPhrase } from './fts'

describe('ftsPhrase', () => {
  const db = new Database(':memory:')
  db.exec("CREATE VIRTUAL TABLE t USING fts5(text, tokenize='trigram')")
  db.prepare('INSERT INTO t (text) VALUES (?)').run('a "quoted" OR valid-looking-id.png AND more')
  const count = (q: string) =>
    (db.prepare('SELECT count(*) AS n FROM t WHERE t MATCH ?').get(ftsPhrase(q)) as { n: number }).n

  it('matches the text as typed: quotes and FTS operators are plain text', () => {
    expect(count('"quoted" OR')).toBe(1)
    expect(count('id.png AND')).toBe(1)
    expect(count('NOT there')).toBe(0)
  })

  it('a NUL in the query neither breaks the query nor matches anything it should not', () => {
    expect(count('valid-looking-id\0.png')).toBe(1)
    expect(count('\0\0\0')).toBe(0)
  })
})
