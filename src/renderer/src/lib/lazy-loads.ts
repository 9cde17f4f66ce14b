/**
 * Chunks the page imports on first use (the Markdown engine, KaTeX, grammars) register here while
 * they load. Nothing in the app waits on this; the renderer tests do: a test file that ends while a
 * chunk is still arriving would otherwise see the import fail after its environment is torn down
 * (slow machines), which Vitest rightly reports as an unhandled error.
 */
const inFlight = new Set<Promise<unknown>>()

/** Returns `load` itself, remembered until it settles. */
export function trackLoad<T>(load: Promise<T>): Promise<T> {
  inFlight.add(load)
  const forget = () => inFlight.delete(load)
  load.then(forget, forget)
  return load
}

/** Resolves once every chunk that was loading has arrived (or failed), including ones they start. */
export async function settleLoads(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight])
}
