import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { afterIhdr, studioSettingsChunk, type StudioPngSettings } from '@shared/media/png-text'
import type { ItemTemplate } from './job-journal'
import type { SavedFile } from './result-files'

/** What a result PNG carries of the job that made it: enough to fill the same form again. */
export function settingsOf(t: ItemTemplate): StudioPngSettings {
  // The request minus what cannot travel in a picture: the prompt is its own field, and
  // references/sources name files and gallery items of this library only.
  const { prompt: _prompt, image: _image, image_urls: _urls, source: _source, masked: _masked, ...params } = t.params
  return { v: 1, origin: t.origin, model: t.model, prompt: t.prompt, params }
}

/**
 * Rewrites a saved PNG with the studio's settings chunk after IHDR. Streamed (results can be large),
 * written to `.part`, synced, then renamed over the original, so a failure leaves the original.
 */
export async function embedSettings(file: SavedFile, settings: StudioPngSettings): Promise<SavedFile> {
  if (file.format !== 'png') return file
  const chunk = studioSettingsChunk(settings)
  const src = await open(file.path, 'r')
  let head: Uint8Array
  try {
    const buf = new Uint8Array(33)
    const { bytesRead } = await src.read(buf, 0, 33, 0)
    head = buf.subarray(0, bytesRead)
  } finally {
    await src.close()
  }
  const at = afterIhdr(head)
  if (at === null) return file
  const part = `${file.path}.part`
  const out = await open(part, 'w', 0o600)
  const hash = createHash('sha256')
  try {
    const write = async (b: Uint8Array) => {
      hash.update(b)
      await out.write(b)
    }
    await write(head.subarray(0, at))
    await write(chunk)
    for await (const piece of createReadStream(file.path, { start: at })) await write(piece as Buffer)
    await out.sync()
    await out.close()
    await rename(part, file.path)
  } catch (e) {
    await out.close().catch(() => {})
    await rm(part, { force: true })
    throw e
  }
  return { ...file, bytes: file.bytes + chunk.length, sha256: hash.digest('hex') }
}
