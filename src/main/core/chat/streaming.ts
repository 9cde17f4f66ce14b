/**
 * The streaming half of chat (SSE parser, format state machines, runner), loaded on the first send
 * so the host can open its window without it.
 */
export { codecFor } from './formats'
export { StreamRunner, DEFAULT_STREAM_TIMING } from './stream-runner'
export type { StreamTiming, StreamSinks } from './stream-runner'
