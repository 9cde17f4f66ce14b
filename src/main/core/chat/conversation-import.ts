import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { importOnce, MIGRATED_SUFFIX } from '../store/json-import'
import type { Library } from '../store/library-db'
import { asConversation, asIndex, readJsonFile, type StoredConversation } from './conversation-files'
import { putConversation } from './conversation-table'

const FILE = /^([A-Za-z0-9_-]{1,64})\.json(\.bak)?$/

/**
 * Imports the conversation files of earlier versions (`<dataDir>/chat/<id>.json`, their `.bak`
 * and `index.json`) into the library database once, in one transaction; the files are then
 * renamed `*.migrated` and never read again. The list is rebuilt from the conversations
 * themselves, so a damaged `index.json` loses nothing. A damaged conversation file is imported
 * from its `.bak` when that is good; otherwise it is left out and the user told where it is kept.
 */
export async function importConversationFiles(
  lib: Library,
  dir: string,
  notice: (message: string) => void
): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  const ids = new Set<string>()
  const originals: string[] = []
  for (const name of names) {
    const m = FILE.exec(name)
    if (!m) continue
    originals.push(join(dir, name))
    if (m[1] !== 'index') ids.add(m[1])
  }
  const told: string[] = []
  const imported = await importOnce(
    lib,
    'chat',
    originals,
    async () => (ids.size === 0 ? null : readAll(dir, [...ids].sort(), told)),
    (conversations) => {
      for (const c of conversations) putConversation(lib, c)
    }
  )
  if (imported) for (const message of told) notice(message)
}

async function readAll(dir: string, ids: string[], told: string[]): Promise<StoredConversation[]> {
  told.length = 0
  const index = await readJsonFile(join(dir, 'index.json'))
  const titles = new Map((index.ok ? (asIndex(index.value) ?? []) : []).map((e) => [e.id, e.title]))
  const out: StoredConversation[] = []
  for (const id of ids) {
    const path = join(dir, `${id}.json`)
    const read = await readJsonFile(path)
    const c = read.ok ? asConversation(read.value, id) : null
    if (c) {
      out.push(c)
      continue
    }
    const bak = await readJsonFile(`${path}.bak`)
    const good = bak.ok ? asConversation(bak.value, id) : null
    const title = good?.title ?? titles.get(id) ?? id
    const kept = `${id}.json${MIGRATED_SUFFIX}`
    if (good) {
      out.push(good)
      // A conversation known only by its .bak was not damaged: its file was being replaced.
      if (!(!read.ok && read.missing))
        told.push(
          `The conversation "${title}" was damaged; its last good copy was restored (damaged file kept as ${kept}).`
        )
    } else if (!read.ok && read.missing) {
      told.push(`The file of the conversation "${title}" is missing and has no backup.`)
    } else {
      told.push(
        `The conversation "${title}" was damaged and has no usable backup, so it was not imported; the damaged file is kept as ${kept}.`
      )
    }
  }
  return out
}
