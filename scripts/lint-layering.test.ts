import { describe, expect, it } from 'vitest'
import { mustExist, problems } from './lint-probe'

/**
 * The project's own lint config, run on code written here as if it were a file of the repo: each
 * layer crossing must be refused, and the imports each layer may make must pass.
 */
const FEATURES = 'src/renderer/src/features'

const rulesOf = (list: { rule: string | null }[]) => list.map((p) => p.rule)

describe('lint holds the layering', { timeout: 120_000 }, () => {
  it('refuses a feature importing another feature, by relative path or by alias', async () => {
    mustExist(`${FEATURES}/chat/queries.ts`)
    const relative = await problems(
      `${FEATURES}/video/board/probe.ts`,
      "import { chatKeys } from '../../chat/queries'\nexport const k = chatKeys\n"
    )
    expect(rulesOf(relative)).toContain('import-x/no-restricted-paths')
    expect(relative.find((p) => p.rule === 'import-x/no-restricted-paths')?.message).toMatch(
      /A feature imports only from components\/, lib\/, i18n\/, store\/ and its own folder/
    )

    const aliased = await problems(
      `${FEATURES}/images/probe.ts`,
      "import { chatKeys } from '@renderer/features/chat/queries'\nexport const k = chatKeys\n"
    )
    expect(rulesOf(aliased)).toContain('import-x/no-restricted-paths')
  })

  it('lets a feature import the shared kit and its own folder, and lets the shell compose features', async () => {
    mustExist(
      `${FEATURES}/video/queries.ts`,
      'src/renderer/src/components/form/SelectField.tsx',
      'src/renderer/src/lib/studio.ts'
    )
    const own = await problems(
      `${FEATURES}/video/board/probe.ts`,
      [
        "import { SelectField } from '@renderer/components/form/SelectField'",
        "import { studio } from '@renderer/lib/studio'",
        "import { videoKeys } from '../queries'",
        'export const all = [SelectField, studio, videoKeys]',
        ''
      ].join('\n')
    )
    expect(own).toEqual([])

    const shell = await problems(
      `${FEATURES}/shell/probe.ts`,
      "import { chatKeys } from '@renderer/features/chat/queries'\nexport const k = chatKeys\n"
    )
    expect(shell).toEqual([])
  })

  it('refuses the shared kit importing a feature', async () => {
    const fromLib = await problems(
      'src/renderer/src/lib/probe.ts',
      "import { chatKeys } from '@renderer/features/chat/queries'\nexport const k = chatKeys\n"
    )
    expect(rulesOf(fromLib)).toContain('import-x/no-restricted-paths')
    const fromComponents = await problems(
      'src/renderer/src/components/grid/probe.ts',
      "import { chatKeys } from '../../features/chat/queries'\nexport const k = chatKeys\n"
    )
    expect(rulesOf(fromComponents)).toContain('import-x/no-restricted-paths')
  })

  it('refuses the host core importing the Electron shell, the browser host or electron itself', async () => {
    mustExist('src/main/electron/ipc.ts', 'src/main/host/instance-lock.ts')
    const electronShell = await problems(
      'src/main/core/video/probe.ts',
      "import { registerIpcHandlers } from '../../electron/ipc'\nexport const r = registerIpcHandlers\n"
    )
    expect(rulesOf(electronShell)).toContain('import-x/no-restricted-paths')
    expect(electronShell.find((p) => p.rule === 'import-x/no-restricted-paths')?.message).toMatch(
      /never imports the Electron shell or the browser host/
    )

    const browserHost = await problems(
      'src/main/core/probe.ts',
      "import { acquireInstanceLock } from '../host/instance-lock'\nexport const a = acquireInstanceLock\n"
    )
    expect(rulesOf(browserHost)).toContain('import-x/no-restricted-paths')

    const electron = await problems('src/main/core/probe.ts', "import { app } from 'electron'\nexport const a = app\n")
    expect(rulesOf(electron)).toContain('no-restricted-imports')
  })

  it('lets the shells import the core', async () => {
    mustExist('src/main/core/studio-core.ts')
    const shell = await problems(
      'src/main/host/probe.ts',
      "import * as core from '../core/studio-core'\nexport const c = core\n"
    )
    expect(shell).toEqual([])
  })

  it('asks for type-only imports to say so, and for imports in one order', async () => {
    const typeOnly = await problems(
      'src/renderer/src/lib/probe.ts',
      "import { Studio } from '@shared/contract'\nexport let s: Studio | undefined\n"
    )
    expect(rulesOf(typeOnly)).toContain('@typescript-eslint/consistent-type-imports')

    const unordered = await problems(
      'src/renderer/src/lib/probe.ts',
      "import { studio } from './studio'\nimport { useQuery } from '@tanstack/react-query'\nexport const all = [studio, useQuery]\n"
    )
    expect(rulesOf(unordered)).toContain('import-x/order')
  })
})
