import type { z } from 'zod'
import {
  EVENT_NAMES,
  INVOKE_CHANNELS,
  invokes,
  uploads,
  type EventName,
  type Events,
  type InvokeChannel,
  type Invokes
} from '@shared/contract'
import type { QueueItem } from '@shared/contract/queue'
import { buildRawApi, type BridgeTransport, type EventPayload, type InvokeOutput } from '@shared/contract-kit'
import type { FilePurpose } from '@shared/domain/files'
import { parseNamesFile } from '@shared/domain/gateway-names-schema'
import type { EditRequest, ImageJob, NativeTaskRequest } from '@shared/domain/images'
/**
 * An in-memory stand-in for the studio host, for renderer tests. `window.studio` is built exactly as
 * the preload builds it (`buildRawApi` over a transport); every input is parsed by the contract's
 * schema first, as the real dispatcher does, so a renderer that sends an off-contract input fails.
 */
import type { ProfileList, ProfileView } from '@shared/domain/profiles'
import type { AppSettings } from '@shared/domain/settings'
import type { KeyUsage } from '@shared/domain/usage'
import { StudioError, type Result } from '@shared/errors'
import { FakeBalance } from './fake-balance'
import { FakeChat } from './fake-chat'
import { FakeCompare } from './fake-compare'
import { gatewayProfile, report, sandboxProfile, usage, type UploadHandler } from './fake-host-fixtures'
import { FakeImages } from './fake-images'
import { FakePrompts } from './fake-prompts'
import { FakeVideo } from './fake-video'

type ParsedInput<C extends InvokeChannel> = z.output<Invokes[C]['input']>
export type FakeHandler<C extends InvokeChannel> = (
  input: ParsedInput<C>
) => InvokeOutput<Invokes, C> | Promise<InvokeOutput<Invokes, C>>
type Handlers = { [C in InvokeChannel]: FakeHandler<C> }

export interface RecordedCall {
  channel: string
  input: unknown
}

export { gatewayProfile, grantUploads, report, sandboxProfile, usage } from './fake-host-fixtures'

export class FakeHost {
  readonly calls: RecordedCall[] = []
  list: ProfileList
  settings: AppSettings = { theme: 'system', language: 'en' }
  /** Usage per profile id: a record, or an error the host would throw. */
  usageByProfile: Record<string, KeyUsage | StudioError> = { sandbox: usage() }
  /** files.upload (the meta already passed the contract in buildRawApi); replace it per test. */
  uploadHandler: UploadHandler = (blob, meta) => ({
    fileId: `file-${this.calls.length}`,
    name: meta.name,
    bytes: blob.size,
    mimeType: blob.type || 'image/png',
    previewUrl: `/media/m-${this.calls.length}`
  })
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>()
  private readonly handlers: Handlers
  /** Chat conversations, presets and models; its helpers play the host's part of a stream. */
  readonly chat = new FakeChat((event, payload) => this.emit(event, payload))
  /** Jobs and gallery items; its helpers play the host's part of a job. */
  readonly images = new FakeImages((event, payload) => this.emit(event, payload))
  /** Video tasks and assets; its helpers play the host's part of a task. */
  readonly video = new FakeVideo((event, payload) => this.emit(event, payload))
  /** Compare runs of images and video. */
  readonly compare = new FakeCompare((event, payload) => this.emit(event, payload))
  /** Billing, history, spending and settings of the balance dashboard. */
  readonly balance = new FakeBalance(() => this.list.activeId)
  /** Prompt history and saved prompts. */
  readonly prompts = new FakePrompts((event, payload) => this.emit(event, payload))
  /** What `app:get-notices` answers (store repairs made at start). */
  notices: Array<{ store: string; message: string }> = []
  /** Library backups, newest first, and the one chosen for restore at the next start. */
  backups: Array<{ name: string; createdAt: number; bytes: number }> = []
  restorePending: string | null = null

  constructor(init: { profiles?: ProfileView[]; activeId?: string; keychainAvailable?: boolean } = {}) {
    this.list = {
      profiles: init.profiles ?? [sandboxProfile()],
      activeId: init.activeId ?? 'sandbox',
      keychainAvailable: init.keychainAvailable ?? true
    }
    this.handlers = this.defaultHandlers()
  }

  /** Replaces one channel's behaviour for a test. */
  /** What the host's queue does with room under the cap: the create leaves (recorded as its own channel) under the item's job id. */
  private async sentThroughQueue(
    channel: 'images:submit-native' | 'images:edit',
    input: NativeTaskRequest | EditRequest,
    origin: 'native' | 'edit'
  ): Promise<QueueItem> {
    this.calls.push({ channel, input })
    const job: ImageJob = await (channel === 'images:edit'
      ? this.images.handlers()['images:edit'](input as EditRequest)
      : this.images.handlers()['images:submit-native'](input as NativeTaskRequest))
    const { jobId } = job
    this.emit('images:job-updated', job)
    return {
      id: `q-${jobId}`,
      kind: 'image',
      origin,
      jobId,
      model: input.model ?? '',
      prompt: input.prompt,
      state: 'running',
      place: null,
      createdAt: 0
    }
  }

  private emptyQueue() {
    return { profileId: this.list.activeId, paused: false, imageCap: 4, videoCap: 2, items: [] }
  }

  on<C extends InvokeChannel>(channel: C, handler: FakeHandler<C>): this {
    ;(this.handlers as Record<string, unknown>)[channel] = handler
    return this
  }

  emit<N extends EventName>(event: N, payload: EventPayload<Events, N>): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload)
  }

  callsTo(channel: InvokeChannel): unknown[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.input)
  }

  readonly transport: BridgeTransport = {
    invoke: async (channel, input): Promise<Result<unknown>> => {
      this.calls.push({ channel, input })
      const spec = invokes[channel as InvokeChannel]
      if (!spec)
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `No channel ${channel}`, retryable: false } }
      const parsed = spec.input.safeParse(input)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const field = issue?.path.map(String).join('.') || undefined
        return {
          ok: false,
          error: {
            code: 'INVALID_INPUT',
            message: `Off-contract input: ${issue?.message}`,
            retryable: false,
            ...(field ? { field } : {})
          }
        }
      }
      try {
        const handler = this.handlers[channel as InvokeChannel] as (i: unknown) => unknown
        return { ok: true, value: await handler(parsed.data) }
      } catch (e) {
        if (e instanceof StudioError) return { ok: false, error: e.toData() }
        return { ok: false, error: { code: 'INTERNAL', message: String(e), retryable: false } }
      }
    },
    upload: async (channel, blob, meta): Promise<Result<unknown>> => {
      this.calls.push({ channel, input: { meta, bytes: blob.size } })
      try {
        return { ok: true, value: await this.uploadHandler(blob, meta as { purpose: FilePurpose; name: string }) }
      } catch (e) {
        if (e instanceof StudioError) return { ok: false, error: e.toData() }
        return { ok: false, error: { code: 'INTERNAL', message: String(e), retryable: false } }
      }
    },
    subscribe: (event, listener) => {
      const set = this.listeners.get(event) ?? new Set()
      set.add(listener)
      this.listeners.set(event, set)
      return () => set.delete(listener)
    }
  }

  /** Installs `window.studio` as the preload would. */
  install(): this {
    ;(window as unknown as { studio?: unknown }).studio = buildRawApi(
      INVOKE_CHANNELS,
      EVENT_NAMES,
      this.transport,
      uploads
    )
    return this
  }

  static uninstall(): void {
    delete (window as unknown as { studio?: unknown }).studio
  }

  private changed(): ProfileList {
    this.emit('profiles:changed', this.list)
    return this.list
  }

  private defaultHandlers(): Handlers {
    return {
      ...this.chat.handlers(),
      ...this.images.handlers(),
      ...this.video.handlers(),
      ...this.balance.handlers(),
      ...this.prompts.handlers(),
      ...this.compare.handlers(),
      // The local queue: empty, and every change answers the empty queue (tests of the queue set their own).
      'queue:list': () => this.emptyQueue(),
      'queue:add-image': (input) => ({
        id: 'q1',
        kind: 'image',
        jobId: 'jq1',
        model: input.model,
        prompt: input.prompt,
        state: 'waiting',
        place: 1,
        createdAt: 0
      }),
      'queue:add-video': (input) => {
        const req = 'create' in input ? input.create : input.remix
        return {
          id: 'q1',
          kind: 'video',
          jobId: 'vq1',
          model: req.model,
          prompt: req.prompt,
          state: 'waiting',
          place: 1,
          createdAt: 0
        }
      },
      // The fake queue always has room: a native task or an edit leaves at once, through the images fake.
      'queue:add-native': (input) => this.sentThroughQueue('images:submit-native', input.native, 'native'),
      'queue:add-edit': (input) => this.sentThroughQueue('images:edit', input.edit, 'edit'),
      'queue:run-stats': ({ models }) => models.map((model) => ({ model, stats: null })),
      'queue:move': () => this.emptyQueue(),
      'queue:remove': () => this.emptyQueue(),
      'queue:release': () => this.emptyQueue(),
      'queue:set': (input) => ({
        ...this.emptyQueue(),
        paused: input.paused ?? false,
        imageCap: input.imageCap ?? 4,
        videoCap: input.videoCap ?? 2
      }),
      'app:get-info': () => ({ name: 'Generation Studio', version: '0.0.0-test', shell: 'browser', platform: 'linux' }),
      'app:get-notices': () => ({ notices: this.notices }),
      'library:list-backups': () => ({ backups: this.backups, restorePending: this.restorePending }),
      'library:back-up': () => {
        const made = {
          name: `2026-11-25T10-00-${String(this.backups.length).padStart(2, '0')}`,
          createdAt: Date.now(),
          bytes: 4096
        }
        this.backups = [made, ...this.backups]
        return made
      },
      'library:restore': ({ name }) => {
        if (!this.backups.some((b) => b.name === name))
          throw new StudioError('NOT_FOUND', 'That backup is gone or incomplete.', { field: 'name' })
        this.restorePending = name
        return { restorePending: name }
      },
      // Tests that show lineage set their own handler; by default a result has none.
      'lineage:get': (ref) => ({ self: { ...ref, exists: true, prompt: '', model: '' }, ancestors: [], children: [] }),
      'lineage:versions': ({ id }) => ({
        rootId: id,
        currentId: id,
        nodes: [{ id, depth: 0, exists: true, prompt: '', model: '' }]
      }),
      'lineage:pick-version': ({ id }) => ({
        rootId: id,
        currentId: id,
        nodes: [{ id, depth: 0, exists: true, prompt: '', model: '' }]
      }),
      'lineage:extract-frame': () => {
        throw new StudioError('INVALID_INPUT', 'No frames in the fake host.', { field: 'videoId' })
      },
      'settings:get': () => this.settings,
      'settings:update': (patch) => {
        this.settings = { ...this.settings, ...patch }
        this.emit('settings:changed', this.settings)
        return this.settings
      },
      'profiles:list': () => this.list,
      'profiles:add': (input) => {
        if (this.list.profiles.some((p) => p.name.toLowerCase() === input.name.toLowerCase())) {
          throw new StudioError('CONFLICT', `A profile named "${input.name}" already exists`, { field: 'name' })
        }
        const protection =
          input.persistence === 'file'
            ? 'file'
            : input.persistence === 'auto' && this.list.keychainAvailable
              ? 'os'
              : 'session'
        const view = gatewayProfile({
          id: `p-${this.list.profiles.length}`,
          name: input.name,
          baseUrl: input.baseUrl,
          key: { configured: true, last4: input.key.slice(-4), protection }
        })
        this.list = { ...this.list, profiles: [...this.list.profiles, view] }
        this.changed()
        return view
      },
      'profiles:update': (input) => {
        const current = this.list.profiles.find((p) => p.id === input.id)
        if (!current) throw new StudioError('NOT_FOUND', 'That profile no longer exists', { field: 'id' })
        const next = {
          ...current,
          ...(input.name ? { name: input.name } : {}),
          ...(input.baseUrl ? { baseUrl: input.baseUrl } : {})
        }
        this.list = { ...this.list, profiles: this.list.profiles.map((p) => (p.id === input.id ? next : p)) }
        this.changed()
        return next
      },
      'profiles:set-names': ({ id, names }) => {
        const current = this.list.profiles.find((p) => p.id === id)
        if (!current) throw new StudioError('NOT_FOUND', 'That profile no longer exists', { field: 'id' })
        const next = { ...current, names }
        this.list = { ...this.list, profiles: this.list.profiles.map((p) => (p.id === id ? next : p)) }
        this.changed()
        return next
      },
      'profiles:import-names': ({ id, text }) => {
        const parsed = parseNamesFile(text)
        if (!parsed.ok)
          throw new StudioError('INVALID_INPUT', `The names file has problems: ${parsed.problems[0].message}`, {
            field: 'names',
            details: { problems: parsed.problems.map((p) => ({ ...p })) }
          })
        return this.handlers['profiles:set-names']({ id, names: parsed.names })
      },
      'profiles:remove': ({ id }) => {
        this.list = {
          ...this.list,
          profiles: this.list.profiles.filter((p) => p.id !== id),
          activeId: this.list.activeId === id ? 'sandbox' : this.list.activeId
        }
        this.changed()
        return {}
      },
      'profiles:select': ({ id }) => {
        this.list = { ...this.list, activeId: id }
        return this.changed()
      },
      'profiles:test-connection': () => report(),
      'profiles:discover-models': () => ({ fetchedAt: Date.now(), routes: [] }),
      'balance:get-usage': (input) => {
        const id = input?.profileId ?? this.list.activeId
        const u = this.usageByProfile[id]
        if (u === undefined)
          throw new StudioError('KEY_MISSING', 'This profile has no API key yet; add it in Settings', { field: 'key' })
        if (u instanceof StudioError) throw u
        return u
      },
      // The browser host has no dialog: the page uses <input type=file> and files.upload.
      'files:pick': () => ({ files: [] }),
      'files:release': () => ({})
    }
  }
}
