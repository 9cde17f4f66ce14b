import { browserHostCsp } from '../../src/main/security/csp'
import { serveFiles, type FileServer, type PageHeaders } from './file-server'

export type PageServer = FileServer

/**
 * Serves fixed pages on 127.0.0.1: the "empty page in the same browser" baselines. Same headers as
 * the studio host where they affect loading (no-store), so the two arms differ only in the app.
 */
export function servePages(pages: Record<string, string>, headers: PageHeaders = {}): Promise<PageServer> {
  return serveFiles({}, pages, headers)
}

/**
 * Every header the browser host sends with its page (index.html), for a server on `port`; a unit
 * test (scripts/bench-page-headers.test.ts) compares them with what src/main/host/server.ts really
 * sends, so the two cannot drift. The one that changes how a page loads is
 * `Cross-Origin-Opener-Policy: same-origin`: a tab navigating to such a page leaves its browsing
 * context group, so the page is committed in a new renderer process (process start, frame and V8
 * context creation) before any of its bytes are parsed. T1-warm's baseline is the empty page served
 * with these headers, so both arms pay that switch, as both arms of the Electron window (app://, no
 * COOP) would not; T1-warm-plain compares against the empty page without them.
 */
export function hostPageHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': browserHostCsp(port),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store'
  }
}

export const EMPTY_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>'
