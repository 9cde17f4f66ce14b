import { randomBytes } from 'node:crypto'
import { allowLoopbackResultOrigin } from '../../src/main/core/gateway/result-address'
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index'

export type { SandboxHandle }

export interface BenchSandbox {
  handle: SandboxHandle
  url: string
  key: string
  close(): Promise<void>
}

/**
 * The gateway sandbox in this process, on a 127.0.0.1 port of its own (real HTTP over loopback).
 * Speed 1000 makes stream pacing zero (sandbox paceFor: 25 ms / speed, < 1 ms -> none), so a
 * stream's first content frame follows its first byte at once and latency metrics see only the
 * client's own work. A fixed seed keeps answers identical across runs and arms.
 */
export async function startBenchSandbox(opts: { speed?: number; seed?: number } = {}): Promise<BenchSandbox> {
  const key = `sk-bench-${randomBytes(12).toString('hex')}`
  const handle = await startSandbox({
    port: 0,
    speed: opts.speed ?? 1000,
    seed: opts.seed ?? 7,
    quiet: true,
    keys: [{ key, name: 'bench', unlimited: true }]
  })
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(handle.url)) {
    await handle.close()
    throw new Error(`the sandbox is not on loopback: ${handle.url}`)
  }
  // Its file server is another loopback origin, allowed as the built-in sandbox's is (result-address.ts).
  const unallow = allowLoopbackResultOrigin(handle.cdnUrl)
  return {
    handle,
    url: handle.url,
    key,
    close: () => {
      unallow()
      return handle.close()
    }
  }
}

/** Runs `fn` with a sandbox that is closed afterwards, also when `fn` throws. */
export async function withSandbox<T>(
  fn: (sb: BenchSandbox) => Promise<T>,
  opts?: { speed?: number; seed?: number }
): Promise<T> {
  const sb = await startBenchSandbox(opts)
  try {
    return await fn(sb)
  } finally {
    await sb.close()
  }
}
