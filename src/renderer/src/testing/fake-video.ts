/**
 * The video half of the fake host: tasks and assets in memory, plus helpers a test uses to play the
 * host's part (a task's updates until it finishes, an asset turning Active).
 */
import type { InvokeChannel } from '@shared/contract'
import { VIDEO_FAMILY, capabilityOf, type Asset, type AssetGroup, type VideoTask } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import type { FakeHandler } from './fake-host'

type VideoChannel = Extract<InvokeChannel, `video:${string}`>
type VideoHandlers = { [C in VideoChannel]: FakeHandler<C> }
type Emit = (
  event: 'video:task-updated' | 'video:tasks-removed' | 'video:assets-changed' | 'video:notice',
  payload: never
) => void

/** The outcomes the real host announces (src/main/core/video/notify-rules.ts). */
const ANNOUNCED: ReadonlyArray<VideoTask['state']> = ['succeeded', 'failed', 'lost', 'outcome-unknown']

export const VIDEO_BASE_TIME = Date.UTC(2026, 0, 5, 9, 0, 0)

export function videoTask(overrides: Partial<VideoTask> = {}): VideoTask {
  const id = overrides.id ?? 'v-1'
  return {
    id,
    taskId: `task_${id}`,
    profileId: 'sandbox',
    profileName: 'Sandbox',
    family: VIDEO_FAMILY.videosMultipart,
    kind: 'create',
    createRoute: 'POST /v1/videos',
    queryRoute: 'videos',
    model: 'gk-video-3',
    state: 'running',
    rawStatus: 'processing',
    progress: 10,
    prompt: 'a paper boat on a river',
    params: { model: 'gk-video-3', size: '720P' },
    createdAt: VIDEO_BASE_TIME,
    updatedAt: VIDEO_BASE_TIME,
    polls: 1,
    download: { state: 'none', attempts: 0 },
    ...overrides
  }
}

export function succeeded(task: VideoTask, at = task.updatedAt + 1000): VideoTask {
  return {
    ...task,
    state: 'succeeded',
    rawStatus: 'completed',
    progress: 100,
    updatedAt: at,
    completedAt: at,
    download: { state: 'done', attempts: 1 },
    result: {
      mediaUrl: `/media/${task.id}.mp4`,
      bytes: 200_000,
      contentType: 'video/mp4',
      fileName: `${task.id}.mp4`,
      source: 'url',
      downloadedAt: at
    }
  }
}

export class FakeVideo {
  tasks: VideoTask[] = []
  groups: AssetGroup[] = []
  assets: Asset[] = []
  private seq = 0

  constructor(private readonly emitEvent: Emit) {}

  /** `count` tasks, newest first by createdAt, prompts "video 0".. */
  seed(count: number, make: (i: number) => Partial<VideoTask> = () => ({})): VideoTask[] {
    this.tasks = Array.from({ length: count }, (_, i) =>
      videoTask({
        id: `v-${i}`,
        prompt: `video ${i}`,
        createdAt: VIDEO_BASE_TIME - i * 60_000,
        updatedAt: VIDEO_BASE_TIME - i * 60_000,
        ...make(i)
      })
    )
    return this.tasks
  }

  /** Plays the host: the task's next state, as the video:task-updated event. */
  update(id: string, patch: Partial<VideoTask> | ((t: VideoTask) => VideoTask)): VideoTask {
    const i = this.tasks.findIndex((t) => t.id === id)
    if (i < 0) throw new Error(`no task ${id}`)
    const cur = this.tasks[i]
    const next = typeof patch === 'function' ? patch(cur) : { ...cur, updatedAt: cur.updatedAt + 1, ...patch }
    this.tasks[i] = next
    this.emitEvent('video:task-updated', structuredClone(next) as never)
    // Like the host: an outcome reached is announced once, after the update that carries it.
    if (next.state !== cur.state && ANNOUNCED.includes(next.state)) {
      const notice = {
        id,
        state: next.state,
        title: '',
        body: '',
        shownBySystem: false,
        prompt: next.prompt.trim().slice(0, 80),
        ...(next.error ? { message: next.error.message } : {}),
        ...(next.error?.code ? { code: next.error.code } : {})
      }
      this.emitEvent('video:notice', notice as never)
    }
    return next
  }

  updateAsset(id: string, patch: Partial<Asset>): Asset {
    const i = this.assets.findIndex((a) => a.id === id)
    if (i < 0) throw new Error(`no asset ${id}`)
    this.assets[i] = { ...this.assets[i], ...patch }
    this.emitEvent('video:assets-changed', { ids: [id] } as never)
    return this.assets[i]
  }

  private find(id: string): VideoTask {
    const t = this.tasks.find((x) => x.id === id)
    if (!t) throw new StudioError('NOT_FOUND', 'That task is no longer on the board', { field: 'id' })
    return t
  }

  private start(
    input: { family: VideoTask['family']; model: string; prompt: string },
    extra: Partial<VideoTask> = {}
  ): VideoTask {
    this.seq += 1
    const task = videoTask({
      id: `new-${this.seq}`,
      taskId: null,
      family: input.family,
      model: input.model,
      prompt: input.prompt,
      state: 'submitting',
      rawStatus: null,
      progress: null,
      params: structuredClone(input) as Record<string, unknown>,
      createdAt: VIDEO_BASE_TIME + this.seq * 1000,
      updatedAt: VIDEO_BASE_TIME + this.seq * 1000,
      polls: 0,
      queryRoute: capabilityOf(input.family, input.model).route,
      ...extra
    })
    this.tasks.unshift(task)
    return structuredClone(task)
  }

  handlers(): VideoHandlers {
    return {
      'video:create': (input) => this.start(input),
      'video:remix': (input) => {
        const source = this.find(input.sourceId)
        return this.start(
          { family: source.family, model: input.model, prompt: input.prompt },
          { kind: 'remix', remixOf: { id: source.id, taskId: source.taskId ?? '' } }
        )
      },
      'video:list': (input) => {
        // The host's text search: prompt, models, task id and error, any case (a full-text index there).
        const q = input?.filter?.query?.trim().toLowerCase()
        const text = (t: VideoTask) =>
          [t.prompt, t.model, t.returnedModel, t.taskId, t.error?.message, t.error?.code].join('\n').toLowerCase()
        const all = [...this.tasks].filter((t) => !q || text(t).includes(q)).sort((a, b) => b.createdAt - a.createdAt)
        const before = input?.before
        const page = (before === undefined ? all : all.filter((t) => t.createdAt < before)).slice(
          0,
          input?.limit ?? 100
        )
        return { tasks: structuredClone(page), total: all.length }
      },
      'video:search': ({ query, limit }) => {
        // The host ranks by bm25 with an excerpt per hit; here: occurrences in the prompt, then newest, the first one marked.
        const q = query.trim().toLowerCase()
        const text = (t: VideoTask) =>
          [t.prompt, t.model, t.returnedModel, t.taskId, t.error?.message, t.error?.code].join(' ')
        const count = (t: VideoTask) => t.prompt.toLowerCase().split(q).length - 1
        const found = this.tasks
          .filter((t) => text(t).toLowerCase().includes(q))
          .sort((a, b) => count(b) - count(a) || b.createdAt - a.createdAt)
        const hits = found.slice(0, limit ?? 200).map((t) => {
          const match = text(t)
          const at = match.toLowerCase().indexOf(q)
          return { id: t.id, match, matchMarks: [[at, at + q.length]] as Array<[number, number]> }
        })
        return { hits, more: found.length > hits.length }
      },
      'video:get': ({ id }) => structuredClone(this.find(id)),
      'video:remove': ({ id }) => {
        this.find(id)
        this.tasks = this.tasks.filter((t) => t.id !== id)
        this.emitEvent('video:tasks-removed', { ids: [id] } as never)
        return {}
      },
      'video:retry-download': ({ id }) => structuredClone(this.find(id)),
      'video:check-now': ({ id }) => structuredClone(this.find(id)),
      'video:open-file': ({ id }) => ({ opened: false, downloadUrl: `/download/${id}`, fileName: `${id}.mp4` }),
      'video:submit-again': ({ id }) => {
        const t = this.find(id)
        return this.start({ family: t.family, model: t.model, prompt: t.prompt })
      },
      'video:assets-create-group': (input) => {
        const group: AssetGroup = {
          id: `group-${this.groups.length + 1}`,
          profileId: 'sandbox',
          name: input.name,
          createdAt: VIDEO_BASE_TIME
        }
        this.groups.push(group)
        return group
      },
      'video:assets-import': (input) => {
        const asset: Asset = {
          id: `asset-${this.assets.length + 1}`,
          taskId: `atask-${this.assets.length + 1}`,
          profileId: 'sandbox',
          groupId: input.groupId,
          name: input.name,
          url: input.url,
          type: input.type,
          state: 'processing',
          rawStatus: 'Processing',
          createdAt: VIDEO_BASE_TIME,
          updatedAt: VIDEO_BASE_TIME
        }
        this.assets.push(asset)
        return asset
      },
      'video:assets-list': () => ({ groups: structuredClone(this.groups), assets: structuredClone(this.assets) }),
      'video:assets-refresh': ({ id }) => {
        const a = this.assets.find((x) => x.id === id)
        if (!a) throw new StudioError('NOT_FOUND', 'No such asset')
        return structuredClone(a)
      }
    }
  }
}
