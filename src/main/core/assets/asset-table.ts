import type { Asset, AssetGroup } from '@shared/domain/video'
import { importOnce } from '../store/json-import'
import type { Library } from '../store/library-db'
import { readJsonFile } from '../store/read-json'

/** Asset groups and assets, one row each in the library database (the whole object as JSON). */
export const ASSETS_SCHEMA = [
  `CREATE TABLE asset_groups (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL, record TEXT NOT NULL);
   CREATE TABLE assets (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL, record TEXT NOT NULL);`
]

export function putGroup(lib: Library, g: AssetGroup): void {
  lib.run('INSERT INTO asset_groups (id, profile_id, record) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET profile_id = excluded.profile_id, record = excluded.record', g.id, g.profileId, JSON.stringify(g))
}

export function putAsset(lib: Library, a: Asset): void {
  lib.run('INSERT INTO assets (id, profile_id, record) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET profile_id = excluded.profile_id, record = excluded.record', a.id, a.profileId, JSON.stringify(a))
}

const isObject = (v: unknown): v is { id: string; profileId: string } => !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' && typeof (v as { profileId?: unknown }).profileId === 'string'

function rows<T>(lib: Library, table: 'assets' | 'asset_groups'): T[] {
  return lib.all<{ record: string }>(`SELECT record FROM ${table} ORDER BY rowid`).flatMap((r) => {
    try {
      const v: unknown = JSON.parse(r.record)
      return isObject(v) ? [v as T] : []
    } catch {
      // A row damaged outside the app: left out rather than failing the whole list (the gateway still has it).
      return []
    }
  })
}

/** Imports `<dataDir>/video/assets.json` of an earlier version once, then reads the rows. */
export async function loadAssets(lib: Library, legacyPath: string): Promise<{ groups: AssetGroup[]; assets: Asset[] }> {
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
      return { groups: Array.isArray(v?.groups) ? v.groups.filter(isObject) : [], assets: Array.isArray(v?.assets) ? v.assets.filter(isObject) : [] }
    },
    (file) => {
      for (const g of file.groups) putGroup(lib, g as AssetGroup)
      for (const a of file.assets) putAsset(lib, a as Asset)
    }
  )
  return { groups: rows<AssetGroup>(lib, 'asset_groups'), assets: rows<Asset>(lib, 'assets') }
}
