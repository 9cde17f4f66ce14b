import Fuse from 'fuse.js'
import type { CommandItem } from '@renderer/components/CommandList'

/** A palette entry: what it shows and what Enter does. */
export interface PaletteEntry extends CommandItem {
  run: () => void
}

/**
 * Fuzzy matching (Fuse.js) over the entries the page already holds: areas, actions, conversations,
 * profiles. Saved prompts are searched by the host (its ranked FTS index) and appended as they come.
 * An empty query keeps the given order.
 */
export function fuzzyFilter(entries: readonly PaletteEntry[], query: string, max = 30): PaletteEntry[] {
  const q = query.trim()
  if (!q) return entries.slice(0, max)
  const fuse = new Fuse(entries, { keys: [{ name: 'label', weight: 3 }, 'detail', 'group'], threshold: 0.4, ignoreLocation: true })
  return fuse
    .search(q, { limit: max })
    .map((r) => r.item)
}
