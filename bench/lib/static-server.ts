import { pageSecurityHeaders } from '../../src/main/host/page-headers'
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
 * test (scripts/bench-page-headers.test.ts) checks that the host really sends exactly these with its page
 * (the host takes them from the same function, src/main/host/page-headers.ts). The one that changes how a page loads is
 * `Cross-Origin-Opener-Policy: same-origin`: a tab navigating to such a page leaves its browsing
 * context group, so the page is committed in a new renderer process (process start, frame and V8
 * context creation) before any of its bytes are parsed. T1-warm's baseline is the empty page served
 * with these headers, so both arms pay that switch, as both arms of the Electron window (app://, no
 * COOP) would not; T1-warm-plain compares against the empty page without them.
 */
export const hostPageHeaders: (port: number) => Record<string, string> = pageSecurityHeaders

export const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>'
