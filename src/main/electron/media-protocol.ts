import { Readable } from 'node:stream'
import type { Protocol } from 'electron'
import type { MediaSource } from '../core/files/media'
import type { MediaReply } from '../core/files/media-response'
import { APP_ORIGIN, MEDIA_HOST, MEDIA_SCHEME } from '../security/origins'

/**
 * `studio-media://m/<mediaId>`: how the page shows images and videos in the Electron shell (a URL,
 * never base64 over IPC, and never a path: SECURITY.md D4). The id is looked up in the core's
 * media table; anything else in the URL is a 404. Registered as a privileged scheme in
 * app-protocol.ts (stream: true lets <video> seek through our 206 answers; corsEnabled lets our page
 * read a frame). Served only to requests our own pages initiated: see MediaAccess.
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
 * corsEnabled lets every origin's cross-origin reads through and Electron checks no
 * Access-Control-Allow-Origin on a registered scheme's answer (electron/electron#51152, #52498): this
 * handler's refusal is the only wall, so it decides on what the requesting page cannot set.
 *
 * That is `request.initiatorOrigin`. Electron 45.4's protocol.handle docs: "In addition to the standard
 * Request fields, request.initiatorOrigin is set to the origin that issued the request (for example
 * https://example.com, or null for an opaque origin) when web content made it; it is absent for requests
 * the browser started itself. Unlike request.referrer it is not controlled by the requesting page, so
 * prefer it when deciding whether to serve a request." (electron.d.ts of electron@45.4.1, generated from
 * https://www.electronjs.org/docs/latest/api/protocol and https://www.electronjs.org/docs/latest/api/structures/protocol-request.) So a request is served only when its
 * initiator is exactly one of our origins:
 * - no initiator (a load the browser started: a navigation by loadURL, a download) is refused, as is
 *   `null` (a sandboxed frame, a data: or about: page of no origin), and any other origin;
 * - the `Origin` header and the referrer are not consulted: custom-scheme loads arrive without Origin
 *   (the network service's CORS loader never sees them, #51152; Electron deletes an `origin: null`),
 *   and a page can drop its referrer, so neither could tell our page from a stranger that hides itself.
 * Refusing loads with no origin information fails closed: an Electron without initiatorOrigin shows no
 * media at all rather than serving everyone (the smoke script's image and video steps would fail).
 */
export interface MediaAccess {
  /** Our pages' origins, exactly as Chromium serialises them (`app://bundle`; never `*` or `null`). */
  trusted: readonly string[]
  /** True while one of our windows shows a page that is not ours (a bug let it navigate). */
  strangerShown?: () => boolean
}

const FORBIDDEN_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }

/** The Request protocol.handle hands over, with the field Electron adds (documented above). */
export type ProtocolHandleRequest = Request & { readonly initiatorOrigin?: unknown }

/** The origin Electron says issued the request, or null when it gives none (or not as a string). */
export function initiatorOf(request: Request): string | null {
  const initiator = (request as ProtocolHandleRequest).initiatorOrigin
  return typeof initiator === 'string' && initiator !== '' ? initiator : null
}

/** Why a request is refused, or null. Decides only on the initiator, which the page cannot set. */
export function mediaRefusal(request: Request, access: MediaAccess): string | null {
  const initiator = initiatorOf(request)
  if (initiator === null) return 'no initiator (a load the browser started, or an Electron that does not report one)'
  if (initiator === 'null') return 'an opaque origin'
  if (!access.trusted.includes(initiator)) return 'another origin'
  if (access.strangerShown?.()) return 'a window shows a page that is not the studio'
  return null
}

export function createMediaRequestHandler(
  media: MediaSource,
  access: MediaAccess = { trusted: [APP_ORIGIN] }
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (mediaRefusal(request, access) !== null)
      return new Response('Forbidden', { status: 403, headers: FORBIDDEN_HEADERS })
    // Trusted, so exactly one of our origins (mediaRefusal checked it).
    const initiator = initiatorOf(request) as string
    const id = mediaIdOf(request.url)
    if (id === null)
      return new Response('Not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }
      })
    const { replyMedia } = await loadMediaResponse()
    const reply = await replyMedia(media, id, {
      method: request.method,
      range: request.headers.get('range'),
      ifRange: request.headers.get('if-range')
    })
    // Electron does not check this header (see MediaAccess); it names the one origin served, never `*`.
    return toResponse({ ...reply, headers: { ...reply.headers, 'Access-Control-Allow-Origin': initiator } })
  }
}

/** Installs the handler on the default session (after `ready`). */
export function installMediaProtocol(
  protocol: Pick<Protocol, 'handle'>,
  media: MediaSource,
  access?: MediaAccess
): void {
  protocol.handle(MEDIA_SCHEME, createMediaRequestHandler(media, access))
}
