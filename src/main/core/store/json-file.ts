import { copyFile, rename } from 'node:fs/promises'
import { keptName } from './file-role'
import { readJsonFile } from './read-json'

/**
 * The JSON stores of earlier versions (written atomically and mirrored to `.bak`), read once as
 * migration input: a damaged file is moved aside and the backup used, with a notice, never a
 * silent reset.
 */

/** Loads `path` (or its backup); `valid` says whether a parsed value has the expected shape. */
export async function loadJsonWithBackup<T>(
  path: string,
  valid: (v: unknown) => v is T,
  what: string,
  notice: (message: string) => void
): Promise<T | null> {
  const main = await readJsonFile(path)
  if (main.ok && valid(main.value)) return main.value
  const damaged = main.ok || !main.missing
  if (damaged) {
    const kept = `${path}.corrupt-${Date.now()}`
    await rename(path, kept).catch(() => {})
    const bak = await readJsonFile(`${path}.bak`)
    if (bak.ok && valid(bak.value)) {
      notice(`The ${what} file was damaged; the last good copy was restored (damaged file kept as ${keptName(kept)}).`)
      await copyFile(`${path}.bak`, path).catch(() => {})
      return bak.value
    }
    notice(
      `The ${what} file was damaged and had no usable backup; it starts empty (damaged file kept as ${keptName(kept)}).`
    )
    return null
  }
  const bak = await readJsonFile(`${path}.bak`)
  if (bak.ok && valid(bak.value)) {
    notice(`The ${what} file was missing; the last good copy was restored.`)
    return bak.value
  }
  return null
}
