import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedServer } from '../testing/scripted-server'
import { downloadError, downloadToFile, type DownloadInput } from './download'
import { allowLoopbackResultOrigin } from './result-address'

/** The one result downloader on its own: what `verify` sees and when, the key's origin rule, cleanup. */
describe('the one result downloader', () => {
  let cdn: Awaited<ReturnType<typeof scriptedServer>>
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-download-'))
    cdn = await scriptedServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      if (req.url === '/slow-wrong') {
        // A wrong answer that would take 5 s to arrive in full: its first bytes must be enough.
        res.write('<html>')
        res.write(' not what was asked for')
        const more = setInterval(() => res.write('.'.repeat(1024)), 100)
        setTimeout(() => (clearInterval(more), res.end()), 5000)
        res.on('close', () => clearInterval(more))
        return
      }
      // The expected head arrives split over three chunks.
      res.write('MA')
      res.write('GI')
      res.end('C and the rest of the file')
    })
    allowLoopbackResultOrigin(cdn.url)
  })
  afterAll(async () => {
    await cdn.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const input = (path: string, seen: Uint8Array[]): DownloadInput => ({
    fetch: (i, init) => fetch(i, init),
    target: new URL(`${cdn.url}${path}`),
    // A gateway on another loopback port: the CDN gets no Authorization header.
    gateway: { baseUrl: 'http://127.0.0.1:9', key: 'sk-download-test' },
    part: join(dir, `${path.slice(1)}.bin.part`),
    limits: { headersMs: 5000, idleMs: 5000, maxBytes: 1024 * 1024 },
    headBytes: 5,
    verify: (head) => {
      seen.push(head.slice())
      if (new TextDecoder().decode(head) !== 'MAGIC')
        throw downloadError('wrong-bytes', 'Not the expected kind of file.', true)
    },
    statusError: (status) => downloadError('status', `HTTP ${status}`, false, status),
    diskError: (code) => downloadError('disk', code, false),
    hash: true
  })

  it('shows verify the first bytes once, across chunks, and keeps the verified, hashed part for the caller', async () => {
    const seen: Uint8Array[] = []
    const done = await downloadToFile(input('/good', seen))
    expect(seen.map((h) => new TextDecoder().decode(h))).toEqual(['MAGIC'])
    expect(done).toMatchObject({
      bytes: 'MAGIC and the rest of the file'.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/)
    })
    expect(readFileSync(done.part, 'utf8')).toBe('MAGIC and the rest of the file')
    expect(cdn.requests.at(-1)!.headers.authorization).toBeUndefined()
    rmSync(done.part)
  })

  it('stops a wrong answer at its first bytes, long before the rest would have arrived, and leaves no part file', async () => {
    const started = Date.now()
    await expect(downloadToFile(input('/slow-wrong', []))).rejects.toMatchObject({ details: { reason: 'wrong-bytes' } })
    expect(Date.now() - started).toBeLessThan(3000)
    expect(readdirSync(dir)).toEqual([])
  })
})
