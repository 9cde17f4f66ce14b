import { createHash, randomBytes } from 'node:crypto'
import {
  normalizeTags,
  parsePromptsFile,
  PROMPTS_FILE_FORMAT,
  type PromptsFile,
  type SavedPrompt
} from '@shared/domain/prompts'
import { StudioError } from '@shared/errors'
import { ftsPhrase } from '../store/fts'
import type { Library } from '../store/library-db'
import { FTS_MIN_CHARS, likeAnywhere, PROMPTS_SCHEMA } from './prompt-table'

interface Row {
  id: string
  name: string
  text: string
  tags: string
  created_at: number
  updated_at: number
}

/** Two prompts are the same prompt when their words are: spacing at the ends and line endings aside. */
export function textKey(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n?/g, '\n').trim()).digest('hex')
}

function toPrompt(r: Row): SavedPrompt {
  let tags: string[] = []
  try {
    const v: unknown = JSON.parse(r.tags)
    if (Array.isArray(v)) tags = v.filter((t): t is string => typeof t === 'string')
  } catch {
    // A row damaged outside the app shows without tags rather than breaking the list.
  }
  return { id: r.id, name: r.name, text: r.text, tags, createdAt: r.created_at, updatedAt: r.updated_at }
}

const COLUMNS = 's.id, s.name, s.text, s.tags, s.created_at, s.updated_at'

/**
 * Prompts saved with a name and tags. Search is FTS5 ranked by bm25 with the name weighted over the
 * tags over the text, so a prompt whose name holds the words comes before one that only mentions them.
 */
export class SavedPrompts {
  constructor(
    private readonly lib: Library,
    private readonly now: () => number = Date.now
  ) {
    lib.schema('prompts', PROMPTS_SCHEMA)
  }

  list(q: { query?: string; tag?: string; offset?: number; limit?: number } = {}): {
    prompts: SavedPrompt[]
    total: number
  } {
    const limit = Math.min(Math.max(q.limit ?? 50, 1), 200)
    const offset = Math.max(q.offset ?? 0, 0)
    const text = (q.query ?? '').trim()
    const where: string[] = []
    const params: unknown[] = []
    let from = 'prompt_saved s'
    let order = 's.updated_at DESC, s.seq DESC'
    if (text.length >= FTS_MIN_CHARS) {
      from = 'prompt_saved_fts f JOIN prompt_saved s ON s.seq = f.rowid'
      where.push('prompt_saved_fts MATCH ?')
      params.push(ftsPhrase(text))
      order = 'bm25(prompt_saved_fts, 10.0, 1.0, 4.0), s.updated_at DESC, s.seq DESC'
    } else if (text) {
      where.push("(s.name LIKE ? ESCAPE '\\' OR s.tag_line LIKE ? ESCAPE '\\' OR s.text LIKE ? ESCAPE '\\')")
      params.push(likeAnywhere(text), likeAnywhere(text), likeAnywhere(text))
    }
    if (q.tag) {
      // tag_line is "\n"-separated and lower-cased at both ends, so a whole tag matches, never part of one.
      where.push("s.tag_line LIKE ? ESCAPE '\\'")
      params.push(likeAnywhere(`\n${q.tag.trim().toLowerCase()}\n`))
    }
    const filter = where.length ? ` WHERE ${where.join(' AND ')}` : ''
    const rows = this.lib.all<Row>(
      `SELECT ${COLUMNS} FROM ${from}${filter} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ...params,
      limit,
      offset
    )
    const total = this.lib.get<{ n: number }>(`SELECT count(*) AS n FROM ${from}${filter}`, ...params)?.n ?? 0
    return { prompts: rows.map(toPrompt), total }
  }

  get(id: string): SavedPrompt {
    const row = this.lib.get<Row>(`SELECT ${COLUMNS} FROM prompt_saved s WHERE s.id = ?`, id)
    if (!row) throw new StudioError('NOT_FOUND', 'That saved prompt no longer exists', { field: 'id' })
    return toPrompt(row)
  }

  save(input: { id?: string; name: string; text: string; tags: string[] }): SavedPrompt {
    const tags = normalizeTags(input.tags)
    const name = input.name.trim()
    const at = this.now()
    if (input.id) {
      this.get(input.id)
      this.lib.run(
        'UPDATE prompt_saved SET name = ?, text = ?, text_key = ?, tags = ?, tag_line = ?, updated_at = ? WHERE id = ?',
        name,
        input.text,
        textKey(input.text),
        JSON.stringify(tags),
        tagLine(tags),
        at,
        input.id
      )
      return this.get(input.id)
    }
    const id = `sp-${randomBytes(8).toString('hex')}`
    this.insert(id, name, input.text, tags, at, at)
    return this.get(id)
  }

  delete(id: string): void {
    if (this.lib.run('DELETE FROM prompt_saved WHERE id = ?', id).changes === 0)
      throw new StudioError('NOT_FOUND', 'That saved prompt no longer exists', { field: 'id' })
  }

  /** Every saved prompt as the export file (oldest first, so a re-import keeps their order). */
  exportFile(): PromptsFile & { exportedAt: number } {
    const rows = this.lib.all<Row>(`SELECT ${COLUMNS} FROM prompt_saved s ORDER BY s.created_at, s.seq`)
    return {
      format: PROMPTS_FILE_FORMAT,
      version: 1,
      exportedAt: this.now(),
      prompts: rows
        .map(toPrompt)
        .map(({ name, text, tags, createdAt, updatedAt }) => ({ name, text, tags, createdAt, updatedAt }))
    }
  }

  /**
   * Reads an export file. Nothing is taken unless the whole file is good. A prompt already saved
   * (same words) is merged, not doubled: it keeps its name and gains the file's tags.
   */
  importText(text: string): { added: number; merged: number } {
    const parsed = parsePromptsFile(text)
    if (!parsed.ok) {
      const first = parsed.problems[0]
      const count = parsed.problems.length
      throw new StudioError(
        'INVALID_INPUT',
        `The prompts file has ${count} problem${count === 1 ? '' : 's'}: ${first.field ? `${first.field}: ` : ''}${first.message}`,
        {
          field: 'file',
          details: { problems: parsed.problems.slice(0, 50) }
        }
      )
    }
    return this.lib.tx(() => {
      let added = 0
      let merged = 0
      const at = this.now()
      for (const p of parsed.file.prompts) {
        const key = textKey(p.text)
        const same = this.lib.get<Row>(`SELECT ${COLUMNS} FROM prompt_saved s WHERE s.text_key = ? LIMIT 1`, key)
        if (same) {
          const before = toPrompt(same).tags
          const tags = normalizeTags([...before, ...p.tags]).slice(0, 20)
          if (tags.length !== before.length)
            this.lib.run(
              'UPDATE prompt_saved SET tags = ?, tag_line = ?, updated_at = ? WHERE id = ?',
              JSON.stringify(tags),
              tagLine(tags),
              at,
              same.id
            )
          merged++
          continue
        }
        this.insert(
          `sp-${randomBytes(8).toString('hex')}`,
          p.name.trim(),
          p.text,
          normalizeTags(p.tags),
          p.createdAt ?? at,
          p.updatedAt ?? p.createdAt ?? at
        )
        added++
      }
      return { added, merged }
    })
  }

  private insert(id: string, name: string, text: string, tags: string[], createdAt: number, updatedAt: number): void {
    this.lib.run(
      'INSERT INTO prompt_saved (id, name, text, text_key, tags, tag_line, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      name,
      text,
      textKey(text),
      JSON.stringify(tags),
      tagLine(tags),
      createdAt,
      updatedAt
    )
  }
}

/** Tags as one searchable column: lower-cased, each between newlines (see the tag filter). */
function tagLine(tags: string[]): string {
  return tags.length ? `\n${tags.map((t) => t.toLowerCase()).join('\n')}\n` : ''
}
