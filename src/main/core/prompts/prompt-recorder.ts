import type { z } from 'zod'
import type { Invokes } from '@shared/contract'
import type { ImageJob } from '@shared/domain/images'
import type { PromptResult } from '@shared/domain/prompts'
import type { VideoTask } from '@shared/domain/video'
import type { CallContext, Handlers } from '../ipc/dispatcher'
import type { HistoryRecord, PromptHistory, StoredResult } from './prompt-history'

type Wrapped =
  | 'chat:send'
  | 'chat:start-compare'
  | 'images:generate'
  | 'images:submit-native'
  | 'images:edit'
  | 'video:create'
  | 'video:remix'
  | 'compare:start-run'

export interface RecorderDeps {
  history: PromptHistory
  /** The model a conversation sends with (chat:send names only the conversation). */
  conversationModel: (conversationId: string) => Promise<string | null>
  changed: () => void
  log: (line: string) => void
}

/**
 * The history's hooks: one per area, where a send or create has been accepted (the handler answered),
 * so a request refused before it left is never history. Recording never fails the call it follows.
 */
export function withPromptHistory(h: Handlers, d: RecorderDeps): Handlers {
  const record = (r: HistoryRecord) => {
    if (!r.text.trim()) return
    try {
      d.history.record(r)
      d.changed()
    } catch (e) {
      d.log(`prompt history: not recorded (${e instanceof Error ? e.message : String(e)})`)
    }
  }
  const imageJob = (kind: HistoryRecord['kind'], model: string | undefined, text: string, job: { jobId: string }) =>
    record({ area: 'images', kind, model: model ?? '', text, ref: job.jobId })
  const videoTask = (kind: HistoryRecord['kind'], task: { id: string; model: string; prompt: string }) =>
    record({ area: 'video', kind, model: task.model, text: task.prompt, results: [{ kind: 'video', id: task.id }] })

  /** The handler of `channel`, then `then` with what was asked and what it answered. */
  const after =
    <C extends Wrapped>(
      channel: C,
      then: (input: z.output<Invokes[C]['input']>, out: z.input<Invokes[C]['output']>) => void
    ) =>
    async (input: z.output<Invokes[C]['input']>, ctx: CallContext): Promise<z.input<Invokes[C]['output']>> => {
      const handler = h[channel] as (i: typeof input, c: CallContext) => Promise<z.input<Invokes[C]['output']>>
      const out = await handler(input, ctx)
      then(input, out)
      return out
    }

  const wrapped: Pick<Handlers, Wrapped> = {
    'chat:send': async (input, ctx) => {
      const out = await h['chat:send'](input, ctx)
      // A regenerate asks again with words already in the history.
      if (!input.regenerate) {
        const model = await d.conversationModel(input.conversationId).catch(() => null)
        record({
          area: 'chat',
          kind: 'chat',
          model: model ?? '',
          text: input.text,
          results: [{ kind: 'conversation', id: input.conversationId }]
        })
      }
      return out
    },
    // A compare is one prompt sent to several models: one entry per model, as if each had been sent alone.
    'chat:start-compare': async (input, ctx) => {
      const out = await h['chat:start-compare'](input, ctx)
      out.started.forEach((s, i) => {
        if (s.error) return
        record({
          area: 'chat',
          kind: 'chat',
          model: input.models[i] ?? '',
          text: input.text,
          results: [{ kind: 'conversation', id: s.conversationId }]
        })
      })
      return out
    },
    'compare:start-run': async (input, ctx) => {
      const run = await h['compare:start-run'](input, ctx)
      for (const cell of run.cells) {
        // The same run sent again answers the run already started: its cells are history already.
        if (cell.state === 'not-sent' || d.history.has(cell.ref)) continue
        if (run.area === 'images') imageJob('image-generate', cell.model, run.prompt, { jobId: cell.ref })
        else
          record({
            area: 'video',
            kind: 'video-create',
            model: cell.model,
            text: run.prompt,
            ref: cell.ref,
            results: [{ kind: 'video', id: cell.ref }]
          })
      }
      return run
    },
    'images:generate': after('images:generate', (input, job) =>
      imageJob('image-generate', input.model, input.prompt, job)
    ),
    'images:submit-native': after('images:submit-native', (input, job) =>
      imageJob('image-native', job.items[0]?.model ?? input.model, input.prompt, job)
    ),
    'images:edit': after('images:edit', (input, job) => imageJob('image-edit', input.model, input.prompt, job)),
    'video:create': after('video:create', (_input, task) => videoTask('video-create', task)),
    'video:remix': after('video:remix', (_input, task) => videoTask('video-remix', task))
  }
  return { ...h, ...wrapped }
}

/** Listens to `images:job-updated`: an image job's items become its history entry's results as they arrive. */
export function historyResultSink(history: PromptHistory, changed: () => void): (job: ImageJob) => void {
  return (job) => {
    if (job.items.length === 0) return
    const results: StoredResult[] = job.items.map((i) => ({ kind: 'image', id: i.id }))
    if (history.attach(job.jobId, results)) changed()
  }
}

export interface ResultLookups {
  galleryItem: (id: string) => Promise<{ url: string } | null>
  videoTask: (id: string) => Promise<Pick<VideoTask, 'result'> | null>
}

/** A stored result with what the page shows for it now; an image deleted since is left out. */
export async function resolveResult(r: StoredResult, l: ResultLookups): Promise<PromptResult | null> {
  if (r.kind === 'image') {
    const item = await l.galleryItem(r.id).catch(() => null)
    return item ? { kind: 'image', id: r.id, thumbUrl: item.url } : null
  }
  if (r.kind === 'video') {
    const task = await l.videoTask(r.id).catch(() => null)
    if (!task) return null
    return { kind: 'video', id: r.id, thumbUrl: task.result?.posterUrl, videoUrl: task.result?.mediaUrl }
  }
  return { kind: 'conversation', id: r.id }
}
