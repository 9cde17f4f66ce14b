import { serveFiles, type FileServer } from './file-server'

export type PageServer = FileServer

/**
 * Serves fixed pages on 127.0.0.1: the "empty page in the same browser" baselines. Same headers as
 * the studio host where they affect loading (no-store), so the two arms differ only in the app.
 */
export function servePages(pages: Record<string, string>, headers: Record<string, string> = {}): Promise<PageServer> {
  return serveFiles({}, pages, headers)
}

/**
 * The header of the browser host's pages that changes how a page loads: a tab navigating to a
 * `same-origin` page leaves its browsing context group, so the page is committed in a new renderer
 * process (process start, frame and V8 context creation) before any of its bytes are parsed. The
 * empty page carries it only in the reference row that shows this cost (T1-warm-coop).
 */
export const HOST_PAGE_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin' }

export const EMPTY_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>'
