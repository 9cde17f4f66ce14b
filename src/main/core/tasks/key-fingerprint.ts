import { createHash } from 'node:crypto'

/**
 * Which key a task was refused with (401/403), kept instead of the key itself: a paused task or
 * import resumes once its profile's key has a different fingerprint.
 */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16)
}
