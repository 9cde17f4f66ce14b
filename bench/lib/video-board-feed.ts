/**
 * P3's input: the page's bridge socket is routed through Playwright, so the board gets 1,000 tasks
 * from `video:list` and then `video:task-updated` frames at a fixed rate, in exactly the bridge
 * protocol the host speaks (src/shared/bridge-protocol.ts). Every other frame passes through to the
 * real host. The renderer is what P3 measures; the host's own polling is P1/P2.
 */
import type { Page, WebSocketRoute } from 'playwright-core'
import { BRIDGE_PATH } from '../../src/shared/bridge-wire'
import type { VideoTask } from '../../src/shared/domain/video'

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const STATES = ['running', 'succeeded', 'failed', 'queued', 'succeeded', 'outcome-unknown'] as const

/** `count` tasks, newest first; the newest `running` are the ones updates go to. */
export function boardTasks(count: number, running: number): VideoTask[] {
  return Array.from({ length: count }, (_, i) => {
    const state = i < running ? 'running' : STATES[i % STATES.length]
    const created = T0 - i * 60_000
    return {
      id: `bench-${i}`,
      taskId: `task_bench_${i}`,
      profileId: 'env',
      family: (['vidq', 'unified2', 'kl', 'gk'] as const)[i % 4],
      kind: i % 17 === 5 ? 'remix' : 'create',
      createRoute: 'POST /v1/videos',
      queryRoute: 'videos',
      model: ['gk-video-3', 'Kl-2.6', 'vidq2-pro', 'vo3.1-fast-components'][i % 4],
      ...(i % 4 === 1 && state === 'succeeded' ? { returnedModel: 'Kl-2.6-std-5s' } : {}),
      state,
      rawStatus: state === 'running' ? 'processing' : state,
      progress: state === 'running' ? i % 100 : state === 'succeeded' ? 100 : null,
      prompt: `benchmark video ${i}: a slow pan over a harbour at dusk, gulls, long shadows`,
      params: { model: 'gk-video-3', size: '720P', aspect_ratio: '16:9', seconds: 10 },
      ...(i % 17 === 5 ? { remixOf: { id: `bench-${i + 1}`, taskId: `task_bench_${i + 1}` } } : {}),
      createdAt: created,
      updatedAt: created,
      polls: 3,
      ...(state === 'failed'
        ? { error: { message: 'Content was flagged by moderation', code: 'policy_violation' } }
        : {}),
      download: { state: state === 'succeeded' ? 'done' : 'none', attempts: state === 'succeeded' ? 1 : 0 },
      // No media URL that exists: the bench measures the board, not video decoding.
      ...(state === 'succeeded'
        ? {
            result: {
              mediaUrl: `/media/none-${i}`,
              posterUrl: `/media/none-poster-${i}`,
              bytes: 1,
              contentType: 'video/mp4',
              fileName: `bench-${i}.mp4`,
              source: 'url',
              downloadedAt: created
            }
          }
        : {})
    } satisfies VideoTask
  })
}

export interface BoardFeed {
  /** Sends one task update to the page (a new object, progress moved, updatedAt later). */
  update(task: VideoTask): void
}

/** Must be called before the page navigates. */
export async function routeBoardFeed(page: Page, tasks: readonly VideoTask[]): Promise<BoardFeed> {
  let route: WebSocketRoute | null = null
  // The page opens `/bridge?challenge=…` (the host proof, shared/bridge-wire.ts): match the path, any query.
  await page.routeWebSocket(
    (url) => url.pathname === BRIDGE_PATH,
    (ws) => {
      route = ws
      const server = ws.connectToServer()
      ws.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString()
        try {
          const frame = JSON.parse(text) as { t?: string; id?: number; channel?: string }
          if (frame.t === 'invoke' && frame.channel === 'video:list') {
            ws.send(
              JSON.stringify({ t: 'result', id: frame.id, result: { ok: true, value: { tasks, total: tasks.length } } })
            )
            return
          }
        } catch {
          // Not JSON: pass it on, the host decides.
        }
        server.send(message)
      })
      server.onMessage((message) => ws.send(message))
    }
  )
  return {
    update(task) {
      route?.send(JSON.stringify({ t: 'event', name: 'video:task-updated', payload: task }))
    }
  }
}
