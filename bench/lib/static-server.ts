import { serveFiles, type FileServer } from './file-server'

export type PageServer = FileServer

/**
 * Serves fixed pages on 127.0.0.1: the "empty page in the same browser" baselines. Same headers as
 * the studio host where they affect loading (no-store), so the two arms differ only in the app.
 */
export function servePages(pages: Record<string, string>): Promise<PageServer> {
  return serveFiles({}, pages)
}

export const EMPTY_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>'
