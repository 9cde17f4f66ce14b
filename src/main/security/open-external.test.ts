import { beforeEach, describe, expect, it, vi } from 'vitest'

const opened = vi.fn(async (_url: string) => {})
vi.mock('electron', () => ({ shell: { openExternal: (url: string) => opened(url) } }))

const { EXTERNAL_HOSTS, isSafeExternalUrl, openExternalSafe } = await import('./open-external')

const HOSTS = ['docs.example.com']

describe('openExternalSafe', () => {
  beforeEach(() => opened.mockClear())

  it('opens nothing by default: the allow-list starts empty', async () => {
    expect(EXTERNAL_HOSTS).toEqual([])
    expect(await openExternalSafe('https://docs.example.com/guide')).toBe(false)
    expect(opened).not.toHaveBeenCalled()
  })

  it('opens an https link to an allow-listed host, exactly as checked', async () => {
    expect(await openExternalSafe('https://docs.example.com/guide?a=1#x', HOSTS)).toBe(true)
    expect(opened).toHaveBeenCalledWith('https://docs.example.com/guide?a=1#x')
  })

  it.each([
    ['plain http', 'http://docs.example.com/'],
    ['file:', 'file:///etc/passwd'],
    ['smb:', 'smb://docs.example.com/share'],
    ['ms-msdt:', 'ms-msdt:/id PCWDiagnostic /skip force'],
    ['javascript:', 'javascript:alert(1)'],
    ['a custom scheme', 'studio-media://docs.example.com/x'],
    ['credentials', 'https://user:pw@docs.example.com/'],
    ['a username hiding the host', 'https://docs.example.com@evil.example/'],
    ['a port', 'https://docs.example.com:8443/'],
    ['a subdomain of an allowed host', 'https://evil.docs.example.com/'],
    ['an allowed host as a prefix', 'https://docs.example.com.evil.example/'],
    ['an IDN lookalike (Cyrillic а)', 'https://docs.ex\u0430mple.com/'],
    ['not a URL', 'docs.example.com'],
    ['not a string', 42]
  ])('refuses %s', async (_what, url) => {
    expect(isSafeExternalUrl(url, HOSTS)).toBe(false)
    expect(await openExternalSafe(url, HOSTS)).toBe(false)
    expect(opened).not.toHaveBeenCalled()
  })
})
