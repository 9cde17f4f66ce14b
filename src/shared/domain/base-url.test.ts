import { describe, expect, it } from 'vitest'
import { checkBaseUrl, isLoopbackHost } from './base-url'

describe('checkBaseUrl', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com/proxy/', 'https://api.example.com/proxy'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000']
  ])('accepts %j as %j', (input, url) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, url })
  })

  it.each([
    ['https://api.example.com/v1', 'https://api.example.com', '/v1'],
    ['  https://api.example.com/v1/  ', 'https://api.example.com', '/v1'],
    ['https://api.example.com/V1', 'https://api.example.com', '/V1'],
    ['https://api.example.com/v1beta', 'https://api.example.com', '/v1beta'],
    ['https://api.example.com/v1beta/', 'https://api.example.com', '/v1beta'],
    ['https://api.example.com/gw/v1', 'https://api.example.com/gw', '/v1'],
    ['http://127.0.0.1:8080/v1', 'http://127.0.0.1:8080', '/v1']
  ])('drops the API version from %j (routes add it): %j', (input, url, droppedVersion) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, url, droppedVersion })
  })

  it.each([
    'https://api.example.com/v1x',
    'https://api.example.com/v12',
    'https://api.example.com/v1/gw',
    'https://api.example.com/api'
  ])('keeps %j, which does not end in an API version', (input) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, url: input })
  })

  it.each([
    ['', 'empty'],
    ['api.example.com', 'malformed'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://api.example.com', 'insecure'],
    ['http://127.0.0.1.evil.example', 'insecure'],
    ['http://10.0.0.1', 'insecure'],
    ['https://user:pass@api.example.com', 'credentials'],
    ['https://a@b.example', 'credentials'],
    ['https://api.example.com/?key=sk-1', 'query'],
    ['https://api.example.com/#x', 'query']
  ])('refuses %j (%s)', (input, reason) => {
    const r = checkBaseUrl(input)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.reason).toBe(reason)
      expect(r.message.length).toBeGreaterThan(10)
    }
  })

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.255.0.1')).toBe(true)
    expect(isLoopbackHost('127.0.0.256')).toBe(false)
    expect(isLoopbackHost('localhost.example')).toBe(false)
  })
})
