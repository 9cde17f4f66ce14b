import type { SandboxContext } from '../context.js'
import { fail, optString, reqString } from '../gate.js'
import { escapeRegExp, type SandboxNaming } from '../naming.js'
import { json, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { settle } from '../tasks/lifecycle.js'
import type { Task } from '../tasks/store.js'
import { statusWord } from '../tasks/views.js'

export const ASSET_TYPES = ['Image', 'Video', 'Audio']

function ok(data: unknown): Reply {
  return json(200, { state: 1, data, error: null })
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

/** Loopback http is allowed so tests can import the sandbox's own files; other plain http cannot be pulled. */
function pullProblem(url: string): string | null {
  if (url.includes('sandbox:fail')) return 'The asset could not be downloaded from the given URL'
  if (/^https:\/\//i.test(url)) return null
  if (/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//i.test(url)) return null
  return 'URL must be a public HTTPS address'
}

function createGroup(req: SandboxRequest, ctx: SandboxContext): Reply {
  const b = req.json()
  const name = reqString(req, b, 'Name')
  const description = optString(req, b, 'Description') ?? ''
  const id = `group-${ctx.ids.alnum(20).toLowerCase()}`
  ctx.assetGroups.set(id, { owner: req.account.key, name, description, createdWallMs: ctx.clock.wallMs() })
  return ok({ Id: id })
}

function createAsset(req: SandboxRequest, ctx: SandboxContext): Reply {
  const b = req.json()
  const groupId = reqString(req, b, 'GroupId')
  const url = reqString(req, b, 'URL')
  const type = reqString(req, b, 'AssetType')
  const name = reqString(req, b, 'Name')
  if (!ASSET_TYPES.includes(type)) throw fail(req, `AssetType must be one of ${ASSET_TYPES.join(', ')}`)
  if (!/^https?:\/\//i.test(url)) throw fail(req, 'URL must be an http(s) address')
  const group = ctx.assetGroups.get(groupId)
  if (!group || group.owner !== req.account.key) throw fail(req, `asset group ${groupId} does not exist`)
  const problem = pullProblem(url)
  const assetId = `asset-${ctx.ids.alnum(20).toLowerCase()}`
  const task = ctx.tasks.create({
    id: `task_${ctx.ids.alnum(32)}`,
    family: 'asset',
    owner: req.account.key,
    model: '',
    prompt: name,
    input: b,
    outcome: problem ? 'failed' : 'succeeded',
    failure: problem ? { message: problem, code: 'AssetPullFailed' } : undefined,
    cost: 0,
    seed: ctx.resultSeed('asset', url),
    resultFaults: [],
    expiredUrls: false,
    extra: { assetId, name, url, type, groupId }
  })
  return ok({ Id: assetId, task_id: task.id })
}

function assetRecord(ctx: SandboxContext, t: Task) {
  const snap = settle(ctx, t)
  return {
    Id: t.extra.assetId,
    Name: t.extra.name,
    URL: t.extra.url,
    AssetType: t.extra.type,
    GroupId: t.extra.groupId,
    Status: statusWord('asset', snap.stage),
    CreateTime: iso(t.createdWallMs),
    UpdateTime: iso(ctx.tasks.wallOf(t, snap.stageSinceTaskMs)),
    Error:
      snap.done && snap.stage !== 'succeeded'
        ? { Code: t.failure?.code ?? '', Message: t.failure?.message ?? '' }
        : null
  }
}

function getAsset(req: SandboxRequest, ctx: SandboxContext): Reply {
  const b = req.json()
  const key = typeof b.task_id === 'string' && b.task_id ? b.task_id : typeof b.Id === 'string' ? b.Id : ''
  if (!key) throw fail(req, 'field task_id is required')
  const t = ctx.tasks
    .all()
    .find((x) => x.family === 'asset' && x.owner === req.account.key && (x.id === key || x.extra.assetId === key))
  if (!t)
    return json(404, { state: 0, data: null, error: { Code: 'NotFound', Message: `asset task ${key} does not exist` } })
  return ok(assetRecord(ctx, t))
}

/** The asset routes live under the naming's prefix (stand-in `/v1/vendor/asset/`). */
export function assetRoutes(naming: SandboxNaming): RouteDef[] {
  const P = escapeRegExp(naming.assetPrefix)
  return [
    {
      method: 'POST',
      pattern: new RegExp(`^${P}CreateAssetGroup/?$`),
      name: 'asset.group.create',
      auth: 'bearer',
      format: 'asset',
      handler: createGroup
    },
    {
      method: 'POST',
      pattern: new RegExp(`^${P}CreateAsset/?$`),
      name: 'asset.create',
      auth: 'bearer',
      format: 'asset',
      handler: createAsset
    },
    {
      method: 'POST',
      pattern: new RegExp(`^${P}GetAsset/?$`),
      name: 'asset.get',
      auth: 'bearer',
      format: 'asset',
      handler: getAsset
    }
  ]
}
