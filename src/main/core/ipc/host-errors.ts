import { StudioError } from '@shared/errors'
import { withoutPaths } from '../store/file-role'

/**
 * Errors the host did not throw on purpose (Node's file system, the image library, a bug) carry
 * paths of this machine in their messages: `ENOENT: no such file or directory, open
 * '<a folder>/…'`, sharp's `Input file is missing: <a folder>/…`. Before such an error reaches the
 * page it becomes a coded StudioError whose message says what happened in words of its own, with
 * the system code kept in `details` (never the path). The raw text stays in the host's log.
 */

const FS_WORDS: Record<string, string> = {
  ENOENT: 'a file the studio needed is missing (it may have been moved or deleted)',
  EACCES: 'the studio was not allowed to read or write one of its files',
  EPERM: 'the studio was not allowed to read or write one of its files',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the disk is read-only',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EISDIR: 'a folder was found where a file was expected',
  ENOTDIR: 'a file was found where a folder was expected',
  EEXIST: 'a file already exists where the studio wanted to write',
  ELOOP: 'a link was found where a file was expected',
  EBUSY: 'a file is in use',
  EIO: 'the disk reported a read or write error'
}

/** Node's system errors: an `E…` code and the system call that failed. */
function systemCode(e: unknown): string | undefined {
  if (!(e instanceof Error)) return undefined
  const code = (e as NodeJS.ErrnoException).code
  return typeof code === 'string' &&
    /^E[A-Z0-9]+$/.test(code) &&
    typeof (e as NodeJS.ErrnoException).syscall === 'string'
    ? code
    : undefined
}

// sharp (libvips) speaks in these forms: `Input file is missing: <path>`, `Input file contains
// unsupported image format`, `Input buffer has corrupt header`, `Input image exceeds pixel limit`,
// `VipsJpeg: …`, `pngload: …`, `vips_…`.
const SHARP_MISSING = /^Input file is missing\b/
const SHARP_DECODE =
  /^(Input (file|buffer|image)\b|Vips[A-Za-z]*:|vips_|[a-z]+(load|save)(_[a-z]+)?:|Image to composite\b|Expected\b.*\bfor\b)/

/** A coded error, without paths, for anything thrown; a StudioError keeps its code with its message cleaned. */
export function fromRawError(e: unknown): StudioError {
  if (e instanceof StudioError) {
    const message = withoutPaths(e.message)
    return message === e.message
      ? e
      : new StudioError(e.code, message, {
          status: e.status,
          retryable: e.retryable,
          field: e.field,
          details: e.details,
          cause: e
        })
  }
  const sys = systemCode(e)
  if (sys) {
    const words = FS_WORDS[sys] ?? 'a file operation failed'
    return new StudioError('STORAGE', `The studio could not complete a file operation: ${words} (${sys}).`, {
      details: { cause: sys },
      cause: e
    })
  }
  const message = e instanceof Error ? e.message : String(e)
  if (SHARP_MISSING.test(message)) {
    return new StudioError(
      'STORAGE',
      'The studio could not complete a file operation: an image file it needed is missing (it may have been moved or deleted).',
      {
        details: { cause: 'image-missing' },
        cause: e
      }
    )
  }
  if (SHARP_DECODE.test(message)) {
    return new StudioError(
      'INTERNAL',
      'The image library could not read an image (it may be damaged or of a kind the studio does not read).',
      {
        details: { cause: 'image-unreadable' },
        cause: e
      }
    )
  }
  return new StudioError('INTERNAL', `Internal error in the studio host: ${withoutPaths(message)}`, { cause: e })
}

/** The raw text of an error for the host's own log (paths kept: the log stays on this machine). */
export function rawText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
