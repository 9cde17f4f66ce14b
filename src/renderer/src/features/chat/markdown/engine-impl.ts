/** The parser and the node renderer (math, code colouring), one lazily loaded chunk (engine.ts). */
export { advanceDoc, emptyDoc, type MarkdownDoc } from './incremental'
export { completeTail } from './streaming-complete'
export { Chunk } from './MarkdownBlock'
export { Footnotes } from './Footnotes'
