import { basename } from 'node:path'

/**
 * The contract's rule: paths stay in the host. A notice or error that must name a file (a damaged
 * store kept aside, say) names it by its own file name inside the studio's data folder, never by
 * where that folder is on disk.
 */
export function keptName(path: string): string {
  return basename(path.replace(/\\/g, '/'))
}

// An absolute path starts at a root: `/`, a drive (`C:\`, `C:/`) or a UNC `\\`.
const ROOT = String.raw`(?:[A-Za-z]:[\\/]|\\\\|/)`
// A folder inside a path may hold single spaces and parentheses (`Application Support`, `Jane Doe`,
// `Program Files (x86)`): it is known to be a folder because a separator follows it.
const FOLDER = String.raw`[^\\/\s"'\`]+(?: [^\\/\s"'\`]+)*[\\/]`
// The last part ends at a space, a quote or a closing parenthesis (what usually follows a path in a sentence).
const LAST = String.raw`[^\\/\s"'\`()]*`
const BARE_PATH = new RegExp(String.raw`(^|[\s(\[=,"'\`])(${ROOT}(?:${FOLDER})*${LAST})`, 'g')
// Inside quotes (Node's `open '/home/jane doe/my photo.png'`) the path runs to the closing quote.
const QUOTED_PATH = new RegExp(String.raw`(["'\`])(${ROOT}[^"'\`\r\n]*)\1`, 'g')

const nameOf = (path: string) => keptName(path.replace(/[\\/]+$/, ''))

/**
 * The last line for text bound for the page: any absolute path left in it, POSIX or Windows,
 * quoted or not, with spaces in its folders or not, becomes its file name. URLs, ratios and
 * relative names are left alone.
 */
export function withoutPaths(text: string): string {
  return text
    .replace(QUOTED_PATH, (m: string, quote: string, path: string) => (nameOf(path) ? quote + nameOf(path) + quote : m))
    .replace(BARE_PATH, (m: string, before: string, path: string) => (nameOf(path) ? before + nameOf(path) : m))
}
