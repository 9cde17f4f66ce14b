import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from './host-config'

export interface InstanceLock {
  path: string
  release(): void
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it exists but belongs to someone else; it still holds the folder.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * One browser host per data folder (SECURITY.md A22/F26), the counterpart of Electron's
 * single-instance lock: two hosts on one folder would poll the same tasks and write the same
 * journal. The lock is `<dataDir>/instance.lock` holding the owner's pid, created exclusively; a
 * lock whose process is gone (a crash, SIGKILL) is taken over.
 */
export function acquireInstanceLock(dataDir: string, pid = process.pid): InstanceLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const path = join(dataDir, 'instance.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, String(pid))
      closeSync(fd)
      return {
        path,
        release: () => {
          try {
            if (readFileSync(path, 'utf8') === String(pid)) unlinkSync(path)
          } catch {
            // Already gone: nothing to release.
          }
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    let holder = NaN
    try {
      holder = Number(readFileSync(path, 'utf8').trim())
    } catch {
      continue // released between our open and read: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== pid && alive(holder)) {
      throw new ConfigError(
        `Another studio is already running with this data folder (process ${holder}). Use that window, or stop it first.`
      )
    }
    try {
      unlinkSync(path) // stale: its process is gone
    } catch {
      // Someone else removed it first; the next attempt decides.
    }
  }
  throw new ConfigError(`Could not take the data folder's instance lock (${path}).`)
}
