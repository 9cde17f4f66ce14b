/**
 * Docs and comments stand on their own: no tracked file may point at a path on one machine, at a
 * Markdown file the repository does not have, or at a document that lives outside it by name. Used
 * by scripts/doc-links.test.ts over every tracked file (git ls-files).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize, posix } from 'node:path'

export interface DocProblem {
  file: string
  line: number
  reason: string
  text: string
}

/** Files that are not text, or are generated, and so hold no pointer a reader would follow. */
const SKIP = /\.(png|jpe?g|webp|gif|ico|icns|mp4|webm|woff2?|ttf|zip|gz)$|(^|\/)package-lock\.json$/

// Written in pieces so this file does not match itself.
const WORK = '/' + 'work/'
/** A path on one machine: the shared work folder anywhere; a home folder in a doc or a comment. */
const WORK_PATH = new RegExp(`(^|[^\\w.~-])${WORK.replace(/\//g, '\\/')}`)
const HOME_PATH = /(^|[^\w.~-])\/(home|Users)\/[^/\s'"`]+\//

/** Documents kept outside the repository, cited by name (their content now lives in docs/). */
const OUTSIDE_DOCS: Array<{ pattern: RegExp; instead: string }> = [
  { pattern: /\bsecurity[- ]anchors\b/i, instead: 'docs/SECURITY.md' },
  { pattern: /\bperformance[- ]anchors\b/i, instead: 'docs/PERFORMANCE.md' },
  { pattern: /\b(mission|aesthetics|creator)[- ]anchors\b/i, instead: 'a page in docs/' },
  { pattern: /\bwire[- ]notes\b/i, instead: 'docs/GATEWAY.md §1–§7' },
  { pattern: /\bgateway-interface\b/i, instead: 'docs/GATEWAY.md' },
  { pattern: /\bRELIABILITY promises? \d/, instead: 'docs/RELIABILITY.md promise N' }
]

/** A Markdown file named in text, bare, by a path from the root or relative to the file (`md-list`, a CSS class, is not one). */
const MD_NAME = /(?:\.{1,2}\/)*[\w-][\w./-]*\.md(?![\w-])/g
/** A Markdown link's target. */
const MD_LINK = /\]\(([^)\s]+)\)/g
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)'"`>]+/gi

export interface TrackedFiles {
  files: Set<string>
  dirs: Set<string>
  basenames: Set<string>
}

export function trackedFiles(root: string): TrackedFiles {
  const list = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
  return indexFiles(list)
}

export function indexFiles(list: readonly string[]): TrackedFiles {
  const files = new Set(list)
  const dirs = new Set<string>()
  for (const f of list) for (let d = posix.dirname(f); d !== '.'; d = posix.dirname(d)) dirs.add(d)
  return { files, dirs, basenames: new Set(list.map((f) => posix.basename(f))) }
}

/** Whether position `at` of a code line is in a comment: a comment line, or after a `//` outside quotes. */
function isComment(line: string, at: number): boolean {
  if (/^\s*(\/\/|\*|\/\*|#|<!--)/.test(line)) return true
  let quote = ''
  for (let i = 0; i < at; i++) {
    const ch = line[i]
    if (quote) {
      if (ch === '\\') i++
      else if (ch === quote) quote = ''
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch
    else if (ch === '/' && line[i + 1] === '/') return true
  }
  return false
}

function exists(tracked: TrackedFiles, fromFile: string, target: string): boolean {
  const clean = target.replace(/[#?].*$/, '')
  if (clean === '') return true
  const candidates = [normalize(join(dirname(fromFile), clean)), normalize(clean)].map((p) =>
    p.replace(/\\/g, '/').replace(/\/$/, '')
  )
  if (candidates.some((p) => tracked.files.has(p) || tracked.dirs.has(p))) return true
  // A bare name ("GLOSSARY.md") is found wherever the repository keeps it.
  return !clean.includes('/') && tracked.basenames.has(clean)
}

/** The problems of one file's text. */
export function checkText(file: string, text: string, tracked: TrackedFiles): DocProblem[] {
  const problems: DocProblem[] = []
  const isDoc = file.endsWith('.md')
  text.split('\n').forEach((raw, i) => {
    const add = (reason: string) => problems.push({ file, line: i + 1, reason, text: raw.trim().slice(0, 160) })
    const line = raw.replace(URL, (u) => ' '.repeat(u.length))
    const work = WORK_PATH.exec(line)
    if (work) add('a path on one machine')
    const home = HOME_PATH.exec(line)
    if (!work && home && (isDoc || isComment(line, home.index))) add('a path on one machine')
    for (const { pattern, instead } of OUTSIDE_DOCS)
      if (pattern.test(line)) add(`cites a document outside the repository; use ${instead}`)
    const links = [...line.matchAll(MD_LINK)].map((m) => m[1])
    if (isDoc) {
      for (const target of links)
        if (!exists(tracked, file, target)) add(`links to ${target}, which is not in the repository`)
    }
    for (const m of line.matchAll(MD_NAME)) {
      // In code only comments point a reader somewhere; a file name in a string is data (an export's name).
      if (!isDoc && !isComment(line, m.index)) continue
      // A link's target was checked above, as a link.
      if ((isDoc && links.some((t) => t.includes(m[0]))) || exists(tracked, file, m[0])) continue
      add(`names ${m[0]}, which is not in the repository`)
    }
  })
  return problems
}

/** Every tracked text file's problems (`except` leaves out files by path, e.g. this checker's own test). */
export function checkRepository(root: string, except: readonly string[] = []): DocProblem[] {
  const tracked = trackedFiles(root)
  const out: DocProblem[] = []
  for (const file of [...tracked.files].sort()) {
    if (SKIP.test(file) || except.includes(file)) continue
    let text: string
    try {
      text = readFileSync(join(root, file), 'utf8')
    } catch {
      continue // listed but not on disk (a deletion not yet committed)
    }
    if (text.includes('\0')) continue
    out.push(...checkText(file, text, tracked))
  }
  return out
}
