import { readFile } from 'node:fs/promises'

/** A JSON file read: its parsed value, or why not (missing, unreadable, not JSON). */
export type ReadResult = { ok: true; value: unknown } | { ok: false; missing: boolean; reason: string }

/** Reads and parses one JSON file; never throws. The stores decide what a missing or damaged file means. */
export async function readJsonFile(path: string): Promise<ReadResult> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    const code = (e as { code?: string }).code
    return { ok: false, missing: code === 'ENOENT', reason: code ?? String(e) }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    return { ok: false, missing: false, reason: e instanceof Error ? e.message : String(e) }
  }
}
