/**
 * The one Content-Security-Policy of the studio's pages, delivered as a response header by both
 * shells (there is no <meta> copy: a meta policy would also bind the browser host's bridge socket).
 * Nothing remote can load or be contacted: media comes from the host's own media route.
 */
export interface CspOptions {
  /** Extra connect-src entries: the browser host's own WebSocket origin. Electron passes none. */
  connect?: string[]
  /** Extra img/media sources: the Electron media scheme. */
  media?: string[]
}

export function buildCsp(opts: CspOptions = {}): string {
  const connect = opts.connect?.length ? opts.connect.join(' ') : "'none'"
  const media = ["'self'", 'blob:', ...(opts.media ?? [])].join(' ')
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${media} data:`,
    `media-src ${media}`,
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "worker-src 'self' blob:"
  ].join('; ')
}

/** The Electron shell's page policy: images and videos may also come from the media scheme. */
export function electronCsp(mediaScheme: string): string {
  return buildCsp({ media: [`${mediaScheme}:`] })
}

/**
 * The browser host's page policy: 'self' for the page's uploads, the ws origins of its bridge socket
 * (`localhost` only for a host on 127.0.0.1, the one loopback address that name points to).
 * worker-src stays 'self' blob:: the image editor runs dedicated workers; service workers are
 * refused by the host itself (server.ts), since CSP cannot tell the two kinds apart.
 */
export function browserHostCsp(port: number, host = '127.0.0.1'): string {
  const ws = host === '127.0.0.1' ? [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] : [`ws://${host}:${port}`]
  return buildCsp({ connect: ["'self'", ...ws] })
}
