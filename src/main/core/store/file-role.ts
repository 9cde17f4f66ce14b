import { basename } from 'node:path'

/**
 * The contract's rule: paths stay in the host. A notice or error that must name a file (a damaged
 * store kept aside, say) names it by its own file name inside the studio's data folder, never by
 * where that folder is on disk.
 */
export function keptName(path: string): string {
  return basename(path)
}

const ABSOLUTE_PATH = /(^|[\s("'`])((?:\/|[A-Za-z]:\\|\\\\)[^\s"'`)]+)/g

/** The last line for text bound for the page: any absolute path left in it becomes its file name. */
export function withoutPaths(text: string): string {
  return text.replace(ABSOLUTE_PATH, (_m, before: string, path: string) => before + (basename(path.replace(/\\/g, '/')) || 'a file'))
}
