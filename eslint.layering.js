// The layers lint holds (architecture §2, §3): which folder may import which. Shared by
// eslint.config.js and the test that proves the rules catch a crossing (scripts/lint-layering.test.ts).
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { createNodeResolver } from 'eslint-plugin-import-x'

const root = import.meta.dirname
const FEATURES = 'src/renderer/src/features'

/** Resolves the path aliases the same way Vite and Vitest do, so a crossing written as `@renderer/...` is caught too. */
export const importResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.node'],
  conditionNames: ['types', 'import', 'require', 'default'],
  alias: { '@shared': [resolve(root, 'src/shared')], '@renderer': [resolve(root, 'src/renderer/src')] }
})

// Every feature folder, read at lint time, so a new feature is held by the rule without editing it.
const features = readdirSync(resolve(root, FEATURES), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

/** The shell composes the features; every other feature stands alone on the shared kit. */
export const SHELL_FEATURE = 'shell'

export const layeringZones = [
  {
    target: './src/main/core',
    from: ['./src/main/electron', './src/main/host', './src/main/security', './src/main/index.ts'],
    message: 'The core runs under both shells: it never imports the Electron shell or the browser host; the shell injects an adapter instead.'
  },
  ...features
    .filter((name) => name !== SHELL_FEATURE)
    .map((name) => ({
      target: `./${FEATURES}/${name}`,
      from: `./${FEATURES}`,
      except: [`./${name}`],
      message: 'A feature imports only from components/, lib/, i18n/, store/ and its own folder; move what two features share into components/ or lib/ (only features/shell composes features).'
    })),
  {
    target: ['./src/renderer/src/components', './src/renderer/src/lib', './src/renderer/src/i18n', './src/renderer/src/store'],
    from: `./${FEATURES}`,
    message: 'The shared kit (components/, lib/, i18n/, store/) sits below the features and never imports one.'
  }
]
