import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Page, WebSocket } from '@playwright/test'

/** Records every bridge frame in both directions, so a test can prove a key never crossed it. */
export function recordBridgeTraffic(page: Page): { frames: string[] } {
  const frames: string[] = []
  page.on('websocket', (ws: WebSocket) => {
    ws.on('framesent', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')))
    ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')))
  })
  return { frames }
}

/** Every file under a directory whose bytes contain the needle, as paths relative to it. */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      const st = statSync(p)
      if (st.isDirectory()) walk(p)
      else if (readFileSync(p).includes(needle)) hits.push(relative(dir, p))
    }
  }
  walk(dir)
  return hits
}

/** Everything page code can see: DOM, both storages, cookies readable by script, IndexedDB names. */
export async function pageVisibleText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts = [
      document.documentElement.outerHTML,
      document.cookie,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage })
    ]
    try {
      const dbs = await indexedDB.databases()
      parts.push(JSON.stringify(dbs))
    } catch {
      // Not available: nothing stored there either.
    }
    return parts.join('\n')
  })
}
