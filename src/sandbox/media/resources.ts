import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Env override for packaged builds, where the sources (and package.json) are not beside the resources. */
export const RESOURCES_ENV = 'STUDIO_RESOURCES_DIR'

/**
 * The app's `resources/` folder (the one holding `sandbox/`). Precedence: explicit option, then
 * $STUDIO_RESOURCES_DIR, then `<repo>/resources` where <repo> is the nearest ancestor of this
 * module that has a package.json. Walking up (rather than a fixed '../../..') keeps working
 * whether this runs from src/ under tsx/vitest or from a bundled out/main/*.js.
 */
export function resolveResourcesDir(override?: string): string {
  if (override) return resolve(override)
  const fromEnv = process.env[RESOURCES_ENV]
  if (fromEnv) return resolve(fromEnv)
  const root = findPackageRoot(dirname(fileURLToPath(import.meta.url)))
  if (!root) {
    throw new Error(`cannot locate the app's resources folder: no package.json above this module; set ${RESOURCES_ENV}`)
  }
  return join(root, 'resources')
}

function findPackageRoot(start: string): string | null {
  let dir = start
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir
    const parent = dirname(dir)
    if (parent === dir) return null
    dir = parent
  }
}
