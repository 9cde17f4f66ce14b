/**
 * The markdown parser (micromark and its extensions) and the node renderer (with the math and code
 * views, which load KaTeX and grammars in turn) stay off the start path: they are imported the
 * first time a reply is rendered. Until then a reply shows as plain text, which is also what it
 * looks like for the few milliseconds the chunk takes to arrive from the app's own files.
 */
import { trackLoad } from '@renderer/lib/lazy-loads'

export type MarkdownEngine = typeof import('./engine-impl')

let engine: MarkdownEngine | null = null
let loading: Promise<MarkdownEngine> | null = null

export function loadMarkdownEngine(): Promise<MarkdownEngine> {
  loading ??= trackLoad(import('./engine-impl').then((m) => (engine = m)))
  return loading
}

/** The engine if it has loaded, else null (and it starts loading). */
export function markdownEngine(): MarkdownEngine | null {
  if (!engine) void loadMarkdownEngine()
  return engine
}
