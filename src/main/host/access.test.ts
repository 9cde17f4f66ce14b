import type { IncomingHttpHeaders } from 'node:http'
import { describe, expect, it } from 'vitest'
import { checkAccess, cookieName, newToken, readCookie, sameToken, tokenCookie } from './access'

const PORT = 43210
const TOKEN = newToken()
const ours = { host: `127.0.0.1:${PORT}` }
const cookie = `${cookieName(PORT)}=${TOKEN}`

function decide(headers: IncomingHttpHeaders, queryToken: string | null = null, requireOrigin = false) {
  return checkAccess({ headers, queryToken, requireOrigin }, PORT, TOKEN)
}

describe('the per-launch token', () => {
  it('is 32 random bytes in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newToken()))
    expect(tokens.size).toBe(50)
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32)
    expect(TOKEN).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('compares equal only for the same string, whatever the lengths', () => {
    expect(sameToken(TOKEN, TOKEN)).toBe(true)
    expect(sameToken(TOKEN + 'x', TOKEN)).toBe(false)
    expect(sameToken('', TOKEN)).toBe(false)
    expect(sameToken(TOKEN.slice(0, -1), TOKEN)).toBe(false)
  })

  it('travels in a session cookie that scripts cannot read and other sites do not send', () => {
    expect(tokenCookie(PORT, TOKEN)).toBe(`studio_token_${PORT}=${TOKEN}; Path=/; HttpOnly; SameSite=Strict`)
  })
})

describe('readCookie', () => {
  it('finds the named cookie among others and ignores look-alikes', () => {
    expect(readCookie(`a=1; ${cookieName(PORT)}=v; b=2`, cookieName(PORT))).toBe('v')
    expect(readCookie(`x${cookieName(PORT)}=v`, cookieName(PORT))).toBeUndefined()
    expect(readCookie(undefined, 'a')).toBeUndefined()
    expect(readCookie('a', 'a')).toBeUndefined()
  })
})

describe('checkAccess', () => {
  it('lets in our Host with the query token (and asks for the cookie) or with the cookie', () => {
    expect(decide(ours, TOKEN)).toEqual({ ok: true, setCookie: true })
    expect(decide({ ...ours, cookie })).toEqual({ ok: true, setCookie: false })
    expect(decide({ host: `localhost:${PORT}`, cookie, origin: `http://localhost:${PORT}` })).toEqual({ ok: true, setCookie: false })
  })

  it('refuses any other Host first', () => {
    for (const host of [undefined, '', 'evil.example', `evil.example:${PORT}`, `127.0.0.1:${PORT + 1}`, `127.0.0.2:${PORT}`, `[::1]:${PORT}`, `127.0.0.1:${PORT}.evil`]) {
      expect(decide({ host, cookie }, TOKEN), String(host)).toEqual({ ok: false, reason: 'host' })
    }
  })

  it('refuses an Origin that is not exactly our own origin for that Host', () => {
    for (const origin of ['null', 'http://evil.example', `https://127.0.0.1:${PORT}`, `http://localhost:${PORT}`, `http://127.0.0.1:${PORT}/`]) {
      expect(decide({ ...ours, cookie, origin }), origin).toEqual({ ok: false, reason: 'origin' })
    }
  })

  it('requires an Origin on upgrades only', () => {
    expect(decide({ ...ours, cookie }, null, true)).toEqual({ ok: false, reason: 'origin' })
    expect(decide({ ...ours, cookie, origin: `http://127.0.0.1:${PORT}` }, null, true)).toEqual({ ok: true, setCookie: false })
  })

  it('refuses a missing or wrong token, and a wrong query token even with a good cookie', () => {
    expect(decide(ours)).toEqual({ ok: false, reason: 'token' })
    expect(decide({ ...ours, cookie: `${cookieName(PORT)}=nope` })).toEqual({ ok: false, reason: 'token' })
    expect(decide({ ...ours, cookie: `${cookieName(PORT + 1)}=${TOKEN}` })).toEqual({ ok: false, reason: 'token' })
    expect(decide({ ...ours, cookie }, 'nope')).toEqual({ ok: false, reason: 'token' })
  })
})
