import { randomBytes } from 'node:crypto'

/**
 * Grant and media ids are capabilities: whoever knows one can use the file behind it. 128 random
 * bits (SECURITY.md D2) in base64url make them unguessable, and the fixed shape lets every
 * lookup refuse paths, traversal strings and other junk before touching a table.
 */
const OPAQUE_ID = /^[A-Za-z0-9_-]{22}$/

export function newOpaqueId(): string {
  return randomBytes(16).toString('base64url')
}

export function isOpaqueId(value: unknown): value is string {
  return typeof value === 'string' && OPAQUE_ID.test(value)
}
