#!/usr/bin/env node
/**
 * `npm run check:security`: the Electronegativity gate (RELIABILITY.md, SECURITY.md §4.1).
 *
 * 1. Scans src/ together with the policies *as configured*: the scanner only recognises literal CSP
 *    strings and literal webPreferences, while ours are computed (csp.ts, web-preferences.ts). So the
 *    gate writes the real values, taken from those modules, into a CSP meta page and a window literal
 *    beside a copy of src/, and the scanner evaluates what the studio actually sends.
 * 2. Fails on any MEDIUM or HIGH finding, on any source file it could not parse (silently unchecked
 *    otherwise), and on more than MAX_WAIVERS `eng-disable` waivers or a waiver without a SECURITY: reason.
 * 3. Scans a deliberately insecure fixture and fails unless every check of MUST_DETECT fires there.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { browserHostCsp, electronCsp } from '../src/main/security/csp'
import { MEDIA_SCHEME } from '../src/main/security/origins'
import { HARDENED_WEB_PREFERENCES } from '../src/main/security/web-preferences'
import { MAX_WAIVERS, MUST_DETECT, blocking, findWaivers, scan, unparsed } from './scan'

const root = join(import.meta.dirname, '..')
const problems: string[] = []

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p))
    else if (/\.(tsx?|jsx?|html?)$/.test(name)) out.push(p)
  }
  return out
}

/** The policies as the shells send them, in the literal forms the scanner reads. */
export function asConfigured(): { html: string; js: string } {
  const meta = (csp: string) => `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/"/g, '&quot;')}">`
  const html = `<!doctype html><html><head>\n${meta(electronCsp(MEDIA_SCHEME))}\n${meta(browserHostCsp(43210))}\n</head><body></body></html>\n`
  const prefs = Object.entries(HARDENED_WEB_PREFERENCES)
    .map(([k, v]) => `      ${k}: ${JSON.stringify(v)}`)
    .join(',\n')
  const js = `const { BrowserWindow } = require('electron')\nnew BrowserWindow({\n    webPreferences: {\n${prefs}\n    }\n})\n`
  return { html, js }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'studio-security-'))
  try {
    cpSync(join(root, 'src'), join(work, 'src'), { recursive: true, filter: (p) => !/\.test\.tsx?$/.test(p) })
    mkdirSync(join(work, 'as-configured'))
    const { html, js } = asConfigured()
    writeFileSync(join(work, 'as-configured', 'page-policy.html'), html)
    writeFileSync(join(work, 'as-configured', 'window.js'), js)

    const [studio, insecure] = await Promise.all([
      scan(work),
      scan(join(root, 'security', 'fixtures', 'insecure-electron'))
    ])
    const shown = (f: string) => relative(work, f) || f

    for (const e of unparsed(studio)) problems.push(`not parsed, so not checked: ${shown(e.file)}: ${e.message}`)
    for (const i of blocking(studio)) {
      problems.push(
        `${i.severity.name} ${i.id} at ${shown(i.file)}:${i.location.line} (${i.confidence.name}): ${i.description}`
      )
    }
    const waivers = findWaivers(
      sourceFiles(join(root, 'src')).map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }))
    )
    if (waivers.length > MAX_WAIVERS)
      problems.push(`${waivers.length} eng-disable waivers in src/ (at most ${MAX_WAIVERS})`)
    for (const w of waivers.filter((x) => !x.justified))
      problems.push(`waiver without a "SECURITY:" reason at ${w.file}:${w.line}`)

    const seen = new Set(insecure.issues.map((i) => i.id))
    for (const id of MUST_DETECT)
      if (!seen.has(id)) problems.push(`the gate is blind: the insecure fixture did not raise ${id}`)

    const low = studio.issues.filter((i) => i.severity.name === 'LOW').length
    process.stdout.write(
      `security gate: ${studio.issues.length} findings on src/ (${blocking(studio).length} at MEDIUM or above, ${low} LOW), ` +
        `${waivers.length} waivers, insecure fixture raised ${MUST_DETECT.filter((id) => seen.has(id)).length}/${MUST_DETECT.length} expected checks\n`
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  if (problems.length) {
    process.stderr.write(`security gate FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`)
    process.exit(1)
  }
  process.stdout.write('security gate passed\n')
}

if (process.argv[1] && import.meta.filename === process.argv[1]) void main()
