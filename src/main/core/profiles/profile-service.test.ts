import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SecretGuard } from '../ipc/secret-guard'
import { openConfStore } from '../store/kv-store'
import { scriptedServer, usageBody, type ScriptedHandler } from '../testing/scripted-server'
import { KeyVault, type SecretsFile } from './key-vault'
import { ProfileService, SANDBOX_PROFILE_ID, type ProfilesFile } from './profile-service'
import { noKeychain } from './secret-backend'

const KEY = 'sk-profile-key-0123456789'
const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  while (closers.length) await closers.pop()!()
})

async function gateway(handler: ScriptedHandler) {
  const s = await scriptedServer(handler)
  closers.push(s.close)
  return s
}

function service(dir = mkdtempSync(join(tmpdir(), 'profiles-')), plainHttp: 'loopback' | 'never' = 'loopback') {
  const guard = new SecretGuard()
  const vault = new KeyVault(openConfStore<SecretsFile>(dir, 'secrets', { entries: {} }), noKeychain, guard)
  const store = openConfStore<ProfilesFile>(dir, 'profiles', { profiles: [], activeId: SANDBOX_PROFILE_ID })
  const svc = new ProfileService(store, vault, (i, init) => fetch(i, init), plainHttp)
  svc.addRuntime(
    { id: SANDBOX_PROFILE_ID, name: 'Sandbox', baseUrl: 'http://127.0.0.1:9', kind: 'sandbox', synthetic: true },
    'sk-sandbox-key-000',
    false
  )
  return { dir, svc, store, guard }
}

describe('ProfileService', () => {
  it('lists the built-in Sandbox first and active on first run', async () => {
    const { svc } = service()
    const list = await svc.list()
    expect(list.activeId).toBe('sandbox')
    expect(list.profiles[0]).toMatchObject({
      id: 'sandbox',
      readOnly: true,
      synthetic: true,
      key: { configured: true, protection: 'session' }
    })
  })

  it('adds, selects, edits and removes a gateway profile', async () => {
    const { svc } = service()
    const events: string[] = []
    svc.onChanged((l) => events.push(l.activeId))
    const p = await svc.add({ name: 'Work', baseUrl: 'https://gw.example.com/', key: KEY, persistence: 'auto' })
    expect(p).toMatchObject({
      name: 'Work',
      baseUrl: 'https://gw.example.com',
      kind: 'gateway',
      key: { configured: true, last4: '6789' }
    })
    await svc.select(p.id)
    expect((await svc.list()).activeId).toBe(p.id)
    const edited = await svc.update({ id: p.id, name: 'Work 2' })
    expect(edited.name).toBe('Work 2')
    expect(edited.key.configured).toBe(true)
    await svc.remove(p.id)
    expect((await svc.list()).activeId).toBe('sandbox')
    expect(events.length).toBe(4)
  })

  it.each([
    ['', 'baseUrl'],
    ['ftp://x.example', 'baseUrl'],
    ['http://gw.example.com', 'baseUrl'],
    ['https://user:pw@gw.example.com', 'baseUrl'],
    ['not a url', 'baseUrl']
  ])('refuses base URL %j at its field and saves nothing', async (baseUrl, field) => {
    const { svc } = service()
    await expect(svc.add({ name: 'X', baseUrl, key: KEY, persistence: 'auto' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field
    })
    expect((await svc.list()).profiles).toHaveLength(1)
  })

  it('refuses an empty key and a duplicate name', async () => {
    const { svc } = service()
    await expect(
      svc.add({ name: 'X', baseUrl: 'https://a.example', key: ' ', persistence: 'auto' })
    ).rejects.toMatchObject({ field: 'key' })
    await expect(
      svc.add({ name: 'sandbox', baseUrl: 'https://a.example', key: KEY, persistence: 'auto' })
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'name'
    })
  })

  it('a key never sits in public text: refused both ways round, so the profile list is never withheld from the page', async () => {
    const { svc, guard } = service()
    const other = await svc.add({
      name: 'Studio main',
      baseUrl: 'https://gw.example.com',
      key: KEY,
      persistence: 'session'
    })
    // A key that is a profile's name (or a part of its address) would make every list carry it.
    await expect(
      svc.add({ name: 'Second', baseUrl: 'https://two.example.com', key: 'Studio main', persistence: 'session' })
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'key'
    })
    await expect(
      svc.add({
        name: 'Third',
        baseUrl: 'https://three.example.com',
        key: 'https://three.example.com',
        persistence: 'session'
      })
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'key',
      message: 'This looks like a web address, not an API key'
    })
    await expect(
      svc.testConnection({ baseUrl: 'https://four.example.com', key: 'gw.example.com' })
    ).rejects.toMatchObject({ field: 'key' })
    expect(guard.leaks('gw.example.com')).toBe(false)
    // And the other way: a name, address or model names that hold a known key.
    await expect(
      svc.add({
        name: `x ${KEY}`,
        baseUrl: 'https://five.example.com',
        key: 'sk-another-key-987654321',
        persistence: 'session'
      })
    ).rejects.toMatchObject({ field: 'name' })
    await expect(svc.update({ id: other.id, name: KEY })).rejects.toMatchObject({ field: 'name' })
    const names = svc.namesOf(other.id)
    await expect(svc.setNames(other.id, { ...names, models: { ...names.models, chat: [KEY] } })).rejects.toMatchObject({
      field: 'names'
    })
    const list = await svc.list()
    expect(list.profiles.map((p) => p.name)).toEqual(['Sandbox', 'Studio main'])
    expect(guard.leaks(JSON.stringify(list))).toBe(false)
  })

  it('does not let built-in profiles be edited or removed', async () => {
    const { svc } = service()
    await expect(svc.update({ id: 'sandbox', name: 'Mine' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(svc.remove('sandbox')).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })

  it('an invalid edit changes nothing', async () => {
    const { svc } = service()
    const p = await svc.add({ name: 'Work', baseUrl: 'https://gw.example.com', key: KEY, persistence: 'auto' })
    await expect(svc.update({ id: p.id, name: 'Renamed', baseUrl: 'http://insecure.example' })).rejects.toMatchObject({
      field: 'baseUrl'
    })
    expect(svc.get(p.id).name).toBe('Work')
  })

  it('tests a connection and reports the key', async () => {
    const gw = await gateway((req, res) => {
      res.writeHead(req.headers.authorization === `Bearer ${KEY}` ? 200 : 401, { 'content-type': 'application/json' })
      res.end(
        req.headers.authorization === `Bearer ${KEY}`
          ? usageBody()
          : JSON.stringify({ success: false, message: 'Invalid token' })
      )
    })
    const { svc } = service()
    const report = await svc.testConnection({ baseUrl: gw.url, key: KEY })
    expect(report).toMatchObject({ keyName: 'studio key', state: 'active', usage: { totalAvailable: 750 } })
    await expect(svc.testConnection({ baseUrl: gw.url, key: 'sk-wrong-key-000000' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401
    })
  })

  it.each([
    [
      'a web page',
      (_: unknown, res: import('node:http').ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<!doctype html><title>Welcome</title>')
      },
      'NOT_A_GATEWAY'
    ],
    [
      'a redirect',
      (_: unknown, res: import('node:http').ServerResponse) => {
        res.writeHead(302, { location: 'https://elsewhere.example/' })
        res.end()
      },
      'REDIRECT_REFUSED'
    ],
    [
      'an empty 429',
      (_: unknown, res: import('node:http').ServerResponse) => {
        res.writeHead(429)
        res.end()
      },
      'RATE_LIMITED'
    ],
    [
      'a 404 page',
      (_: unknown, res: import('node:http').ServerResponse) => {
        res.writeHead(404)
        res.end('404 page not found')
      },
      'NOT_A_GATEWAY'
    ]
  ])('explains %s precisely', async (_name, handler, code) => {
    const gw = await gateway(handler as ScriptedHandler)
    const { svc } = service()
    await expect(svc.testConnection({ baseUrl: gw.url, key: KEY })).rejects.toMatchObject({ code })
  })

  it('never doubles the API version when the address was pasted with it', async () => {
    const gw = await gateway((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(usageBody())
    })
    const { svc, store } = service()
    await svc.testConnection({ baseUrl: `${gw.url}/v1/`, key: KEY })
    const p = await svc.add({ name: 'Pasted', baseUrl: `${gw.url}/v1`, key: KEY, persistence: 'auto' })
    expect(p.baseUrl).toBe(gw.url)
    await svc.testConnection({ id: p.id })
    // A profile saved before addresses were normalised still ends in /v1 on disk.
    store.set('profiles', [{ ...store.get('profiles')[0], baseUrl: `${gw.url}/v1beta` }])
    expect((await svc.connection(p.id)).baseUrl).toBe(gw.url)
    await svc.testConnection({ id: p.id })
    expect(gw.requests.map((r) => r.url)).toEqual(['/api/usage/token/', '/api/usage/token/', '/api/usage/token/'])
  })

  it('explains an unreachable gateway', async () => {
    const gw = await gateway((_, res) => res.end())
    const url = gw.url
    await gw.close()
    closers.pop()
    const { svc } = service()
    await expect(svc.testConnection({ baseUrl: url, key: KEY })).rejects.toMatchObject({ code: 'NETWORK_UNREACHABLE' })
  })

  it('never sends the key anywhere but the Authorization header of its own origin', async () => {
    const gw = await gateway((_, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:1/steal' })
      res.end()
    })
    const { svc } = service()
    await expect(svc.testConnection({ baseUrl: gw.url, key: KEY })).rejects.toMatchObject({ code: 'REDIRECT_REFUSED' })
    expect(gw.requests).toHaveLength(1)
    expect(gw.requests[0].url).toBe('/api/usage/token/')
    expect(gw.requests[0].url).not.toContain(KEY)
  })
})

describe('a saved key is bound to the origin it was saved for', () => {
  async function twoGateways() {
    const seen: Array<{ who: string; auth: string | undefined }> = []
    const handler =
      (who: string): ScriptedHandler =>
      (req, res) => {
        seen.push({ who, auth: req.headers.authorization })
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(usageBody())
      }
    return { home: await gateway(handler('home')), other: await gateway(handler('other')), seen }
  }

  it('test-connection with the saved key never talks to another origin, but may change the path on its own', async () => {
    const { home, other, seen } = await twoGateways()
    const { svc } = service()
    const p = await svc.add({ name: 'Work', baseUrl: home.url, key: KEY, persistence: 'auto' })
    for (const baseUrl of [
      other.url,
      other.url + '/v1',
      home.url.replace('127.0.0.1', 'localhost'),
      'https://gw.example.com'
    ]) {
      await expect(svc.testConnection({ id: p.id, baseUrl, key: '' })).rejects.toMatchObject({
        code: 'KEY_MISSING',
        field: 'key',
        details: { reason: 'origin-changed' }
      })
    }
    expect(other.requests).toHaveLength(0)
    await svc.testConnection({ id: p.id, baseUrl: home.url + '/v1', key: '' })
    expect(seen).toEqual([{ who: 'home', auth: `Bearer ${KEY}` }])
  })

  it('an edit that moves the address to another origin needs the key typed again; the saved key never follows', async () => {
    const { home, other } = await twoGateways()
    const { svc } = service()
    const p = await svc.add({ name: 'Work', baseUrl: home.url, key: KEY, persistence: 'auto' })
    await expect(svc.update({ id: p.id, baseUrl: other.url })).rejects.toMatchObject({
      code: 'KEY_MISSING',
      field: 'key',
      details: { reason: 'origin-changed' }
    })
    await expect(svc.update({ id: p.id, baseUrl: other.url, persistence: 'session' })).rejects.toMatchObject({
      details: { reason: 'origin-changed' }
    })
    expect(svc.get(p.id).baseUrl).toBe(home.url)
    expect(await svc.connection(p.id)).toMatchObject({ baseUrl: home.url, key: KEY })
    // Same origin, other path: the key stays.
    expect((await svc.update({ id: p.id, baseUrl: `${home.url}/proxy` })).baseUrl).toBe(`${home.url}/proxy`)
    // Retyped: the new address gets the new key, never the old one.
    await svc.update({ id: p.id, baseUrl: other.url, key: 'sk-other-key-0000' })
    expect(await svc.connection(p.id)).toMatchObject({ baseUrl: other.url, key: 'sk-other-key-0000' })
    expect(other.requests).toHaveLength(0)
  })

  it('a saved key is written to a plain file only when typed again', async () => {
    const { dir, svc } = service()
    const p = await svc.add({ name: 'Work', baseUrl: 'https://gw.example.com', key: KEY, persistence: 'session' })
    await expect(svc.update({ id: p.id, persistence: 'file' })).rejects.toMatchObject({
      code: 'KEY_MISSING',
      field: 'key',
      details: { reason: 'retype-for-file' }
    })
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain(KEY)
    expect((await svc.update({ id: p.id, persistence: 'file', key: KEY })).key.protection).toBe('file')
  })

  it('the environment profile key can be neither re-targeted nor written to disk', async () => {
    const { home, other } = await twoGateways()
    const { dir, svc } = service()
    svc.addRuntime({ id: 'env', name: 'From environment', baseUrl: home.url, kind: 'env', synthetic: false }, KEY, true)
    await expect(svc.testConnection({ id: 'env', baseUrl: other.url, key: '' })).rejects.toMatchObject({
      details: { reason: 'origin-changed' }
    })
    await expect(svc.update({ id: 'env', baseUrl: other.url })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(svc.update({ id: 'env', persistence: 'file' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(other.requests).toHaveLength(0)
    expect(existsSync(join(dir, 'secrets.json')) ? readFileSync(join(dir, 'secrets.json'), 'utf8') : '').not.toContain(
      KEY
    )
  })
})

describe('plain http in packaged builds', () => {
  it('refuses every plain-http address, even loopback, before any request; the built-in sandbox still works', async () => {
    const gw = await gateway((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(usageBody())
    })
    const dir = mkdtempSync(join(tmpdir(), 'profiles-'))
    // Saved by a development build, which allows loopback http.
    const dev = service(dir).svc
    const saved = await dev.add({ name: 'Local', baseUrl: gw.url, key: KEY, persistence: 'file' })
    const { svc } = service(dir, 'never')
    await expect(svc.add({ name: 'X', baseUrl: gw.url, key: KEY, persistence: 'auto' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'baseUrl',
      details: { reason: 'packagedHttp' }
    })
    await expect(svc.testConnection({ baseUrl: gw.url, key: KEY })).rejects.toMatchObject({
      details: { reason: 'packagedHttp' }
    })
    await expect(svc.testConnection({ id: saved.id })).rejects.toMatchObject({ details: { reason: 'packagedHttp' } })
    await expect(svc.connection(saved.id)).rejects.toMatchObject({ details: { reason: 'packagedHttp' } })
    expect(gw.requests).toHaveLength(0)
    expect(await svc.connection(SANDBOX_PROFILE_ID)).toMatchObject({
      baseUrl: 'http://127.0.0.1:9',
      key: 'sk-sandbox-key-000'
    })
    // The address can be fixed to https without retyping? No: another origin, so the key is asked for.
    await expect(svc.update({ id: saved.id, baseUrl: 'https://gw.example.com' })).rejects.toMatchObject({
      details: { reason: 'origin-changed' }
    })
  })
})
