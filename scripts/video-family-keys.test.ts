import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROOT } from './lint-probe'

/**
 * The video families' stored keys are written once, in VIDEO_FAMILY (src/shared/domain/video-models.ts);
 * product code says `VIDEO_FAMILY.videosJson`, and names derived from a family follow its code name.
 * This reads every product file of the studio (src/shared, src/main, src/renderer, src/preload; not
 * tests, not testing/ folders) and refuses a key as a string, an object key or a property name, and
 * an identifier built on a key (`KlFields`, `GK_RATIOS`, `vidqPromptMax`).
 * src/sandbox is not read: it plays the gateway, imports nothing of the studio's domain, and its task
 * kinds are the upstream's own wire variants (see src/sandbox/tasks/store.ts).
 */
const MAPPING = 'src/shared/domain/video-models.ts'
const ROOTS = ['src/shared', 'src/main', 'src/renderer', 'src/preload']
const KEYS = new Set(['vidq', 'unified2', 'kl', 'gk'])
const BUILT_ON_KEY = /^(vidq|kl|gk)[A-Z0-9_]|^(Vidq|Kl|Gk)[A-Z]|^(VIDQ|KL|GK)_|Unified2|unified2[A-Z]|UNIFIED2/

/** Where `text` (a file's source, as if at `file`) writes a family key or builds a name on one. */
export function rawKeyUses(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  )
  const found: string[] = []
  const at = (node: ts.Node, what: string) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${what}`)
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KEYS.has(node.text))
      at(node, `'${node.text}'`)
    else if (ts.isTemplateExpression(node) || ts.isTemplateLiteralTypeNode(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)]
      if (parts.some((p) => p.split(/[^\w]+/).some((w) => KEYS.has(w)))) at(node, 'a key inside a template')
    } else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      if (KEYS.has(node.text)) at(node, `${node.text} as a name`)
      else if (BUILT_ON_KEY.test(node.text)) at(node, `${node.text} is built on a key`)
    } else if (ts.isJsxText(node) && node.text.split(/[^\w]+/).some((w) => KEYS.has(w))) at(node, 'a key in JSX text')
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function productFiles(dir: string): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'testing' && e.name !== 'node_modules') out.push(...productFiles(p))
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p)
  }
  return out
}

describe('video family keys are written only in their mapping', () => {
  it('finds each way of writing a key (the check itself works)', () => {
    const planted = [
      "if (r.family === 'kl') send()",
      'const FIELDS = { vidq: A }',
      'const d = drafts.gk',
      'export function KlFields() {}',
      'const max = VIDEO_LIMITS.unified2DurationMax',
      'export const GK_SIZES = []',
      'const id = `${x}-vidq-refs`',
      'const el = <Model family="unified2" />'
    ]
    for (const line of planted) expect(rawKeyUses('probe.tsx', line), line).toHaveLength(1)
    expect(
      rawKeyUses('probe.ts', "const m = ['vidq2-pro', 'gk-video-3', 'Kl-2.6']; if (f === VIDEO_FAMILY.videosJson) go()")
    ).toEqual([])
  })

  it('no product file outside the mapping writes a key', () => {
    const files = ROOTS.flatMap((r) => productFiles(join(ROOT, r))).map((f) => relative(ROOT, f).split('\\').join('/'))
    expect(files).toContain(MAPPING)
    const uses = files.filter((f) => f !== MAPPING).flatMap((f) => rawKeyUses(f, readFileSync(join(ROOT, f), 'utf8')))
    expect(uses).toEqual([])
  })
})
