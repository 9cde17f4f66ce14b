import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './build'

export interface ElectronLayout {
  /** Mirror of the repo root: every entry a symlink, except node_modules/electron, which is the stub. */
  root: string
  /** Node flags that keep module paths inside the mirror (else electron-store, resolved to its real path, would find the real electron package). */
  nodeFlags: string[]
  dispose(): void
}

/**
 * Where T2 runs the Electron main entry in plain Node. 'electron' has to resolve to a stub for the
 * entry and for its dependencies (electron-store imports it too); a mirror whose node_modules holds
 * the stub does that with no loader hook, whose own thread would add ~100 ms to the time measured.
 */
export function createElectronLayout(): ElectronLayout {
  const root = mkdtempSync(join(tmpdir(), 'bench-t2-'))
  try {
    for (const name of readdirSync(ROOT)) {
      if (name === 'node_modules' || name.startsWith('.')) continue
      symlinkSync(join(ROOT, name), join(root, name))
    }
    const modules = join(root, 'node_modules')
    mkdirSync(modules)
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name === 'electron' || name === '.bin') continue
      symlinkSync(join(ROOT, 'node_modules', name), join(modules, name))
    }
    const stub = join(modules, 'electron')
    mkdirSync(stub)
    writeFileSync(
      join(stub, 'package.json'),
      JSON.stringify({ name: 'electron', version: '0.0.0-bench', type: 'module', exports: './index.mjs' })
    )
    copyFileSync(join(import.meta.dirname, 'electron-stub', 'electron.mjs'), join(stub, 'index.mjs'))
  } catch (e) {
    rmSync(root, { recursive: true, force: true })
    throw e
  }
  return {
    root,
    nodeFlags: ['--preserve-symlinks', '--preserve-symlinks-main'],
    // Only the mirror's own links and the stub copy go; never follows a link into the repo.
    dispose: () => rmSync(root, { recursive: true, force: true })
  }
}

export const RECORDER = join(import.meta.dirname, 'electron-stub', 'register.mjs')
