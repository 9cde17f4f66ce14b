import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkRepository, checkText, indexFiles } from './doc-links'

const ROOT = join(import.meta.dirname, '..')
const tracked = indexFiles([
  'README.md',
  'docs/GATEWAY.md',
  'docs/GLOSSARY.md',
  'docs/RELIABILITY.md',
  'docs/SECURITY.md',
  'src/sandbox/README.md',
  'src/main/core/gateway/http.ts'
])
const reasons = (file: string, text: string) => checkText(file, text, tracked).map((p) => p.reason)

// Pieces joined at run time, so the repository walk below does not find them in this file.
const SHARED = ['', 'work', 'shared', 'spec', ''].join('/')
const OUTSIDE = ['security', 'anchors'].join('-')

describe('the doc-link checker', () => {
  it('refuses a path on one machine, in a doc and in a comment', () => {
    expect(reasons('src/sandbox/README.md', `The interface (\`${SHARED}gateway.md\`).`)).toContain(
      'a path on one machine'
    )
    expect(reasons('src/x.ts', `// see ${SHARED}notes`)).toContain('a path on one machine')
    expect(reasons('docs/A.md', 'Kept in /home/ana/notes/today.txt.')).toContain('a path on one machine')
  })

  it('lets a home folder in test data pass (a string, not a pointer)', () => {
    expect(
      reasons('src/x.test.ts', "expect(resolveDataDir(app)).toBe('/home/u/.config/Generation Studio') // the default")
    ).toEqual([])
  })

  it('refuses a Markdown file the repository does not have, by link, by backticked name and in a comment', () => {
    expect(reasons('docs/A.md', 'See [the notes](../reference/wire.md).')).toEqual([
      'links to ../reference/wire.md, which is not in the repository'
    ])
    expect(reasons('docs/A.md', 'See `design/PERFORMANCE.md`.')).toEqual([
      'names design/PERFORMANCE.md, which is not in the repository'
    ])
    expect(reasons('src/x.ts', '/** The key set is fixed by design/PERFORMANCE.md. */')).toEqual([
      'names design/PERFORMANCE.md, which is not in the repository'
    ])
  })

  it('finds Markdown files relative to the file, from the root, or by a bare name', () => {
    expect(
      reasons('src/sandbox/README.md', 'Every route in [docs/GATEWAY.md](../../docs/GATEWAY.md#5-video-tasks).')
    ).toEqual([])
    expect(reasons('README.md', 'See [docs/GLOSSARY.md](docs/GLOSSARY.md).')).toEqual([])
    expect(reasons('src/x.ts', '// read as GATEWAY.md §1d says')).toEqual([])
  })

  it('lets file names that are data pass: an export name in a string, a CSS class', () => {
    expect(reasons('src/x.test.ts', "expect(out.fileName).toBe('conversation.md')")).toEqual([])
    expect(reasons('src/x.css', '.markdown ul.md-list {')).toEqual([])
  })

  it('refuses a document outside the repository cited by name', () => {
    expect(reasons('src/x.ts', `/** The grant table (${OUTSIDE} D2). */`)[0]).toMatch(
      /outside the repository; use docs\/SECURITY\.md/
    )
    expect(reasons('src/x.ts', '// no code here (wire notes §3a)')[0]).toMatch(/use docs\/GATEWAY\.md/)
    expect(reasons('src/x.ts', '// (RELIABILITY promise 4)')[0]).toMatch(/use docs\/RELIABILITY\.md promise N/)
    expect(reasons('src/x.ts', '// (RELIABILITY.md promise 4, SECURITY.md H8)')).toEqual([])
  })
})

describe('every tracked file stands on its own', () => {
  it('names no machine path, no missing Markdown file and no outside document', () => {
    const problems = checkRepository(ROOT, ['scripts/doc-links.test.ts']).map(
      (p) => `${p.file}:${p.line}: ${p.reason}: ${p.text}`
    )
    expect(problems).toEqual([])
  })
})
