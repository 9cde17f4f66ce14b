import { join } from 'node:path'
import { joinPath } from '@shared/domain/gateway-names'
import type { Asset, AssetGroup, AssetGroupCreate, AssetImportRequest } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import { namesOf, readJson, sendGateway, type FetchLike, type GatewayConnection } from '../gateway/http'
import type { EventHub } from '../ipc/event-hub'
import { openLibrary, type Library } from '../store/library-db'
import { stepDelay } from '../tasks/cadence'
import { keyFingerprint } from '../tasks/key-fingerprint'
import type { PollScheduler } from '../tasks/scheduler'
import { findAsset, listAssets, loadAssets, putAsset, putGroup } from './asset-table'

/**
 * Assets for video generation (spec "Asset import", GATEWAY.md §5b): create a group, import by a
 * public HTTPS URL, follow the import until `Active` or failed (on the host's one task scheduler:
 * its rate cap, jitter and 429 back-off), list. Kept in the library database, one row per group and
 * per asset (`<dataDir>/video/assets.json` of earlier versions is imported once).
 */

const FOLLOW_MS = [3000, 5000, 10_000, 20_000, 30_000]
const GIVE_UP_MS = 2 * 3600_000

export interface AssetDeps {
  dataDir: string
  profiles: { activeId(): Promise<string>; connection(id: string): Promise<GatewayConnection> }
  fetch: FetchLike
  scheduler: PollScheduler
  emit: EventHub['emit']
  log?: (line: string) => void
  /** Waits between status checks of an import (tests shorten them). */
  followMs?: readonly number[]
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {})
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

/** The asset answers wrap everything as `{state, data, error}`; state 1 is success. */
function unwrap(body: unknown, what: string): Obj {
  const b = obj(body)
  const err = obj(b.error)
  if (b.state !== 1 && b.state !== undefined) {
    const msg = str(err.Message) ?? str(err.message) ?? `the gateway refused the ${what}`
    throw new StudioError('GATEWAY_ERROR', `Asset ${what} failed: ${msg}`, {
      details: { gatewayCode: str(err.Code) ?? str(err.code) ?? '' }
    })
  }
  return obj(b.data)
}

export function assetState(raw: unknown): Asset['state'] {
  const s = typeof raw === 'string' ? raw.toLowerCase() : ''
  if (s === 'active') return 'active'
  if (s === 'failed' || s === 'error' || s === 'rejected') return 'failed'
  if (s === 'processing' || s === 'pending' || s === 'reviewing' || s === 'transcoding') return 'processing'
  return 'unknown'
}

export class AssetService {
  /** Imports whose checks the gateway refused (401/403): asset id -> the refused key's fingerprint. */
  private readonly paused = new Map<string, { key: string; attempt: number }>()
  private readonly lib: Library

  private constructor(private readonly d: AssetDeps) {
    this.lib = openLibrary(d.dataDir)
  }

  static async open(d: AssetDeps): Promise<AssetService> {
    const s = new AssetService(d)
    let open: Asset[]
    try {
      open = await loadAssets(s.lib, join(d.dataDir, 'video', 'assets.json'))
    } catch (e) {
      s.lib.release()
      throw e
    }
    for (const a of open) s.follow(a, 0)
    return s
  }

  /** One row, committed (synchronous=FULL) before the change is announced. */
  private async save(row: Asset | AssetGroup): Promise<void> {
    if ('taskId' in row) putAsset(this.lib, row)
    else putGroup(this.lib, row)
  }

  find(id: string): Asset | undefined {
    return findAsset(this.lib, id)
  }

  private async call(profileId: string, route: string, json: unknown): Promise<unknown> {
    const conn = await this.d.profiles.connection(profileId)
    return this.d.scheduler.request(profileId, async () =>
      readJson(
        await sendGateway(this.d.fetch, conn, {
          method: 'POST',
          path: joinPath(namesOf(conn).assetPrefix, route),
          json,
          timeoutMs: 30_000
        })
      )
    )
  }

  async createGroup(req: AssetGroupCreate): Promise<AssetGroup> {
    const profileId = req.profileId ?? (await this.d.profiles.activeId())
    const data = unwrap(
      await this.call(profileId, 'CreateAssetGroup', {
        Name: req.name,
        ...(req.description ? { Description: req.description } : {})
      }),
      'group creation'
    )
    const id = str(data.Id)
    if (!id) throw new StudioError('GATEWAY_ERROR', 'The gateway created the group but returned no group id.')
    const group: AssetGroup = {
      id,
      profileId,
      name: req.name,
      ...(req.description ? { description: req.description } : {}),
      createdAt: Date.now()
    }
    await this.save(group)
    this.d.emit('video:assets-changed', { ids: [id] })
    return group
  }

  async importAsset(req: AssetImportRequest): Promise<Asset> {
    const profileId = req.profileId ?? (await this.d.profiles.activeId())
    const data = unwrap(
      await this.call(profileId, 'CreateAsset', {
        GroupId: req.groupId,
        URL: req.url,
        AssetType: req.type,
        Name: req.name
      }),
      'import'
    )
    const id = str(data.Id)
    const taskId = str(data.task_id)
    if (!id || !taskId)
      throw new StudioError('GATEWAY_ERROR', 'The gateway accepted the import but returned no asset id or task id.')
    const now = Date.now()
    const asset: Asset = {
      id,
      taskId,
      profileId,
      groupId: req.groupId,
      name: req.name,
      url: req.url,
      type: req.type,
      state: 'processing',
      rawStatus: null,
      createdAt: now,
      updatedAt: now
    }
    await this.save(asset)
    this.d.emit('video:assets-changed', { ids: [id] })
    this.follow(asset, 0)
    return asset
  }

  list(profileId: string): { groups: AssetGroup[]; assets: Asset[] } {
    return listAssets(this.lib, profileId)
  }

  /** GetAsset by the import task id; updates and announces the asset. */
  async refresh(id: string): Promise<Asset> {
    const asset = this.find(id) ?? findAsset(this.lib, id, true)
    if (!asset) throw new StudioError('NOT_FOUND', 'That asset is not known to the studio', { field: 'id' })
    const data = unwrap(await this.call(asset.profileId, 'GetAsset', { task_id: asset.taskId }), 'status query')
    const raw = str(data.Status) ?? null
    const next = assetState(raw)
    const changed = next !== asset.state || raw !== asset.rawStatus
    asset.rawStatus = raw
    asset.state = next
    asset.updatedAt = Date.now()
    const err = obj(data.Error)
    // A check that went through ends a pause (a manual refresh with a working key, or one kept
    // in the file from before a restart); an import still running is followed again.
    const unpaused = next !== 'failed' && asset.error !== undefined
    if (unpaused) delete asset.error
    const pause = this.paused.get(asset.id)
    if (pause) {
      this.paused.delete(asset.id)
      if (next === 'processing' || next === 'unknown') this.follow(asset, pause.attempt)
    }
    if (next === 'failed')
      asset.error = {
        message: str(err.Message) ?? str(err.message) ?? 'The asset could not be imported.',
        ...(str(err.Code) ? { code: str(err.Code) } : {})
      }
    if (changed || unpaused) {
      await this.save(asset)
      this.d.emit('video:assets-changed', { ids: [asset.id] })
    }
    return asset
  }

  private follow(asset: Asset, attempt: number, notBefore = 0): void {
    const s = this.d.scheduler
    const due = Math.max(s.now() + stepDelay(attempt, this.d.followMs ?? FOLLOW_MS, undefined, s.random), notBefore)
    s.add(`asset:${asset.id}`, due, asset.profileId, async () => {
      let after = 0
      try {
        const a = await this.refresh(asset.id)
        s.answered(asset.profileId)
        if (a.state === 'active' || a.state === 'failed') return
      } catch (e) {
        if (e instanceof StudioError && (e.status === 401 || e.status === 403)) return this.pause(asset, attempt, e)
        if (e instanceof StudioError && e.code === 'RATE_LIMITED')
          after = s.backOff(asset.profileId, e.details?.retryAfterMs)
        ;(this.d.log ?? (() => {}))(
          `assets: checking ${asset.id} failed: ${e instanceof Error ? e.message : String(e)}`
        )
      }
      if (Date.now() - asset.createdAt < GIVE_UP_MS) this.follow(asset, attempt + 1, after)
    })
  }

  /**
   * A refused key does not get better by asking again for hours: the import waits (still
   * processing, with the reason) until the profile's key changes, like a video task.
   */
  private async pause(followed: Asset, attempt: number, e: StudioError): Promise<void> {
    // The row as it is now: the followed copy may predate the last check's answer.
    const asset = this.find(followed.id) ?? followed
    let key = ''
    try {
      key = keyFingerprint((await this.d.profiles.connection(asset.profileId)).key)
    } catch {
      // no key at all: any key entered later resumes it
    }
    this.paused.set(asset.id, { key, attempt })
    asset.error = {
      message: `Checking the import is paused: ${e.message} Update the profile's key to continue.`,
      ...(e.status ? { code: String(e.status) } : {})
    }
    asset.updatedAt = Date.now()
    await this.save(asset)
    this.d.emit('video:assets-changed', { ids: [asset.id] })
  }

  /** The profiles changed: imports paused with a key that is no longer the profile's are checked again. */
  async onProfilesChanged(): Promise<void> {
    for (const [id, p] of [...this.paused]) {
      const asset = this.find(id)
      if (!asset) {
        this.paused.delete(id)
        continue
      }
      let key: string
      try {
        key = keyFingerprint((await this.d.profiles.connection(asset.profileId)).key)
      } catch {
        continue
      }
      if (key === p.key) continue
      this.paused.delete(id)
      delete asset.error
      await this.save(asset)
      this.follow(asset, p.attempt)
    }
  }

  /** Every change is durable when its call resolves; kept for callers that wait before shutting down. */
  async flush(): Promise<void> {}

  /** Lets go of the library database (the last user closes it cleanly). */
  close(): void {
    this.lib.release()
  }
}
