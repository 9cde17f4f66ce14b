import { createContext } from 'react'

/**
 * Called with a block's key each time that block renders. Null in the app; tests provide a counter
 * to prove sealed blocks are rendered once while the live tail grows.
 */
export const RenderProbe = createContext<((blockKey: string) => void) | null>(null)
