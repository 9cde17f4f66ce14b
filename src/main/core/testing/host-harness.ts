// What the images and video test harnesses share: a gateway (the sandbox unless a test names
// another), a data dir, real grants and media, the event hub with every event kept, and calls parsed
// by the contract on the way in and out, as the dispatcher does.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { z } from 'zod'
import { invokes } from '@shared/contract'
import { StudioError, type StudioErrorData } from '@shared/errors'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { FileGrants } from '../files/grants'
import { MediaLibrary } from '../files/media'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import type { Handlers } from '../ipc/dispatcher'
import { EventHub } from '../ipc/event-hub'
import { SecretGuard } from '../ipc/secret-guard'

type Channel = keyof typeof invokes
export type ContractCall<C extends Channel> = <K extends C>(
  channel: K,
  input: z.input<(typeof invokes)[K]['input']>
) => Promise<z.output<(typeof invokes)[K]['output']>>
export type ContractFail<C extends Channel> = <K extends C>(
  channel: K,
  input: z.input<(typeof invokes)[K]['input']>
) => Promise<StudioErrorData>

export interface HostBase {
  sb: SandboxHandle
  dataDir: string
  gateway: { baseUrl: string; key: string }
  hub: EventHub
  events: Array<{ name: string; payload: unknown }>
  media: MediaLibrary
  grants: FileGrants
}

export interface HostBaseOptions {
  sandbox?: SandboxHandle
  dataDir?: string
  gateway?: { baseUrl: string; key: string }
  /** The temp dir's name prefix when the test gives none. */
  dirPrefix: string
  log?: (line: string) => void
}

export async function hostBase(opts: HostBaseOptions): Promise<HostBase> {
  const sb = opts.sandbox ?? (await startSandbox({ speed: 1000, quiet: true }))
  // A test's sandbox is what studio-core's built-in one is: its file server's results are allowed.
  allowLoopbackResultOrigin(sb.cdnUrl)
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), opts.dirPrefix))
  const gateway = opts.gateway ?? { baseUrl: sb.url, key: sb.key }
  const guard = new SecretGuard()
  guard.add(gateway.key)
  const hub = new EventHub(guard, opts.log)
  const events: HostBase['events'] = []
  hub.addSink((...[name, payload]) => events.push({ name, payload }))
  const media = new MediaLibrary('/media/')
  const grants = await FileGrants.open({ dataDir, media })
  return { sb, dataDir, gateway, hub, events, media, grants }
}

/** Calls a handler as the dispatcher does: input and output both parsed by the contract. */
export function contractCall<C extends Channel>(handlers: Pick<Handlers, C>): ContractCall<C> {
  return async (channel, input) => {
    const parsed = invokes[channel].input.parse(input)
    const out = await (handlers[channel] as (i: unknown, c: unknown) => unknown)(parsed, { shell: 'browser' })
    return invokes[channel].output.parse(out) as never
  }
}

/** The error a call that must fail gave, as the page would get it (a contract refusal as INVALID_INPUT). */
export function contractFail<C extends Channel>(call: ContractCall<C>): ContractFail<C> {
  return async (channel, input) => {
    try {
      await call(channel, input)
    } catch (e) {
      if (e instanceof StudioError) return e.toData()
      if (e && typeof e === 'object' && 'issues' in e) {
        const issue = (e as z.ZodError).issues[0]
        return {
          code: 'INVALID_INPUT',
          message: issue?.message ?? String(e),
          retryable: false,
          field: issue?.path.join('.')
        }
      }
      throw e
    }
    throw new Error(`${channel} was expected to fail`)
  }
}

/** Checks every 10 ms until `check()` holds; past the deadline, fails the test. */
export const waitFor = (check: () => boolean, timeoutMs = 15_000): Promise<true> =>
  pollUntil(
    () => check() || undefined,
    timeoutMs,
    () => 'timed out'
  )

/** Checks every 10 ms until `probe` gives a value; past the deadline throws with `failure()`. */
export async function pollUntil<T>(probe: () => T | undefined, timeoutMs: number, failure: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = probe()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(failure())
    await new Promise((r) => setTimeout(r, 10))
  }
}
