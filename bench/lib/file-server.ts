import { createReadStream, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pipeline } from 'node:stream/promises'

export interface FileServer {
  url: string
  close(): Promise<void>
}

/** Extra headers of the fixed pages, or a function of the server's port (a policy naming its own origin). */
export type PageHeaders = Record<string, string> | ((port: number) => Record<string, string>)

/**
 * A plain static server on 127.0.0.1, the B1 baseline: each path maps to a file streamed from
 * disk, or to a fixed page; no-store like the studio's media route, nothing else.
 */
export async function serveFiles(
  files: Record<string, { path: string; type: string }>,
  pages: Record<string, string> = {},
  pageHeaders: PageHeaders = {}
): Promise<FileServer> {
  let extra: Record<string, string> = {}
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const page = pages[path]
    if (page !== undefined) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra })
        .end(page)
      return
    }
    const file = files[path]
    if (!file) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': String(statSync(file.path).size),
      'cache-control': 'no-store'
    })
    pipeline(createReadStream(file.path), res).catch(() => res.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  // Lower-cased, so a given header replaces the default of the same name instead of doubling it.
  const given = typeof pageHeaders === 'function' ? pageHeaders(port) : pageHeaders
  extra = Object.fromEntries(Object.entries(given).map(([k, v]) => [k.toLowerCase(), v]))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
