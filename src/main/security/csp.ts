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
