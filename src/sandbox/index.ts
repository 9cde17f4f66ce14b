import { randomBytes } from 'node:crypto'
import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SandboxContext } from './context.js'
import { resolveNaming } from './naming.js'
import { buildRouter } from './routes/index.js'
import { createCdnServer, createGatewayServer } from './server.js'
import type { SandboxHandle, SandboxKeySpec, SandboxOptions } from './types.js'

export type {
  SandboxAccountView,
  SandboxHandle,
  SandboxKeySpec,
  SandboxOptions,
  SandboxRequestLogEntry
} from './types.js'
export { FAULT_MODES } from './faults.js'
export { QUOTA_PER_UNIT, DEFAULT_QUOTA } from './accounts.js'
export { MODELS } from './catalog.js'
export { ALT_NAMING, BODY_FAMILIES, STANDIN_NAMING, modelNames, namesPlaying } from './naming.js'
export type { BodyFamily, NamedModel, SandboxNaming } from './naming.js'

/** Only loopback: the sandbox holds fake keys and serves anyone who can connect. */
const HOST = '127.0.0.1'

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const speed = opts.speed ?? 1
  const seed = opts.seed ?? randomBytes(4).readUInt32BE(0)
  const naming = resolveNaming(opts.naming)
  const ctx = new SandboxContext(seed >>> 0, speed, opts.urlTtlSeconds ?? 86_400, naming)
  if (opts.modelsPageSize !== undefined) ctx.modelsPageSize = opts.modelsPageSize
  ctx.control = opts.controlRoutes ?? true
  const keys: SandboxKeySpec[] = opts.keys?.length
    ? opts.keys
    : [{ key: `sk-sandbox-${randomBytes(12).toString('hex')}`, name: 'sandbox' }]
  const addKey = (spec: SandboxKeySpec) => {
    ctx.accounts.add(spec)
    ctx.setKeyFaults(spec.key, spec.faults ?? [])
  }
  keys.forEach(addKey)

  const open = new Set<ServerResponse>()
  const gateway = createGatewayServer(ctx, buildRouter(naming), open, opts.quiet ?? false)
  const cdn = createCdnServer(ctx, open)
  const port = await listen(gateway, opts.port ?? 0)
  let cdnPort: number
  try {
    cdnPort = await listen(cdn, opts.cdnPort ?? 0)
  } catch (err) {
    await stop(gateway)
    throw err
  }
  ctx.gatewayUrl = `http://${HOST}:${port}`
  ctx.files.cdnUrl = `http://${HOST}:${cdnPort}`

  let closed: Promise<void> | null = null
  return {
    url: ctx.gatewayUrl,
    naming,
    key: keys[0].key,
    cdnUrl: ctx.files.cdnUrl,
    addKey,
    updateKey(key, patch) {
      ctx.accounts.update(key, patch)
      if (patch.faults) ctx.setKeyFaults(key, patch.faults)
    },
    account(key) {
      const a = ctx.accounts.get(key)
      if (!a) return undefined
      return { name: a.name, quotaRemaining: a.remain, used: a.used, unlimited: a.unlimited, expiresAt: a.expiresAt }
    },
    log: () => ctx.log.list(),
    clearLog: () => ctx.log.clear(),
    setFaults(key, faults) {
      if (!ctx.accounts.get(key)) throw new Error('unknown sandbox key')
      ctx.setKeyFaults(key, faults)
    },
    advance: (seconds) => ctx.clock.advance(seconds * 1000),
    close() {
      // Hanging and stalled responses would keep close() waiting forever; end them first.
      closed ??= (async () => {
        for (const res of open) res.destroy()
        await Promise.all([stop(gateway), stop(cdn)])
      })()
      return closed
    }
  }
}
