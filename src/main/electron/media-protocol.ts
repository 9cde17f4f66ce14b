import { Readable } from 'node:stream'
import type { Protocol } from 'electron'
import type { MediaSource } from '../core/files/media'
import type { MediaReply } from '../core/files/media-response'
import { APP_ORIGIN, hasTrustedOrigin, MEDIA_HOST, MEDIA_SCHEME } from '../security/origins'

/**
 * `studio-media://m/<mediaId>`: how the page shows images and videos in the Electron shell (a URL,
 * never base64 over IPC, and never a path: security-anchors D4). The id is looked up in the core's
 * media table; anything else in the URL is a 404. Registered as a privileged scheme in
 * app-protocol.ts (stream: true lets <video> seek through our 206 answers; corsEnabled lets our page
 * read a frame, see MediaAccess).
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

/**
 * Who may read media bytes. The page is another origin than studio-media (`app://bundle`, or the dev
 * server in an unpackaged build), and it reads a video's pixels to extract a frame, so the scheme is
 * registered with corsEnabled (app-protocol.ts) and the player loads with crossOrigin="anonymous".
 *
 * What the handler can know about the requester is only what Electron puts in the Request (url,
 * method, headers, referrer: ProtocolRequest; no webContents, frame or initiator), and for a page's
 * load that is little (testing/protocol.ts has the sources):
 * - `Origin` is appended by the network service's CORS loader, which custom-scheme loads bypass; and an
 *   `Origin: null` (sandboxed frame, data: page) is deleted by Electron before the handler runs. So an
 *   Origin, when one arrives, is refused unless it is ours, and its absence proves nothing.
 * - The referrer is set by Chromium, not by script: a page can drop it (referrerPolicy "no-referrer")
 *   but not name another origin. A foreign http(s) page's loads name its origin unless it hides it, so
 *   a referrer from another origin is refused. Our own app:// pages send none (Blink sends referrers
 *   only from http(s) pages; electron/electron#14747), so a page that drops its referrer looks like ours:
 *   this check is a tripwire, not the wall.
 * - Electron does not check Access-Control-Allow-Origin on its registered schemes' answers, so the
 *   header alone would keep no one out.
 * A request with neither an Origin nor a referrer is therefore served: it is what every load from our
 * own app:// page looks like, and refusing it would show no image or video at all. What keeps foreign
 * pages out is that they cannot be in our windows (navigation guards; nothing is served while one of our
 * windows shows a page that is not ours) and that media ids are unguessable, per-launch capabilities.
 */
export interface MediaAccess {
  /** Our pages' origins, exactly as Chromium sends them in `Origin` (never `*`). */
  trusted: readonly string[]
  /** True while one of our windows shows a page of another origin (a bug let it navigate). */
  strangerShown?: () => boolean
}

const FORBIDDEN_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', Vary: 'Origin' }

/** Why a request is refused, or null. Decides only on what the requesting page cannot forge. */
export function mediaRefusal(request: Request, access: MediaAccess): string | null {
  const origin = request.headers.get('origin')
  if (origin !== null && !access.trusted.includes(origin)) return 'another origin'
  // Request.referrer is '' for no referrer and 'about:client' when none was given (never by Electron).
  const referrer = request.referrer
  if (referrer !== '' && referrer !== 'about:client' && !hasTrustedOrigin(referrer, access.trusted)) return 'a page of another origin'
  if (access.strangerShown?.()) return 'a window shows a page that is not the studio'
  return null
}

export function createMediaRequestHandler(media: MediaSource, access: MediaAccess = { trusted: [APP_ORIGIN] }): (request: Request) => Promise<Response> {
  return async (request) => {
    if (mediaRefusal(request, access) !== null) return new Response('Forbidden', { status: 403, headers: FORBIDDEN_HEADERS })
    const origin = request.headers.get('origin')
    const id = mediaIdOf(request.url)
    if (id === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } })
    const { replyMedia } = await loadMediaResponse()
    const reply = await replyMedia(media, id, {
      method: request.method,
      range: request.headers.get('range'),
      ifRange: request.headers.get('if-range')
    })
    // The answer depends on Origin, so no cache may hand one origin's answer to another.
    const cors: Record<string, string> = origin === null ? { Vary: 'Origin' } : { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
    return toResponse({ ...reply, headers: { ...reply.headers, ...cors } })
  }
}

/** Installs the handler on the default session (after `ready`). */
export function installMediaProtocol(protocol: Pick<Protocol, 'handle'>, media: MediaSource, access?: MediaAccess): void {
  protocol.handle(MEDIA_SCHEME, createMediaRequestHandler(media, access))
}
