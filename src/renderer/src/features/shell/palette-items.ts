import Fuse from 'fuse.js'
import type { CommandItem } from '@renderer/components/CommandList'

/** A palette entry: what it shows and what Enter does. */
export interface PaletteEntry extends CommandItem {
  run: () => void
}

/** Where a word starts in a label: after a space or punctuation, or at a CJK character (no spaces there). */
const WORD_START = /(?:^|[\s·:：,，()（）/…-])(\S)|([\u3000-\u9fff])/gu

function wordStarts(label: string): number[] {
  const starts: number[] = []
  for (const m of label.matchAll(WORD_START)) starts.push(m.index + m[0].length - 1)
  return starts
}

/** 0: the label starts with the query; 1: a word of it does; 2: it contains the query; -1: none of these. */
function prefixRank(label: string, q: string): number {
  const l = label.toLowerCase()
  if (l.startsWith(q)) return 0
  if (wordStarts(l).some((i) => l.startsWith(q, i))) return 1
  return l.includes(q) ? 2 : -1
}

/**
 * The entries the page already holds (areas, actions, conversations, profiles) for a query: what
 * the query begins (the label, then a word of it, then anywhere in it) first, in the given order
 * within each rank, then Fuse.js's fuzzy matches for typos ("vdeo"). So "ed" finds Edit… before a
 * label that merely has an e and a d in it, and "theme" puts the theme action above any fuzzy
 * neighbour. Saved prompts are searched by the host (its ranked FTS index) and appended as they
 * come. An empty query keeps the given order.
 */
export function rankEntries(entries: readonly PaletteEntry[], query: string, max = 30): PaletteEntry[] {
  const q = query.trim().toLowerCase()
  if (!q) return entries.slice(0, max)
  const ranked: PaletteEntry[][] = [[], [], []]
  for (const e of entries) {
    const rank = prefixRank(e.label, q)
    if (rank >= 0) ranked[rank].push(e)
  }
  const exact = new Set(ranked.flat())
  const fuse = new Fuse(
    entries.filter((e) => !exact.has(e)),
    { keys: [{ name: 'label', weight: 3 }, 'detail', 'group'], threshold: 0.4, ignoreLocation: true }
  )
  const fuzzy = fuse.search(q, { limit: max }).map((r) => r.item)
  return [...ranked.flat(), ...fuzzy].slice(0, max)
}
