import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { z } from 'zod'
import type { InvokeChannel, Invokes } from '@shared/contract'
import type { FileGrant } from '@shared/domain/files'
import type { StudioErrorData } from '@shared/errors'
import { startSandbox, type SandboxHandle } from '../../../../sandbox/index'
import { createDispatcher, type Handlers } from '../../ipc/dispatcher'
import { EventHub } from '../../ipc/event-hub'
import { SecretGuard } from '../../ipc/secret-guard'
import { openConfStore } from '../../store/kv-store'
import type { AttachmentSource } from '../attachments'
import { createChatHandlers } from '../chat-handlers'
import { ChatService } from '../chat-service'
import { ConversationStore } from '../conversation-store'
import { PresetStore, type PresetsFile } from '../presets'
import type { StreamTiming } from '../stream-runner'

export interface Emitted {
  name: string
  payload: Record<string, unknown>
  at: number
}

/** A fake grant table: files the test "granted", with their bytes. */
export function fakeFiles(files: Array<{ grant: FileGrant; bytes?: Uint8Array }>): AttachmentSource {
  const byId = new Map(files.map((f) => [f.grant.fileId, f]))
  return {
    get: (id) => {
      const f = byId.get(id)
      return f ? { grant: f.grant } : undefined
    },
    readBytes: async (id) => {
      const f = byId.get(id)
      if (!f) throw new Error('not granted')
      return f.bytes ?? new Uint8Array(f.grant.bytes)
    }
  }
}

/** 1x1 PNG. */
export const PNG_1PX = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64'
  )
)

export interface ChatHarness {
  sb: SandboxHandle
  dataDir: string
  chat: ChatService
  store: ConversationStore
  events: Emitted[]
  call<C extends InvokeChannel>(
    channel: C,
    input: z.input<Invokes[C]['input']>
  ): Promise<z.output<Invokes[C]['output']>>
  /** The invoke's error (the call must fail). */
  fail<C extends InvokeChannel>(channel: C, input: z.input<Invokes[C]['input']>): Promise<StudioErrorData>
  ended(streamId: string): Promise<Record<string, unknown>>
  deltasOf(streamId: string): Array<Record<string, unknown>>
  /** Requests the sandbox saw on the text routes. */
  textRequests(): ReturnType<SandboxHandle['log']>
  close(): Promise<void>
}

export interface ChatHarnessOptions {
  files?: AttachmentSource
  timing?: Partial<StreamTiming>
  speed?: number
  dataDir?: string
  sandbox?: SandboxHandle
  /** Runs as each event leaves the host (synchronously, like a shell's sink). */
  onEvent?: (e: Emitted) => void
}

export async function chatHarness(opts: ChatHarnessOptions = {}): Promise<ChatHarness> {
  const sb = opts.sandbox ?? (await startSandbox({ speed: opts.speed ?? 1000, quiet: true }))
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'chat-svc-'))
  const guard = new SecretGuard()
  guard.add(sb.key)
  const hub = new EventHub(guard)
  const events: Emitted[] = []
  hub.listen((...[name, payload]) => {
    const e = { name, payload, at: performance.now() }
    events.push(e)
    opts.onEvent?.(e)
  })
  const store = await ConversationStore.open(dataDir)
  const chat = new ChatService({
    store,
    presets: new PresetStore(openConfStore<PresetsFile>(dataDir, 'chat-presets', { presets: [] })),
    profiles: { activeId: async () => 'sandbox', connection: async () => ({ baseUrl: sb.url, key: sb.key }) },
    fetch: (i, init) => fetch(i, init),
    files: opts.files,
    emit: (n, p) => hub.emit(n, p),
    scrub: (s) => guard.scrub(s),
    timing: opts.timing
  })
  // Through the real dispatcher, so every answer is checked against the contract.
  const dispatch = createDispatcher(createChatHandlers(chat) as Handlers, { guard })
  const invoke = async (channel: string, input: unknown) => dispatch(channel, input, { shell: 'browser' })
  const waiters = new Map<string, (p: Record<string, unknown>) => void>()
  hub.on('chat:stream-ended', (ended) => waiters.get(ended.streamId)?.(ended))
  return {
    sb,
    dataDir,
    chat,
    store,
    events,
    call: (async (channel: string, input: unknown) => {
      const r = await invoke(channel, input)
      if (!r.ok)
        throw Object.assign(new Error(`${channel} failed: ${r.error.code} ${r.error.message}`), { data: r.error })
      return r.value
    }) as ChatHarness['call'],
    fail: (async (channel: string, input: unknown) => {
      const r = await invoke(channel, input)
      if (r.ok) throw new Error(`${channel} was expected to fail`)
      return r.error
    }) as ChatHarness['fail'],
    ended: (streamId) => {
      const seen = events.find((e) => e.name === 'chat:stream-ended' && e.payload.streamId === streamId)
      if (seen) return Promise.resolve(seen.payload)
      return new Promise((resolve) => waiters.set(streamId, resolve))
    },
    deltasOf: (streamId) =>
      events.filter((e) => e.name === 'chat:stream-delta' && e.payload.streamId === streamId).map((e) => e.payload),
    textRequests: () => sb.log().filter((e) => e.route.startsWith('text.')),
    close: async () => {
      await chat.dispose()
      if (!opts.sandbox) await sb.close()
    }
  }
}

/** The text appends of a stream's deltas, in order: what the renderer showed. */
/** A harness maker for a test file: every harness it makes is closed after the test that made it. */
export function harnessPerTest(): (opts?: ChatHarnessOptions) => Promise<ChatHarness> {
  const open: ChatHarness[] = []
  afterEach(async () => {
    while (open.length) await open.pop()!.close()
  })
  return async (opts) => {
    const h = await chatHarness(opts)
    open.push(h)
    return h
  }
}

export function shown(deltas: Array<Record<string, unknown>>, type = 'text'): string {
  return deltas
    .flatMap((d) =>
      (d.ops as Array<{ type: string; append: string }>).filter((o) => o.type === type).map((o) => o.append)
    )
    .join('')
}
