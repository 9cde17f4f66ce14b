import type { ServerResponse } from 'node:http'
import type { ChatFormat, ChatMessage } from '@shared/domain/chat'
import type { FetchLike } from '../../gateway/http'
import { scriptedServer, type ScriptedHandler } from '../../testing/scripted-server'
import { messageText } from '../parts'
import { StreamRunner, type StreamDeltaPayload, type StreamEndedPayload, type StreamTiming } from '../stream-runner'

export const TEST_KEY = 'sk-runner-test-0123456789'

export interface RunHandle {
  url: string
  requests: number
  deltas: Array<StreamDeltaPayload & { at: number }>
  ended: StreamEndedPayload[]
  checkpoints: Array<{ at: number; message: ChatMessage }>
  finals: ChatMessage[]
  logs: string[]
  runner: StreamRunner
  done: Promise<ChatMessage>
  /** Text the renderer would have shown: every text append, in order. */
  shownText(): string
  close(): Promise<void>
}

/** Runs one stream of `format` against a scripted loopback server. */
export async function runScripted(
  format: ChatFormat,
  handler: ScriptedHandler,
  opts: { timing?: Partial<StreamTiming>; fetch?: FetchLike; baseUrl?: string } = {}
): Promise<RunHandle> {
  const gw = await scriptedServer(handler)
  const deltas: RunHandle['deltas'] = []
  const ended: StreamEndedPayload[] = []
  const checkpoints: RunHandle['checkpoints'] = []
  const finals: ChatMessage[] = []
  const logs: string[] = []
  const runner = new StreamRunner(
    opts.fetch ?? ((i, init) => fetch(i, init)),
    {
      delta: (d) => deltas.push({ ...d, at: performance.now() }),
      ended: (e) => ended.push(e),
      log: (l) => logs.push(l),
      scrub: (s) => s.split(TEST_KEY).join('[key]')
    },
    { windowMs: 16, ...opts.timing }
  )
  const message: ChatMessage = { id: 'm-1', role: 'assistant', parts: [], createdAt: 0, status: 'streaming', format }
  const paths: Record<ChatFormat, string> = {
    chat: '/v1/chat/completions',
    content: '/v1beta/models/m:streamGenerateContent',
    messages: '/v1/messages',
    completions: '/v1/completions'
  }
  const done = runner.start({
    streamId: 's-1',
    conversationId: 'c-1',
    format,
    call: { path: paths[format], json: { model: 'm', stream: true } },
    conn: { baseUrl: opts.baseUrl ?? gw.url, key: TEST_KEY },
    message,
    checkpoint: async (m) => {
      checkpoints.push({ at: performance.now(), message: m })
    },
    finish: async (m) => {
      finals.push(m)
    }
  })
  return {
    url: gw.url,
    get requests() {
      return gw.requests.length
    },
    deltas,
    ended,
    checkpoints,
    finals,
    logs,
    runner,
    done,
    shownText: () => deltas.flatMap((d) => d.ops.filter((o) => o.type === 'text').map((o) => o.append)).join(''),
    close: gw.close
  }
}

export function sseHead(res: ServerResponse, status = 200, type = 'text/event-stream'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' })
  res.flushHeaders()
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export { messageText }
