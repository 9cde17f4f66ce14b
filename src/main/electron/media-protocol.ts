import { Readable } from 'node:stream'
import type { Protocol } from 'electron'
import type { MediaSource } from '../core/files/media'
import type { MediaReply } from '../core/files/media-response'
import { MEDIA_HOST, MEDIA_SCHEME } from '../security/origins'

/**
 * `studio-media://m/<mediaId>`: how the page shows images and videos in the Electron shell (a URL,
 * never base64 over IPC, and never a path: security-anchors D4). The id is looked up in the core's
 * media table; anything else in the URL is a 404. Registered as a privileged scheme in
 * app-protocol.ts (stream: true lets <video> seek through our 206 answers).
 */
const MEDIA_URL = new RegExp(`^${MEDIA_SCHEME}://${MEDIA_HOST}/([^/?#]*)(?:[?#].*)?$`, 'i')

/** The id in a media URL, or null. Only the shape is checked here; the table decides what exists. */
export function mediaIdOf(url: string): string | null {
  const m = MEDIA_URL.exec(url)
  return m ? m[1] : null
}

function toResponse(reply: MediaReply): Response {
  // Readable.toWeb keeps it streaming: a 200 MB video is never held in memory.
  const body = reply.body ? (Readable.toWeb(reply.body) as ReadableStream<Uint8Array>) : null
  return new Response(body, { status: reply.status, headers: reply.headers })
}

type MediaResponseModule = typeof import('../core/files/media-response')
let mediaResponse: Promise<MediaResponseModule> | null = null

/** Loaded on the first media request, not on the start path before the window (T2). */
function loadMediaResponse(): Promise<MediaResponseModule> {
  mediaResponse ??= import('../core/files/media-response')
  return mediaResponse
}

export function createMediaRequestHandler(media: MediaSource): (request: Request) => Promise<Response> {
  return async (request) => {
    const id = mediaIdOf(request.url)
    if (id === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } })
    const { replyMedia } = await loadMediaResponse()
    return toResponse(
      await replyMedia(media, id, {
        method: request.method,
        range: request.headers.get('range'),
        ifRange: request.headers.get('if-range')
      })
    )
  }
}

/** Installs the handler on the default session (after `ready`). */
export function installMediaProtocol(protocol: Pick<Protocol, 'handle'>, media: MediaSource): void {
  protocol.handle(MEDIA_SCHEME, createMediaRequestHandler(media))
}
