import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { StudioError } from '@shared/errors'
import { createDispatcher, type Handlers } from './dispatcher'
import { SecretGuard } from './secret-guard'

const KEY = 'sk-canary-0123456789abcdef'

function makeHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const fail = () => {
    throw new Error('not used in this test')
  }
  const base = new Proxy({} as Handlers, { get: () => fail })
  return Object.assign(Object.create(base) as Handlers, overrides)
}

describe('dispatcher', () => {
  it('refuses a channel that is not in the contract', async () => {
    const guard = new SecretGuard()
    const dispatch = createDispatcher(makeHandlers(), { guard })
    const r = await dispatch('shell:open-everything', {}, { shell: 'browser' })
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNKNOWN_CHANNEL', retryable: false }) })
  })

  it('refuses inherited object keys as channels', async () => {
    const dispatch = createDispatcher(makeHandlers(), { guard: new SecretGuard() })
    for (const c of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const r = await dispatch(c, undefined, { shell: 'browser' })
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('UNKNOWN_CHANNEL')
    }
  })

  it('refuses invalid input before the handler runs', async () => {
    const add = vi.fn()
    const dispatch = createDispatcher(makeHandlers({ 'profiles:add': add }), { guard: new SecretGuard() })
    const cases: unknown[] = [
      undefined,
      { name: 'x' },
      { name: 'x', baseUrl: 'https://a.example', key: 'k', extra: 1 },
      { name: 42, baseUrl: 'https://a.example', key: 'k' },
      { name: 'x'.repeat(500), baseUrl: 'https://a.example', key: 'k' }
    ]
    for (const input of cases) {
      const r = await dispatch('profiles:add', input, { shell: 'electron' })
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('INVALID_INPUT')
    }
    expect(add).not.toHaveBeenCalled()
  })

  it('names the offending field of invalid input', async () => {
    const dispatch = createDispatcher(makeHandlers(), { guard: new SecretGuard() })
    const r = await dispatch('profiles:select', { id: 'BAD ID!' }, { shell: 'browser' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.field).toBe('id')
  })

  it('delivers a thrown StudioError as coded data with no key in it', async () => {
    const guard = new SecretGuard()
    guard.add(KEY)
    const dispatch = createDispatcher(
      makeHandlers({
        'profiles:select': () => {
          throw new StudioError('UNAUTHORIZED', `gateway said: bad key ${KEY}`, {
            status: 401,
            details: { echoed: KEY }
          })
        }
      }),
      { guard }
    )
    const r = await dispatch('profiles:select', { id: 'sandbox' }, { shell: 'browser' })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('UNAUTHORIZED')
    expect(r.error.status).toBe(401)
    expect(JSON.stringify(r)).not.toContain(KEY)
  })

  it('delivers an unexpected exception as INTERNAL with the key scrubbed', async () => {
    const guard = new SecretGuard()
    guard.add(KEY)
    const log = vi.fn()
    const dispatch = createDispatcher(
      makeHandlers({
        'settings:get': () => {
          throw new TypeError(`boom near ${KEY}`)
        }
      }),
      { guard, log }
    )
    const r = await dispatch('settings:get', undefined, { shell: 'browser' })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('INTERNAL')
    expect(JSON.stringify(r)).not.toContain(KEY)
    expect(JSON.stringify(log.mock.calls)).not.toContain(KEY)
  })

  it('withholds an answer that would carry a key', async () => {
    const guard = new SecretGuard()
    guard.add(KEY)
    const dispatch = createDispatcher(
      makeHandlers({ 'app:get-info': () => ({ name: KEY, version: '1', shell: 'browser', platform: 'linux' }) }),
      {
        guard
      }
    )
    const r = await dispatch('app:get-info', undefined, { shell: 'browser' })
    expect(r.ok).toBe(false)
    expect(JSON.stringify(r)).not.toContain(KEY)
  })

  it('strips fields outside the output schema', async () => {
    const dispatch = createDispatcher(
      makeHandlers({
        'app:get-info': () =>
          ({ name: 'n', version: '1', shell: 'browser', platform: 'linux', secretPath: '/home/x' }) as never
      }),
      { guard: new SecretGuard() }
    )
    const r = await dispatch('app:get-info', undefined, { shell: 'browser' })
    expect(r).toEqual({ ok: true, value: { name: 'n', version: '1', shell: 'browser', platform: 'linux' } })
  })

  describe('raw errors reach the page as coded messages without paths', () => {
    const withPaths = async (run: (home: string) => Promise<unknown>) => {
      const root = mkdtempSync(join(tmpdir(), 'dispatch-paths-'))
      const home = join(root, 'Users', 'Jane Doe', 'Application Support')
      const log = vi.fn()
      const dispatch = createDispatcher(makeHandlers({ 'settings:get': () => run(home) as never }), {
        guard: new SecretGuard(),
        log
      })
      try {
        const r = await dispatch('settings:get', undefined, { shell: 'browser' })
        if (r.ok) throw new Error('expected a failure')
        expect(JSON.stringify(r.error)).not.toMatch(/Jane|Doe|Application|Support|dispatch-paths|\//)
        return Object.assign(r.error, { logged: JSON.stringify(log.mock.calls) })
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    }

    it("Node's file-system errors become STORAGE with the system code", async () => {
      expect(await withPaths((home) => readFile(join(home, 'library.db')))).toMatchObject({
        code: 'STORAGE',
        details: { cause: 'ENOENT' }
      })
      const e = await withPaths(async (home) => {
        await mkdir(home, { recursive: true })
        return readFile(home)
      })
      expect(e).toMatchObject({ code: 'STORAGE', details: { cause: 'EISDIR' } })
      expect(e.message).toMatch(/a folder was found where a file was expected \(EISDIR\)/)
    })

    it("the image library's errors: a missing file is STORAGE, an unreadable image INTERNAL, both in words of the studio", async () => {
      const missing = await withPaths((home) => sharp(join(home, 'my photo.png')).metadata())
      expect(missing).toMatchObject({ code: 'STORAGE', details: { cause: 'image-missing' } })
      // The host's own log keeps the raw text, so the failure can still be understood there.
      expect(missing.logged).toContain('Jane Doe')
      const unreadable = await withPaths(async (home) => {
        try {
          return await sharp(Buffer.from('not an image')).metadata()
        } catch (e) {
          throw new Error(`${(e as Error).message} (${home}/x.png)`)
        }
      })
      expect(unreadable).toMatchObject({ code: 'INTERNAL', details: { cause: 'image-unreadable' } })
    })

    it('any other raw error and a StudioError that quotes a path keep their words but lose the path', async () => {
      const other = await withPaths((home) =>
        Promise.reject(new TypeError(`Cannot read properties of undefined (reading 'x') at ${home}/gallery.ts`))
      )
      expect(other).toMatchObject({ code: 'INTERNAL' })
      expect(other.message).toMatch(/Cannot read properties of undefined.*gallery\.ts/)
      const coded = await withPaths((home) =>
        Promise.reject(
          new StudioError('STORAGE', `Could not write ${home}/x.json`, { details: { where: `${home}/x.json` } })
        )
      )
      expect({ ...coded, logged: undefined }).toMatchObject({
        code: 'STORAGE',
        message: 'Could not write x.json',
        details: { where: 'x.json' }
      })
    })
  })
})
