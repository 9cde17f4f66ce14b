import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface PageServer {
  url: string
  close(): Promise<void>
}

/**
 * Serves fixed pages on 127.0.0.1: the "empty page in the same browser" baselines. Same headers as
 * the studio host where they affect loading (no-store), so the two arms differ only in the app.
 */
export async function servePages(pages: Record<string, string>): Promise<PageServer> {
  const server: Server = createServer((req, res) => {
    const body = pages[(req.url ?? '/').split('?')[0]]
    if (body === undefined) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

export const EMPTY_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>'
