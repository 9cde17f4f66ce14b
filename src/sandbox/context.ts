import { Accounts, type Account } from './accounts.js'
import { Catalog } from './catalog.js'
import { SandboxClock } from './clock.js'
import { parseFault, type Fault } from './faults.js'
import { FileStore } from './files.js'
import { RequestLog } from './log.js'
import { STANDIN_NAMING, type SandboxNaming } from './naming.js'
import { hash32, IdSource } from './rng.js'
import { TaskStore } from './tasks/store.js'

/** Everything a handler may touch. One per sandbox instance; nothing global. */
export class SandboxContext {
  readonly clock: SandboxClock
  readonly accounts = new Accounts()
  readonly log = new RequestLog()
  readonly ids: IdSource
  readonly tasks: TaskStore
  readonly files: FileStore
  /** Per-key faults, parsed once so their `*N` counters persist across requests. */
  readonly keyFaults = new Map<string, Fault[]>()
  /** Asset groups by id (assets themselves are tasks of the `asset` family). */
  readonly assetGroups = new Map<string, { owner: string; name: string; description: string; createdWallMs: number }>()
  /** The models of this instance's naming, with their families and rules. */
  readonly catalog: Catalog
  /** Models per `GET /v1beta/models` page when the client sends no `pageSize`. */
  modelsPageSize = 50
  gatewayUrl = ''
  /** Whether the /__sandbox/ control and log routes exist (never inside the studio). */
  control = true
  private requestSeq = 0

  constructor(
    readonly seed: number,
    speed: number,
    urlTtlSeconds: number,
    readonly naming: SandboxNaming = STANDIN_NAMING
  ) {
    this.catalog = new Catalog(naming)
    this.clock = new SandboxClock(speed)
    this.ids = new IdSource(seed)
    this.tasks = new TaskStore(this.clock)
    this.files = new FileStore(this.clock, `sandbox-url-secret-${hash32(seed, 'url')}`, urlTtlSeconds)
  }

  get cdnUrl(): string {
    return this.files.cdnUrl
  }

  setKeyFaults(key: string, specs: string[]): void {
    this.keyFaults.set(key, specs.map(parseFault))
  }

  faultsOf(key: string | null): Fault[] {
    return key ? (this.keyFaults.get(key) ?? []) : []
  }

  /** The gateway's request id: a UTC timestamp `YYYYMMDDhhmmss` plus 9 digits. */
  nextRequestId(): string {
    this.requestSeq += 1
    const d = new Date(this.clock.wallMs())
    const p = (n: number, w = 2) => String(n).padStart(w, '0')
    const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`
    return stamp + p(hash32(this.seed, 'rid', this.requestSeq) % 1_000_000_000, 9)
  }

  /** Seed for a synthetic result: the sandbox seed, the inputs, and the caller's seed if it gave one. */
  resultSeed(...parts: Array<string | number | undefined | null>): number {
    return hash32(this.seed, ...parts)
  }

  account(key: string | null): Account | undefined {
    return key ? this.accounts.get(key) : undefined
  }
}
