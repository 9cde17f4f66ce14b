import { GenerationEntrySchema, type GenerationEntry } from '@shared/domain/balance'

/**
 * The generation log's table in the library database (`openStore(…, 'generations', …)`): each step a
 * migration, applied once in order. Columns beside the entry are what estimates, spending, cost
 * attribution and a compare run's cells ask by.
 */
export const GENERATIONS_SCHEMA = [
  `CREATE TABLE generations (
     id TEXT PRIMARY KEY,
     profile_id TEXT NOT NULL,
     at REAL NOT NULL,
     entry TEXT NOT NULL
   );
   CREATE INDEX generations_at ON generations (at, id);`,
  // What estimates, spending, cost attribution and a compare run's cells ask by, beside the entry,
  // so each is a query and a start reads nothing of the log.
  `ALTER TABLE generations ADD COLUMN kind TEXT NOT NULL DEFAULT '';
   ALTER TABLE generations ADD COLUMN model TEXT NOT NULL DEFAULT '';
   ALTER TABLE generations ADD COLUMN ok INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE generations ADD COLUMN cost REAL;
   ALTER TABLE generations ADD COLUMN exact INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE generations ADD COLUMN ref TEXT;
   UPDATE generations SET
     kind = coalesce(json_extract(entry, '$.kind'), ''),
     model = coalesce(json_extract(entry, '$.model'), ''),
     ok = CASE json_extract(entry, '$.ok') WHEN 0 THEN 0 ELSE 1 END,
     cost = json_extract(entry, '$.cost'),
     exact = coalesce(json_extract(entry, '$.costBasis') = 'exact', 0),
     ref = json_extract(entry, '$.ref')
   WHERE json_valid(entry);
   CREATE INDEX generations_ref ON generations (ref) WHERE ref IS NOT NULL;
   CREATE INDEX generations_profile ON generations (profile_id, at);
   CREATE INDEX generations_model ON generations (model, kind, at);`,
  // The estimator (issue 28): the price fields beside the model, and whether a cost may be used for an
  // estimate (exact, or split between jobs of the same model and price fields). The estimate asks
  // the latest N usable rows of one (profile, kind, model, params) by this index, newest by insertion
  // (rowid), never by the job's clock time: a clock set back does not reorder history.
  `ALTER TABLE generations ADD COLUMN params TEXT NOT NULL DEFAULT '';
   ALTER TABLE generations ADD COLUMN usable INTEGER NOT NULL DEFAULT 0;
   UPDATE generations SET usable = 1 WHERE exact = 1 AND ok = 1 AND cost IS NOT NULL;
   CREATE INDEX generations_estimate ON generations (profile_id, kind, model, params) WHERE usable = 1;
   CREATE INDEX generations_estimate_model ON generations (profile_id, kind, model) WHERE usable = 1;`
]

export function validEntry(e: unknown): GenerationEntry[] {
  const r = GenerationEntrySchema.safeParse(e)
  return r.success ? [r.data] : []
}

/** Rows to entries; a row damaged outside the app is left out. */
export function entries(rows: Array<{ entry: string }>): GenerationEntry[] {
  return rows.flatMap((row) => {
    try {
      return validEntry(JSON.parse(row.entry))
    } catch {
      return []
    }
  })
}
