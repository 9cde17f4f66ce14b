import type { SandboxRequestLogEntry } from './types.js'

/** Benchmarks send many requests; keep memory bounded by dropping the oldest entries. */
const MAX_ENTRIES = 50_000

export class RequestLog {
  private entries: SandboxRequestLogEntry[] = []
  private nextId = 1

  open(
    init: Omit<SandboxRequestLogEntry, 'id' | 'status' | 'paid' | 'faults' | 'route' | 'aborted'> & { route?: string }
  ): SandboxRequestLogEntry {
    const entry: SandboxRequestLogEntry = {
      id: this.nextId++,
      status: 0,
      paid: false,
      faults: [],
      route: 'unknown',
      aborted: false,
      ...init
    }
    this.entries.push(entry)
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES)
    return entry
  }

  /** Copies, so a test cannot corrupt the record and later updates do not change what it holds. */
  list(): SandboxRequestLogEntry[] {
    return this.entries.map((e) => ({ ...e, query: { ...e.query }, headers: { ...e.headers }, faults: [...e.faults] }))
  }

  clear(): void {
    this.entries = []
  }
}
