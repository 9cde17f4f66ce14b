import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { InlineConfig } from 'vite'
import { ROOT } from './build'
import { serveFiles, type FileServer } from './file-server'

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  css: 'text/css',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf'
}

/**
 * Builds the Vite page in `dir` (a folder of the repository) minified into a temp folder and serves
 * its index.html and assets; closing the server removes the folder.
 */
export async function serveViteBuild(
  dir: string,
  config: Pick<InlineConfig, 'plugins' | 'resolve'> = {}
): Promise<FileServer> {
  const { build } = await import('vite')
  const outDir = mkdtempSync(join(tmpdir(), `studio-${basename(dir)}-`))
  await build({
    root: join(ROOT, dir),
    logLevel: 'silent',
    configFile: false,
    ...config,
    build: { outDir, emptyOutDir: true, minify: true }
  })
  const assets = readdirSync(join(outDir, 'assets'))
  const files = Object.fromEntries(
    assets.map((f) => [
      `/assets/${f}`,
      { path: join(outDir, 'assets', f), type: TYPES[f.split('.').pop() ?? ''] ?? 'application/octet-stream' }
    ])
  )
  const server = await serveFiles({
    '/': { path: join(outDir, 'index.html'), type: 'text/html; charset=utf-8' },
    ...files
  })
  return {
    url: `${server.url}/`,
    close: async () => {
      await server.close()
      rmSync(outDir, { recursive: true, force: true })
    }
  }
}
