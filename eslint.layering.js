// The layers lint holds (docs/ARCHITECTURE.md, "Layers"): which folder may import which. Shared by
// eslint.config.js and the tests that prove the rules catch a crossing (scripts/lint-layering.test.ts,
// scripts/lint-core-zones.test.ts).
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

// The host core (src/main/core): shared layers below, features above them, each on its own.
const CORE = 'src/main/core'

/** What every core feature may import: the layers below the features, and src/shared. */
export const CORE_SHARED = ['store', 'gateway', 'files', 'ipc', 'tasks', 'log.ts', 'offset-clock.ts']

/** Not features: the core's test support (testing/, see SCAFFOLDING below) and faults/, which holds only the fault test files. */
const CORE_SCAFFOLDING = ['testing', 'faults']

/**
 * The imports one core feature makes of another, each declared with its reason. Any other crossing
 * is refused; a new one is added here, or what both need moves into a shared layer.
 */
export const CORE_FEATURE_EDGES = {
  balance: [
    {
      to: 'profiles/profile-service.ts',
      why: 'the usage budget and Test connection read the active profile and its connection'
    }
  ],
  chat: [
    {
      to: 'balance/generation-log.ts',
      why: 'a finished answer records its cost in the generation log (the RecordGeneration type, injected)'
    },
    {
      to: 'compare/compare-port.ts',
      why: "compare columns run as ordinary conversations; the port is the compare engine's side of them"
    }
  ],
  images: [
    {
      to: 'balance/generation-log.ts',
      why: 'a finished image job records its cost in the generation log (the RecordGeneration type, injected)'
    },
    {
      to: 'compare/compare-port.ts',
      why: "compare cells run as image jobs; the port is the compare engine's side of them"
    },
    {
      to: 'queue/queue-ports.ts',
      why: "queued image creates are sent through the image service; the port is the queue's side of them"
    }
  ],
  lineage: [
    { to: 'images/gallery-index.ts', why: 'an extracted video frame becomes a gallery item' },
    {
      to: 'images/gallery-store.ts',
      why: 'an extracted video frame becomes a gallery item, and links name gallery items'
    },
    { to: 'images/result-files.ts', why: 'an extracted frame is written into the library like any image result' }
  ],
  profiles: [
    { to: 'chat/models.ts', why: "model discovery reads GET /v1beta/models with the chat model list's paged reader" }
  ],
  video: [
    { to: 'assets/asset-service.ts', why: 'the video handlers serve the asset channels (video:assets-*)' },
    {
      to: 'balance/generation-log.ts',
      why: 'a finished video task records its cost in the generation log (the RecordGeneration type, injected)'
    },
    {
      to: 'compare/compare-port.ts',
      why: "compare cells run as video tasks; the port is the compare engine's side of them"
    }
  ]
}

// Every core feature folder, read at lint time, so a new feature is held without editing this file.
export const coreFeatures = readdirSync(resolve(root, CORE), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !CORE_SHARED.includes(d.name) && !CORE_SCAFFOLDING.includes(d.name))
  .map((d) => d.name)

/** A core folder's product files: its tests and its testing/ folder are scaffolding, not product. */
const coreProduct = (dir) => [`./${CORE}/${dir}/!(*.test).ts`, `./${CORE}/${dir}/!(testing)/**/!(*.test).ts`]

/**
 * Test and bench support that lives inside src: one convention, a testing/ folder beside what it
 * supports, and the test files themselves. Product code never imports them (the zone below, for
 * every non-test file that is not scaffolding itself).
 */
export const SCAFFOLDING = ['src/**/testing/**', 'src/**/*.test.{ts,tsx}']

const SCAFFOLDING_MESSAGE =
  'Product code never imports test or bench support (testing/ folders and test files, eslint.layering.js SCAFFOLDING).'

export const scaffoldingZones = [
  { target: './src', from: SCAFFOLDING.map((p) => `./${p}`), message: SCAFFOLDING_MESSAGE }
]

export const layeringZones = [
  {
    target: './src/main/core',
    from: ['./src/main/electron', './src/main/host', './src/main/security', './src/main/index.ts'],
    message:
      'The core runs under both shells: it never imports the Electron shell or the browser host; the shell injects an adapter instead.'
  },
  ...features
    .filter((name) => name !== SHELL_FEATURE)
    .map((name) => ({
      target: `./${FEATURES}/${name}`,
      from: `./${FEATURES}`,
      except: [`./${name}`],
      message:
        'A feature imports only from components/, lib/, i18n/, store/ and its own folder; move what two features share into components/ or lib/ (only features/shell composes features).'
    })),
  ...coreFeatures.map((name) => ({
    target: coreProduct(name),
    from: `./${CORE}`,
    except: [
      `./${name}`,
      ...CORE_SHARED.map((s) => `./${s}`),
      ...(CORE_FEATURE_EDGES[name] ?? []).map((e) => `./${e.to}`)
    ],
    message: `A core feature imports only the shared layers (${CORE_SHARED.join(', ')}, src/shared), its own folder and the edges declared in eslint.layering.js (CORE_FEATURE_EDGES); move what two features share into a shared layer.`
  })),
  {
    target: CORE_SHARED.filter((s) => !s.endsWith('.ts')).flatMap(coreProduct),
    from: coreFeatures.map((name) => `./${CORE}/${name}`),
    message:
      "The core's shared layers (store/, gateway/, files/, ipc/, tasks/) sit below the features and never import one; inject what they need."
  },
  {
    target: [
      './src/renderer/src/components',
      './src/renderer/src/lib',
      './src/renderer/src/i18n',
      './src/renderer/src/store'
    ],
    from: `./${FEATURES}`,
    message: 'The shared kit (components/, lib/, i18n/, store/) sits below the features and never imports one.'
  }
]
