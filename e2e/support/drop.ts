import { crc32 } from 'node:zlib'
import type { Locator } from '@playwright/test'

/** A file as the desktop hands it to the page: a name, a type the OS guessed from the name, bytes. */
export interface DesktopFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/**
 * Drops files from the desktop onto `target`, as the browser does: a DataTransfer holding real File
 * objects, with dragenter, dragover and drop dispatched on the element under the pointer.
 */
export async function dropFiles(target: Locator, ...files: DesktopFile[]): Promise<void> {
  const data = await target.page().evaluateHandle(
    (list) => {
      const transfer = new DataTransfer()
      for (const f of list)
        transfer.items.add(
          new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType })
        )
      return transfer
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, b64: f.buffer.toString('base64') }))
  )
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer: data })
  await data.dispose()
}

/** The first bytes of a PNG that asks for width x height pixels (a decompression bomb needs no more to be refused). */
export function pngBombHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25) // length, type, 13 bytes of header, CRC
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'latin1')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  ihdr.set([1, 0, 0, 0, 0], 16)
  ihdr.writeUInt32BE(crc32(ihdr.subarray(4, 21)), 21)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)])
}
