import type { Asset, AssetGroup } from '@shared/domain/video'
import { importOnce } from '../store/json-import'
import type { Library } from '../store/library-db'
import { readJsonFile } from '../store/read-json'

/** Asset groups and assets, one row each in the library database (the whole object as JSON). */
export const ASSETS_SCHEMA = [
  `CREATE TABLE asset_groups (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL, record TEXT NOT NULL);
   CREATE TABLE assets (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL, record TEXT NOT NULL);`,
  // Read by query, never whole: a profile's list, an asset by its id or import task id, and at
  // start only the imports still being checked (a partial index, not a scan).
  `ALTER TABLE assets ADD COLUMN task_id TEXT NOT NULL DEFAULT '';
   ALTER TABLE assets ADD COLUMN state TEXT NOT NULL DEFAULT '';
   UPDATE assets SET task_id = coalesce(json_extract(record, '$.taskId'), ''), state = coalesce(json_extract(record, '$.state'), '') WHERE json_valid(record);
   CREATE INDEX assets_profile ON assets (profile_id);
   CREATE INDEX assets_task ON assets (task_id);
   CREATE INDEX assets_open ON assets (state) WHERE state IN ('processing', 'unknown');
   CREATE INDEX asset_groups_profile ON asset_groups (profile_id);`
]

export function putGroup(lib: Library, g: AssetGroup): void {
  lib.run(
    'INSERT INTO asset_groups (id, profile_id, record) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET profile_id = excluded.profile_id, record = excluded.record',
    g.id,
    g.profileId,
    JSON.stringify(g)
  )
}

export function putAsset(lib: Library, a: Asset): void {
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  lib.run(
    `INSERT INTO assets (id, profile_id, record, task_id, state) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET profile_id = excluded.profile_id, record = excluded.record, task_id = excluded.task_id, state = excluded.state`,
    a.id,
    a.profileId,
    JSON.stringify(a),
    text(a.taskId),
    text(a.state)
  )
}

const isObject = (v: unknown): v is { id: string; profileId: string } =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as { id?: unknown }).id === 'string' &&
  typeof (v as { profileId?: unknown }).profileId === 'string'

function rows<T>(found: Array<{ record: string }>): T[] {
  return found.flatMap((r) => {
    try {
      const v: unknown = JSON.parse(r.record)
      return isObject(v) ? [v as T] : []
    } catch {
      // A row damaged outside the app: left out rather than failing the whole list (the gateway still has it).
      return []
    }
  })
}

/** A profile's groups and assets, in the order they were made. */
export function listAssets(lib: Library, profileId: string): { groups: AssetGroup[]; assets: Asset[] } {
  return {
    groups: rows<AssetGroup>(lib.all('SELECT record FROM asset_groups WHERE profile_id = ? ORDER BY rowid', profileId)),
    assets: rows<Asset>(lib.all('SELECT record FROM assets WHERE profile_id = ? ORDER BY rowid', profileId))
  }
}

/** One asset by its id, or by its import task id. */
export function findAsset(lib: Library, id: string, byTask = false): Asset | undefined {
  return rows<Asset>(lib.all(`SELECT record FROM assets WHERE ${byTask ? 'task_id' : 'id'} = ? LIMIT 1`, id))[0]
}

/** Imports `<dataDir>/video/assets.json` of an earlier version once; answers the imports still being checked (all a start needs). */
export async function loadAssets(lib: Library, legacyPath: string): Promise<Asset[]> {
  lib.schema('assets', ASSETS_SCHEMA)
  await importOnce(
    lib,
    'assets',
    [legacyPath],
    async () => {
      const read = await readJsonFile(legacyPath)
      if (!read.ok) return null
      const v = read.value as { groups?: unknown; assets?: unknown }
      // Unreadable: as before, start empty (the gateway still has them); the file is kept renamed.
      return {
        groups: Array.isArray(v?.groups) ? v.groups.filter(isObject) : [],
        assets: Array.isArray(v?.assets) ? v.assets.filter(isObject) : []
      }
    },
    (file) => {
      for (const g of file.groups) putGroup(lib, g as AssetGroup)
      for (const a of file.assets) putAsset(lib, a as Asset)
    }
  )
  return rows<Asset>(lib.all("SELECT record FROM assets WHERE state IN ('processing', 'unknown') ORDER BY rowid"))
}
