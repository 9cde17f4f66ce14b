import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { expect } from 'vitest'

/** The repository root, where the project's own lint config lives. */
export const ROOT = join(import.meta.dirname, '..')

let eslint: ESLint | undefined

/**
 * The project's own lint config run on `code` as if it were the file at `filePath` (relative to the
 * root): the rule ids ESLint reports, with their messages. Shared by the layering tests.
 */
export async function problems(filePath: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  eslint ??= new ESLint({ cwd: ROOT })
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) })
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }))
}

/** The planted imports name real files, so the resolver reaches them; say so plainly if one moves. */
export function mustExist(...paths: string[]): void {
  for (const p of paths) expect(existsSync(join(ROOT, p)), `${p} is used by this test as an import target`).toBe(true)
}
