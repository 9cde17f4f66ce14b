import { randomBytes } from 'node:crypto'
import { chmodSync, lstatSync, mkdirSync, openSync, closeSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The folder (in the data folder, 0700) that holds the redirect pages the host opens. */
export const LAUNCH_DIR_NAME = 'launch'

export interface LaunchPage {
  /** The page's file:// address: all the opener's and the browser's command lines ever show. */
  fileUrl: string
  path: string
  /** Deletes the page; safe to call more than once. */
  remove(): void
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * Writes a page that sends the browser on to `url` (the one-time launch address), readable by this
 * user only: a 0600 file in a 0700 folder. The address itself then never appears in a command line,
 * which every local user can read in the process table while the opener and the browser start
 * (notebook servers open a redirect file for the same reason). The caller removes it once the code
 * was exchanged, when it expired, and at exit.
 */
export function writeLaunchPage(dataDir: string, url: string): LaunchPage {
  const dir = join(dataDir, LAUNCH_DIR_NAME)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const info = lstatSync(dir)
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`)
  if (typeof process.getuid === 'function' && info.uid !== process.getuid())
    throw new Error(`${dir} belongs to another user`)
  chmodSync(dir, 0o700) // a folder that already existed with a wider mode is tightened
  const path = join(dir, `open-${randomBytes(9).toString('base64url')}.html`)
  const href = escapeHtml(url)
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="refresh" content="0;url=${href}">`,
    '<title>Generation Studio</title></head>',
    // For a browser that ignores the refresh; the text is shown in both of the studio's languages.
    `<body><p><a href="${href}">Open Generation Studio / 打开 Generation Studio</a></p></body></html>`,
    ''
  ].join('\n')
  // 'wx': created here, never an existing file or a symlink someone planted.
  const fd = openSync(path, 'wx', 0o600)
  try {
    writeSync(fd, html)
  } finally {
    closeSync(fd)
  }
  let removed = false
  return {
    fileUrl: pathToFileURL(path).href,
    path,
    remove() {
      if (removed) return
      removed = true
      try {
        unlinkSync(path)
      } catch {
        // already gone
      }
    }
  }
}
