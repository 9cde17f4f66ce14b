import { setTimeout as sleepFor } from 'node:timers/promises'
import type { GalleryItem } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import { fromRawError } from '../ipc/host-errors'
import type { StoredItem } from './gallery-index'
import type { GalleryStore } from './gallery-store'
import type { ItemTemplate, PendingResult } from './job-journal'
import { measureMaskHonesty } from './mask-honesty'
import { embedSettings, settingsOf } from './png-settings'
import {
  decodeBase64Image,
  decodeDataUrl,
  downloadResult,
  writeResultBytes,
  type DownloadTiming,
  type SavedFile,
  fileFields
} from './result-files'

export interface SaverDeps {
  gallery: GalleryStore
  fetch: FetchLike
  download?: Partial<DownloadTiming>
  /** Base wait before retrying a download that failed transiently (doubles each time). */
  retryBaseMs?: number
  log?: (line: string) => void
}

export interface SavedResults {
  items: GalleryItem[]
  warnings: string[]
  /** Set when nothing could be saved: the job fails with it. */
  error?: StudioError
}

const DOWNLOAD_ATTEMPTS = 3

/**
 * Turns a job's results into gallery items: each image written by the host (b64 decoded, URLs
 * downloaded with retries for transient failures), its real size read from the file header and
 * compared with the size asked for, and for a masked edit, the mask-honesty measurement.
 */
export async function saveResults(
  d: SaverDeps,
  conn: GatewayConnection,
  results: PendingResult[],
  t: ItemTemplate,
  signal?: AbortSignal
): Promise<SavedResults> {
  const stored: StoredItem[] = []
  const warnings: string[] = []
  const errors: StudioError[] = []
  for (const r of results) {
    const id = d.gallery.newId()
    let file: SavedFile
    try {
      file = await saveOne(d, conn, r, id, signal)
    } catch (e) {
      if (e instanceof StudioError && e.code === 'CANCELLED') throw e
      // A raw file-system error names the path: it reaches the page as a coded message without it.
      errors.push(
        e instanceof StudioError
          ? e
          : new StudioError('STORAGE', `The image could not be written: ${fromRawError(e).message}`, {
              details: fromRawError(e).details
            })
      )
      continue
    }
    try {
      file = await embedSettings(file, settingsOf(t))
    } catch (e) {
      // The picture is saved either way; only "Restore these settings" will not find its settings.
      d.log?.(`image settings could not be written into the PNG: ${fromRawError(e).message}`)
    }
    const item: StoredItem = {
      ...fileFields(id, file),
      origin: t.origin,
      profileId: t.profileId,
      model: t.model,
      prompt: t.prompt,
      params: t.params,
      favorite: false,
      ...(r.revisedPrompt ? { revisedPrompt: r.revisedPrompt } : {}),
      ...(t.requestedSize ? { requestedSize: t.requestedSize } : {}),
      ...(t.parentId ? { parentId: t.parentId } : {}),
      ...(t.maskFile ? { maskFile: t.maskFile } : {}),
      ...(t.sourceFile ? { sourceFile: t.sourceFile } : {})
    }
    const actual = `${file.width}x${file.height}`
    if (t.requestedSize && t.requestedSize !== actual)
      warnings.push(`Asked for ${t.requestedSize}, received ${actual}.`)
    if (t.maskFile && t.sourceFile) {
      try {
        const report = await measureMaskHonesty(d.gallery.pathOf(t.sourceFile), file.path, d.gallery.pathOf(t.maskFile))
        item.outsideMaskChange = report.outsideMaskChange
        warnings.push(...report.warnings)
      } catch (e) {
        // Words without paths (a raw image-library error names the file); the pixel cap's refusal as it is.
        warnings.push(
          `Whether the mask was respected could not be checked: ${fromRawError(e).message.replace(/\.$/, '')}.`
        )
      }
    }
    stored.push(item)
  }
  if (errors.length && stored.length)
    warnings.push(`${errors.length} of ${results.length} images could not be saved: ${errors[0].message}`)
  const items = stored.length ? await d.gallery.add(stored) : []
  return {
    items,
    warnings: dedupe(warnings),
    ...(stored.length
      ? {}
      : { error: errors[0] ?? new StudioError('GATEWAY_ERROR', 'The gateway returned no images.') })
  }
}

async function saveOne(
  d: SaverDeps,
  conn: GatewayConnection,
  r: PendingResult,
  id: string,
  signal?: AbortSignal
): Promise<SavedFile> {
  if (r.b64 !== undefined) return writeResultBytes(d.gallery.libraryDir, id, decodeBase64Image(r.b64))
  if (!r.url) throw new StudioError('GATEWAY_ERROR', 'A result had neither a url nor b64_json.')
  if (/^data:/i.test(r.url))
    return writeResultBytes(d.gallery.libraryDir, id, decodeDataUrl(r.url, d.download?.maxBytes))
  for (let attempt = 1; ; attempt++) {
    try {
      return await downloadResult({
        fetch: d.fetch,
        url: r.url,
        gateway: conn,
        dir: d.gallery.libraryDir,
        id,
        timing: d.download,
        signal
      })
    } catch (e) {
      // A GET can be retried; only transient failures are (an expired link stays expired).
      if (!(e instanceof StudioError) || !e.retryable || attempt >= DOWNLOAD_ATTEMPTS) throw e
      d.log?.(`image download attempt ${attempt} failed (${e.message}); retrying`)
      await sleepFor((d.retryBaseMs ?? 1000) * 2 ** (attempt - 1), undefined, { signal })
    }
  }
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)]
}
