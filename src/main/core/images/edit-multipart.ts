import { randomBytes } from 'node:crypto'
import { open, stat, type FileHandle } from 'node:fs/promises'
import { registerBodyWriter } from '../gateway/node-upload'
import type { CheckedEdit, LibraryCopies } from './edit-inputs'
import type { GalleryStore } from './gallery-store'

/**
 * The edit's multipart body (GATEWAY.md §6: one `image` file, `mask` file, text fields as given),
 * streamed from the library copies in 1 MB reads with its exact Content-Length (PERFORMANCE B2).
 * Hand-written rather than FormData: Node's FormData sends a file through fs.openAsBlob's stream,
 * whose small reads made a 50 MB upload about twice as slow as a plain streamed PUT; here each pull
 * of the request body is one 1 MB read from the file's handle, and memory stays at a few chunks.
 *
 * The body can be sent two ways. As a web ReadableStream (any fetch: Electron's net.fetch), each
 * read gets a fresh buffer, since nothing says when the fetch is done with a chunk. Or written to a
 * Node Writable by its registered body writer (the node:http upload, gateway/node-upload.ts), which
 * reads into two buffers used in turn, each refilled only after the socket has taken it: a fresh
 * 1 MB buffer per read cost the first uploads of a session page faults and GCs (B2).
 */

const READ_CHUNK = 1 << 20

export interface MultipartFile {
  field: string
  path: string
  filename: string
  contentType: string
}

export interface StreamedBody {
  body: ReadableStream<Uint8Array>
  headers: Record<string, string>
  length: number
}

/** As browsers and undici's FormData encode names: quotes and line breaks percent-escaped. */
function escapeName(name: string): string {
  return name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')
}

/** Text values with line breaks normalised to CRLF, as FormData does. */
function normalizeValue(value: string): string {
  return value.replace(/\r\n|\r|\n/g, '\r\n')
}

export async function streamedMultipart(
  fields: ReadonlyArray<readonly [string, string]>,
  files: readonly MultipartFile[]
): Promise<StreamedBody> {
  const boundary = `----StudioFormBoundary${randomBytes(16).toString('hex')}`
  const text = fields.map(([k, v]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(k)}"\r\n\r\n${normalizeValue(v)}\r\n`,
      'utf8'
    )
  )
  const parts: Array<{ head: Buffer; path: string; size: number }> = []
  for (const f of files) {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(f.field)}"; filename="${escapeName(f.filename)}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      'utf8'
    )
    parts.push({ head, path: f.path, size: (await stat(f.path)).size })
  }
  const crlf = Buffer.from('\r\n')
  const tail = Buffer.from(`--${boundary}--\r\n`)
  const length =
    text.reduce((n, b) => n + b.length, 0) +
    parts.reduce((n, p) => n + p.head.length + p.size + crlf.length, 0) +
    tail.length

  // The body as a queue of steps: fixed bytes, or a file read in READ_CHUNK pieces straight from
  // its handle (one read per pull, no stream or generator layers in between).
  const steps: Array<Uint8Array | { path: string; size: number }> = [Buffer.concat(text)]
  for (const p of parts) steps.push(p.head, { path: p.path, size: p.size }, crlf)
  steps.push(tail)
  let file: { handle: FileHandle; size: number; sent: number } | null = null
  const closeFile = async () => {
    const f = file
    file = null
    await f?.handle.close()
  }
  /** The next piece of the body, or null at its end; file bytes are read into `into` when given. */
  const next = async (into?: Buffer): Promise<Uint8Array | null> => {
    for (;;) {
      if (!file) {
        const step = steps.shift()
        if (step === undefined) return null
        if (step instanceof Uint8Array) return step
        file = { handle: await open(step.path, 'r'), size: step.size, sent: 0 }
      }
      const f = file
      const remaining = f.size - f.sent
      // One byte past the declared end is asked for too, so a file that grew is noticed.
      const want = Math.min(READ_CHUNK, remaining + 1)
      const buf = into && into.length >= want ? into.subarray(0, want) : Buffer.allocUnsafe(want)
      const { bytesRead } = await f.handle.read(buf, 0, buf.length, f.sent)
      // The declared length is a promise to the server: a file that changed size ends the request instead.
      if (bytesRead > remaining || (bytesRead === 0 && remaining > 0)) {
        const what = bytesRead > remaining ? `more than the ${f.size} bytes declared` : `${f.sent} of ${f.size} bytes`
        throw new Error(`An edit input changed size while it was being sent (${what})`)
      }
      if (bytesRead === 0) {
        await closeFile()
        continue
      }
      f.sent += bytesRead
      return bytesRead === buf.length ? buf : buf.subarray(0, bytesRead)
    }
  }
  // Sent once, by one of the two ways; the other then fails instead of reading the same files.
  let sentBy: 'stream' | 'writer' | null = null
  const claim = (way: 'stream' | 'writer') => {
    if (sentBy !== null && sentBy !== way) throw new Error('An edit body can be sent only once')
    sentBy = way
  }
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          claim('stream')
          const piece = await next()
          if (piece) controller.enqueue(piece)
          else controller.close()
        } catch (e) {
          await closeFile().catch(() => {})
          controller.error(e)
        }
      },
      async cancel() {
        await closeFile()
      }
    },
    // No read-ahead: nothing is read until a fetch asks, so the body can still go to writeTo instead.
    { highWaterMark: 0 }
  )
  registerBodyWriter(body, async (out, signal) => {
    if (sentBy !== null) throw new Error('An edit body can be sent only once')
    claim('writer')
    // Two buffers in turn: one being read into while the socket still holds the other.
    const ring = [Buffer.allocUnsafeSlow(READ_CHUNK), Buffer.allocUnsafeSlow(READ_CHUNK)]
    const taken: Array<Promise<void>> = [Promise.resolve(), Promise.resolve()]
    try {
      for (let i = 0; ; i = 1 - i) {
        await taken[i]
        signal?.throwIfAborted()
        const piece = await next(ring[i])
        if (!piece) break
        taken[i] = new Promise<void>((resolve, reject) => {
          out.write(piece, (e?: Error | null) => (e ? reject(e) : resolve()))
        })
        // A failed write rejects its promise; awaited on this buffer's next turn or at the end.
        taken[i].catch(() => {})
      }
      await Promise.all(taken)
    } finally {
      await closeFile().catch(() => {})
    }
  })
  return {
    body,
    length,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(length) }
  }
}

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const

/** The edit's body from the library copies: the text fields, then `image`, then `mask` when there is one. */
export function buildEditBody(
  fields: ReadonlyArray<readonly [string, string]>,
  checked: CheckedEdit,
  copies: LibraryCopies,
  gallery: Pick<GalleryStore, 'pathOf'>
): Promise<StreamedBody> {
  const files: MultipartFile[] = [
    {
      field: 'image',
      path: gallery.pathOf(copies.sourceFile),
      filename: checked.source.uploadName,
      contentType: MIME[checked.source.format]
    }
  ]
  if (checked.mask && copies.maskFile)
    files.push({
      field: 'mask',
      path: gallery.pathOf(copies.maskFile),
      filename: checked.mask.uploadName,
      contentType: 'image/png'
    })
  return streamedMultipart(fields, files)
}
