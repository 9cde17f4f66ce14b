import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { z } from 'zod'
import { UPLOAD_CHANNELS } from '@shared/contract'
import type { Disposer } from '@shared/contract-kit'
import type { Result } from '@shared/errors'
import type { UploadBody, UploadDispatch } from '../core/ipc/upload-dispatcher'
import { senderRefusal, type SenderPolicy } from './ipc'

/** What the preload sends (preload/index.ts): the path behind a real File, or a blob's bytes. */
const Envelope = z.union([
  z.strictObject({ path: z.string().min(1).max(32_768), meta: z.unknown() }),
  z.strictObject({ bytes: z.instanceof(Uint8Array), meta: z.unknown() })
])

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
      const parsed = Envelope.safeParse(input)
      if (!parsed.success) return refusal('INVALID_INPUT', 'The upload did not carry a file')
      const body: UploadBody = 'path' in parsed.data ? { kind: 'path', path: parsed.data.path } : { kind: 'bytes', bytes: parsed.data.bytes }
      return upload(channel, body, parsed.data.meta, { shell: 'electron' })
    })
  }
  return () => {
    for (const channel of UPLOAD_CHANNELS) ipcMain.removeHandler(channel)
  }
}
