import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  BRIDGE_SCRIPT_TAG,
  containedRealPath,
  contentTypeOf,
  createStaticCache,
  injectBridgeScript,
  resolveStaticPath
} from './static-files'

const root = join(tmpdir(), 'studio-root')

describe('resolveStaticPath', () => {
  it('maps the root to index.html and plain paths to files under the root', () => {
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'))
    expect(resolveStaticPath(root, '')).toBe(join(root, 'index.html'))
    expect(resolveStaticPath(root, '/assets/index-a1b2.js')).toBe(join(root, 'assets', 'index-a1b2.js'))
    expect(resolveStaticPath(root, '/assets/a%20b.png')).toBe(join(root, 'assets', 'a b.png'))
  })

  it.each([
    '/..',
    '/../secret',
    '/assets/../../secret',
    '/assets/./app.js',
    '/%2e%2e/secret',
    '/%2E%2E/%2e%2e/secret',
    '/assets/..%2f..%2fsecret',
    '/assets/%2fetc%2fpasswd',
    '/..\\secret',
    '/%5c..%5csecret',
    '/index.html%00.png',
    '/a\0b',
    '/C:/Windows/win.ini',
    '/c%3a/x',
    '//etc/passwd',
    '/assets//app.js',
    '/%E0%A4%A',
    'index.html',
    'http://127.0.0.1/index.html'
  ])('refuses %j', (path) => {
    expect(resolveStaticPath(root, path)).toBeNull()
  })
})

describe('containedRealPath', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-static-'))
  const bundle = join(dir, 'bundle')
  mkdirSync(bundle)
  writeFileSync(join(bundle, 'ok.js'), '1')
  writeFileSync(join(dir, 'secret.txt'), 'key')
  symlinkSync(join(dir, 'secret.txt'), join(bundle, 'leak.js'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('accepts a real file inside the root', async () => {
    expect(await containedRealPath(bundle, join(bundle, 'ok.js'))).toMatch(/ok\.js$/)
  })

  it('refuses a symlink that leads out of the root, and a missing file', async () => {
    expect(await containedRealPath(bundle, join(bundle, 'leak.js'))).toBeNull()
    expect(await containedRealPath(bundle, join(bundle, 'missing.js'))).toBeNull()
  })
})

describe('contentTypeOf', () => {
  it('names the types the renderer build contains and falls back to octet-stream', () => {
    expect(contentTypeOf('/x/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeOf('/x/a.JS')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeOf('/x/a.css')).toBe('text/css; charset=utf-8')
    expect(contentTypeOf('/x/a.woff2')).toBe('font/woff2')
    expect(contentTypeOf('/x/a.svg')).toBe('image/svg+xml')
    expect(contentTypeOf('/x/a.unknown')).toBe('application/octet-stream')
  })
})

describe('injectBridgeScript', () => {
  it('puts the bridge first in <head>, before the app module script and its preloads', () => {
    const html =
      '<!doctype html><html lang="en"><head data-x="1"><meta charset="utf-8"><link rel="modulepreload" href="/assets/c.js"><script type="module" src="/assets/app.js"></script></head><body></body></html>'
    const out = injectBridgeScript(html)
    expect(out).toContain(`<head data-x="1">${BRIDGE_SCRIPT_TAG}<meta`)
    expect(out.indexOf(BRIDGE_SCRIPT_TAG)).toBeLessThan(out.indexOf('/assets/app.js'))
    expect(out.replace(BRIDGE_SCRIPT_TAG, '')).toBe(html)
  })

  it('does not mistake <header> for <head>, and copes without a head', () => {
    const noHead = '<html><body><header>x</header><script type="module" src="/app.js"></script></body></html>'
    const out = injectBridgeScript(noHead)
    expect(out.indexOf(BRIDGE_SCRIPT_TAG)).toBe(noHead.indexOf('<script'))
    expect(injectBridgeScript('<p>hi</p>')).toBe(BRIDGE_SCRIPT_TAG + '<p>hi</p>')
  })
})

describe('the static file cache', () => {
  it('reads a file once while its size and mtime stay, again after a rebuild, and never caches big files', async () => {
    const reads: string[] = []
    const cache = createStaticCache(async (file) => {
      reads.push(file)
      return Buffer.from(file === '/a.js' ? 'aaaa' : 'bbbbb')
    })
    expect((await cache('/a.js', { size: 4, mtimeMs: 1 }))?.toString()).toBe('aaaa')
    await cache('/a.js', { size: 4, mtimeMs: 1 })
    expect(reads).toEqual(['/a.js'])
    await cache('/a.js', { size: 4, mtimeMs: 2 })
    expect(reads).toEqual(['/a.js', '/a.js'])
    // Read while being rewritten (size differs from stat): served but not kept.
    await cache('/b.js', { size: 9, mtimeMs: 1 })
    await cache('/b.js', { size: 9, mtimeMs: 1 })
    expect(reads.filter((f) => f === '/b.js')).toHaveLength(2)
    expect(await cache('/big.js', { size: 3 * 1024 * 1024, mtimeMs: 1 })).toBeNull()
    expect(reads).not.toContain('/big.js')
  })
})
