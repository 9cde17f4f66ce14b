import type { IncomingHttpHeaders } from 'node:http'
import { describe, expect, it } from 'vitest'
import { checkAccess, hostProof, isChallenge, newToken, sameToken, type AccessKind } from './access'

const PORT = 43210
const TOKEN = newToken()
const ours = { host: `127.0.0.1:${PORT}` }
const origin = `http://127.0.0.1:${PORT}`
const token = { 'x-studio-token': TOKEN }
const oldCookie = `studio_token_${PORT}=${TOKEN}`

function decide(headers: IncomingHttpHeaders, kind: AccessKind = 'page') {
  return checkAccess({ headers, kind }, PORT, TOKEN)
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

  it("is proved by the host with an HMAC of the page's challenge, which does not reveal it", () => {
    const challenge = 'a'.repeat(43)
    expect(hostProof(TOKEN, challenge)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(hostProof(TOKEN, challenge)).toBe(hostProof(TOKEN, challenge))
    expect(hostProof(TOKEN, 'b'.repeat(43))).not.toBe(hostProof(TOKEN, challenge))
    expect(hostProof(newToken(), challenge)).not.toBe(hostProof(TOKEN, challenge))
    expect(isChallenge(challenge)).toBe(true)
    for (const bad of [null, '', 'short', 'a'.repeat(87), 'a'.repeat(42) + '/'])
      expect(isChallenge(bad), String(bad)).toBe(false)
  })
})

describe('checkAccess', () => {
  it('serves the page and media to our Host without a token; uploads need the token header', () => {
    expect(decide(ours)).toEqual({ ok: true })
    expect(decide(ours, 'media')).toEqual({ ok: true })
    expect(decide({ host: `localhost:${PORT}`, origin: `http://localhost:${PORT}`, ...token }, 'upload')).toEqual({
      ok: true
    })
    expect(decide({ ...ours, origin, ...token }, 'upload')).toEqual({ ok: true })
  })

  it('refuses any other Host first', () => {
    for (const host of [
      undefined,
      '',
      'evil.example',
      `evil.example:${PORT}`,
      `127.0.0.1:${PORT + 1}`,
      `127.0.0.2:${PORT}`,
      `[::1]:${PORT}`,
      `127.0.0.1:${PORT}.evil`
    ]) {
      expect(decide({ host, ...token }, 'upload'), String(host)).toEqual({ ok: false, reason: 'host' })
    }
  })

  it('refuses an Origin that is not exactly our own origin for that Host', () => {
    for (const o of [
      'null',
      'http://evil.example',
      `https://127.0.0.1:${PORT}`,
      `http://localhost:${PORT}`,
      `http://127.0.0.1:${PORT}/`,
      `http://127.0.0.1:${PORT + 1}`
    ]) {
      expect(decide({ ...ours, origin: o }), o).toEqual({ ok: false, reason: 'origin' })
    }
  })

  it('requires an Origin on uploads, the code exchange and upgrades', () => {
    for (const kind of ['upload', 'session', 'upgrade'] as const) {
      expect(decide({ ...ours, ...token }, kind), kind).toEqual({ ok: false, reason: 'origin' })
      expect(decide({ ...ours, ...token, origin }, kind), kind).toEqual({ ok: true })
    }
  })

  it('gives nothing to a request from another port or site (Sec-Fetch-Site), with or without the old cookie', () => {
    for (const kind of ['page', 'media', 'upload', 'session', 'upgrade'] as const) {
      for (const site of ['same-site', 'cross-site']) {
        expect(
          decide(
            {
              ...ours,
              cookie: oldCookie,
              'sec-fetch-site': site,
              ...(kind === 'page' || kind === 'media' ? {} : { origin }),
              ...token
            },
            kind
          ),
          `${kind} ${site}`
        ).toEqual({ ok: false, reason: 'fetch-site' })
      }
    }
    // A navigation may come from anywhere (it cannot read the answer); media only from us or the user.
    expect(decide({ ...ours, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).toEqual({ ok: true })
    expect(decide({ ...ours, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }, 'media')).toEqual({
      ok: false,
      reason: 'fetch-site'
    })
    expect(decide({ ...ours, 'sec-fetch-site': 'none' }, 'media')).toEqual({ ok: true })
    expect(decide({ ...ours, 'sec-fetch-site': 'same-origin' }, 'media')).toEqual({ ok: true })
  })

  it('takes no cookie and no wrong token for an upload', () => {
    expect(decide({ ...ours, origin, cookie: oldCookie }, 'upload')).toEqual({ ok: false, reason: 'token' })
    expect(decide({ ...ours, origin, 'x-studio-token': 'nope' }, 'upload')).toEqual({ ok: false, reason: 'token' })
    expect(decide({ ...ours, origin, 'x-studio-token': [TOKEN, TOKEN] }, 'upload')).toEqual({
      ok: false,
      reason: 'token'
    })
  })
})
