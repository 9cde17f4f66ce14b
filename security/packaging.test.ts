import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { FuseV1Options } from '@electron/fuses'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const config = require('../electron-builder.config.cjs') as {
  asar: boolean
  files: string[]
  electronFuses: Record<string, boolean>
  publish: unknown
  asarUnpack: string[]
  npmRebuild: boolean
  buildDependenciesFromSource: boolean
  nativeRebuilder: string
}
const pkg = require('../package.json') as {
  scripts: Record<string, string>
  main: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

// The packaged binary cannot be built here (no Electron download), so the fuse table of
// SECURITY.md B1 is asserted on the configuration electron-builder flips them from.
describe('packaging configuration', () => {
  it('sets exactly the fuses of the security reference', () => {
    expect(config.electronFuses).toStrictEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false
    })
  })

  it('names fuses that exist in @electron/fuses (a renamed option would be silently ignored)', () => {
    const known: Record<string, number> = {
      runAsNode: FuseV1Options.RunAsNode,
      enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
      enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
      enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
      enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
      onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
      grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges
    }
    for (const [name, index] of Object.entries(known)) {
      expect(index, name).toBeTypeOf('number')
      expect(config.electronFuses).toHaveProperty(name)
    }
    // The enum values the reference measured for @electron/fuses 2.x.
    expect([
      known.runAsNode,
      known.enableCookieEncryption,
      known.enableNodeOptionsEnvironmentVariable,
      known.enableNodeCliInspectArguments
    ]).toEqual([0, 1, 2, 3])
    expect([
      known.enableEmbeddedAsarIntegrityValidation,
      known.onlyLoadAppFromAsar,
      known.grantFileProtocolExtraPrivileges
    ]).toEqual([4, 5, 7])
  })

  it('packages the app into an asar from the built output only, and publishes nothing', () => {
    expect(config.asar).toBe(true)
    expect(config.files).toContain('out/**/*')
    expect(config.files.some((f) => f.startsWith('src'))).toBe(false)
    expect(pkg.main.startsWith('./out/')).toBe(true)
    expect(config.publish).toBeNull()
  })

  it('is what `npm run dist` packages with', () => {
    expect(pkg.scripts.dist).toMatch(/electron-vite build/)
    expect(pkg.scripts.dist).toMatch(/electron-builder .*--config electron-builder\.config\.cjs/)
  })

  it('rebuilds the library database binding (better-sqlite3) for Electron from source, outside the asar', () => {
    expect(pkg.dependencies['better-sqlite3']).toMatch(/^\^12\./)
    expect(pkg.devDependencies['better-sqlite3']).toBeUndefined()
    expect(config.npmRebuild).toBe(true)
    expect(config.buildDependenciesFromSource).toBe(true)
    // 'legacy' is the app-builder binary; @electron/rebuild ('sequential') compiles for the Electron ABI.
    expect(config.nativeRebuilder).toBe('sequential')
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**')
    // A misspelled option would be ignored without a word: each must be one electron-builder knows.
    const scheme = require('app-builder-lib/scheme.json') as { properties: Record<string, unknown> }
    for (const key of ['npmRebuild', 'buildDependenciesFromSource', 'nativeRebuilder', 'asarUnpack'])
      expect(scheme.properties, key).toHaveProperty(key)
  })

  it('builds the binding from source at install too (no prebuilt download), and it loads here', () => {
    const rc = readFileSync(join(import.meta.dirname, '..', '.prebuild-installrc'), 'utf8')
    expect(rc).toMatch(/^buildFromSource=true$/m)
    const Database = require('better-sqlite3') as new (path: string) => {
      prepare(sql: string): { get(): unknown }
      close(): void
    }
    const db = new Database(':memory:')
    expect(
      db.prepare("SELECT count(*) AS n FROM pragma_compile_options WHERE compile_options = 'ENABLE_FTS5'").get()
    ).toEqual({ n: 1 })
    db.close()
  })
})
