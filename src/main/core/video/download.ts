import { rename } from 'node:fs/promises'
import { join } from 'node:path'
import { type StudioError } from '@shared/errors'
import {
  downloadError,
  downloadToFile,
  isDiskFull,
  resultStatusError,
  resultTarget,
  type DownloadLimits
} from '../gateway/download'
import { gatewayUrl, type FetchLike, type GatewayConnection } from '../gateway/http'
import type { Resolve } from '../gateway/result-address'

/**
 * Video results through the one downloader (gateway/download.ts): `<id>.mp4.part` next to the final
 * name, verified by the MP4 `ftyp` box at offset 4 as soon as the first bytes arrive, renamed once
 * complete. The key goes only to the gateway's own origin (the /content route), never to a CDN.
 */

export const DEFAULT_VIDEO_DOWNLOAD: DownloadLimits = {
  headersMs: 30_000,
  idleMs: 60_000,
  maxBytes: 4 * 1024 * 1024 * 1024
}

export interface SavedVideo {
  name: string
  path: string
  bytes: number
  contentType: string
}

/** ISO BMFF (MP4/MOV): bytes 4..8 are `ftyp`. */
export function looksLikeMp4(head: Uint8Array): boolean {
  return head.byteLength >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70
}

export interface FetchVideoInput {
  fetch: FetchLike
  /** An absolute URL, or null for the gateway's /content route (`contentPath`). */
  url: string | null
  contentPath: string
  conn: GatewayConnection
  dir: string
  id: string
  limits?: Partial<DownloadLimits>
  signal?: AbortSignal
  /** DNS for the address check (result-address.ts); the system's by default. */
  resolve?: Resolve
}

function statusError(status: number): StudioError {
  // The /content route answers 400 while the video is still being prepared.
  if (status === 400)
    return downloadError('not-ready', 'The gateway says the result is not ready yet (400).', true, status)
  return resultStatusError(status, 'The result link was refused (403): it has expired.')
}

function diskError(code: string): StudioError {
  if (isDiskFull(code))
    return downloadError(
      'disk-full',
      'The disk is full: the partial file was removed and the video will be downloaded again later (free some space).',
      true
    )
  return downloadError(
    'disk',
    `The video folder cannot be written (${code}): the partial file was removed and the video will be downloaded again later.`,
    true
  )
}

export async function fetchVideo(d: FetchVideoInput): Promise<SavedVideo> {
  const done = await downloadToFile({
    fetch: d.fetch,
    target: resultTarget(d.url ?? gatewayUrl(d.conn, d.contentPath)),
    gateway: d.conn,
    part: join(d.dir, `${d.id}.mp4.part`),
    limits: { ...DEFAULT_VIDEO_DOWNLOAD, ...d.limits },
    accept: 'video/*, */*',
    signal: d.signal,
    resolve: d.resolve,
    headBytes: 8,
    verify: (head) => {
      if (!looksLikeMp4(head))
        throw downloadError('wrong-bytes', 'The result is not an MP4 video (no ftyp box); it was discarded.', true)
    },
    statusError,
    diskError
  })
  const name = `${d.id}.mp4`
  const path = join(d.dir, name)
  await rename(done.part, path)
  return { name, path, bytes: done.bytes, contentType: 'video/mp4' }
}
