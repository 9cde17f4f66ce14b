import type * as Fs from 'node:fs'

/**
 * The fs shim of the disk-full scenarios (F21): a full disk cannot be arranged on a shared CI
 * machine, so writes to files whose name ends in `suffix` fail with ENOSPC while `shim.enospc` is
 * on. Result downloads stream into their `.part` through createWriteStream (gateway/download.ts).
 * Used from a `vi.mock('node:fs')` factory; imports nothing from fs itself.
 */
export function fullDiskFs(real: typeof Fs, shim: { enospc: boolean; hits: number }, suffix: string): typeof Fs {
  const createWriteStream = ((
    path: Parameters<typeof real.createWriteStream>[0],
    opts?: Parameters<typeof real.createWriteStream>[1]
  ) => {
    const s = real.createWriteStream(path, opts)
    if (shim.enospc && String(path).endsWith(suffix)) {
      const full = (cb: (e: Error) => void) => {
        shim.hits++
        cb(
          Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
            errno: -28,
            syscall: 'write'
          })
        )
      }
      s._write = (_c, _e, cb) => full(cb)
      s._writev = (_c, cb) => full(cb)
    }
    return s
  }) as typeof real.createWriteStream
  return { ...real, default: { ...real, createWriteStream }, createWriteStream } as typeof Fs
}
