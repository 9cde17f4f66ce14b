import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { SecretGuard } from './ipc/secret-guard'

export type Logger = (line: string) => void

/** A line-per-event log in the data dir; every line is scrubbed of keys before it is written. */
export function createFileLogger(dataDir: string, guard: SecretGuard, alsoConsole = false): Logger {
  const dir = join(dataDir, 'logs')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const file = join(dir, 'host.log')
  return (line) => {
    const safe = guard.scrub(line)
    const out = `${new Date().toISOString()} ${safe}\n`
    try {
      appendFileSync(file, out, { mode: 0o600 })
    } catch {
      // Logging must never take the host down.
    }
    if (alsoConsole) process.stderr.write(out)
  }
}
