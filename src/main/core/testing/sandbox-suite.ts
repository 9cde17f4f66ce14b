/**
 * The set-up most gateway tests share: one sandbox gateway and one harness over it for a whole
 * describe block, started before its first test and closed after its last.
 *
 * `sb` and `h` are usable as plain values in the block's tests (`sb.log()`, `h.call(...)`, `fn(h)`)
 * although they exist only once `beforeAll` has run: each is a stand-in that forwards to the real
 * object, so a test reads like one written against local variables.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { allowLoopbackResultOrigin } from '../gateway/result-address'

interface Closable {
  close(): Promise<void>
}

export interface SandboxSuiteOptions {
  /** Before each test: no faults left armed for the sandbox's key, and an empty request log. */
  resetEach?: boolean
}

/** Forwards every read to `get()`, methods bound to the real object (private fields keep working). */
function forward<T extends object>(get: () => T | undefined, what: string): T {
  const target = (): T => {
    const real = get()
    if (!real) throw new Error(`${what} is used before the suite started it (call it in a test or hook)`)
    return real
  }
  return new Proxy({} as T, {
    get: (_, key) => {
      const real = target()
      const value: unknown = Reflect.get(real, key)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key)
  })
}

/** One sandbox for a describe block whose tests make their own harnesses (speed 1: tasks take real time). */
export function suiteSandbox(opts: { speed?: number } = {}): SandboxHandle {
  let sb: SandboxHandle | undefined
  beforeAll(async () => {
    sb = await startSandbox({ speed: opts.speed ?? 1000, quiet: true })
    // A test's sandbox is what studio-core's built-in one is: its file server's results are allowed.
    allowLoopbackResultOrigin(sb.cdnUrl)
  })
  afterAll(() => sb?.close())
  return forward(() => sb, 'The sandbox')
}

export interface SandboxSuite<H> {
  sb: SandboxHandle
  h: H
  /** From now on `h` is `next` (a harness restarted over the same data), closed after the block. */
  swap(next: H): void
}

export function sandboxSuite<H extends Closable>(
  harness: (opts: { sandbox: SandboxHandle }) => Promise<H>,
  opts: SandboxSuiteOptions = {}
): SandboxSuite<H> {
  let sb: SandboxHandle | undefined
  let h: H | undefined
  beforeAll(async () => {
    sb = await startSandbox({ speed: 1000, quiet: true })
    allowLoopbackResultOrigin(sb.cdnUrl)
    h = await harness({ sandbox: sb })
  })
  afterAll(async () => {
    await h?.close()
    await sb?.close()
  })
  if (opts.resetEach) {
    beforeEach(() => {
      sb!.setFaults(sb!.key, [])
      sb!.clearLog()
    })
  }
  return {
    sb: forward(() => sb, 'The sandbox'),
    h: forward(() => h, 'The harness'),
    swap: (next) => {
      h = next
    }
  }
}
