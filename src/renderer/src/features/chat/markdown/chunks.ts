import type { RootContent } from 'mdast'

/** Sealed blocks per run: a full run is never rebuilt, so React compares one memoized run per 16 blocks (S2). */
export const CHUNK_SIZE = 16

export interface MdBlock {
  /** The block's offset in the message: unique, and stable while the message streams. */
  key: string
  nodes: readonly RootContent[]
}
