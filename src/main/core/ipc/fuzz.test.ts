import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVOKE_CHANNELS, invokes, UPLOAD_CHANNELS, uploads } from '@shared/contract'
import { ERROR_CODES, type Result } from '@shared/errors'
import { noKeychain } from '../profiles/secret-backend'
import { createStudioCore, type StudioCore } from '../studio-core'
import {
  HUGE_STRING,
  hostileValue,
  inputsFor,
  POLLUTION_KEYS,
  RETARGET_URLS,
  shapedLike,
  TRAVERSAL_STRINGS,
  traversalIds
} from './testing/fuzz-inputs'

/**
 * The IPC fuzz gate (RELIABILITY.md): every invoke channel of the contract, >= 1,000 generated
 * inputs each, through the real dispatcher of a fully built core (temp data dir, sandbox off, an
 * injected fetch that records and refuses). Channels are read from INVOKE_CHANNELS, so a channel
 * added later is fuzzed without touching this file.
 *
 * Oracle per input: the contract schema decides validity. Refused by the schema -> the answer is
 * `{ok:false, INVALID_INPUT}`, and there was no fetch, no event and no change in the data dir.
 * Accepted -> whatever the handler does, the answer is a Result with a known code and never
 * INTERNAL (an INTERNAL is an exception the handler did not expect). Any id-like field holding a
 * path or traversal string is refused, whatever the schema said.
 */

const RUNS_PER_CHANNEL = 1000
const WITHHELD = /^The answer was withheld because it contained a secret$/
const VALID_CODES = new Set<string>(ERROR_CODES)

interface Probe {
  fetches: string[]
  events: string[]
}

function treeOf(dir: string): string {
  const out: string[] = []
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = join(e.parentPath, e.name)
    if (e.isDirectory()) {
      out.push(`${p}/`)
      continue
    }
    const st = statSync(p, { throwIfNoEntry: false })
    out.push(`${p} ${st?.size ?? '-'} ${st?.mtimeMs ?? '-'}`)
  }
  return out.sort().join('\n')
}

/** Waits until the data dir stops changing (at most 2 s). */
async function settle(dir: string): Promise<void> {
  let prev = treeOf(dir)
  for (let i = 0; i < 80; i++) {
    await new Promise((r) => setTimeout(r, 25))
    const now = treeOf(dir)
    if (now === prev && !now.includes('.tmp-')) return
    prev = now
  }
}

function isResult(r: unknown): r is Result<unknown> {
  if (!r || typeof r !== 'object') return false
  const x = r as { ok?: unknown; error?: { code?: unknown; message?: unknown } }
  if (x.ok === true) return 'value' in x
  return (
    x.ok === false &&
    typeof x.error?.code === 'string' &&
    VALID_CODES.has(x.error.code) &&
    typeof x.error.message === 'string'
  )
}

describe('IPC fuzz: every invoke channel through the real dispatcher over a full core', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-fuzz-'))
  const probe: Probe = { fetches: [], events: [] }
  const counts: Record<string, { runs: number; refusedBySchema: number; accepted: number }> = {}
  let core: StudioCore

  beforeAll(async () => {
    core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir,
      appVersion: '0.0.0-fuzz',
      platform: 'linux',
      sandbox: { enabled: false },
      fetch: async (input) => {
        probe.fetches.push(String(input))
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
        })
      }
    })
    core.events.addSink((...[name]) => probe.events.push(name))
  })
  afterAll(async () => {
    await core.dispose()
    rmSync(dataDir, { recursive: true, force: true })
    // The figure the README quotes: cases per channel, and how many the schema refused.
    const total = Object.values(counts).reduce((a, c) => a + c.runs, 0)
    process.stdout.write(
      `[ipc-fuzz] ${Object.keys(counts).length} channels, ${total} cases, min ${Math.min(...Object.values(counts).map((c) => c.runs))} per channel\n`
    )
  })

  it('covers every channel of the contract', () => {
    expect(INVOKE_CHANNELS.length).toBeGreaterThanOrEqual(37)
    expect(new Set(INVOKE_CHANNELS).size).toBe(Object.keys(invokes).length)
  })

  // Timeout generous: a channel takes 0.5-11 s alone, and `npm test` runs other suites beside it.
  it.each(INVOKE_CHANNELS)(
    '%s: >= 1,000 hostile inputs -> coded refusals, no crash, no side effect on refusal',
    async (channel) => {
      const schema = invokes[channel].input
      const c = (counts[channel] = { runs: 0, refusedBySchema: 0, accepted: 0 })
      const failures: string[] = []
      await fc
        .assert(
          fc.asyncProperty(inputsFor(schema), async (input) => {
            c.runs++
            const before = treeOf(dataDir)
            const fetchesBefore = probe.fetches.length
            const eventsBefore = probe.events.length
            const valid = schema.safeParse(input).success
            let r: unknown
            try {
              r = await core.dispatch(channel, input, { shell: 'browser' })
            } catch (e) {
              failures.push(`threw ${String(e)}`)
              return false
            }
            if (!isResult(r)) {
              failures.push(`not a Result: ${JSON.stringify(r)?.slice(0, 200)}`)
              return false
            }
            // The egress guard withholding an answer is the guard working, not a crash: fuzzed profiles:add
            // calls register fuzz strings as API keys, and a later answer may echo the same string.
            if (!r.ok && r.error.code === 'INTERNAL' && !WITHHELD.test(r.error.message)) {
              failures.push(`INTERNAL for ${show(input)}: ${r.error.message}`)
              return false
            }
            const ids = channel === 'chat:stop' ? [] : traversalIds(input)
            if (ids.length && r.ok) {
              failures.push(`accepted traversal id ${ids.join(', ')}`)
              return false
            }
            if (!valid) {
              c.refusedBySchema++
              if (r.ok || r.error.code !== 'INVALID_INPUT') {
                failures.push(`schema-invalid input ${show(input)} answered ${JSON.stringify(r).slice(0, 200)}`)
                return false
              }
              const sideEffects = [
                probe.fetches.length !== fetchesBefore && `fetch ${probe.fetches.slice(fetchesBefore).join(' ')}`,
                probe.events.length !== eventsBefore && `events ${probe.events.slice(eventsBefore).join(' ')}`,
                treeOf(dataDir) !== before && 'the data dir changed'
              ].filter(Boolean)
              if (sideEffects.length) {
                failures.push(`refused ${show(input)} but: ${sideEffects.join('; ')}`)
                return false
              }
            } else {
              c.accepted++
              // Work an accepted call started in the background (a job, a save) must not count against the next case.
              if (treeOf(dataDir) !== before) await settle(dataDir)
            }
            return true
          }),
          { numRuns: RUNS_PER_CHANNEL, endOnFailure: true }
        )
        .catch((e: unknown) => {
          throw new Error(`${channel}: ${failures.at(-1) ?? ''}\n${String(e).slice(0, 2000)}`)
        })
      expect(c.runs).toBeGreaterThanOrEqual(RUNS_PER_CHANNEL)
      expect(c.refusedBySchema).toBeGreaterThan(c.runs / 2)
      expect(Object.prototype).not.toHaveProperty('polluted')
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    },
    90_000
  )

  it('settings:update with fields explicitly undefined (as Electron IPC delivers them) keeps the settings', async () => {
    const before = await core.dispatch('settings:get', undefined, { shell: 'electron' })
    expect(
      await core.dispatch('settings:update', { theme: undefined, language: undefined }, { shell: 'electron' })
    ).toEqual(before)
    expect(
      await core.dispatch('settings:update', { theme: 'dark', language: undefined }, { shell: 'electron' })
    ).toMatchObject({ ok: true, value: { theme: 'dark' } })
    expect(await core.dispatch('settings:get', undefined, { shell: 'electron' })).toMatchObject({
      ok: true,
      value: { theme: 'dark' }
    })
  })

  it('unknown channels, prototype keys and non-string channels are refused with UNKNOWN_CHANNEL', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom<unknown>(
            ...POLLUTION_KEYS,
            ...TRAVERSAL_STRINGS,
            null,
            undefined,
            42,
            {},
            ['chat:send'],
            HUGE_STRING
          )
        ),
        hostileValue,
        async (channel, input) => {
          fc.pre(typeof channel !== 'string' || !(INVOKE_CHANNELS as readonly string[]).includes(channel))
          const fetches = probe.fetches.length
          const r = await core.dispatch(channel, input, { shell: 'browser' })
          expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } })
          expect(probe.fetches.length).toBe(fetches)
        }
      ),
      { numRuns: 1000 }
    )
  })

  it('file ids and gallery ids holding traversal strings are refused on every channel that takes one, with no read or write', async () => {
    const before = treeOf(dataDir)
    const fetches = probe.fetches.length
    const cases: Array<[string, (s: string) => unknown]> = [
      ['files:release', (s) => ({ fileId: s })],
      ['images:edit', (s) => ({ source: { kind: 'file', fileId: s }, prompt: 'p', model: 'image-model-1' })],
      ['images:edit', (s) => ({ source: { kind: 'gallery', itemId: s }, prompt: 'p', model: 'image-model-1' })],
      [
        'images:edit',
        (s) => ({
          source: { kind: 'file', fileId: 'AAAAAAAAAAAAAAAAAAAAAA' },
          maskFileId: s,
          prompt: 'p',
          model: 'image-model-1'
        })
      ],
      [
        'images:generate',
        (s) => ({ family: 'image2', model: 'image-model-2', prompt: 'p', image: [{ kind: 'file', fileId: s }] })
      ],
      [
        'images:generate',
        (s) => ({ family: 'image2', model: 'image-model-2', prompt: 'p', image: [{ kind: 'gallery', itemId: s }] })
      ],
      ['images:get-item', (s) => ({ id: s })],
      ['images:delete-item', (s) => ({ id: s })],
      ['images:delete-items', (s) => ({ ids: ['AAAAAAAAAAAAAAAAAAAAAA', s] })],
      ['images:get-items', (s) => ({ ids: ['AAAAAAAAAAAAAAAAAAAAAA', s] })],
      ['images:export-item', (s) => ({ id: s })],
      ['chat:get-conversation', (s) => ({ id: s })],
      ['chat:delete-conversation', (s) => ({ id: s })],
      ['chat:send', (s) => ({ conversationId: 'c1', text: 'hi', attachments: [{ fileId: s }] })]
    ]
    const ids = fc.oneof(
      fc.constantFrom(...TRAVERSAL_STRINGS),
      fc
        .tuple(fc.constantFrom('../', '..\\', '/', '%2e%2e/', 'a/'), fc.string({ maxLength: 20 }))
        .map(([p, s]) => p + s)
    )
    let runs = 0
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), ids, async ([channel, make], id) => {
        runs++
        const r = await core.dispatch(channel, make(id), { shell: 'browser' })
        expect(isResult(r)).toBe(true)
        expect(r.ok).toBe(false)
        if (!r.ok) expect(['INVALID_INPUT', 'NOT_FOUND', 'KEY_MISSING']).toContain(r.error.code)
      }),
      { numRuns: 1000 }
    )
    expect(runs).toBe(1000)
    expect(probe.fetches.length).toBe(fetches)
    expect(treeOf(dataDir)).toBe(before)
  })

  it('a saved key is never sent to, or saved for, another origin, whatever shape the re-targeting call takes', async () => {
    const key = 'sk-fuzz-home-key-0123456789'
    const added = await core.dispatch(
      'profiles:add',
      { name: 'Home fuzz', baseUrl: 'https://home.example', key, persistence: 'session' },
      { shell: 'browser' }
    )
    if (!added.ok) throw new Error(added.error.message)
    const id = (added.value as { id: string }).id
    const calls = fc.oneof(
      fc
        .constantFrom(...RETARGET_URLS)
        .map((baseUrl) => ['profiles:test-connection', { id, baseUrl, key: '' }] as const),
      fc
        .constantFrom(...RETARGET_URLS)
        .map((baseUrl) => ['profiles:test-connection', { id, baseUrl, key: ' \t' }] as const),
      fc.constantFrom(...RETARGET_URLS).map((baseUrl) => ['profiles:update', { id, baseUrl }] as const),
      fc
        .tuple(fc.constantFrom(...RETARGET_URLS), fc.constantFrom('auto', 'session', 'file'))
        .map(([baseUrl, persistence]) => ['profiles:update', { id, baseUrl, persistence }] as const),
      fc.constant(['profiles:update', { id, persistence: 'file' }] as const),
      fc
        .constantFrom(...RETARGET_URLS)
        .map((baseUrl) => ['profiles:test-connection', { id: 'env', baseUrl, key: '' }] as const),
      fc.constant(['profiles:update', { id: 'env', persistence: 'file' }] as const)
    )
    await fc.assert(
      fc.asyncProperty(calls, async ([channel, input]) => {
        const fetches = probe.fetches.length
        const r = await core.dispatch(channel, input, { shell: 'browser' })
        expect(r.ok).toBe(false)
        for (const url of probe.fetches.slice(fetches)) expect(new URL(url).origin).toBe('https://home.example')
      }),
      { numRuns: 1000 }
    )
    const view = await core.dispatch('profiles:list', undefined, { shell: 'browser' })
    expect(
      view.ok &&
        (view.value as { profiles: Array<{ id: string; baseUrl: string }> }).profiles.find((p) => p.id === id)?.baseUrl
    ).toBe('https://home.example')
    for (const e of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      if (e.isFile()) expect(readFileSync(join(e.parentPath, e.name), 'latin1').includes(key), e.name).toBe(false)
    }
    await core.dispatch('profiles:remove', { id }, { shell: 'browser' })
  })

  it.each(UPLOAD_CHANNELS)('%s: hostile meta and traversal paths are refused before any write', async (channel) => {
    const before = treeOf(dataDir)
    const meta = uploads[channel].meta
    let runs = 0
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(shapedLike(meta), hostileValue),
        fc.constantFrom(...TRAVERSAL_STRINGS),
        async (m, path) => {
          runs++
          // A path body from the browser shell is never accepted, whatever it names.
          const fromPage = await core.upload(channel, { kind: 'path', path }, m, { shell: 'browser' })
          expect(fromPage.ok).toBe(false)
          // Even from the Electron preload, a relative or traversal path, or a file inside the data dir, is refused.
          const fromPreload = await core.upload(
            channel,
            { kind: 'path', path: path.startsWith('/') ? join(dataDir, 'secrets.json') : path },
            m,
            { shell: 'electron' }
          )
          expect(fromPreload.ok).toBe(false)
          const bytes = await core.upload(
            channel,
            { kind: 'bytes', bytes: new TextEncoder().encode('not an image') },
            m,
            { shell: 'browser' }
          )
          expect(bytes.ok).toBe(false)
          for (const r of [fromPage, fromPreload, bytes]) if (!r.ok) expect(r.error.code).not.toBe('INTERNAL')
        }
      ),
      { numRuns: 1000 }
    )
    expect(runs).toBe(1000)
    expect(treeOf(dataDir)).toBe(before)
  })
})

function show(input: unknown): string {
  try {
    const s = JSON.stringify(input, (_k, v: unknown) =>
      typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length})` : v
    )
    return (s ?? String(input)).slice(0, 300)
  } catch {
    return String(input).slice(0, 300)
  }
}
