/** The parsing side of the renderer, one lazily loaded chunk (engine.ts). */
export { advanceDoc, emptyDoc, type MarkdownDoc } from './incremental'
export { completeTail } from './streaming-complete'
