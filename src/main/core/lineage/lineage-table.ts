import {
  LINEAGE_RELATIONS,
  RESULT_KINDS,
  type LineageLink,
  type LineageRelation,
  type ResultKind,
  type ResultRef
} from '@shared/domain/lineage'
import type { Library } from '../store/library-db'

/**
 * The lineage store's rows in the library database: one row per link from a child result to a
 * parent result. Both ends are indexed, so walking up (parents) and down (children) costs the same
 * with 50 links as with 500,000. A result deleted later keeps its links: the view says it is gone.
 */
export const LINEAGE_SCHEMA = [
  `CREATE TABLE lineage (
     child_kind TEXT NOT NULL,
     child_id TEXT NOT NULL,
     parent_kind TEXT NOT NULL,
     parent_id TEXT NOT NULL,
     relation TEXT NOT NULL,
     at_seconds REAL,
     created_at REAL NOT NULL,
     PRIMARY KEY (child_kind, child_id, parent_kind, parent_id, relation)
   ) WITHOUT ROWID;
   CREATE INDEX lineage_parent ON lineage (parent_kind, parent_id, created_at DESC);`
]

interface Row {
  child_kind: string
  child_id: string
  parent_kind: string
  parent_id: string
  relation: string
  at_seconds: number | null
}

const KINDS = new Set<string>(RESULT_KINDS)
const RELATIONS = new Set<string>(LINEAGE_RELATIONS)

/** A row back to a link; a row changed outside the app reads as absent rather than breaking a view. */
function linkOf(r: Row): LineageLink | null {
  if (!KINDS.has(r.child_kind) || !KINDS.has(r.parent_kind) || !RELATIONS.has(r.relation)) return null
  return {
    child: { kind: r.child_kind as ResultKind, id: r.child_id },
    parent: { kind: r.parent_kind as ResultKind, id: r.parent_id },
    relation: r.relation as LineageRelation,
    ...(typeof r.at_seconds === 'number' ? { atSeconds: r.at_seconds } : {})
  }
}

/** Adds links; one already there is left as it is (a request observed twice links once). */
export function putLinks(lib: Library, links: readonly LineageLink[], now: number): number {
  if (!links.length) return 0
  return lib.tx(() => {
    let added = 0
    for (const l of links) {
      added += lib.run(
        'INSERT OR IGNORE INTO lineage (child_kind, child_id, parent_kind, parent_id, relation, at_seconds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        l.child.kind,
        l.child.id,
        l.parent.kind,
        l.parent.id,
        l.relation,
        l.atSeconds ?? null,
        now
      ).changes
    }
    return added
  })
}

export function parentLinks(lib: Library, child: ResultRef): LineageLink[] {
  const rows = lib.all<Row>(
    'SELECT * FROM lineage WHERE child_kind = ? AND child_id = ? ORDER BY relation, parent_id',
    child.kind,
    child.id
  )
  return rows.map(linkOf).filter((l): l is LineageLink => l !== null)
}

export function childLinks(lib: Library, parent: ResultRef, limit: number): LineageLink[] {
  const rows = lib.all<Row>(
    'SELECT * FROM lineage WHERE parent_kind = ? AND parent_id = ? ORDER BY created_at DESC LIMIT ?',
    parent.kind,
    parent.id,
    limit
  )
  return rows.map(linkOf).filter((l): l is LineageLink => l !== null)
}
