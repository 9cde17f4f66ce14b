import { readFileSync } from 'node:fs'

/**
 * A wall clock shifted by the whole number of milliseconds written in `file` (`STUDIO_CLOCK_FILE`).
 * End-to-end tests move the host's time this way instead of sleeping through a time-based rule (the
 * usage route's 10 s double-click guard). The file is read on every call, so a test changes the
 * offset while the studio runs; a missing file or text that is not a whole number means no shift,
 * because a clock must never throw into the rule that asks it.
 */
export function offsetClock(file: string, base: () => number = Date.now): () => number {
  return () => base() + readOffset(file)
}

function readOffset(file: string): number {
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch {
    return 0
  }
  return /^-?\d{1,15}$/.test(text) ? Number(text) : 0
}
