import { describe, expect, it } from 'vitest'
import { isAllowedNavigation } from './navigation'
import { APP_ORIGIN, originOf, rendererTarget } from './origins'

describe('isAllowedNavigation', () => {
  it.each([
    'app://bundle/index.html',
    'app://bundle/',
    'app://bundle',
    'app://bundle/index.html#/settings',
    'app://bundle/assets/x.js?v=1'
  ])('allows our own page %s', (url) => {
    expect(isAllowedNavigation(url)).toBe(true)
  })

  it.each([
    ['a lookalike host', 'app://bundle.evil/index.html'],
    ['a host prefix', 'app://bundlex/'],
    ['userinfo hiding another host', 'app://bundle@evil/index.html'],
    ['userinfo on our host', 'app://user:pw@bundle/index.html'],
    ['a port', 'app://bundle:8080/index.html'],
    ['another scheme with our host', 'https://bundle/index.html'],
    ['the web', 'https://example.com/'],
    ['plain http', 'http://bundle/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: mentioning us', 'javascript://app://bundle/%0aalert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['blob: of our origin', 'blob:app://bundle/5f1c-uuid'],
    ['about:blank', 'about:blank'],
    ['about:blank traversal', 'about:blank/../app://bundle/'],
    ['about:srcdoc', 'about:srcdoc'],
    ['an opaque app: path', 'app:bundle/index.html'],
    ['an app: URL without host', 'app:///bundle/index.html'],
    ['an empty string', ''],
    ['garbage', 'not a url'],
    ['an upper-case host Chromium would have lowered', 'app://BUNDLE/'],
    ['the studio-media scheme', 'studio-media://bundle/x'],
    ['chrome:', 'chrome://settings'],
    ['devtools:', 'devtools://devtools/bundled/inspector.html']
  ])('refuses %s', (_what, url) => {
    expect(isAllowedNavigation(url)).toBe(false)
  })

  it('refuses non-strings', () => {
    for (const v of [undefined, null, 42, {}, ['app://bundle/']]) expect(isAllowedNavigation(v)).toBe(false)
  })

  it('allows the dev server only when it is one of the trusted origins', () => {
    expect(isAllowedNavigation('http://localhost:5173/')).toBe(false)
    expect(isAllowedNavigation('http://localhost:5173/', [APP_ORIGIN, 'http://localhost:5173'])).toBe(true)
    expect(isAllowedNavigation('http://localhost:5174/', [APP_ORIGIN, 'http://localhost:5173'])).toBe(false)
  })
})

describe('originOf', () => {
  it('gives our scheme the origin Chromium reports, where Node would say "null"', () => {
    expect(new URL('app://bundle/index.html').origin).toBe('null')
    expect(originOf('app://bundle/index.html')).toBe('app://bundle')
    expect(originOf('https://a.example:8443/x')).toBe('https://a.example:8443')
    expect(originOf('blob:https://a.example/uuid')).toBeNull()
  })
})

describe('rendererTarget', () => {
  it('loads the bundle through app:// in a packaged build, whatever the environment says', () => {
    expect(rendererTarget(true, 'http://localhost:5173')).toEqual({
      url: 'app://bundle/index.html',
      origins: ['app://bundle']
    })
    expect(rendererTarget(false, undefined)).toEqual({ url: 'app://bundle/index.html', origins: ['app://bundle'] })
  })

  it('uses a loopback dev server only in an unpackaged build', () => {
    expect(rendererTarget(false, 'http://localhost:5173/')).toEqual({
      url: 'http://localhost:5173/',
      origins: ['app://bundle', 'http://localhost:5173']
    })
  })

  it('ignores a dev server URL that is not plain loopback http', () => {
    for (const url of [
      'https://localhost:5173',
      'http://evil.example:5173',
      'http://user@localhost:5173',
      'file:///tmp/x.html'
    ]) {
      expect(rendererTarget(false, url).origins).toEqual(['app://bundle'])
    }
  })
})
