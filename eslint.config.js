// Lint enforces the process boundaries, the layering inside them and the Electron security rules (SECURITY.md §4.2).
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { importResolver, layeringZones, SCAFFOLDING, scaffoldingZones } from './eslint.layering.js'

const NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'worker_threads',
  'zlib',
  'buffer',
  'events'
]
const nodeImportBans = [
  { group: ['node:*'], message: 'This code runs without Node: the host does file, network and process work.' },
  ...NODE_BUILTINS.map((name) => ({
    group: [name, `${name}/*`],
    message: 'This code runs without Node: the host does file, network and process work.'
  }))
]
const electronBan = {
  name: 'electron',
  message: 'Core, shared, sandbox and browser-host code never imports electron; inject an adapter instead.'
}

const insecurePrefs = [
  {
    selector:
      'Property[key.name=/^(nodeIntegration|nodeIntegrationInWorker|nodeIntegrationInSubFrames|webviewTag|allowRunningInsecureContent|experimentalFeatures)$/][value.value=true]',
    message: 'Insecure Electron preference.'
  },
  {
    selector: 'Property[key.name=/^(contextIsolation|sandbox|webSecurity)$/][value.value=false]',
    message: 'Insecure Electron preference.'
  },
  { selector: "Property[key.name='enableBlinkFeatures']", message: 'Do not enable Blink features.' },
  {
    selector: "Property[key.name='encryptionKey']",
    message: 'electron-store encryptionKey is obfuscation; keys go through safeStorage.'
  },
  {
    selector: "Property[key.name='clearInvalidConfig'][value.value=true]",
    message: 'Never silently reset a store; recover from the backup.'
  },
  {
    selector: "ImportDeclaration[source.value='electron'] > ImportNamespaceSpecifier",
    message: 'Namespace imports of electron blind Electronegativity; use named imports.'
  },
  {
    selector: "CallExpression[callee.property.name='exposeInMainWorld'] Identifier[name='ipcRenderer']",
    message: 'Never expose ipcRenderer.'
  }
]

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/fixtures/insecure/**',
      'security/fixtures/**'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importResolver],
      'import-x/internal-regex': '^@(shared|renderer)/'
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // `typeof import('./x')` stays allowed: lazy chunks are typed that way without loading them (T1).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }
      ],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true }
        }
      ],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layeringZones }],
      'no-restricted-syntax': ['error', ...insecurePrefs]
    }
  },
  {
    // Product code: every file under src that is neither a test nor test or bench support.
    files: ['src/**/*.{ts,tsx}'],
    ignores: SCAFFOLDING,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...layeringZones, ...scaffoldingZones] }
      ]
    }
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/security/web-preferences.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...insecurePrefs,
        {
          selector: "Property[key.name='webPreferences']",
          message: 'Windows take their preferences only from security/web-preferences.ts.'
        }
      ]
    }
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/security/open-external.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'shell', property: 'openExternal', message: 'Use openExternalSafe().' }
      ]
    }
  },
  {
    files: [
      'src/main/core/**/*.ts',
      'src/main/host/**/*.ts',
      'src/sandbox/**/*.ts',
      'src/shared/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'bench/**/*.ts'
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [electronBan] }] }
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan, { name: 'react', message: 'Shared code is pure TypeScript.' }],
          patterns: nodeImportBans
        }
      ]
    }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer only renders and asks: use lib/studio.ts.' }],
          patterns: [
            ...nodeImportBans,
            {
              group: ['**/main/**', '**/sandbox/**', '**/preload/**'],
              message: 'The renderer talks to the host only through window.studio.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@electron-toolkit/preload', message: 'It exposes raw ipcRenderer and process.env.' }],
          patterns: nodeImportBans
        }
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'The preload exposes no environment.' }
      ]
    }
  }
)
