import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EventName } from '@shared/contract'
import { noKeychain, type SecretBackend } from '../../profiles/secret-backend'
import { createStudioCore, type StudioCore } from '../../studio-core'

/** A loopback port with nothing listening (bound, then closed). */
export async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

export interface CoreRig {
  core: StudioCore
  dataDir: string
  events: Array<{ name: EventName; payload: Record<string, unknown> }>
  fetched: string[]
  call(channel: string, input?: unknown): Promise<unknown>
  /** The first event (already seen or still to come) that matches. */
  waitFor(
    name: EventName,
    match: (p: Record<string, unknown>) => boolean,
    timeoutMs?: number
  ): Promise<Record<string, unknown>>
  close(): Promise<void>
}

/** A full core (sandbox off) whose active profile is the given gateway, with a recording fetch. */
export async function coreRig(
  opts: {
    gatewayUrl?: string
    key?: string
    dataDir?: string
    secrets?: SecretBackend
    keepDir?: boolean
    fetch?: typeof fetch
  } = {}
): Promise<CoreRig> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'studio-faults-'))
  const fetched: string[] = []
  const core = await createStudioCore({
    shell: 'browser',
    secrets: opts.secrets ?? noKeychain,
    dataDir,
    appVersion: '0.0.0-faults',
    platform: 'linux',
    sandbox: { enabled: false },
    ...(opts.gatewayUrl
      ? { env: { gatewayUrl: opts.gatewayUrl, apiKey: opts.key ?? 'sk-faults-key-0000000000' } }
      : {}),
    fetch: (input, init) => {
      fetched.push(String(input))
      return (opts.fetch ?? fetch)(input, init)
    }
  })
  const events: CoreRig['events'] = []
  core.events.listen((...[name, payload]) => {
    events.push({ name, payload })
  })
  return {
    core,
    dataDir,
    events,
    fetched,
    call: async (channel, input) => {
      const r = await core.dispatch(channel, input, { shell: 'browser' })
      if (!r.ok) throw Object.assign(new Error(`${channel}: ${r.error.code} ${r.error.message}`), { data: r.error })
      return r.value
    },
    waitFor: async (name, match, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const hit = events.find((e) => e.name === name && match(e.payload))
        if (hit) return hit.payload
        if (Date.now() > deadline) throw new Error(`no ${name} event matched within ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    close: async () => {
      await core.dispose()
      if (!opts.keepDir) rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

export interface FaultRule {
  /** Which requests (by URL) get the fault. */
  match: (url: string) => boolean
  /** An `x-sandbox-fault` spec. */
  fault: string
  /** How many matching requests get it (decremented as they are sent). */
  times: number
  /** Count a use only when the answer passes this check (e.g. the poll that carried the result). */
  spend?: (res: Response) => Promise<boolean>
}

/**
 * A fetch that adds the sandbox's per-request fault header to chosen requests: how a test aims a
 * fault at one call of a route (the native task's polls, not its submit) through the real client.
 */
export function faultingFetch(rules: FaultRule[], base: typeof fetch = fetch): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const rule = rules.find((r) => r.times > 0 && r.match(url))
    if (!rule) return base(input, init)
    const headers = new Headers(init?.headers)
    headers.set('x-sandbox-fault', rule.fault)
    if (!rule.spend) rule.times--
    const res = await base(input, { ...init, headers })
    if (rule.spend && (await rule.spend(res.clone()))) rule.times--
    return res
  }) as typeof fetch
}

export const isPoll = (url: string) => url.includes('Action=CVSync2AsyncGetResult')
export const isSubmit = (url: string) => url.includes('Action=CVSync2AsyncSubmitTask')
