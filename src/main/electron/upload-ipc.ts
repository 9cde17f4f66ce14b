import type { IpcMain, IpcMainInvokeEvent } from 'electron'
// Names only (no zod, no schemas): this module is on the start path before the window (T2).
import { UPLOAD_CHANNEL_NAMES as UPLOAD_CHANNELS } from '@shared/channel-names'
import type { Disposer } from '@shared/contract-kit'
import type { Result } from '@shared/errors'
import type { UploadBody, UploadDispatch } from '../core/ipc/upload-dispatcher'
import { senderRefusal, type SenderPolicy } from './ipc'

/**
 * What the preload sends (preload/index.ts): the path behind a real File, or a blob's bytes, plus
 * the meta the core's upload dispatcher parses. Checked by hand (exactly these keys, one of path or
 * bytes) so zod is not loaded before the window opens (T2).
 */
type Envelope = { path: string; meta: unknown } | { bytes: Uint8Array; meta: unknown }

const MAX_PATH = 32_768

function parseEnvelope(input: unknown): Envelope | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const proto: unknown = Object.getPrototypeOf(input)
  if (proto !== Object.prototype && proto !== null) return null
  const keys = Object.keys(input)
  const o = input as Record<string, unknown>
  if (keys.includes('path')) {
    if (!keys.every((k) => k === 'path' || k === 'meta')) return null
    const path = o.path
    if (typeof path !== 'string' || path.length < 1 || path.length > MAX_PATH) return null
    return { path, meta: o.meta }
  }
  if (keys.includes('bytes')) {
    if (!keys.every((k) => k === 'bytes' || k === 'meta')) return null
    const bytes = o.bytes
    if (!(bytes instanceof Uint8Array)) return null
    return { bytes, meta: o.meta }
  }
  return null
}

function refusal(code: 'FORBIDDEN_SENDER' | 'INVALID_INPUT', message: string): Result<never> {
  return { ok: false, error: { code, message, retryable: false } }
}

/**
 * Registers the upload channels on ipcMain. Same order as every invoke: the sender check first
 * (so a refused call never reaches the core), then the envelope's shape, then the core's upload
 * dispatcher, which parses the meta and validates the file itself.
 */
export function registerUploadHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  upload: UploadDispatch,
  policy: SenderPolicy,
  log: (line: string) => void = () => {}
): Disposer {
  for (const channel of UPLOAD_CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, input: unknown) => {
      const reason = senderRefusal(event, policy)
      if (reason !== null) {
        log(`refused ${channel}: ${reason}`)
        return refusal('FORBIDDEN_SENDER', `This request was refused: ${reason}`)
      }
      const parsed = parseEnvelope(input)
      if (parsed === null) return refusal('INVALID_INPUT', 'The upload did not carry a file')
      const body: UploadBody =
        'path' in parsed ? { kind: 'path', path: parsed.path } : { kind: 'bytes', bytes: parsed.bytes }
      return upload(channel, body, parsed.meta, { shell: 'electron' })
    })
  }
  return () => {
    for (const channel of UPLOAD_CHANNELS) ipcMain.removeHandler(channel)
  }
}
